//! The signed-in user's library: favorites (at the top level or in folders),
//! favorite folders and video favorites.
//!
//! Every row belongs to the session's user (`SignedIn`, never a client-sent id): another
//! user's folder or favorite answers 404 exactly like one that does not exist, so ids
//! reveal nothing. Adds are idempotent (unique keys per user, artist or video, and
//! folder; `INSERT .. ON CONFLICT DO NOTHING` then read back), so concurrent identical
//! requests make one row. Deleting a folder never loses a favorite: what it held returns
//! to the main favorites. Moves and folder deletions are one transaction each, and each
//! such transaction writes first so SQLite takes its write lock at once (a read-then-write
//! transaction could fail with "database is locked" instead of waiting).
//!
//! Artists come from the catalogue's service (`Catalog::snapshot`), never its tables.
//! The server mounts [`router`] under `/api`; its pages call the reads directly.
//!
//! One module per resource, each with its routes and its queries: `favorites`, `folders`,
//! `videos`; `export` for the data export; `ids` the ids as types (the user's from the
//! session); `rows` what they share.

pub mod export;
pub mod favorites;
pub mod folders;
pub mod ids;
mod rows;
pub mod videos;

use axum::extract::FromRef;
use axum::http::{header, HeaderValue};
use axum::middleware;
use axum::response::Response;
use axum::Router;
use sea_orm::DatabaseConnection;
use sound_atlas_accounts::Accounts;
use sound_atlas_catalog::Catalog;
use sound_atlas_web::refuse_cross_origin;

pub use export::{export, LibraryExport};
pub use ids::{FolderId, UserId};

/// Every library route. Every one needs the session's user (401 without one, 403 when
/// `x-user-id` names another).
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Library: FromRef<S>,
    Accounts: FromRef<S>,
{
    Router::new()
        .merge(favorites::routes())
        .merge(folders::routes())
        .merge(videos::routes())
        // (A video favorite with a 10,000-character description is about 40 kB of JSON.)
        .layer(axum::extract::DefaultBodyLimit::max(
            sound_atlas_web::MAX_BODY_BYTES,
        ))
        .layer(middleware::from_fn(refuse_cross_origin))
        // Personal answers: never kept by the browser's HTTP cache or a proxy.
        .layer(middleware::map_response(no_store))
}

async fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

/// What the library routes share. Cheap to clone.
#[derive(Clone)]
pub struct Library {
    db: DatabaseConnection,
    catalog: Catalog,
}

impl Library {
    pub fn new(db: DatabaseConnection, catalog: Catalog) -> Self {
        Library { db, catalog }
    }

    pub fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }
}
