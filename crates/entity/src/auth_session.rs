use sea_orm::entity::prelude::*;

/// A browser session (tower-sessions record). `user_id` is copied out of the data so
/// all of a user's sessions can be ended at once.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: Option<i32>,
    /// The session's key/value data as JSON text.
    #[sea_orm(column_type = "Text")]
    pub data: String,
    pub expires_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
