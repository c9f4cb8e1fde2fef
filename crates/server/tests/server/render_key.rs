//! The render cache keys a page on its path and the query parameters its route reads
//! (`PageRoute::query`): any other parameter shares the render of the page without it,
//! and a read parameter that differs never does. A cached document keeps the `fetchedAt`
//! of its render, so two answers with the same one came from one render.

use std::time::Duration;

use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, id_of};

/// The answer's body and the render time in its state.
async fn rendered(app: &axum::Router, uri: &str) -> (String, String) {
    // Renders of different requests are at least a few ms apart.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let answer = get(app, uri).await;
    assert_eq!(answer.status, 200, "{uri}");
    let at = answer
        .body
        .split(r#""fetchedAt":"#)
        .nth(1)
        .unwrap_or_else(|| panic!("no fetchedAt in {uri}"))
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (answer.body, at)
}

fn canonical(body: &str) -> &str {
    let start = body
        .find(r#"<link rel="canonical" href=""#)
        .expect("a canonical link");
    let rest = &body[start..];
    &rest[..rest.find('>').unwrap()]
}

async fn pages_share_a_render_unless_a_parameter_they_read_differs(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let artist = format!("/artist/{id}");
    // Unread parameters, in any number and order: one render.
    let (plain, first) = rendered(&app, &artist).await;
    for uri in [
        format!("{artist}?utm_source=newsletter"),
        format!("{artist}?a=8f14e45f&utm_source=x"),
        format!("{artist}?"),
    ] {
        let (body, at) = rendered(&app, &uri).await;
        assert_eq!(at, first, "{uri} was rendered again");
        assert_eq!(canonical(&body), canonical(&plain), "{uri}");
        assert!(!body.contains("utm_source"), "{uri}");
    }
    // A parameter the artist page reads (favorites mode): a render of its own.
    let (_, in_favorites) = rendered(&app, &format!("{artist}?list=favorites")).await;
    assert_ne!(in_favorites, first);
    let (_, again) = rendered(&app, &format!("{artist}?utm_source=x&list=favorites")).await;
    assert_eq!(again, in_favorites);

    // Read parameters in any order, among unread ones: one render; another value: not.
    let (_, b2) = rendered(&app, "/browse?letter=B&page=2").await;
    let (_, reordered) = rendered(&app, "/browse?page=2&fbclid=1&letter=B").await;
    assert_eq!(reordered, b2);
    let (_, c2) = rendered(&app, "/browse?letter=C&page=2").await;
    assert_ne!(c2, b2);
    let (_, b1) = rendered(&app, "/browse?letter=B").await;
    assert_ne!(b1, b2);
    let (plain, b1_tracked) = rendered(&app, "/browse?letter=B&ref=mail").await;
    assert_eq!(b1_tracked, b1);
    assert!(!plain.contains("ref=mail"));
    // A page that reads no parameter: the same render whatever the query.
    let (_, about) = rendered(&app, "/about").await;
    let (_, about_query) = rendered(&app, "/about?letter=B&seed=1").await;
    assert_eq!(about_query, about);
}

db_tests!(pages_share_a_render_unless_a_parameter_they_read_differs);
