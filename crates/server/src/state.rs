//! The state every handler shares. A leaf of the crate: it knows the features' services
//! and the renderer, and nothing of the pages.

use axum::extract::FromRef;
use sea_orm::DatabaseConnection;
use sound_atlas_catalog::Catalog;
use sound_atlas_content::Content;
use sound_atlas_ssr::{SsrConfig, SsrPool};

use crate::bundle::{Manifest, Site, SERVER_BUNDLE};
use crate::config::Config;
use crate::render::Renderer;

/// Shared by all handlers: one reference-counted [`Services`], so the several clones
/// each request makes (extractors, layers) cost one atomic increment each rather than
/// one per service. Reads and (before serving, in tests) writes go through to it.
#[derive(Clone)]
pub struct AppState(std::sync::Arc<Services>);

impl std::ops::Deref for AppState {
    type Target = Services;
    fn deref(&self) -> &Services {
        &self.0
    }
}

impl std::ops::DerefMut for AppState {
    /// For setting up a state before it serves: a state already shared is copied.
    fn deref_mut(&mut self) -> &mut Services {
        std::sync::Arc::make_mut(&mut self.0)
    }
}

#[derive(Clone)]
pub struct Services {
    pub catalog: Catalog,
    pub content: Content,
    pub renderer: Renderer,
    pub accounts: sound_atlas_accounts::Accounts,
    pub library: sound_atlas_library::Library,
    // Health checks ping it.
    pub db: DatabaseConnection,
    pub health: crate::health::Health,
    /// `SOUND_ATLAS_METRICS_TOKEN`: `/metrics` answers only with it (404 when unset).
    pub metrics_token: Option<std::sync::Arc<str>>,
    /// At most this many URLs per child sitemap: [`SITEMAP_MAX_URLS`], the sitemap
    /// protocol's limit (tests set fewer to see the artists split into several files).
    pub sitemap_urls: usize,
    /// When each of robots.txt and the sitemaps was first served with its current content.
    pub crawler_files: crate::crawler_file_times::CrawlerFileTimes,
    /// The sitemaps as built (once per change of their data).
    pub sitemaps: crate::crawler_file_times::BuiltSitemaps,
}

/// The sitemap protocol's limit of URLs per sitemap file.
pub const SITEMAP_MAX_URLS: usize = 50_000;

impl FromRef<AppState> for Catalog {
    fn from_ref(state: &AppState) -> Catalog {
        state.catalog.clone()
    }
}

impl FromRef<AppState> for Content {
    fn from_ref(state: &AppState) -> Content {
        state.content.clone()
    }
}

impl FromRef<AppState> for sound_atlas_accounts::Accounts {
    fn from_ref(state: &AppState) -> sound_atlas_accounts::Accounts {
        state.accounts.clone()
    }
}

impl FromRef<AppState> for sound_atlas_library::Library {
    fn from_ref(state: &AppState) -> sound_atlas_library::Library {
        state.library.clone()
    }
}

impl AppState {
    /// Opens the database (migrated and seeded) and starts the render pool.
    pub async fn start(config: &Config) -> Result<AppState, Box<dyn std::error::Error>> {
        // Refuse to start on bad account settings (read again in `new`).
        sound_atlas_accounts::AccountsConfig::from_env(&config.public_url)?;
        // The same for the content settings (the affiliate tag, the new-songs window).
        sound_atlas_content::ContentSettings::from_env()?;
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
        let mut state = AppState::new(db.clone(), ssr, config.public_url.clone());
        // The catalogue's snapshot is kept in the data directory: the first read after a
        // restart loads it instead of reading every artist.
        state
            .catalog
            .keep_snapshot_in(sound_atlas_catalog::snapshot_file::SnapshotFile::in_dir(
                &config.data_dir,
                config.database_url.as_deref(),
            ));
        // The video service's key and channel come from the environment (content crate).
        let videos = sound_atlas_content::VideoConfig::from_env()?;
        let settings = state.content.settings().clone();
        state.content = Content::new(db, sound_atlas_content::VideoService::new(videos), settings);
        state.metrics_token = config.metrics_token.as_deref().map(std::sync::Arc::from);
        state.renderer = state
            .renderer
            .clone()
            .kept_by_shared_caches_for(config.shared_cache)
            .naming_twitter_account(config.twitter_site.clone());
        Ok(state)
    }

    /// State over an open (migrated) database and a running render pool.
    pub fn new(db: DatabaseConnection, ssr: SsrPool, public_url: String) -> AppState {
        let accounts = sound_atlas_accounts::AccountsConfig::from_env(&public_url)
            .and_then(|config| sound_atlas_accounts::Accounts::new(db.clone(), config))
            .unwrap_or_else(|err| panic!("accounts: {err}"));
        let content_settings = sound_atlas_content::ContentSettings::from_env()
            .unwrap_or_else(|err| panic!("content: {err}"));
        let site = Site {
            public_url,
            manifest: Manifest::embedded(),
            affiliate: content_settings.marketplace.tagged(),
            new_songs_window_weeks: content_settings.new_songs_window_weeks,
            twitter_site: None,
        };
        let catalog = Catalog::new(db.clone());
        // The library shares the catalogue's snapshot.
        let library = sound_atlas_library::Library::new(db.clone(), catalog.clone());
        // The data export carries the user's library: composed here, so neither feature
        // reads the other's tables.
        let export_library = library.clone();
        accounts.provide_export_rows(std::sync::Arc::new(move |user| {
            let library = export_library.clone();
            let user = sound_atlas_library::UserId::of(user);
            Box::pin(async move {
                let rows = sound_atlas_library::export(&library, user).await?;
                Ok(sound_atlas_accounts::ExportRows {
                    favorites: rows.favorites,
                    folders: rows.folders,
                    video_favorites: rows.video_favorites,
                })
            })
        }));
        AppState(std::sync::Arc::new(Services {
            db: db.clone(),
            health: crate::health::Health::default(),
            metrics_token: None,
            sitemap_urls: SITEMAP_MAX_URLS,
            crawler_files: Default::default(),
            sitemaps: Default::default(),
            accounts,
            library,
            catalog,
            content: Content::new(
                db,
                sound_atlas_content::VideoService::new(Default::default()),
                content_settings,
            ),
            renderer: Renderer::new(ssr, site),
        }))
    }
}
