//! `sound-atlas import wikidata-dump <file>`: the artists of the knowledge base's JSON
//! entity dump (`latest-all.json.gz` or `.bz2`): one JSON array, `[` and `]` on lines
//! of their own, every entity on one line ending with a comma (the last without).
//!
//! An artist names its genres, places and members by item id only, and those items
//! may come anywhere in the dump, before or after it. So the dump is read three
//! times, each a stream: first the ids the artists refer to (every line is checked
//! here, so a malformed one stops the import before anything is written, and the
//! memberships musicians state of groups, P463, are kept for the groups' lines); then the
//! names of just those items (a side table in memory: one entry per genre, place or
//! member, a few hundred thousand at the whole dump's size, never the dump); then the
//! artists, written in batches.
//!
//! A stopped import resumes. What the first two passes found is saved once each is
//! read whole, and each batch of the write pass is committed together with its last
//! line (`import_checkpoints`), all under the dump's identity (path, size, modification
//! time, a digest of its first MiB). The next run on the same dump skips the passes
//! that were saved and reads the write pass's lines up to the last committed one
//! without parsing them (a compressed stream cannot be entered in the middle); another
//! dump starts over. Within the first two passes nothing is saved: a stop there reads
//! that pass again from the start. So an error leaves the catalogue as the last
//! committed batch left it, never a batch half-written; a run that reads to the end
//! forgets its checkpoints. A dry run reads and saves no checkpoint.
//!
//! A band that states no country of origin has the country of the place it was formed
//! in: the second pass also reads those places' country (P17). That country's name is
//! usually among the names already read (some other artist names the country); only
//! when one is still missing does one more pass read just those names.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Read};
use std::time::Instant;

use memchr::memmem::Finder;
use sea_orm::{ConnectionTrait, DatabaseConnection, TransactionTrait};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sound_atlas_import::{ImportError, Progress, Report};

use super::checkpoint;
use super::dump::{self, Lines, ReadSoFar};
use super::enrich::wikidata::{self, Entity, Name};
use super::open_data::{self, Writer};
use sound_atlas_catalog::artist_lists::MemberSpell;
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::write::{ArtistUpsert, Source};

/// How often the progress counters move (lines).
const TICK: usize = 4096;

/// Artists a committed batch of the write pass holds: a commit waits for the disk
/// (about 25 ms measured on SQLite, the time of some 200 artists' writes), so batches
/// this large keep the commits to a few percent of the write pass, and a stop loses at
/// most one batch's work (a few seconds).
const ARTISTS_PER_COMMIT: usize = 10_000;

/// The checkpoints' names: what the passes before the write pass found, and the last
/// line the write pass committed.
const PASSES: &str = "wikidata-dump:passes";
const WRITTEN: &str = "wikidata-dump:written";

/// Reads the dump at `path` into the catalogue; with `dry_run`, counts what would be
/// written and writes nothing (the writes run and are rolled back, so the counts are
/// exact; no checkpoint is read or saved).
pub async fn import(
    db: &DatabaseConnection,
    path: &str,
    dry_run: bool,
) -> Result<Report, ImportError> {
    import_with(db, path, dry_run, &mut Hooks::default()).await
}

/// What a test may ask of a run (to stop it as a crash would) and learn from it.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct Hooks {
    /// Stop with an error once this many passes were read whole and saved.
    pub stop_after_passes: Option<usize>,
    /// Stop with an error once the write pass has committed this many batches.
    pub stop_after_batches: Option<usize>,
    /// Artists a committed batch holds, instead of [`ARTISTS_PER_COMMIT`].
    pub artists_per_commit: Option<usize>,
    /// The passes this run read, in order: "ids", "names", "countries", "artists".
    pub passes: Vec<&'static str>,
}

impl Hooks {
    fn stop(&self, now: usize, at: Option<usize>, what: &str) -> Result<(), ImportError> {
        match at == Some(now) {
            true => Err(ImportError::Input(format!("stopped after {now} {what}"))),
            false => Ok(()),
        }
    }
}

