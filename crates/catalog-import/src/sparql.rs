//! `sound-atlas import wikidata-sparql`: the same artists as the dump import, from the
//! knowledge base's query service (SPARQL 1.1 JSON results,
//! `application/sparql-results+json`), for owners who do not want the whole dump.
//!
//! Pages of items are read in the order of their addresses, each page after the last
//! item of the one before (keyset paging: an item added or removed meanwhile shifts no
//! page, as an offset would). Each page is written in its own transaction together
//! with its last item (`import_checkpoints`), so an interrupted run is continued by the
//! next one from the page after the last it wrote; a run that reaches the end clears
//! the checkpoint, and `--restart` ignores it. One request at a time, paced, with the
//! polite client's retries after "slow down" answers.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use sea_orm::{DatabaseConnection, TransactionTrait};
use serde::Deserialize;
use sound_atlas_import::polite::{Polite, Politeness};
use sound_atlas_import::{ImportError, Progress, Report};

use super::checkpoint;
use super::enrich::wikidata::{self, title_of, Name, Year};
use super::open_data::{self, Writer};
use sound_atlas_catalog::artist_lists::MemberSpell;
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::write::{ArtistUpsert, Source};

/// The checkpoint's name.
const CHECKPOINT: &str = "wikidata-sparql";
const ENTITY: &str = "http://www.wikidata.org/entity/";
const SPARQL_JSON: &str = "application/sparql-results+json";

#[derive(Debug, Clone)]
pub struct SparqlConfig {
    pub endpoint: String,
    /// Items per request.
    pub page_size: usize,
    pub politeness: Politeness,
    pub dry_run: bool,
    /// Start from the first item, whatever a previous run stopped at.
    pub restart: bool,
    /// `SOUND_ATLAS_CONTACT`: required to call the real service.
    pub contact: Option<String>,
}

impl Default for SparqlConfig {
    fn default() -> Self {
        SparqlConfig {
            endpoint: "https://query.wikidata.org/sparql".into(),
            page_size: 200,
            // The service cuts a query at 60 s; a page is asked for once a second at most.
            politeness: Politeness {
                timeout: Duration::from_secs(70),
                ..Politeness::paced(Duration::from_secs(1))
            },
            dry_run: false,
            restart: false,
            contact: sound_atlas_import::contact(),
        }
    }
}

/// Reads every page after the checkpoint and writes its artists.
pub async fn import(db: &DatabaseConnection, config: &SparqlConfig) -> Result<Report, ImportError> {
    sound_atlas_import::require_contact(config.contact.as_deref(), &[&config.endpoint])?;
    let client = Polite::new("wikidata-query", config.politeness.clone())?;
    let page_size = config.page_size.clamp(1, 5000);
    let mut after = match config.restart {
        true => None,
        false => checkpoint::read(db, CHECKPOINT).await?,
    };
    let mut report = Report::new(if config.dry_run {
        "Artists from the knowledge base's query service (dry run: nothing written)"
    } else {
        "Artists from the knowledge base's query service"
    });
    if let Some(after) = &after {
        tracing::info!(
            after,
            "continuing after the last item the previous run wrote"
        );
    }
    let progress = Progress::counting("Query service: items read");
    let mut read = 0;
    loop {
        let query = page_query(after.as_deref(), page_size);
        let answer: Answer = client
            .get_json_as(&config.endpoint, &[("query", &query)], SPARQL_JSON)
            .await
            .map_err(|err| {
                ImportError::Input(format!(
                    "the query service: {err} (the pages before were written; run again to continue)"
                ))
            })?;
        let page = Page::of(&answer.results.bindings);
        let Some(last) = page.last.clone() else {
            break;
        };
        let mut aliases = aliases_of(&client, &config.endpoint, page.items.keys()).await?;
        let txn = db.begin().await?;
        let mut writer = Writer::new(&txn);
        for item in page.items.into_values() {
            let aliases = aliases.remove(&item.id).unwrap_or_default();
            match item.artist(aliases) {
                Ok(artist) => writer.push(artist).await?,
                Err(why) => report.skip(item.id.clone(), why),
            }
        }
        open_data::add(&mut report, writer.finish().await?);
        if config.dry_run {
            txn.rollback().await?;
        } else {
            checkpoint::save(&txn, CHECKPOINT, Some(&last)).await?;
            txn.commit().await?;
        }
        read += page.count;
        progress.tick(read);
        after = Some(last);
        if page.count < page_size {
            break;
        }
    }
    progress.finish();
    if !config.dry_run {
        checkpoint::save(db, CHECKPOINT, None).await?;
    }
    Ok(report)
}

