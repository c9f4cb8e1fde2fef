//! `enrich` against local fakes of the knowledge base, Commons, MusicBrainz and the
//! encyclopedia's summaries, answering in the shapes those services document, on
//! SQLite and PostgreSQL. The fixtures are written here, for these tests only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{self, ArtistUpsert, Image};
use sound_atlas_catalog::{artist_lists, enrichment};
use sound_atlas_catalog_import::enrich::{self, EnrichConfig};
use sound_atlas_catalog_import::wiki::WikiConfig;
use sound_atlas_entity::artist;
use sound_atlas_import::polite::Politeness;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::sheet;

const BAND_MBID: &str = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3";
const BUSY_ONCE_MBID: &str = "11111111-2222-3333-4444-555555555555";
const ALWAYS_BUSY_MBID: &str = "22222222-3333-4444-5555-666666666666";
const SLOW_MBID: &str = "33333333-4444-5555-6666-777777777777";
/// An id the knowledge base gives and MusicBrainz does not know (404).
const DEAD_MBID: &str = "44444444-5555-6666-7777-888888888888";
/// An id MusicBrainz answers only once the encyclopedia was asked for a biography (or
/// after [`PATIENCE`]: "not yet", a 503).
const AFTER_A_BIOGRAPHY_MBID: &str = "55555555-6666-7777-8888-999999999999";
const PATIENCE: Duration = Duration::from_secs(15);
const SPOTIFY_ID: &str = "1dfeR4HaWDbWqFHLkxsg1d";
const YOUTUBE_CHANNEL: &str = "UCiMhD4jzUqG-IgPzUmmytRQ";

/// A request a fake saw: (service, what was asked, when, User-Agent).
type Seen = (String, String, Instant, String);

/// Every request the fakes saw.
#[derive(Clone, Default)]
struct Fakes {
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Fakes {
    fn note(&self, service: &str, what: String, headers: &HeaderMap) {
        let agent = headers
            .get("user-agent")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        self.seen
            .lock()
            .unwrap()
            .push((service.into(), what, Instant::now(), agent));
    }

    fn asked(&self, service: &str) -> Vec<String> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.0 == service)
            .map(|s| s.1.clone())
            .collect()
    }

    fn times(&self, service: &str, what: &str) -> Vec<Instant> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.0 == service && s.1 == what)
            .map(|s| s.2)
            .collect()
    }

    fn clear(&self) {
        self.seen.lock().unwrap().clear();
    }
}

fn snak(property: &str, value: Value, kind: &str) -> Value {
    json!({ "snaktype": "value", "property": property, "datavalue": { "value": value, "type": kind } })
}

fn claim(property: &str, value: Value, kind: &str) -> Value {
    json!({ "mainsnak": snak(property, value, kind), "type": "statement", "rank": "normal" })
}

fn string(property: &str, value: &str) -> Value {
    claim(property, json!(value), "string")
}

fn time(time: &str, precision: u64) -> Value {
    json!({ "time": time, "timezone": 0, "before": 0, "after": 0, "precision": precision,
            "calendarmodel": "http://www.wikidata.org/entity/Q1985727" })
}

fn member(id: &str, start: &str, end: Option<&str>) -> Value {
    let mut qualifiers = json!({ "P580": [snak("P580", time(start, 9), "time")] });
    if let Some(end) = end {
        qualifiers["P582"] = json!([snak("P582", time(end, 9), "time")]);
    }
    let mut claim = claim(
        "P527",
        json!({ "entity-type": "item", "numeric-id": 0, "id": id }),
        "wikibase-entityid",
    );
    claim["qualifiers"] = qualifiers;
    claim
}

/// A member statement of `rank` with its start and end qualifiers as given (`snaktype`
/// "value", "somevalue" or "novalue").
fn part(id: &str, rank: &str, qualifiers: Value) -> Value {
    let mut claim = claim(
        "P527",
        json!({ "entity-type": "item", "numeric-id": 0, "id": id }),
        "wikibase-entityid",
    );
    claim["rank"] = json!(rank);
    claim["qualifiers"] = qualifiers;
    claim
}

fn year(property: &str, year: &str, precision: u64) -> Value {
    snak(
        property,
        time(&format!("+{year}-00-00T00:00:00Z"), precision),
        "time",
    )
}

fn no_date(property: &str, snaktype: &str) -> Value {
    json!({ "snaktype": snaktype, "property": property })
}

