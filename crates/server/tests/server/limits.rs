//! Input limits answer a clear 4xx in the one error shape.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use sound_atlas_contract::accounts::api as accounts;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, send};

fn post_json(uri: &str, body: String) -> Request<Body> {
    Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap()
}

async fn oversized_and_deeply_nested_bodies_are_refused_clearly(db: &TestDb) {
    let app = app(db).await;
    let big = format!(r#"{{"email":"{}","password":"x"}}"#, "a".repeat(200_000));
    let answer = send(&app, post_json(accounts::SIGN_IN.path(&[]).as_str(), big)).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer.json()["message"], "The request body is too large.");
    let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
    let answer = send(&app, post_json(accounts::SIGN_IN.path(&[]).as_str(), deep)).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    assert_eq!(answer.json()["status"], 400);
    let deep_object = format!(
        r#"{{"email":{}1{},"password":"x"}}"#,
        r#"{"a":"#.repeat(3_000),
        "}".repeat(3_000)
    );
    let answer = send(
        &app,
        post_json(accounts::SIGN_UP.path(&[]).as_str(), deep_object),
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
}

async fn long_addresses_and_query_strings_are_refused_clearly(db: &TestDb) {
    let app = app(db).await;
    let long_path = format!("/api/artists/{}", "9".repeat(3_000));
    let answer = get(&app, &long_path).await;
    assert_eq!(answer.status, StatusCode::URI_TOO_LONG);
    assert_eq!(answer.json()["status"], 414);
    let long_query = format!("/api/artists/search?query={}", "q".repeat(3_000));
    assert_eq!(
        get(&app, &long_query).await.status,
        StatusCode::URI_TOO_LONG
    );
    let long_page = format!("/search?query={}", "q".repeat(3_000));
    assert_eq!(get(&app, &long_page).await.status, StatusCode::URI_TOO_LONG);
    // Under the address limit, an over-long search is still a clear 400.
    let answer = get(
        &app,
        &format!("/api/artists/search?query={}", "q".repeat(1_500)),
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
}

async fn oversized_headers_are_refused_with_431(db: &TestDb) {
    let app = app(db).await;
    let with_header = |value: String| {
        Request::get("/api/artists")
            .header("x-padding", value)
            .body(Body::empty())
            .unwrap()
    };
    let answer = send(&app, with_header("p".repeat(20_000))).await;
    assert_eq!(
        answer.status,
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        "{}",
        answer.body
    );
    assert_eq!(answer.json()["status"], 431);
    // A large but reasonable header set still passes.
    let answer = send(&app, with_header("p".repeat(8_000))).await;
    assert_eq!(answer.status, StatusCode::OK);
}

db_tests!(
    oversized_headers_are_refused_with_431,
    oversized_and_deeply_nested_bodies_are_refused_clearly,
    long_addresses_and_query_strings_are_refused_clearly,
);
