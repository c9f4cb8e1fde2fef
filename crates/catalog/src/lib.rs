//! The public catalogue of artists and bands.
//!
//! - `model`: the JSON shapes of the API (spec section 3) and parsed request values.
//! - `seed`: the catalogue shipped in `assets/seed/`, loaded on first start.
//! - `store`: reads from the database, served from an in-memory snapshot.
//! - `search`: ranked, typo-tolerant search over titles and genres.
//! - `reads`: one function per API read, shared by `/api` handlers and page prefetch.
//! - `quiz`: the facts the music quiz is generated from, sampled per seed.
//! - `api`: the axum routes under `/api/artists` and `/api/quiz`.

pub mod api;
pub mod model;
pub mod quiz;
pub mod reads;
pub mod search;
pub mod seed;
pub mod store;

pub use model::{Artist, ArtistSummary, BrowsePage, Letter, Neighbors};
pub use store::Catalog;
