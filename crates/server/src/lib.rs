//! The Sound Atlas server: configuration, startup, and the composition of the
//! features' routes with the server-rendered pages.
//!
//! A page request flows through the crate in one direction:
//!
//! ```text
//!  request ─▶ app (layers, router) ─▶ pages::<feature> (route from the contract's table)
//!                                          │ reads: the route's declared API reads,
//!                                          │        made through the /api router in
//!                                          │        process, keyed by their API paths
//!                                          ▼
//!                                  render::Renderer ─▶ engine (ssr pool) + render cache
//!                                          │           (+ prefetch audit)
//!                                          ▼
//!                                  shell (askama, from a head::Head) ─▶ response
//! ```
//!
//! Modules and what they may import (no circles): `config`, `bundle` (embedded UI
//! bundles, `Site`) and `head` are leaves; `shell` takes `head` and `bundle`; `render`
//! takes `shell`, `head` and `bundle`; `state` takes `render` and the feature services;
//! `pages` take `state`, `render` and `head`; `app` composes `state`, `pages` and
//! `static_files`.

pub mod app;
pub mod artwork;
pub mod backup;
pub mod bundle;
pub mod changes;
pub mod config;
pub mod crawler_file_times;
pub mod critical_css;
pub mod db;
pub mod encoding;
pub mod head;
pub mod health;
pub mod installable;
pub mod metrics;
pub mod ops;
pub mod pages;
pub mod render;
pub mod security;
pub mod serve;
pub mod shell;
pub mod state;
pub mod static_files;
pub mod telemetry;
pub mod video_api;
pub mod warm;

pub use app::build_app;
use config::Config;
pub use state::AppState;

/// Connects, migrates, seeds, starts the render pool and serves until Ctrl-C/SIGTERM.
///
/// Connections are served by [`serve::run`] (timeouts for slow and idle clients, a cap on
/// open connections). On the signal the listener closes, `/readyz` turns 503, and
/// requests in flight run to their end for at most `config.drain`
/// (`SOUND_ATLAS_DRAIN_SECONDS`, default 10 s);
/// then the process exits anyway. Every write answered 2xx was committed before its
/// answer, so none is lost either way.
pub async fn serve(config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let state = AppState::start(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    tracing::info!(addr = %listener.local_addr()?, public_url = %config.public_url, "serving Sound Atlas");
    // The database monitor behind fast 503s and /healthz
    let monitor = config
        .database_url
        .as_deref()
        .map(|url| state.health.spawn_monitor(url));
    // Several instances on one PostgreSQL: forget cached copies when another changes data.
    let notifications = config
        .database_url
        .as_deref()
        .filter(|url| url.starts_with("postgres"))
        .map(|url| changes::spawn_listener(url, state.clone()));
    let app = build_app(state.clone());
    // Ready (`/readyz`) once the catalogue is read: start reading it now, not at the first request.
    state.catalog.load_in_background();
    if config.warm {
        tokio::spawn(warm::run(state.clone(), app.clone()));
    }
    let (signalled_tx, signalled_rx) = tokio::sync::oneshot::channel::<()>();
    let health = state.health.clone();
    let proxies = state.accounts.config().trusted_proxies.clone();
    let server = serve::run(listener, app, config.connections, proxies, async move {
        shutdown_signal().await;
        tracing::info!("shutting down: draining requests in flight");
        health.start_draining();
        let _ = signalled_tx.send(());
    });
    let drain = config.drain;
    let drain_limit = async move {
        if signalled_rx.await.is_ok() {
            tokio::time::sleep(drain).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        () = server => {}
        () = drain_limit => tracing::warn!(?drain, "requests still in flight after the drain limit; exiting"),
    }
    for task in [monitor, notifications].into_iter().flatten() {
        task.abort();
    }
    state.db.clone().close().await.ok();
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}
