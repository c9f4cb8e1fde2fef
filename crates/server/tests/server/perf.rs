//! What keeps pages cheap: one render for concurrent misses, precompressed static
//! files, and the generated artwork as a cached image.

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
    generated_artwork_is_an_immutable_image,
);