/// The knowledge base's items of the fixture artists, by their encyclopedia title.
fn item(title: &str) -> Option<(&'static str, Value)> {
    let (id, claims) = match title {
        // Members as the knowledge base states them: one preferred statement among
        // normal ones, ends unknown, to the decade or the century, "no end", a
        // deprecated statement, and a person named in Japanese only.
        "Fixture Quartet" => (
            "Q9008",
            json!({
                "P527": [
                    part("Q9111", "preferred", json!({ "P582": [year("P582", "1975", 9)] })),
                    part("Q9111", "normal", json!({
                        "P580": [year("P580", "1968", 9)], "P582": [year("P582", "1993", 9)] })),
                    part("Q9112", "normal", json!({ "P580": [year("P580", "1969", 9)] })),
                    part("Q9113", "normal", json!({
                        "P580": [year("P580", "1987", 9)], "P582": [no_date("P582", "somevalue")] })),
                    part("Q9114", "normal", json!({
                        "P580": [year("P580", "1975", 9)], "P582": [year("P582", "1984", 8)] })),
                    part("Q9115", "normal", json!({
                        "P580": [year("P580", "1978", 9)], "P582": [year("P582", "2000", 7)] })),
                    part("Q9116", "normal", json!({
                        "P580": [year("P580", "1990", 9)], "P582": [no_date("P582", "novalue")] })),
                    part("Q9117", "deprecated", json!({ "P580": [year("P580", "1970", 9)] })),
                ],
            }),
        ),
        "Fixture Band" => (
            "Q9001",
            json!({
                "P18": [string("P18", "Fixture Band 1975.jpg")],
                "P434": [string("P434", BAND_MBID)],
                "P1902": [string("P1902", SPOTIFY_ID)],
                "P6276": [string("P6276", "B000QJO5KA")],
                "P571": [claim("P571", time("+1970-00-00T00:00:00Z", 9), "time")],
                "P527": [member("Q9101", "+1970-00-00T00:00:00Z", None),
                         member("Q9102", "+1970-00-00T00:00:00Z", Some("+1991-00-00T00:00:00Z"))],
            }),
        ),
        "Fixture Singer" => (
            "Q9002",
            json!({
                "P18": [string("P18", "Not Free.jpg")],
                "P569": [claim("P569", time("+1946-09-05T00:00:00Z", 11), "time")],
                "P1477": [claim("P1477", json!({ "text": "Farrokh Fixture", "language": "en" }), "monolingualtext")],
                "P2397": [string("P2397", YOUTUBE_CHANNEL)],
                // A malformed id never becomes a link.
                "P2850": [string("P2850", "not-an-id")],
                // Nor one MusicBrainz does not confirm.
                "P434": [string("P434", DEAD_MBID)],
            }),
        ),
        "Anonymous Photo" => (
            "Q9003",
            json!({
                "P18": [string("P18", "Anonymous.jpg")],
                "P434": [string("P434", BUSY_ONCE_MBID)],
            }),
        ),
        "Always Busy" => (
            "Q9005",
            json!({ "P434": [string("P434", ALWAYS_BUSY_MBID)] }),
        ),
        "Slow Answer" => ("Q9006", json!({ "P434": [string("P434", SLOW_MBID)] })),
        "Patient Band" => (
            "Q9009",
            json!({ "P434": [string("P434", AFTER_A_BIOGRAPHY_MBID)] }),
        ),
        // The article "Renamed Band" redirects to.
        "Renamed Band (group)" => (
            "Q9007",
            json!({ "P571": [claim("P571", time("+1980-00-00T00:00:00Z", 9), "time")] }),
        ),
        _ => return None,
    };
    Some((
        id,
        json!({
            "type": "item", "id": id, "claims": claims,
            "sitelinks": { "enwiki": { "site": "enwiki", "title": title, "badges": [] } }
        }),
    ))
}

async fn wikidata(
    State(fakes): State<Fakes>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    assert_eq!(
        query.get("action").map(String::as_str),
        Some("wbgetentities")
    );
    let mut entities = serde_json::Map::new();
    if let Some(titles) = query.get("titles") {
        assert_eq!(query.get("sites").map(String::as_str), Some("enwiki"));
        fakes.note("wikidata", format!("titles={titles}"), &headers);
        for (n, title) in titles.split('|').enumerate() {
            match item(title) {
                Some((id, entity)) => entities.insert(id.into(), entity),
                None => entities.insert(
                    format!("-{}", n + 1),
                    json!({ "site": "enwiki", "title": title, "missing": "" }),
                ),
            };
        }
    } else if let Some(ids) = query.get("ids") {
        // Names are asked in every language: a person may have one in one script only.
        assert_eq!(query.get("languages"), None);
        fakes.note("wikidata", format!("ids={ids}"), &headers);
        for id in ids.split('|') {
            let (language, name) = match id {
                "Q9101" => ("en", "Ada Fixture"),
                "Q9102" => ("en", "Ben Fixture"),
                "Q9111" => ("en", "Rita Fixture"),
                "Q9112" => ("en", "Ian Fixture"),
                "Q9113" => ("en", "Tony Fixture"),
                "Q9114" => ("mul", "Tina Fixture"),
                "Q9115" => ("ja", "坂本龍一"),
                "Q9116" => ("en", "Nora Fixture"),
                "Q9117" => ("en", "Deprecated Fixture"),
                _ => continue,
            };
            entities.insert(
                id.into(),
                json!({ "type": "item", "id": id,
                        "labels": { language: { "language": language, "value": name } } }),
            );
        }
    }
    Json(json!({ "entities": entities, "success": 1 })).into_response()
}

