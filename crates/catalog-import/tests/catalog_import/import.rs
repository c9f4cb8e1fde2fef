//! The artist importer and the encyclopedia's summaries, on files the tests write and
//! against local fake servers, on SQLite and PostgreSQL.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get as route_get;
use axum::{Json, Router};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{self, ArtistUpsert};
use sound_atlas_catalog_import::artists;
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_catalog_import::wiki::{self, WikiConfig};
use sound_atlas_entity::artist;
use sound_atlas_import::Report;
use sound_atlas_test_db::{db_tests, temp_file as file, TestDb};

use crate::sheet;

async fn import(db: &TestDb, what: Import) -> Report {
    cli::import(&db.conn, what).await.expect("the import runs")
}

fn sheet_payload() -> String {
    // The query answer as the spreadsheet service sends it: JSON wrapped in a call.
    let rows = json!([
        { "c": [{"v": "Title"}, {"v": "Solo Video Link"}, {"v": "Bio Source Link"}, {"v": "Bio"},
                {"v": "Genres"}, {"v": "Image"}, {"v": "Spotify"}, {"v": "Apple"}, {"v": "Amazon"}, {"v": "Tidal"}] },
        { "c": [{"v": "Test Band One"}, {"v": "https://www.youtube.com/@testbandone"},
                {"v": "https://en.wikipedia.org/wiki/Test_Band_One"}, {"v": "A band made up for this test."},
                {"v": "[\"Rock\", \"Hip-Hop\"]"}, {"v": "//upload.example.org/one.jpg"},
                {"v": "https://open.spotify.com/artist/x"}, null, null, null] },
        { "c": [null, {"v": "https://www.youtube.com/@nobody"}] },
        { "c": [{"v": "Test Singer Two"}, null, null, null, {"v": "Pop, Soul ,"}, null, null, null, null, null] },
        { "c": [{"v": "Broken Links"}, {"v": "not a link"}] },
    ]);
    format!(
        "/*O_o*/\ngoogle.visualization.Query.setResponse({});",
        json!({ "version": "0.6", "status": "ok", "table": { "cols": [], "rows": rows } })
    )
}

async fn artist_by_title(db: &TestDb, title: &str) -> Option<artist::Model> {
    artist::Entity::find()
        .filter(artist::Column::Title.eq(title))
        .one(&db.conn)
        .await
        .unwrap()
}

