//! `sound-atlas import musicbrainz-dump <file>`: MusicBrainz's artist JSON dump (one
//! artist JSON document per line: the `mbdump/artist` file of `artist.tar.xz`; the
//! archive itself, the file taken out of it, or that file xz-compressed), used only
//! where it adds what the catalogue lacks: for artists it already has (matched by their
//! MusicBrainz id), the dates born or formed and died or dissolved, where they come
//! from and their genres, each only while empty. Read as a stream, written 500 artists
//! at a time in one transaction (a malformed line changes nothing), each field it sets
//! recorded with its source ("musicbrainz"), as `enrich` records it.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect,
    TransactionTrait,
};
use serde::Deserialize;
use sound_atlas_entity::artist;
use sound_atlas_import::{ImportError, Progress, Report};

use super::dump::{self, Lines};
use super::enrich::wikidata;
use super::open_data;
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::write::{
    self, now_unix, ArtistUpsert, Outcome, Overwrite, Source, UPSERT_BATCH,
};

/// One line of the dump: what this import reads of an artist.
#[derive(Debug, Deserialize)]
struct DumpArtist {
    id: String,
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
}

/// Another name of the artist: its type says what kind ("Artist name", "Legal name",
/// "Search hint" for a misspelling; none when not given).
#[derive(Debug, Deserialize)]
struct Alias {
    name: String,
    #[serde(rename = "type", default)]
    kind: Option<String>,
}

#[derive(Debug, Deserialize)]
struct LifeSpan {
    begin: Option<String>,
    end: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Area {
    name: Option<String>,
    /// "Country", "City", "Subdivision", ...
    #[serde(rename = "type")]
    kind: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Genre {
    name: String,
}

/// Reads the dump at `path`; with `dry_run`, counts and writes nothing.
pub async fn import(
    db: &DatabaseConnection,
    path: &str,
    dry_run: bool,
) -> Result<Report, ImportError> {
    let mut reader = dump::open(path)?;
    let head = reader
        .fill_buf()
        .map_err(|err| ImportError::Input(format!("reading {path}: {err}")))?;
    // A tar archive says "ustar" at byte 257 of its first header.
    if head.get(257..262) != Some(b"ustar") {
        return write(db, Lines::new(reader, path), dry_run).await;
    }
    let unreadable = |err: std::io::Error| ImportError::Input(format!("reading {path}: {err}"));
    let mut archive = tar::Archive::new(reader);
    for entry in archive.entries().map_err(unreadable)? {
        let entry = entry.map_err(unreadable)?;
        if entry.path().map_err(unreadable)?.ends_with("mbdump/artist") {
            let lines = Lines::new(BufReader::with_capacity(1 << 16, entry), path);
            return write(db, lines, dry_run).await;
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
) -> Result<Report, ImportError> {
    let mut report = Report::new(if dry_run {
        "Artists completed from MusicBrainz's dump (dry run: nothing written)"
    } else {
        "Artists completed from MusicBrainz's dump"
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
            complete(&txn, std::mem::take(&mut batch), retrieved_at, &mut report).await?;
            progress.tick(number);
        }
    }
    complete(&txn, batch, retrieved_at, &mut report).await?;
    progress.finish();
    if dry_run {
        txn.rollback().await?;
    } else {
        txn.commit().await?;
    }
    Ok(report)
}

/// Fills what the catalogue's artists among `batch` lack.
async fn complete<C: ConnectionTrait>(
    db: &C,
    batch: Vec<DumpArtist>,
    retrieved_at: i64,
    report: &mut Report,
) -> Result<(), sea_orm::DbErr> {
    let by_id: HashMap<&str, &DumpArtist> = batch
        .iter()
        .filter(|a| open_data::is_musicbrainz_id(&a.id))
        .map(|a| (a.id.as_str(), a))
        .collect();
    if by_id.is_empty() {
        return Ok(());
    }
    let rows: Vec<(String, Option<String>)> = artist::Entity::find()
        .select_only()
        .column(artist::Column::ExternalId)
        .column(artist::Column::MusicbrainzId)
        .filter(artist::Column::MusicbrainzId.is_in(by_id.keys().copied()))
        .into_tuple()
        .all(db)
        .await?;
    let mb = |value| Some(Source::Musicbrainz.of(value));
    let mut found = Vec::new();
    for (external_id, mbid) in rows {
        let Some(artist) = mbid.as_deref().and_then(|id| by_id.get(id)) else {
            continue;
        };
        let genres: Vec<GenreRef> = artist
            .genres
            .iter()
            .map(|g| open_data::genre_name(&g.name))
            .filter(|g| !g.is_empty())
            .map(GenreRef::named)
            .collect();
        found.push(ArtistUpsert {
            external_id,
            began_on: artist
                .life_span
                .as_ref()
                .and_then(|l| l.begin.clone())
                .filter(|b| is_date(b))
                .and_then(mb),
            origin: [&artist.begin_area, &artist.area]
                .into_iter()
                .find_map(|a| a.as_ref()?.name.clone().filter(|n| !n.trim().is_empty()))
                .and_then(mb),
            // The artist's area when it is a country (MusicBrainz names it as people do).
            country: artist
                .area
                .as_ref()
                .filter(|a| a.kind.as_deref() == Some("Country"))
                .and_then(|a| a.name.clone())
                .filter(|n| !n.trim().is_empty())
                .and_then(mb),
            genres: (!genres.is_empty()).then(|| Source::Musicbrainz.of(genres)),
            aliases: Some(aliases_of(artist))
                .filter(|a| !a.is_empty())
                .map(|a| Source::Musicbrainz.of(a)),
            ended_on: artist
                .life_span
                .as_ref()
                .and_then(|l| l.end.clone())
                .filter(|e| is_date(e))
                .and_then(mb),
            ..ArtistUpsert::default()
        });
    }
    for written in write::write(db, found, Overwrite::EmptyOnly, retrieved_at).await? {
        match written.outcome {
            Outcome::Unchanged => report.unchanged += 1,
            _ => report.updated += 1,
        }
    }
    Ok(())
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
