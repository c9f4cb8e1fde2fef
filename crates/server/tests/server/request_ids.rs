//! `x-request-id`: a well-formed one (1 to 64 characters of `[A-Za-z0-9._-]`) is kept
//! and returned; anything else is replaced by a fresh UUID, so no client writes what it
//! likes into the logs.

use axum::body::Body;
use axum::http::{HeaderValue, Request};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, send};

async fn request_id_of(app: &axum::Router, sent: &[HeaderValue]) -> String {
    let mut request = Request::get("/healthz");
    for value in sent {
        request = request.header("x-request-id", value.clone());
    }
    let answer = send(app, request.body(Body::empty()).unwrap()).await;
    let ids: Vec<_> = answer.headers.get_all("x-request-id").iter().collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    ids[0].to_str().unwrap().to_owned()
}

fn is_uuid(id: &str) -> bool {
    let groups: Vec<_> = id.split('-').map(str::len).collect();
    groups == [8, 4, 4, 4, 12] && id.chars().all(|c| c == '-' || c.is_ascii_hexdigit())
}

async fn a_well_formed_request_id_is_kept_and_any_other_replaced(db: &TestDb) {
    let app = app(db).await;
    for kept in ["from-the-proxy-42", "a", "Trace_1.2-x", &"x".repeat(64)] {
        let id = request_id_of(&app, &[HeaderValue::from_str(kept).unwrap()]).await;
        assert_eq!(id, kept);
    }
    let replaced = [
        vec![HeaderValue::from_static("two words")],
        vec![HeaderValue::from_static("tab\there")],
        vec![HeaderValue::from_static("line%0D%0Abreak")],
        vec![HeaderValue::from_static("quote\"d")],
        vec![HeaderValue::from_str(&"x".repeat(65)).unwrap()],
        vec![HeaderValue::from_bytes("ünïcode".as_bytes()).unwrap()],
        vec![HeaderValue::from_static("")],
        // Two ids: which one would the logs and the answer carry?
        vec![
            HeaderValue::from_static("first"),
            HeaderValue::from_static("second"),
        ],
    ];
    for sent in replaced {
        let id = request_id_of(&app, &sent).await;
        assert!(is_uuid(&id), "{sent:?} answered with {id:?}");
    }
    let none = request_id_of(&app, &[]).await;
    assert!(is_uuid(&none), "{none}");
}

db_tests!(a_well_formed_request_id_is_kept_and_any_other_replaced);
