//! What keeps pages cheap: one render for concurrent misses, precompressed static
//! files, cached pages compressed once, and the generated artwork as a cached image.

use std::io::Read;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, app_with_bundle, get, id_of, send, COUNTING_BUNDLE};

/// The brotli answer of a page asked for before, once its kept copy is made (in the
/// background, after the page's second answer): its tag and bytes.
async fn kept_brotli(app: &axum::Router, url: &str) -> (String, axum::body::Bytes) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    for _ in 0..500 {
        let request = Request::get(url)
            .header("accept-encoding", "br")
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let tag = response.headers()["etag"].to_str().unwrap().to_owned();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        if tag.ends_with(".br\"") {
            return (tag, bytes);
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("{url}: no kept brotli copy within 5 s");
}

async fn concurrent_misses_of_one_page_render_it_once(db: &TestDb) {
    let app = app_with_bundle(db, COUNTING_BUNDLE).await;
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
        .split("<link rel=\"preload\" as=\"script\" href=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .filter(|src| src.starts_with("/static/"))
        .expect("the page preloads its entry script from /static")
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

/// A cached page in each coding: the same document, byte for byte, for every response
/// (no per-response part), under a strong entity tag per coding, answered 304 without a
/// body when a client or a shared cache asks with the tag it holds.
async fn an_anonymous_page_is_the_same_bytes_for_everyone_under_its_entity_tag(db: &TestDb) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let url = format!("/artist/{id}");
    let plain = get(&app, &url).await;
    assert_eq!(plain.headers["vary"], "accept-encoding, save-data");
    assert!(plain.headers.get("content-encoding").is_none());
    assert_eq!(
        plain.headers["cache-control"],
        "public, max-age=0, s-maxage=300, stale-while-revalidate=600"
    );
    let policy = plain.headers["content-security-policy"].to_str().unwrap();
    assert!(!policy.contains("nonce") && !plain.body.contains("nonce"));
    let plain_tag = plain.headers["etag"].to_str().unwrap().to_owned();
    assert!(
        plain_tag.starts_with('"') && !plain_tag.starts_with("W/"),
        "{plain_tag}"
    );
    assert_eq!(
        get(&app, &url).await.body,
        plain.body,
        "the same bytes again"
    );

    // Asked for twice, the page has its kept copy made: the same bytes from then on.
    kept_brotli(&app, &url).await;
    let mut tags = vec![plain_tag.clone()];
    for (accept, coding) in [
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
    ] {
        let mut bodies = Vec::new();
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
            assert_eq!(response.headers()["vary"], "accept-encoding, save-data");
            let tag = response.headers()["etag"].to_str().unwrap().to_owned();
            assert!(tag.ends_with(&format!(".{coding}\"")), "{tag}");
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
            assert_eq!(html, plain.body, "{coding}");
            bodies.push(bytes);
            tags.push(tag);
        }
        assert_eq!(bodies[0], bodies[1], "{coding}: the same bytes every time");
    }
    tags.sort();
    tags.dedup();
    assert_eq!(tags.len(), 3, "one tag per coding: {tags:?}");

    // Revalidation: the tag held (of any coding, or `*`) answers 304 with no body.
    for held in [
        plain_tag.as_str(),
        &tags[0],
        "\"other\", W/PLACEHOLDER",
        "*",
    ] {
        let held = held.replace("PLACEHOLDER", plain_tag.trim_matches('"'));
        let request = Request::get(&url)
            .header("accept-encoding", "br")
            .header("if-none-match", &held)
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED, "{held}");
        assert!(response.headers().get("etag").is_some());
        assert!(response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .starts_with("public"));
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert!(body.is_empty());
    }
    let stale = Request::get(&url)
        .header("if-none-match", "\"an-old-version\"")
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(stale).await.unwrap();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "a changed page is sent whole"
    );
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
    // The artist page's cards below the first screen point at it; its own picture (in the
    // first screen) comes in the page, encoded in a data: URL, never as markup.
    let id = id_of(&app, "Queen").await;
    let page = get(&app, &format!("/artist/{id}")).await.body;
    assert!(page.contains("<img class=\"generated-artwork\" src=\"/art/"));
    assert!(page.contains("<img class=\"generated-artwork\" src=\"data:image/svg+xml,%3Csvg"));
    assert!(!page.contains("<linearGradient"));
}

