//! Accounts, sessions and privacy: sign-up with an emailed confirmation link, sign-in by
//! password or emailed code, password recovery, the current user, data export and account
//! deletion. Sessions are tower-sessions records in the database (`store`), so several
//! server instances share them.
//!
//! The server mounts [`router`] under `/api` and wraps the whole app in
//! [`Accounts::session_layer`].

pub mod api;
pub mod config;
pub mod http;
pub mod known;
pub mod limits;
pub mod mail;
pub mod model;
pub mod oidc;
pub mod password;
pub mod session;
pub mod store;
pub mod tokens;
mod users;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

use axum::Router;
use sea_orm::DatabaseConnection;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, SessionManagerLayer};

pub use api::router;
pub use config::AccountsConfig;
pub use session::{CurrentUser, SignedIn};
pub use store::DbSessionStore;

/// What the accounts routes share. Cheap to clone.
#[derive(Clone)]
pub struct Accounts {
    inner: Arc<Inner>,
}

struct Inner {
    db: DatabaseConnection,
    config: AccountsConfig,
    mailer: mail::Mailer,
    limits: limits::Limiters,
    oidc: Option<oidc::Oidc>,
    export_rows: OnceLock<ExportRowsFn>,
}

/// What other features keep for a user, added to the data export. Accounts never reads
/// another feature's tables: the server composes the library's rows in
/// ([`Accounts::provide_export_rows`]).
#[derive(Debug, Default)]
pub struct ExportRows {
    pub favorites: Vec<serde_json::Value>,
    pub folders: Vec<serde_json::Value>,
    pub video_favorites: Vec<serde_json::Value>,
}

/// Reads a user's [`ExportRows`] by user id.
pub type ExportRowsFn = Arc<
    dyn Fn(
            &sound_atlas_entity::user::Model,
        ) -> Pin<Box<dyn Future<Output = sound_atlas_web::ApiResult<ExportRows>> + Send>>
        + Send
        + Sync,
>;

impl Accounts {
    /// Starts the accounts feature (call inside the Tokio runtime: it starts the hourly
    /// expired-session cleanup).
    pub fn new(db: DatabaseConnection, config: AccountsConfig) -> Result<Self, String> {
        let mailer = mail::Mailer::new(&config.mail, &config.mail_from)?;
        let limits = limits::Limiters::new(&config.limits, &db);
        let oidc = config
            .oidc
            .clone()
            .map(|oidc| oidc::Oidc::new(oidc, &config.public_url))
            .transpose()?;
        password::warm_up();
        // Expired sessions are never loaded, full rate-limit buckets are the same as no
        // row; this only keeps the tables small.
        let cleanup_db = db.clone();
        tokio::spawn(async move {
            let hour = std::time::Duration::from_secs(3600);
            let mut every_hour = tokio::time::interval_at(tokio::time::Instant::now() + hour, hour);
            loop {
                every_hour.tick().await;
                if let Err(err) = store::delete_expired(&cleanup_db).await {
                    tracing::warn!(%err, "deleting expired sessions");
                }
                if let Err(err) = limits::delete_full_buckets(&cleanup_db).await {
                    tracing::warn!(%err, "deleting spent rate-limit rows");
                }
            }
        });
        Ok(Accounts {
            inner: Arc::new(Inner {
                db,
                config,
                mailer,
                limits,
                oidc,
                export_rows: OnceLock::new(),
            }),
        })
    }

    pub fn db(&self) -> &DatabaseConnection {
        &self.inner.db
    }

    pub fn config(&self) -> &AccountsConfig {
        &self.inner.config
    }

    pub fn mailer(&self) -> &mail::Mailer {
        &self.inner.mailer
    }

    /// Sets where the data export reads the user's rows of other features (once, at
    /// start-up; later calls are ignored).
    pub fn provide_export_rows(&self, rows: ExportRowsFn) {
        let _ = self.inner.export_rows.set(rows);
    }

    /// The user's rows of other features, for the data export (none when not provided).
    pub(crate) async fn export_rows(
        &self,
        user: &sound_atlas_entity::user::Model,
    ) -> sound_atlas_web::ApiResult<ExportRows> {
        match self.inner.export_rows.get() {
            Some(rows) => rows(user).await,
            None => Ok(ExportRows::default()),
        }
    }

    pub(crate) fn oidc(&self) -> Option<&oidc::Oidc> {
        self.inner.oidc.as_ref()
    }

    pub(crate) fn limits(&self) -> &limits::Limiters {
        &self.inner.limits
    }

    /// The session layer for the whole app: database store, HttpOnly, SameSite=Lax,
    /// Secure and `__Host-` prefixed over HTTPS. The store enforces (and rolls) the idle
    /// timeout; the cookie lives as long as the absolute timeout, past which `CurrentUser`
    /// ends the session anyway. Requests that never ask who is signed in (static files)
    /// neither read nor write the session.
    pub fn session_layer(&self) -> SessionManagerLayer<DbSessionStore> {
        let config = self.config();
        let max_age =
            time::Duration::try_from(config.absolute_timeout).unwrap_or(time::Duration::WEEK);
        SessionManagerLayer::new(DbSessionStore::new(self.db().clone(), config.idle_timeout))
            .with_name(config.cookie_name())
            .with_http_only(true)
            .with_same_site(SameSite::Lax)
            .with_secure(config.https())
            .with_path("/")
            // Signed-out visitors have empty sessions, which are never stored.
            .with_expiry(Expiry::OnInactivity(max_age))
    }
}

/// A router with the accounts routes over `Accounts` alone (tests, tools).
pub fn standalone(accounts: Accounts) -> Router {
    let layer = accounts.session_layer();
    Router::new()
        .nest(
            sound_atlas_contract::operation::API_PREFIX,
            router::<Accounts>(),
        )
        .with_state(accounts)
        .layer(layer)
}

/// Now, in Unix seconds.
pub(crate) fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}
