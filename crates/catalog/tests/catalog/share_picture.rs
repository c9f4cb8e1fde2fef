//! Artists' share pictures (`/og/artist/{id}.jpg`) as the server answers them, on
//! SQLite and PostgreSQL.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::http::StatusCode;
use axum::Router;
use sound_atlas_catalog::store::Entry;
use sound_atlas_catalog::{seed, share_picture, Catalog};
use sound_atlas_share_picture::ShareImages;
use sound_atlas_test_client::get;
use sound_atlas_test_db::{db_tests, TestDb};

async fn seeded(db: &TestDb) -> Catalog {
    seed::load(&db.conn).await.expect("seed loads");
    Catalog::new(db.conn.clone())
}

fn app(catalog: Catalog) -> Router {
    app_with(catalog, ShareImages::new(&sound_atlas_import::user_agent()))
}

fn app_with(catalog: Catalog, images: ShareImages) -> Router {
    share_picture::router(images).with_state(catalog)
}

fn decode(jpeg: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(jpeg, image::ImageFormat::Jpeg)
        .expect("a JPEG")
        .to_rgb8()
}

/// The catalogue's artists as its snapshot holds them, in list order.
async fn artists_of(catalog: &Catalog) -> Vec<Entry> {
    catalog
        .snapshot(false)
        .await
        .unwrap()
        .entries()
        .cloned()
        .collect()
}

async fn every_artist_has_its_own_1200_by_630_share_image(db: &TestDb) {
    let catalog = seeded(db).await;
    let artists = artists_of(&catalog).await;
    let app = app(catalog);
    let mut seen = Vec::new();
    for uri in [
        format!("/og/artist/{}.jpg", artists[0].id),
        format!("/og/artist/{}.jpg", artists[1].id),
    ] {
        let answer = get(&app, &uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        assert_eq!(answer.header("content-type"), Some("image/jpeg"));
        assert_eq!(decode(&answer.bytes).dimensions(), (1200, 630), "{uri}");
        assert!(
            !seen.contains(&answer.bytes),
            "{uri} looks like another page"
        );
        seen.push(answer.bytes);
    }
    for uri in ["/og/artist/999999.jpg", "/og/artist/x.jpg"] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        let body: serde_json::Value = serde_json::from_slice(&answer.bytes).expect("a JSON body");
        assert_eq!(body["status"], 404);
    }
}

/// A local photo host: a red PNG, a missing one, an HTML page and a host too slow to
/// wait for. Its `host:port`, and how many requests it was sent.
async fn photo_host() -> (String, Arc<AtomicUsize>) {
    use axum::routing::get as route;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(48, 48).unwrap();
    pixmap.fill(resvg::tiny_skia::Color::from_rgba8(250, 10, 10, 255));
    let red = pixmap.encode_png().unwrap();
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    let app = axum::Router::new()
        .route(
            "/red.png",
            route(move || async move { ([("content-type", "image/png")], red.clone()) }),
        )
        .route("/page.png", route(|| async { "<html>not an image</html>" }))
        .route(
            "/slow.png",
            route(|| async {
                tokio::time::sleep(std::time::Duration::from_secs(30)).await;
                "late"
            }),
        )
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| {
                counted.fetch_add(1, Ordering::SeqCst);
                next.run(request)
            },
        ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = listener.local_addr().unwrap().to_string();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (host, hits)
}

/// The colour at the middle of the share picture's photo frame.
/// Whether the middle of the photo frame is the test photo's red (as near as JPEG
/// keeps it).
fn shows_the_red_photo(jpeg: &[u8]) -> bool {
    let [r, g, b] = decode(jpeg).get_pixel(940, 275).0;
    r >= 240 && g <= 20 && b <= 20
}

/// Whether the band under the photo frame, where its credit goes, holds light text.
fn has_credit_text(jpeg: &[u8]) -> bool {
    let picture = decode(jpeg);
    (760..1100).any(|x| {
        (478..520).any(|y| {
            let [r, g, b] = picture.get_pixel(x, y).0;
            r > 200 && g > 200 && b > 200
        })
    })
}

