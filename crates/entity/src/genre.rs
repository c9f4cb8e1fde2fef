use sea_orm::entity::prelude::*;

/// A genre of the catalogue: the one name its pages show, the key every spelling of
/// it folds to, and its item in the open knowledge base once a source names it.
/// Artists list their genres by name (`artists.genres`); the writer resolves every
/// name or item a source gives to one of these.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "genres")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// As shown ("Punk Rock"): the catalogue's own spelling, else the first source's.
    pub name: String,
    /// The folded name ("punk-rock"; "Rock music" folds to "rock"), unique.
    pub key: String,
    /// The knowledge base's item ("Q11399"), unique where known.
    pub wikidata_id: Option<String>,
    /// Whether the name is the catalogue's own (the seed's or an editor's), which a
    /// service's spelling never replaces.
    pub own_name: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
