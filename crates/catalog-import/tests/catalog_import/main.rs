//! The catalogue import's integration tests, one binary: the artist import, the open
//! data dumps and query service, and the enrichment, on SQLite and PostgreSQL.

mod enrich;
mod genres;
mod import;
mod one_writer;
mod open_data;
mod wikidata_dump;

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use sound_atlas_catalog::write::{Source, Sourced};
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_entity::artist;
use sound_atlas_import::Report;
use sound_atlas_test_db::TestDb;

/// A value as an editor's sheet gives it (the catalogue's own, as the seed's is).
pub fn sheet<T>(value: impl Into<T>) -> Option<Sourced<T>> {
    Some(Source::Sheet.of(value.into()))
}

/// Imports the knowledge base's dump `file` (`dry_run`: counted, nothing written).
pub async fn wikidata_dump(db: &TestDb, file: String, dry_run: bool) -> Report {
    cli::import(&db.conn, Import::WikidataDump { file, dry_run })
        .await
        .expect("the import runs")
}

/// The artist of the knowledge-base item `item`.
pub async fn by_item(db: &TestDb, item: &str) -> artist::Model {
    artist::Entity::find()
        .filter(artist::Column::WikidataId.eq(item))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("no artist for {item}"))
}
