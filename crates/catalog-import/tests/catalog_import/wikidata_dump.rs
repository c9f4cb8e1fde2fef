//! The knowledge base's dump import on dumps the tests write line by line in the
//! published JSON entity format: a band's country from where it was formed, members
//! who state their membership from their own side, and a stopped import continued by
//! the next run; on SQLite and PostgreSQL.

use sea_orm::{ConnectionTrait, DbBackend, EntityTrait, QueryOrder};
use serde_json::json;
use sound_atlas_catalog_import::wikidata_dump::{import_with, Hooks};
use sound_atlas_entity::{artist, import_checkpoint};
use sound_atlas_import::Report;
use sound_atlas_test_db::{db_tests, temp_file, TestDb};

use crate::{by_item, wikidata_dump};

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
    wikidata_dump(db, file.to_owned(), false).await
}

async fn country_of(db: &TestDb, item: &str) -> Option<String> {
    by_item(db, item).await.country
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

/// Artists a committed batch of the write pass holds in these tests.
const PER_COMMIT: usize = 500;

/// Bands enough for three committed batches of the write pass, then the genre, the
/// city and its country they name.
fn three_batches() -> String {
    let mut entities: Vec<String> = (0..1100)
        .map(|i| {
            let title = format!("Batch_Band_{i}");
            entity(
                &format!("Q{}", 10_000 + i),
                &format!("Batch Band {i}"),
                &[("P31", BAND), ("P136", "Q9401"), ("P740", "Q9402")],
                Some(&title),
            )
        })
        .collect();
    entities.push(entity("Q9401", "rock music", &[], None));
    entities.push(entity("Q9402", "Batch City", &[("P17", "Q9403")], None));
    entities.push(entity("Q9403", "Batch Country", &[], None));
    dump(&entities)
}

/// A run of the import on `file` with `hooks`: its report, or its error.
async fn run(db: &TestDb, file: &str, dry_run: bool, hooks: &mut Hooks) -> Result<Report, String> {
    import_with(&db.conn, file, dry_run, hooks)
        .await
        .map_err(|err| err.to_string())
}

/// What the catalogue holds of its artists, in item order.
async fn catalogue(db: &TestDb) -> Vec<String> {
    artist::Entity::find()
        .order_by_asc(artist::Column::WikidataId)
        .all(&db.conn)
        .await
        .unwrap()
        .into_iter()
        .map(|a| {
            format!(
                "{:?} {} {} {} {} {:?} {:?}",
                a.wikidata_id, a.external_id, a.title, a.kind, a.genres, a.origin, a.country
            )
        })
        .collect()
}

async fn checkpoints(db: &TestDb) -> Vec<import_checkpoint::Model> {
    import_checkpoint::Entity::find()
        .order_by_asc(import_checkpoint::Column::Name)
        .all(&db.conn)
        .await
        .unwrap()
}

async fn a_stopped_dump_import_continues_where_it_stopped_and_ends_as_one_run_would(db: &TestDb) {
    let file = temp_file("latest-all.json", &three_batches());

    // Stopped after the first pass: nothing written, what it found kept.
    let mut first = Hooks {
        stop_after_passes: Some(1),
        ..Hooks::default()
    };
    let err = run(db, &file, false, &mut first).await.unwrap_err();
    assert_eq!(err, "stopped after 1 passes");
    assert_eq!(first.passes, ["ids"]);
    assert!(catalogue(db).await.is_empty());

    // Continued from the second pass, stopped after one batch of the write pass.
    let mut second = Hooks {
        stop_after_batches: Some(1),
        artists_per_commit: Some(PER_COMMIT),
        ..Hooks::default()
    };
    let err = run(db, &file, false, &mut second).await.unwrap_err();
    assert_eq!(err, "stopped after 1 batches");
    assert_eq!(second.passes, ["names", "countries", "artists"]);
    assert_eq!(catalogue(db).await.len(), 500);

    // A dry run meanwhile reads everything, uses and changes no checkpoint.
    let before = checkpoints(db).await;
    let mut dry = Hooks::default();
    let counted = run(db, &file, true, &mut dry).await.unwrap();
    assert_eq!(dry.passes, ["ids", "names", "countries", "artists"]);
    assert_eq!((counted.inserted, counted.unchanged), (600, 500));
    assert_eq!(checkpoints(db).await, before);

    // The last run reads only the write pass and writes after the committed batch.
    let mut last = Hooks::default();
    let report = run(db, &file, false, &mut last).await.unwrap();
    assert_eq!(last.passes, ["artists"]);
    assert!(
        report.what.contains("continued after line 501"),
        "{}",
        report.what
    );
    assert_eq!(
        (report.inserted, report.updated, report.unchanged),
        (600, 0, 0)
    );
    assert!(
        checkpoints(db).await.is_empty(),
        "read to the end: nothing to continue"
    );

    // The catalogue is the one a single run makes.
    let one_run = match db.conn.get_database_backend() {
        DbBackend::Sqlite => TestDb::sqlite().await,
        _ => TestDb::postgres().await,
    };
    let report = run(&one_run, &file, false, &mut Hooks::default())
        .await
        .unwrap();
    assert_eq!(report.inserted, 1100);
    let expected = catalogue(&one_run).await;
    one_run.cleanup().await;
    assert_eq!(catalogue(db).await, expected);
    assert!(
        expected[0].contains(r#"["Rock music"] Some("Batch City") Some("Batch Country")"#),
        "{}",
        expected[0]
    );
}

async fn another_dump_does_not_continue_from_a_checkpoint(db: &TestDb) {
    let text = three_batches();
    let file = temp_file("latest-all.json", &text);
    let stop = || Hooks {
        stop_after_batches: Some(1),
        artists_per_commit: Some(PER_COMMIT),
        ..Hooks::default()
    };
    run(db, &file, false, &mut stop()).await.unwrap_err();

    // The same text at another path: read from the start.
    let elsewhere = temp_file("latest-all.json", &text);
    let mut hooks = stop();
    run(db, &elsewhere, false, &mut hooks).await.unwrap_err();
    assert_eq!(hooks.passes, ["ids", "names", "countries", "artists"]);

    // The first path rewritten with another dump: read from the start, written whole.
    std::fs::write(&file, text.replace("Batch Band", "Renamed Band")).unwrap();
    let mut hooks = Hooks::default();
    let report = run(db, &file, false, &mut hooks).await.unwrap();
    assert_eq!(hooks.passes, ["ids", "names", "countries", "artists"]);
    assert!(!report.what.contains("continued"), "{}", report.what);
    assert_eq!((report.inserted, report.updated), (600, 500));
}

/// `line` with one more statement: a membership of `group` (P463) from `start`, and
/// until `end` when given, as a person's item states it.
fn member_of(line: String, group: &str, start: &str, end: Option<&str>) -> String {
    let mut entity: serde_json::Value = serde_json::from_str(&line).unwrap();
    let year = |property: &str, year: &str| {
        json!({
            "snaktype": "value", "property": property, "hash": "0".repeat(40),
            "datavalue": { "value": {
                "time": format!("+{year}-00-00T00:00:00Z"), "timezone": 0, "before": 0,
                "after": 0, "precision": 9,
                "calendarmodel": "http://www.wikidata.org/entity/Q1985727" }, "type": "time" },
            "datatype": "time"
        })
    };
    let mut qualifiers = json!({ "P580": [year("P580", start)] });
    if let Some(end) = end {
        qualifiers["P582"] = json!([year("P582", end)]);
    }
    let statement = json!({
        "mainsnak": {
            "snaktype": "value", "property": "P463", "hash": "0".repeat(40),
            "datavalue": { "value": { "entity-type": "item",
                                      "numeric-id": group[1..].parse::<u64>().unwrap(), "id": group },
                           "type": "wikibase-entityid" },
            "datatype": "wikibase-item"
        },
        "type": "statement", "id": format!("{}$P463-{group}", entity["id"].as_str().unwrap()),
        "rank": "normal", "qualifiers": qualifiers, "qualifiers-order": ["P580", "P582"]
    });
    entity["claims"]
        .as_object_mut()
        .unwrap()
        .insert("P463".into(), json!([statement]));
    // Type and id first, as the dump (and `entity`) writes them.
    let mut rest = entity.as_object().unwrap().clone();
    rest.remove("type");
    let id = rest.remove("id").unwrap();
    let rest = serde_json::Value::Object(rest).to_string();
    format!(r#"{{"type":"item","id":{id},{}"#, &rest[1..])
}

/// A band's members are also the musicians who state they were in it (P463), before or
/// after the band's line, with or without an article of their own; a member both sides
/// state is listed once, as the band states them; a person who is no musician is not.
async fn members_who_state_their_membership_are_the_band_s_members(db: &TestDb) {
    let text = dump(&[
        member_of(
            entity(
                "Q9601",
                "Side Guitarist",
                &[("P31", HUMAN), ("P106", MUSICIAN)],
                None,
            ),
            "Q9401",
            "1985",
            Some("1990"),
        ),
        entity(
            "Q9401",
            "Stated Band",
            &[("P31", BAND), ("P527", "Q9602")],
            Some("Stated_Band"),
        ),
        member_of(
            entity(
                "Q9602",
                "Founding Singer",
                &[("P31", HUMAN), ("P106", MUSICIAN)],
                None,
            ),
            "Q9401",
            "1979",
            None,
        ),
        member_of(
            entity(
                "Q9603",
                "Later Singer",
                &[("P31", HUMAN), ("P106", MUSICIAN)],
                Some("Later_Singer"),
            ),
            "Q9401",
            "1991",
            None,
        ),
        member_of(
            entity(
                "Q9604",
                "Club Patron",
                &[("P31", HUMAN), ("P106", "Q82955")],
                None,
            ),
            "Q9401",
            "1992",
            None,
        ),
    ]);
    let report = import(db, &temp_file("members.json", &text)).await;
    assert_eq!(report.inserted, 2, "{}", report.summary());
    let band = by_item(db, "Q9401").await;
    let (_, members) = sound_atlas_catalog::artist_lists::lists_of(&db.conn, band.id)
        .await
        .unwrap();
    let mut members: Vec<String> = members
        .iter()
        .map(|m| {
            format!(
                "{} {} {:?} {:?} ended={}",
                m.name,
                m.wikidata_id.as_deref().unwrap_or("-"),
                m.begin_year,
                m.end_year,
                m.ended
            )
        })
        .collect();
    members.sort();
    assert_eq!(
        members,
        [
            "Founding Singer Q9602 None None ended=false",
            "Later Singer Q9603 Some(1991) None ended=false",
            "Side Guitarist Q9601 Some(1985) Some(1990) ended=true",
        ]
    );
}

db_tests!(
    members_who_state_their_membership_are_the_band_s_members,
    a_band_without_a_country_of_origin_has_the_country_it_was_formed_in,
    a_stopped_dump_import_continues_where_it_stopped_and_ends_as_one_run_would,
    another_dump_does_not_continue_from_a_checkpoint,
);