fn image_page(title: &str) -> Value {
    let file = title.trim_start_matches("File:").replace(' ', "_");
    let info = |meta: Value| {
        json!({
            "ns": 6, "title": title, "imagerepository": "local",
            "imageinfo": [{
                "url": format!("https://upload.wikimedia.org/wikipedia/commons/a/ab/{file}"),
                "thumburl": format!("https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/{file}/960px-{file}"),
                "thumbwidth": 960, "thumbheight": 640,
                "descriptionurl": format!("https://commons.wikimedia.org/wiki/File:{file}"),
                "descriptionshorturl": "https://commons.wikimedia.org/w/index.php?curid=1",
                "extmetadata": meta
            }]
        })
    };
    match title {
        "File:Fixture Band 1975.jpg" => info(json!({
            "Artist": { "value": "<a href=\"//commons.wikimedia.org/wiki/User:Carl\" title=\"User:Carl\">Carl Lender</a>", "source": "commons-desc-page" },
            "LicenseShortName": { "value": "CC BY-SA 4.0", "source": "commons-desc-page", "hidden": "" },
            "LicenseUrl": { "value": "https://creativecommons.org/licenses/by-sa/4.0", "source": "commons-desc-page", "hidden": "" },
            "NonFree": { "value": "false", "source": "commons-desc-page", "hidden": "" }
        })),
        "File:Not Free.jpg" => info(json!({
            "Artist": { "value": "A Label", "source": "commons-desc-page" },
            "LicenseShortName": { "value": "Fair use", "source": "commons-desc-page", "hidden": "" },
            "NonFree": { "value": "true", "source": "commons-desc-page", "hidden": "" }
        })),
        // Free, but nobody named.
        "File:Anonymous.jpg" => info(json!({
            "LicenseShortName": { "value": "CC BY 2.0", "source": "commons-desc-page", "hidden": "" },
            "LicenseUrl": { "value": "https://creativecommons.org/licenses/by/2.0", "source": "commons-desc-page", "hidden": "" }
        })),
        _ => json!({ "ns": 6, "title": title, "missing": true }),
    }
}

async fn commons(
    State(fakes): State<Fakes>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    assert_eq!(query.get("prop").map(String::as_str), Some("imageinfo"));
    assert_eq!(
        query.get("iiprop").map(String::as_str),
        Some("url|extmetadata")
    );
    let titles = query.get("titles").cloned().unwrap_or_default();
    fakes.note("commons", titles.clone(), &headers);
    let pages: Vec<Value> = titles.split('|').map(image_page).collect();
    Json(json!({ "batchcomplete": true, "query": { "pages": pages } })).into_response()
}

fn release_group(title: &str, primary: &str, secondary: &[&str], date: &str) -> Value {
    json!({ "id": format!("rg-{}", title.to_lowercase().replace(' ', "-")), "title": title,
            "primary-type": primary, "secondary-types": secondary, "first-release-date": date,
            "disambiguation": "" })
}

fn band_member(name: &str, begin: &str, end: Option<&str>, attributes: &[&str]) -> Value {
    json!({ "type": "member of band", "type-id": "5be4c609-9afa-4ea0-910b-12ffb71e3821",
            "direction": "backward", "target-type": "artist", "begin": begin, "end": end,
            "ended": end.is_some(), "attributes": attributes,
            "artist": { "id": "00000000-0000-0000-0000-000000000000", "name": name, "sort-name": name } })
}

