//! The open catalogue's imports on small dumps written in the real formats
//! (`testdata/make_dumps.py`), on SQLite and PostgreSQL.

use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use sound_atlas_catalog::cli::{self, Import};
use sound_atlas_catalog::enrichment;
use sound_atlas_catalog::write::{self, ArtistUpsert};
use sound_atlas_entity::artist;
use sound_atlas_import::Report;
use sound_atlas_test_db::{db_tests, temp_file, TestDb};

const BAND_MBID: &str = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3";

fn testdata(name: &str) -> String {
    format!("{}/tests/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn dump_text() -> String {
    std::fs::read_to_string(testdata("wikidata-dump.json")).unwrap()
}

async fn wikidata_dump(db: &TestDb, file: String, dry_run: bool) -> Report {
    cli::import(&db.conn, Import::WikidataDump { file, dry_run })
        .await
        .expect("the import runs")
}

async fn by_item(db: &TestDb, item: &str) -> artist::Model {
    artist::Entity::find()
        .filter(artist::Column::WikidataId.eq(item))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("no artist for {item}"))
}

async fn count(db: &TestDb) -> u64 {
    artist::Entity::find().count(&db.conn).await.unwrap()
}

async fn a_dump_adds_every_musician_and_group_with_an_english_article(db: &TestDb) {
    let report = wikidata_dump(db, testdata("wikidata-dump.json.gz"), false).await;
    assert_eq!((report.inserted, report.updated), (3, 0), "{}", report.summary());
    assert_eq!(report.skipped.len(), 1, "{}", report.summary());
    assert!(report.skipped[0].reason.contains("Q9106"));
    assert_eq!(count(db).await, 3);

    let band = by_item(db, "Q9001").await;
    assert_eq!(band.external_id, "q9001");
    assert_eq!(band.title, "Fixture Band");
    assert_eq!(band.kind, "band");
    assert_eq!(band.year, Some(1970));
    assert_eq!(band.began_on.as_deref(), Some("1970"));
    assert_eq!(band.origin.as_deref(), Some("London"));
    // Genre items named by id, one before the band in the dump and one after it.
    assert_eq!(band.genres, r#"["Rock music","Glam rock"]"#);
    assert_eq!(band.musicbrainz_id.as_deref(), Some(BAND_MBID));
    assert_eq!(
        band.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/Fixture_Band")
    );
    // The photo waits for its credit, which only Commons has (`enrich`).
    assert_eq!(band.image_url, None);
    let (_, members) = enrichment::lists_of(&db.conn, band.id).await.unwrap();
    let spells: Vec<(&str, Option<i32>, Option<i32>)> = members
        .iter()
        .map(|m| (m.name.as_str(), m.begin_year, m.end_year))
        .collect();
    assert_eq!(
        spells,
        [
            ("Fixture Singer", Some(1970), None),
            ("Fixture Guitarist", Some(1970), Some(1991))
        ]
    );
    let sources = enrichment::sources_of(&db.conn, band.id).await.unwrap();
    let fields: Vec<&str> = sources.iter().map(|(f, ..)| f.as_str()).collect();
    for field in ["began_on", "genres", "members", "musicbrainz_id", "origin", "title"] {
        assert!(fields.contains(&field), "{field} in {fields:?}");
    }
    assert!(sources.iter().all(|(_, source, _)| source == "wikidata"));

    let singer = by_item(db, "Q9101").await;
    assert_eq!(singer.kind, "solo");
    assert_eq!(singer.began_on.as_deref(), Some("1946-09-05"));
    assert_eq!(singer.origin.as_deref(), Some("London"));
    let mononym = by_item(db, "Q9104").await;
    assert_eq!(mononym.title, "Mononym");
    assert_eq!(mononym.began_on.as_deref(), Some("1965-11"));
    assert_eq!(
        mononym.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/Mononym_(rapper)")
    );
}

async fn a_rerun_updates_in_place(db: &TestDb) {
    wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    let before = by_item(db, "Q9001").await;
    // The same dump again, compressed otherwise: nothing changes, not even the dates.
    let again = wikidata_dump(db, testdata("wikidata-dump.json.bz2"), false).await;
    assert_eq!((again.inserted, again.updated, again.unchanged), (0, 0, 3));
    assert_eq!(by_item(db, "Q9001").await, before);

    let renamed = dump_text()
        .replace(r#""value":"Fixture Band""#, r#""value":"The Fixture Band""#)
        .replace(r#""value":"London""#, r#""value":"Camden""#);
    let report = wikidata_dump(db, temp_file("renamed.json", &renamed), false).await;
    assert_eq!((report.inserted, report.updated, report.unchanged), (0, 2, 1));
    assert_eq!(count(db).await, 3);
    let after = by_item(db, "Q9001").await;
    assert_eq!((after.id, after.title.as_str()), (before.id, "The Fixture Band"));
    assert_eq!(after.origin.as_deref(), Some("Camden"));
}

async fn an_artist_the_catalogue_has_keeps_what_the_seed_gave(db: &TestDb) {
    // As the seed's artists are once `enrich` linked them to their item.
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-singer".into(),
            title: "Fixture Singer".into(),
            kind: Some("solo".into()),
            origin: Some("Stone Town, Zanzibar".into()),
            genres: Some(vec!["Rock".into()]),
            wikidata_id: Some("Q9101".into()),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let report = wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    assert_eq!((report.inserted, report.updated), (2, 1));
    let singer = by_item(db, "Q9101").await;
    assert_eq!(singer.external_id, "fixture-singer");
    assert_eq!(singer.origin.as_deref(), Some("Stone Town, Zanzibar"));
    assert_eq!(singer.genres, r#"["Rock"]"#);
    assert_eq!(singer.began_on.as_deref(), Some("1946-09-05"));
    assert_eq!(count(db).await, 3);
}

async fn a_dry_run_counts_and_writes_nothing(db: &TestDb) {
    let report = wikidata_dump(db, testdata("wikidata-dump.json.gz"), true).await;
    assert_eq!((report.inserted, report.updated), (3, 0));
    assert!(report.what.contains("dry run"));
    assert_eq!(count(db).await, 0);
}

async fn a_malformed_line_names_its_number_and_nothing_is_written(db: &TestDb) {
    let mut lines: Vec<String> = dump_text().lines().map(str::to_owned).collect();
    // After the artists' lines: a late error must not leave the early ones written.
    let last_entity = lines.len() - 2;
    lines[last_entity] = r#"{"type":"item","id":"Q7001","labels":{"en":"#.into();
    let broken = temp_file("broken.json", &lines.join("\n"));
    let err = cli::import(
        &db.conn,
        Import::WikidataDump {
            file: broken,
            dry_run: false,
        },
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(err.contains(&format!("line {}", last_entity + 1)), "{err}");
    assert_eq!(count(db).await, 0);
}

db_tests!(
    a_dump_adds_every_musician_and_group_with_an_english_article,
    a_rerun_updates_in_place,
    an_artist_the_catalogue_has_keeps_what_the_seed_gave,
    a_dry_run_counts_and_writes_nothing,
    a_malformed_line_names_its_number_and_nothing_is_written,
);
