use sea_orm::entity::prelude::*;

/// A studio album of an artist, as the enrichment read it (MusicBrainz release groups).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "artist_albums")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub artist_id: i32,
    pub title: String,
    /// Year of first release.
    pub year: Option<i32>,
    pub musicbrainz_id: Option<String>,
    /// Order on the page (by year, then title).
    pub position: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
