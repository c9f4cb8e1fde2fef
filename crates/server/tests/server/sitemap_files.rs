//! A sitemap file is built once per change of the data it lists and kept compressed:
//! polls are answered from it in the coding they accept, with an entity tag and
//! `Last-Modified` (304 when the crawler has it), and a change of the catalogue builds it
//! again once, its `Last-Modified` staying put when its content did.

use std::io::Read;

use axum::body::Body;
use axum::http::Request;
use sea_orm::ConnectionTrait;
use sound_atlas::crawler_file_times::BuiltSitemaps;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app_with, refreshed_artists, send, Answer, SSR};

async fn poll(app: &axum::Router, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut request = Request::get(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    send(app, request.body(Body::empty()).unwrap()).await
}

fn brotli_text(answer: &Answer) -> String {
    let mut text = String::new();
    brotli::Decompressor::new(answer.bytes.as_ref(), 4096)
        .read_to_string(&mut text)
        .expect("brotli");
    text
}

async fn a_sitemap_is_built_once_per_change_and_sent_compressed(db: &TestDb) {
    let mut sitemaps = BuiltSitemaps::default();
    let app = app_with(db, SSR.clone(), |state| sitemaps = state.sitemaps.clone()).await;
    let path = "/sitemaps/artists-1.xml";
    let browser = [("accept-encoding", "gzip, deflate, br")];

    let first = poll(&app, path, &browser).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.headers["content-encoding"], "br");
    assert_eq!(first.headers["vary"], "accept-encoding");
    let xml = brotli_text(&first);
    assert!(xml.starts_with("<?xml") && xml.contains("<urlset"));
    let tag = first.headers["etag"].to_str().unwrap().to_owned();
    let modified = first.headers["last-modified"].to_str().unwrap().to_owned();
    assert_eq!(sitemaps.builds(), 1);

    // Polled again, in other codings and conditionally: the same build.
    let gzip = poll(&app, path, &[("accept-encoding", "gzip")]).await;
    assert_eq!(gzip.headers["content-encoding"], "gzip");
    assert_eq!(gzip.headers["etag"].to_str().unwrap(), tag);
    let plain = poll(&app, path, &[]).await;
    assert!(plain.headers.get("content-encoding").is_none());
    assert_eq!(plain.body, xml);
    let unchanged = poll(&app, path, &[("if-none-match", &tag)]).await;
    assert_eq!(unchanged.status, 304);
    let since = poll(&app, path, &[("if-modified-since", &modified)]).await;
    assert_eq!(since.status, 304);
    assert_eq!(sitemaps.builds(), 1, "built again without a change");

    // A change the file does not show (a biography, the row's change time moved within
    // its day): the catalogue's next snapshot builds it once more, to the same content,
    // tag and Last-Modified.
    db.conn
        .execute_unprepared(
            "UPDATE artists SET bio = 'Changed.', updated_at = CASE WHEN updated_at % 86400 = 0 \
             THEN updated_at + 1 ELSE updated_at - 1 END WHERE id = (SELECT MIN(id) FROM artists)",
        )
        .await
        .unwrap();
    // (A refresh within a second of the catalogue's last check reuses that check.)
    tokio::time::sleep(sound_atlas_catalog::store::MIN_REFRESH_INTERVAL).await;
    refreshed_artists(&app).await;
    let rebuilt = poll(&app, path, &browser).await;
    assert_eq!(sitemaps.builds(), 2, "built once after the change");
    assert_eq!(brotli_text(&rebuilt), xml);
    assert_eq!(rebuilt.headers["etag"].to_str().unwrap(), tag);
    assert_eq!(rebuilt.headers["last-modified"].to_str().unwrap(), modified);
    poll(&app, path, &browser).await;
    poll(&app, "/sitemap.xml", &browser).await;
    poll(&app, "/sitemap.xml", &browser).await;
    assert_eq!(sitemaps.builds(), 3, "the index built once too");
}

db_tests!(a_sitemap_is_built_once_per_change_and_sent_compressed);