#[doc(hidden)]
pub async fn import_with(
    db: &DatabaseConnection,
    path: &str,
    dry_run: bool,
    hooks: &mut Hooks,
) -> Result<Report, ImportError> {
    let filter = Filter::new();
    let dump = Identity::of(path)?;
    let names = names_for(db, path, &dump, dry_run, &filter, hooks).await?;
    let after = match dry_run {
        true => None,
        false => saved_for::<usize>(db, WRITTEN, &dump).await?,
    };
    let mut report = Report::new(&match (dry_run, after) {
        (true, _) => "Artists from the knowledge base's dump (dry run: nothing written)".into(),
        (false, None) => "Artists from the knowledge base's dump".into(),
        (false, Some(line)) => format!(
            "Artists from the knowledge base's dump, continued after line {line} (written by the run before)"
        ),
    });
    let after = after.unwrap_or(0);
    let mut pass = Pass::open(path, "artists", "Dump 3/3: writing artists", hooks)?;
    let mut txn = db.begin().await?;
    let mut writer = Writer::new(&txn);
    let per_commit = hooks.artists_per_commit.unwrap_or(ARTISTS_PER_COMMIT);
    let (mut in_batch, mut batches) = (0, 0);
    while let Some((number, line)) = pass.next_line()? {
        // Lines an earlier run committed are read (a compressed stream cannot be
        // entered in the middle) but not parsed.
        if number <= after {
            continue;
        }
        let Some(json) = entity_json(line).filter(|json| filter.may_be_artist(json)) else {
            continue;
        };
        let entity = parse::<Entity>(json, path, number)?;
        match artist_of(&entity, &names) {
            None => {}
            Some(Err(why)) => report.skip(format!("line {}", number), why),
            Some(Ok(artist)) => {
                writer.push(artist).await?;
                in_batch += 1;
            }
        }
        // A batch is committed together with its last line, so a stopped run is
        // continued after the last batch it committed.
        if in_batch == per_commit && !dry_run {
            open_data::add(&mut report, writer.finish().await?);
            checkpoint::save(&txn, WRITTEN, Some(&json_of(&dump, number))).await?;
            txn.commit().await?;
            batches += 1;
            hooks.stop(batches, hooks.stop_after_batches, "batches")?;
            txn = db.begin().await?;
            writer = Writer::new(&txn);
            in_batch = 0;
        }
    }
    open_data::add(&mut report, writer.finish().await?);
    pass.finish();
    if dry_run {
        txn.rollback().await?;
    } else {
        checkpoint::save(&txn, PASSES, None).await?;
        checkpoint::save(&txn, WRITTEN, None).await?;
        txn.commit().await?;
    }
    Ok(report)
}

/// Which dump a checkpoint belongs to: a checkpoint of another file, or of this path
/// since rewritten, is not resumed from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Identity {
    path: String,
    size: u64,
    /// Last modified, in nanoseconds since 1970 (as text: more than 64 bits).
    modified: String,
    /// SHA-256 of its first MiB, as stored (compressed), in hex.
    head: String,
}

impl Identity {
    fn of(path: &str) -> Result<Identity, ImportError> {
        let unreadable = |err: std::io::Error| ImportError::Input(format!("reading {path}: {err}"));
        let file = std::fs::File::open(path).map_err(unreadable)?;
        let meta = file.metadata().map_err(unreadable)?;
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_nanos().to_string())
            .unwrap_or_default();
        let mut head = Vec::with_capacity(1 << 20);
        file.take(1 << 20)
            .read_to_end(&mut head)
            .map_err(unreadable)?;
        let head: String = Sha256::digest(&head)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok(Identity {
            path: std::fs::canonicalize(path)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_else(|_| path.to_owned()),
            size: meta.len(),
            modified,
            head,
        })
    }
}

