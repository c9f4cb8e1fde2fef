//! The catalogue crate's integration tests, one binary: reads, the country and decade lists, the quiz, the seed's
//! content and the share pictures, on SQLite and PostgreSQL.

mod facets;
mod patches;
mod quiz;
mod reads;
mod seed_content;
mod share_picture;
