//! The content crate's integration tests, one binary: reads and the API, imports, and
//! the video service's cache, on SQLite and PostgreSQL.

mod further_reading;
mod import;
mod reads;
mod support;
mod videos;
