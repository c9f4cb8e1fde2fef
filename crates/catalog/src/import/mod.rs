//! Artists from outside the site: the artist importer (the public-spreadsheet query
//! format or CSV), the open catalogue's (`open_data`: the knowledge base's entity dump
//! or query service, MusicBrainz's artist dump, read by `dump`) and the enrichment from the open music data sources, with the
//! encyclopedia's summaries for artists without a biography. What every importer
//! shares (reading a source, reports, the polite client) is `sound_atlas_import`.

pub mod artists;
pub mod dump;
pub mod enrich;
pub mod links;
pub mod musicbrainz_dump;
pub mod open_data;
pub mod sparql;
pub mod wiki;
pub mod wikidata_dump;
