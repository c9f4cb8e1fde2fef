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
//! The server mounts [`router`] under `/api`.

pub mod api;
pub mod store;

use sea_orm::DatabaseConnection;
use sound_atlas_catalog::Catalog;

pub use api::router;
pub use store::{export, LibraryExport};

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
