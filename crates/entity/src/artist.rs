use sea_orm::entity::prelude::*;

/// One artist or band of the catalogue.
#[derive(Clone, Debug, Default, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "artists")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Stable slug from the seed catalogue (e.g. "the-beatles"); seeding upserts on it.
    #[sea_orm(unique)]
    pub external_id: String,
    pub title: String,
    /// "band" or "solo".
    pub kind: String,
    /// Year formed (band) or born (solo).
    pub year: Option<i32>,
    pub origin: Option<String>,
    /// The country it comes from, by its common English name ("United Kingdom").
    pub country: Option<String>,
    pub real_name: Option<String>,
    /// JSON array of genre names, stored as text so SQLite and PostgreSQL read it alike.
    pub genres: String,
    pub image_url: Option<String>,
    /// A smaller rendition of `image_url`, for cards and as a fallback.
    pub image_thumbnail_url: Option<String>,
    /// Where the image came from: "wikimedia" when set by the enrichment (from Commons).
    pub image_source: Option<String>,
    pub bio: Option<String>,
    pub bio_source_link: Option<String>,
    pub solo_video_link: Option<String>,
    pub spotify_link: Option<String>,
    pub apple_link: Option<String>,
    pub amazon_link: Option<String>,
    pub tidal_link: Option<String>,
    pub fun_fact: Option<String>,
    /// When the row last changed (unix seconds); none for rows older than the column.
    pub updated_at: Option<i64>,
    /// The artist's item in the open knowledge base ("Q15862"), set by the enrichment.
    pub wikidata_id: Option<String>,
    pub musicbrainz_id: Option<String>,
    /// Born (solo) or formed (band), ISO 8601 to its known precision: "1946-09-05",
    /// "1946-09" or "1946".
    pub began_on: Option<String>,
    /// The photo's credit, which its licence asks to be shown: author (plain text),
    /// licence name and link, and the file's page.
    pub image_author: Option<String>,
    pub image_license: Option<String>,
    pub image_license_url: Option<String>,
    pub image_page_url: Option<String>,
    /// When the enrichment last read this artist (unix seconds).
    pub enriched_at: Option<i64>,
    /// Died (solo) or dissolved (band), ISO 8601 to its known precision, as `began_on`.
    pub ended_on: Option<String>,
    /// Other names the artist is known by: a JSON array of names, as `genres` is.
    pub aliases: Option<String>,
    /// A short description that tells it apart ("English rock band").
    pub description: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
