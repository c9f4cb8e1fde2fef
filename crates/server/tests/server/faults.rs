//! Faults: the database cut or slowed by a TCP proxy between the
//! server and PostgreSQL; a render that hangs or exhausts the engine's memory; the real
//! binary stopped by SIGTERM or killed by SIGKILL in the middle of a burst of writes;
//! a video service that accepts connections and never answers.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use sound_atlas::{build_app, AppState};
use sound_atlas_contract::library::api as library;
use sound_atlas_entity::favorite;
use sound_atlas_test_db::{db_tests, TestDb};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::{
    app_with_bundle, confirmed_user, get, id_of, session_cookie, sign_in, until_status, Answer,
    Browser, ORIGIN, SSR,
};

// ---- a TCP proxy that passes, cuts or delays

#[derive(Clone, Copy, PartialEq, Debug)]
enum Mode {
    Pass,
    /// Every connection closed, new ones closed at once.
    Cut,
    /// Every chunk held this long before it is passed on.
    Delay(Duration),
}

struct Proxy {
    addr: SocketAddr,
    mode: watch::Sender<Mode>,
}

impl Proxy {
    async fn start(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (mode, _) = watch::channel(Mode::Pass);
        let modes = mode.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let mode = modes.subscribe();
                if *mode.borrow() == Mode::Cut {
                    continue; // dropped: closed at once
                }
                tokio::spawn(async move {
                    let Ok(server) = TcpStream::connect(upstream).await else {
                        return;
                    };
                    let (client_read, client_write) = client.into_split();
                    let (server_read, server_write) = server.into_split();
                    // When either direction ends, both are dropped: the connection closes.
                    tokio::select! {
                        () = pump(client_read, server_write, mode.clone()) => {}
                        () = pump(server_read, client_write, mode) => {}
                    }
                });
            }
        });
        Proxy { addr, mode }
    }

    fn set(&self, mode: Mode) {
        self.mode.send_replace(mode);
    }
}

async fn until_cut(mode: &mut watch::Receiver<Mode>) {
    loop {
        if *mode.borrow_and_update() == Mode::Cut {
            return;
        }
        if mode.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut mode: watch::Receiver<Mode>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = tokio::select! {
            read = from.read(&mut buf) => match read {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            },
            () = until_cut(&mut mode) => return,
        };
        let current = *mode.borrow();
        if let Mode::Delay(delay) = current {
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = until_cut(&mut mode) => return,
            }
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}

// ---- the app over PostgreSQL through the proxy

struct Site {
    app: axum::Router,
    proxy: Proxy,
    /// Straight to the database (for checking rows), not through the proxy.
    direct: DatabaseConnection,
    monitor: tokio::task::JoinHandle<()>,
}

impl Drop for Site {
    fn drop(&mut self) {
        self.monitor.abort();
    }
}

async fn site_behind_proxy(db: &TestDb) -> Site {
    let url = db.url().expect("a PostgreSQL test database");
    let upstream: SocketAddr = {
        let authority = url.split("://").nth(1).unwrap();
        let host_port = authority
            .split('/')
            .next()
            .unwrap()
            .rsplit('@')
            .next()
            .unwrap();
        tokio::net::lookup_host(host_port)
            .await
            .unwrap()
            .next()
            .unwrap()
    };
    let proxy = Proxy::start(upstream).await;
    let proxied = url.replacen(
        &url.split("://")
            .nth(1)
            .unwrap()
            .split('/')
            .next()
            .unwrap()
            .rsplit('@')
            .next()
            .unwrap()
            .to_owned(),
        &proxy.addr.to_string(),
        1,
    );
    // Opened as the server opens it (its pool settings and timeouts), migrated and seeded.
    let config = sound_atlas::config::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: std::env::temp_dir(),
        database_url: Some(proxied.clone()),
        public_url: ORIGIN.into(),
        ssr_workers: None,
        drain: Duration::from_secs(1),
        metrics_token: None,
        connections: Default::default(),
        shared_cache: sound_atlas::render::SHARED_CACHE_DEFAULT,
        warm: true,
        twitter_site: None,
    };
    let conn = sound_atlas::db::connect(&config)
        .await
        .expect("connect through the proxy");
    let state = AppState::new(conn, SSR.clone(), ORIGIN.into());
    let monitor = state.health.spawn_monitor(&proxied);
    Site {
        app: build_app(state),
        proxy,
        direct: db.conn.clone(),
        monitor,
    }
}

/// Signs in a confirmed user made for the test; returns (user id, session cookie).
async fn signed_in(app: &axum::Router, db: &DatabaseConnection, email: &str) -> (i32, String) {
    let id = confirmed_user(db, email).await;
    (id, sign_in(app, email).await)
}

async fn call(
    app: &axum::Router,
    cookie: Option<&str>,
    method: &str,
    uri: &str,
    json: Option<serde_json::Value>,
) -> Answer {
    let mut browser = match cookie {
        Some(cookie) => Browser::with_session(app.clone(), cookie),
        None => Browser::new(app.clone(), session_cookie()),
    };
    browser.ask(method, uri, json).await
}

