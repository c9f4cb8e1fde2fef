use sea_orm::entity::prelude::*;

/// One entry of Brand New Songs.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "new_songs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Stable key for imports (e.g. "sabrina-carpenter-espresso"); re-imports update on it.
    #[sea_orm(unique)]
    pub external_id: String,
    pub song_name: String,
    pub artist_name: String,
    pub thumbnail: Option<String>,
    /// An 11-character video id, when known.
    pub video_id: Option<String>,
    pub amazon_link: Option<String>,
    /// ISO date (YYYY-MM-DD); newest first.
    pub release_date: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
