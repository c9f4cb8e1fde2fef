//! The editorial content as the composed server serves it: its API under /api, its
//! seed loaded at start, and share images at the top level.

use axum::http::StatusCode;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, id_of};

async fn the_server_serves_the_seeded_content_api(db: &TestDb) {
    let app = app(db).await;
    let chart = get(&app, "/api/weekly-top-ten?refresh=true").await;
    assert_eq!(chart.status, StatusCode::OK);
    assert_eq!(chart.json().as_array().unwrap().len(), 10);
    let articles = get(&app, "/api/articles").await.json();
    assert!(articles.as_array().unwrap().len() >= 12);
    let missing = get(&app, "/api/articles/999999").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        missing.json()["message"],
        "The article you're looking for doesn't exist."
    );
    assert_eq!(get(&app, "/api/new-songs").await.status, StatusCode::OK);
    assert_eq!(
        get(&app, "/api/youtube/channel-videos").await.status,
        StatusCode::OK
    );
}

async fn the_server_serves_share_images_for_artists_and_articles(db: &TestDb) {
    let app = app(db).await;
    let queen = id_of(&app, "Queen").await;
    for uri in [
        format!("/og/artist/{queen}.png"),
        "/og/article/1.png".to_owned(),
    ] {
        let answer = get(&app, &uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        assert_eq!(answer.headers["content-type"], "image/png");
    }
    assert_eq!(
        get(&app, "/og/artist/999999.png").await.status,
        StatusCode::NOT_FOUND
    );
}

db_tests!(
    the_server_serves_the_seeded_content_api,
    the_server_serves_share_images_for_artists_and_articles,
);