/// Asks until the answer has this status (the monitor's verdict takes a moment).
fn assert_fast_503(answer: &Answer, took: Duration) {
    assert_eq!(
        answer.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        answer.body
    );
    assert_eq!(
        answer.json(),
        serde_json::json!({
            "status": 503,
            "error": "Service Unavailable",
            "message": sound_atlas_web::UNAVAILABLE,
        })
    );
    assert!(took < Duration::from_secs(1), "answered after {took:?}");
    // A client is told when to come back, and no cache keeps the outage for the page.
    assert_eq!(answer.headers["retry-after"], "5");
    let cache_control = answer.headers["cache-control"].to_str().unwrap();
    assert!(cache_control.contains("no-store"), "{cache_control}");
}

async fn favorites_of(db: &DatabaseConnection, user_id: i32) -> Vec<i32> {
    let mut ids: Vec<i32> = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|f| f.artist_id)
        .collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn a_cut_database_is_a_fast_503_and_the_server_recovers_without_a_restart() {
    let db = TestDb::postgres().await;
    let site = site_behind_proxy(&db).await;
    let (user_id, cookie) = signed_in(&site.app, &site.direct, "cut@example.com").await;
    let queen = id_of(&site.app, "Queen").await;
    let abba = id_of(&site.app, "ABBA").await;
    let added = call(
        &site.app,
        Some(&cookie),
        "POST",
        library::ADD_FAVORITE.path(&[]).as_str(),
        Some(serde_json::json!({ "artistId": queen })),
    )
    .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);

    site.proxy.set(Mode::Cut);
    let started = Instant::now();
    let read = call(
        &site.app,
        Some(&cookie),
        "GET",
        library::FAVORITES.path(&[]).as_str(),
        None,
    )
    .await;
    assert_fast_503(&read, started.elapsed());
    let started = Instant::now();
    let write = call(
        &site.app,
        Some(&cookie),
        "POST",
        library::ADD_FAVORITE.path(&[]).as_str(),
        Some(serde_json::json!({ "artistId": abba })),
    )
    .await;
    assert_fast_503(&write, started.elapsed());
    until_status(
        &site.app,
        "/readyz",
        StatusCode::SERVICE_UNAVAILABLE,
        Duration::from_secs(3),
    )
    .await;
    let health = get(&site.app, "/healthz").await;
    assert_eq!(
        health.status,
        StatusCode::OK,
        "alive, though the database is not"
    );
    assert_eq!(health.json()["database"], "down");
    // What the catalogue's snapshot answers alone (positions) still answers; an
    // artist's record is read from the database, a fast 503 meanwhile.
    assert_eq!(
        get(&site.app, &format!("/api/artists/{queen}/neighbors"))
            .await
            .status,
        StatusCode::OK
    );
    let started = Instant::now();
    assert_fast_503(
        &get(&site.app, &format!("/api/artists/{queen}")).await,
        started.elapsed(),
    );

    site.proxy.set(Mode::Pass);
    until_status(&site.app, "/readyz", StatusCode::OK, Duration::from_secs(5)).await;
    assert_eq!(get(&site.app, "/healthz").await.json()["database"], "up");
    let read = call(
        &site.app,
        Some(&cookie),
        "GET",
        library::FAVORITES.path(&[]).as_str(),
        None,
    )
    .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(
        favorites_of(&site.direct, user_id).await,
        vec![queen as i32],
        "the write answered 503 left nothing behind"
    );
    drop(site);
    db.cleanup().await;
}

#[tokio::test]
async fn a_stalled_database_is_a_503_within_a_second_and_then_recovers() {
    let db = TestDb::postgres().await;
    let site = site_behind_proxy(&db).await;
    let (_, cookie) = signed_in(&site.app, &site.direct, "slow@example.com").await;

    site.proxy.set(Mode::Delay(Duration::from_secs(30)));
    for _ in 0..3 {
        let started = Instant::now();
        let read = call(
            &site.app,
            Some(&cookie),
            "GET",
            library::FOLDERS.path(&[]).as_str(),
            None,
        )
        .await;
        assert_fast_503(&read, started.elapsed());
    }
    site.proxy.set(Mode::Pass);
    until_status(
        &site.app,
        "/readyz",
        StatusCode::OK,
        Duration::from_secs(10),
    )
    .await;
    let read = call(
        &site.app,
        Some(&cookie),
        "GET",
        library::FOLDERS.path(&[]).as_str(),
        None,
    )
    .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    drop(site);
    db.cleanup().await;
}

