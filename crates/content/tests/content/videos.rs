//! The video service client against a local fake of the Data API: answers, cache,
//! stored fallback when the key is missing or the service fails or is slow.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::{app, get, seeded};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get as route_get;
use axum::{Json, Router};
use serde_json::json;
use sound_atlas_content::video::{self, SITE_CHANNEL_KEY};
use sound_atlas_content::{ChannelRef, ChannelVideo, VideoConfig, VideoService};
use sound_atlas_test_db::{db_tests, TestDb};
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq)]
enum Behaviour {
    Answer,
    Fail,
    Slow,
    /// Each call answers after 400 ms.
    Late,
}

#[derive(Clone)]
struct Fake {
    behaviour: Behaviour,
    calls: Arc<AtomicUsize>,
}

/// A fake Data API on 127.0.0.1: channel "@coldplay" (and the id below) with two uploads.
async fn fake_service(behaviour: Behaviour) -> (String, Arc<AtomicUsize>) {
    let fake = Fake {
        behaviour,
        calls: Arc::new(AtomicUsize::new(0)),
    };
    let calls = fake.calls.clone();
    let app = Router::new()
        .route("/channels", route_get(channels))
        .route("/playlistItems", route_get(playlist_items))
        .route("/videos", route_get(videos))
        .with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}"), calls)
}

