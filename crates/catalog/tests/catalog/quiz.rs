//! The quiz facts (`GET /api/quiz/facts?seed=`) against a real database, on SQLite and PostgreSQL.

use axum::http::StatusCode;
use sea_orm::{ActiveModelTrait, Set};
use sound_atlas_catalog::quiz::{self, QuizFact, QuizSeed};
use sound_atlas_catalog::{api, reads, seed, Catalog};
use sound_atlas_catalog::{ArtistId, ArtistKind};
use sound_atlas_contract::quiz::QUIZ_SAMPLE_SIZE;
use sound_atlas_entity::artist;
use sound_atlas_test_db::{db_tests, TestDb};

struct NewArtist<'a> {
    slug: &'a str,
    title: &'a str,
    kind: &'a str,
    year: Option<i32>,
    origin: Option<&'a str>,
    real_name: Option<&'a str>,
    bio: &'a str,
}

async fn insert(db: &TestDb, a: NewArtist<'_>) {
    artist::ActiveModel {
        external_id: Set(a.slug.to_owned()),
        title: Set(a.title.to_owned()),
        kind: Set(a.kind.to_owned()),
        year: Set(a.year),
        origin: Set(a.origin.map(str::to_owned)),
        real_name: Set(a.real_name.map(str::to_owned)),
        genres: Set(r#"["Rock","Blues"]"#.to_owned()),
        bio: Set(Some(a.bio.to_owned())),
        ..Default::default()
    }
    .insert(&db.conn)
    .await
    .expect("insert artist");
}

fn seed_of(text: &str) -> QuizSeed {
    QuizSeed::parse(Some(text)).unwrap()
}

/// A small catalogue: every eligible artist is in every sample.
async fn small_catalogue(db: &TestDb) -> Catalog {
    let long = "A biography that is comfortably longer than fifty characters in all.";
    insert(db, NewArtist { slug: "omaha", title: "Omaha Band", kind: "band", year: Some(1988), origin: Some("Omaha, Nebraska, United States"), real_name: None,
        bio: "Omaha Band is a rock band from Nebraska, which later relocated to Los Angeles and toured widely." }).await;
    insert(
        db,
        NewArtist {
            slug: "la",
            title: "LA Solo",
            kind: "solo",
            year: Some(1970),
            origin: Some("Los Angeles, California, United States"),
            real_name: Some("Laura Ann Solo"),
            bio: long,
        },
    )
    .await;
    insert(
        db,
        NewArtist {
            slug: "no-year",
            title: "No Year",
            kind: "solo",
            year: None,
            origin: None,
            real_name: None,
            bio: "No Year is a singer. She was born Nora Yates in Bergen in 1984. She sings.",
        },
    )
    .await;
    insert(
        db,
        NewArtist {
            slug: "no-year-band",
            title: "Formed Late",
            kind: "band",
            year: None,
            origin: None,
            real_name: None,
            bio: "Formed Late make noise. The band was formed in Tacoma in 1991 by two cousins.",
        },
    )
    .await;
    insert(
        db,
        NewArtist {
            slug: "short",
            title: "Short Bio",
            kind: "solo",
            year: Some(1999),
            origin: Some("Rome, Italy"),
            real_name: None,
            bio: "Forty-nine characters, just under the quiz rule.",
        },
    )
    .await;
    Catalog::new(db.conn.clone())
}

async fn only_artists_with_a_bio_of_fifty_characters_are_sent(db: &TestDb) {
    let catalog = small_catalogue(db).await;
    let facts = quiz::facts(&catalog, &seed_of("abc")).await.unwrap();
    let mut titles: Vec<&str> = facts.iter().map(|f| f.title.as_str()).collect();
    titles.sort();
    assert_eq!(titles, ["Formed Late", "LA Solo", "No Year", "Omaha Band"]);
    assert!(facts.iter().all(|f| f.bio_length >= 50));
}

async fn each_fact_carries_the_artist_fields_and_no_biography(db: &TestDb) {
    let catalog = small_catalogue(db).await;
    let facts = quiz::facts(&catalog, &seed_of("abc")).await.unwrap();
    let la = facts.iter().find(|f| f.title == "LA Solo").unwrap();
    assert_eq!(
        la,
        &QuizFact {
            id: la.id,
            title: "LA Solo".into(),
            kind: ArtistKind::Solo,
            year: Some(1970),
            origin: Some("Los Angeles, California, United States".into()),
            real_name: Some("Laura Ann Solo".into()),
            genres: vec!["Rock".into(), "Blues".into()],
            bio_length: 68,
            bio_line: None,
            bio_places: vec![],
        }
    );
    let json = serde_json::to_value(la).unwrap();
    let mut keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "bioLength",
            "bioLine",
            "bioPlaces",
            "genres",
            "id",
            "kind",
            "origin",
            "realName",
            "title",
            "year"
        ]
    );
}

