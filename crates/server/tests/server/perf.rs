//! What keeps pages cheap: one render for concurrent misses, precompressed static
//! files, cached pages compressed once, and the generated artwork as a cached image.

use std::io::Read;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, app_with_bundle, get, id_of, send};

async fn concurrent_misses_of_one_page_render_it_once(db: &TestDb) {
    // A bundle that numbers its renders, on one worker.
    let counting = "let renders = 0; globalThis.render = () => JSON.stringify({ html: `<p>render ${++renders}</p>` });";
    let app = app_with_bundle(db, counting).await;
    let id = id_of(&app, "Queen").await;
    let url = format!("/artist/{id}");
    let (a, b, c, d) = tokio::join!(
        get(&app, &url),
        get(&app, &url),
        get(&app, &url),
        get(&app, &url)
    );
    for answer in [a, b, c, d] {
        assert!(
            answer.body.contains("<p>render 1</p>"),
            "every request waited for the one render"
        );
    }
}

async fn the_client_bundle_is_sent_precompressed(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/").await;
    let script = page
        .body
        .split("<script type=\"module\" src=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .filter(|src| src.starts_with("/static/"))
        .expect("the page loads a script from /static")
        .to_owned();
    let plain = get(&app, &script).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(plain.headers.get("content-encoding").is_none());
    for (accept, coding) in [
        ("br, gzip", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
    ] {
        let request = Request::get(&script)
            .header("accept-encoding", accept)
            .body(Body::empty())
            .unwrap();
        let answer = send(&app, request).await;
        assert_eq!(answer.headers["content-encoding"], coding, "for {accept}");
        assert_eq!(answer.headers["content-type"], "text/javascript");
        assert_eq!(answer.headers["vary"], "accept-encoding");
        assert!(
            answer.headers["content-length"]
                .to_str()
                .unwrap()
                .parse::<usize>()
                .unwrap()
                < plain.body.len() / 3,
            "{coding} is much smaller"
        );
    }
}

/// A cached page in each coding: the same document with this response's own nonce.
async fn cached_pages_are_compressed_once_and_end_with_their_own_nonce(db: &TestDb) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let url = format!("/artist/{id}");
    let nonce_of = |headers: &axum::http::HeaderMap| {
        let policy = headers["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        policy
            .split("'nonce-")
            .nth(1)
            .unwrap()
            .split('\'')
            .next()
            .unwrap()
            .to_owned()
    };
    let plain = get(&app, &url).await;
    assert_eq!(plain.headers["vary"], "accept-encoding");
    assert!(plain.headers.get("content-encoding").is_none());
    let without_nonce = |html: &str, nonce: &str| {
        assert!(
            html.contains(&format!("nonce=\"{nonce}\"")),
            "the response's own nonce"
        );
        html.replace(nonce, "")
    };
    let expected = without_nonce(&plain.body, &nonce_of(&plain.headers));
    let mut nonces = vec![nonce_of(&plain.headers)];
    for (accept, coding) in [
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
    ] {
        for _ in 0..2 {
            let request = Request::get(&url)
                .header("accept-encoding", accept)
                .body(Body::empty())
                .unwrap();
            let response = app.clone().oneshot(request).await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            assert_eq!(
                response.headers()["content-encoding"],
                coding,
                "for {accept}"
            );
            assert_eq!(response.headers()["vary"], "accept-encoding");
            let nonce = nonce_of(response.headers());
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            assert!(
                bytes.len() < plain.body.len() / 3,
                "{coding} is much smaller"
            );
            let mut html = String::new();
            if coding == "br" {
                brotli::Decompressor::new(&bytes[..], 4096)
                    .read_to_string(&mut html)
                    .unwrap();
            } else {
                flate2::read::GzDecoder::new(&bytes[..])
                    .read_to_string(&mut html)
                    .unwrap();
            }
            assert_eq!(without_nonce(&html, &nonce), expected, "{coding}");
            nonces.push(nonce);
        }
    }
    nonces.sort();
    nonces.dedup();
    assert_eq!(nonces.len(), 7, "a fresh nonce in every response");
}

async fn generated_artwork_is_an_immutable_image(db: &TestDb) {
    let app = app(db).await;
    let art = get(&app, "/art/210/QU.svg").await;
    assert_eq!(art.status, StatusCode::OK);
    assert_eq!(art.headers["content-type"], "image/svg+xml");
    assert!(art.headers["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    assert!(art.body.contains(">QU</text>") && art.body.contains("hsl(210 70% 46%)"));
    for bad in [
        "/art/400/QU.svg",
        "/art/1/%3Cscript%3E.svg",
        "/art/1/QU.png",
        "/art/QU.svg",
    ] {
        assert_eq!(get(&app, bad).await.status, StatusCode::NOT_FOUND, "{bad}");
    }
    // The artist pages point at it instead of drawing it inline.
    let id = id_of(&app, "Queen").await;
    let page = get(&app, &format!("/artist/{id}")).await.body;
    assert!(page.contains("<image href=\"/art/"));
    assert!(!page.contains("<linearGradient"));
}

db_tests!(
    concurrent_misses_of_one_page_render_it_once,
    the_client_bundle_is_sent_precompressed,
    cached_pages_are_compressed_once_and_end_with_their_own_nonce,
    generated_artwork_is_an_immutable_image,
);
