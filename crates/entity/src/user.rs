use sea_orm::entity::prelude::*;

/// A person with an account. Times are Unix seconds (read alike on SQLite and PostgreSQL).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The address as the person typed it (trimmed).
    pub email: String,
    /// `email` lower-cased: the unique key, so addresses match case-insensitively.
    #[sea_orm(unique)]
    pub email_key: String,
    /// PHC string (argon2id). None for accounts created through an identity provider.
    pub password_hash: Option<String>,
    /// When the address was proven (confirmation link, emailed code, or provider).
    pub confirmed_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