/// Gives artist `id` the photo at `url`, with its credit when `credited`.
async fn set_photo(db: &TestDb, id: i32, url: &str, credited: bool) {
    use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
    let row = sound_atlas_entity::artist::Entity::find_by_id(id)
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    let mut row = row.into_active_model();
    row.image_url = Set(Some(url.to_owned()));
    row.image_thumbnail_url = Set(Some(url.to_owned()));
    if credited {
        row.image_author = Set(Some("Carl Lender".into()));
        row.image_license = Set(Some("CC BY-SA 4.0".into()));
    }
    row.update(&db.conn).await.unwrap();
}

async fn an_artists_share_picture_shows_their_credited_photo_when_it_loads(db: &TestDb) {
    let (host, _) = photo_host().await;
    let catalog = seeded(db).await;
    let artists = artists_of(&catalog).await;
    // (artist, photo, credited, shown)
    let cases = [
        (artists[0].id, format!("http://{host}/red.png"), true, true),
        // Free photos ask for their credit wherever they appear: unknown, left out.
        (
            artists[5].id,
            format!("http://{host}/red.png"),
            false,
            false,
        ),
        (
            artists[1].id,
            format!("http://{host}/missing.png"),
            true,
            false,
        ),
        (
            artists[2].id,
            format!("http://{host}/page.png"),
            true,
            false,
        ),
        (
            artists[3].id,
            format!("http://{host}/slow.png"),
            true,
            false,
        ),
        (artists[4].id, "javascript:alert(1)".to_owned(), true, false),
    ];
    for (id, url, credited, _) in &cases {
        set_photo(db, *id, url, *credited).await;
    }
    // A fresh catalogue reads the changed rows (a refresh right after a read is ignored);
    // the local photo host is allowed as a test allows it.
    let images = ShareImages::with_test_host(&sound_atlas_import::user_agent(), &host, true);
    let app = app_with(Catalog::new(db.conn.clone()), images);
    for (id, url, _, shown) in cases {
        let started = std::time::Instant::now();
        let answer = get(&app, &format!("/og/artist/{id}.jpg")).await;
        assert_eq!(answer.status, StatusCode::OK, "{url}");
        assert_eq!(decode(&answer.bytes).dimensions(), (1200, 630), "{url}");
        assert_eq!(shows_the_red_photo(&answer.bytes), shown, "{url}");
        // The photo's credit is drawn with it, never without it.
        assert_eq!(has_credit_text(&answer.bytes), shown, "{url}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{url} waited too long"
        );
    }
}

async fn a_photo_on_the_servers_own_network_is_never_fetched(db: &TestDb) {
    let (host, hits) = photo_host().await;
    let catalog = seeded(db).await;
    let artists = artists_of(&catalog).await;
    let port = host.rsplit(':').next().unwrap();
    let urls = [
        format!("http://{host}/red.png"),
        format!("http://localhost:{port}/red.png"),
        format!("https://{host}/red.png"),
    ];
    for (artist, url) in artists.iter().zip(&urls) {
        set_photo(db, artist.id, url, true).await;
    }
    let app = app(Catalog::new(db.conn.clone()));
    for (artist, url) in artists.iter().zip(&urls) {
        let answer = get(&app, &format!("/og/artist/{}.jpg", artist.id)).await;
        assert_eq!(answer.status, StatusCode::OK, "{url}");
        assert!(!shows_the_red_photo(&answer.bytes), "{url}");
        assert!(!has_credit_text(&answer.bytes), "{url}");
    }
    assert_eq!(hits.load(Ordering::SeqCst), 0);
}

db_tests!(
    every_artist_has_its_own_1200_by_630_share_image,
    an_artists_share_picture_shows_their_credited_photo_when_it_loads,
    a_photo_on_the_servers_own_network_is_never_fetched,
);