async fn a_spreadsheet_import_adds_artists_skips_bad_rows_and_never_duplicates(db: &TestDb) {
    let path = file("artists.txt", &sheet_payload());
    let what = || Import::Artists {
        source: path.clone(),
        format: None,
    };
    let first = import(db, what()).await;
    assert_eq!((first.inserted, first.updated), (2, 0));
    let skipped: Vec<(&str, &str)> = first
        .skipped
        .iter()
        .map(|s| (s.at.as_str(), s.reason.as_str()))
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert_eq!(skipped[0], ("line 3", "no title"));
    assert_eq!(skipped[1].0, "line 5");
    assert!(skipped[1].1.contains("solo video link"));

    let one = artist_by_title(db, "Test Band One").await.unwrap();
    assert_eq!(one.genres, r#"["Rock","Hip-Hop"]"#);
    assert_eq!(
        one.image_url.as_deref(),
        Some("https://upload.example.org/one.jpg")
    );
    assert_eq!(one.external_id, "test-band-one");
    let two = artist_by_title(db, "Test Singer Two").await.unwrap();
    assert_eq!(two.genres, r#"["Pop","Soul"]"#);

    let again = import(db, what()).await;
    assert_eq!((again.inserted, again.updated, again.unchanged), (0, 0, 2));
    assert_eq!(artist::Entity::find().count(&db.conn).await.unwrap(), 2);
}

async fn a_spreadsheet_import_updates_an_artist_it_already_has(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "test-band-one".into(),
            title: sheet("Test Band One"),
            kind: sheet(ArtistKind::Band),
            bio: sheet("An older biography."),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let report = import(
        db,
        Import::Artists {
            source: file("a.txt", &sheet_payload()),
            format: None,
        },
    )
    .await;
    assert_eq!((report.inserted, report.updated), (1, 1));
    let one = artist_by_title(db, "Test Band One").await.unwrap();
    assert_eq!(one.bio.as_deref(), Some("A band made up for this test."));
    assert_eq!(one.kind, "band");
}

async fn a_payload_that_cannot_be_parsed_changes_nothing(db: &TestDb) {
    let path = file("bad.txt", "<html>Sign in to continue</html>");
    let err = cli::import(
        &db.conn,
        Import::Artists {
            source: path,
            format: None,
        },
    )
    .await
    .unwrap_err();
    assert_eq!(err.to_string(), artists::SHEETS_PARSE_ERROR);
    assert_eq!(artist::Entity::find().count(&db.conn).await.unwrap(), 0);
}

async fn artists_import_from_a_spreadsheet_url(db: &TestDb) {
    let payload = sheet_payload();
    let app = Router::new().route("/gviz/tq", route_get(move || async move { payload }));
    let base = serve(app).await;
    let report = import(
        db,
        Import::Artists {
            source: format!("{base}/gviz/tq?tqx=out:json"),
            format: None,
        },
    )
    .await;
    assert_eq!(report.inserted, 2);
}

async fn artists_import_from_csv_with_named_columns(db: &TestDb) {
    let csv = "title,genres,bioSourceLink,imageUrl\n\
               Csv Artist,\"Jazz, Blues\",https://en.wikipedia.org/wiki/Csv_Artist,//img.example.org/c.png\n\
               ,Rock,,\n\
               Bad Image,Rock,,ftp://nope\n";
    let report = import(
        db,
        Import::Artists {
            source: file("artists.csv", csv),
            format: None,
        },
    )
    .await;
    assert_eq!(report.inserted, 1);
    assert_eq!(report.skipped.len(), 2);
    assert_eq!(report.skipped[0].at, "line 3");
    assert_eq!(report.skipped[1].at, "line 4");
    let artist = artist_by_title(db, "Csv Artist").await.unwrap();
    assert_eq!(artist.genres, r#"["Jazz","Blues"]"#);
    assert_eq!(
        artist.image_url.as_deref(),
        Some("https://img.example.org/c.png")
    );
}

/// The optional `country` and `year` columns: what the country and decade pages list
/// an artist by; a year that is none is the row's problem, named by its line.
async fn a_sheet_gives_a_country_and_a_year(db: &TestDb) {
    let csv = "title,kind,country,year\n\
               Year Band,band,Japan,1994\n\
               Odd Year,solo,Peru,19x4\n";
    let report = import(
        db,
        Import::Artists {
            source: file("artists.csv", csv),
            format: None,
        },
    )
    .await;
    assert_eq!(report.inserted, 1, "{}", report.summary());
    assert_eq!(report.skipped.len(), 1);
    assert_eq!(report.skipped[0].at, "line 3");
    assert!(report.skipped[0].reason.contains("year \"19x4\""));
    let artist = artist_by_title(db, "Year Band").await.unwrap();
    assert_eq!(
        (artist.country.as_deref(), artist.year),
        (Some("Japan"), Some(1994))
    );
}

/// A CSV longer than several write batches: repeats within a batch and across batches
/// count once (the later row wins), and an unreadable row near the end rolls back
/// every batch written before it.
async fn a_large_csv_is_written_in_batches_and_commits_whole(db: &TestDb) {
    let batch = write::UPSERT_BATCH;
    let title = |i: usize| format!("Batch Artist {i}");
    let mut rows: Vec<Vec<String>> = (0..3 * batch)
        .map(|i| vec![title(i), "Rock".into()])
        .collect();
    // A repeat in the same batch (line 13), and one three batches later (the last line).
    rows.insert(11, vec![title(10), "Jazz".into()]);
    rows.push(vec![title(1), "Soul".into()]);
    let csv = |rows: &[Vec<String>]| {
        let refs: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.iter().map(String::as_str).collect())
            .collect();
        csv_of("title,genres", &refs)
    };

    // A row that is not UTF-8, after every batch: nothing stays written.
    let broken = file("broken.csv", &csv(&rows));
    let mut bytes = std::fs::read(&broken).unwrap();
    bytes.extend_from_slice(b"Not \xff UTF-8,Rock\n");
    std::fs::write(&broken, bytes).unwrap();
    let err = cli::import(
        &db.conn,
        Import::Artists {
            source: broken,
            format: Some(cli::ArtistFormat::Csv),
        },
    )
    .await
    .unwrap_err();
    assert!(err.to_string().starts_with("CSV: "), "{err}");
    assert_eq!(artist::Entity::find().count(&db.conn).await.unwrap(), 0);

    let report = import(
        db,
        Import::Artists {
            source: file("large.csv", &csv(&rows)),
            format: None,
        },
    )
    .await;
    assert_eq!(
        (report.inserted, report.updated, report.unchanged),
        (3 * batch, 0, 0),
        "{}",
        report.summary()
    );
    let repeats: Vec<&str> = report.skipped.iter().map(|s| s.at.as_str()).collect();
    assert_eq!(
        repeats,
        ["line 13".to_owned(), format!("line {}", 3 * batch + 3)]
    );
    let genres = |t: String| async move { artist_by_title(db, &t).await.unwrap().genres };
    assert_eq!(genres(title(1)).await, r#"["Soul"]"#);
    assert_eq!(genres(title(10)).await, r#"["Jazz"]"#);
    assert_eq!(genres(title(2)).await, r#"["Rock"]"#);

    // Again, with one artist changed by a repeat only: it counts as updated, once.
    rows.last_mut().unwrap()[1] = "Funk".into();
    let again = import(
        db,
        Import::Artists {
            source: file("again.csv", &csv(&rows)),
            format: None,
        },
    )
    .await;
    assert_eq!(
        (again.inserted, again.updated, again.unchanged),
        (0, 1, 3 * batch - 1),
        "{}",
        again.summary()
    );
    assert_eq!(
        artist::Entity::find().count(&db.conn).await.unwrap() as usize,
        3 * batch
    );
}

/// CSV text with a header row and one row per record (every cell quoted).
fn csv_of(header: &str, rows: &[Vec<&str>]) -> String {
    let mut out = format!("{header}\n");
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|c| format!("\"{}\"", c.replace('"', "\"\"")))
            .collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// The seed's ids are not all what a plain slug of the title gives (R.E.M. is `rem`,
/// Hall & Oates `hall-and-oates`, Earth, Wind & Fire `earth-wind-fire`): a sheet of the
/// seeded titles updates those rows, it never adds a second R.E.M.
async fn reimporting_the_seeded_titles_adds_no_artist(db: &TestDb) {
    let seeded = sound_atlas_catalog::seed::load(&db.conn).await.unwrap();
    let titles: Vec<String> = sound_atlas_catalog::seed::seed_artists()
        .unwrap()
        .into_iter()
        .map(|a| a.title)
        .collect();
    assert_eq!(titles.len(), seeded);
    for title in [
        "R.E.M.",
        "B.B. King",
        "N.W.A",
        "Destiny's Child",
        "Youssou N'Dour",
        "Hall & Oates",
        "Kool & the Gang",
        "10,000 Maniacs",
        "Cesária Évora",
    ] {
        assert!(titles.iter().any(|t| t == title), "{title} is seeded");
    }
    let rows: Vec<Vec<&str>> = titles.iter().map(|t| vec![t.as_str(), "Rock"]).collect();
    let report = import(
        db,
        Import::Artists {
            source: file("seeded.csv", &csv_of("title,genres", &rows)),
            format: None,
        },
    )
    .await;
    assert_eq!(report.inserted, 0, "{}", report.summary());
    assert!(report.skipped.is_empty(), "{}", report.summary());
    assert_eq!(report.updated + report.unchanged, seeded);
    assert_eq!(
        artist::Entity::find().count(&db.conn).await.unwrap() as usize,
        seeded
    );
    let rem = artist_by_title(db, "R.E.M.").await.unwrap();
    assert_eq!(
        (rem.external_id.as_str(), rem.genres.as_str()),
        ("rem", r#"["Rock"]"#)
    );

    // A title spelt with another case and without its accents still finds its row.
    let report = import(
        db,
        Import::Artists {
            source: file(
                "variants.csv",
                &csv_of(
                    "title,bio",
                    &[
                        vec!["CESARIA EVORA", "Cape Verdean singer."],
                        vec!["earth, wind & fire", "A band from Chicago."],
                    ],
                ),
            ),
            format: None,
        },
    )
    .await;
    assert_eq!(
        (report.inserted, report.updated),
        (0, 2),
        "{}",
        report.summary()
    );
    assert_eq!(
        artist::Entity::find().count(&db.conn).await.unwrap() as usize,
        seeded
    );
    let ewf = artist::Entity::find()
        .filter(artist::Column::ExternalId.eq("earth-wind-fire"))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(ewf.bio.as_deref(), Some("A band from Chicago."));
}

/// Optional columns the header may name: `externalId` (the key) and `kind`.
async fn an_artist_sheet_may_name_the_external_id_and_the_kind(db: &TestDb) {
    let csv = csv_of(
        "title,kind,externalId,genres",
        &[
            vec!["A New Singer", "Solo", "", "Soul"],
            vec!["Keyed Band", "band", "keyed-band-2026", "Rock"],
            vec!["Unkinded Group", "", "", "Pop"],
            vec!["Duo Kind", "duo", "", "Pop"],
            vec!["Bad Key", "", "Bad Key!", "Pop"],
        ],
    );
    let report = import(
        db,
        Import::Artists {
            source: file("kinds.csv", &csv),
            format: None,
        },
    )
    .await;
    assert_eq!(report.inserted, 3, "{}", report.summary());
    let skipped: Vec<&str> = report.skipped.iter().map(|s| s.at.as_str()).collect();
    assert_eq!(skipped, ["line 5", "line 6"]);
    assert!(report.skipped[0].reason.contains("not band or solo"));
    assert!(report.skipped[1].reason.contains("externalId"));
    let singer = artist_by_title(db, "A New Singer").await.unwrap();
    assert_eq!(
        (singer.kind.as_str(), singer.external_id.as_str()),
        ("solo", "a-new-singer")
    );
    // Without a kind a new artist is a band (documented: the spec's sheet has no such column).
    assert_eq!(
        artist_by_title(db, "Unkinded Group").await.unwrap().kind,
        "band"
    );
    assert_eq!(
        artist_by_title(db, "Keyed Band").await.unwrap().external_id,
        "keyed-band-2026"
    );

    // The key wins over the title: a renamed row is updated, not duplicated; a row
    // without a kind keeps the present one.
    let renamed = csv_of(
        "title,externalId,kind",
        &[
            vec!["Keyed Band (Renamed)", "keyed-band-2026", ""],
            vec!["A New Singer", "", ""],
        ],
    );
    let again = import(
        db,
        Import::Artists {
            source: file("renamed.csv", &renamed),
            format: None,
        },
    )
    .await;
    assert_eq!((again.inserted, again.updated, again.unchanged), (0, 1, 1));
    assert!(artist_by_title(db, "Keyed Band").await.is_none());
    assert_eq!(
        artist_by_title(db, "Keyed Band (Renamed)")
            .await
            .unwrap()
            .external_id,
        "keyed-band-2026"
    );
    assert_eq!(
        artist_by_title(db, "A New Singer").await.unwrap().kind,
        "solo"
    );
    assert_eq!(artist::Entity::find().count(&db.conn).await.unwrap(), 3);
}

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

#[derive(Clone, Default)]
struct WikiFake {
    agents: Arc<Mutex<Vec<String>>>,
}

async fn summary(
    State(fake): State<WikiFake>,
    headers: HeaderMap,
    Path(title): Path<String>,
) -> Response {
    let agent = headers
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    fake.agents.lock().unwrap().push(agent);
    match title.as_str() {
        "With_Image" => Json(json!({
            "type": "standard",
            "title": "With Image",
            "extract": "An encyclopedia summary.",
            "thumbnail": { "source": "https://upload.wikimedia.org/thumb/w.jpg/320px-w.jpg", "width": 320, "height": 200 },
            "originalimage": { "source": "https://upload.wikimedia.org/w.jpg", "width": 2000, "height": 1250 }
        }))
        .into_response(),
        "No_Bio" => Json(json!({ "type": "standard", "title": "No Bio", "extract": "Filled from the encyclopedia." })).into_response(),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The encyclopedia's action API, for titles that are no redirects: each is its own page.
async fn no_redirects(Query(query): Query<HashMap<String, String>>) -> Json<Value> {
    let pages: Vec<Value> = query["titles"]
        .split('|')
        .map(|title| json!({ "ns": 0, "title": title }))
        .collect();
    Json(json!({ "batchcomplete": true, "query": { "pages": pages } }))
}

async fn summaries_fill_only_missing_biographies_and_set_no_image(db: &TestDb) {
    let fake = WikiFake::default();
    let base = serve(
        Router::new()
            .route("/page/summary/{title}", route_get(summary))
            .route("/w/api.php", route_get(no_redirects))
            .with_state(fake.clone()),
    )
    .await;
    let artist = |slug: &str, title: &str, page: &str, bio: Option<&str>| ArtistUpsert {
        external_id: slug.into(),
        title: sheet(title),
        bio: bio.and_then(sheet),
        bio_source_link: sheet(format!("https://en.wikipedia.org/wiki/{page}")),
        ..Default::default()
    };
    write::upsert(
        &db.conn,
        vec![
            artist(
                "with-image",
                "With Image",
                "With_Image",
                Some("Our own biography."),
            ),
            artist("no-bio", "No Bio", "No_Bio", None),
            artist("image-no-bio", "Image No Bio", "With_Image", None),
            artist("missing", "Missing", "Missing_Page", None),
        ],
    )
    .await
    .unwrap();
    let config = WikiConfig {
        action_api: Some(format!("{base}/w/api.php")),
        api_base: Some(base),
        pace: Duration::from_millis(1),
        ..WikiConfig::default()
    };
    let report = wiki::fill_biographies(&db.conn, &config).await.unwrap();
    assert_eq!(report.updated, 2, "{}", report.summary());
    assert_eq!(report.skipped.len(), 1);
    assert!(report.skipped[0].at.contains("Missing"));

    let with_image = artist_by_title(db, "With Image").await.unwrap();
    assert_eq!(
        with_image.bio.as_deref(),
        Some("Our own biography."),
        "a present bio is kept"
    );
    let no_bio = artist_by_title(db, "No Bio").await.unwrap();
    assert_eq!(no_bio.bio.as_deref(), Some("Filled from the encyclopedia."));
    // A summary's image names no author or licence: it is never used.
    let image_no_bio = artist_by_title(db, "Image No Bio").await.unwrap();
    assert_eq!(
        image_no_bio.bio.as_deref(),
        Some("An encyclopedia summary.")
    );
    assert_eq!(
        (image_no_bio.image_url, image_no_bio.image_source),
        (None, None)
    );

    // Only artists without a biography are asked about, with the site's User-Agent.
    let agents = fake.agents.lock().unwrap().clone();
    assert_eq!(agents.len(), 3);
    assert!(
        agents.iter().all(|a| a.starts_with("SoundAtlas/")),
        "{agents:?}"
    );

    let again = wiki::fill_biographies(&db.conn, &config).await.unwrap();
    assert_eq!(
        (again.updated, again.unchanged, again.skipped.len()),
        (0, 0, 1)
    );
}

/// An encyclopedia that is busy, slow or fine depending on the page, and notes when
/// each request arrived.
#[derive(Clone, Default)]
struct BusyWiki {
    seen: Arc<Mutex<Vec<(String, std::time::Instant)>>>,
}

impl BusyWiki {
    fn times_of(&self, page: &str) -> Vec<std::time::Instant> {
        let seen = self.seen.lock().unwrap();
        seen.iter()
            .filter(|(p, _)| p == page)
            .map(|(_, t)| *t)
            .collect()
    }

    fn pages(&self) -> Vec<String> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .map(|(p, _)| p.clone())
            .collect()
    }
}

async fn busy_summary(State(fake): State<BusyWiki>, Path(page): Path<String>) -> Response {
    let earlier = fake.times_of(&page).len();
    fake.seen
        .lock()
        .unwrap()
        .push((page.clone(), std::time::Instant::now()));
    let too_many = |after: &str| {
        (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", after.to_owned())],
        )
            .into_response()
    };
    match page.as_str() {
        // Busy once, asking for a one-second pause.
        "Busy_Once" if earlier == 0 => too_many("1"),
        // Busy for an hour: the wait is bounded and the retries run out.
        "Busy_For_An_Hour" => too_many("3600"),
        "Slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            Json(json!({ "type": "standard", "extract": "Too late." })).into_response()
        }
        _ => {
            Json(json!({ "type": "standard", "extract": format!("About {page}.") })).into_response()
        }
    }
}

/// Artists without a biography whose links name these pages, in this order, and an
/// encyclopedia fake to ask.
async fn busy_setup(db: &TestDb, pages: &[&str]) -> (BusyWiki, String) {
    let rows = pages
        .iter()
        .map(|page| ArtistUpsert {
            external_id: page.to_lowercase().replace('_', "-"),
            title: sheet(page.replace('_', " ")),
            bio_source_link: sheet(format!("https://en.wikipedia.org/wiki/{page}")),
            ..Default::default()
        })
        .collect();
    write::upsert(&db.conn, rows).await.unwrap();
    let fake = BusyWiki::default();
    let base = serve(
        Router::new()
            .route("/page/summary/{title}", route_get(busy_summary))
            .route("/w/api.php", route_get(no_redirects))
            .with_state(fake.clone()),
    )
    .await;
    (fake, base)
}

async fn bio_of(db: &TestDb, title: &str) -> Option<String> {
    artist_by_title(db, title).await.unwrap().bio
}

async fn enrichment_waits_as_a_429_asks_and_gives_up_after_bounded_retries(db: &TestDb) {
    let (fake, base) = busy_setup(db, &["Busy_Once", "Busy_For_An_Hour", "After_Them"]).await;
    let config = WikiConfig {
        action_api: Some(format!("{base}/w/api.php")),
        api_base: Some(base),
        pace: Duration::from_millis(20),
        retries: 2,
        // Far enough above the one second asked for that a loaded machine's delays never
        // blur the two apart.
        max_retry_wait: Duration::from_millis(3000),
        ..WikiConfig::default()
    };
    let started = std::time::Instant::now();
    let report = wiki::fill_biographies(&db.conn, &config).await.unwrap();
    // Asked for one second: waited at least that long (on a loaded machine the retry came
    // up to three seconds later: no upper bound), then the retry succeeded.
    let once = fake.times_of("Busy_Once");
    assert_eq!(once.len(), 2);
    let waited = once[1] - once[0];
    assert!(waited >= Duration::from_millis(990), "{waited:?}");
    assert_eq!(
        bio_of(db, "Busy Once").await.as_deref(),
        Some("About Busy_Once.")
    );
    // Asked for an hour: each wait cut to 3 s, two retries, then skipped with a reason.
    let hour = fake.times_of("Busy_For_An_Hour");
    assert_eq!(hour.len(), 3);
    for pair in hour.windows(2) {
        let waited = pair[1] - pair[0];
        assert!(
            waited >= Duration::from_millis(2990) && waited < Duration::from_millis(4500),
            "{waited:?}"
        );
    }
    assert_eq!(report.skipped.len(), 1, "{}", report.summary());
    assert!(report.skipped[0].at.contains("Busy For An Hour"));
    assert!(
        report.skipped[0].reason.contains("429"),
        "{}",
        report.summary()
    );
    assert_eq!(bio_of(db, "Busy For An Hour").await, None);
    // And the next artist was still asked.
    assert_eq!(
        bio_of(db, "After Them").await.as_deref(),
        Some("About After_Them.")
    );
    assert_eq!(report.updated, 2);
    assert!(started.elapsed() < Duration::from_secs(15));
}

async fn a_slow_answer_skips_that_artist_and_the_rest_go_on(db: &TestDb) {
    let (fake, base) = busy_setup(db, &["Before_It", "Slow", "After_It"]).await;
    let config = WikiConfig {
        action_api: Some(format!("{base}/w/api.php")),
        api_base: Some(base),
        pace: Duration::from_millis(10),
        timeout: Duration::from_millis(300),
        ..WikiConfig::default()
    };
    let started = std::time::Instant::now();
    let report = wiki::fill_biographies(&db.conn, &config).await.unwrap();
    // The slow page answers after 3 s; the run did not wait for it.
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(fake.pages(), ["Before_It", "Slow", "After_It"]);
    assert_eq!(report.skipped.len(), 1, "{}", report.summary());
    assert!(report.skipped[0].at.contains("Slow"));
    assert!(
        report.skipped[0].reason.contains("no answer within 300 ms"),
        "{}",
        report.summary()
    );
    assert_eq!(bio_of(db, "Slow").await, None);
    assert_eq!(
        bio_of(db, "Before It").await.as_deref(),
        Some("About Before_It.")
    );
    assert_eq!(
        bio_of(db, "After It").await.as_deref(),
        Some("About After_It.")
    );
    assert_eq!(report.updated, 2);
}

async fn requests_to_the_encyclopedia_are_paced(db: &TestDb) {
    let pages = ["One", "Two", "Three", "Four"];
    let (fake, base) = busy_setup(db, &pages).await;
    let pace = Duration::from_millis(250);
    let config = WikiConfig {
        action_api: Some(format!("{base}/w/api.php")),
        api_base: Some(base),
        pace,
        ..WikiConfig::default()
    };
    let report = wiki::fill_biographies(&db.conn, &config).await.unwrap();
    assert_eq!(report.updated, 4);
    let times: Vec<std::time::Instant> = pages.iter().map(|p| fake.times_of(p)[0]).collect();
    for pair in times.windows(2) {
        let gap = pair[1] - pair[0];
        // The client waits `pace` between sends. Arrivals are seen later by however
        // long the scheduler held each one (tens of milliseconds on a loaded machine),
        // so a gap may look shorter by that; unpaced requests would be milliseconds apart.
        assert!(gap >= pace * 3 / 4, "{gap:?}");
        assert!(gap < pace * 3, "{gap:?}");
    }
}

db_tests!(
    a_spreadsheet_import_adds_artists_skips_bad_rows_and_never_duplicates,
    a_spreadsheet_import_updates_an_artist_it_already_has,
    a_payload_that_cannot_be_parsed_changes_nothing,
    artists_import_from_a_spreadsheet_url,
    artists_import_from_csv_with_named_columns,
    a_large_csv_is_written_in_batches_and_commits_whole,
    reimporting_the_seeded_titles_adds_no_artist,
    an_artist_sheet_may_name_the_external_id_and_the_kind,
    summaries_fill_only_missing_biographies_and_set_no_image,
    enrichment_waits_as_a_429_asks_and_gives_up_after_bounded_retries,
    a_slow_answer_skips_that_artist_and_the_rest_go_on,
    requests_to_the_encyclopedia_are_paced,
    a_sheet_gives_a_country_and_a_year,
);