/// The data saver: a browser's `Save-Data: on` gets its own page (the state says so, so
/// the UI leaves thumbnails and previews out of the first HTML too), kept apart by shared
/// caches (`Vary`) and by the server's own caches; the visitor's switch (a cookie) gets it
/// as a private page, since a shared cache does not tell such requests apart.
async fn the_data_saver_gets_its_own_page(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let url = format!("/artist/{id}");
    let with = |name: &'static str, value: &'static str| {
        let url = url.clone();
        let app = app.clone();
        async move {
            let request = Request::get(&url)
                .header(name, value)
                .body(Body::empty())
                .unwrap();
            send(&app, request).await
        }
    };
    // Twice each, so the second of each comes from the lately confirmed pages.
    for _ in 0..2 {
        let plain = get(&app, &url).await;
        let asked = with("save-data", "on").await;
        let switched = with("cookie", "sa_data_saver=on").await;
        assert!(plain.body.contains(r#""dataSaver":false"#));
        assert!(asked.body.contains(r#""dataSaver":true"#));
        assert!(switched.body.contains(r#""dataSaver":true"#));
        for answer in [&plain, &asked, &switched] {
            assert_eq!(answer.headers["vary"], "accept-encoding, save-data");
        }
        assert_ne!(plain.headers["etag"], asked.headers["etag"]);
        assert!(plain.headers["cache-control"]
            .to_str()
            .unwrap()
            .starts_with("public"));
        assert!(asked.headers["cache-control"]
            .to_str()
            .unwrap()
            .starts_with("public"));
        assert_eq!(switched.headers["cache-control"], "private, no-cache");
    }
}

/// A cold page's first answer, in each coding a request accepts, is its document, and
/// the page asked for again in that coding is the same bytes under the same tag (in
/// brotli, once its kept copy is made); a client holding either tag revalidates with 304.
async fn a_cold_page_is_answered_in_every_coding(db: &TestDb) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let app = app(db).await;
    let fetch = |url: String, accept: &'static str, if_none_match: Option<String>| {
        let app = app.clone();
        async move {
            let mut request = Request::get(&url).header("accept-encoding", accept);
            if let Some(tag) = if_none_match {
                request = request.header("if-none-match", tag);
            }
            let response = app
                .oneshot(request.body(Body::empty()).unwrap())
                .await
                .unwrap();
            let status = response.status();
            let headers = response.headers().clone();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let coding = headers
                .get("content-encoding")
                .map(|value| value.to_str().unwrap().to_owned());
            let mut html = String::new();
            match coding.as_deref() {
                Some("br") => brotli::Decompressor::new(&bytes[..], 4096)
                    .read_to_string(&mut html)
                    .map(drop)
                    .unwrap(),
                Some("gzip") => flate2::read::GzDecoder::new(&bytes[..])
                    .read_to_string(&mut html)
                    .map(drop)
                    .unwrap(),
                _ => html = String::from_utf8(bytes.to_vec()).unwrap(),
            }
            let tag = headers
                .get("etag")
                .map(|tag| tag.to_str().unwrap().to_owned());
            (status, coding, tag, bytes.len(), html)
        }
    };
    let artists = crate::all_artists(&app).await;
    for (n, (accept, coding)) in [
        ("gzip, deflate, br", Some("br")),
        ("gzip", Some("gzip")),
        ("identity", None),
    ]
    .into_iter()
    .enumerate()
    {
        let url = format!("/artist/{}", artists[n]["id"]);
        let (status, sent, first_tag, first_size, first) = fetch(url.clone(), accept, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(sent.as_deref(), coding, "for {accept}");
        assert!(first.contains("<div id=\"root\">"), "{first}");
        let (_, _, _, _, plain) = fetch(url.clone(), "identity", None).await;
        assert_eq!(first, plain, "{accept}: the document");
        let first_tag = first_tag.unwrap();
        let (mut tag, mut size) = (Some(first_tag.clone()), first_size);
        if coding == Some("br") {
            // First compressed fast, with the critical CSS the pages with its classes
            // share compressed once and joined (its own tag); asked for again, the page
            // keeps a smaller copy under the kept tag.
            assert!(first_tag.ends_with(".br0s\""), "{first_tag}");
            let (kept_tag, kept) = kept_brotli(&app, &url).await;
            assert!(
                kept.len() < first_size,
                "{} B, first {first_size} B",
                kept.len()
            );
            (tag, size) = (Some(kept_tag), kept.len());
        }
        let (_, _, tag_again, size_again, again) = fetch(url.clone(), accept, None).await;
        assert_eq!(again, plain);
        assert_eq!(tag_again, tag, "{accept}: the same tag");
        assert_eq!(size_again, size, "{accept}: the same bytes");
        // The tag held of any copy names the document.
        let (status, ..) = fetch(url, accept, Some(first_tag)).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
    }
}

/// A page the warm-up makes (no visitor waits for it) is kept at its smaller copy at
/// once: its first brotli answer to a visitor is already that copy.
async fn a_page_the_warm_up_makes_is_kept_at_once(db: &TestDb) {
    use tower::ServiceExt;

    let app = app(db).await;
    let url = format!("/artist/{}", crate::all_artists(&app).await[0]["id"]);
    let asked = |request: Request<Body>| {
        let app = app.clone();
        async move {
            let response = app.oneshot(request).await.unwrap();
            let headers = response.headers();
            let tag = headers["etag"].to_str().unwrap().to_owned();
            (headers.get("content-encoding").cloned(), tag)
        }
    };
    let (warm_coding, _) = asked(sound_atlas::render::Warming::request(&url)).await;
    assert_eq!(
        warm_coding.as_ref().map(|c| c.to_str().unwrap()),
        Some("br"),
        "the warm-up's answer is sent as kept, not decoded"
    );
    let visitor = Request::get(&url)
        .header("accept-encoding", "br")
        .body(Body::empty())
        .unwrap();
    let (_, tag) = asked(visitor).await;
    assert!(tag.ends_with(".br\""), "{tag}");
}

db_tests!(
    a_page_the_warm_up_makes_is_kept_at_once,
    a_cold_page_is_answered_in_every_coding,
    the_data_saver_gets_its_own_page,
    concurrent_misses_of_one_page_render_it_once,
    the_client_bundle_is_sent_precompressed,
    an_anonymous_page_is_the_same_bytes_for_everyone_under_its_entity_tag,
    generated_artwork_is_an_immutable_image,
);
