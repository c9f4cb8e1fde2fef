//! Change notifications between instances: several server processes on one
//! PostgreSQL keep in-memory reads (the catalogue snapshot, content lists) and a render
//! cache. Whoever changes the data those hold (an import, an edit) announces it with
//! PostgreSQL's `NOTIFY`; every instance `LISTEN`s and at once brings its catalogue
//! snapshot up to date (patched with the rows changed since its last check: a change
//! costs its rows) and forgets its content lists. No polling, no message bus of our
//! own. On SQLite (one process) there is nothing to tell.

use std::time::Duration;

use sea_orm::sqlx::postgres::PgListener;
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection};

use crate::state::AppState;

/// The channel every instance listens on.
pub const CHANNEL: &str = "sound_atlas_changes";

/// Tells every instance on this database that catalogue or content rows changed.
pub async fn announce(db: &DatabaseConnection) -> Result<(), sea_orm::DbErr> {
    if db.get_database_backend() == DatabaseBackend::Postgres {
        db.execute_unprepared(&format!("NOTIFY {CHANNEL}")).await?;
    }
    Ok(())
}

/// Brings this instance's copies of shared data up to date: the catalogue snapshot is
/// checked now (the old one serves until its successor is ready), the content lists are
/// read again, and pages render from the new data (the render cache is keyed by the
/// data; it is emptied too so the old pages stop taking room).
pub async fn forget_copies(state: &AppState) {
    state.catalog.check_in_background();
    state.content.invalidate().await;
    state.renderer.clear_cache();
}

/// Listens on [`CHANNEL`] over its own connection until aborted; reconnects after a lost
/// connection and then forgets everything (notifications sent meanwhile were missed).
pub fn spawn_listener(url: &str, state: AppState) -> tokio::task::JoinHandle<()> {
    let url = url.to_owned();
    tokio::spawn(async move {
        let mut first = true;
        loop {
            match listen(&url).await {
                Ok(mut listener) => {
                    if !first {
                        forget_copies(&state).await;
                    }
                    first = false;
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(_)) => forget_copies(&state).await,
                            // The connection was lost (sqlx reconnects on the next call).
                            Ok(None) => forget_copies(&state).await,
                            Err(err) => {
                                tracing::warn!(%err, "change notifications: listener failed");
                                break;
                            }
                        }
                    }
                }
                Err(err) => tracing::warn!(%err, "change notifications: cannot listen yet"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    })
}

async fn listen(url: &str) -> Result<PgListener, sea_orm::sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}
