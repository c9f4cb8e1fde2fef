use sea_orm::entity::prelude::*;

/// Where an enriched field of an artist came from and when it was read. A field with
/// a value but no row here was set by the seed or an import, which the enrichment
/// leaves alone unless forced.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "artist_field_sources")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub artist_id: i32,
    /// The field, as the catalogue's `write::Field` names it: a column of `artists`
    /// ("spotify_link", "image") or a list ("albums", "members").
    #[sea_orm(primary_key, auto_increment = false)]
    pub field: String,
    /// The service, as `write::Source` names it: "wikidata", "musicbrainz", "commons" or
    /// "wikipedia".
    pub source: String,
    /// Unix seconds.
    pub retrieved_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
