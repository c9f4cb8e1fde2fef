//! The content's importers (charts, new songs, articles) on files the tests write, on
//! SQLite and PostgreSQL.

use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::json;
use sound_atlas_content::cli::{self, Import};
use sound_atlas_entity::{article, new_song, top_ten_entry};
use sound_atlas_import::Report;
use sound_atlas_test_db::{db_tests, temp_file as file, TestDb};

async fn import(db: &TestDb, what: Import) -> Report {
    cli::import(&db.conn, what).await.expect("the import runs")
}

/// An article file, its format read from its name.
async fn import_articles(db: &TestDb, source: String) -> Report {
    import(
        db,
        Import::Articles {
            source,
            format: None,
        },
    )
    .await
}

/// The one article stored (these tests import one).
async fn the_article(db: &TestDb) -> article::Model {
    article::Entity::find()
        .one(&db.conn)
        .await
        .unwrap()
        .expect("an article is stored")
}

fn article_json(title: &str, category: &str) -> serde_json::Value {
    json!({
        "title": title, "summary": "A summary.", "date": "2026-01-02", "category": category,
        "content": ["First paragraph.", "Second <b>bold</b> paragraph."], "tags": ["One", "Two"]
    })
}

async fn articles_import_from_json_updates_in_place(db: &TestDb) {
    // Laid out as a person writes it: a bad record is reported by the line it starts on.
    let text = format!(
        "[\n  {},\n  {},\n\n  {}\n]\n",
        article_json("Imported Story", "General"),
        article_json("Wrong Category", "Gossip"),
        serde_json::to_string_pretty(
            &json!({ "title": "No Date", "summary": "s", "category": "General", "content": "c", "tags": "t" })
        )
        .unwrap()
    );
    let path = file("articles.json", &text);
    let first = import_articles(db, path.clone()).await;
    assert_eq!(first.inserted, 1);
    let at: Vec<&str> = first.skipped.iter().map(|s| s.at.as_str()).collect();
    assert_eq!(at, ["line 3", "line 5"]);
    assert!(first.skipped[0].reason.contains("category must be one of"));
    let stored = the_article(db).await;
    assert_eq!(
        stored.content,
        "First paragraph.|Second <b>bold</b> paragraph."
    );
    assert_eq!(stored.tags, "One, Two");

    let mut changed = article_json("Imported Story", "news-and-updates");
    changed["summary"] = json!("A better summary.");
    let path = file("articles.json", &json!([changed]).to_string());
    let second = import_articles(db, path).await;
    assert_eq!((second.inserted, second.updated), (0, 1));
    assert_eq!(article::Entity::find().count(&db.conn).await.unwrap(), 1);
    let stored = the_article(db).await;
    assert_eq!(stored.category, "News & Updates");
    assert_eq!(stored.summary, "A better summary.");
}

/// An image's credit is the editor's, kept with its image: on the article and under
/// the lead image of its share picture; an image without one is drawn without one.
async fn an_article_image_keeps_its_credit(db: &TestDb) {
    let mut with_credits = article_json("Credited Story", "General");
    with_credits["featuredImage"] = json!("https://upload.wikimedia.org/a.jpg");
    with_credits["featuredImageCredit"] = json!("Jane Doe · CC BY-SA 4.0");
    with_credits["image1"] = json!("https://upload.wikimedia.org/b.jpg");
    with_credits["image1Credit"] = json!("  ");
    let path = file("articles.json", &json!([with_credits]).to_string());
    let report = import_articles(db, path).await;
    assert_eq!(report.inserted, 1);
    let stored = the_article(db).await;
    assert_eq!(
        stored.featured_image_credit.as_deref(),
        Some("Jane Doe · CC BY-SA 4.0")
    );
    assert_eq!(stored.image1_credit, None, "a blank credit is none");
    assert_eq!(stored.image2_credit, None);
    let article = sound_atlas_content::model::article_from_row(stored, &Default::default());
    let card = sound_atlas_content::share_picture::card(&article);
    assert_eq!(
        card.photo_credit.as_deref(),
        Some("Photo: Jane Doe · CC BY-SA 4.0")
    );
    let lead_without_credit = sound_atlas_content::model::Article {
        featured_image: None,
        ..article
    };
    let card = sound_atlas_content::share_picture::card(&lead_without_credit);
    assert_eq!(
        card.image_url.as_deref(),
        Some("https://upload.wikimedia.org/b.jpg")
    );
    assert_eq!(card.photo_credit, None);
}

