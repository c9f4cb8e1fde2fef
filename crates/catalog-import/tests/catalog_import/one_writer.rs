//! Every importer writes through the one writer (`write::write`): the same field gets
//! the same rules and the same provenance whichever importer gives it, on SQLite and
//! PostgreSQL.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use sound_atlas_catalog::enrichment;
use sound_atlas_catalog::write::{self, ArtistUpsert};
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_entity::artist;
use sound_atlas_test_db::{db_tests, temp_file, TestDb};

use crate::sheet;

const BAND_MBID: &str = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3";

fn testdata(name: &str) -> String {
    format!("{}/tests/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

async fn by_external(db: &TestDb, id: &str) -> artist::Model {
    artist::Entity::find()
        .filter(artist::Column::ExternalId.eq(id))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap()
}

/// (field, source) of every recorded field of an artist.
async fn recorded(db: &TestDb, id: i32) -> Vec<(String, String)> {
    enrichment::sources_of(&db.conn, id)
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.field.name().to_owned(), s.source.name().to_owned()))
        .collect()
}

async fn run(db: &TestDb, what: Import) {
    cli::import(&db.conn, what).await.expect("the import runs");
}

/// MusicBrainz's dump fills the genres, origin and country with its source; a sheet
/// that then gives the genres and the country makes them the editor's: its values, and
/// their records the editor's (the origin and aliases, which the sheet does not give,
/// stay MusicBrainz's).
async fn a_sheet_takes_back_every_field_it_gives_from_the_services(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-band".into(),
            title: sheet("Fixture Band"),
            musicbrainz_id: sheet(BAND_MBID),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    run(
        db,
        Import::MusicbrainzDump {
            file: testdata("musicbrainz-artist"),
            dry_run: false,
            add_new: false,
        },
    )
    .await;
    let band = by_external(db, "fixture-band").await;
    assert_eq!(band.genres, r#"["Glam rock"]"#);
    let by_musicbrainz = |field: &str| (field.to_owned(), "musicbrainz".to_owned());
    let by_editor = |field: &str| (field.to_owned(), "sheet".to_owned());
    assert_eq!(
        recorded(db, band.id).await,
        [
            by_musicbrainz("aliases"),
            by_musicbrainz("began_on"),
            by_musicbrainz("country"),
            by_musicbrainz("genres"),
            by_editor("musicbrainz_id"),
            by_musicbrainz("origin"),
            by_editor("title"),
        ]
    );
    assert_eq!(band.country.as_deref(), Some("United Kingdom"));

    let csv = "externalId,title,genres,country\nfixture-band,Fixture Band,\"Rock, Pop\",Ireland\n";
    run(
        db,
        Import::Artists {
            source: temp_file("artists.csv", csv),
            format: None,
        },
    )
    .await;
    let band = by_external(db, "fixture-band").await;
    assert_eq!(band.genres, r#"["Rock","Pop"]"#);
    assert_eq!(band.country.as_deref(), Some("Ireland"));
    assert_eq!(band.origin.as_deref(), Some("London"));
    assert_eq!(
        recorded(db, band.id).await,
        [
            by_musicbrainz("aliases"),
            by_musicbrainz("began_on"),
            by_editor("country"),
            by_editor("genres"),
            by_editor("musicbrainz_id"),
            by_musicbrainz("origin"),
            by_editor("title"),
        ]
    );
}

/// A year an editor gave stands: the knowledge base's dump and MusicBrainz's write no
/// date of another year beside it (the page would contradict itself), and a date of
/// the same year is written with its source.
async fn no_importer_writes_a_date_that_contradicts_the_year_an_editor_gave(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![
            ArtistUpsert {
                external_id: "fixture-band".into(),
                title: sheet("Fixture Band"),
                year: sheet(1970),
                wikidata_id: sheet("Q9001"),
                ..Default::default()
            },
            ArtistUpsert {
                external_id: "fixture-singer".into(),
                title: sheet("Fixture Singer"),
                year: sheet(1947),
                wikidata_id: sheet("Q9101"),
                musicbrainz_id: sheet("5b11f4ce-a62d-471e-81fc-a69a8278c7da"),
                ..Default::default()
            },
        ],
    )
    .await
    .unwrap();
    run(
        db,
        Import::WikidataDump {
            file: testdata("wikidata-dump.json"),
            dry_run: false,
        },
    )
    .await;
    run(
        db,
        Import::MusicbrainzDump {
            file: testdata("musicbrainz-artist"),
            dry_run: false,
            add_new: false,
        },
    )
    .await;
    let band = by_external(db, "fixture-band").await;
    assert_eq!(
        (band.year, band.began_on.as_deref()),
        (Some(1970), Some("1970"))
    );
    let singer = by_external(db, "fixture-singer").await;
    assert_eq!(
        (singer.year, singer.began_on.as_deref()),
        (Some(1947), None)
    );
    let fields = |recorded: Vec<(String, String)>| -> Vec<String> {
        recorded.into_iter().map(|(field, _)| field).collect()
    };
    assert!(fields(recorded(db, band.id).await).contains(&"began_on".to_owned()));
    assert!(!fields(recorded(db, singer.id).await).contains(&"began_on".to_owned()));
    // Where no year was given, the date's is written with it.
    let mononym = by_external(db, "q9104").await;
    assert_eq!(
        (mononym.year, mononym.began_on.as_deref()),
        (Some(1965), Some("1965-11"))
    );
}

db_tests!(
    a_sheet_takes_back_every_field_it_gives_from_the_services,
    no_importer_writes_a_date_that_contradicts_the_year_an_editor_gave,
);