async fn misbehave(fake: &Fake) -> Option<Response> {
    fake.calls.fetch_add(1, Ordering::SeqCst);
    match fake.behaviour {
        Behaviour::Answer => None,
        Behaviour::Fail => Some((StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response()),
        Behaviour::Slow => {
            tokio::time::sleep(Duration::from_secs(10)).await;
            None
        }
        Behaviour::Late => {
            tokio::time::sleep(LATE).await;
            None
        }
    }
}

/// How long the late service takes to answer each call.
const LATE: Duration = Duration::from_secs(1);

const CHANNEL_ID: &str = "UCaaaaaaaaaaaaaaaaaaaaaa";

async fn channels(State(fake): State<Fake>, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Some(r) = misbehave(&fake).await {
        return r;
    }
    assert_eq!(q.get("key").map(String::as_str), Some("test-key"));
    let known = q.get("forHandle").map(String::as_str) == Some("@coldplay")
        || q.get("id").map(String::as_str) == Some(CHANNEL_ID);
    let items = if known {
        json!([{ "contentDetails": { "relatedPlaylists": { "uploads": "UUuploads" } } }])
    } else {
        json!([])
    };
    Json(json!({ "items": items })).into_response()
}

async fn playlist_items(
    State(fake): State<Fake>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(r) = misbehave(&fake).await {
        return r;
    }
    assert_eq!(q.get("playlistId").map(String::as_str), Some("UUuploads"));
    Json(json!({ "items": [
        { "contentDetails": { "videoId": "aaaaaaaaaaa" } },
        { "contentDetails": { "videoId": "bbbbbbbbbbb" } },
        { "contentDetails": { "videoId": "not-an-id" } },
    ]}))
    .into_response()
}

async fn videos(State(fake): State<Fake>, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Some(r) = misbehave(&fake).await {
        return r;
    }
    assert_eq!(
        q.get("id").map(String::as_str),
        Some("aaaaaaaaaaa,bbbbbbbbbbb")
    );
    Json(json!({ "items": [
        {
            "id": "aaaaaaaaaaa",
            "snippet": {
                "title": "Rock &amp; Roll Don&#39;t Stop",
                "description": "Older &quot;one&quot;",
                "publishedAt": "2026-01-01T10:00:00Z",
                "thumbnails": { "high": { "url": "https://i.ytimg.com/vi/aaaaaaaaaaa/hqdefault.jpg" } }
            },
            "statistics": { "viewCount": "12345" },
            "contentDetails": { "duration": "PT4M13S" }
        },
        {
            "id": "bbbbbbbbbbb",
            "snippet": { "title": "Newer", "description": "", "publishedAt": "2026-02-01T10:00:00Z" },
            "statistics": {},
            "contentDetails": { "duration": "PT1H2S" }
        }
    ]}))
    .into_response()
}

fn config(base_url: &str, key: Option<&str>) -> VideoConfig {
    VideoConfig {
        api_key: key.map(str::to_owned),
        base_url: base_url.to_owned(),
        site_channel: Some(ChannelRef::Handle("@coldplay".into())),
        timeout: Duration::from_millis(800),
        // Readers wait for the whole fetch here; the short wait has its own test.
        wait: Duration::from_secs(5),
    }
}

fn coldplay() -> ChannelRef {
    ChannelRef::parse("https://www.youtube.com/@coldplay").unwrap()
}

/// The channel's videos as an earlier answer left them: one, "Kept from before".
async fn keep_a_stored_video(db: &TestDb) {
    video::store(
        &db.conn,
        &coldplay().key(),
        &[stored_video("Kept from before")],
    )
    .await
    .unwrap();
}

fn stored_video(title: &str) -> ChannelVideo {
    ChannelVideo {
        id: "ccccccccccc".into(),
        title: title.into(),
        description: String::new(),
        thumbnail: None,
        url: "https://www.youtube.com/watch?v=ccccccccccc".into(),
        published_at: "2025-05-05T00:00:00Z".into(),
        view_count: Some(7),
        duration: Some("PT3M".into()),
    }
}

async fn a_channel_reads_back_newest_first_with_statistics_and_decoded_titles(db: &TestDb) {
    let (url, _) = fake_service(Behaviour::Answer).await;
    let service = VideoService::new(config(&url, Some("test-key")));
    let videos = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    let ids: Vec<&str> = videos.iter().map(|v| v.id.as_str()).collect();
    assert_eq!(
        ids,
        ["bbbbbbbbbbb", "aaaaaaaaaaa"],
        "newest first, bad ids dropped"
    );
    let older = &videos[1];
    assert_eq!(older.title, "Rock & Roll Don't Stop");
    assert_eq!(older.description, "Older \"one\"");
    assert_eq!(older.view_count, Some(12345));
    assert_eq!(older.duration.as_deref(), Some("PT4M13S"));
    assert_eq!(older.url, "https://www.youtube.com/watch?v=aaaaaaaaaaa");
    assert_eq!(
        videos[0].thumbnail.as_deref(),
        Some("https://i.ytimg.com/vi/bbbbbbbbbbb/hqdefault.jpg"),
        "a video without thumbnails gets the standard one"
    );
    // The answer is kept for a later failure of the service.
    assert_eq!(
        video::stored(&db.conn, &coldplay().key()).await.unwrap(),
        *videos
    );
}

async fn a_second_read_within_the_freshness_does_not_ask_the_service(db: &TestDb) {
    let (url, calls) = fake_service(Behaviour::Answer).await;
    let service = VideoService::new(config(&url, Some("test-key")));
    let first = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    let asked = calls.load(Ordering::SeqCst);
    assert_eq!(asked, 3, "channel, uploads, then video details");
    let second = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    assert_eq!(first, second);
    assert_eq!(calls.load(Ordering::SeqCst), asked);
}

async fn a_failing_service_falls_back_to_the_stored_videos(db: &TestDb) {
    keep_a_stored_video(db).await;
    let (url, calls) = fake_service(Behaviour::Fail).await;
    let service = VideoService::new(config(&url, Some("test-key")));
    let videos = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(videos.len(), 1);
    assert_eq!(videos[0].title, "Kept from before");
}

async fn a_slow_service_is_abandoned_at_the_timeout(db: &TestDb) {
    keep_a_stored_video(db).await;
    let (url, _) = fake_service(Behaviour::Slow).await;
    let service = VideoService::new(config(&url, Some("test-key")));
    let started = Instant::now();
    let videos = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(videos[0].title, "Kept from before");
}

async fn a_reader_waits_briefly_while_one_fetch_fills_the_cache_behind_it(db: &TestDb) {
    keep_a_stored_video(db).await;
    let (url, calls) = fake_service(Behaviour::Late).await;
    let service = VideoService::new(VideoConfig {
        wait: Duration::from_millis(100),
        timeout: Duration::from_secs(5),
        ..config(&url, Some("test-key"))
    });
    let started = Instant::now();
    let first = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    // Answered from the store after its short wait, before the service answered even once
    // (relative to the service's pace, not to a tight bound a loaded machine can miss).
    assert!(
        started.elapsed() < LATE,
        "waited {:?} for a service that needs {LATE:?} a call",
        started.elapsed()
    );
    assert_eq!(first[0].title, "Kept from before");
    let second = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
    assert_eq!(second[0].title, "Kept from before");
    // The fetch goes on: three calls, then the cache holds the service's answer.
    let deadline = Instant::now() + Duration::from_secs(10);
    let fetched = loop {
        let videos = service.channel_videos(&db.conn, &coldplay()).await.unwrap();
        if videos[0].id == "bbbbbbbbbbb" || Instant::now() > deadline {
            break videos;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(fetched.len(), 2, "the service's answer: {fetched:?}");
    assert_eq!(
        calls.load(Ordering::SeqCst),
        3,
        "one fetch for all the readers that came while it ran"
    );
}

async fn without_a_key_the_service_is_never_asked(db: &TestDb) {
    video::store(&db.conn, SITE_CHANNEL_KEY, &[stored_video("Our own")])
        .await
        .unwrap();
    let (url, calls) = fake_service(Behaviour::Answer).await;
    let service = VideoService::new(config(&url, None));
    let videos = service.site_videos(&db.conn).await.unwrap();
    assert_eq!(videos[0].title, "Our own");
    assert_eq!(calls.load(Ordering::SeqCst), 0);
}

async fn an_unknown_channel_yields_the_stored_videos_which_may_be_none(db: &TestDb) {
    let (url, _) = fake_service(Behaviour::Answer).await;
    let service = VideoService::new(config(&url, Some("test-key")));
    let nobody = ChannelRef::Handle("@nobody".into());
    assert!(service
        .channel_videos(&db.conn, &nobody)
        .await
        .unwrap()
        .is_empty());
}

async fn a_single_video_link_still_plays_without_the_service(db: &TestDb) {
    let service = VideoService::new(config("http://127.0.0.1:9", None));
    let link = ChannelRef::parse("https://youtu.be/dQw4w9WgXcQ").unwrap();
    let videos = service.channel_videos(&db.conn, &link).await.unwrap();
    assert_eq!(videos.len(), 1);
    assert_eq!(videos[0].id, "dQw4w9WgXcQ");
    assert_eq!(videos[0].url, "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
}

async fn the_api_serves_the_site_channel_and_an_artist_channel_from_the_service(db: &TestDb) {
    let (url, _) = fake_service(Behaviour::Answer).await;
    let app = app(seeded(db, config(&url, Some("test-key"))).await);
    let site = get(&app, "/api/youtube/channel-videos").await;
    assert_eq!(site.status, StatusCode::OK);
    assert_eq!(site.json()[1]["title"], "Rock & Roll Don't Stop");
    assert_eq!(site.json()[1]["viewCount"], 12345);
    let artist = get(
        &app,
        "/api/artist/channel-videos?url=https%3A%2F%2Fwww.youtube.com%2F%40coldplay",
    )
    .await;
    assert_eq!(artist.status, StatusCode::OK);
    assert_eq!(artist.json().as_array().unwrap().len(), 2);
}

db_tests!(
    a_channel_reads_back_newest_first_with_statistics_and_decoded_titles,
    a_second_read_within_the_freshness_does_not_ask_the_service,
    a_failing_service_falls_back_to_the_stored_videos,
    a_slow_service_is_abandoned_at_the_timeout,
    a_reader_waits_briefly_while_one_fetch_fills_the_cache_behind_it,
    without_a_key_the_service_is_never_asked,
    an_unknown_channel_yields_the_stored_videos_which_may_be_none,
    a_single_video_link_still_plays_without_the_service,
    the_api_serves_the_site_channel_and_an_artist_channel_from_the_service,
);
