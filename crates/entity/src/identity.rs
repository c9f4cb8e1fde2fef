use sea_orm::entity::prelude::*;

/// A sign-in through an OpenID Connect provider, linked to one user.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "identities")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    /// The provider's issuer URL; with `subject`, unique.
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
