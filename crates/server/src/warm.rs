//! Warming the render cache in the background, for the pages crawlers fetch once each
//! (artist pages, browse letters, home, articles and the site's own pages): after start
//! and whenever the catalogue snapshot changes, each is requested through the app
//! itself, one at a time and only while the engine is idle, so a real request never
//! waits behind the warm-up for more than the one render already running (and with two
//! or more workers, not at all). At most `WARM_LIMIT` artist pages (the render cache holds 32 MiB of documents).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use sound_atlas_catalog::Letter;
use tower::ServiceExt;

use crate::state::AppState;

/// Artist pages warmed per snapshot: a document is about 22 KB (33 KB as the cache
/// weighs it, with its compressed forms), so these take two thirds of the render cache
/// and leave the rest to pages asked for.
const WARM_LIMIT: usize = 650;
/// How often the snapshot is checked for a change, and the engine for idleness.
const CHECK_EVERY: Duration = Duration::from_secs(10);
const IDLE_POLL: Duration = Duration::from_millis(20);

/// Runs until the process ends (spawned by `serve`, not by tests' apps).
pub async fn run(state: AppState, app: Router) {
    let mut warmed: Option<Arc<sound_atlas_catalog::store::Snapshot>> = None;
    loop {
        // `snapshot(false)` rereads a stale snapshot, so the warm-up follows data changes
        // and the snapshot's age (the render cache's entries live as long).
        if let Ok(snapshot) = state.catalog.snapshot(false).await {
            if !warmed.as_ref().is_some_and(|w| Arc::ptr_eq(w, &snapshot)) {
                let started = std::time::Instant::now();
                let mut urls = urls(&snapshot);
                // The article pages and the site's own pages
                urls.extend(content_urls(&state).await);
                let count = urls.len();
                for url in urls {
                    while !state.renderer.engine_idle() {
                        tokio::time::sleep(IDLE_POLL).await;
                    }
                    let request = crate::render::Warming::request(&url);
                    let _ = app.clone().oneshot(request).await;
                }
                tracing::info!(
                    pages = count,
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "warmed the render cache"
                );
                warmed = Some(snapshot);
            }
        }
        tokio::time::sleep(CHECK_EVERY).await;
    }
}

/// The article list, every article, About and the legal pages.
async fn content_urls(state: &AppState) -> Vec<String> {
    use sound_atlas_contract::pages::routes;
    let mut urls = vec![
        routes::ARTICLES.href(&[]),
        routes::ABOUT.href(&[]),
        routes::PRIVACY_POLICY.href(&[]),
        routes::TERMS_OF_SERVICE.href(&[]),
    ];
    if let Ok(articles) = state.content.articles(false).await {
        urls.extend(articles.iter().map(|a| routes::ARTICLE.href(&[&a.id])));
    }
    urls
}

fn urls(snapshot: &sound_atlas_catalog::store::Snapshot) -> Vec<String> {
    let mut urls = vec!["/".to_owned()];
    urls.extend(Letter::all().map(|letter| {
        format!(
            "/browse?letter={}",
            sound_atlas_contract::encode_uri_component(&letter.as_char().to_string())
        )
    }));
    urls.extend(
        snapshot
            .entries()
            .take(WARM_LIMIT)
            .map(|artist| format!("/artist/{}", artist.id)),
    );
    urls
}