async fn musicbrainz(
    State(fakes): State<Fakes>,
    headers: HeaderMap,
    Path(mbid): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    assert_eq!(query.get("fmt").map(String::as_str), Some("json"));
    let earlier = fakes.times("musicbrainz", &mbid).len();
    fakes.note("musicbrainz", mbid.clone(), &headers);
    let slow_down = || {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [("retry-after", "1")],
            "Your requests are exceeding the allowable rate limit.",
        )
            .into_response()
    };
    match mbid.as_str() {
        BAND_MBID => Json(json!({
            "id": BAND_MBID, "name": "Fixture Band", "type": "Group",
            "life-span": { "begin": "1970", "end": null, "ended": false },
            // A lookup lists 25 release groups at most.
            "release-groups": band_release_groups().into_iter().take(25).collect::<Vec<_>>(),
            "relations": [
                band_member("Ada Fixture", "1970", None, &["original", "lead vocals", "piano"]),
                band_member("Ben Fixture", "1970-06", Some("1991-11-24"), &["guitar"]),
                band_member("Cy Fixture", "1971", None, &["bass guitar"]),
                { "type": "free streaming", "target-type": "url", "direction": "forward",
                  "url": { "id": "u1", "resource": "https://tidal.com/artist/3995" } },
                { "type": "streaming", "target-type": "url", "direction": "forward",
                  "url": { "id": "u2", "resource": format!("https://open.spotify.com/artist/{}", "x".repeat(22)) } },
            ]
        }))
        .into_response(),
        BUSY_ONCE_MBID if earlier == 0 => slow_down(),
        BUSY_ONCE_MBID => Json(json!({
            "id": BUSY_ONCE_MBID, "name": "Anonymous Photo", "type": "Person",
            "life-span": { "begin": "1960-01-02" },
            "release-groups": [release_group("Only Album", "Album", &[], "1999")],
            "relations": []
        }))
        .into_response(),
        ALWAYS_BUSY_MBID => slow_down(),
        AFTER_A_BIOGRAPHY_MBID => {
            let asked = Instant::now();
            while fakes.asked("summary").is_empty() {
                if asked.elapsed() > PATIENCE {
                    return slow_down();
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            Json(json!({
                "id": AFTER_A_BIOGRAPHY_MBID, "name": "Patient Band", "type": "Group",
                "release-groups": [release_group("Patience", "Album", &[], "2001")],
                "relations": []
            }))
            .into_response()
        }
        SLOW_MBID => {
            tokio::time::sleep(Duration::from_secs(6)).await;
            Json(json!({ "id": SLOW_MBID, "release-groups": [], "relations": [] })).into_response()
        }
        _ => (StatusCode::NOT_FOUND, Json(json!({ "error": "Not Found" }))).into_response(),
    }
}

/// The band's release groups: a long career, more than one lookup lists.
fn band_release_groups() -> Vec<Value> {
    let mut groups = vec![
        release_group("Second Record", "Album", &[], "1974-03-08"),
        release_group("First Record", "Album", &[], "1973-07-13"),
        // A film's album of the band's own songs (A Hard Day's Night, Purple Rain).
        release_group(
            "Songs From The Film",
            "Album",
            &["Soundtrack"],
            "1976-05-01",
        ),
        release_group("Live Somewhere", "Album", &["Live"], "1979-06-22"),
        release_group("Greatest Things", "Album", &["Compilation"], "1981-10-26"),
        release_group("A Single", "Single", &[], "1975-10-31"),
    ];
    groups.extend((1..=27).map(|n| {
        release_group(
            &format!("Later Record {n:02}"),
            "Album",
            &[],
            &format!("{}-01-01", 1981 + n),
        )
    }));
    groups
}

/// The browse request for an artist's release groups, paged by `limit` and `offset`.
async fn musicbrainz_release_groups(
    State(fakes): State<Fakes>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    assert_eq!(query.get("artist").map(String::as_str), Some(BAND_MBID));
    assert_eq!(query.get("type").map(String::as_str), Some("album"));
    let offset: usize = query["offset"].parse().unwrap();
    let limit: usize = query["limit"].parse::<usize>().unwrap().min(100);
    fakes.note("musicbrainz-browse", format!("offset={offset}"), &headers);
    let all = band_release_groups();
    // Pages of 20 here, smaller than asked, as a service may answer.
    let page: Vec<Value> = all
        .iter()
        .skip(offset)
        .take(limit.min(20))
        .cloned()
        .collect();
    Json(json!({ "release-group-count": all.len(), "release-group-offset": offset, "release-groups": page }))
        .into_response()
}

/// The encyclopedia's redirects: (from, to, the section it leads to).
const REDIRECTS: &[(&str, &str, Option<&str>)] = &[
    ("Renamed Band", "Renamed Band (group)", None),
    // A member's name leading to a section of the band's article.
    ("Ada Fixture", "Fixture Band", Some("Members")),
];

/// The encyclopedia's action API: `action=query&redirects=1` as it answers
/// (`formatversion=2`): titles in their normal form, then where redirects lead.
async fn encyclopedia(
    State(fakes): State<Fakes>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    assert_eq!(
        (
            query.get("action").map(String::as_str),
            query.get("redirects").map(String::as_str)
        ),
        (Some("query"), Some("1"))
    );
    let titles = &query["titles"];
    fakes.note("encyclopedia", titles.clone(), &headers);
    let mut normalized = Vec::new();
    let mut redirects = Vec::new();
    let mut pages = Vec::new();
    for title in titles.split('|') {
        // The API writes a title's first letter in capitals.
        let mut normal = title.to_owned();
        normal[..1].make_ascii_uppercase();
        if normal != title {
            normalized.push(json!({ "fromencoded": false, "from": title, "to": normal }));
        }
        let target = match REDIRECTS.iter().find(|(from, ..)| *from == normal) {
            Some((from, to, section)) => {
                let mut redirect = json!({ "from": from, "to": to });
                if let Some(section) = section {
                    redirect["tofragment"] = json!(section);
                }
                redirects.push(redirect);
                to.to_string()
            }
            None => normal,
        };
        pages.push(json!({ "pageid": pages.len() + 1, "ns": 0, "title": target }));
    }
    let mut answer = json!({ "batchcomplete": true, "query": { "pages": pages } });
    if !normalized.is_empty() {
        answer["query"]["normalized"] = json!(normalized);
    }
    if !redirects.is_empty() {
        answer["query"]["redirects"] = json!(redirects);
    }
    Json(answer).into_response()
}

/// The summary endpoint; a redirect's title answers as the service does by default: 302
/// to the article's summary (a relative Location), with that summary as the body.
async fn summary(
    State(fakes): State<Fakes>,
    headers: HeaderMap,
    Path(page): Path<String>,
) -> Response {
    fakes.note("summary", page.clone(), &headers);
    let redirect = REDIRECTS
        .iter()
        .find(|(from, ..)| from.replace(' ', "_") == page);
    let article = redirect.map_or(page.clone(), |(_, to, _)| to.replace(' ', "_"));
    // A page listing the articles a name may mean is of type "disambiguation".
    let body = match article.as_str() {
        "Blur_Fixture" => Json(json!({ "type": "disambiguation", "title": article,
                                       "extract": "Blur Fixture may refer to:" })),
        _ => Json(json!({ "type": "standard", "title": article,
                          "extract": format!("About {article}.") })),
    };
    match redirect {
        Some(_) => (StatusCode::FOUND, [("location", article)], body).into_response(),
        None => body.into_response(),
    }
}

async fn serve(fakes: Fakes) -> String {
    let app = Router::new()
        .route("/w/api.php", get(wikidata))
        .route("/commons/api.php", get(commons))
        .route("/ws/2/artist/{mbid}", get(musicbrainz))
        .route("/ws/2/release-group", get(musicbrainz_release_groups))
        .route("/page/summary/{page}", get(summary))
        .route("/enwiki/api.php", get(encyclopedia))
        .with_state(fakes);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

fn config(base: &str) -> EnrichConfig {
    let quick = |pace| Politeness {
        pace,
        timeout: Duration::from_millis(2500),
        retries: 1,
        max_retry_wait: Duration::from_millis(2500),
    };
    EnrichConfig {
        wikidata_api: format!("{base}/w/api.php"),
        musicbrainz_api: format!("{base}/ws/2"),
        commons_api: format!("{base}/commons/api.php"),
        wiki: quick(Duration::from_millis(5)),
        musicbrainz: quick(Duration::from_millis(200)),
        summaries: WikiConfig {
            api_base: Some(base.to_owned()),
            action_api: Some(format!("{base}/enwiki/api.php")),
            pace: Duration::from_millis(5),
            ..WikiConfig::default()
        },
        ..EnrichConfig::default()
    }
}

fn page(title: &str) -> String {
    format!("https://en.wikipedia.org/wiki/{}", title.replace(' ', "_"))
}

/// The fixture artists as the seed or an import left them.
async fn catalogue(db: &TestDb) {
    let artist = |slug: &str, title: &str, kind: &str| ArtistUpsert {
        external_id: slug.into(),
        title: sheet(title),
        kind: sheet(ArtistKind::parse(kind).unwrap()),
        bio: sheet(format!("{title} is a fixture of these tests.")),
        bio_source_link: sheet(page(title)),
        ..Default::default()
    };
    write::upsert(
        &db.conn,
        vec![
            ArtistUpsert {
                // The seed's search links, and a direct link an import set.
                spotify_link: sheet("https://open.spotify.com/search/Fixture%20Band"),
                apple_link: sheet("https://music.apple.com/us/search?term=Fixture%20Band"),
                amazon_link: sheet("https://music.amazon.com/artists/B0IMPORTED"),
                ..artist("fixture-band", "Fixture Band", "band")
            },
            artist("fixture-singer", "Fixture Singer", "solo"),
            artist("anonymous-photo", "Anonymous Photo", "solo"),
            ArtistUpsert {
                bio: None,
                ..artist("no-item", "No Item", "solo")
            },
            artist("always-busy", "Always Busy", "solo"),
            artist("slow-answer", "Slow Answer", "solo"),
        ],
    )
    .await
    .unwrap();
    // The seed's real names are its own.
    let singer = by_slug(db, "fixture-singer").await;
    let mut row: artist::ActiveModel = singer.into();
    row.real_name = sea_orm::ActiveValue::Set(Some("Seeded Name".into()));
    sea_orm::ActiveModelTrait::update(row, &db.conn)
        .await
        .unwrap();
}

async fn by_slug(db: &TestDb, slug: &str) -> artist::Model {
    artist::Entity::find()
        .filter(artist::Column::ExternalId.eq(slug))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap()
}

async fn enrich_fills_credited_photos_direct_links_albums_and_members(db: &TestDb) {
    catalogue(db).await;
    let fakes = Fakes::default();
    let base = serve(fakes.clone()).await;
    let started = Instant::now();
    let report = enrich::run(&db.conn, &config(&base)).await.unwrap();
    let summary = report.summary();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );

    // One knowledge-base request for the batch's items, one for the members' names,
    // one Commons request for the images.
    let titles = fakes.asked("wikidata");
    assert_eq!(titles.len(), 2, "{titles:?}");
    assert_eq!(titles[0].matches('|').count(), 5, "{titles:?}");
    assert_eq!(titles[1], "ids=Q9101|Q9102".to_owned(), "{titles:?}");
    assert_eq!(fakes.asked("commons").len(), 1);
    let agents: Vec<String> = fakes
        .seen
        .lock()
        .unwrap()
        .iter()
        .map(|s| s.3.clone())
        .collect();
    assert!(
        agents.iter().all(|a| a.starts_with("SoundAtlas/")),
        "{agents:?}"
    );

    // The band: a credited photo, a direct link in place of the search, the import's
    // link kept, MusicBrainz's link where the knowledge base had none, studio albums
    // only, members with their years and instruments.
    let band = by_slug(db, "fixture-band").await;
    assert_eq!(band.wikidata_id.as_deref(), Some("Q9001"));
    assert_eq!(band.musicbrainz_id.as_deref(), Some(BAND_MBID));
    assert_eq!(
        band.image_url.as_deref(),
        Some("https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Fixture_Band_1975.jpg/960px-Fixture_Band_1975.jpg")
    );
    assert_eq!(band.image_source.as_deref(), Some("wikimedia"));
    assert_eq!(band.image_author.as_deref(), Some("Carl Lender"));
    assert_eq!(band.image_license.as_deref(), Some("CC BY-SA 4.0"));
    assert_eq!(
        band.image_license_url.as_deref(),
        Some("https://creativecommons.org/licenses/by-sa/4.0")
    );
    assert_eq!(
        band.image_page_url.as_deref(),
        Some("https://commons.wikimedia.org/wiki/File:Fixture_Band_1975.jpg")
    );
    assert_eq!(
        band.spotify_link,
        Some(format!("https://open.spotify.com/artist/{SPOTIFY_ID}")),
        "the knowledge base's id before MusicBrainz's link"
    );
    assert_eq!(
        band.apple_link.as_deref(),
        Some("https://music.apple.com/us/search?term=Fixture%20Band"),
        "no id known: the search stays"
    );
    assert_eq!(
        band.amazon_link.as_deref(),
        Some("https://music.amazon.com/artists/B0IMPORTED")
    );
    assert_eq!(
        band.tidal_link.as_deref(),
        Some("https://tidal.com/artist/3995")
    );
    assert_eq!(band.began_on.as_deref(), Some("1970"));
    assert_eq!(
        band.year,
        Some(1970),
        "the year follows the date where none was given"
    );
    let (albums, members) = artist_lists::lists_of(&db.conn, band.id).await.unwrap();
    let albums: Vec<(String, Option<i32>)> =
        albums.into_iter().map(|a| (a.title, a.year)).collect();
    // Every album, past the 25 release groups one lookup lists: browsed page by page.
    let mut expected = vec![
        ("First Record".to_owned(), Some(1973)),
        ("Second Record".to_owned(), Some(1974)),
        ("Songs From The Film".to_owned(), Some(1976)),
    ];
    expected.extend((1..=27).map(|n| (format!("Later Record {n:02}"), Some(1981 + n))));
    assert_eq!(albums, expected);
    assert_eq!(fakes.asked("musicbrainz-browse"), ["offset=0", "offset=20"]);
    // (name, from, to, ended, roles)
    type Member = (String, Option<i32>, Option<i32>, bool, Vec<String>);
    let members: Vec<Member> = members
        .into_iter()
        .map(|m| (m.name, m.begin_year, m.end_year, m.ended, m.roles))
        .collect();
    assert_eq!(
        members,
        [
            (
                "Ada Fixture".into(),
                Some(1970),
                None,
                false,
                vec!["lead vocals".into(), "piano".into()]
            ),
            (
                "Ben Fixture".into(),
                Some(1970),
                Some(1991),
                true,
                vec!["guitar".into()]
            ),
            (
                "Cy Fixture".into(),
                Some(1971),
                None,
                false,
                vec!["bass guitar".into()]
            ),
        ]
    );
    let sources: HashMap<String, String> = enrichment::sources_of(&db.conn, band.id)
        .await
        .unwrap()
        .into_iter()
        .map(|s| {
            assert!(s.at > 1_700_000_000, "a retrieval date");
            (s.field.name().to_owned(), s.source.name().to_owned())
        })
        .collect();
    for (field, source) in [
        ("image", "commons"),
        ("spotify_link", "wikidata"),
        ("tidal_link", "musicbrainz"),
        ("albums", "musicbrainz"),
        ("members", "musicbrainz"),
        ("began_on", "wikidata"),
        ("wikidata_id", "wikidata"),
    ] {
        assert_eq!(
            sources.get(field).map(String::as_str),
            Some(source),
            "{field}: {sources:?}"
        );
    }
    // The editors' links the services had none for stay theirs.
    for link in ["amazon_link", "apple_link"] {
        assert_eq!(
            sources.get(link).map(String::as_str),
            Some("sheet"),
            "{link}"
        );
    }

    // The singer: no photo (its licence is not free), the seed's real name kept, the
    // date born to the day, the channel; a malformed id left out.
    let singer = by_slug(db, "fixture-singer").await;
    assert_eq!((singer.image_url, singer.image_author), (None, None));
    assert_eq!(singer.real_name.as_deref(), Some("Seeded Name"));
    assert_eq!(singer.began_on.as_deref(), Some("1946-09-05"));
    assert_eq!(
        singer.solo_video_link,
        Some(format!("https://www.youtube.com/channel/{YOUTUBE_CHANNEL}"))
    );
    assert_eq!(singer.apple_link, None);
    // MusicBrainz answered 404 for the id the knowledge base gave: not published, reported.
    assert_eq!(singer.musicbrainz_id, None);
    assert!(
        summary.contains(&format!(
            "left out artist {} (Fixture Singer): MusicBrainz has no artist {DEAD_MBID}",
            singer.id
        )),
        "{summary}"
    );
    // MusicBrainz is asked only about artists with its id: the band once, the busy ones
    // twice (one retry), the slow one once.
    let mut asked = fakes.asked("musicbrainz");
    asked.sort();
    let mut expected = vec![
        BAND_MBID,
        BUSY_ONCE_MBID,
        BUSY_ONCE_MBID,
        ALWAYS_BUSY_MBID,
        ALWAYS_BUSY_MBID,
        SLOW_MBID,
        DEAD_MBID,
    ];
    expected.sort();
    assert_eq!(asked, expected);

    // No author: no photo. MusicBrainz said 503 once: waited as asked, then read it.
    let anonymous = by_slug(db, "anonymous-photo").await;
    assert_eq!(anonymous.image_url, None);
    let busy = fakes.times("musicbrainz", BUSY_ONCE_MBID);
    assert_eq!(busy.len(), 2);
    assert!(
        busy[1] - busy[0] >= Duration::from_millis(990),
        "{:?}",
        busy[1] - busy[0]
    );
    let (albums, _) = artist_lists::lists_of(&db.conn, anonymous.id)
        .await
        .unwrap();
    assert_eq!(albums.len(), 1);
    assert_eq!(
        anonymous.began_on.as_deref(),
        Some("1960-01-02"),
        "MusicBrainz's date where the knowledge base had none"
    );

    // Requests to MusicBrainz are paced.
    let mut times: Vec<Instant> = fakes
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.0 == "musicbrainz")
        .map(|s| s.2)
        .collect();
    times.sort();
    // Seen on arrival, later by however long the scheduler held each request (tens of
    // milliseconds on a loaded machine); unpaced requests would be milliseconds apart.
    for pair in times.windows(2) {
        assert!(
            pair[1] - pair[0] >= Duration::from_millis(150),
            "{:?}",
            pair[1] - pair[0]
        );
    }

    // Skipped with reasons, left unread: no item, still busy, too slow.
    assert_eq!(report.updated, 3, "{summary}");
    assert_eq!(report.skipped.len(), 3, "{summary}");
    assert!(
        summary.contains("No Item") && summary.contains("no item for the page"),
        "{summary}"
    );
    assert!(
        summary.contains("Always Busy") && summary.contains("(503)"),
        "{summary}"
    );
    assert!(
        summary.contains("Slow Answer") && summary.contains("no answer within 2500 ms"),
        "{summary}"
    );
    for slug in ["no-item", "always-busy", "slow-answer"] {
        assert_eq!(by_slug(db, slug).await.enriched_at, None, "{slug}");
    }
    // Then the biography step: only the artist without one.
    assert_eq!(fakes.asked("summary"), ["No_Item"]);
    assert_eq!(
        by_slug(db, "no-item").await.bio.as_deref(),
        Some("About No_Item.")
    );
}