/// The English and multilingual aliases of a page's `items` (ids), in a query of their
/// own: in the page's query they would multiply its rows (aliases × genres × members).
async fn aliases_of(
    client: &Polite,
    endpoint: &str,
    items: impl Iterator<Item = &String>,
) -> Result<HashMap<String, Vec<String>>, ImportError> {
    let answer: Answer = client
        .get_json_as(endpoint, &[("query", &aliases_query(items))], SPARQL_JSON)
        .await
        .map_err(|err| {
            ImportError::Input(format!(
                "the query service: {err} (the pages before were written; run again to continue)"
            ))
        })?;
    // English before multilingual, each language's in one order whatever order the
    // service answers in (so a rerun writes the same list).
    let mut found: BTreeMap<String, BTreeSet<(bool, String)>> = BTreeMap::new();
    for row in &answer.results.bindings {
        let (Some(item), Some(alias)) = (row.get("item"), row.get("alias")) else {
            continue;
        };
        let Some(id) = item.value.strip_prefix(ENTITY) else {
            continue;
        };
        let multilingual = alias.lang.as_deref() != Some("en");
        found
            .entry(id.to_owned())
            .or_default()
            .insert((multilingual, alias.value.clone()));
    }
    Ok(found
        .into_iter()
        .map(|(id, names)| (id, names.into_iter().map(|(_, name)| name).collect()))
        .collect())
}

/// The query of the aliases of `items` (ids).
pub fn aliases_query<'a>(items: impl Iterator<Item = &'a String>) -> String {
    let items: Vec<&str> = items.map(String::as_str).collect();
    format!(
        r#"SELECT ?item ?alias WHERE {{
  VALUES ?item {{ {items} }}
  ?item skos:altLabel ?alias . FILTER(LANG(?alias) IN ("en", "mul"))
}}"#,
        items = values(&items),
    )
}

