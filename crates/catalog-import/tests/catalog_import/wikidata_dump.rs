//! The knowledge base's dump import on dumps the tests write line by line in the
//! published JSON entity format: a band's country from where it was formed, and a
//! stopped import continued by the next run; on SQLite and PostgreSQL.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_entity::artist;
use sound_atlas_import::Report;
use sound_atlas_test_db::{db_tests, temp_file, TestDb};

/// An item's line of the dump: its English label, its item-valued statements and, for
/// an artist, its English article. Its keys start with type and id, as the dump's do.
fn entity(id: &str, label: &str, claims: &[(&str, &str)], enwiki: Option<&str>) -> String {
    let mut statements = serde_json::Map::new();
    for (n, (property, target)) in claims.iter().enumerate() {
        let statement = json!({
            "mainsnak": {
                "snaktype": "value", "property": property, "hash": "0".repeat(40),
                "datavalue": {
                    "value": { "entity-type": "item",
                               "numeric-id": target[1..].parse::<u64>().unwrap(), "id": target },
                    "type": "wikibase-entityid"
                },
                "datatype": "wikibase-item"
            },
            "type": "statement", "id": format!("{id}${n:08}-0000-0000-0000-000000000000"),
            "rank": "normal"
        });
        statements
            .entry(property.to_string())
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .unwrap()
            .push(statement);
    }
    let mut sitelinks = serde_json::Map::new();
    if let Some(title) = enwiki {
        sitelinks.insert(
            "enwiki".into(),
            json!({ "site": "enwiki", "title": title, "badges": [] }),
        );
    }
    let rest = json!({
        "labels": { "en": { "language": "en", "value": label } },
        "descriptions": {}, "aliases": {}, "claims": statements, "sitelinks": sitelinks,
        "lastrevid": 1, "modified": "2026-11-20T00:00:00Z"
    });
    format!(r#"{{"type":"item","id":"{id}",{}"#, &rest.to_string()[1..])
}

/// The dump of `entities`: a JSON array, one entity a line.
fn dump(entities: &[String]) -> String {
    format!("[\n{}\n]\n", entities.join(",\n"))
}

const BAND: &str = "Q215380";
const HUMAN: &str = "Q5";
const MUSICIAN: &str = "Q639669";

async fn import(db: &TestDb, file: &str) -> Report {
    cli::import(
        &db.conn,
        Import::WikidataDump {
            file: file.to_owned(),
            dry_run: false,
        },
    )
    .await
    .expect("the import runs")
}

async fn country_of(db: &TestDb, item: &str) -> Option<String> {
    artist::Entity::find()
        .filter(artist::Column::WikidataId.eq(item))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("no artist for {item}"))
        .country
}

async fn a_band_without_a_country_of_origin_has_the_country_it_was_formed_in(db: &TestDb) {
    let text = dump(&[
        // Formed in a city whose country comes after the band and is named by a
        // singer's citizenship too.
        entity(
            "Q9101",
            "Formed Band",
            &[("P31", BAND), ("P740", "Q9201")],
            Some("Formed_Band"),
        ),
        // Formed in a city whose country no artist names: read by one more pass.
        entity(
            "Q9102",
            "Lonely Band",
            &[("P31", BAND), ("P740", "Q9202")],
            Some("Lonely_Band"),
        ),
        // A country of origin stated: it wins over the formation place's.
        entity(
            "Q9103",
            "Stated Band",
            &[("P31", BAND), ("P740", "Q9202"), ("P495", "Q9301")],
            Some("Stated_Band"),
        ),
        entity(
            "Q9104",
            "Citizen Singer",
            &[("P31", HUMAN), ("P106", MUSICIAN), ("P27", "Q9301")],
            Some("Citizen_Singer"),
        ),
        entity("Q9201", "Fixture City", &[("P17", "Q9301")], None),
        entity("Q9202", "Lonely City", &[("P17", "Q9302")], None),
        entity("Q9301", "Fixture Country", &[], None),
        entity("Q9302", "Lonely Country", &[], None),
    ]);
    let report = import(db, &temp_file("countries.json", &text)).await;
    assert_eq!(report.inserted, 4, "{}", report.summary());
    assert_eq!(
        country_of(db, "Q9101").await.as_deref(),
        Some("Fixture Country")
    );
    assert_eq!(
        country_of(db, "Q9102").await.as_deref(),
        Some("Lonely Country")
    );
    assert_eq!(
        country_of(db, "Q9103").await.as_deref(),
        Some("Fixture Country")
    );
    assert_eq!(
        country_of(db, "Q9104").await.as_deref(),
        Some("Fixture Country")
    );
}

db_tests!(a_band_without_a_country_of_origin_has_the_country_it_was_formed_in);
