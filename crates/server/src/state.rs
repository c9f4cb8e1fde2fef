//! The state every handler shares. A leaf of the crate: it knows the features' services
//! and the renderer, and nothing of the pages.

use axum::extract::FromRef;
use sea_orm::DatabaseConnection;
use sound_atlas_catalog::Catalog;
use sound_atlas_ssr::{SsrConfig, SsrPool};

use crate::bundle::{Manifest, Site, SERVER_BUNDLE};
use crate::config::Config;
use crate::render::Renderer;

/// Shared by all handlers. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub catalog: Catalog,
    pub renderer: Renderer,
}

impl FromRef<AppState> for Catalog {
    fn from_ref(state: &AppState) -> Catalog {
        state.catalog.clone()
    }
}

impl AppState {
    /// Opens the database (migrated and seeded) and starts the render pool.
    pub async fn start(config: &Config) -> Result<AppState, Box<dyn std::error::Error>> {
        let mut ssr_config = SsrConfig {
            // Healthy sooner: one engine serves while the others load the bundle.
            serve_when_first_ready: true,
            ..SsrConfig::default()
        };
        if let Some(workers) = config.ssr_workers {
            ssr_config.workers = workers;
        }
        // The engine loads the bundle while the database migrates and seeds.
        let ssr = tokio::task::spawn_blocking(move || SsrPool::start(SERVER_BUNDLE, ssr_config));
        let db = crate::db::connect(config).await?;
        let ssr = ssr.await??;
        Ok(AppState::new(db, ssr, config.public_url.clone()))
    }

    /// State over an open (migrated) database and a running render pool.
    pub fn new(db: DatabaseConnection, ssr: SsrPool, public_url: String) -> AppState {
        let site = Site {
            public_url,
            manifest: Manifest::embedded(),
        };
        AppState {
            catalog: Catalog::new(db),
            renderer: Renderer::new(ssr, site),
        }
    }
}