fn values(ids: &[&str]) -> String {
    ids.iter()
        .map(|id| format!("wd:{id}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The query of one page: the next `limit` artists with an English article after the
/// item `after` (its address), then what the page needs of each, one row per
/// combination of values.
/// A band's formation place's country is asked for only when it states no country,
/// so it adds no rows to the others (and one value, so none, to most of those).
pub fn page_query(after: Option<&str>, limit: usize) -> String {
    let after = after
        .map(|a| format!("FILTER(STR(?item) > \"{}\")", a.replace(['"', '\\'], "")))
        .unwrap_or_default();
    format!(
        r#"SELECT ?item ?band ?article ?name ?mulName ?began ?beganPrecision ?born ?bornPrecision ?ended ?endedPrecision ?died ?diedPrecision ?description ?mbid ?origin ?country ?formationCountry ?genreItem ?genre ?spell ?memberItem ?memberRank ?member ?memberMul ?memberOther ?memberStart ?memberStartPrecision ?memberEnd ?memberEndPrecision WHERE {{
  {{
    SELECT DISTINCT ?item ?band ?article WHERE {{
      {{ VALUES ?class {{ {groups} }} ?item wdt:P31 ?class . BIND(true AS ?band) }}
      UNION
      {{ VALUES ?occupation {{ {occupations} }} ?item wdt:P31 wd:Q5 ; wdt:P106 ?occupation . BIND(false AS ?band) }}
      ?article schema:about ?item ; schema:isPartOf <https://en.wikipedia.org/> .
      {after}
    }}
    ORDER BY STR(?item)
    LIMIT {limit}
  }}
  OPTIONAL {{ ?item rdfs:label ?name . FILTER(LANG(?name) = "en") }}
  OPTIONAL {{ ?item rdfs:label ?mulName . FILTER(LANG(?mulName) = "mul") }}
  OPTIONAL {{ ?item p:P571 ?formed . ?formed a wikibase:BestRank ; psv:P571 [ wikibase:timeValue ?began ; wikibase:timePrecision ?beganPrecision ] }}
  OPTIONAL {{ ?item p:P569 ?birth . ?birth a wikibase:BestRank ; psv:P569 [ wikibase:timeValue ?born ; wikibase:timePrecision ?bornPrecision ] }}
  OPTIONAL {{ ?item schema:description ?description . FILTER(LANG(?description) = "en") }}
  OPTIONAL {{ ?item p:P576 ?dissolution . ?dissolution a wikibase:BestRank ; psv:P576 [ wikibase:timeValue ?ended ; wikibase:timePrecision ?endedPrecision ] }}
  OPTIONAL {{ ?item p:P570 ?death . ?death a wikibase:BestRank ; psv:P570 [ wikibase:timeValue ?died ; wikibase:timePrecision ?diedPrecision ] }}
  OPTIONAL {{ ?item wdt:P434 ?mbid }}
  OPTIONAL {{ ?item wdt:P740|wdt:P19 ?place . ?place rdfs:label ?origin . FILTER(LANG(?origin) = "en") }}
  OPTIONAL {{ ?item wdt:P495|wdt:P27 ?countryItem . ?countryItem rdfs:label ?country . FILTER(LANG(?country) = "en") }}
  OPTIONAL {{
    ?item wdt:P740/wdt:P17 ?formationCountryItem . ?formationCountryItem rdfs:label ?formationCountry .
    FILTER(LANG(?formationCountry) = "en")
    FILTER NOT EXISTS {{ ?item wdt:P495|wdt:P27 ?statedCountry }}
  }}
  OPTIONAL {{
    ?item p:P136 ?genreStatement . ?genreStatement ps:P136 ?genreItem ; wikibase:rank ?genreRank .
    FILTER(?genreRank != wikibase:DeprecatedRank)
    ?genreItem rdfs:label ?genre . FILTER(LANG(?genre) = "en")
  }}
  OPTIONAL {{
    ?item p:P527 ?spell . ?spell ps:P527 ?memberItem ; wikibase:rank ?memberRank .
    FILTER(?memberRank != wikibase:DeprecatedRank)
    OPTIONAL {{ ?memberItem rdfs:label ?member . FILTER(LANG(?member) = "en") }}
    OPTIONAL {{ ?memberItem rdfs:label ?memberMul . FILTER(LANG(?memberMul) = "mul") }}
    OPTIONAL {{
      ?memberItem rdfs:label ?memberOther .
      FILTER NOT EXISTS {{ ?memberItem rdfs:label ?readable . FILTER(LANG(?readable) IN ("en", "mul")) }}
    }}
    OPTIONAL {{
      ?spell pq:P580 ?memberStart .
      OPTIONAL {{ ?spell pqv:P580 [ wikibase:timeValue ?memberStart ; wikibase:timePrecision ?memberStartPrecision ] }}
    }}
    OPTIONAL {{
      ?spell pq:P582 ?memberEnd .
      OPTIONAL {{ ?spell pqv:P582 [ wikibase:timeValue ?memberEnd ; wikibase:timePrecision ?memberEndPrecision ] }}
    }}
  }}
}}"#,
        groups = values(&open_data::GROUP_CLASSES),
        occupations = values(&open_data::MUSIC_OCCUPATIONS),
    )
}

/// SPARQL 1.1 query results in JSON: `{"head": {"vars": [...]}, "results":
/// {"bindings": [{"var": {"type": "uri" | "literal" | ..., "value": "...", ...}}]}}`.
#[derive(Debug, Deserialize)]
pub struct Answer {
    pub results: Results,
}

#[derive(Debug, Deserialize)]
pub struct Results {
    pub bindings: Vec<HashMap<String, Term>>,
}

#[derive(Debug, Deserialize)]
pub struct Term {
    pub value: String,
    /// A literal's language.
    #[serde(rename = "xml:lang")]
    pub lang: Option<String>,
}

/// One page's items by id, from its rows.
struct Page {
    items: BTreeMap<String, Item>,
    /// Distinct items on the page.
    count: usize,
    /// The page's last item address, in the order pages follow.
    last: Option<String>,
}

/// What a page's rows say about one item.
#[derive(Default)]
struct Item {
    id: String,
    band: bool,
    article: String,
    name: Option<String>,
    mul_name: Option<String>,
    began: Option<String>,
    born: Option<String>,
    ended: Option<String>,
    died: Option<String>,
    description: Option<String>,
    mbid: Option<String>,
    origin: Option<String>,
    /// A band's country of origin, a person's country of citizenship.
    country: Option<String>,
    /// The country of the place a band that states no country of origin was formed in.
    formation_country: Option<String>,
    genres: Vec<GenreRef>,
    /// Member statements by their address.
    spells: BTreeMap<String, MemberRows>,
}

/// What the rows say about one member statement.
#[derive(Default)]
struct MemberRows {
    member: String,
    preferred: bool,
    name: Option<String>,
    mul_name: Option<String>,
    /// Labels by language, for a person with no English or multilingual one.
    other_names: BTreeMap<String, String>,
    starts: BTreeSet<Year>,
    ends: BTreeSet<Year>,
    /// An end stated with no usable date (an unknown value, a coarse precision).
    unknown_end: bool,
}

impl MemberRows {
    fn name(&self) -> Option<Name> {
        let readable = |value: &String| Name {
            value: value.clone(),
            language: None,
        };
        self.name
            .as_ref()
            .or(self.mul_name.as_ref())
            .map(readable)
            .or_else(|| {
                let (language, value) = self.other_names.first_key_value()?;
                Some(Name {
                    value: value.clone(),
                    language: Some(language.clone()),
                })
            })
    }
}

impl Page {
    fn of(rows: &[HashMap<String, Term>]) -> Page {
        let mut items: BTreeMap<String, Item> = BTreeMap::new();
        let mut last: Option<String> = None;
        for row in rows {
            let get = |var: &str| row.get(var).map(|t| t.value.trim().to_owned());
            let Some(address) = get("item") else { continue };
            let Some(id) = address.strip_prefix(ENTITY).map(str::to_owned) else {
                continue;
            };
            if last.as_deref().is_none_or(|l| address.as_str() > l) {
                last = Some(address.clone());
            }
            let item = items.entry(id.clone()).or_insert_with(|| Item {
                id,
                ..Item::default()
            });
            item.band |= get("band").as_deref() == Some("true");
            if let Some(article) = get("article") {
                item.article = article;
            }
            let date = |time: &str, precision: &str| {
                let time = get(time)?;
                let time = if time.starts_with(['-', '+']) {
                    time
                } else {
                    format!("+{time}")
                };
                let precision: u64 = get(precision)?.parse().ok()?;
                wikidata::time_value(&serde_json::json!({ "time": time, "precision": precision }))
            };
            fill(&mut item.name, get("name"));
            fill(&mut item.mul_name, get("mulName"));
            fill(&mut item.began, date("began", "beganPrecision"));
            fill(&mut item.born, date("born", "bornPrecision"));
            fill(&mut item.ended, date("ended", "endedPrecision"));
            fill(&mut item.died, date("died", "diedPrecision"));
            fill(&mut item.description, get("description"));
            fill(
                &mut item.mbid,
                get("mbid").filter(|m| open_data::is_musicbrainz_id(m)),
            );
            fill(&mut item.origin, get("origin"));
            fill(&mut item.country, get("country"));
            fill(&mut item.formation_country, get("formationCountry"));
            if let Some(genre) = get("genre").map(|g| open_data::genre_name(&g)) {
                let genre_item =
                    get("genreItem").and_then(|g| Some(g.strip_prefix(ENTITY)?.to_owned()));
                if !genre.is_empty() && !item.genres.iter().any(|g| g.name == genre) {
                    item.genres.push(match genre_item {
                        Some(genre_item) => GenreRef::of_item(genre, genre_item),
                        None => GenreRef::named(genre),
                    });
                }
            }
            if let (Some(spell), Some(member)) = (get("spell"), get("memberItem")) {
                let year = |time: &str, precision: &str| {
                    let time = get(time)?;
                    let precision: u64 = get(precision)?.parse().ok()?;
                    wikidata::year_value(&serde_json::json!({
                        "time": format!("+{}", time.trim_start_matches('+')),
                        "precision": precision,
                    }))
                };
                let rows = item.spells.entry(spell).or_default();
                rows.member = member;
                rows.preferred |= get("memberRank").is_some_and(|r| r.ends_with("#PreferredRank"));
                fill(&mut rows.name, get("member"));
                fill(&mut rows.mul_name, get("memberMul"));
                if let (Some(other), Some(language)) = (
                    get("memberOther"),
                    row.get("memberOther").and_then(|t| t.lang.clone()),
                ) {
                    rows.other_names.entry(language).or_insert(other);
                }
                rows.starts
                    .extend(year("memberStart", "memberStartPrecision"));
                match year("memberEnd", "memberEndPrecision") {
                    Some(end) => {
                        rows.ends.insert(end);
                    }
                    None => rows.unknown_end |= get("memberEnd").is_some(),
                }
            }
        }
        Page {
            count: items.len(),
            items,
            last,
        }
    }
}

fn fill(slot: &mut Option<String>, value: Option<String>) {
    if slot.is_none() {
        *slot = value.filter(|v| !v.is_empty());
    }
}

impl Item {
    /// The artist the item is, with its `aliases` (read apart, see [`aliases_of`]).
    fn artist(&self, aliases: Vec<String>) -> Result<ArtistUpsert, String> {
        let article = self
            .article
            .strip_prefix("https://en.wikipedia.org/wiki/")
            .map(title_of)
            .filter(|t| !t.is_empty())
            .ok_or("no English encyclopedia article")?;
        let name = self
            .name
            .clone()
            .or_else(|| self.mul_name.clone())
            .or_else(|| open_data::name_of_article(&article))
            .ok_or("no English or multilingual name, nor an article title that is one")?;
        let mut members: Vec<MemberSpell> = Vec::new();
        if self.band {
            // A preferred statement about a member outranks the others about them.
            let preferred: BTreeSet<&str> = self
                .spells
                .values()
                .filter(|rows| rows.preferred)
                .map(|rows| rows.member.as_str())
                .collect();
            for rows in self.spells.values() {
                if !rows.preferred && preferred.contains(rows.member.as_str()) {
                    continue;
                }
                let Some(name) = rows.name() else { continue };
                // Sets of years iterate in year order.
                let sorted = |years: &BTreeSet<Year>| years.iter().copied().collect::<Vec<_>>();
                let spells =
                    wikidata::spells(&sorted(&rows.starts), &sorted(&rows.ends), rows.unknown_end);
                let item = rows.member.strip_prefix(ENTITY).unwrap_or(&rows.member);
                members.extend(
                    spells
                        .into_iter()
                        .map(|spell| spell.member(item, name.clone())),
                );
            }
            // Rows come in no set order: members in the order they joined, then by name.
            members.sort_by(|a, b| (a.begin_year, &a.name).cmp(&(b.begin_year, &b.name)));
        }
        let wd = |value| Some(Source::Wikidata.of(value));
        Ok(ArtistUpsert {
            began_on: if self.band { &self.began } else { &self.born }
                .clone()
                .and_then(wd),
            origin: self.origin.clone().and_then(wd),
            country: self
                .country
                .clone()
                .or_else(|| self.formation_country.clone())
                .and_then(wd),
            genres: (!self.genres.is_empty()).then(|| Source::Wikidata.of(self.genres.clone())),
            musicbrainz_id: self.mbid.clone().and_then(wd),
            members: Some(Source::Wikidata.of(members)),
            ended_on: if self.band { &self.ended } else { &self.died }
                .clone()
                .and_then(wd),
            description: self.description.clone().and_then(wd),
            aliases: Some(wikidata::readable_aliases(Some(&name), aliases.into_iter()))
                .filter(|a| !a.is_empty())
                .map(|a| Source::Wikidata.of(a)),
            ..open_data::artist(self.id.clone(), name, self.band, &article)
        })
    }
}
