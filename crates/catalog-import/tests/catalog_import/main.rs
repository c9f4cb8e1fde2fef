//! The catalogue import's integration tests, one binary: the artist import, the open
//! data dumps and query service, and the enrichment, on SQLite and PostgreSQL.

mod enrich;
mod genres;
mod import;
mod one_writer;
mod open_data;
mod wikidata_dump;

use sound_atlas_catalog::write::{Source, Sourced};

/// A value as an editor's sheet gives it (the catalogue's own, as the seed's is).
pub fn sheet<T>(value: impl Into<T>) -> Option<Sourced<T>> {
    Some(Source::Sheet.of(value.into()))
}
