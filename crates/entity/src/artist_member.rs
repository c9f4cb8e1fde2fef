use sea_orm::entity::prelude::*;

/// One spell of a person in a band (a member who left and came back has two).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "artist_members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The band.
    pub artist_id: i32,
    pub name: String,
    /// The language of `name` when it is not English ("ja"); none for English or a
    /// name that reads alike in every language.
    pub name_language: Option<String>,
    pub begin_year: Option<i32>,
    /// "year", "decade" or "century": how precisely `begin_year` is known.
    pub begin_precision: String,
    pub end_year: Option<i32>,
    pub end_precision: String,
    /// Whether the spell is over (an end year may be unknown even so).
    pub ended: bool,
    /// JSON array of roles and instruments ("lead vocals", "guitar").
    pub roles: String,
    pub position: i32,
    /// Who the member is in the knowledge base ("Q2599") and in MusicBrainz, where known:
    /// a member with a page of their own is linked to it.
    pub wikidata_id: Option<String>,
    pub musicbrainz_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
