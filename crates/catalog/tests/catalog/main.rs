//! The catalogue crate's integration tests, one binary: reads, the quiz, the seed's
//! content and the share pictures, on SQLite and PostgreSQL.

mod quiz;
mod reads;
mod seed_content;
mod share_picture;
