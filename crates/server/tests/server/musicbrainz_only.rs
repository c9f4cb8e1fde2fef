//! An artist only MusicBrainz describes (added from its dump with `--add-new`): no
//! encyclopedia article, so no biography, and every fact credited to MusicBrainz.

use axum::http::StatusCode;
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::json_ld;
use crate::{app, get, id_of, refreshed_artists};

const CROONER_MBID: &str = "cccccccc-0000-4000-8000-000000000006";

async fn an_artist_only_musicbrainz_describes_has_a_page_crediting_it(db: &TestDb) {
    let app = app(db).await;
    let dump = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/catalog-import/tests/testdata/musicbrainz-artist.tar.xz"
    );
    let report = cli::import(
        &db.conn,
        Import::MusicbrainzDump {
            file: dump.into(),
            dry_run: false,
            add_new: true,
        },
    )
    .await
    .unwrap();
    assert!(report.inserted > 0, "{}", report.summary());
    refreshed_artists(&app).await;
    let id = id_of(&app, "Fixture Crooner").await;

    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let markup = &page.body;
    assert!(markup.contains("<title>Fixture Crooner"), "its title");
    assert!(markup.contains("No biography available for this artist."));
    assert!(
        !markup.contains("Read full biography"),
        "no article to link"
    );
    let sources = &markup[markup.find(">Sources</h2>").expect("a Sources section")..];
    let sources = &sources[..sources.find("</section>").unwrap()];
    // MusicBrainz, linked to its page of the artist, gave the name and the rest.
    let musicbrainz = sources
        .split("<li>")
        .find(|item| item.contains(">MusicBrainz</a>"))
        .unwrap_or_else(|| panic!("MusicBrainz among the sources: {sources}"));
    assert!(
        musicbrainz.contains(&format!(
            r#"href="https://musicbrainz.org/artist/{CROONER_MBID}""#
        )) && musicbrainz.contains("name, genres, born"),
        "{musicbrainz}"
    );

    let person = json_ld(&page.body)
        .into_iter()
        .find(|d| d["name"] == "Fixture Crooner")
        .expect("the artist's JSON-LD");
    assert_eq!(person["birthDate"], "1950-03");
    let same_as = person["sameAs"].to_string();
    assert!(
        same_as.contains(&format!("https://musicbrainz.org/artist/{CROONER_MBID}"))
            && same_as.contains("https://www.wikidata.org/wiki/Q9301")
            && !same_as.contains("wikipedia"),
        "{same_as}"
    );
}

db_tests!(an_artist_only_musicbrainz_describes_has_a_page_crediting_it);
