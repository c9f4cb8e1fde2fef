use sea_orm::entity::prelude::*;

/// An artist in a user's favorites: at the top level (`folder_id` None) or in a folder.
/// Unique per (user, artist, folder_key).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "favorites")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub artist_id: i32,
    pub folder_id: Option<i32>,
    /// `folder_id` or 0: the non-null column of the unique key.
    pub folder_key: i32,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
