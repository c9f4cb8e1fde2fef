use sea_orm::entity::prelude::*;

/// A music video in a user's favorites, with what is needed to show it without asking
/// the video service again. Unique per (user, artist, video, folder_key).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "video_favorites")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub artist_id: i32,
    /// The video service's 11-character id.
    pub video_id: String,
    pub folder_id: Option<i32>,
    /// `folder_id` or 0: the non-null column of the unique key.
    pub folder_key: i32,
    pub title: String,
    pub description: String,
    pub thumbnail: String,
    pub url: String,
    pub artist_name: String,
    pub published_at: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