async fn a_rerun_resumes_where_the_last_stopped_and_changes_nothing(db: &TestDb) {
    catalogue(db).await;
    let fakes = Fakes::default();
    let base = serve(fakes.clone()).await;
    let mut config = config(&base);
    config.limit = Some(2);
    let first = enrich::run(&db.conn, &config).await.unwrap();
    assert_eq!(first.updated, 2, "{}", first.summary());
    let band = by_slug(db, "fixture-band").await;
    let sources_before = enrichment::sources_of(&db.conn, band.id).await.unwrap();

    // Resumed: only the artists not read yet are asked about.
    fakes.clear();
    config.limit = None;
    let second = enrich::run(&db.conn, &config).await.unwrap();
    let asked = fakes.asked("wikidata");
    assert!(
        asked[0].starts_with("titles=Anonymous Photo|No Item|Always Busy|Slow Answer"),
        "{asked:?}"
    );
    assert_eq!(second.updated, 1, "{}", second.summary());

    // Read again from the start: the same facts change nothing, not even their dates.
    fakes.clear();
    config.max_age = None;
    let updated_at = by_slug(db, "fixture-band").await.updated_at;
    let third = enrich::run(&db.conn, &config).await.unwrap();
    assert_eq!(fakes.asked("wikidata")[0].matches('|').count(), 5);
    assert_eq!(
        (third.updated, third.unchanged),
        (0, 3),
        "{}",
        third.summary()
    );
    assert_eq!(by_slug(db, "fixture-band").await.updated_at, updated_at);
    assert_eq!(
        enrichment::sources_of(&db.conn, band.id).await.unwrap(),
        sources_before
    );
}

