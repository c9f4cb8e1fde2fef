//! Shared helpers: a content service over a test database, the content API as the
//! server nests it, and one-request calls.

#![allow(dead_code)]

use axum::extract::FromRef;
use axum::Router;
use sound_atlas_catalog::Catalog;
use sound_atlas_content::{Content, ContentSettings, VideoConfig, VideoService};
use sound_atlas_share_picture::ShareImages;
use sound_atlas_test_db::TestDb;

#[derive(Clone)]
pub struct State {
    pub content: Content,
    pub catalog: Catalog,
}

impl FromRef<State> for Content {
    fn from_ref(state: &State) -> Content {
        state.content.clone()
    }
}

impl FromRef<State> for Catalog {
    fn from_ref(state: &State) -> Catalog {
        state.catalog.clone()
    }
}

/// Content over `db` with the seed loaded; the video service configured by `videos`.
pub async fn seeded(db: &TestDb, videos: VideoConfig) -> State {
    seeded_with(db, videos, ContentSettings::default()).await
}

/// [`seeded`] with content settings (the new-songs window, the affiliate tag).
pub async fn seeded_with(db: &TestDb, videos: VideoConfig, settings: ContentSettings) -> State {
    sound_atlas_catalog::seed::load(&db.conn)
        .await
        .expect("catalogue seed loads");
    sound_atlas_content::seed::load(&db.conn)
        .await
        .expect("content seed loads");
    State {
        content: Content::new(db.conn.clone(), VideoService::new(videos), settings),
        catalog: Catalog::new(db.conn.clone()),
    }
}

pub fn app(state: State) -> Router {
    Router::new()
        .nest("/api", sound_atlas_content::api::router())
        .merge(sound_atlas_content::share_picture::router(
            ShareImages::new(&sound_atlas_import::user_agent()),
        ))
        .with_state(state)
}

pub use sound_atlas_test_client::get;
