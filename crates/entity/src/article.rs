use sea_orm::entity::prelude::*;

/// An editorial article.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "articles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Stable key for seeds and imports (a slug); re-imports update on it.
    #[sea_orm(unique)]
    pub external_id: String,
    pub title: String,
    pub summary: String,
    /// ISO date (YYYY-MM-DD).
    pub date: String,
    /// One of "Artist Spotlight", "News & Updates", "Equipment & Gear", "General".
    pub category: String,
    /// Paragraphs separated by '|'; may hold <b>/<strong> and URLs.
    pub content: String,
    /// Comma-separated.
    pub tags: String,
    pub featured_image: Option<String>,
    pub featured_image_caption: Option<String>,
    /// The image's author and licence, as its licence asks them shown (the same for each image).
    pub featured_image_credit: Option<String>,
    pub image1: Option<String>,
    pub image1_caption: Option<String>,
    pub image1_credit: Option<String>,
    pub image2: Option<String>,
    pub image2_caption: Option<String>,
    pub image2_credit: Option<String>,
    /// An 11-character video id.
    pub youtube_video: Option<String>,
    pub product1_name: Option<String>,
    pub product1_link: Option<String>,
    pub product1_image: Option<String>,
    pub product2_name: Option<String>,
    pub product2_link: Option<String>,
    pub product2_image: Option<String>,
    pub product3_name: Option<String>,
    pub product3_link: Option<String>,
    pub product3_image: Option<String>,
    /// When the row last changed (unix seconds); none for rows older than the column.
    pub updated_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
