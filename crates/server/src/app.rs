//! Router composition: each feature's `/api` routes, the server-rendered pages,
//! static files, and the layers every response passes through.

use std::sync::Arc;

use axum::extract::{FromRef, Request};
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sea_orm::DatabaseConnection;
use sound_atlas_catalog::Catalog;
use sound_atlas_content::Content;
use sound_atlas_ssr::{SsrConfig, SsrPool};
use sound_atlas_web::ApiError;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::config::Config;
use crate::shell::Manifest;

/// Longest request target accepted; longer ones get 414 before any routing.
pub const MAX_URI_BYTES: usize = 2048;

/// Shared by all handlers. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub catalog: Catalog,
    pub content: Content,
    pub ssr: SsrPool,
    pub render_cache: crate::pages::RenderCache,
    pub site: Arc<Site>,
}

/// What pages need to know about the deployment.
#[derive(Debug)]
pub struct Site {
    /// Origin for canonical and Open Graph URLs, without a trailing slash.
    pub public_url: String,
    pub manifest: Manifest,
}

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

impl AppState {
    /// Opens the database (migrated and seeded) and starts the render pool.
    pub async fn start(config: &Config) -> Result<AppState, Box<dyn std::error::Error>> {
        let db = crate::db::connect(config).await?;
        let mut ssr_config = SsrConfig::default();
        if let Some(workers) = config.ssr_workers {
            ssr_config.workers = workers;
        }
        let ssr = SsrPool::start(crate::shell::SERVER_BUNDLE, ssr_config)?;
        let mut state = AppState::new(db.clone(), ssr, config.public_url.clone());
        // The video service's key and channel come from the environment (content crate).
        let videos = sound_atlas_content::VideoConfig::from_env()?;
        state.content = Content::new(db, sound_atlas_content::VideoService::new(videos));
        Ok(state)
    }

    /// State over an open (migrated) database and a running render pool.
    pub fn new(db: DatabaseConnection, ssr: SsrPool, public_url: String) -> AppState {
        AppState {
            catalog: Catalog::new(db.clone()),
            content: Content::new(
                db,
                sound_atlas_content::VideoService::new(Default::default()),
            ),
            ssr,
            render_cache: crate::pages::new_render_cache(),
            site: Arc::new(Site {
                public_url,
                manifest: Manifest::embedded(),
            }),
        }
    }
}

pub fn build_app(state: AppState) -> Router {
    // Every feature's API under /api; anything else there answers in the JSON error shape.
    let api = Router::new()
        .merge(sound_atlas_catalog::api::router())
        .merge(sound_atlas_content::api::router())
        .fallback(|| async { ApiError::not_found("There is no such API endpoint.") })
        .method_not_allowed_fallback(|| async {
            ApiError::MethodNotAllowed("This endpoint does not accept that method.".into())
        });
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .nest("/api", api)
        .merge(crate::static_files::router())
        .merge(crate::pages::router())
        .with_state(state)
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(reject_oversized_uris))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(tower_http::trace::TraceLayer::new_for_http())
}

/// Scripts only from our origin (injected data is JSON, never executed); images from
/// anywhere over https (artist photos live on wiki and image hosts); frames from the
/// video service only.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; connect-src 'self'; frame-src https://www.youtube-nocookie.com https://www.youtube.com; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

async fn reject_oversized_uris(request: Request, next: Next) -> Response {
    if request.uri().to_string().len() > MAX_URI_BYTES {
        return ApiError::UriTooLong(format!(
            "The address is longer than {MAX_URI_BYTES} characters."
        ))
        .into_response();
    }
    next.run(request).await
}
