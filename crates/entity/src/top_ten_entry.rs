use sea_orm::entity::prelude::*;

/// One place of a week's Top 10. An import adds or replaces one week; past weeks stay.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "top_ten_places")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The first day of the chart week (YYYY-MM-DD); with `rank`, unique.
    pub week_of: String,
    /// Whose list it is (a chart's name, or who picked the songs).
    pub source: String,
    /// An editors' selection, not a measured chart.
    pub picks: bool,
    /// 1 to 10.
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
