//! Content reads, seed and API, against a real database (SQLite and PostgreSQL).

mod support;

use axum::http::StatusCode;
use sound_atlas_content::model::INVALID_YOUTUBE_URL;
use sound_atlas_content::{reads, seed, Category, VideoConfig, VideoId};
use sound_atlas_http::ApiError;
use sound_atlas_test_db::{db_tests, TestDb};
use support::{app, get, seeded};

async fn the_seed_loads_once_and_a_second_load_adds_nothing(db: &TestDb) {
    let first = seed::load(&db.conn).await.unwrap();
    assert_eq!(first.top_ten, 10);
    assert_eq!(first.new_songs, seed::new_songs().unwrap().len());
    assert_eq!(first.articles, seed::articles().unwrap().len());
    assert!(first.articles >= 12);
    let second = seed::load(&db.conn).await.unwrap();
    assert_eq!(second, seed::Loaded::default());
}

async fn the_weekly_top_ten_is_ten_songs_in_rank_order(db: &TestDb) {
    let state = seeded(db, VideoConfig::default()).await;
    let chart = reads::weekly_top_ten(&state.content, true).await.unwrap();
    let ranks: Vec<i32> = chart.iter().map(|e| e.rank).collect();
    assert_eq!(ranks, (1..=10).collect::<Vec<_>>());
    for entry in &chart {
        assert!(!entry.song_name.is_empty() && !entry.artist.is_empty());
        // A video link, when present, holds a valid id, and its thumbnail follows from it.
        if let Some(link) = &entry.youtube_link {
            let id = VideoId::parse(link).expect("a valid video link");
            assert_eq!(
                entry.thumbnail_url.as_deref(),
                Some(id.thumbnail_url().as_str())
            );
        }
    }
    assert!(
        chart.iter().any(|e| e.youtube_link.is_none()),
        "the seed leaves out ids it cannot vouch for"
    );
}

async fn articles_cover_all_four_categories_newest_first(db: &TestDb) {
    let state = seeded(db, VideoConfig::default()).await;
    let all = reads::articles(&state.content, None).await.unwrap();
    assert!(all.len() >= 12);
    assert!(all.windows(2).all(|w| w[0].date >= w[1].date));
    for category in Category::ALL {
        let some = reads::articles(&state.content, Some(category))
            .await
            .unwrap();
        assert!(some.len() >= 3, "{} has too few articles", category.name());
        assert!(some.iter().all(|a| a.category == category.name()));
    }
    for article in &all {
        assert!(
            !article.tag_list().is_empty(),
            "{} has no tags",
            article.title
        );
        assert!(
            article.content.contains('|'),
            "{} has one paragraph",
            article.title
        );
    }
    let with_products = all.iter().filter(|a| a.product1_link.is_some()).count();
    assert!(with_products >= 3);
}

async fn one_article_reads_back_by_id_with_related_ones(db: &TestDb) {
    let state = seeded(db, VideoConfig::default()).await;
    let all = reads::articles(&state.content, None).await.unwrap();
    let queen = all.iter().find(|a| a.title.starts_with("Queen")).unwrap();
    let read = reads::article(&state.content, queen.id).await.unwrap();
    assert_eq!(&read, queen);
    assert_eq!(read.youtube_video.as_deref(), Some("fJ9rUzIMcZQ"));
    let related = reads::related_articles(&state.content, &read)
        .await
        .unwrap();
    assert!(!related.is_empty() && related.len() <= 3);
    assert!(related
        .iter()
        .all(|a| a.category == read.category && a.id != read.id));
}

async fn an_unknown_article_is_not_found(db: &TestDb) {
    let state = seeded(db, VideoConfig::default()).await;
    let err = reads::article(&state.content, 987_654).await.unwrap_err();
    assert!(matches!(err, ApiError::NotFound(ref m) if m == reads::ARTICLE_NOT_FOUND));
}

async fn new_songs_are_newest_first(db: &TestDb) {
    let state = seeded(db, VideoConfig::default()).await;
    let songs = reads::new_songs(&state.content).await.unwrap();
    assert!(songs.len() >= 3);
    assert!(songs
        .windows(2)
        .all(|w| w[0].release_date >= w[1].release_date));
}

async fn the_api_serves_every_list_in_camel_case(db: &TestDb) {
    let app = app(seeded(db, VideoConfig::default()).await);
    let chart = get(&app, "/api/weekly-top-ten?refresh=true").await;
    assert_eq!(chart.status, StatusCode::OK);
    let first = &chart.json()[0];
    for field in [
        "rank",
        "songName",
        "artist",
        "youtubeLink",
        "amazonLink",
        "thumbnailUrl",
    ] {
        assert!(first.get(field).is_some(), "top 10 entry lacks {field}");
    }
    let songs = get(&app, "/api/new-songs").await.json();
    for field in [
        "id",
        "songName",
        "artistName",
        "thumbnail",
        "videoId",
        "amazonLink",
    ] {
        assert!(songs[0].get(field).is_some(), "new song lacks {field}");
    }
    let articles = get(&app, "/api/articles").await.json();
    for field in [
        "id",
        "title",
        "summary",
        "date",
        "category",
        "content",
        "tags",
        "featuredImage",
        "featuredImageCaption",
        "image1",
        "image1Caption",
        "image2",
        "image2Caption",
        "youtubeVideo",
        "product1Name",
        "product1Link",
        "product1Image",
        "product2Name",
        "product2Link",
        "product2Image",
        "product3Name",
        "product3Link",
        "product3Image",
    ] {
        assert!(articles[0].get(field).is_some(), "article lacks {field}");
    }
    let id = articles[0]["id"].as_i64().unwrap();
    let one = get(&app, &format!("/api/articles/{id}")).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json(), articles[0]);
    let videos = get(&app, "/api/youtube/channel-videos").await;
    assert_eq!(videos.status, StatusCode::OK);
    assert!(videos.json().is_array());
}

