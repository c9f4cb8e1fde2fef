//! The public catalogue of artists and bands, as it is served. Its batch jobs (the
//! importers and the enrichment) are `sound_atlas_catalog_import`.
//!
//! - `built_sql`: the SQL of the hot reads, built once per backend and shape.
//! - `artist_lists`: an artist's albums and members' spells as stored, and the photo
//!   with its credit: what the writer writes and the artist page reads back.
//! - `enrichment`: what the open music data sources said about artists: the lists and
//!   the provenance read back for the artist page.
//! - `model`: the JSON shapes of the API (defined in the route contract) from database rows.
//! - `params`: request values (artist id, search query, page) parsed once at the edge.
//! - `seed`: the catalogue shipped in `assets/seed/`, loaded on first start.
//! - `store`: reads from the database, served from an in-memory snapshot;
//!   `snapshot_file`: that snapshot kept on disk, loaded on the first read after a start.
//! - `genres`: the genres and the slugs of their pages; the writer's `genre_rows`: the
//!   genres as stored, which it resolves every source's genre to (by item, else by name).
//! - `facets`: the countries and decades artists are listed by, and their pages' slugs.
//! - `search`: ranked, typo-tolerant search over titles and genres.
//! - `reads`: one function per catalogue read: the API's, shared by `/api` handlers and
//!   page prefetch, and the crawler files' (sitemap entries, letters' change times).
//! - `quiz`: the facts the music quiz is generated from, sampled per seed.
//! - `api`: the axum routes under `/api/artists` and `/api/quiz`.
//! - `write`: the one writer of artists: the seed, every importer and the enrichment
//!   describe an artist field by field with its source, and it sets the columns and
//!   records the provenance.
//! - `share_picture`: an artist's share picture (`/og/artist/{id}.jpg`).

pub mod api;
pub mod artist_lists;
mod built_sql;
mod details;
pub mod enrichment;
pub mod facets;
pub mod genres;
pub mod model;
pub mod params;
pub mod positions;
pub mod quiz;
pub mod reads;
pub mod search;
pub mod seed;
pub mod share_picture;
pub mod snapshot_file;
mod stable_hash;
pub mod store;
pub mod write;

pub use model::{
    Artist, ArtistDetails, ArtistKind, ArtistListPage, ArtistSummary, BrowsePage, Country, Facet,
    FacetPage, Genre, GenrePage, Letter, Neighbors, SearchPage,
};
pub use params::{
    ArtistId, BrowseRequest, GenreSlug, ListCursor, ListRequest, PageNumber, PageRequest,
    SearchCardsRequest, SearchQuery, SearchRequest,
};
pub use quiz::QuizSeed;
pub use store::Catalog;
