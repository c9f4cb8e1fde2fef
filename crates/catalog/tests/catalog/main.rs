//! The catalogue crate's integration tests, one binary (each module was its own, and
//! each relinked everything): reads, import, open data dumps, enrichment, the quiz,
//! the seed's content and the share pictures, on SQLite and PostgreSQL.

mod enrich;
mod import;
mod open_data;
mod quiz;
mod reads;
mod seed_content;
mod share_picture;
