//! The OpenAPI description at `/api/openapi.json` describes exactly the `/api` routes
//! the router serves (paths and methods), and every declared operation is mounted.

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, send};

const METHODS: [Method; 5] = [
    Method::GET,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
];

/// The `/api` paths the router registered. axum has no route listing; its `Debug` output
/// names every registered path, which is read here (the reverse check below fails if a
/// new axum version stops printing them).
fn registered_api_paths(app: &axum::Router) -> BTreeSet<String> {
    let debug = format!("{app:?}");
    let mut paths = BTreeSet::new();
    for piece in debug.split('"') {
        if piece.starts_with("/api/") && !piece.contains("__private__") {
            paths.insert(piece.to_owned());
        }
    }
    paths
}

/// A concrete request path for a route (`{id}` -> `1`).
fn filled(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        out.push('1');
        rest = after.split_once('}').map_or("", |(_, tail)| tail);
    }
    out.push_str(rest);
    out
}

/// (method, path) of every `/api` route the router serves: each registered path is asked
/// with each method, and every answer but 405 means the method is routed there.
async fn served_operations(app: &axum::Router) -> BTreeSet<(String, String)> {
    let mut served = BTreeSet::new();
    for path in registered_api_paths(app) {
        for method in METHODS {
            let request = Request::builder()
                .method(method.clone())
                .uri(filled(&path))
                .body(Body::empty())
                .unwrap();
            if send(app, request).await.status != StatusCode::METHOD_NOT_ALLOWED {
                served.insert((method.to_string(), path.clone()));
            }
        }
    }
    served
}

async fn the_description_has_every_api_route_the_router_serves(db: &TestDb) {
    let app = app(db).await;
    let answer = get(&app, "/api/openapi.json").await;
    assert_eq!(answer.status, StatusCode::OK);
    let document = answer.json();
    assert_eq!(document["openapi"], "3.1.0");
    let described: BTreeSet<(String, String)> =
        sound_atlas_contract::openapi::operations(&document)
            .into_iter()
            .collect();
    let served = served_operations(&app).await;
    let undescribed: Vec<_> = served.difference(&described).collect();
    assert!(
        undescribed.is_empty(),
        "the router serves /api routes the OpenAPI description lacks \
         (describe them in crates/contract/src/openapi.rs): {undescribed:?}"
    );
    let unserved: Vec<_> = described.difference(&served).collect();
    assert!(
        unserved.is_empty(),
        "the OpenAPI description names routes the router does not serve: {unserved:?}"
    );
}

async fn the_walk_finds_a_route_added_outside_the_description(db: &TestDb) {
    let app = app(db).await.merge(axum::Router::new().route(
        "/api/undescribed/{id}",
        axum::routing::patch(|| async { "x" }),
    ));
    let served = served_operations(&app).await;
    assert!(served.contains(&("PATCH".to_owned(), "/api/undescribed/{id}".to_owned())));
    assert!(!served.contains(&("GET".to_owned(), "/api/undescribed/{id}".to_owned())));
}

/// Every declared operation is mounted: asked with its method at its path (holes filled),
/// the app answers from a handler, not with "no such endpoint" (404) or "not that
/// method" (405).
async fn every_declared_operation_is_mounted(db: &TestDb) {
    let app = app(db).await;
    for op in sound_atlas_contract::operations() {
        let holes = op.template.holes();
        let values: Vec<&dyn std::fmt::Display> = holes.iter().map(|_| &1 as _).collect();
        let request = Request::builder()
            .method(op.method.as_str())
            .uri(op.template.fill(&values))
            .header("content-type", "application/json")
            .body(Body::from(if op.takes_body { "{}" } else { "" }))
            .unwrap();
        let answer = send(&app, request).await;
        let unrouted = answer.status == StatusCode::METHOD_NOT_ALLOWED
            || (answer.status == StatusCode::NOT_FOUND
                && answer.json()["message"] == "There is no such API endpoint.");
        assert!(
            !unrouted,
            "{} {} is declared but not mounted ({})",
            op.method.as_str(),
            op.template.0,
            answer.status
        );
    }
}

/// Without a session, every operation declared signed-in answers 401 (before anything
/// else it checks: the holes are filled with values no path takes, a body with nothing),
/// and no other operation does.
async fn every_signed_in_operation_answers_401_without_a_session(db: &TestDb) {
    use sound_atlas_contract::operation::Access;
    let app = app(db).await;
    let mut signed_in = 0;
    for op in sound_atlas_contract::operations() {
        let holes = op.template.holes();
        let values: Vec<&dyn std::fmt::Display> = holes.iter().map(|_| &"~" as _).collect();
        let request = Request::builder()
            .method(op.method.as_str())
            .uri(op.template.fill(&values))
            .header("content-type", "application/json")
            .header("sec-fetch-site", "same-origin")
            .body(Body::from(if op.takes_body { "{}" } else { "" }))
            .unwrap();
        let answer = send(&app, request).await;
        let declared = op.access == Access::SignedIn;
        signed_in += usize::from(declared);
        assert_eq!(
            answer.status == StatusCode::UNAUTHORIZED,
            declared,
            "{} {} is declared {:?} and answers {} without a session: {}",
            op.method.as_str(),
            op.template.0,
            op.access,
            answer.status,
            answer.body
        );
    }
    assert!(signed_in >= 15, "only {signed_in} signed-in operations");
}

async fn an_unknown_method_on_a_known_path_is_a_405_in_the_error_shape(db: &TestDb) {
    let app = app(db).await;
    let request = Request::builder()
        .method(Method::PUT)
        .uri("/api/artists")
        .body(Body::empty())
        .unwrap();
    let answer = send(&app, request).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.json()["status"], 405);
}

db_tests!(
    every_signed_in_operation_answers_401_without_a_session,
    the_description_has_every_api_route_the_router_serves,
    every_declared_operation_is_mounted,
    the_walk_finds_a_route_added_outside_the_description,
    an_unknown_method_on_a_known_path_is_a_405_in_the_error_shape,
);
