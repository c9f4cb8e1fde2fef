//! An artist page's Sources name where every fact it shows comes from: a service only
//! for the facts the page takes from it, and the catalogue's editors, with the date
//! they wrote them, for the rest (the seed's by the date its entries were checked).

use axum::http::StatusCode;
use sound_atlas_catalog::enrichment;
use sound_atlas_catalog::write::{self, ArtistUpsert, Source};
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, id_of, read, refreshed_artists};

/// The page's Sources section, as rendered on the server (without the markers React
/// puts between neighbouring texts).
fn sources_section(html: &str) -> String {
    let start = html
        .find(r#"<h2 id="sources-title">"#)
        .expect("a Sources section");
    html[start..start + html[start..].find("</section>").unwrap()].replace("<!-- -->", "")
}

/// The seed says Van Halen formed in 1972; the knowledge base says 1974 and that they
/// disbanded in 2020. The page keeps the editors' year, so the knowledge base is named
/// for the end alone, and the editors for the year, with the day the seed states.
async fn a_kept_editors_year_is_theirs_and_not_the_service_s(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Van Halen").await;
    let found = ArtistUpsert {
        began_on: Some(Source::Wikidata.of("1974".into())),
        ended_on: Some(Source::Wikidata.of("2020".into())),
        ..ArtistUpsert::default()
    };
    let read_at = 1_763_596_800; // 2025-11-20
    let applied = enrichment::apply(&db.conn, id, found, read_at, false)
        .await
        .unwrap();
    assert_eq!(
        applied.kept,
        [write::Field::BeganOn],
        "the editors' year stands"
    );
    refreshed_artists(&app).await;

    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Formed 1972 in Pasadena"));
    let sources = sources_section(&page.body);
    assert!(
        sources.contains(
            r#"Wikidata: disbanded (read <time dateTime="2025-11-20">20 November 2025</time>)"#
        ),
        "{sources}"
    );
    assert!(
        sources.contains(r#"Sound Atlas editors: name, genres, formed, origin, country, biography, links, fun fact (written <time dateTime="2026-11-28">28 November 2026</time>)"#),
        "{sources}"
    );

    let details = read(&app, catalog::ARTIST_DETAILS.path(&[&id])).await;
    let details: serde_json::Value = serde_json::from_str(&details.body).unwrap();
    assert_eq!(
        details["sources"],
        serde_json::json!([
            { "name": "Wikidata", "url": null, "facts": ["ended"], "editors": false,
              "date": "2025-11-20" },
            { "name": "Sound Atlas editors", "url": null,
              "facts": ["name", "genres", "began", "origin", "country", "biography", "links",
                        "funFact"],
              "editors": true, "date": "2026-11-28" },
        ])
    );
}

/// A seeded artist the services never read: its Sources name the editors, with the
/// date the seed states, for its year, origin, genres and fun fact.
async fn a_seeded_artist_s_facts_are_the_editors_with_the_date_written(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "2Pac").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    let sources = sources_section(&page.body);
    assert!(
        sources.contains(r#"Sound Atlas editors: name, genres, born, origin, real name, country, biography, links, fun fact (written <time dateTime="2026-11-28">28 November 2026</time>)"#),
        "{sources}"
    );
}

db_tests!(
    a_kept_editors_year_is_theirs_and_not_the_service_s,
    a_seeded_artist_s_facts_are_the_editors_with_the_date_written,
);
