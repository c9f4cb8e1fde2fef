//! The catalogue import's integration tests, one binary: the artist import, the open
//! data dumps and query service, and the enrichment, on SQLite and PostgreSQL.

mod enrich;
mod import;
mod open_data;
