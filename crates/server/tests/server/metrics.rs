//! `/metrics` (Prometheus text, behind a token) and request ids.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use sound_atlas::{build_app, AppState};
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{get, id_of, read, send, ORIGIN, SSR};

const TOKEN: &str = "scrape-me-secretly";

async fn app_with_metrics(db: &TestDb, token: Option<&str>) -> axum::Router {
    sound_atlas::db::prepare(&db.conn)
        .await
        .expect("migrate and seed");
    let mut state = AppState::new(db.conn.clone(), SSR.clone(), ORIGIN.into());
    state.metrics_token = token.map(Into::into);
    build_app(state)
}

async fn scrape(app: &axum::Router, token: Option<&str>) -> crate::Answer {
    let mut request = Request::get("/metrics");
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    send(app, request.body(Body::empty()).unwrap()).await
}

async fn metrics_are_not_public_without_a_token(db: &TestDb) {
    let app = app_with_metrics(db, None).await;
    assert_eq!(scrape(&app, None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        scrape(&app, Some("guess")).await.status,
        StatusCode::NOT_FOUND
    );
    let app = app_with_metrics(db, Some(TOKEN)).await;
    let refused = scrape(&app, Some("wrong-token-of-same-len")).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert_eq!(refused.json()["status"], 401);
    assert_eq!(scrape(&app, None).await.status, StatusCode::UNAUTHORIZED);
}

async fn metrics_count_requests_by_route_renders_cache_and_pool(db: &TestDb) {
    let app = app_with_metrics(db, Some(TOKEN)).await;
    let id = id_of(&app, "Queen").await;
    assert_eq!(
        read(&app, catalog::ARTIST.path(&[&id])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        read(&app, catalog::ARTIST.path(&[&999999])).await.status,
        StatusCode::NOT_FOUND
    );
    // The same anonymous page twice: one render, then the cache.
    get(&app, &format!("/artist/{id}?m=1")).await;
    get(&app, &format!("/artist/{id}?m=1")).await;
    let answer = scrape(&app, Some(TOKEN)).await;
    assert_eq!(answer.status, StatusCode::OK);
    let text = &answer.body;
    for expected in [
        r#"sound_atlas_http_requests_total{route="/api/artists/{id}",method="GET",status="200"}"#,
        r#"sound_atlas_http_requests_total{route="/api/artists/{id}",method="GET",status="404"}"#,
        r#"sound_atlas_http_request_duration_seconds_bucket{le="#,
        "sound_atlas_render_duration_seconds_count",
        r#"sound_atlas_render_cache_lookups_total{outcome="hit"}"#,
        r#"sound_atlas_render_cache_lookups_total{outcome="miss"}"#,
        "sound_atlas_engine_restarts ",
        r#"sound_atlas_db_pool_connections{state="idle"}"#,
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    assert!(
        !text.contains(&format!("/api/artists/{id}\"")),
        "labels are route patterns, never raw paths"
    );
}

async fn every_response_carries_a_request_id_and_keeps_a_proxys(db: &TestDb) {
    let app = app_with_metrics(db, None).await;
    let first = read(&app, catalog::RANDOM.path(&[])).await;
    let second = read(&app, catalog::RANDOM.path(&[])).await;
    let id = |a: &crate::Answer| a.headers["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(id(&first).len(), 36, "a UUID");
    assert_ne!(id(&first), id(&second));
    let sent = send(
        &app,
        Request::get("/healthz")
            .header("x-request-id", "from-the-proxy-42")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(id(&sent), "from-the-proxy-42");
}

db_tests!(
    metrics_are_not_public_without_a_token,
    metrics_count_requests_by_route_renders_cache_and_pool,
    every_response_carries_a_request_id_and_keeps_a_proxys,
);
