//! `sound-atlas import musicbrainz-dump <file>`: MusicBrainz's artist JSON dump (one
//! artist JSON document per line: the `mbdump/artist` file of `artist.tar.xz`; the
//! archive itself, the file taken out of it, or that file xz-compressed), used where it
//! adds what the catalogue lacks.
//!
//! A line is the catalogue's artist whose MusicBrainz id it has, else the one whose
//! knowledge-base item its Wikidata relation names (when that artist has no MusicBrainz
//! id yet: the line gives it one). Such an artist gets the dates born or formed and died
//! or dissolved, where it comes from, its country, genres and other names, each only
//! while empty. With `add_new`, a line that is no artist of the catalogue is added when
//! it is a person or a group with a name and a date or an area: an artist without an
//! encyclopedia article, whose every fact MusicBrainz gave (a rerun brings those up to
//! date). Every line is counted: matched (updated or unchanged), added, or passed over
//! with its reason.
//!
//! Read as a stream, written 500 artists at a time in one transaction (a malformed line
//! changes nothing), each field it sets recorded with its source ("musicbrainz"), as
//! `enrich` records it.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};
use serde::Deserialize;
use sound_atlas_entity::artist;
use sound_atlas_import::{ImportError, Progress, Report};

use super::dump::{self, Lines};
use super::enrich::wikidata;
use super::open_data;
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{
    self, now_unix, ArtistUpsert, Outcome, Overwrite, Source, UPSERT_BATCH,
};

/// One line of the dump: what this import reads of an artist.
#[derive(Debug, Deserialize)]
struct DumpArtist {
    id: String,
    #[serde(default)]
    name: Option<String>,
    /// "Person", "Group", "Orchestra", "Choir", "Character", "Other" or none.
    #[serde(rename = "type", default)]
    kind: Option<String>,
    #[serde(rename = "life-span", default)]
    life_span: Option<LifeSpan>,
    #[serde(default)]
    area: Option<Area>,
    #[serde(rename = "begin-area", default)]
    begin_area: Option<Area>,
    #[serde(default)]
    genres: Vec<Genre>,
    #[serde(default)]
    aliases: Vec<Alias>,
    #[serde(default)]
    relations: Vec<Relation>,
}

/// Another name of the artist: its type says what kind ("Artist name", "Legal name",
/// "Search hint" for a misspelling; none when not given).
#[derive(Debug, Deserialize)]
struct Alias {
    name: String,
    #[serde(rename = "type", default)]
    kind: Option<String>,
    #[serde(default)]
    locale: Option<String>,
    /// The name most used in its locale.
    #[serde(default)]
    primary: Option<bool>,
}

#[derive(Debug, Deserialize)]
struct LifeSpan {
    begin: Option<String>,
    end: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Area {
    name: Option<String>,
    /// "Country", "City", "Subdivision", ...; the dump mostly leaves it null.
    #[serde(rename = "type", default)]
    kind: Option<String>,
    /// A country's ISO 3166-1 code ("GB"): the dump gives it where it leaves the type out.
    #[serde(rename = "iso-3166-1-codes", default)]
    iso_3166_1_codes: Vec<String>,
}

impl Area {
    /// Its name, when it is a country: typed so, or with an ISO 3166-1 code but the
    /// codes MusicBrainz gives areas wider than a country (Europe, the world).
    fn country(&self) -> Option<&str> {
        let country = self.kind.as_deref() == Some("Country")
            || self
                .iso_3166_1_codes
                .iter()
                .any(|code| !matches!(code.as_str(), "XE" | "XW"));
        self.name().filter(|_| country)
    }