/// The names the write pass needs: from the checkpoint where this dump's passes are
/// saved, else read (each pass saved once read whole).
async fn names_for(
    db: &DatabaseConnection,
    path: &str,
    dump: &Identity,
    dry_run: bool,
    filter: &Filter,
    hooks: &mut Hooks,
) -> Result<Names, ImportError> {
    let saved = match dry_run {
        true => None,
        false => saved_for::<Passes>(db, PASSES, dump).await?,
    };
    let needed = match saved {
        Some(Passes::Names {
            labels,
            countries,
            memberships,
        }) => {
            return Ok(Names {
                labels: labels
                    .into_iter()
                    .map(|(n, value, language)| (n, Name { value, language }))
                    .collect(),
                countries: countries.into_iter().collect(),
                memberships: by_group(memberships),
            })
        }
        Some(Passes::Ids {
            names,
            countries,
            memberships,
        }) => Needed {
            names: names.into_iter().collect(),
            countries: countries.into_iter().collect(),
            memberships,
        },
        None => {
            let needed = referenced_ids(path, filter, hooks)?;
            let ids = Passes::Ids {
                names: needed.names.iter().copied().collect(),
                countries: needed.countries.iter().copied().collect(),
                memberships: needed.memberships.clone(),
            };
            keep(db, dump, ids, dry_run, hooks).await?;
            needed
        }
    };
    let mut names = names_of(path, &needed, hooks)?;
    let read = Passes::Names {
        labels: names
            .labels
            .iter()
            .map(|(n, name)| (*n, name.value.clone(), name.language.clone()))
            .collect(),
        countries: names.countries.iter().map(|(p, c)| (*p, *c)).collect(),
        memberships: needed.memberships.clone(),
    };
    names.memberships = by_group(needed.memberships);
    keep(db, dump, read, dry_run, hooks).await?;
    Ok(names)
}

/// What the passes before the write pass found, saved once each is read whole.
#[derive(Serialize, Deserialize)]
#[serde(tag = "read", rename_all = "snake_case")]
enum Passes {
    /// Pass 1's [`Needed`].
    Ids {
        names: Vec<u64>,
        countries: Vec<u64>,
        memberships: Vec<Membership>,
    },
    /// Pass 2's [`Names`]: (item, name, its language), (place, its country), and pass
    /// 1's memberships carried on.
    Names {
        labels: Vec<(u64, String, Option<String>)>,
        countries: Vec<(u64, u64)>,
        memberships: Vec<Membership>,
    },
}

/// A checkpoint and the dump it belongs to.
#[derive(Serialize, Deserialize)]
struct OfDump<T> {
    dump: Identity,
    saved: T,
}

/// The checkpoint saved as `name` for this `dump`; None for another dump's (or one
/// this version cannot read: that is read again).
async fn saved_for<T: serde::de::DeserializeOwned>(
    db: &impl ConnectionTrait,
    name: &str,
    dump: &Identity,
) -> Result<Option<T>, ImportError> {
    Ok(checkpoint::read(db, name)
        .await?
        .and_then(|text| serde_json::from_str::<OfDump<T>>(&text).ok())
        .filter(|of| of.dump == *dump)
        .map(|of| of.saved))
}

fn json_of<T: Serialize>(dump: &Identity, saved: T) -> String {
    let of = OfDump {
        dump: dump.clone(),
        saved,
    };
    serde_json::to_string(&of).expect("a checkpoint is plain data")
}

/// Saves what a pass found (not in a dry run), then stops if a test asked to.
async fn keep(
    db: &DatabaseConnection,
    dump: &Identity,
    passes: Passes,
    dry_run: bool,
    hooks: &Hooks,
) -> Result<(), ImportError> {
    if !dry_run {
        checkpoint::save(db, PASSES, Some(&json_of(dump, passes))).await?;
    }
    hooks.stop(hooks.passes.len(), hooks.stop_after_passes, "passes")
}

