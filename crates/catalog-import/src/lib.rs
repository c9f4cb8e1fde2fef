//! The catalogue's batch jobs, apart from what serves it: the artist importer (the
//! public-spreadsheet query format or CSV), the open catalogue's (`open_data`: the
//! knowledge base's entity dump or query service, MusicBrainz's artist dump, read by
//! `dump`) and the enrichment from the open music data sources, with the encyclopedia's
//! summaries for artists without a biography; `cli`: the subcommands that run them
//! (`sound-atlas import artists`, `enrich`). They write through the catalogue's
//! `write` and `enrichment`; what every importer shares (reading a source, reports, the
//! polite client) is `sound_atlas_import`.

pub mod artists;
pub mod checkpoint;
pub mod cli;
pub mod dump;
pub mod enrich;
pub mod links;
pub mod musicbrainz_dump;
pub mod open_data;
pub mod sparql;
pub mod wiki;
pub mod wikidata_dump;
