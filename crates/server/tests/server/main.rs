//! The server end to end over HTTP (in process), on SQLite and PostgreSQL: the API,
//! the server-rendered pages and their head tags, and bad input.

mod api;
mod backup;
mod binary;
mod commands;
mod connections;
mod content;
mod enriched;
mod facets;
mod faults;
mod genres;
mod instances;
mod library;
mod limits;
mod metrics;
mod musicbrainz_only;
mod openapi;
mod page_cache;
mod page_reads;
mod pages;
mod perf;
mod process;
mod quiz;
mod render_key;
mod request_ids;
mod route_walk;
mod secret_logs;
mod sitemap_files;
mod sources;

use std::sync::LazyLock;

use axum::http::StatusCode;
use sound_atlas::{build_app, AppState};
use sound_atlas_contract::accounts::{api::SIGN_IN, Credentials};
use sound_atlas_ssr::{SsrConfig, SsrPool};
pub use sound_atlas_test_client::{get, read, send, Answer, Browser};
use sound_atlas_test_db::TestDb;

pub const ORIGIN: &str = "https://soundatlas.test";

/// The password of every user the tests make with [`confirmed_user`].
pub const PASSWORD: &str = "a long enough passphrase";

/// Inserts a confirmed user who signs in with [`PASSWORD`]; returns the user's id.
pub async fn confirmed_user(db: &sea_orm::DatabaseConnection, email: &str) -> i32 {
    use sea_orm::{ActiveValue::Set, EntityTrait};
    use sound_atlas_entity::user;
    let hash = sound_atlas_accounts::password::hash(PASSWORD.into())
        .await
        .unwrap();
    user::Entity::insert(user::ActiveModel {
        email: Set(email.into()),
        email_key: Set(email.to_lowercase()),
        password_hash: Set(Some(hash)),
        confirmed_at: Set(Some(1)),
        created_at: Set(1),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id
}

/// One render pool for the whole test binary (each worker loads the bundle once).
pub static SSR: LazyLock<SsrPool> = LazyLock::new(|| {
    SsrPool::start(
        sound_atlas::bundle::SERVER_BUNDLE,
        SsrConfig {
            workers: 2,
            ..SsrConfig::default()
        },
    )
    .expect("the server bundle loads")
});

/// The app over a seeded test database.
pub async fn app(db: &TestDb) -> axum::Router {
    app_with_pool(db, SSR.clone()).await
}

/// A bundle whose `render` numbers its renders (`<p>render 1</p>`, ...): on one worker,
/// it tells how many renders a test's requests caused.
pub const COUNTING_BUNDLE: &str = "let renders = 0; globalThis.render = () => JSON.stringify({ html: `<p>render ${++renders}</p>`, modules: [], missed: [], unread: [] });";

/// The app over a seeded test database, rendering with `bundle_js` on one worker.
pub async fn app_with_bundle(db: &TestDb, bundle_js: &str) -> axum::Router {
    let pool = SsrPool::start(
        bundle_js,
        SsrConfig {
            workers: 1,
            ..SsrConfig::default()
        },
    )
    .expect("the test bundle loads");
    app_with_pool(db, pool).await
}

async fn app_with_pool(db: &TestDb, pool: SsrPool) -> axum::Router {
    app_with(db, pool, |_| ()).await
}

/// The app over a seeded test database, with its state adjusted by `configure`.
pub async fn app_with(
    db: &TestDb,
    pool: SsrPool,
    configure: impl FnOnce(&mut AppState),
) -> axum::Router {
    sound_atlas::db::prepare(&db.conn)
        .await
        .expect("migrate and seed");
    let mut state = AppState::new(db.conn.clone(), pool, ORIGIN.into());
    configure(&mut state);
    build_app(state)
}

/// Signs `email` (a user made with [`confirmed_user`]) in through the API; returns the
/// session cookie as a request sends it (`name=value`).
pub async fn sign_in(app: &axum::Router, email: &str) -> String {
    let mut browser = Browser::new(app.clone(), session_cookie());
    let credentials = Credentials {
        email: Some(email.to_owned()),
        password: Some(PASSWORD.to_owned()),
    };
    let answer = browser.call(&SIGN_IN, &[], &credentials).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let cookie = browser.cookie.expect("signing in sets a session cookie");
    format!("{}={cookie}", session_cookie())
}

/// The session cookie's name on the tests' origin (https: `__Host-` prefixed).
pub fn session_cookie() -> &'static str {
    sound_atlas_accounts::AccountsConfig::new(ORIGIN, Default::default()).cookie_name()
}

/// What the engine's render of a page read without a prefetch, and the reverse (on
/// every rendered page's response).
pub fn prefetch(page: &Answer) -> Option<&sound_atlas::render::PrefetchReport> {
    page.extensions.get()
}

/// Every artist, by title: the list's pages walked by their `next`.
pub async fn all_artists(app: &axum::Router) -> Vec<serde_json::Value> {
    walk_artists(app, "").await
}

/// [`all_artists`], read afresh from the database (`?refresh=true`): the catalogue's
/// snapshot takes what a test wrote.
pub async fn refreshed_artists(app: &axum::Router) -> Vec<serde_json::Value> {
    walk_artists(app, "refresh=true&").await
}

async fn walk_artists(app: &axum::Router, first: &str) -> Vec<serde_json::Value> {
    let list = sound_atlas_contract::catalog::api::ARTISTS.path(&[]);
    let mut artists = Vec::new();
    let mut query = format!("{first}limit=100");
    loop {
        let answer = get(app, &format!("{list}?{query}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        let page = answer.json();
        artists.extend(page["artists"].as_array().unwrap().iter().cloned());
        match page["next"].as_str() {
            Some(next) => query = format!("limit=100&after={next}"),
            None => return artists,
        }
    }
}

/// The id of the artist with this exact title.
pub async fn id_of(app: &axum::Router, title: &str) -> i32 {
    let search = sound_atlas_contract::catalog::api::SEARCH.path(&[&title]);
    let hits = read(app, search).await.value();
    let hit = hits
        .iter()
        .find(|a| a.title == title)
        .unwrap_or_else(|| panic!("{title} not found"));
    hit.id
}

/// Waits (at most `within`) until `uri` answers `status`.
pub async fn until_status(
    app: &axum::Router,
    uri: &str,
    status: StatusCode,
    within: std::time::Duration,
) {
    let deadline = std::time::Instant::now() + within;
    loop {
        if get(app, uri).await.status == status {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{uri} never answered {status}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
