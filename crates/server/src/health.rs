//! The database's health as this process sees it: a monitor pings the database every
//! [`MONITOR_INTERVAL`] over its own connection, and the server's draining state after
//! SIGTERM. Read by the readiness answer and the fast-503 layer (crate::ops).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sea_orm::DatabaseConnection;
use tokio::sync::watch;

/// How long a health check waits for the database before calling it down.
pub const DATABASE_CHECK_TIMEOUT: Duration = Duration::from_millis(500);

/// Whether the database answers a ping within [`DATABASE_CHECK_TIMEOUT`].
pub async fn database_up(db: &DatabaseConnection) -> bool {
    matches!(
        tokio::time::timeout(DATABASE_CHECK_TIMEOUT, db.ping()).await,
        Ok(Ok(()))
    )
}

/// How often the monitor pings the database.
pub const MONITOR_INTERVAL: Duration = Duration::from_millis(250);

/// The database's state as the monitor last saw it, and whether the server is draining.
/// Without a running monitor the database counts as up (tests that need none).
#[derive(Clone)]
pub struct Health {
    up: Arc<watch::Sender<bool>>,
    draining: Arc<AtomicBool>,
}

impl Default for Health {
    fn default() -> Self {
        Health {
            up: Arc::new(watch::Sender::new(true)),
            draining: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl Health {
    pub fn database_up(&self) -> bool {
        *self.up.borrow()
    }

    /// The monitor's verdicts as they change (true: up).
    pub fn watch(&self) -> watch::Receiver<bool> {
        self.up.subscribe()
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// From now on `/readyz` answers 503 (a load balancer stops sending new requests).
    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    /// Pings the database every [`MONITOR_INTERVAL`] (each ping bounded by
    /// [`DATABASE_CHECK_TIMEOUT`]) over its own connection (so a busy pool never looks
    /// like a dead database) and records the transitions; runs until aborted.
    /// Only for a database over the network: an SQLite file has no network to lose.
    pub fn spawn_monitor(&self, url: &str) -> tokio::task::JoinHandle<()> {
        let up = self.up.clone();
        let mut options = sea_orm::ConnectOptions::new(url.to_owned());
        options
            .max_connections(1)
            .min_connections(0)
            .connect_timeout(DATABASE_CHECK_TIMEOUT)
            .acquire_timeout(DATABASE_CHECK_TIMEOUT)
            .sqlx_logging(false);
        tokio::spawn(async move {
            let mut db: Option<DatabaseConnection> = None;
            let mut interval = tokio::time::interval(MONITOR_INTERVAL);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                if db.is_none() {
                    db = tokio::time::timeout(
                        DATABASE_CHECK_TIMEOUT,
                        sea_orm::Database::connect(options.clone()),
                    )
                    .await
                    .ok()
                    .and_then(Result::ok);
                }
                let now_up = match &db {
                    Some(conn) => database_up(conn).await,
                    None => false,
                };
                if !now_up {
                    // A cut or stalled connection is not reused: the next tick dials anew.
                    db = None;
                }
                if now_up != *up.borrow() {
                    if now_up {
                        tracing::info!("database reachable again");
                    } else {
                        tracing::error!("database unreachable: answering 503 until it is back");
                    }
                    up.send_replace(now_up);
                }
            }
        })
    }
}
