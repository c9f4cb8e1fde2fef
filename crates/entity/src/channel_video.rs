use sea_orm::entity::prelude::*;

/// A video of a channel as last seen: the seed, an import, or the video service's
/// answer kept so that a later failure of the service still has something to show.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "channel_videos")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// "site" for the product's own channel, else the artist channel's key
    /// (e.g. "@coldplay" or a "UC..." channel id). Unique with `video_id`.
    pub channel: String,
    /// The 11-character video id.
    pub video_id: String,
    pub title: String,
    pub description: String,
    pub thumbnail: Option<String>,
    pub url: String,
    /// RFC 3339 timestamp.
    pub published_at: String,
    pub view_count: Option<i64>,
    /// ISO 8601 duration as the service gives it (e.g. "PT4M13S").
    pub duration: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