/// One reading of the dump from its start, its progress shown (lines, lines a second,
/// the share of the file read and the time left) and its rate logged at the end.
struct Pass {
    lines: Lines<Box<dyn BufRead + Send>>,
    so_far: ReadSoFar,
    progress: Progress,
    name: &'static str,
    started: Instant,
}

impl Pass {
    fn open(
        path: &str,
        name: &'static str,
        label: &str,
        hooks: &mut Hooks,
    ) -> Result<Pass, ImportError> {
        hooks.passes.push(name);
        let (reader, so_far) = dump::open_measured(path)?;
        Ok(Pass {
            lines: Lines::new(reader, path),
            progress: Progress::reading(label, so_far.size),
            so_far,
            name,
            started: Instant::now(),
        })
    }

    fn next_line(&mut self) -> Result<Option<(usize, &[u8])>, ImportError> {
        let next = self.lines.next_line()?;
        if let Some((number, _)) = next {
            if number.is_multiple_of(TICK) {
                self.progress.tick_read(self.so_far.bytes(), number);
            }
        }
        Ok(next)
    }

    fn finish(self) {
        let lines = self.lines.number();
        self.progress.tick_read(self.so_far.bytes(), lines);
        self.progress.finish();
        let seconds = self.started.elapsed().as_secs_f64();
        tracing::info!(
            pass = self.name,
            lines,
            seconds = format!("{seconds:.1}"),
            lines_per_second = format!("{:.0}", lines as f64 / seconds.max(1e-3)),
            "read the dump"
        );
    }
}

/// The JSON of an entity line: without the comma that separates it from the next; None
/// for the array's brackets and blank lines.
fn entity_json(line: &[u8]) -> Option<&[u8]> {
    let line = line.trim_ascii();
    let line = line.strip_suffix(b",").unwrap_or(line).trim_ascii_end();
    (!matches!(line, b"" | b"[" | b"]")).then_some(line)
}

fn parse<'a, T: serde::Deserialize<'a>>(
    json: &'a [u8],
    path: &str,
    line: usize,
) -> Result<T, ImportError> {
    let malformed = |why: String| {
        ImportError::Input(format!(
            "{path}: line {line} is not a JSON entity ({why}); nothing was imported"
        ))
    };
    if json.first() != Some(&b'{') {
        return Err(malformed("it does not start with {".into()));
    }
    serde_json::from_slice(json).map_err(|err| malformed(err.to_string()))
}

/// A cheap look at a line's text before it is parsed: an artist's line names the
/// English encyclopedia and one of the classes an artist has.
struct Filter {
    enwiki: Finder<'static>,
    classes: Vec<Finder<'static>>,
    human: Finder<'static>,
    member_of: Finder<'static>,
}

impl Filter {
    fn new() -> Self {
        let quoted = |id: &str| Finder::new(format!("\"{id}\"").as_bytes()).into_owned();
        Filter {
            enwiki: Finder::new(b"\"enwiki\""),
            classes: open_data::GROUP_CLASSES
                .iter()
                .chain([&open_data::HUMAN])
                .map(|id| quoted(id))
                .collect(),
            human: quoted(open_data::HUMAN),
            member_of: quoted(wikidata::MEMBER_OF),
        }
    }

    /// Whether the line may be a person stating a membership (any person: a band's
    /// members often have no article of their own).
    fn may_state_membership(&self, json: &[u8]) -> bool {
        self.member_of.find(json).is_some() && self.human.find(json).is_some()
    }

    fn may_be_artist(&self, json: &[u8]) -> bool {
        self.enwiki.find(json).is_some() && self.classes.iter().any(|c| c.find(json).is_some())
    }
}

/// What pass 1 finds the artists refer to, by item number.
#[derive(Default)]
struct Needed {
    /// Items whose names the artists need (genres, places, countries, members).
    names: HashSet<u64>,
    /// Places bands were formed in whose country is needed (the band states none).
    countries: HashSet<u64>,
    /// Memberships musicians state of groups, which may come before or after them.
    memberships: Vec<Membership>,
}