async fn force_overwrites_what_the_seed_or_an_import_set(db: &TestDb) {
    catalogue(db).await;
    let base = serve(Fakes::default()).await;
    let config = EnrichConfig {
        force: true,
        limit: Some(2),
        ..config(&base)
    };
    enrich::run(&db.conn, &config).await.unwrap();
    let band = by_slug(db, "fixture-band").await;
    assert_eq!(
        band.amazon_link.as_deref(),
        Some("https://music.amazon.com/artists/B000QJO5KA")
    );
    let singer = by_slug(db, "fixture-singer").await;
    assert_eq!(singer.real_name.as_deref(), Some("Farrokh Fixture"));

    // An import that sets a field takes it back: its enrichment source goes.
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-band".into(),
            title: sheet("Fixture Band"),
            amazon_link: sheet("https://music.amazon.com/artists/B0IMPORTED"),
            image: sheet(Image::Url("https://img.example.org/own.jpg".into())),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let band = by_slug(db, "fixture-band").await;
    assert_eq!(
        (band.image_author, band.image_license),
        (None, None),
        "no credit for another image"
    );
    let fields: Vec<String> = enrichment::sources_of(&db.conn, band.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|s| s.source.is_service())
        .map(|s| s.field.name().to_owned())
        .collect();
    assert!(
        !fields.contains(&"amazon_link".to_owned()) && !fields.contains(&"image".to_owned()),
        "{fields:?}"
    );
    assert!(fields.contains(&"spotify_link".to_owned()));
}