#[tokio::test]
async fn writes_cut_mid_burst_are_either_answered_2xx_and_kept_or_answered_503() {
    let db = TestDb::postgres().await;
    let site = Arc::new(site_behind_proxy(&db).await);
    let (user_id, cookie) = signed_in(&site.app, &site.direct, "burst@example.com").await;
    let artists: Vec<i64> = crate::all_artists(&site.app)
        .await
        .iter()
        .take(60)
        .map(|a| a["id"].as_i64().unwrap())
        .collect();
    // The cut comes once some writes have been answered (not after a fixed time, which
    // a loaded machine can outrun), while later ones are still on their way.
    let answered_ok = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut writes = tokio::task::JoinSet::new();
    for (n, artist) in artists.iter().copied().enumerate() {
        let (site, cookie, answered_ok) = (site.clone(), cookie.clone(), answered_ok.clone());
        writes.spawn(async move {
            tokio::time::sleep(Duration::from_millis(10 * n as u64)).await;
            let answer = call(
                &site.app,
                Some(&cookie),
                "POST",
                library::ADD_FAVORITE.path(&[]).as_str(),
                Some(serde_json::json!({ "artistId": artist })),
            )
            .await;
            if answer.status.is_success() {
                answered_ok.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            (artist as i32, answer.status)
        });
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while answered_ok.load(std::sync::atomic::Ordering::SeqCst) < 3 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    site.proxy.set(Mode::Cut);
    tokio::time::sleep(Duration::from_millis(150)).await;
    site.proxy.set(Mode::Pass);
    let mut answered = Vec::new();
    while let Some(result) = writes.join_next().await {
        answered.push(result.unwrap());
    }
    assert!(
        answered
            .iter()
            .all(|(_, s)| s.is_success() || *s == StatusCode::SERVICE_UNAVAILABLE),
        "only 2xx or 503: {answered:?}"
    );
    assert!(answered.iter().any(|(_, s)| s.is_success()));
    let kept = favorites_of(&site.direct, user_id).await;
    for (artist, status) in &answered {
        if status.is_success() {
            assert!(
                kept.contains(artist),
                "artist {artist} was answered {status} but is not kept"
            );
        }
    }
    drop(site);
    db.cleanup().await;
}

// ---- renders that hang or exhaust memory

async fn a_hanging_render_is_cut_and_the_client_rendered_page_is_served(db: &TestDb) {
    let app = app_with_bundle(db, "globalThis.render = () => { for (;;) {} }").await;
    let id = id_of(&app, "Queen").await;
    let started = Instant::now();
    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains(r#"<div id="root"></div>"#),
        "the browser renders"
    );
    assert!(page.body.contains("<title>Queen - Sound Atlas</title>"));
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "cut at the render deadline"
    );
    // The engine serves the next request (also cut, but answered).
    assert_eq!(get(&app, "/").await.status, StatusCode::OK);
}

async fn a_render_exhausting_memory_is_cut_and_the_client_rendered_page_is_served(db: &TestDb) {
    let bomb =
        "globalThis.render = () => { const a = []; for (;;) a.push(new Array(1e6).fill('x')); }";
    let app = app_with_bundle(db, bomb).await;
    let id = id_of(&app, "Queen").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains(r#"<div id="root"></div>"#),
        "the browser renders"
    );
    assert_eq!(get(&app, "/").await.status, StatusCode::OK);
}

// ---- a stalled dependency

async fn a_stalled_video_service_holds_no_page_or_call_up(db: &TestDb) {
    // Accepts every connection and never answers a byte.
    let stalled = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = stalled.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((connection, _)) = stalled.accept().await {
            held.push(connection);
        }
    });
    sound_atlas::db::prepare(&db.conn).await.unwrap();
    let channel = "https://www.youtube.com/@queenofficial";
    sound_atlas_entity::artist::Entity::update_many()
        .col_expr(
            sound_atlas_entity::artist::Column::SoloVideoLink,
            sea_orm::sea_query::Expr::value(channel),
        )
        .filter(sound_atlas_entity::artist::Column::Title.eq("Queen"))
        .exec(&db.conn)
        .await
        .unwrap();
    let mut state = AppState::new(db.conn.clone(), SSR.clone(), ORIGIN.into());
    let videos = sound_atlas_content::VideoConfig {
        api_key: Some("a-key".into()),
        base_url: format!("http://{addr}"),
        site_channel: sound_atlas_content::ChannelRef::parse("@soundatlas"),
        ..Default::default()
    };
    assert!(
        videos.timeout >= Duration::from_secs(5),
        "the service's own budget"
    );
    state.content = sound_atlas_content::Content::new(
        db.conn.clone(),
        sound_atlas_content::VideoService::new(videos),
        Default::default(),
    );
    let app = build_app(state);
    let queen = id_of(&app, "Queen").await;
    for uri in [
        "/".to_owned(),
        format!("/artist/{queen}"),
        "/api/youtube/channel-videos".to_owned(),
        "/api/artist/channel-videos?url=https%3A%2F%2Fwww.youtube.com%2F%40queenofficial"
            .to_owned(),
    ] {
        let started = Instant::now();
        let answer = get(&app, &uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}: {}", answer.body);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{uri} waited {:?} for a stalled service",
            started.elapsed()
        );
    }
}

db_tests!(
    a_stalled_video_service_holds_no_page_or_call_up,
    a_hanging_render_is_cut_and_the_client_rendered_page_is_served,
    a_render_exhausting_memory_is_cut_and_the_client_rendered_page_is_served,
);