    fn name(&self) -> Option<&str> {
        self.name.as_deref().and_then(real_name)
    }
}

/// A name, but none for an empty one or one of MusicBrainz's placeholders, which are
/// written in brackets ("[Worldwide]", "[unknown]", "[traditional]").
fn real_name(name: &str) -> Option<&str> {
    let name = name.trim();
    (!name.is_empty() && !name.starts_with('[')).then_some(name)
}

#[derive(Debug, Deserialize)]
struct Genre {
    name: String,
}

/// A relationship of the artist; only those to a URL are read.
#[derive(Debug, Deserialize)]
struct Relation {
    #[serde(rename = "type", default)]
    kind: Option<String>,
    #[serde(default)]
    url: Option<Resource>,
}

#[derive(Debug, Deserialize)]
struct Resource {
    resource: String,
}

impl DumpArtist {
    /// The knowledge-base item its Wikidata relation names ("Q2831").
    fn wikidata_item(&self) -> Option<&str> {
        self.relations
            .iter()
            .filter(|r| r.kind.as_deref() == Some("wikidata"))
            .find_map(|r| {
                let url = r.url.as_ref()?.resource.trim();
                let item = [
                    "https://www.wikidata.org/wiki/",
                    "http://www.wikidata.org/wiki/",
                ]
                .iter()
                .find_map(|prefix| url.strip_prefix(prefix))?;
                let digits = item.strip_prefix('Q')?;
                (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(item)
            })
    }

    fn begin(&self) -> Option<String> {
        self.life_span
            .as_ref()
            .and_then(|l| l.begin.clone())
            .filter(|b| is_date(b))
    }

    fn end(&self) -> Option<String> {
        self.life_span
            .as_ref()
            .and_then(|l| l.end.clone())
            .filter(|e| is_date(e))
    }

    /// Where it comes from: where it began, else its area.
    fn origin(&self) -> Option<&str> {
        [&self.begin_area, &self.area]
            .into_iter()
            .find_map(|a| a.as_ref()?.name())
    }

    /// Its country: its area when that is a country, else where it began when that is
    /// one. A city's country is not guessed: the dump names a city without it.
    fn country(&self) -> Option<&str> {
        [&self.area, &self.begin_area]
            .into_iter()
            .find_map(|a| a.as_ref()?.country())
    }

    /// The name an English page gives it: its primary English alias, else its name.
    fn title(&self) -> Option<&str> {
        self.aliases
            .iter()
            .find(|a| a.primary == Some(true) && a.locale.as_deref() == Some("en"))
            .map(|a| a.name.as_str())
            .or(self.name.as_deref())
            .and_then(real_name)
    }
}

/// What kind of artist of a music encyclopedia a MusicBrainz type is: a person a solo
/// artist; a group, an orchestra or a choir a band (ensembles, as the knowledge-base
/// import counts them); a character (fictional) or any other type no artist.
fn kind_of(kind: Option<&str>) -> Result<ArtistKind, &'static str> {
    match kind {
        Some("Person") => Ok(ArtistKind::Solo),
        Some("Group" | "Orchestra" | "Choir") => Ok(ArtistKind::Band),
        Some("Character") => Err(PASSED_CHARACTER),
        _ => Err(PASSED_NOT_ARTIST),
    }
}

/// Why a line was passed over, as the report counts it.
pub const PASSED_NOT_IN_CATALOGUE: &str =
    "no artist of the catalogue (--add-new adds those a page can be made of)";
pub const PASSED_OTHER_ID: &str = "its Wikidata item names an artist with another MusicBrainz id";
pub const PASSED_TWICE: &str = "another line of the dump matched the same artist";
pub const PASSED_CHARACTER: &str = "a fictional character, no artist";
pub const PASSED_NOT_ARTIST: &str = "neither a person nor a group (type Other or none)";
pub const PASSED_TOO_LITTLE: &str = "too little for a page (a name and a date or an area)";
pub const PASSED_BAD_ID: &str = "no MusicBrainz id";

/// The `externalId` of an artist this import added: its MusicBrainz id, prefixed.
fn external_id_of(mbid: &str) -> String {
    format!("mb-{mbid}")
}

/// Reads the dump at `path`; with `dry_run`, counts and writes nothing; with `add_new`,
/// adds the artists the catalogue lacks that a page can be made of.
pub async fn import(
    db: &DatabaseConnection,
    path: &str,
    dry_run: bool,
    add_new: bool,
) -> Result<Report, ImportError> {
    let mut reader = dump::open(path)?;
    let head = reader
        .fill_buf()
        .map_err(|err| ImportError::Input(format!("reading {path}: {err}")))?;
    // A tar archive says "ustar" at byte 257 of its first header.
    if head.get(257..262) != Some(b"ustar") {
        return write(db, Lines::new(reader, path), dry_run, add_new).await;
    }
    let unreadable = |err: std::io::Error| ImportError::Input(format!("reading {path}: {err}"));
    let mut archive = tar::Archive::new(reader);
    for entry in archive.entries().map_err(unreadable)? {
        let entry = entry.map_err(unreadable)?;
        if entry.path().map_err(unreadable)?.ends_with("mbdump/artist") {
            let lines = Lines::new(BufReader::with_capacity(1 << 16, entry), path);
            return write(db, lines, dry_run, add_new).await;
        }
    }
    Err(ImportError::Input(format!(
        "{path}: the archive has no mbdump/artist file"
    )))
}

async fn write<R: BufRead>(
    db: &DatabaseConnection,
    mut lines: Lines<R>,
    dry_run: bool,
    add_new: bool,
) -> Result<Report, ImportError> {
    let mut report = Report::new(if dry_run {
        "Artists from MusicBrainz's dump (dry run: nothing written)"
    } else {
        "Artists from MusicBrainz's dump"
    });
    let txn = db.begin().await?;
    let progress = Progress::counting("MusicBrainz dump: artists read");
    let mut batch = Vec::with_capacity(UPSERT_BATCH);
    let retrieved_at = now_unix();
    while let Some((number, line)) = lines.next_line()? {
        let line = line.trim_ascii();
        if line.is_empty() {
            continue;
        }
        let artist: DumpArtist = serde_json::from_slice(line).map_err(|err| {
            ImportError::Input(format!(
                "line {number} is not a MusicBrainz artist ({err}); nothing was imported"
            ))
        })?;
        batch.push(artist);
        if batch.len() >= UPSERT_BATCH {
            let batch = std::mem::take(&mut batch);
            complete(&txn, batch, add_new, retrieved_at, &mut report).await?;
            progress.tick(number);
        }
    }
    complete(&txn, batch, add_new, retrieved_at, &mut report).await?;
    progress.finish();
    if dry_run {
        txn.rollback().await?;
    } else {
        txn.commit().await?;
    }
    Ok(report)
}

/// Fills what the catalogue's artists among `batch` lack, adds the new ones (with
/// `add_new`) and counts what became of every line.
async fn complete<C: ConnectionTrait>(
    db: &C,
    batch: Vec<DumpArtist>,
    add_new: bool,
    retrieved_at: i64,
    report: &mut Report,
) -> Result<(), sea_orm::DbErr> {
    let (batch, bad): (Vec<DumpArtist>, Vec<DumpArtist>) = batch
        .into_iter()
        .partition(|a| open_data::is_musicbrainz_id(&a.id));
    for _ in bad {
        report.pass_over(PASSED_BAD_ID);
    }
    if batch.is_empty() {
        return Ok(());
    }
    // The rows with the batch's ids (the first row of an id when two have it), with
    // whether they have an article; and the rows with the items they name, with their
    // MusicBrainz ids.
    let mut by_mbid: HashMap<String, (String, bool)> = HashMap::new();
    let rows: Vec<(String, Option<String>, Option<String>)> = artist::Entity::find()
        .select_only()
        .column(artist::Column::ExternalId)
        .column(artist::Column::MusicbrainzId)
        .column(artist::Column::BioSourceLink)
        .filter(artist::Column::MusicbrainzId.is_in(batch.iter().map(|a| a.id.as_str())))
        .order_by_asc(artist::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (external_id, mbid, article) in rows {
        by_mbid
            .entry(mbid.unwrap_or_default())
            .or_insert((external_id, article.is_some()));
    }
    let mut by_item: HashMap<String, (String, Option<String>)> = HashMap::new();
    let rows: Vec<(String, Option<String>, Option<String>)> = artist::Entity::find()
        .select_only()
        .column(artist::Column::ExternalId)
        .column(artist::Column::WikidataId)
        .column(artist::Column::MusicbrainzId)
        .filter(artist::Column::WikidataId.is_in(batch.iter().filter_map(|a| a.wikidata_item())))
        .order_by_asc(artist::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (external_id, item, mbid) in rows {
        let mbid = mbid.filter(|m| !m.trim().is_empty());
        by_item
            .entry(item.unwrap_or_default())
            .or_insert((external_id, mbid));
    }

    // What completes others' artists, and what describes the artists this import
    // added: every fact theirs is MusicBrainz's, so a rerun updates it, until the
    // knowledge base's import gives one an article and it becomes that import's.
    let mut completing = Vec::new();
    let mut own = Vec::new();
    let mut taken = HashSet::new();
    // The items of the artists this batch adds: a second line naming one finds an
    // artist with another id, as it will once they are written.
    let mut items_added = HashSet::new();
    for artist in &batch {
        let item = artist.wikidata_item();
        let present = match by_mbid.get(&artist.id) {
            Some((external_id, article)) => Some((
                external_id.clone(),
                if !article && *external_id == external_id_of(&artist.id) {
                    Found::Own
                } else {
                    Found::ById
                },
            )),
            None => match item.and_then(|item| by_item.get(item)) {
                Some((external_id, None)) => Some((external_id.clone(), Found::ByItem)),
                Some((_, Some(_))) => {
                    report.pass_over(PASSED_OTHER_ID);
                    continue;
                }
                None if item.is_some_and(|item| items_added.contains(item)) => {
                    report.pass_over(PASSED_OTHER_ID);
                    continue;
                }
                None => None,
            },
        };
        match present {
            Some((external_id, ..)) if !taken.insert(external_id.clone()) => {
                report.pass_over(PASSED_TWICE);
            }
            Some((_, Found::Own)) => {
                own.push(new_artist(
                    artist,
                    item,
                    kind_of(artist.kind.as_deref()).ok(),
                ));
            }
            Some((external_id, found)) => completing.push(ArtistUpsert {
                external_id,
                // Found by its item: the line gives the artist its id.
                musicbrainz_id: (found == Found::ByItem)
                    .then(|| Source::Musicbrainz.of(artist.id.clone())),
                ..facts_of(artist)
            }),
            None if !add_new => report.pass_over(PASSED_NOT_IN_CATALOGUE),
            None => match kind_of(artist.kind.as_deref()) {
                Err(why) => report.pass_over(why),
                Ok(_) if !page_worthy(artist) => report.pass_over(PASSED_TOO_LITTLE),
                Ok(kind) => {
                    items_added.extend(item);
                    own.push(new_artist(artist, item, Some(kind)));
                }
            },
        }
    }
    for (artists, overwrite) in [
        (completing, Overwrite::EmptyOnly),
        (own, Overwrite::ServicesOnly),
    ] {
        for written in write::write(db, artists, overwrite, retrieved_at).await? {
            match written.outcome {
                Outcome::Inserted => report.inserted += 1,
                Outcome::Updated => report.updated += 1,
                Outcome::Unchanged => report.unchanged += 1,
            }
        }
    }
    Ok(())
}

/// How a line found the catalogue's artist it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// By its MusicBrainz id.
    ById,
    /// By the item its Wikidata relation names.
    ByItem,
    /// By its id, an artist this import added and no other import has taken over.
    Own,
}

/// Whether a page can be made of the line: a name, and a date or a place.
fn page_worthy(artist: &DumpArtist) -> bool {
    artist.title().is_some()
        && (artist.begin().is_some() || artist.end().is_some() || artist.origin().is_some())
}

/// What the line says of an artist, each fact from MusicBrainz.
fn facts_of(artist: &DumpArtist) -> ArtistUpsert {
    let mb = |value| Some(Source::Musicbrainz.of(value));
    let genres: Vec<GenreRef> = artist
        .genres
        .iter()
        .map(|g| open_data::genre_name(&g.name))
        .filter(|g| !g.is_empty())
        .map(GenreRef::named)
        .collect();
    ArtistUpsert {
        began_on: artist.begin().and_then(mb),
        origin: artist.origin().map(str::to_owned).and_then(mb),
        country: artist.country().map(str::to_owned).and_then(mb),
        genres: (!genres.is_empty()).then(|| Source::Musicbrainz.of(genres)),
        aliases: Some(aliases_of(artist))
            .filter(|a| !a.is_empty())
            .map(|a| Source::Musicbrainz.of(a)),
        ended_on: artist.end().and_then(mb),
        ..ArtistUpsert::default()
    }
}

/// An artist only MusicBrainz describes: its name, kind and ids beside its facts. Its
/// item, when it names one, lets the knowledge base's import find it later.
fn new_artist(artist: &DumpArtist, item: Option<&str>, kind: Option<ArtistKind>) -> ArtistUpsert {
    let mb = |value| Some(Source::Musicbrainz.of(value));
    let title = artist.title();
    // Its other names, its own among them when an English one is shown.
    let mut aliases = aliases_of(artist);
    if let Some(name) = artist.name.as_deref().map(str::trim) {
        if !name.is_empty() && !aliases.iter().any(|a| a == name) {
            aliases.insert(0, name.to_owned());
        }
    }
    aliases.retain(|a| Some(a.as_str()) != title);
    aliases.truncate(wikidata::MAX_ALIASES);
    ArtistUpsert {
        external_id: external_id_of(&artist.id),
        aliases: (!aliases.is_empty()).then(|| Source::Musicbrainz.of(aliases)),
        title: title.map(str::to_owned).and_then(mb),
        kind: kind.map(|k| Source::Musicbrainz.of(k)),
        musicbrainz_id: mb(artist.id.clone()),
        wikidata_id: item.map(str::to_owned).and_then(mb),
        ..facts_of(artist)
    }
}

/// The names an artist performed under: its aliases but search hints (misspellings)
/// and legal names (a birth name is no stage name), each once, at most as many as the
/// knowledge base's are kept.
fn aliases_of(artist: &DumpArtist) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for alias in &artist.aliases {
        let name = alias.name.trim();
        let kept = !matches!(alias.kind.as_deref(), Some("Search hint" | "Legal name"));
        if kept && !name.is_empty() && !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
    names.truncate(wikidata::MAX_ALIASES);
    names
}

/// A date as MusicBrainz writes it, to its precision: "1970", "1970-06", "1970-06-27".
fn is_date(text: &str) -> bool {
    matches!(text.len(), 4 | 7 | 10)
        && text.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(json: &str) -> DumpArtist {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn the_wikidata_relation_names_an_item_and_only_that_relation_does() {
        let related = |kind: &str, url: &str| {
            line(&format!(
                r#"{{"id":"x","relations":[{{"type":"{kind}","target-type":"url","url":{{"resource":"{url}"}}}}]}}"#
            ))
        };
        let item = |artist: &DumpArtist| artist.wikidata_item().map(str::to_owned);
        assert_eq!(
            item(&related("wikidata", "https://www.wikidata.org/wiki/Q2831")).as_deref(),
            Some("Q2831")
        );
        for (kind, url) in [
            ("discogs", "https://www.wikidata.org/wiki/Q2831"),
            ("wikidata", "https://www.wikidata.org/wiki/Property:P434"),
            ("wikidata", "https://www.wikidata.org/wiki/Q"),
            ("wikidata", "https://en.wikipedia.org/wiki/Q2831"),
        ] {
            assert_eq!(item(&related(kind, url)), None, "{kind} {url}");
        }
        // A relation to another artist has no URL.
        let member =
            line(r#"{"id":"x","relations":[{"type":"member of band","artist":{"id":"y"}}]}"#);
        assert_eq!(member.wikidata_item(), None);
    }

    #[test]
    fn placeholders_in_brackets_are_no_names_nor_places() {
        let artist = line(
            r#"{"id":"x","name":"[traditional]","type":"Person",
                "area":{"name":"[Worldwide]","iso-3166-1-codes":["XW"]}}"#,
        );
        assert_eq!(
            (artist.title(), artist.origin(), artist.country()),
            (None, None, None)
        );
        assert!(!page_worthy(&artist));
        let artist = line(r#"{"id":"x","name":" Fixture ","area":{"name":"Austria"}}"#);
        assert_eq!(
            (artist.title(), artist.origin()),
            (Some("Fixture"), Some("Austria"))
        );
    }

    #[test]
    fn persons_and_ensembles_are_artists_characters_and_others_are_not() {
        assert_eq!(kind_of(Some("Person")), Ok(ArtistKind::Solo));
        for ensemble in ["Group", "Orchestra", "Choir"] {
            assert_eq!(kind_of(Some(ensemble)), Ok(ArtistKind::Band), "{ensemble}");
        }
        assert_eq!(kind_of(Some("Character")), Err(PASSED_CHARACTER));
        assert_eq!(kind_of(Some("Other")), Err(PASSED_NOT_ARTIST));
        assert_eq!(kind_of(None), Err(PASSED_NOT_ARTIST));
    }
}