/// A link naming a redirect is read as the article it leads to (its item, its summary);
/// one leading to a section of another article is no artist's own page: skipped and
/// reported, never given that article's facts or summary.
async fn a_link_to_a_redirect_is_read_as_its_article(db: &TestDb) {
    let artist = |slug: &str, title: &str, link: &str| ArtistUpsert {
        external_id: slug.into(),
        title: sheet(title),
        kind: sheet(if slug == "ada-fixture" {
            ArtistKind::Solo
        } else {
            ArtistKind::Band
        }),
        bio_source_link: sheet(page(link)),
        ..Default::default()
    };
    write::upsert(
        &db.conn,
        vec![
            artist("renamed-band", "Renamed Band", "Renamed Band"),
            artist("ada-fixture", "Ada Fixture", "Ada Fixture"),
            // A link written with a small first letter: the same article.
            artist("lower-case", "Renamed Band Again", "renamed Band"),
        ],
    )
    .await
    .unwrap();
    let fakes = Fakes::default();
    let base = serve(fakes.clone()).await;
    let report = enrich::run(&db.conn, &config(&base)).await.unwrap();
    let summary = report.summary();

    // The item is found by the article's title.
    assert_eq!(
        fakes.asked("wikidata")[0],
        "titles=Renamed Band (group)|Renamed Band (group)"
    );
    for slug in ["renamed-band", "lower-case"] {
        let renamed = by_slug(db, slug).await;
        assert_eq!(
            renamed.wikidata_id.as_deref(),
            Some("Q9007"),
            "{slug}: {summary}"
        );
        assert_eq!(renamed.began_on.as_deref(), Some("1980"), "{slug}");
        // And its summary is the article's, asked of the article.
        assert_eq!(
            renamed.bio.as_deref(),
            Some("About Renamed_Band_(group)."),
            "{slug}"
        );
    }
    assert_eq!(
        fakes.asked("summary"),
        ["Renamed_Band_(group)", "Renamed_Band_(group)"]
    );
    // A redirect to the band's section: neither the band's item nor its summary.
    let ada = by_slug(db, "ada-fixture").await;
    assert_eq!(
        (ada.wikidata_id, ada.bio, ada.enriched_at),
        (None, None, None)
    );
    assert!(
        summary.contains("Ada Fixture")
            && summary
                .contains(r#"redirects to "Fixture Band#Members", not to an article of its own"#),
        "{summary}"
    );
    // Each batch asked the encyclopedia once, with every title.
    assert_eq!(
        fakes.asked("encyclopedia"),
        [
            "Renamed Band|Ada Fixture|renamed Band",
            "Renamed Band|Ada Fixture|renamed Band"
        ]
    );
}

async fn a_run_against_the_real_services_names_a_contact_first(db: &TestDb) {
    catalogue(db).await;
    let config = EnrichConfig {
        contact: None,
        ..EnrichConfig::default()
    };
    let refused = enrich::run(&db.conn, &config)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.starts_with("Set SOUND_ATLAS_CONTACT"), "{refused}");
    // Refused before any request: nothing was read or written.
    let read = artist::Entity::find()
        .filter(artist::Column::EnrichedAt.is_not_null())
        .count(&db.conn)
        .await
        .unwrap();
    assert_eq!(read, 0);
}