async fn articles_import_from_csv(db: &TestDb) {
    let csv = "title,summary,date,category,content,tags,youtubeVideo,product1Name,product1Link\n\
               Csv Story,Short.,2026-03-04,Equipment & Gear,One|Two,\"Gear, Tips\",dQw4w9WgXcQ,A Mic,https://www.amazon.com/s?k=mic\n\
               Bad Video,Short.,2026-03-04,General,One,Tag,no-such-video-id,,\n";
    let report = import_articles(db, file("a.csv", csv)).await;
    assert_eq!(report.inserted, 1);
    assert_eq!(report.skipped.len(), 1);
    assert_eq!(report.skipped[0].at, "line 3");
    assert!(report.skipped[0].reason.contains("Invalid YouTube URL"));
    let stored = the_article(db).await;
    assert_eq!(stored.youtube_video.as_deref(), Some("dQw4w9WgXcQ"));
    assert_eq!(stored.product1_name.as_deref(), Some("A Mic"));
}

fn chart(places: std::ops::RangeInclusive<i32>, suffix: &str) -> String {
    json!(places
        .map(|rank| json!({ "rank": rank, "songName": format!("Song {rank}{suffix}"), "artist": "Someone" }))
        .collect::<Vec<_>>())
    .to_string()
}

fn chart_of(week: &str, chart_name: &str, text: &str) -> Import {
    Import::TopTen {
        source: file("c.json", text),
        week: week.into(),
        chart: chart_name.into(),
        picks: false,
        format: None,
    }
}

/// The places of one week as stored: (rank, song, source).
async fn stored_week(db: &TestDb, week: &str) -> Vec<(i32, String, String)> {
    let mut rows: Vec<_> = top_ten_entry::Entity::find()
        .filter(top_ten_entry::Column::WeekOf.eq(week))
        .all(&db.conn)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.rank, r.song_name, r.source))
        .collect();
    rows.sort();
    rows
}

async fn a_chart_import_adds_or_replaces_one_week_or_changes_nothing(db: &TestDb) {
    let report = import(db, chart_of("2026-11-09", "Test Chart", &chart(1..=10, ""))).await;
    assert_eq!(report.inserted, 10);
    let next = import(
        db,
        chart_of("2026-11-16", "Test Chart", &chart(1..=10, " (b)")),
    )
    .await;
    assert_eq!((next.inserted, next.updated), (10, 0));
    // The same week again replaces that week only.
    let again = import(
        db,
        chart_of("2026-11-09", "Other Chart", &chart(1..=10, " (new)")),
    )
    .await;
    assert_eq!((again.inserted, again.updated), (0, 10));
    assert_eq!(
        top_ten_entry::Entity::find().count(&db.conn).await.unwrap(),
        20
    );
    let first_week = stored_week(db, "2026-11-09").await;
    assert_eq!(first_week.len(), 10);
    assert_eq!(
        first_week[0],
        (1, "Song 1 (new)".into(), "Other Chart".into())
    );
    assert_eq!(stored_week(db, "2026-11-16").await[0].1, "Song 1 (b)");

    // A short chart, a bad week or a blank chart name: nothing changes.
    for (what, expected) in [
        (
            chart_of("2026-11-16", "Test Chart", &chart(1..=9, " (bad)")),
            "nothing was changed",
        ),
        (
            chart_of("2026-02-30", "Test Chart", &chart(1..=10, " (bad)")),
            "week must be a date",
        ),
        (
            chart_of("2026-11-16", " ", &chart(1..=10, " (bad)")),
            "source is empty",
        ),
    ] {
        let err = cli::import(&db.conn, what).await.unwrap_err().to_string();
        assert!(err.contains(expected), "{err}");
        assert!(err.contains("nothing was changed"), "{err}");
    }
    assert_eq!(stored_week(db, "2026-11-16").await[0].1, "Song 1 (b)");
    assert_eq!(
        top_ten_entry::Entity::find().count(&db.conn).await.unwrap(),
        20
    );
}

async fn new_songs_import_from_csv_keys_on_artist_and_song(db: &TestDb) {
    let csv = "songName,artistName,videoId,releaseDate\n\
               Fresh,Newcomer,https://youtu.be/dQw4w9WgXcQ,2026-10-01\n\
               Dated,Somebody,,2026-02-30\n";
    let first = import(
        db,
        Import::NewSongs {
            source: file("s.csv", csv),
            format: None,
        },
    )
    .await;
    assert_eq!(first.inserted, 1);
    assert_eq!(first.skipped[0].at, "line 3");
    let again = import(
        db,
        Import::NewSongs {
            source: file("s.csv", csv),
            format: None,
        },
    )
    .await;
    assert_eq!((again.inserted, again.unchanged), (0, 1));
    let song = new_song::Entity::find()
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(song.external_id, "newcomer-fresh");
    assert_eq!(song.video_id.as_deref(), Some("dQw4w9WgXcQ"));
}

db_tests!(
    an_article_image_keeps_its_credit,
    articles_import_from_json_updates_in_place,
    articles_import_from_csv,
    a_chart_import_adds_or_replaces_one_week_or_changes_nothing,
    new_songs_import_from_csv_keys_on_artist_and_song,
);