/// What the write pass needs besides the artists' own lines.
#[derive(Default)]
struct Names {
    labels: HashMap<u64, Name>,
    /// The country of each place in [`Needed::countries`] that states one.
    countries: HashMap<u64, u64>,
    /// [`Needed::memberships`] by the group's item number.
    memberships: HashMap<u64, Vec<Membership>>,
}

/// A musician's spell in a group as the musician's own item states it (P463, with its
/// start and end), kept in memory from pass 1 to the group's line: one entry a
/// musician's membership, a few hundred thousand at the whole dump.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Membership {
    group: u64,
    person: String,
    name: String,
    language: Option<String>,
    from: Option<wikidata::Year>,
    until: Option<wikidata::Year>,
    ended: bool,
}

impl Membership {
    /// The memberships `entity` states, when it is a musician (with an article of
    /// their own or not: a band's members often have none).
    fn stated_by(entity: &Entity) -> Vec<Membership> {
        let musician = open_data::kind_of(
            &entity.items(wikidata::INSTANCE_OF),
            &entity.items(wikidata::OCCUPATION),
        ) == Some(false);
        let (Some(person), Some(name), true) = (entity.id.as_ref(), entity.name(), musician) else {
            return Vec::new();
        };
        entity
            .parts(wikidata::MEMBER_OF)
            .into_iter()
            .filter_map(|(group, spell)| {
                Some(Membership {
                    group: number_of(&group)?,
                    person: person.clone(),
                    name: name.value.clone(),
                    language: name.language.clone(),
                    from: spell.from,
                    until: spell.until,
                    ended: spell.ended,
                })
            })
            .collect()
    }

    fn member(&self) -> MemberSpell {
        wikidata::SpellYears {
            from: self.from,
            until: self.until,
            ended: self.ended,
        }
        .member(
            &self.person,
            Name {
                value: self.name.clone(),
                language: self.language.clone(),
            },
        )
    }
}

fn by_group(memberships: Vec<Membership>) -> HashMap<u64, Vec<Membership>> {
    let mut groups: HashMap<u64, Vec<Membership>> = HashMap::new();
    for membership in memberships {
        groups.entry(membership.group).or_default().push(membership);
    }
    groups
}

/// Pass 1: the items the dump's artists name (genres, places, members), by number;
/// every line is checked to be a JSON object.
fn referenced_ids(path: &str, filter: &Filter, hooks: &mut Hooks) -> Result<Needed, ImportError> {
    let mut needed = Needed::default();
    let mut pass = Pass::open(path, "ids", "Dump 1/3: finding artists", hooks)?;
    while let Some((number, line)) = pass.next_line()? {
        let Some(json) = entity_json(line) else {
            continue;
        };
        if !filter.may_be_artist(json) && !filter.may_state_membership(json) {
            parse::<serde::de::IgnoredAny>(json, path, number)?;
            continue;
        }
        let entity = parse::<Entity>(json, path, number)?;
        needed.memberships.extend(Membership::stated_by(&entity));
        let Some(band) = artist_kind(&entity) else {
            continue;
        };
        needed.names.extend(
            references(&entity, band)
                .into_iter()
                .filter_map(|id| number_of(&id)),
        );
        needed.countries.extend(
            formation_place_without_country(&entity, band)
                .as_deref()
                .and_then(number_of),
        );
    }
    pass.finish();
    Ok(needed)
}

