use sea_orm::entity::prelude::*;

/// An address or a browser a user has signed in from: a SHA-256 of its key (an address's
/// rate-limit key, or the browser's random device id), never the key itself.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "known_clients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    /// With `user_id`, unique.
    pub key_hash: String,
    /// Unix seconds of the latest sign-in from it.
    pub last_seen: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
