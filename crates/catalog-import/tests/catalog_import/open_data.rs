//! The open catalogue's imports on small dumps written in the real formats
//! (`testdata/make_dumps.py`), on SQLite and PostgreSQL.

use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{self, ArtistUpsert, Field, Source};
use sound_atlas_catalog::{artist_lists, enrichment};
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_catalog_import::musicbrainz_dump;
use sound_atlas_entity::artist;
use sound_atlas_import::Report;
use sound_atlas_test_db::{db_tests, temp_file, TestDb};

use crate::{by_item, sheet, wikidata_dump};

const BAND_MBID: &str = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3";

fn testdata(name: &str) -> String {
    format!("{}/tests/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn dump_text() -> String {
    std::fs::read_to_string(testdata("wikidata-dump.json")).unwrap()
}

async fn count(db: &TestDb) -> u64 {
    artist::Entity::find().count(&db.conn).await.unwrap()
}

async fn a_dump_adds_every_musician_and_group_with_an_english_article(db: &TestDb) {
    let report = wikidata_dump(db, testdata("wikidata-dump.json.gz"), false).await;
    assert_eq!(
        (report.inserted, report.updated),
        (5, 0),
        "{}",
        report.summary()
    );
    assert!(report.skipped.is_empty(), "{}", report.summary());
    assert_eq!(count(db).await, 5);

    let band = by_item(db, "Q9001").await;
    assert_eq!(band.external_id, "q9001");
    assert_eq!(band.title, "Fixture Band");
    assert_eq!(band.kind, "band");
    assert_eq!(band.year, Some(1970));
    assert_eq!(band.began_on.as_deref(), Some("1970"));
    assert_eq!(band.origin.as_deref(), Some("London"));
    // A band's country of origin, a person's country of citizenship.
    assert_eq!(band.country.as_deref(), Some("United Kingdom"));
    // Genre items named by id, one before the band in the dump and one after it.
    assert_eq!(band.genres, r#"["Rock music","Glam rock"]"#);
    assert_eq!(band.musicbrainz_id.as_deref(), Some(BAND_MBID));
    assert_eq!(
        band.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/Fixture_Band")
    );
    // The photo waits for its credit, which only Commons has (`enrich`).
    assert_eq!(band.image_url, None);
    let (_, members) = artist_lists::lists_of(&db.conn, band.id).await.unwrap();
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
    // Who each member is, so one with a page of their own is linked to it.
    let items: Vec<Option<&str>> = members.iter().map(|m| m.wikidata_id.as_deref()).collect();
    assert_eq!(items, [Some("Q9101"), Some("Q9102")]);
    let sources = enrichment::sources_of(&db.conn, band.id).await.unwrap();
    let fields: Vec<&str> = sources.iter().map(|s| s.field.name()).collect();
    for field in [
        "began_on",
        "genres",
        "members",
        "musicbrainz_id",
        "origin",
        "country",
        "title",
    ] {
        assert!(fields.contains(&field), "{field} in {fields:?}");
    }
    assert!(sources
        .iter()
        .all(|s| s.source == Source::Wikidata || !s.source.is_service()));

    let singer = by_item(db, "Q9101").await;
    assert_eq!(singer.kind, "solo");
    assert_eq!(singer.began_on.as_deref(), Some("1946-09-05"));
    assert_eq!(singer.origin.as_deref(), Some("London"));
    assert_eq!(singer.country.as_deref(), Some("United Kingdom"));
    let mononym = by_item(db, "Q9104").await;
    assert_eq!(mononym.title, "Mononym");
    assert_eq!(mononym.began_on.as_deref(), Some("1965-11"));
    assert_eq!(
        mononym.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/Mononym_(rapper)")
    );
}

async fn a_day_the_dump_states_in_the_julian_calendar_is_stored_as_the_gregorian_day(db: &TestDb) {
    wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    // 7 May 1840 in the Julian calendar was 19 May 1840.
    let composer = by_item(db, "Q9107").await;
    assert_eq!(composer.began_on.as_deref(), Some("1840-05-19"));
    assert_eq!(composer.year, Some(1840));
}

async fn a_death_or_dissolution_is_read_to_its_precision_and_an_unknown_one_left_out(db: &TestDb) {
    wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    let band = by_item(db, "Q9001").await;
    assert_eq!(band.ended_on.as_deref(), Some("1991"));
    let singer = by_item(db, "Q9101").await;
    assert_eq!(singer.ended_on.as_deref(), Some("1991-11-24"));
    // Died at an unknown date (`somevalue`): no date is written.
    assert_eq!(by_item(db, "Q9107").await.ended_on, None);
    let sources = enrichment::sources_of(&db.conn, singer.id).await.unwrap();
    assert!(sources
        .iter()
        .any(|s| (s.field, s.source) == (Field::EndedOn, Source::Wikidata)));
}

async fn aliases_and_the_description_are_read_in_english_or_multilingual(db: &TestDb) {
    wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    let band = by_item(db, "Q9001").await;
    // Not the label again, nor a repeat, nor another language's.
    assert_eq!(band.aliases.as_deref(), Some(r#"["The Fixtures","FXB"]"#));
    assert_eq!(by_item(db, "Q9101").await.aliases, None);
    // The English short description, with them.
    assert_eq!(band.description.as_deref(), Some("fixture rock band"));
    assert_eq!(by_item(db, "Q9101").await.description, None);
    let sources = enrichment::sources_of(&db.conn, band.id).await.unwrap();
    assert!(sources
        .iter()
        .any(|s| (s.field, s.source) == (Field::Aliases, Source::Wikidata)));
}

async fn an_item_without_an_english_or_multilingual_name_is_named_by_its_article(db: &TestDb) {
    wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    let musician = by_item(db, "Q9106").await;
    assert_eq!(musician.title, "Nameless Musician");
    assert_eq!(
        musician.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/Nameless_Musician_(singer)")
    );
}

async fn a_rerun_updates_in_place(db: &TestDb) {
    wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    let before = by_item(db, "Q9001").await;
    // The same dump again, compressed otherwise: nothing changes, not even the dates.
    let again = wikidata_dump(db, testdata("wikidata-dump.json.bz2"), false).await;
    assert_eq!((again.inserted, again.updated, again.unchanged), (0, 0, 5));
    assert_eq!(by_item(db, "Q9001").await, before);

    let renamed = dump_text()
        .replace(r#""value":"Fixture Band""#, r#""value":"The Fixture Band""#)
        .replace(r#""value":"London""#, r#""value":"Camden""#);
    let report = wikidata_dump(db, temp_file("renamed.json", &renamed), false).await;
    assert_eq!(
        (report.inserted, report.updated, report.unchanged),
        (0, 2, 3)
    );
    assert_eq!(count(db).await, 5);
    let after = by_item(db, "Q9001").await;
    assert_eq!(
        (after.id, after.title.as_str()),
        (before.id, "The Fixture Band")
    );
    assert_eq!(after.origin.as_deref(), Some("Camden"));
}

async fn an_artist_the_catalogue_has_keeps_what_the_seed_gave(db: &TestDb) {
    // As the seed's artists are once `enrich` linked them to their item.
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-singer".into(),
            title: sheet("Fixture Singer"),
            kind: sheet(ArtistKind::Solo),
            origin: sheet("Stone Town, Zanzibar"),
            genres: sheet(vec![GenreRef::named("Rock")]),
            wikidata_id: sheet("Q9101"),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let report = wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    assert_eq!((report.inserted, report.updated), (4, 1));
    let singer = by_item(db, "Q9101").await;
    assert_eq!(singer.external_id, "fixture-singer");
    assert_eq!(singer.origin.as_deref(), Some("Stone Town, Zanzibar"));
    assert_eq!(singer.genres, r#"["Rock"]"#);
    assert_eq!(singer.began_on.as_deref(), Some("1946-09-05"));
    assert_eq!(count(db).await, 5);
}

async fn a_dry_run_counts_and_writes_nothing(db: &TestDb) {
    let report = wikidata_dump(db, testdata("wikidata-dump.json.gz"), true).await;
    assert_eq!((report.inserted, report.updated), (5, 0));
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

/// A compressed dump of `head`, then a line of `mib` MiB of `x`, then `tail`: one
/// compressed stream per MiB (the dump readers take streams in a row as one, as
/// parallel compressors write them), so a line of a hundred megabytes takes a few
/// hundred kilobytes on disk and is built at once.
fn with_long_line(compress: fn(&[u8]) -> Vec<u8>, head: &[u8], mib: usize, tail: &[u8]) -> Vec<u8> {
    let one_mib = compress(&vec![b'x'; 1 << 20]);
    let mut file = compress(head);
    for _ in 0..mib {
        file.extend_from_slice(&one_mib);
    }
    file.extend(compress(tail));
    file
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

fn xz(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut xz = xz2::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(bytes).unwrap();
    xz.finish().unwrap()
}

/// The longest line a dump may have, as the error names it.
const TOO_LONG: &str = "is longer than 67108864 bytes, the most a line may have";

/// More than the longest line a dump may have, in MiB.
const LONG_LINE_MIB: usize = 100;

async fn a_dump_line_past_the_cap_is_refused_by_number_and_nothing_is_written(db: &TestDb) {
    let text = dump_text();
    // The array's bracket and two entities, then the long line, then the rest.
    let (head, rest) = text.split_at(text.match_indices('\n').nth(2).unwrap().0 + 1);
    let file = with_long_line(
        gzip,
        head.as_bytes(),
        LONG_LINE_MIB,
        format!(",\n{rest}").as_bytes(),
    );
    assert!(file.len() < 1 << 20, "{} bytes on disk", file.len());
    let path = temp_file("latest-all.json.gz", "");
    std::fs::write(&path, file).unwrap();
    let err = cli::import(
        &db.conn,
        Import::WikidataDump {
            file: path,
            dry_run: false,
        },
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(err.contains(&format!("line 4 {TOO_LONG}")), "{err}");
    assert_eq!(count(db).await, 0);
}

db_tests!(
    a_dump_adds_every_musician_and_group_with_an_english_article,
    a_day_the_dump_states_in_the_julian_calendar_is_stored_as_the_gregorian_day,
    a_death_or_dissolution_is_read_to_its_precision_and_an_unknown_one_left_out,
    aliases_and_the_description_are_read_in_english_or_multilingual,
    an_item_without_an_english_or_multilingual_name_is_named_by_its_article,
    a_rerun_updates_in_place,
    an_artist_the_catalogue_has_keeps_what_the_seed_gave,
    a_dry_run_counts_and_writes_nothing,
    a_malformed_line_names_its_number_and_nothing_is_written,
    the_query_service_is_read_in_pages_and_a_rerun_continues_where_it_stopped,
    a_query_service_dry_run_writes_nothing,
    musicbrainz_fills_only_what_an_artist_lacks,
    a_musicbrainz_line_without_a_known_id_is_matched_by_its_wikidata_relation,
    a_musicbrainz_country_comes_from_the_area_else_from_where_the_artist_began,
    musicbrainz_only_artists_are_added_with_the_flag_when_a_page_can_be_made_of_them,
    the_knowledge_base_s_import_finds_an_artist_musicbrainz_added_by_its_id,
    a_row_two_items_would_find_is_found_by_one,
    a_malformed_musicbrainz_line_changes_nothing,
    a_dump_line_past_the_cap_is_refused_by_number_and_nothing_is_written,
    a_musicbrainz_line_past_the_cap_is_refused_by_number_and_changes_nothing,
);

mod query_service {
    //! A local fake of the query service: it answers the importer's page queries from a
    //! fixed list of items, reading the page's start and size from the query text, in
    //! the SPARQL 1.1 JSON results format.

    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use axum::extract::{Query, State};
    use axum::http::{HeaderMap, StatusCode};
    use axum::response::{IntoResponse, Response};
    use axum::routing::get;
    use axum::Router;
    use serde_json::{json, Value};
    use sound_atlas_catalog_import::sparql::{self, SparqlConfig};
    use sound_atlas_import::polite::Politeness;

    const ENTITY: &str = "http://www.wikidata.org/entity/";

    /// The page start a request asked for and its Accept header.
    pub type Asked = (Option<String>, String);

    #[derive(Clone, Default)]
    pub struct Fake {
        /// (page start asked for, Accept header) of every request.
        pub asked: Arc<Mutex<Vec<Asked>>>,
        /// Answer 500 to the request with this number (from 1), once.
        pub fail_at: Arc<AtomicUsize>,
    }

    fn uri(value: &str) -> Value {
        json!({ "type": "uri", "value": value })
    }

    fn text(value: &str, lang: &str) -> Value {
        json!({ "type": "literal", "value": value, "xml:lang": lang })
    }

    fn typed(value: &str, datatype: &str) -> Value {
        json!({ "type": "literal", "value": value,
                "datatype": format!("http://www.w3.org/2001/XMLSchema#{datatype}") })
    }

    /// Every row of every item, by item address, in the service's string order.
    fn rows() -> Vec<(String, Vec<Value>)> {
        let item = |id: &str, band: bool, article: &str| {
            json!({
                "item": uri(&format!("{ENTITY}{id}")),
                "band": typed(if band { "true" } else { "false" }, "boolean"),
                "article": uri(&format!("https://en.wikipedia.org/wiki/{article}")),
            })
        };
        let with = |mut row: Value, extra: Value| {
            for (k, v) in extra.as_object().unwrap() {
                row[k] = v.clone();
            }
            row
        };
        let band = item("Q100", true, "Query_Band");
        let band_facts = json!({
            "name": text("Query Band", "en"),
            "description": text("fixture post-punk band", "en"),
            "began": typed("1985-03-00T00:00:00Z", "dateTime"),
            "beganPrecision": typed("10", "integer"),
            "mbid": typed(super::BAND_MBID, "string"),
            "origin": text("Manchester", "en"),
            "country": text("United Kingdom", "en"),
            // Asked for only when no country is stated: a stated one wins anyway.
            "formationCountry": text("England", "en"),
        });
        // A member statement: its person, rank, name and start year, and what else it
        // says (an end, an end's precision).
        let spell = |n: &str, person: &str, rank: &str, name: Value, start: &str, extra: Value| {
            let mut row = json!({
                "spell": uri(&format!("http://www.wikidata.org/entity/statement/Q100-{n}")),
                "memberItem": uri(&format!("{ENTITY}{person}")),
                "memberRank": uri(&format!("http://wikiba.se/ontology#{rank}Rank")),
                "memberStart": typed(&format!("{start}-01-01T00:00:00Z"), "dateTime"),
                "memberStartPrecision": typed("9", "integer"),
            });
            let key = if name["xml:lang"] == "en" {
                "member"
            } else {
                "memberOther"
            };
            row[key] = name;
            for (k, v) in extra.as_object().unwrap() {
                row[k] = v.clone();
            }
            row
        };
        let second = || {
            // Left at an unknown date: the service names the unknown value by a
            // generated address.
            spell(
                "a",
                "Q201",
                "Normal",
                text("Second Member", "en"),
                "1987",
                json!({
                "memberEnd": uri("http://www.wikidata.org/.well-known/genid/0123456789abcdef") }),
            )
        };
        let first = || {
            spell(
                "b",
                "Q202",
                "Preferred",
                text("First Member", "en"),
                "1985",
                json!({}),
            )
        };
        let mut items = vec![
            (
                format!("{ENTITY}Q100"),
                vec![
                    with(
                        with(
                            with(band.clone(), band_facts.clone()),
                            json!({ "genre": text("post-punk", "en"), "genreItem": uri(&format!("{ENTITY}Q7102")) }),
                        ),
                        second(),
                    ),
                    with(
                        with(
                            with(band.clone(), band_facts.clone()),
                            json!({ "genre": text("post-punk", "en"), "genreItem": uri(&format!("{ENTITY}Q7102")) }),
                        ),
                        first(),
                    ),
                    with(
                        with(
                            with(band.clone(), band_facts.clone()),
                            json!({ "genre": text("indie rock", "en") }),
                        ),
                        first(),
                    ),
                    // A statement about the same person as a preferred one: outranked.
                    with(
                        with(band.clone(), band_facts.clone()),
                        spell(
                            "c",
                            "Q202",
                            "Normal",
                            text("First Member", "en"),
                            "1970",
                            json!({}),
                        ),
                    ),
                    // Named in Japanese only; left in the 1990s.
                    with(
                        with(band, band_facts),
                        spell(
                            "d",
                            "Q203",
                            "Normal",
                            text("坂本龍一", "ja"),
                            "1986",
                            json!({
                            "memberEnd": typed("1990-01-01T00:00:00Z", "dateTime"),
                            "memberEndPrecision": typed("8", "integer") }),
                        ),
                    ),
                ],
            ),
            (
                format!("{ENTITY}Q101"),
                vec![with(
                    item("Q101", false, "Query_Singer"),
                    json!({
                        "name": text("Query Singer", "en"),
                        "born": typed("1970-02-14T00:00:00Z", "dateTime"),
                        "bornPrecision": typed("11", "integer"),
                        "died": typed("2020-06-01T00:00:00Z", "dateTime"),
                        "diedPrecision": typed("10", "integer"),
                    }),
                )],
            ),
            (
                format!("{ENTITY}Q102"),
                vec![with(
                    item("Q102", false, "Mul_Only"),
                    json!({ "mulName": text("Mul Only", "mul") }),
                )],
            ),
            (
                format!("{ENTITY}Q103"),
                vec![with(
                    // No English or multilingual name: named by its article.
                    item("Q103", false, "Query_Rapper_(musician)"),
                    json!({}),
                )],
            ),
            // "Q99" comes after "Q103" in the service's string order.
            (
                format!("{ENTITY}Q99"),
                vec![with(
                    item("Q99", true, "Last_Band"),
                    json!({
                        "name": text("Last Band", "en"),
                        // Its only country: the one of the place it was formed in.
                        "formationCountry": text("Ireland", "en"),
                        "ended": typed("1999-01-01T00:00:00Z", "dateTime"),
                        "endedPrecision": typed("9", "integer"),
                    }),
                )],
            ),
        ];
        items.sort_by(|a, b| a.0.cmp(&b.0));
        items
    }

    /// The value between `start` and `end` in the query text.
    fn between<'a>(query: &'a str, start: &str, end: &str) -> Option<&'a str> {
        let from = query.find(start)? + start.len();
        Some(&query[from..from + query[from..].find(end)?])
    }

    async fn answer(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Query(params): Query<std::collections::HashMap<String, String>>,
    ) -> Response {
        let query = params.get("query").cloned().unwrap_or_default();
        if query.contains("skos:altLabel") {
            return aliases(&query);
        }
        let after = between(&query, "FILTER(STR(?item) > \"", "\")").map(str::to_owned);
        let limit: usize = between(&query, "LIMIT ", "\n")
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let accept = headers
            .get("accept")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let number = {
            let mut asked = fake.asked.lock().unwrap();
            asked.push((after.clone(), accept));
            asked.len()
        };
        if fake.fail_at.load(Ordering::SeqCst) == number {
            fake.fail_at.store(0, Ordering::SeqCst);
            return (StatusCode::INTERNAL_SERVER_ERROR, "query failed").into_response();
        }
        let bindings: Vec<Value> = rows()
            .into_iter()
            .filter(|(address, _)| after.as_deref().is_none_or(|a| address.as_str() > a))
            .take(limit)
            .flat_map(|(_, rows)| rows)
            .collect();
        let body = json!({
            "head": { "vars": ["item", "band", "article", "name", "mulName", "began", "beganPrecision",
                               "born", "bornPrecision", "ended", "endedPrecision", "died",
                               "diedPrecision", "description", "mbid", "origin", "country", "formationCountry", "genreItem", "genre", "spell", "memberItem",
                               "memberRank", "member", "memberMul", "memberOther", "memberStart",
                               "memberStartPrecision", "memberEnd", "memberEndPrecision"] },
            "results": { "bindings": bindings }
        });
        (
            [(
                "content-type",
                "application/sparql-results+json;charset=utf-8",
            )],
            body.to_string(),
        )
            .into_response()
    }

    /// The aliases of the items the query names in its `VALUES`, in no set order, with
    /// a repeat in another case and one that is the item's name, as the service has
    /// them.
    fn aliases(query: &str) -> Response {
        let items = between(query, "VALUES ?item { ", " }").unwrap();
        let alias = |item: &str, name: &str, lang: &str| json!({ "item": uri(&format!("{ENTITY}{item}")), "alias": text(name, lang) });
        let mut bindings = Vec::new();
        if items.split(' ').any(|i| i == "wd:Q100") {
            bindings.extend([
                alias("Q100", "QB", "mul"),
                alias("Q100", "The Query Band", "en"),
                alias("Q100", "query band", "en"),
                alias("Q100", "The Query band", "mul"),
                alias("Q100", "Band of Queries", "en"),
            ]);
        }
        let body = json!({
            "head": { "vars": ["item", "alias"] },
            "results": { "bindings": bindings }
        });
        (
            [("content-type", "application/sparql-results+json")],
            body.to_string(),
        )
            .into_response()
    }

    pub async fn serve(fake: Fake) -> String {
        let app = Router::new().route("/sparql", get(answer)).with_state(fake);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        format!("http://{addr}/sparql")
    }

    pub fn config(endpoint: &str) -> SparqlConfig {
        SparqlConfig {
            endpoint: endpoint.to_owned(),
            page_size: 2,
            politeness: Politeness {
                pace: Duration::from_millis(10),
                timeout: Duration::from_secs(5),
                retries: 0,
                max_retry_wait: Duration::from_millis(10),
            },
            ..SparqlConfig::default()
        }
    }

    pub use sparql::import;
}

async fn the_query_service_is_read_in_pages_and_a_rerun_continues_where_it_stopped(db: &TestDb) {
    use std::sync::atomic::Ordering;
    let fake = query_service::Fake::default();
    fake.fail_at.store(2, Ordering::SeqCst);
    let endpoint = query_service::serve(fake.clone()).await;
    let config = query_service::config(&endpoint);

    let err = query_service::import(&db.conn, &config)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("run again to continue"), "{err}");
    // The first page (Q100, Q101) stays written.
    assert_eq!(count(db).await, 2);

    let report = query_service::import(&db.conn, &config).await.unwrap();
    assert_eq!(
        (report.inserted, report.updated),
        (3, 0),
        "{}",
        report.summary()
    );
    let asked: Vec<Option<String>> = fake
        .asked
        .lock()
        .unwrap()
        .iter()
        .map(|a| a.0.clone())
        .collect();
    let entity = |id: &str| Some(format!("http://www.wikidata.org/entity/{id}"));
    assert_eq!(
        asked,
        [None, entity("Q101"), entity("Q101"), entity("Q103")],
        "the rerun starts after the last item written"
    );
    assert!(fake
        .asked
        .lock()
        .unwrap()
        .iter()
        .all(|(_, accept)| accept == "application/sparql-results+json"));
    assert_eq!(count(db).await, 5);

    let band = by_item(db, "Q100").await;
    assert_eq!(band.kind, "band");
    assert_eq!(band.began_on.as_deref(), Some("1985-03"));
    assert_eq!(band.origin.as_deref(), Some("Manchester"));
    assert_eq!(band.country.as_deref(), Some("United Kingdom"));
    assert_eq!(band.genres, r#"["Post-punk","Indie rock"]"#);
    // The genre is stored with the item the query named it by.
    let post_punk = sound_atlas_entity::genre::Entity::find()
        .filter(sound_atlas_entity::genre::Column::Name.eq("Post-punk"))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(post_punk.wikidata_id.as_deref(), Some("Q7102"));
    assert_eq!(band.description.as_deref(), Some("fixture post-punk band"));
    // Asked apart, English ones first, each once, none the name.
    assert_eq!(
        band.aliases.as_deref(),
        Some(r#"["Band of Queries","The Query Band","QB"]"#)
    );
    assert_eq!(by_item(db, "Q101").await.aliases, None);
    // Recorded as the dump's are: each field the knowledge base gave, with its source.
    let sources: Vec<(String, String)> = enrichment::sources_of(&db.conn, band.id)
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.field.name().to_owned(), s.source.name().to_owned()))
        .collect();
    for field in [
        "aliases", "began_on", "country", "genres", "members", "origin", "title",
    ] {
        assert!(
            sources.contains(&(field.to_owned(), "wikidata".to_owned())),
            "{field} in {sources:?}"
        );
    }
    let (_, members) = artist_lists::lists_of(&db.conn, band.id).await.unwrap();
    let spells: Vec<String> = members
        .iter()
        .map(|m| {
            format!(
                "{} {:?} {:?} {:?} {:?} ended={}",
                m.name, m.name_language, m.begin_year, m.end_year, m.end_precision, m.ended
            )
        })
        .collect();
    assert_eq!(
        spells,
        [
            "First Member None Some(1985) None Year ended=false",
            "坂本龍一 Some(\"ja\") Some(1986) Some(1990) Decade ended=true",
            "Second Member None Some(1987) None Year ended=true",
        ]
    );
    let singer = by_item(db, "Q101").await;
    assert_eq!(singer.began_on.as_deref(), Some("1970-02-14"));
    assert_eq!(singer.ended_on.as_deref(), Some("2020-06"));
    assert_eq!(band.ended_on, None);
    assert_eq!(by_item(db, "Q99").await.ended_on.as_deref(), Some("1999"));
    assert_eq!(by_item(db, "Q99").await.country.as_deref(), Some("Ireland"));
    assert_eq!(by_item(db, "Q102").await.title, "Mul Only");
    assert_eq!(by_item(db, "Q103").await.title, "Query Rapper");

    // Read to the end: the next run starts from the first page again.
    fake.asked.lock().unwrap().clear();
    let again = query_service::import(&db.conn, &config).await.unwrap();
    assert_eq!((again.inserted, again.updated, again.unchanged), (0, 0, 5));
    assert_eq!(fake.asked.lock().unwrap()[0].0, None);
}

async fn a_query_service_dry_run_writes_nothing(db: &TestDb) {
    let endpoint = query_service::serve(query_service::Fake::default()).await;
    let config = sound_atlas_catalog_import::sparql::SparqlConfig {
        dry_run: true,
        ..query_service::config(&endpoint)
    };
    let report = query_service::import(&db.conn, &config).await.unwrap();
    assert_eq!(report.inserted, 5);
    assert_eq!(count(db).await, 0);

    // The real service is not called without a way to reach the operator.
    let anonymous = sound_atlas_catalog_import::sparql::SparqlConfig {
        endpoint: "https://query.wikidata.org/sparql".into(),
        contact: None,
        ..config
    };
    let refused = query_service::import(&db.conn, &anonymous)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.starts_with("Set SOUND_ATLAS_CONTACT"), "{refused}");
}

async fn musicbrainz_dump(db: &TestDb, file: String, dry_run: bool) -> Result<Report, String> {
    musicbrainz_dump_adding(db, file, dry_run, false).await
}

async fn musicbrainz_dump_adding(
    db: &TestDb,
    file: String,
    dry_run: bool,
    add_new: bool,
) -> Result<Report, String> {
    cli::import(
        &db.conn,
        Import::MusicbrainzDump {
            file,
            dry_run,
            add_new,
        },
    )
    .await
    .map_err(|err| err.to_string())
}

/// The artists of the MusicBrainz test data: one a line.
fn musicbrainz_lines() -> usize {
    std::fs::read_to_string(testdata("musicbrainz-artist"))
        .unwrap()
        .lines()
        .count()
}

/// Lines inserted, updated and unchanged.
type Written = (usize, usize, usize);

/// What became of the dump's lines: those written, and how many were passed over for
/// each reason (sorted). Every line is one of them.
fn outcome(report: &Report) -> (Written, Vec<(&str, usize)>) {
    assert_eq!(
        report.inserted
            + report.updated
            + report.unchanged
            + report.skipped.len()
            + report.passed_over_count(),
        musicbrainz_lines(),
        "every line is counted: {}",
        report.summary()
    );
    let mut passed: Vec<(&str, usize)> = report
        .passed_over
        .iter()
        .map(|t| (t.reason.as_str(), t.count))
        .collect();
    passed.sort_unstable();
    ((report.inserted, report.updated, report.unchanged), passed)
}

async fn musicbrainz_fills_only_what_an_artist_lacks(db: &TestDb) {
    // As the seed's artists are once `enrich` found their MusicBrainz id; the second has
    // a year of its own that MusicBrainz's date would contradict.
    write::upsert(
        &db.conn,
        vec![
            ArtistUpsert {
                external_id: "fixture-band".into(),
                title: sheet("Fixture Band"),
                kind: sheet(ArtistKind::Band),
                musicbrainz_id: sheet(BAND_MBID),
                ..Default::default()
            },
            ArtistUpsert {
                external_id: "fixture-singer".into(),
                title: sheet("Fixture Singer"),
                kind: sheet(ArtistKind::Solo),
                year: sheet(1947),
                origin: sheet("Stone Town"),
                musicbrainz_id: sheet("5b11f4ce-a62d-471e-81fc-a69a8278c7da"),
                ..Default::default()
            },
        ],
    )
    .await
    .unwrap();
    let dry = musicbrainz_dump(db, testdata("musicbrainz-artist.tar.xz"), true)
        .await
        .unwrap();
    assert_eq!((dry.updated, dry.unchanged), (2, 0));
    let band = by_external(db, "fixture-band").await;
    assert_eq!(
        (band.began_on, band.origin, band.genres),
        (None, None, "[]".into())
    );

    let report = musicbrainz_dump(db, testdata("musicbrainz-artist.tar.xz"), false)
        .await
        .unwrap();
    // The other lines name no artist of the catalogue, and are counted so.
    assert_eq!(
        outcome(&report),
        (
            (0, 2, 0),
            vec![(
                musicbrainz_dump::PASSED_NOT_IN_CATALOGUE,
                musicbrainz_lines() - 2
            )]
        )
    );
    assert!(
        report.summary().contains(&format!(
            "2 updated, 0 unchanged, 0 skipped, {} passed over\n  passed over {}: no artist of the catalogue",
            musicbrainz_lines() - 2,
            musicbrainz_lines() - 2
        )),
        "{}",
        report.summary()
    );
    let filled = by_external(db, "fixture-band").await;
    assert_eq!(filled.began_on.as_deref(), Some("1970-06-27"));
    assert_eq!(filled.year, Some(1970));
    assert_eq!(filled.origin.as_deref(), Some("London"));
    assert_eq!(filled.genres, r#"["Glam rock"]"#);
    // The artist's area when it is a country.
    assert_eq!(filled.country.as_deref(), Some("United Kingdom"));
    // Its other names, but a search hint (a misspelling).
    assert_eq!(filled.aliases.as_deref(), Some(r#"["Fixtures"]"#));
    let sources: Vec<_> = enrichment::sources_of(&db.conn, filled.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|s| s.source.is_service())
        .collect();
    assert!(sources.iter().all(|s| s.source == Source::Musicbrainz));
    // The date, origin, genres, country and aliases.
    assert_eq!(sources.len(), 5);
    let singer = by_external(db, "fixture-singer").await;
    // An area whose type is not given is not taken for a country.
    assert_eq!(
        (singer.began_on, singer.origin.as_deref(), singer.country),
        (None, Some("Stone Town"), None)
    );
    // Its life span's end, which the catalogue lacked.
    assert_eq!(singer.ended_on.as_deref(), Some("1991-11-24"));
    assert_eq!(filled.ended_on, None);

    // The file out of the archive, plain or xz: the same, and nothing left to add.
    for file in ["musicbrainz-artist", "musicbrainz-artist.xz"] {
        let again = musicbrainz_dump(db, testdata(file), false).await.unwrap();
        assert_eq!((again.updated, again.unchanged), (0, 2), "{file}");
    }
    assert_eq!(count(db).await, 2);
}

const BY_ITEM_MBID: &str = "cccccccc-0000-4000-8000-000000000001";
const CROONER_MBID: &str = "cccccccc-0000-4000-8000-000000000006";

async fn a_musicbrainz_line_without_a_known_id_is_matched_by_its_wikidata_relation(db: &TestDb) {
    // Artists of the knowledge base's import: one without a MusicBrainz id, one whose id
    // is not the line's that names its item.
    let other_mbid = "dddddddd-0000-4000-8000-000000000001";
    write::upsert(
        &db.conn,
        vec![
            ArtistUpsert {
                external_id: "q9201".into(),
                title: sheet("Fixture Quartet"),
                kind: sheet(ArtistKind::Band),
                wikidata_id: sheet("Q9201"),
                ..Default::default()
            },
            ArtistUpsert {
                external_id: "q9202".into(),
                title: sheet("Fixture Trio"),
                wikidata_id: sheet("Q9202"),
                musicbrainz_id: sheet(other_mbid),
                ..Default::default()
            },
        ],
    )
    .await
    .unwrap();
    let report = musicbrainz_dump(db, testdata("musicbrainz-artist.tar.xz"), false)
        .await
        .unwrap();
    let mut passed = vec![
        (musicbrainz_dump::PASSED_TWICE, 1),
        (musicbrainz_dump::PASSED_OTHER_ID, 1),
        (
            musicbrainz_dump::PASSED_NOT_IN_CATALOGUE,
            musicbrainz_lines() - 3,
        ),
    ];
    passed.sort_unstable();
    assert_eq!(outcome(&report), ((0, 1, 0), passed));
    let quartet = by_external(db, "q9201").await;
    // The line gives it its MusicBrainz id, and what it lacked.
    assert_eq!(quartet.musicbrainz_id.as_deref(), Some(BY_ITEM_MBID));
    assert_eq!(quartet.began_on.as_deref(), Some("1988"));
    assert_eq!(quartet.origin.as_deref(), Some("Stockholm"));
    assert_eq!(quartet.country.as_deref(), Some("Sweden"));
    let sources = enrichment::sources_of(&db.conn, quartet.id).await.unwrap();
    assert!(sources
        .iter()
        .any(|s| s.field.name() == "musicbrainz_id" && s.source.name() == "musicbrainz"));
    let trio = by_external(db, "q9202").await;
    assert_eq!(
        (trio.musicbrainz_id.as_deref(), trio.began_on),
        (Some(other_mbid), None)
    );

    // Found by its id from now on; the line naming the same item finds an artist with
    // another id.
    let again = musicbrainz_dump(db, testdata("musicbrainz-artist"), false)
        .await
        .unwrap();
    let (counts, passed) = outcome(&again);
    assert_eq!(counts, (0, 0, 1));
    assert!(passed.contains(&(musicbrainz_dump::PASSED_OTHER_ID, 2)));
    assert_eq!(count(db).await, 2);
}

async fn a_musicbrainz_country_comes_from_the_area_else_from_where_the_artist_began(db: &TestDb) {
    let artist = |external_id: &str, mbid: &str| ArtistUpsert {
        external_id: external_id.into(),
        title: sheet(external_id),
        musicbrainz_id: sheet(mbid),
        ..Default::default()
    };
    write::upsert(
        &db.conn,
        vec![
            artist("fiddler", "cccccccc-0000-4000-8000-000000000004"),
            artist("piper", "cccccccc-0000-4000-8000-000000000005"),
            artist("orchestra", "cccccccc-0000-4000-8000-000000000007"),
            artist("choir", "cccccccc-0000-4000-8000-000000000008"),
        ],
    )
    .await
    .unwrap();
    musicbrainz_dump(db, testdata("musicbrainz-artist.xz"), false)
        .await
        .unwrap();
    let country = |row: artist::Model| (row.origin, row.country);
    // Its area a city (the dump's areas carry no type), where it began a country, known
    // by its ISO 3166-1 code.
    assert_eq!(
        country(by_external(db, "fiddler").await),
        (Some("Norway".into()), Some("Norway".into()))
    );
    // A city, and a subdivision (an ISO 3166-2 code): the country is not guessed.
    assert_eq!(
        country(by_external(db, "piper").await),
        (Some("Scotland".into()), None)
    );
    // An area with a country's code and no type is a country ...
    assert_eq!(
        country(by_external(db, "orchestra").await),
        (Some("Austria".into()), Some("Austria".into()))
    );
    // ... but Europe's code names no country.
    assert_eq!(
        country(by_external(db, "choir").await),
        (Some("Europe".into()), None)
    );
}

async fn musicbrainz_only_artists_are_added_with_the_flag_when_a_page_can_be_made_of_them(
    db: &TestDb,
) {
    let lines = musicbrainz_lines();
    let without = musicbrainz_dump(db, testdata("musicbrainz-artist.tar.xz"), false)
        .await
        .unwrap();
    assert_eq!(
        outcome(&without),
        (
            (0, 0, 0),
            vec![(musicbrainz_dump::PASSED_NOT_IN_CATALOGUE, lines)]
        )
    );
    assert_eq!(count(db).await, 0);
    let dry = musicbrainz_dump_adding(db, testdata("musicbrainz-artist.tar.xz"), true, true)
        .await
        .unwrap();
    assert_eq!(dry.inserted, 10, "{}", dry.summary());
    assert_eq!(count(db).await, 0);

    let report = musicbrainz_dump_adding(db, testdata("musicbrainz-artist.tar.xz"), false, true)
        .await
        .unwrap();
    let mut passed = vec![
        (musicbrainz_dump::PASSED_CHARACTER, 1),
        (musicbrainz_dump::PASSED_NOT_ARTIST, 1),
        (musicbrainz_dump::PASSED_TOO_LITTLE, 1),
        // A second line naming the item an added artist has.
        (musicbrainz_dump::PASSED_OTHER_ID, 1),
    ];
    passed.sort_unstable();
    assert_eq!(outcome(&report), ((10, 0, 0), passed.clone()));
    assert_eq!(count(db).await, 10);

    // Shown by its English name, its own among its other names; every fact
    // MusicBrainz's, and no article to read.
    let crooner = by_external(db, &format!("mb-{CROONER_MBID}")).await;
    assert_eq!(crooner.title, "Fixture Crooner");
    assert_eq!(crooner.kind, "solo");
    assert_eq!(crooner.aliases.as_deref(), Some(r#"["Фикстурный Певец"]"#));
    assert_eq!(
        (crooner.began_on.as_deref(), crooner.year),
        (Some("1950-03"), Some(1950))
    );
    assert_eq!(crooner.country.as_deref(), Some("Russia"));
    assert_eq!(crooner.genres, r#"["Romance"]"#);
    assert_eq!(crooner.musicbrainz_id.as_deref(), Some(CROONER_MBID));
    // Its item, so the knowledge base's import finds it rather than adding it again.
    assert_eq!(crooner.wikidata_id.as_deref(), Some("Q9301"));
    assert_eq!((crooner.bio, crooner.bio_source_link), (None, None));
    let sources = enrichment::sources_of(&db.conn, crooner.id).await.unwrap();
    assert!(sources.iter().all(|s| s.source.name() == "musicbrainz"));
    let fields: Vec<&str> = sources.iter().map(|s| s.field.name()).collect();
    for field in ["title", "kind", "began_on", "musicbrainz_id", "wikidata_id"] {
        assert!(fields.contains(&field), "{field} in {fields:?}");
    }
    // An orchestra and a choir are ensembles: bands; an area is enough for a page.
    let orchestra = by_external(db, "mb-cccccccc-0000-4000-8000-000000000007").await;
    assert_eq!(
        (
            orchestra.kind.as_str(),
            orchestra.began_on,
            orchestra.country.as_deref()
        ),
        ("band", None, Some("Austria"))
    );
    let choir = by_external(db, "mb-cccccccc-0000-4000-8000-000000000008").await;
    assert_eq!(choir.kind, "band");

    // A rerun finds them by their ids, and brings what MusicBrainz changed up to date.
    let again = musicbrainz_dump_adding(db, testdata("musicbrainz-artist"), false, true)
        .await
        .unwrap();
    assert_eq!(outcome(&again), ((0, 0, 10), passed.clone()));
    let text = std::fs::read_to_string(testdata("musicbrainz-artist"))
        .unwrap()
        .replace(r#""begin":"1950-03""#, r#""begin":"1950-03-02""#);
    let changed = musicbrainz_dump_adding(db, temp_file("artist", &text), false, true)
        .await
        .unwrap();
    assert_eq!(outcome(&changed), ((0, 1, 9), passed));
    let crooner = by_external(db, &format!("mb-{CROONER_MBID}")).await;
    assert_eq!(crooner.began_on.as_deref(), Some("1950-03-02"));
    assert_eq!(count(db).await, 10);
}

async fn the_knowledge_base_s_import_finds_an_artist_musicbrainz_added_by_its_id(db: &TestDb) {
    // The band and the singer, added from MusicBrainz's dump without their items.
    musicbrainz_dump_adding(db, testdata("musicbrainz-artist"), false, true)
        .await
        .unwrap();
    let added = count(db).await;
    let report = wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    assert_eq!(
        (report.inserted, report.updated),
        (3, 2),
        "{}",
        report.summary()
    );
    assert_eq!(count(db).await, added + 3);
    let band = by_item(db, "Q9001").await;
    assert_eq!(band.external_id, format!("mb-{BAND_MBID}"));
    // The knowledge base's name and article now; MusicBrainz's dump only completes it.
    assert_eq!(
        band.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/Fixture_Band")
    );
    let again = musicbrainz_dump_adding(db, testdata("musicbrainz-artist"), false, true)
        .await
        .unwrap();
    assert_eq!(again.inserted, 0, "{}", again.summary());
    // The knowledge base's date (to the year) stays; MusicBrainz's day does not replace it.
    assert_eq!(by_item(db, "Q9001").await.began_on.as_deref(), Some("1970"));
}

async fn a_row_two_items_would_find_is_found_by_one(db: &TestDb) {
    // A row the singer's item finds by its formed id, holding the band's MusicBrainz id.
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "q9101".into(),
            title: sheet("Fixture Singer"),
            musicbrainz_id: sheet(BAND_MBID),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let report = wikidata_dump(db, testdata("wikidata-dump.json"), false).await;
    assert_eq!(
        (report.inserted, report.updated),
        (4, 1),
        "{}",
        report.summary()
    );
    assert_eq!(by_item(db, "Q9001").await.external_id, "q9001");
}

async fn a_malformed_musicbrainz_line_changes_nothing(db: &TestDb) {
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
    // Past the first batch of 500: a late error must not leave the first written.
    let mut text = std::fs::read_to_string(testdata("musicbrainz-artist")).unwrap();
    for n in 0..600 {
        text.push_str(&format!(
            "{{\"id\":\"00000000-0000-4000-8000-{n:012}\",\"name\":\"Other {n}\"}}\n"
        ));
    }
    text.push_str("{\"id\": \"unfinished\n");
    let err = musicbrainz_dump(db, temp_file("artist", &text), false)
        .await
        .unwrap_err();
    let line = musicbrainz_lines() + 601;
    assert!(err.contains(&format!("line {line}")), "{err}");
    let band = by_external(db, "fixture-band").await;
    assert_eq!(band.began_on, None);
}

async fn a_musicbrainz_line_past_the_cap_is_refused_by_number_and_changes_nothing(db: &TestDb) {
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
    // artist.tar.xz: the archive's mbdump/artist file holds the artists of the
    // test data, then the long line.
    let artists = std::fs::read(testdata("musicbrainz-artist")).unwrap();
    let size = artists.len() + (LONG_LINE_MIB << 20) + 1;
    let mut header = tar::Header::new_ustar();
    header.set_path("mbdump/artist").unwrap();
    header.set_size(size as u64);
    header.set_mode(0o644);
    header.set_cksum();
    let mut head = header.as_bytes().to_vec();
    head.extend_from_slice(&artists);
    // The line's break, the entry's padding to a 512-byte block, the archive's end.
    let mut tail = vec![b'\n'];
    tail.resize(1 + (512 - size % 512) % 512 + 1024, 0);
    let file = with_long_line(xz, &head, LONG_LINE_MIB, &tail);
    assert!(file.len() < 1 << 20, "{} bytes on disk", file.len());
    let path = temp_file("artist.tar.xz", "");
    std::fs::write(&path, file).unwrap();
    let err = musicbrainz_dump(db, path, false).await.unwrap_err();
    let line = musicbrainz_lines() + 1;
    assert!(err.contains(&format!("line {line} {TOO_LONG}")), "{err}");
    let band = by_external(db, "fixture-band").await;
    assert_eq!(band.began_on, None);
}

async fn by_external(db: &TestDb, id: &str) -> artist::Model {
    artist::Entity::find()
        .filter(artist::Column::ExternalId.eq(id))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap()
}