async fn articles_filter_by_category_name_or_slug(db: &TestDb) {
    let app = app(seeded(db, VideoConfig::default()).await);
    let by_slug = get(&app, "/api/articles?category=equipment-and-gear")
        .await
        .json();
    let by_name = get(&app, "/api/articles?category=Equipment%20%26%20Gear")
        .await
        .json();
    assert_eq!(by_slug, by_name);
    assert!(by_slug
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["category"] == "Equipment & Gear"));
    let all = get(&app, "/api/articles?category=All").await.json();
    assert!(all.as_array().unwrap().len() > by_slug.as_array().unwrap().len());
    let bad = get(&app, "/api/articles?category=Gossip").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Unknown category"));
}

async fn unknown_and_malformed_article_ids_answer_404_in_the_error_shape(db: &TestDb) {
    let app = app(seeded(db, VideoConfig::default()).await);
    for uri in [
        "/api/articles/999999",
        "/api/articles/abc",
        "/api/articles/0",
        "/api/articles/-3",
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        let body = answer.json();
        assert_eq!(body["status"], 404);
        assert_eq!(body["error"], "Not Found");
        assert_eq!(body["message"], reads::ARTICLE_NOT_FOUND);
    }
}

async fn an_artist_channel_needs_a_valid_link_that_an_artist_uses(db: &TestDb) {
    let app = app(seeded(db, VideoConfig::default()).await);
    for uri in [
        "/api/artist/channel-videos",
        "/api/artist/channel-videos?url=",
        "/api/artist/channel-videos?url=https%3A%2F%2Fexample.com%2F%40coldplay",
        "/api/artist/channel-videos?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Dshort",
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(answer.json()["message"], INVALID_YOUTUBE_URL);
    }
    let stranger = get(
        &app,
        "/api/artist/channel-videos?url=https%3A%2F%2Fwww.youtube.com%2F%40nobody-here",
    )
    .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    // Without an API key the stored videos (none yet) are served, not an error.
    let coldplay = get(
        &app,
        "/api/artist/channel-videos?url=https%3A%2F%2Fwww.youtube.com%2F%40coldplay",
    )
    .await;
    assert_eq!(coldplay.status, StatusCode::OK);
    assert_eq!(coldplay.json(), serde_json::json!([]));
}

fn png_size(png: &[u8]) -> (u32, u32) {
    let decoded = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    (decoded.width(), decoded.height())
}

async fn every_artist_and_article_has_its_own_1200_by_630_share_image(db: &TestDb) {
    let state = seeded(db, VideoConfig::default()).await;
    let artists = sound_atlas_catalog::reads::list(&state.catalog, false)
        .await
        .unwrap();
    let articles = reads::articles(&state.content, None).await.unwrap();
    let app = app(state);
    let mut seen = Vec::new();
    for uri in [
        format!("/og/artist/{}.png", artists[0].id),
        format!("/og/artist/{}.png", artists[1].id),
        format!("/og/article/{}.png", articles[0].id),
        format!("/og/article/{}.png", articles[1].id),
    ] {
        let answer = get(&app, &uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        assert_eq!(answer.content_type.as_deref(), Some("image/png"));
        assert_eq!(png_size(&answer.body), (1200, 630), "{uri}");
        assert!(
            !seen.contains(&answer.body),
            "{uri} looks like another page"
        );
        seen.push(answer.body);
    }
    for uri in [
        "/og/artist/999999.png",
        "/og/article/999999.png",
        "/og/article/1",
        "/og/artist/x.png",
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.json()["status"], 404);
    }
}

db_tests!(
    the_seed_loads_once_and_a_second_load_adds_nothing,
    the_weekly_top_ten_is_ten_songs_in_rank_order,
    articles_cover_all_four_categories_newest_first,
    one_article_reads_back_by_id_with_related_ones,
    an_unknown_article_is_not_found,
    new_songs_are_newest_first,
    the_api_serves_every_list_in_camel_case,
    articles_filter_by_category_name_or_slug,
    unknown_and_malformed_article_ids_answer_404_in_the_error_shape,
    an_artist_channel_needs_a_valid_link_that_an_artist_uses,
    every_artist_and_article_has_its_own_1200_by_630_share_image,
);