/// Pass 2 (and, when a formation place's country is not among the names read, one
/// more pass for just those): the names of the needed items and the countries of the
/// needed places.
fn names_of(path: &str, needed: &Needed, hooks: &mut Hooks) -> Result<Names, ImportError> {
    let mut names = Names::default();
    let pass = Pass::open(path, "names", "Dump 2/3: reading names", hooks)?;
    read_names(pass, &needed.names, &needed.countries, &mut names)?;
    let missing: HashSet<u64> = names
        .countries
        .values()
        .filter(|country| !names.labels.contains_key(country))
        .copied()
        .collect();
    if !missing.is_empty() {
        let label = "Dump 2/3: reading the names of formation places' countries";
        let pass = Pass::open(path, "countries", label, hooks)?;
        read_names(pass, &missing, &HashSet::new(), &mut names)?;
    }
    Ok(names)
}

/// One reading of the dump: the names of the `wanted` items (in another script where
/// they have no English or multilingual one) and the country of the `places`.
fn read_names(
    mut pass: Pass,
    wanted: &HashSet<u64>,
    places: &HashSet<u64>,
    names: &mut Names,
) -> Result<(), ImportError> {
    names.labels.reserve(wanted.len());
    let id_key = Finder::new(b"\"id\":\"");
    let path = pass.lines.path().to_owned();
    while let Some((number, line)) = pass.next_line()? {
        let Some(json) = entity_json(line) else {
            continue;
        };
        // The entity's own id is the first "id" of its line (its keys start with type
        // and id); a line whose first id is not needed is not parsed at all.
        let first_id = id_key.find(json).and_then(|at| {
            let rest = &json[at + 6..];
            let end = rest.iter().position(|&b| b == b'"')?;
            number_of(std::str::from_utf8(&rest[..end]).ok()?)
        });
        if !first_id.is_some_and(|n| wanted.contains(&n) || places.contains(&n)) {
            continue;
        }
        let entity = parse::<Entity>(json, &path, number)?;
        let Some(n) = entity.id.as_deref().and_then(number_of) else {
            continue;
        };
        if let Some(label) = entity.name().filter(|_| wanted.contains(&n)) {
            names.labels.insert(n, label);
        }
        if let Some(country) = entity
            .item(wikidata::COUNTRY)
            .filter(|_| places.contains(&n))
            .as_deref()
            .and_then(number_of)
        {
            names.countries.insert(n, country);
        }
    }
    pass.finish();
    Ok(())
}

/// "Q42" as 42.
fn number_of(id: &str) -> Option<u64> {
    id.strip_prefix('Q')?.parse().ok()
}

/// Whether the item is an artist with an English article: a band (true) or a solo
/// artist (false).
fn artist_kind(entity: &Entity) -> Option<bool> {
    entity.sitelinks.enwiki.as_ref()?;
    open_data::kind_of(
        &entity.items(wikidata::INSTANCE_OF),
        &entity.items(wikidata::OCCUPATION),
    )
}

/// The place an artist comes from: where a band was formed (else its country of
/// origin), where a person was born.
fn origin_id(entity: &Entity, band: bool) -> Option<String> {
    let places = if band {
        [wikidata::LOCATION_OF_FORMATION, wikidata::COUNTRY_OF_ORIGIN].as_slice()
    } else {
        [wikidata::PLACE_OF_BIRTH].as_slice()
    };
    places.iter().find_map(|property| entity.item(property))
}

/// The country an artist comes from: a band's country of origin, a person's (first)
/// country of citizenship.
fn country_id(entity: &Entity, band: bool) -> Option<String> {
    entity.item(if band {
        wikidata::COUNTRY_OF_ORIGIN
    } else {
        wikidata::COUNTRY_OF_CITIZENSHIP
    })
}

/// Where a band that states no country of origin was formed: its country is that
/// place's.
fn formation_place_without_country(entity: &Entity, band: bool) -> Option<String> {
    if !band || country_id(entity, band).is_some() {
        return None;
    }
    entity.item(wikidata::LOCATION_OF_FORMATION)
}