async fn a_missing_year_or_real_name_sends_the_sentence_that_states_it(db: &TestDb) {
    let catalog = small_catalogue(db).await;
    let facts = quiz::facts(&catalog, &seed_of("abc")).await.unwrap();
    let line = |title: &str| {
        facts
            .iter()
            .find(|f| f.title == title)
            .unwrap()
            .bio_line
            .clone()
    };
    assert_eq!(
        line("No Year").as_deref(),
        Some("She was born Nora Yates in Bergen in 1984.")
    );
    assert_eq!(
        line("Formed Late").as_deref(),
        Some("The band was formed in Tacoma in 1991 by two cousins.")
    );
    assert_eq!(line("Omaha Band"), None);
}

async fn places_a_biography_names_are_sent_with_it(db: &TestDb) {
    let catalog = small_catalogue(db).await;
    let facts = quiz::facts(&catalog, &seed_of("abc")).await.unwrap();
    let omaha = facts.iter().find(|f| f.title == "Omaha Band").unwrap();
    assert_eq!(omaha.bio_places, ["Los Angeles"]);
}

async fn a_seed_picks_the_same_sample_of_the_seeded_catalogue_every_time(db: &TestDb) {
    seed::load(&db.conn).await.unwrap();
    let catalog = Catalog::new(db.conn.clone());
    let first = quiz::facts(&catalog, &seed_of("share-me")).await.unwrap();
    assert_eq!(first.len(), QUIZ_SAMPLE_SIZE);
    assert_eq!(
        quiz::facts(&catalog, &seed_of("share-me")).await.unwrap(),
        first
    );
    let other = quiz::facts(&catalog, &seed_of("another")).await.unwrap();
    assert_ne!(other, first);
    // Every fact is the artist's own.
    for fact in &first {
        let id = ArtistId::parse(&fact.id.to_string()).unwrap();
        let artist = reads::artist(&catalog, id).await.unwrap();
        assert_eq!(
            (
                &fact.title,
                fact.year,
                &fact.origin,
                &fact.real_name,
                &fact.genres
            ),
            (
                &artist.title,
                artist.year,
                &artist.origin,
                &artist.real_name,
                &artist.genres
            )
        );
        assert_eq!(fact.bio_length, artist.bio.unwrap().trim().chars().count());
    }
}

async fn get(catalog: Catalog, uri: &str) -> (StatusCode, serde_json::Value) {
    let app = axum::Router::new()
        .nest("/api", api::router::<Catalog>())
        .with_state(catalog);
    let answer = sound_atlas_test_client::get(&app, uri).await;
    (answer.status, answer.json())
}

async fn the_endpoint_serves_the_sample_and_refuses_a_bad_seed(db: &TestDb) {
    let catalog = small_catalogue(db).await;
    let (status, body) = get(catalog.clone(), "/api/quiz/facts?seed=abc").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.as_array().unwrap().len(), 4);
    assert_eq!(
        body,
        serde_json::to_value(quiz::facts(&catalog, &seed_of("abc")).await.unwrap()).unwrap()
    );
    for bad in [
        "/api/quiz/facts",
        "/api/quiz/facts?seed=",
        "/api/quiz/facts?seed=a%20b",
    ] {
        let (status, body) = get(catalog.clone(), bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(body["message"], quiz::INVALID_SEED);
    }
}

async fn an_empty_catalogue_gives_an_empty_sample(db: &TestDb) {
    let catalog = Catalog::new(db.conn.clone());
    assert!(quiz::facts(&catalog, &seed_of("x"))
        .await
        .unwrap()
        .is_empty());
}

db_tests!(
    only_artists_with_a_bio_of_fifty_characters_are_sent,
    each_fact_carries_the_artist_fields_and_no_biography,
    a_missing_year_or_real_name_sends_the_sentence_that_states_it,
    places_a_biography_names_are_sent_with_it,
    a_seed_picks_the_same_sample_of_the_seeded_catalogue_every_time,
    the_endpoint_serves_the_sample_and_refuses_a_bad_seed,
    an_empty_catalogue_gives_an_empty_sample,
);
