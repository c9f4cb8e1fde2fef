use sea_orm::entity::prelude::*;

/// One place of the Weekly Top 10. An import replaces the whole chart.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "weekly_top_ten")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// 1 to 10, unique.
    #[sea_orm(unique)]
    pub rank: i32,
    pub song_name: String,
    pub artist: String,
    /// A video URL; absent until an importer or editor supplies a verified one.
    pub youtube_link: Option<String>,
    pub amazon_link: Option<String>,
    pub thumbnail_url: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