/// The items an artist names whose labels it needs.
fn references(entity: &Entity, band: bool) -> Vec<String> {
    let mut ids = entity.items(wikidata::GENRE);
    ids.extend(origin_id(entity, band));
    ids.extend(country_id(entity, band));
    if band {
        ids.extend(
            entity
                .parts(wikidata::HAS_PART)
                .into_iter()
                .map(|(id, _)| id),
        );
    }
    ids
}

/// The artist an entity is, with its names resolved; None when it is no artist; why
/// not when it cannot be one.
fn artist_of(entity: &Entity, names: &Names) -> Option<Result<ArtistUpsert, String>> {
    let band = artist_kind(entity)?;
    let name_of = |id: &str| number_of(id).and_then(|n| names.labels.get(&n)).cloned();
    // Genres and places by their English or multilingual names only.
    let label = |id: &str| {
        name_of(id)
            .filter(|n| n.language.is_none())
            .map(|n| n.value)
    };
    let id = entity.id.clone()?;
    let article = &entity.sitelinks.enwiki.as_ref()?.title;
    let Some(name) = entity
        .readable_label()
        .or_else(|| open_data::name_of_article(article))
    else {
        return Some(Err(format!(
            "{id} has no English or multilingual name, nor an article title that is one"
        )));
    };
    let mut genres: Vec<GenreRef> = Vec::new();
    for item in entity.items(wikidata::GENRE) {
        let Some(genre) = label(&item).map(|l| open_data::genre_name(&l)) else {
            continue;
        };
        if !genre.is_empty() && !genres.iter().any(|g| g.name == genre) {
            genres.push(GenreRef::of_item(genre, item));
        }
    }
    let members = if band {
        let mut members: Vec<MemberSpell> = entity
            .parts(wikidata::HAS_PART)
            .into_iter()
            .filter_map(|(member, spell)| Some(spell.member(&member, name_of(&member)?)))
            .collect();
        // Members who state the membership from their side only; where both sides
        // state it, the band's statement (its qualifiers) is the one read.
        let stated = number_of(&id).and_then(|n| names.memberships.get(&n));
        for membership in stated.into_iter().flatten() {
            if !members
                .iter()
                .any(|m| m.wikidata_id.as_deref() == Some(membership.person.as_str()))
            {
                members.push(membership.member());
            }
        }
        members
    } else {
        Vec::new()
    };
    let wd = |value| Some(Source::Wikidata.of(value));
    Some(Ok(ArtistUpsert {
        began_on: entity.began_on(band).and_then(wd),
        origin: origin_id(entity, band)
            .and_then(|place| label(&place))
            .and_then(wd),
        country: country_id(entity, band)
            .or_else(|| {
                let place = number_of(&formation_place_without_country(entity, band)?)?;
                Some(format!("Q{}", names.countries.get(&place)?))
            })
            .and_then(|country| label(&country))
            .and_then(wd),
        genres: (!genres.is_empty()).then(|| Source::Wikidata.of(genres)),
        musicbrainz_id: entity
            .string(wikidata::MUSICBRAINZ_ARTIST)
            .filter(|mbid| open_data::is_musicbrainz_id(mbid))
            .and_then(wd),
        members: Some(Source::Wikidata.of(members)),
        ended_on: entity.ended_on(band).and_then(wd),
        aliases: Some(entity.aliases())
            .filter(|a| !a.is_empty())
            .map(|a| Source::Wikidata.of(a)),
        description: entity.description().and_then(wd),
        ..open_data::artist(id, name, band, article)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_lines_lose_their_comma_and_brackets_are_no_entities() {
        assert_eq!(
            entity_json(b"{\"id\":\"Q1\"},"),
            Some(&b"{\"id\":\"Q1\"}"[..])
        );
        assert_eq!(
            entity_json(b"{\"id\":\"Q1\"}\r"),
            Some(&b"{\"id\":\"Q1\"}"[..])
        );
        assert_eq!(entity_json(b"["), None);
        assert_eq!(entity_json(b"]"), None);
        assert_eq!(entity_json(b"  "), None);
    }
}