/// Every member statement that is not deprecated counts (a preferred one only outranks
/// others about the same person); a stated end ends a spell whatever its value or
/// precision; a person named in one other script is listed under that name.
async fn members_are_read_as_the_knowledge_base_states_them(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-quartet".into(),
            title: sheet("Fixture Quartet"),
            kind: sheet(ArtistKind::Band),
            bio: sheet("A fixture."),
            bio_source_link: sheet(page("Fixture Quartet")),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let base = serve(Fakes::default()).await;
    let report = enrich::run(&db.conn, &config(&base)).await.unwrap();
    assert!(report.left_out.is_empty(), "{}", report.summary());
    let band = by_slug(db, "fixture-quartet").await;
    let (_, members) = artist_lists::lists_of(&db.conn, band.id).await.unwrap();
    let spells: Vec<String> = members
        .iter()
        .map(|m| {
            format!(
                "{} {:?} {:?} {:?} {:?} {:?} ended={}",
                m.name,
                m.name_language,
                m.begin_year,
                m.begin_precision,
                m.end_year,
                m.end_precision,
                m.ended
            )
        })
        .collect();
    assert_eq!(
        spells,
        [
            "Rita Fixture None None Year Some(1975) Year ended=true",
            "Ian Fixture None Some(1969) Year None Year ended=false",
            "Tony Fixture None Some(1987) Year None Year ended=true",
            "Tina Fixture None Some(1975) Year Some(1980) Decade ended=true",
            "坂本龍一 Some(\"ja\") Some(1978) Year Some(1901) Century ended=true",
            "Nora Fixture None Some(1990) Year None Year ended=false",
        ]
    );
}

/// Only an article's summary becomes a biography: a disambiguation page's is reported
/// and left out.
async fn a_disambiguation_page_is_no_biography(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "blur-fixture".into(),
            title: sheet("Blur Fixture"),
            kind: sheet(ArtistKind::Band),
            bio_source_link: sheet(page("Blur Fixture")),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let base = serve(Fakes::default()).await;
    let report = enrich::run(&db.conn, &config(&base)).await.unwrap();
    let biographies = &report.then[0];
    let summary = biographies.summary();
    assert_eq!(biographies.updated, 0, "{summary}");
    assert!(
        summary.contains("Blur Fixture") && summary.contains("\"disambiguation\""),
        "{summary}"
    );
    assert_eq!(by_slug(db, "blur-fixture").await.bio, None);
}

/// Biographies are asked beside the facts: one does not wait for MusicBrainz (asked
/// one artist a second, it would hold every biography back for days at the size of
/// the open catalogue).
async fn a_biography_does_not_wait_for_musicbrainz(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "patient-band".into(),
            title: sheet("Patient Band"),
            kind: sheet(ArtistKind::Band),
            bio_source_link: sheet(page("Patient Band")),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let base = serve(Fakes::default()).await;
    let mut config = config(&base);
    config.musicbrainz.timeout = PATIENCE * 2;
    config.musicbrainz.retries = 0;
    let report = enrich::run(&db.conn, &config).await.unwrap();
    assert_eq!(report.updated, 1, "{}", report.summary());
    assert_eq!(report.then[0].updated, 1, "{}", report.then[0].summary());
    let band = by_slug(db, "patient-band").await;
    assert_eq!(band.bio.as_deref(), Some("About Patient_Band."));
    let (albums, _) = artist_lists::lists_of(&db.conn, band.id).await.unwrap();
    assert_eq!(
        albums.len(),
        1,
        "MusicBrainz answered only after the biography was asked"
    );
}

db_tests!(
    a_biography_does_not_wait_for_musicbrainz,
    a_disambiguation_page_is_no_biography,
    members_are_read_as_the_knowledge_base_states_them,
    a_link_to_a_redirect_is_read_as_its_article,
    a_run_against_the_real_services_names_a_contact_first,
    enrich_fills_credited_photos_direct_links_albums_and_members,
    a_rerun_resumes_where_the_last_stopped_and_changes_nothing,
    force_overwrites_what_the_seed_or_an_import_set,
);
