//! Catalogue reads: the `artists` table, with an in-memory snapshot of what lists need.
//!
//! Prev/next needs an artist's position in the full sorted list, browse a letter's
//! positions, related artists a genre's, and search ranks over every title: none of
//! these is a cheap database query at two million artists, so each server keeps a
//! compact snapshot of the catalogue (id, title, genres, when it changed: about a
//! hundred bytes an artist, with the search index) and reads everything else (a
//! page's artist, the cards' pictures) from the table by primary key when asked.
//!
//! The table's change marker, which the database keeps as rows are written (see
//! `TableMarker`), is checked when the snapshot is older than the artist list's
//! freshness (5 minutes), at once when another instance announces a change
//! ([`Catalog::check_in_background`]), just after the second a snapshot was read in
//! when rows were stamped in it (`Catalog::settle`), and sooner on a client's
//! `refresh=true`. When a write moved it, the snapshot is patched with the rows stamped
//! since the last check, read by the index of change times (see [`Snapshot::patched`]):
//! a change costs its rows, not a read of two million. The table is read whole at the
//! first read, when a patch cannot account for the marker, and past [`MOST_PATCHED`]
//! changed artists (an import). A stale snapshot keeps serving while its successor is
//! made in the background. A server keeps the snapshot on disk too ([`SnapshotFile`]),
//! so the first read after a restart need not read every artist.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::TryStreamExt;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, FromQueryResult,
    QueryFilter, QuerySelect, SelectModel, SelectorRaw, Statement,
};
use serde::{Deserialize, Serialize};
use sound_atlas_contract::catalog::{decade_of, BROWSE_PAGE_SIZE, MAX_SEARCH_PAGE};
use sound_atlas_entity::artist;
use sound_atlas_import::video_link::ChannelRef;
use tokio::sync::Mutex;

use crate::built_sql::BuiltSql;
use crate::facets::{country_slug, FacetBuilder, FacetIndex};
use crate::genres::GenreIndex;
use crate::model::{
    artist_from_row, normalize_image_url, photo_credit, Artist, ArtistSummary, Letter,
};
use crate::positions::{self, Positions};
use crate::search::{symbols_only, Class, Count, SearchIndex};
use crate::snapshot_file::SnapshotFile;

/// How long a snapshot serves before the table is checked for changes.
pub const SNAPSHOT_TTL: Duration = Duration::from_secs(5 * 60);
/// A client's refresh (`?refresh=true`, which anyone can send) checks the change
/// marker (one small query) unless it was checked within this long; checks run one at
/// a time, and those waiting for one are answered by it. So the flag costs the
/// database at most one marker query a second, and a full read only when the table
/// changed.
pub const MIN_REFRESH_INTERVAL: Duration = Duration::from_secs(1);
/// Ids per `IN (...)` list when rows are read by id (well under every database's limit).
const IDS_PER_QUERY: usize = 500;

/// One artist as the snapshot keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: i32,
    /// Shared, as its genres: a patched snapshot copies its unchanged entries cheaply.
    pub title: Arc<str>,
    /// Indexes into the snapshot's genre [`Names`].
    genres: Arc<[u32]>,
    /// When its row last changed (unix seconds), where known: for sitemaps.
    changed: Option<std::num::NonZeroI64>,
    /// Characters in its biography, trimmed (0: none yet, a thin page).
    pub bio_chars: u32,
    /// A hash of its external id (the quiz ranks artists by it with the seed).
    pub external_key: u64,
    /// The year it began, born or formed (its decade's page lists it).
    pub year: Option<i16>,
    /// Index into the snapshot's country [`Names`] (its country's page lists it).
    country: Option<u32>,
    /// Index into the snapshot's channel [`Names`]: the video channel its link names.
    channel: Option<u32>,
    /// Its browse letter (of its title), worked out once.
    letter: Letter,
}

impl Entry {
    /// Its place in the list: the title case-insensitively, then the id.
    fn list_key(&self) -> (String, i32) {
        (self.title.to_lowercase(), self.id)
    }

    /// When its row last changed (unix seconds), where known: for sitemaps (held as a
    /// non-zero number, 8 bytes: the epoch's first second reads as unknown).
    pub fn updated_at(&self) -> Option<i64> {
        self.changed.map(i64::from)
    }

    /// Whether its page has a biography: a page without one is thin, asks not to be
    /// indexed and stays out of the sitemaps.
    pub fn has_biography(&self) -> bool {
        self.bio_chars > 0
    }
}

/// The snapshot's columns of a row (of the biography only its length, counted by the
/// database: at two million artists the biographies are gigabytes the read need not carry).
#[derive(Debug, FromQueryResult)]
struct EntryRow {
    id: i32,
    external_id: String,
    title: String,
    genres: String,
    bio_chars: Option<i64>,
    solo_video_link: Option<String>,
    updated_at: Option<i64>,
    year: Option<i32>,
    country: Option<String>,
    aliases: Option<String>,
}

/// The search index a snapshot is assembled with: the one its file kept, or one built
/// from its entries with the artists' aliases (by id; only those that have any).
enum SearchSource {
    Kept(Box<SearchIndex>),
    Build(HashMap<i32, Vec<String>>),
}

/// Names the entries point into by index (genres, countries, video channels), each held
/// once, in persistent collections: a patched snapshot shares them, adding a name costs
/// that name. A name stays once no entry points to it (until the next read of the
/// table): the lists count artists, never names.
#[derive(Debug, Clone, Default)]
struct Names {
    names: imbl::Vector<Arc<str>>,
    ids: imbl::HashMap<Arc<str>, u32>,
}

impl Names {
    /// The names with these ids (their indexes).
    fn of(names: Vec<Box<str>>) -> Self {
        let names: imbl::Vector<Arc<str>> = names.into_iter().map(Arc::from).collect();
        let ids = names
            .iter()
            .enumerate()
            .map(|(i, name)| (name.clone(), i as u32))
            .collect();
        Names { names, ids }
    }

    fn get(&self, name: &str) -> Option<u32> {
        self.ids.get(name).copied()
    }

    fn name(&self, id: u32) -> &str {
        &self.names[id as usize]
    }

    fn len(&self) -> usize {
        self.names.len()
    }

    fn iter(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|name| &**name)
    }

    /// The id of `name`, added if new.
    fn intern(&mut self, name: &str) -> u32 {
        if let Some(id) = self.get(name) {
            return id;
        }
        let name: Arc<str> = name.into();
        let id = self.names.len() as u32;
        self.names.push_back(name.clone());
        self.ids.insert(name, id);
        id
    }
}

/// What the entries' indexes point into.
#[derive(Debug, Clone, Default)]
struct EntryNames {
    genres: Names,
    countries: Names,
    channels: Names,
}

impl EntryNames {
    /// The entry of a row, and the artist's aliases.
    fn entry_of(&mut self, row: EntryRow) -> (Entry, Vec<String>) {
        let aliases = crate::details::aliases_of(row.aliases.as_deref());
        let channel = row
            .solo_video_link
            .as_deref()
            .and_then(ChannelRef::parse)
            .map(|channel| self.channels.intern(&channel.key()));
        let genres = crate::model::genres_of(row.id, &row.genres)
            .iter()
            .map(|name| self.genres.intern(name))
            .collect();
        let country = row
            .country
            .filter(|name| !name.trim().is_empty())
            .map(|name| self.countries.intern(&name));
        let entry = Entry {
            id: row.id,
            external_key: crate::stable_hash::external_key(&row.external_id),
            letter: Letter::of_title(&row.title),
            title: row.title.into(),
            genres,
            changed: row.updated_at.and_then(std::num::NonZeroI64::new),
            bio_chars: row.bio_chars.unwrap_or(0).try_into().unwrap_or(u32::MAX),
            year: row.year.and_then(|year| year.try_into().ok()),
            country,
            channel,
        };
        (entry, aliases)
    }
}

/// Browse letters: "#" and A to Z.
const LETTERS: usize = 27;

/// Where `letter`'s artists are in [`Lists::by_letter`].
fn letter_slot(letter: Letter) -> usize {
    match letter.as_char() {
        c @ 'A'..='Z' => (c as u8 - b'A') as usize + 1,
        _ => 0,
    }
}

/// Decades an `i16` year can fall in: [`decade_index`]'s range.
const DECADES: usize = (i16::MAX as usize + 1) / 10 * 2 + 2;

/// Where the decade of `year` is counted (decades in order).
fn decade_index(year: i16) -> usize {
    (year.div_euclid(10) as i32 - i16::MIN.div_euclid(10) as i32) as usize
}

/// The first year of the decade counted at `index` (see [`decade_index`]).
fn decade_year(index: usize) -> i32 {
    (index as i32 + i16::MIN.div_euclid(10) as i32) * 10
}

/// The gap between neighbouring positions when `artists` are read whole: positions
/// follow list order but are spread over the whole `u32` range, so an artist patched in
/// later takes a free position between its neighbours and no other artist moves (where
/// none is free, [`space_out`] makes room around it).
fn spacing_for(artists: usize) -> u32 {
    u32::MAX / (u32::try_from(artists).expect("fewer than 2^32 artists") + 1)
}

/// Artists in list order (their positions) with the newest change among them, or
/// among those that left (the list changed then).
#[derive(Debug, Clone, Default)]
struct List {
    at: Positions,
    newest: Option<i64>,
}

impl List {
    fn add(&mut self, position: u32, changed: Option<i64>) {
        self.at.insert(position);
        self.newest = self.newest.max(changed);
    }

    fn remove(&mut self, position: u32, changed: Option<i64>) {
        self.at.remove(position);
        self.newest = self.newest.max(changed);
    }
}

/// The lists an artist is in by its fields: its browse letter's (see [`letter_slot`]),
/// its genres', its country's (by their ids in [`EntryNames`]) and its decade's (see
/// [`decade_index`]); and how many artists' video links name each channel.
#[derive(Debug, Clone)]
struct Lists {
    by_letter: Vec<List>,
    by_genre: Vec<List>,
    by_country: Vec<List>,
    by_decade: Vec<List>,
    channel_uses: imbl::Vector<u32>,
}

impl Lists {
    fn new(names: &EntryNames) -> Self {
        let mut lists = Lists {
            by_letter: vec![List::default(); LETTERS],
            by_genre: Vec::new(),
            by_country: Vec::new(),
            by_decade: vec![List::default(); DECADES],
            channel_uses: imbl::Vector::new(),
        };
        lists.fit(names);
        lists
    }

    /// Room for every name (a patch may add some).
    fn fit(&mut self, names: &EntryNames) {
        self.by_genre.resize_with(names.genres.len(), List::default);
        self.by_country
            .resize_with(names.countries.len(), List::default);
        while self.channel_uses.len() < names.channels.len() {
            self.channel_uses.push_back(0);
        }
    }

    /// Calls `f` with each list `entry` is in (a genre listed twice for one artist is
    /// one list: a list holds a position once).
    fn each(&mut self, entry: &Entry, mut f: impl FnMut(&mut List)) {
        f(&mut self.by_letter[letter_slot(entry.letter)]);
        for &genre in entry.genres.iter() {
            f(&mut self.by_genre[genre as usize]);
        }
        if let Some(c) = entry.country {
            f(&mut self.by_country[c as usize]);
        }
        if let Some(year) = entry.year {
            f(&mut self.by_decade[decade_index(year)]);
        }
    }

    fn add(&mut self, position: u32, entry: &Entry) {
        if let Some(c) = entry.channel {
            self.channel_uses[c as usize] += 1;
        }
        self.each(entry, |list| list.add(position, entry.updated_at()));
    }

    /// Takes `entry` out of its lists, as changed at `changed`.
    fn remove(&mut self, position: u32, entry: &Entry, changed: Option<i64>) {
        if let Some(c) = entry.channel {
            self.channel_uses[c as usize] -= 1;
        }
        self.each(entry, |list| list.remove(position, changed));
    }
}

/// A snapshot's search: the index built for an earlier snapshot read whole, patched
/// with the artists changed since, if any. That snapshot's artist `i` was at position
/// `(i + 1) * spacing`, and is there still unless it changed since: an artist keeps its
/// position until the table is read whole again.
#[derive(Debug)]
struct Searching {
    base: Arc<SearchIndex>,
    spacing: u32,
    patch: Option<Patch>,
}

/// A position of no artist (see [`spacing_for`]: none is this high).
const GONE: u32 = u32::MAX;

/// The artists changed since a base index was built: which base artists they were, and
/// a small index of the changed artists as they are now. A query ranks on both and
/// merges by class, then position (list order), so a change costs its rows, not a
/// rebuild of the whole index.
#[derive(Debug)]
struct Patch {
    /// The base artists that changed since, ascending.
    superseded: Vec<u32>,
    /// The base artists spaced out since (see [`space_out`]).
    moved: Moved,
    /// The changed artists' aliases, by id: every artist of `overlay`.
    aliases: HashMap<i32, Vec<String>>,
    /// The changed artists' index, in list order, and each one's position.
    overlay: SearchIndex,
    overlay_at: Vec<u32>,
}

impl Searching {
    /// Where base artist `i` is, unless it changed since.
    fn base_at(&self, i: usize) -> u32 {
        match &self.patch {
            Some(patch) if patch.superseded.binary_search(&(i as u32)).is_ok() => GONE,
            Some(patch) => patch
                .moved
                .to
                .get(&(i as u32))
                .copied()
                .unwrap_or((i as u32 + 1) * self.spacing),
            None => (i as u32 + 1) * self.spacing,
        }
    }

    /// The best `limit` matches of `query` (positions in `entries`, the snapshot's).
    fn ranked(&self, query: &str, limit: usize, entries: &InList) -> (Vec<u32>, Count) {
        if let Some(symbols) = symbols_only(query) {
            // Matched on the titles alone: one walk over them in list order, not a
            // lookup of each base artist's position.
            let hits: Vec<u32> = entries
                .iter()
                .filter(|(_, e)| symbols.matches(&e.title))
                .map(|&(at, _)| at)
                .collect();
            let count = Count::exact(hits.len());
            return (hits.into_iter().take(limit).collect(), count);
        }
        let title_at = |at: u32| entry_at(entries, at).map_or("", |e| &*e.title);
        let base_title = |i: usize| title_at(self.base_at(i));
        let Some(patch) = &self.patch else {
            let (best, count) = self.base.search_classed(query, base_title, limit);
            let best = best.into_iter().map(|(_, a)| self.base_at(a as usize));
            return (best.collect(), count);
        };
        // A changed artist's old names are still in the base index: asked for as many
        // more as match, and left out.
        let gone = self.base.matching(query, base_title, &patch.superseded);
        let (base, base_count) =
            self.base
                .search_classed(query, base_title, limit.saturating_add(gone));
        let overlay_title = |i: usize| title_at(patch.overlay_at[i]);
        let (overlay, overlay_count) = patch.overlay.search_classed(query, overlay_title, limit);
        let mut best: Vec<(Class, u32)> = base
            .into_iter()
            .map(|(class, a)| (class, self.base_at(a as usize)))
            .filter(|&(_, at)| at != GONE)
            .chain(
                overlay
                    .into_iter()
                    .map(|(class, a)| (class, patch.overlay_at[a as usize])),
            )
            .collect();
        best.sort_unstable();
        best.truncate(limit);
        let count = Count {
            n: base_count.n.saturating_sub(gone) + overlay_count.n,
            exact: base_count.exact && overlay_count.exact,
        };
        (best.into_iter().map(|(_, at)| at).collect(), count)
    }

    /// How many artists changed since the base index.
    fn patched(&self) -> usize {
        self.patch.as_ref().map_or(0, |p| p.aliases.len())
    }
}

/// All artists in list order (by title case-insensitively, then id), with lookup and
/// list indexes (so that no read walks the whole list). Every collection is persistent
/// (imbl's): a snapshot patched from this one shares all of it but what the changed
/// artists touch (see [`Snapshot::patched`]).
#[derive(Debug)]
pub struct Snapshot {
    /// Every artist in list order, with its position. Positions ascend with gaps
    /// (see [`spacing_for`]): a changed artist keeps its position or takes a free one
    /// between its new neighbours, and no other artist moves.
    entries: InList,
    /// Each artist's position, by id.
    position_of: ById,
    search: Searching,
    names: EntryNames,
    lists: Lists,
    /// Every genre with its page's slug and artist count, each country's artists and
    /// each decade's, and per browse letter the newest change among its artists (the
    /// browse pages' sitemap): derived from `lists` once here, never by a walk per
    /// request.
    genres: GenreIndex,
    countries: FacetIndex,
    decades: FacetIndex,
    letter_changes: HashMap<Letter, i64>,
    /// The artists the sitemaps list (those with a biography), in list order, each
    /// with its change time: a sitemap file's range is a slice of it.
    listed: imbl::Vector<ListedArtist>,
    /// The change marker of these entries (the table's, when it holds them).
    marker: ChangeMarker,
    /// Recent searches' rankings (see [`Snapshot::ranked`]).
    rankings: Rankings,
}

/// Queries this snapshot ranked lately and their rankings, so a span of result pages
/// (a search page shows pages 1..=N, each its own read) slices one ranking instead of
/// ranking once a page. Each ranking reaches [`RANKED_AHEAD`] matches, so a search
/// page's every page and the best-100 list share one.
#[derive(Debug)]
struct Rankings {
    recent: moka::sync::Cache<String, Arc<Ranked>>,
    /// Rankings made (the memo's misses).
    made: std::sync::atomic::AtomicU64,
}

impl Default for Rankings {
    fn default() -> Self {
        Rankings {
            recent: moka::sync::Cache::new(RANKINGS_KEPT),
            made: Default::default(),
        }
    }
}

/// Queries whose rankings a snapshot keeps (about 500 bytes each).
const RANKINGS_KEPT: u64 = 1024;
/// Matches a kept ranking reaches: the most a search page shows.
const RANKED_AHEAD: usize = MAX_SEARCH_PAGE * BROWSE_PAGE_SIZE;

/// The best matches of a query, best first (positions in the snapshot), and how many
/// there are in all (exactly, or at least that many: see [`crate::search::Count`]).
#[derive(Debug)]
pub struct Ranked {
    pub best: Vec<u32>,
    pub total: usize,
    pub total_exact: bool,
}

/// Artists in list order, each with its position (ascending).
type InList = imbl::Vector<(u32, Entry)>;

/// Each artist's position, by id, sorted by id (packed: about 8 bytes an artist, where
/// a map takes three times that).
#[derive(Debug, Clone, Default)]
struct ById(imbl::Vector<(i32, u32)>);

impl ById {
    fn find(&self, id: i32) -> Result<usize, usize> {
        self.0.binary_search_by(|&(of, _)| of.cmp(&id))
    }

    fn get(&self, id: i32) -> Option<u32> {
        self.find(id).ok().map(|i| self.0[i].1)
    }

    fn remove(&mut self, id: i32) -> Option<u32> {
        let i = self.find(id).ok()?;
        Some(self.0.remove(i).1)
    }

    fn insert(&mut self, id: i32, position: u32) {
        match self.find(id) {
            Ok(i) => self.0[i].1 = position,
            Err(i) => self.0.insert(i, (id, position)),
        }
    }
}

/// Where the artist at `position` is in `entries` (else where it would go).
fn index_in(entries: &InList, position: u32) -> Result<usize, usize> {
    entries.binary_search_by(|&(at, _)| at.cmp(&position))
}

/// The artist at `position` in `entries`.
fn entry_at(entries: &InList, position: u32) -> Option<&Entry> {
    let i = index_in(entries, position).ok()?;
    Some(&entries[i].1)
}

/// An artist the sitemaps list: its position and when its row last changed, in unix
/// seconds as a `u32` (0: unknown, as are times before 1970 or after 2106): 8 bytes.
type ListedArtist = (u32, u32);

fn listed_artist(at: u32, entry: &Entry) -> ListedArtist {
    let changed = entry.updated_at().and_then(|t| u32::try_from(t).ok());
    (at, changed.unwrap_or(0))
}

/// Base artists whose positions changed though they did not (spaced out around an
/// artist patched in): base index to position, and back.
#[derive(Debug, Clone, Default)]
struct Moved {
    to: HashMap<u32, u32>,
    from: HashMap<u32, u32>,
}

impl Moved {
    /// The base index of the base artist at `position` (one not changed since).
    fn base_of(&self, position: u32, spacing: u32) -> u32 {
        self.from
            .get(&position)
            .copied()
            .unwrap_or(position / spacing - 1)
    }
}

/// The gap [`space_out`] leaves between neighbours: room for eight more artists patched
/// in one after another between the same two.
const SPACED: u64 = 256;
/// The most artists [`space_out`] moves at once, and the most base artists moved before
/// the table is read whole.
const MOST_SPACED: usize = 4096;

/// What a patch works on: the snapshot's collections, copied (shared) from the one it
/// patches.
struct Patching {
    entries: InList,
    position_of: ById,
    lists: Lists,
    listed: imbl::Vector<ListedArtist>,
    moved: Moved,
    spacing: u32,
}

impl Patching {
    fn position(&self, i: usize) -> Option<u32> {
        self.entries.get(i).map(|&(at, _)| at)
    }

    /// Where the sitemaps list the artist at `position` (else where it would go).
    fn listed_at(&self, position: u32) -> Result<usize, usize> {
        self.listed.binary_search_by_key(&position, |&(at, _)| at)
    }
}

/// Spaces out the artists around index `next` of the entries, where an artist is to go
/// between two with no free position left: the fewest around it whose span leaves
/// [`SPACED`] positions between each two, with a place for the new one at `next`. They
/// keep their order (and so every list's), move in their lists and the sitemaps', and
/// the base artists among them are recorded as moved for the search. None when that
/// would move more than [`MOST_SPACED`] artists: the table is read whole instead.
fn space_out(p: &mut Patching, next: usize, changed: &HashMap<i32, Vec<String>>) -> Option<()> {
    let mut half = 4;
    let (start, end, lo, step) = loop {
        if half > MOST_SPACED / 2 {
            return None;
        }
        let (start, end) = (
            next.saturating_sub(half),
            (next + half).min(p.entries.len()),
        );
        let lo = start
            .checked_sub(1)
            .and_then(|i| p.position(i))
            .unwrap_or(0);
        let hi = p.position(end).unwrap_or(GONE);
        let slots = (end - start) as u64 + 2;
        if u64::from(hi - lo) >= slots * SPACED {
            break (start, end, u64::from(lo), u64::from(hi - lo) / slots);
        }
        half *= 2;
    };
    if p.moved.to.len() + (end - start) > MOST_SPACED {
        return None;
    }
    let moves: Vec<(usize, u32, u32)> = (start..end)
        .map(|i| {
            let slot = (i - start + 1 + usize::from(i >= next)) as u64;
            (i, p.entries[i].0, (lo + slot * step) as u32)
        })
        .collect();
    // Every moved artist leaves its old positions (and is found in the sitemaps' list
    // by them) before any takes a new one: a new position may be another's old one.
    let mut bases = Vec::new();
    let mut listed = Vec::new();
    for &(i, old, _) in &moves {
        let entry = p.entries[i].1.clone();
        p.lists.each(&entry, |list| list.at.remove(old));
        listed.push(p.listed_at(old).ok());
        if !changed.contains_key(&entry.id) {
            let base = p.moved.base_of(old, p.spacing);
            p.moved.from.remove(&old);
            bases.push((i, base));
        }
    }
    for (&(i, _, new), listed_at) in moves.iter().zip(listed) {
        let entry = p.entries[i].1.clone();
        p.lists.each(&entry, |list| list.at.insert(new));
        if let Some(j) = listed_at {
            let (_, changed) = p.listed[j];
            p.listed.set(j, (new, changed));
        }
        p.position_of.insert(entry.id, new);
        p.entries.set(i, (new, entry));
    }
    for (i, base) in bases {
        let new = p.entries[i].0;
        p.moved.to.insert(base, new);
        p.moved.from.insert(new, base);
    }
    Some(())
}

/// What [`Snapshot::patched`] made of the changed rows.
enum Patched {
    /// Every row is as the snapshot holds it (when only changes were asked for).
    Unchanged,
    /// No room between an artist's new neighbours, nor any [`space_out`] could make:
    /// read the table whole.
    NoRoom,
    Snapshot(Box<Snapshot>),
}

/// A list the snapshot answers for a name it does not know: empty.
static NO_ARTISTS: std::sync::LazyLock<Positions> = std::sync::LazyLock::new(Positions::default);

impl Snapshot {
    /// The snapshot of `entries` (any order): sorts them and builds the indexes.
    /// `names` are what the entries' indexes point into.
    fn new(mut entries: Vec<Entry>, names: EntryNames, aliases: HashMap<i32, Vec<String>>) -> Self {
        entries.sort_by_cached_key(Entry::list_key);
        Snapshot::assemble(entries, names, SearchSource::Build(aliases))
    }

    /// The snapshot of `entries` in list order, with its search index when one was
    /// kept (else it is built here): places the artists and builds the other indexes,
    /// a walk over the entries.
    fn assemble(entries: Vec<Entry>, names: EntryNames, search: SearchSource) -> Self {
        let spacing = spacing_for(entries.len());
        let at = |i: usize| (i as u32 + 1) * spacing;
        // The search index, the largest part, is built on a thread of its own meanwhile.
        let (base, lists, listed, marker) = std::thread::scope(|scope| {
            let base = scope.spawn(|| match search {
                SearchSource::Kept(search) => *search,
                SearchSource::Build(aliases) => {
                    SearchIndex::with_aliases(entries.iter().map(|e| {
                        let genres = e.genres.iter().map(|&g| names.genres.name(g));
                        let names = aliases.get(&e.id).into_iter().flatten();
                        (&*e.title, names.map(String::as_str), genres)
                    }))
                }
            });
            let mut lists = Lists::new(&names);
            let mut listed = imbl::Vector::new();
            let mut marker = ChangeMarker::default();
            for (i, entry) in entries.iter().enumerate() {
                marker.add(entry.updated_at());
                lists.add(at(i), entry);
                if entry.has_biography() {
                    listed.push_back(listed_artist(at(i), entry));
                }
            }
            (
                base.join().expect("building the search index"),
                lists,
                listed,
                marker,
            )
        });
        let search = Searching {
            base: Arc::new(base),
            spacing,
            patch: None,
        };
        let mut position_of: Vec<(i32, u32)> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, at(i)))
            .collect();
        position_of.sort_unstable();
        let position_of = ById(position_of.into_iter().collect());
        let entries: InList = entries
            .into_iter()
            .enumerate()
            .map(|(i, e)| (at(i), e))
            .collect();
        Snapshot::derive(entries, position_of, search, names, lists, listed, marker)
    }

    /// The snapshot of its artists and their lists: derives the genre, country and
    /// decade indexes and the letters' change times from the lists (a walk over the
    /// names, not the artists).
    #[allow(clippy::too_many_arguments)]
    fn derive(
        entries: InList,
        position_of: ById,
        search: Searching,
        names: EntryNames,
        lists: Lists,
        listed: imbl::Vector<ListedArtist>,
        marker: ChangeMarker,
    ) -> Self {
        let genres = GenreIndex::new(
            names
                .genres
                .iter()
                .zip(&lists.by_genre)
                .filter(|(_, list)| !list.at.is_empty())
                .map(|(name, list)| (name, list.at.len())),
        );
        let mut countries = FacetBuilder::default();
        for (name, list) in names.countries.iter().zip(&lists.by_country) {
            if !list.at.is_empty() {
                countries.add(&country_slug(name), name, list.at.clone(), list.newest);
            }
        }
        let mut decades = FacetBuilder::default();
        for (d, list) in lists.by_decade.iter().enumerate() {
            if !list.at.is_empty() {
                let decade = decade_of(decade_year(d));
                decades.add(&decade, &decade, list.at.clone(), list.newest);
            }
        }
        let letter_changes = Letter::all()
            .filter_map(|letter| {
                let list = &lists.by_letter[letter_slot(letter)];
                Some((letter, list.newest.filter(|_| !list.at.is_empty())?))
            })
            .collect();
        Snapshot {
            entries,
            position_of,
            search,
            names,
            lists,
            genres,
            countries: countries.build(),
            decades: decades.build(),
            letter_changes,
            listed,
            marker,
            rankings: Rankings::default(),
        }
    }

    /// This snapshot with `rows` (artists as the table holds them now: changed or new)
    /// in place of their versions here. Each changed artist leaves its lists, then
    /// joins its new ones at its position, kept or taken between its new neighbours;
    /// the search index is patched (see [`Patch`]), the genre, country and decade
    /// indexes derived again from their lists. Everything else is shared with this
    /// snapshot: the work is the rows' (each a few O(log n) steps) and the names'.
    /// [`Patched::Unchanged`] when `only_new` asks for changed entries and every row's
    /// entry is the one here (its aliases aside).
    fn patched(&self, rows: Vec<EntryRow>, only_new: bool) -> Patched {
        let mut names = self.names.clone();
        let mut changed: Vec<(Entry, Vec<String>)> =
            rows.into_iter().map(|row| names.entry_of(row)).collect();
        if only_new
            && changed
                .iter()
                .all(|(entry, _)| self.get(entry.id) == Some(entry))
        {
            return Patched::Unchanged;
        }
        changed.sort_by_cached_key(|(entry, _)| entry.list_key());
        let mut marker = self.marker;
        let (mut superseded, mut aliases, moved) = match &self.search.patch {
            Some(patch) => (
                patch.superseded.clone(),
                patch.aliases.clone(),
                patch.moved.clone(),
            ),
            None => Default::default(),
        };
        let mut p = Patching {
            entries: self.entries.clone(),
            position_of: self.position_of.clone(),
            lists: self.lists.clone(),
            listed: self.listed.clone(),
            moved,
            spacing: self.search.spacing,
        };
        p.lists.fit(&names);

        // Every changed artist leaves first, so each finds its place among the others.
        let mut was_at: HashMap<i32, u32> = HashMap::with_capacity(changed.len());
        for (entry, _) in &changed {
            let Some(at) = p.position_of.remove(entry.id) else {
                continue;
            };
            let i = index_in(&p.entries, at).expect("an artist's position holds it");
            let (_, old) = p.entries.remove(i);
            p.lists.remove(at, &old, entry.updated_at());
            if let Ok(i) = p.listed_at(at) {
                p.listed.remove(i);
            }
            marker.remove(old.updated_at());
            // Not changed since the base index: a base artist.
            if !aliases.contains_key(&entry.id) {
                let base = p.moved.base_of(at, p.spacing);
                p.moved.from.remove(&at);
                p.moved.to.remove(&base);
                superseded.push(base);
            }
            was_at.insert(entry.id, at);
        }
        superseded.sort_unstable();
        for (entry, other_names) in changed {
            let key = entry.list_key();
            let next = p
                .entries
                .binary_search_by(|(_, e)| e.list_key().cmp(&key))
                .unwrap_or_else(|next| next);
            let free = |p: &Patching| {
                let after = next.checked_sub(1).and_then(|i| p.position(i)).unwrap_or(0);
                (after, p.position(next).unwrap_or(GONE))
            };
            let (mut after, mut before) = free(&p);
            if before - after < 2
                && was_at
                    .get(&entry.id)
                    .is_none_or(|&at| at <= after || at >= before)
            {
                if space_out(&mut p, next, &aliases).is_none() {
                    return Patched::NoRoom;
                }
                (after, before) = free(&p);
            }
            let at = match was_at.get(&entry.id) {
                Some(&at) if after < at && at < before => at,
                _ => after + (before - after) / 2,
            };
            p.lists.add(at, &entry);
            if entry.has_biography() {
                let i = p.listed_at(at).unwrap_err();
                p.listed.insert(i, listed_artist(at, &entry));
            }
            marker.add(entry.updated_at());
            p.position_of.insert(entry.id, at);
            aliases.insert(entry.id, other_names);
            p.entries.insert(next, (at, entry));
        }
        let Patching {
            entries,
            position_of,
            lists,
            listed,
            moved,
            ..
        } = p;

        // The search: the same base index without the superseded artists, and the
        // changed artists (since the base) indexed anew.
        let mut overlay_at: Vec<u32> = aliases
            .keys()
            .filter_map(|&id| position_of.get(id))
            .collect();
        overlay_at.sort_unstable();
        let overlay = SearchIndex::with_aliases(overlay_at.iter().map(|at| {
            let entry = entry_at(&entries, *at).expect("a changed artist");
            let genres = entry.genres.iter().map(|&g| names.genres.name(g));
            let other_names = aliases[&entry.id].iter().map(String::as_str);
            (&*entry.title, other_names, genres)
        }));
        let search = Searching {
            base: self.search.base.clone(),
            spacing: self.search.spacing,
            patch: Some(Patch {
                superseded,
                moved,
                aliases,
                overlay,
                overlay_at,
            }),
        };
        Patched::Snapshot(Box::new(Snapshot::derive(
            entries,
            position_of,
            search,
            names,
            lists,
            listed,
            marker,
        )))
    }

    /// The best `limit` (or more) matches of `query`, best first, and how many there
    /// are in all: a ranking kept for the query when it reaches that far, else ranked
    /// now (concurrent callers of one query wait for one ranking). A ranking deeper
    /// than [`RANKED_AHEAD`] (the API's later pages) is made for its caller alone. CPU
    /// work of milliseconds at two million artists: call it on a blocking thread.
    pub fn ranked(&self, query: &str, limit: usize) -> Arc<Ranked> {
        let rank = |limit| {
            self.rankings
                .made
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let (best, count) = self.search.ranked(query, limit, &self.entries);
            Arc::new(Ranked {
                best,
                total: count.n,
                total_exact: count.exact,
            })
        };
        if limit > RANKED_AHEAD {
            return rank(limit);
        }
        self.rankings
            .recent
            .get_with_by_ref(query, || rank(RANKED_AHEAD))
    }

    /// How many rankings [`Snapshot::ranked`] has made (the others were kept ones).
    pub fn rankings_made(&self) -> u64 {
        self.rankings
            .made
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The select of the snapshot's columns.
    fn rows(db: &DatabaseConnection) -> sea_orm::Select<artist::Entity> {
        artist::Entity::find()
            .select_only()
            .columns([
                artist::Column::Id,
                artist::Column::ExternalId,
                artist::Column::Title,
                artist::Column::Genres,
                artist::Column::SoloVideoLink,
                artist::Column::UpdatedAt,
                artist::Column::Year,
                artist::Column::Country,
                artist::Column::Aliases,
            ])
            .column_as(Expr::cust(bio_chars_sql(db)), "bio_chars")
    }

    /// Reads the table's snapshot columns row by row (streamed: the rows are never held
    /// all at once), then sorts and indexes them on a blocking thread (seconds at two
    /// million artists, which the async workers serving requests should not wait out).
    async fn read(db: &DatabaseConnection) -> Result<Self, DbErr> {
        let started = Instant::now();
        let mut rows = Self::rows(db).into_model::<EntryRow>().stream(db).await?;
        let mut entries = Vec::new();
        let mut names = EntryNames::default();
        let mut aliases = HashMap::new();
        while let Some(row) = rows.try_next().await? {
            let (entry, other_names) = names.entry_of(row);
            if !other_names.is_empty() {
                aliases.insert(entry.id, other_names);
            }
            entries.push(entry);
        }
        let read = started.elapsed();
        let snapshot = tokio::task::spawn_blocking(move || {
            let snapshot = Snapshot::new(entries, names, aliases);
            release_free_memory();
            snapshot
        })
        .await
        .map_err(|err| DbErr::Custom(format!("building the catalogue snapshot: {err}")))?;
        tracing::info!(
            artists = snapshot.len(),
            read_ms = read.as_millis() as u64,
            indexed_ms = (started.elapsed() - read).as_millis() as u64,
            "read the catalogue snapshot"
        );
        Ok(snapshot)
    }

    /// The rows changed at or after unix second `since` (by the index of change
    /// times), unless there are more than `most`.
    async fn changed_rows(
        db: &DatabaseConnection,
        since: i64,
        most: usize,
    ) -> Result<Option<Vec<EntryRow>>, DbErr> {
        let rows = Self::rows(db)
            .filter(artist::Column::UpdatedAt.gte(since))
            .limit(most as u64 + 1)
            .into_model::<EntryRow>()
            .all(db)
            .await?;
        Ok((rows.len() <= most).then_some(rows))
    }

    /// Every artist, in list order.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = &Entry> + Clone {
        self.entries.iter().map(|(_, entry)| entry)
    }

    /// The artists at indexes `range` of the list (clamped to it), in order.
    pub fn range(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = &Entry> {
        positions::slice(&self.entries, range).map(|(_, entry)| entry)
    }

    /// The `i`th artist of the list.
    pub fn nth(&self, i: usize) -> Option<&Entry> {
        self.entries.get(i).map(|(_, entry)| entry)
    }

    /// The index in the list of the artist at `position`.
    pub fn index_of(&self, position: u32) -> Option<usize> {
        index_in(&self.entries, position).ok()
    }

    /// The index of the first artist for whom `before` is false (the list is
    /// partitioned by it: true, then false), by binary search.
    pub fn partition_point(&self, mut before: impl FnMut(&Entry) -> bool) -> usize {
        positions::partition_point(&self.entries, |(_, entry)| before(entry))
    }

    /// What the snapshot's file holds of it: what is costly to rebuild (the sort and
    /// the search index) and what the rest is derived from.
    fn kept(&self) -> KeptRef<'_, impl Iterator<Item = &Entry> + Clone> {
        KeptRef {
            entries: InOrder(self.entries()),
            genre_names: &self.names.genres.names,
            country_names: &self.names.countries.names,
            channel_names: &self.names.channels.names,
            search: &self.search.base,
        }
    }

    /// The snapshot of what its file held, unless that does not hold together.
    fn from_kept(kept: Kept) -> Option<Snapshot> {
        let genres = kept.genre_names.len() as u32;
        let countries = kept.country_names.len() as u32;
        let channels = kept.channel_names.len() as u32;
        if kept.search.len() != kept.entries.len()
            || kept.entries.iter().any(|e| {
                e.genres.iter().any(|&g| g >= genres)
                    || e.country.is_some_and(|c| c >= countries)
                    || e.channel.is_some_and(|c| c >= channels)
            })
        {
            return None;
        }
        let names = EntryNames {
            genres: Names::of(kept.genre_names),
            countries: Names::of(kept.country_names),
            channels: Names::of(kept.channel_names),
        };
        Some(Snapshot::assemble(
            kept.entries,
            names,
            SearchSource::Kept(Box::new(kept.search)),
        ))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The artist at `position` (one of a list's): found by binary search.
    pub fn at(&self, position: u32) -> &Entry {
        entry_at(&self.entries, position).expect("a position of the snapshot")
    }

    /// The genre names of `entry`.
    pub fn genres_of<'a>(&'a self, entry: &'a Entry) -> impl Iterator<Item = &'a str> + 'a {
        entry.genres.iter().map(|&g| self.names.genres.name(g))
    }

    /// Positions of the artists under `letter`, in list order.
    pub fn under_letter(&self, letter: Letter) -> &Positions {
        &self.lists.by_letter[letter_slot(letter)].at
    }

    /// Positions of the artists that list `genre`, in list order.
    pub fn with_genre(&self, genre: &str) -> &Positions {
        self.names
            .genres
            .get(genre)
            .map_or(&NO_ARTISTS, |g| &self.lists.by_genre[g as usize].at)
    }

    /// The positions of the artists most like the one at `position`, at most `limit`:
    /// those sharing the most genres with it, then in list order. Each of its genre
    /// lists is walked [`RELATED_WALK`] positions at most, so the answer costs the same
    /// at any size (and is exact while the lists are shorter): the artists sharing every
    /// genre are the shortest list's, each looked up in the others; those sharing fewer
    /// come from a walk over the lists merged in list order.
    pub fn related(&self, position: u32, limit: usize) -> Vec<u32> {
        let mut genres: Vec<&str> = self.genres_of(self.at(position)).collect();
        genres.sort_unstable();
        genres.dedup();
        let lists: Vec<&Positions> = genres.iter().map(|g| self.with_genre(g)).collect();
        let Some((shortest_at, shortest)) = lists.iter().enumerate().min_by_key(|(_, l)| l.len())
        else {
            return Vec::new();
        };
        let mut in_others: Vec<_> = lists
            .iter()
            .enumerate()
            .filter(|(at, _)| *at != shortest_at)
            .map(|(_, list)| list.membership())
            .collect();
        // by_shared[c - 1]: the first artists (in list order) sharing exactly c genres.
        let mut by_shared: Vec<Vec<u32>> = vec![Vec::new(); lists.len()];
        let every = lists.len();
        by_shared[every - 1] = shortest
            .iter()
            .take(RELATED_WALK)
            .filter(|&p| p != position && in_others.iter_mut().all(|list| list.contains(p)))
            .take(limit)
            .collect();
        let mut walks: Vec<_> = lists.iter().map(|list| list.iter().peekable()).collect();
        for _ in 0..RELATED_WALK {
            let Some(next) = walks.iter_mut().filter_map(|w| w.peek().copied()).min() else {
                break;
            };
            let shared = walks
                .iter_mut()
                .map(|w| w.next_if_eq(&next).is_some())
                .filter(|&took| took)
                .count();
            let keep = &mut by_shared[shared - 1];
            if shared < every && next != position && keep.len() < limit {
                keep.push(next);
            }
        }
        by_shared.into_iter().rev().flatten().take(limit).collect()
    }

    /// Every genre with its page's slug and artist count.
    pub fn genres(&self) -> &GenreIndex {
        &self.genres
    }

    /// Every country artists come from, with its artists.
    pub fn countries(&self) -> &FacetIndex {
        &self.countries
    }

    /// Every decade artists began in, with its artists.
    pub fn decades(&self) -> &FacetIndex {
        &self.decades
    }

    /// Every genre name its artists list, with the newest change among them (or among
    /// those that left it since the table was read whole).
    pub fn genre_changes(&self) -> impl Iterator<Item = (&str, Option<i64>)> {
        self.names
            .genres
            .iter()
            .zip(&self.lists.by_genre)
            .filter(|(_, list)| !list.at.is_empty())
            .map(|(name, list)| (name, list.newest))
    }

    /// Per browse letter: the newest change among its artists (letters whose artists
    /// record none are left out).
    pub fn letter_changes(&self) -> &HashMap<Letter, i64> {
        &self.letter_changes
    }

    /// How many artists the sitemaps list (those with a biography).
    pub fn sitemap_len(&self) -> usize {
        self.listed.len()
    }

    /// The listed artists `start..start + len` of the sitemaps with their change
    /// times, in list order (fewer past the last).
    fn sitemap_slice(&self, start: usize, len: usize) -> impl Iterator<Item = &ListedArtist> {
        positions::slice(&self.listed, start..start.saturating_add(len))
    }

    /// The listed artists `start..start + len` of the sitemaps, in list order (fewer
    /// past the last): found in O(log n), then walked.
    pub fn sitemap_range(&self, start: usize, len: usize) -> impl Iterator<Item = &Entry> {
        let first = self.sitemap_slice(start, len).next();
        let from = first.and_then(|&(at, _)| self.index_of(at));
        self.range(from.unwrap_or(self.len())..self.len())
            .filter(|entry| entry.has_biography())
            .take(len)
    }

    /// The newest change among the listed artists `start..start + len` of the
    /// sitemaps: a walk over their change times alone.
    pub fn sitemap_newest(&self, start: usize, len: usize) -> Option<i64> {
        self.sitemap_slice(start, len)
            .map(|&(_, changed)| changed)
            .max()
            .filter(|&changed| changed > 0)
            .map(i64::from)
    }

    /// Whether some artist's video link names the channel with this key.
    pub fn uses_channel(&self, key: &str) -> bool {
        self.names
            .channels
            .get(key)
            .is_some_and(|c| self.lists.channel_uses[c as usize] > 0)
    }

    /// The position of the artist with this id.
    pub fn position(&self, id: i32) -> Option<u32> {
        self.position_of.get(id)
    }

    pub fn get(&self, id: i32) -> Option<&Entry> {
        self.position(id).map(|at| self.at(at))
    }

    /// The card of the artist at `position`, given its picture and the picture's credit
    /// (read from the table).
    fn card(&self, position: u32, picture: CardPicture) -> ArtistSummary {
        let entry = self.at(position);
        let photo_credit = photo_credit(
            picture.image_url.as_deref(),
            picture.image_author,
            picture.image_license,
        );
        ArtistSummary {
            id: entry.id,
            title: entry.title.to_string(),
            image_url: picture.image_url.map(|url| normalize_image_url(&url)),
            genres: self.genres_of(entry).map(str::to_owned).collect(),
            photo_credit,
        }
    }
}

/// A snapshot as its file holds it, written (see [`Snapshot::kept`]) and read back.
#[derive(Serialize)]
#[serde(bound(serialize = "InOrder<E>: Serialize"))]
struct KeptRef<'a, E> {
    entries: InOrder<E>,
    genre_names: &'a imbl::Vector<Arc<str>>,
    country_names: &'a imbl::Vector<Arc<str>>,
    channel_names: &'a imbl::Vector<Arc<str>>,
    search: &'a SearchIndex,
}

/// The entries, written in list order as a `Vec` of them would be (and read back as
/// one), without collecting them first.
struct InOrder<E>(E);

impl<'a, E: Iterator<Item = &'a Entry> + Clone> Serialize for InOrder<E> {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.collect_seq(self.0.clone())
    }
}

#[derive(Deserialize)]
struct Kept {
    entries: Vec<Entry>,
    genre_names: Vec<Box<str>>,
    country_names: Vec<Box<str>>,
    channel_names: Vec<Box<str>>,
    search: SearchIndex,
}

/// The snapshot in use, when the table's marker was last read (by its read, or a check
/// that found it unchanged; `asked` is that unix second) and the marker it was read at.
struct Cached {
    checked_at: Instant,
    asked: i64,
    marker: TableMarker,
    snapshot: Arc<Snapshot>,
}

/// What tells a changed table from an unchanged one without reading it, as far as the
/// rows tell: their count, their newest change and the sum of every row's change time
/// (every write sets `updated_at` to now: an edit moves the sum unless it falls within
/// the second the row was last stamped in, a removal the count). A snapshot's is worked
/// out from its artists; a patched snapshot must have the table's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FromQueryResult, Serialize, Deserialize)]
struct ChangeMarker {
    rows: i64,
    newest: Option<i64>,
    changes: i64,
}

/// The table's change marker as the database keeps it in `artist_change_marker` (its
/// triggers move it with every write; a migration made them): what the rows add up to,
/// and how many writes changed them, which tells an unchanged table exactly. With the
/// newest change from the last entry of the index of change times, a read costs the
/// same whatever the table's size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
struct TableMarker {
    writes: i64,
    rows: ChangeMarker,
}

impl TableMarker {
    const QUERY: &'static str = "SELECT writes, artists AS \"rows\", change_sum AS changes, \
        (SELECT MAX(updated_at) FROM artists) AS newest FROM artist_change_marker";

    async fn read(db: &DatabaseConnection) -> Result<Self, DbErr> {
        let query = Statement::from_string(db.get_database_backend(), Self::QUERY);
        let Some(row) = db.query_one(query).await? else {
            return Ok(Self::default());
        };
        Ok(TableMarker {
            writes: row.try_get("", "writes")?,
            rows: ChangeMarker::from_query_result(&row, "")?,
        })
    }

    /// Whether rows were stamped in unix second `second` or later: a snapshot read in
    /// that second may miss a write stamped in it later, so its rows are read again at
    /// the next check unless one finds the table unchanged after the second.
    fn stamped_since(&self, second: i64) -> bool {
        self.rows.newest.is_some_and(|newest| newest >= second)
    }
}

impl ChangeMarker {
    /// Counts one row fewer, one that was changed at `updated_at` (it changed again:
    /// its newest change is later).
    fn remove(&mut self, updated_at: Option<i64>) {
        self.rows -= 1;
        self.changes -= updated_at.unwrap_or(0);
    }

    /// Counts one more row, changed at `updated_at`, as the table's query counts it.
    fn add(&mut self, updated_at: Option<i64>) {
        self.rows += 1;
        self.newest = self.newest.max(updated_at);
        self.changes += updated_at.unwrap_or(0);
    }
}

/// The catalogue service: cheap to clone, shared by handlers.
#[derive(Clone)]
pub struct Catalog {
    db: DatabaseConnection,
    /// How long a snapshot serves before the table is checked ([`SNAPSHOT_TTL`]).
    ttl: Duration,
    cache: Arc<Mutex<Option<Cached>>>,
    /// Held while the marker is checked (and the table reread if it moved), so only
    /// one check runs.
    reading: Arc<Mutex<()>>,
    /// Where the snapshot is kept on disk, if anywhere (see [`SnapshotFile`]).
    file: Arc<std::sync::OnceLock<SnapshotFile>>,
    /// Whether a snapshot was ever read: only the first read may load the kept one
    /// (after an invalidation the table is read, whatever its change marker says).
    ever_read: Arc<std::sync::atomic::AtomicBool>,
    /// Whether a snapshot has been read whole since the start (see [`Catalog::is_loaded`]).
    loaded: Arc<std::sync::atomic::AtomicBool>,
    /// Whether [`Catalog::load_in_background`] has started the first read.
    loading: Arc<std::sync::atomic::AtomicBool>,
    /// Wakes the background check (see [`Catalog::check_in_background`]), started once.
    wake: Arc<tokio::sync::Notify>,
    checker: Arc<std::sync::OnceLock<()>>,
    /// How the snapshots were made (see [`SnapshotReads`]).
    reads: Arc<ReadCounters>,
}

/// How a catalogue's snapshots were made since its start: whole reads of the table,
/// and patches with the changed rows they read, and the checks of the table's marker
/// done (each finding it unchanged, or followed by a patch or a whole read).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotReads {
    pub whole: u64,
    pub patches: u64,
    pub rows_patched: u64,
    pub checks: u64,
}

#[derive(Debug, Default)]
struct ReadCounters {
    whole: std::sync::atomic::AtomicU64,
    patches: std::sync::atomic::AtomicU64,
    rows_patched: std::sync::atomic::AtomicU64,
    checks: std::sync::atomic::AtomicU64,
}

/// Positions of each of an artist's genre lists its related artists are chosen from,
/// at most (see [`Snapshot::related`]).
pub const RELATED_WALK: usize = 2_000;

/// Changed artists a snapshot is patched with before the table is read whole again:
/// each query ranks the changed artists' old names on their own, so a patch stays small.
pub const MOST_PATCHED: usize = 2_000;
/// How long before its commit a write may have stamped its rows: the window of change
/// times a patch widens to when the narrow one misses a change (a long import batch
/// commits rows stamped at its start).
const LATE_COMMITS: i64 = 10 * 60;

/// How long after a second is over the check that settles it runs (see
/// [`Catalog::settle`]): clocks of the instance and the writers differ a little.
const SETTLE_MARGIN: Duration = Duration::from_millis(50);

impl Catalog {
    pub fn new(db: DatabaseConnection) -> Self {
        Catalog {
            db,
            ttl: SNAPSHOT_TTL,
            cache: Arc::new(Mutex::new(None)),
            reading: Arc::new(Mutex::new(())),
            file: Arc::new(std::sync::OnceLock::new()),
            ever_read: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            loaded: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            loading: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            wake: Arc::new(tokio::sync::Notify::new()),
            checker: Arc::new(std::sync::OnceLock::new()),
            reads: Arc::default(),
        }
    }

    /// How the snapshots were made since the start.
    pub fn reads(&self) -> SnapshotReads {
        use std::sync::atomic::Ordering::Relaxed;
        SnapshotReads {
            whole: self.reads.whole.load(Relaxed),
            patches: self.reads.patches.load(Relaxed),
            rows_patched: self.reads.rows_patched.load(Relaxed),
            checks: self.reads.checks.load(Relaxed),
        }
    }

    /// Whether the catalogue can answer without reading its table first: a snapshot has
    /// been read since the start (from the table or the kept file). Until then the first
    /// request would wait for the whole read (seconds on a large catalogue), so the
    /// instance is not ready.
    pub fn is_loaded(&self) -> bool {
        self.loaded.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Starts the first read of the snapshot on a task of its own, once (again after a
    /// failed one); [`Catalog::is_loaded`] says when it is done.
    pub fn load_in_background(&self) {
        use std::sync::atomic::Ordering;
        if self.is_loaded() || self.loading.swap(true, Ordering::AcqRel) {
            return;
        }
        let catalog = self.clone();
        tokio::spawn(async move {
            if let Err(err) = catalog.snapshot(false).await {
                tracing::warn!(%err, "could not read the catalogue; the next readiness check tries again");
                catalog.loading.store(false, Ordering::Release);
            }
        });
    }

    /// Keeps the snapshot in `file` (for every clone of this catalogue; the first call
    /// sets it): the first read after a start loads it when it is still the table's,
    /// and every read of the table writes it again.
    pub fn keep_snapshot_in(&self, file: SnapshotFile) {
        let _ = self.file.set(file);
    }

    /// The same catalogue with another freshness (tests watch a refresh happen).
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// The database, for reads the snapshot does not hold (an artist's page details).
    pub(crate) fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    /// Forgets the snapshot, so the next read rereads the table whole and waits for it.
    pub async fn invalidate(&self) {
        *self.cache.lock().await = None;
    }

    /// The current snapshot. Without one (at start, or after [`Catalog::invalidate`])
    /// the table is read and the caller waits; a snapshot past [`SNAPSHOT_TTL`] is
    /// answered at once while the table is checked, and reread if it changed, in the
    /// background. `refresh` checks the table first (see [`MIN_REFRESH_INTERVAL`]) and
    /// waits for a reread only if it changed: an unchanged table is never reread.
    pub async fn snapshot(&self, refresh: bool) -> Result<Arc<Snapshot>, DbErr> {
        if refresh {
            self.check_now().await?;
        }
        // Holding the lock while reading makes concurrent requests share one read.
        let mut cache = self.cache.lock().await;
        if let Some(cached) = cache.as_ref() {
            if cached.checked_at.elapsed() >= self.ttl {
                self.check_in_background();
            }
            return Ok(cached.snapshot.clone());
        }
        let started = Instant::now();
        let asked = crate::write::now_unix();
        let marker = TableMarker::read(&self.db).await?;
        let first = !self
            .ever_read
            .swap(true, std::sync::atomic::Ordering::SeqCst);
        let snapshot = self.read_snapshot(marker, first).await?;
        *cache = Some(Cached {
            checked_at: started,
            asked,
            marker,
            snapshot: snapshot.clone(),
        });
        self.settle(asked, marker);
        self.loaded
            .store(true, std::sync::atomic::Ordering::Release);
        Ok(snapshot)
    }

    /// A client's refresh: the marker checked now, and the table reread if it moved,
    /// unless the last check began within [`MIN_REFRESH_INTERVAL`] or after this
    /// refresh was asked for (it waited for that one). Without a snapshot there is
    /// nothing to check: the caller reads the table.
    async fn check_now(&self) -> Result<(), DbErr> {
        let asked = Instant::now();
        let _reading = self.reading.lock().await;
        let checked_at = self.cache.lock().await.as_ref().map(|c| c.checked_at);
        match checked_at {
            Some(at) if at < asked && at.elapsed() >= MIN_REFRESH_INTERVAL => {
                self.reread_if_changed().await
            }
            _ => Ok(()),
        }
    }

    /// Checks the table's change marker now on a background task, and brings the
    /// snapshot up to date if it moved (see [`Catalog::reread_if_changed`]); the current
    /// snapshot serves meanwhile. Checks run one at a time, and one asked for while
    /// another runs follows it, so no change announced meanwhile waits for the next.
    /// Another instance's change announcement calls this.
    pub fn check_in_background(&self) {
        self.checker.get_or_init(|| {
            let catalog = self.clone();
            tokio::spawn(async move {
                loop {
                    catalog.wake.notified().await;
                    if let Err(err) = catalog.check().await {
                        tracing::warn!(%err, "could not refresh the catalogue snapshot; the old one serves");
                    }
                }
            });
        });
        self.wake.notify_one();
    }

    /// Checks the table now and brings the snapshot up to date if it changed (see
    /// [`Catalog::check_in_background`], which does this on a task of its own).
    /// Without a snapshot there is nothing to check: the next read reads the table.
    pub async fn check(&self) -> Result<(), DbErr> {
        let _reading = self.reading.lock().await;
        if self.cache.lock().await.is_none() {
            return Ok(());
        }
        self.reread_if_changed().await
    }

    /// Reads the marker and, if a write moved it, patches the snapshot with the rows
    /// changed since the last check, or rereads the table whole when that fails (too
    /// many changed rows, or a change the rows do not account for). The caller holds
    /// `reading`.
    async fn reread_if_changed(&self) -> Result<(), DbErr> {
        use std::sync::atomic::Ordering::Relaxed;
        let started = Instant::now();
        let asked = crate::write::now_unix();
        let marker = TableMarker::read(&self.db).await?;
        let current = {
            let mut cache = self.cache.lock().await;
            match cache.as_mut() {
                // No write since the snapshot's marker was read, which was before its
                // rows: the snapshot is the table, up to this second.
                Some(cached) if cached.marker.writes == marker.writes => {
                    cached.checked_at = started;
                    cached.asked = asked;
                    self.reads.checks.fetch_add(1, Relaxed);
                    return Ok(());
                }
                cached => cached.as_ref().map(|c| (c.snapshot.clone(), c.asked)),
            }
        };
        let patched = match current {
            Some((current, since)) => self.patch(current, since, marker.rows).await?,
            None => None,
        };
        let snapshot = match patched {
            Some(patched) => patched,
            None => self.read_snapshot(marker, false).await?,
        };
        self.reads.checks.fetch_add(1, Relaxed);
        let mut cache = self.cache.lock().await;
        // Only in place of the snapshot this check began from: after an invalidation
        // meanwhile (the cache emptied, or filled by a caller's later read) the table
        // may hold what this read missed.
        if cache
            .as_ref()
            .is_some_and(|cached| cached.checked_at < started)
        {
            // The marker read before the rows: a write committed since is found by the
            // next check, whether these rows hold it or not.
            *cache = Some(Cached {
                checked_at: started,
                asked,
                marker,
                snapshot,
            });
            self.settle(asked, marker);
        }
        Ok(())
    }

    /// When rows were stamped in the second a snapshot's marker was read in (`asked`),
    /// the next check would read them again (a write stamped in that second may have
    /// come after): a check as soon as the second is over, finding no write since,
    /// spares that. Right after an import, the import's last second of rows is more
    /// than a patch takes, and the first change would have the table read whole.
    fn settle(&self, asked: i64, marker: TableMarker) {
        if !marker.stamped_since(asked) {
            return;
        }
        let catalog = self.clone();
        let second_over = std::time::UNIX_EPOCH + Duration::from_secs(asked as u64 + 1);
        let wait = second_over
            .duration_since(std::time::SystemTime::now())
            .unwrap_or_default();
        tokio::spawn(async move {
            tokio::time::sleep(wait + SETTLE_MARGIN).await;
            catalog.check_in_background();
        });
    }

    /// `current` patched with the rows changed at or after unix second `since`
    /// (`current` itself when the table's rows add up to `current`'s marker and no row
    /// changed); none when more rows changed than a patch takes, or when the rows do
    /// not account for the table's marker (a write stamped before `since` committed
    /// after it: the window widens once by [`LATE_COMMITS`]).
    async fn patch(
        &self,
        current: Arc<Snapshot>,
        since: i64,
        marker: ChangeMarker,
    ) -> Result<Option<Arc<Snapshot>>, DbErr> {
        let only_new = marker == current.marker;
        use std::sync::atomic::Ordering::Relaxed;
        let most = MOST_PATCHED.saturating_sub(current.search.patched());
        for since in [since, since - LATE_COMMITS] {
            let started = Instant::now();
            let Some(rows) = Snapshot::changed_rows(&self.db, since, most).await? else {
                return Ok(None);
            };
            let count = rows.len();
            let read = started.elapsed();
            let base = current.clone();
            let patched = tokio::task::spawn_blocking(move || base.patched(rows, only_new))
                .await
                .map_err(|err| DbErr::Custom(format!("patching the catalogue snapshot: {err}")))?;
            let patched = match patched {
                Patched::Snapshot(patched) => *patched,
                Patched::Unchanged => return Ok(Some(current)),
                Patched::NoRoom => return Ok(None),
            };
            let built = started.elapsed() - read;
            // The rows, read after the marker, may hold later changes: the patched
            // snapshot must add up to the table's marker as it reads now.
            let now = TableMarker::read(&self.db).await?;
            if patched.marker == now.rows {
                self.reads.patches.fetch_add(1, Relaxed);
                self.reads.rows_patched.fetch_add(count as u64, Relaxed);
                tracing::debug!(
                    rows = count,
                    patched = patched.search.patched(),
                    read_ms = read.as_millis() as u64,
                    built_ms = built.as_millis() as u64,
                    ms = started.elapsed().as_millis() as u64,
                    "patched the catalogue snapshot"
                );
                return Ok(Some(Arc::new(patched)));
            }
        }
        Ok(None)
    }

    /// The snapshot of the table at `marker` (read before the rows): on the `first`
    /// read, the kept one if it is still the table's; else read from the table, then
    /// kept (in the background) under that marker (any later write moves the table's).
    async fn read_snapshot(
        &self,
        marker: TableMarker,
        first: bool,
    ) -> Result<Arc<Snapshot>, DbErr> {
        let file = self.file.get().cloned();
        if let (true, Some(file)) = (first, file.clone()) {
            let started = Instant::now();
            let loaded = tokio::task::spawn_blocking(move || {
                let kept = file.load::<TableMarker, Kept>(marker)?;
                let snapshot = Snapshot::from_kept(kept);
                release_free_memory();
                snapshot.or_else(|| file.passed_over("inconsistent"))
            })
            .await;
            if let Ok(Some(snapshot)) = loaded {
                tracing::info!(
                    artists = snapshot.len(),
                    loaded_ms = started.elapsed().as_millis() as u64,
                    "loaded the kept catalogue snapshot"
                );
                return Ok(Arc::new(snapshot));
            }
        }
        let snapshot = Arc::new(Snapshot::read(&self.db).await?);
        self.reads
            .whole
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if let Some(file) = file {
            let kept = snapshot.clone();
            tokio::task::spawn_blocking(move || {
                let started = Instant::now();
                match file.keep(marker, &kept.kept()) {
                    Ok(()) => tracing::info!(
                        path = %file.path().display(),
                        written_ms = started.elapsed().as_millis() as u64,
                        "kept the catalogue snapshot"
                    ),
                    Err(err) => tracing::warn!(
                        path = %file.path().display(),
                        %err,
                        "could not keep the catalogue snapshot"
                    ),
                }
            });
        }
        Ok(snapshot)
    }

    /// The artists with these ids, in the order given (ids the table no longer has are
    /// left out), read from the table.
    pub async fn artists(&self, ids: &[i32]) -> Result<Vec<Artist>, DbErr> {
        let mut found: HashMap<i32, Artist> = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(IDS_PER_QUERY) {
            let rows = artist::Entity::find()
                .filter(artist::Column::Id.is_in(chunk.iter().copied()))
                .all(&self.db)
                .await?;
            found.extend(rows.into_iter().map(|row| (row.id, artist_from_row(row))));
        }
        Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
    }

    /// One artist, read from the table.
    pub async fn artist(&self, id: i32) -> Result<Option<Artist>, DbErr> {
        Ok(artist_row(&self.db, id).await?.map(artist_from_row))
    }

    /// The cards of the artists at these positions of `snapshot`, in that order: titles
    /// and genres from the snapshot, pictures from the table.
    pub async fn cards(
        &self,
        snapshot: &Snapshot,
        positions: &[u32],
    ) -> Result<Vec<ArtistSummary>, DbErr> {
        let ids: Vec<i32> = positions.iter().map(|&p| snapshot.at(p).id).collect();
        let mut pictures: HashMap<i32, CardPicture> = HashMap::with_capacity(ids.len());
        static PICTURES: BuiltSql = BuiltSql::new();
        for chunk in ids.chunks(IDS_PER_QUERY) {
            let values = chunk.iter().map(|&id| id.into()).collect();
            let statement = PICTURES.statement(&self.db, chunk.len(), values, || {
                artist::Entity::find()
                    .select_only()
                    .columns([
                        artist::Column::Id,
                        artist::Column::ImageUrl,
                        artist::Column::ImageAuthor,
                        artist::Column::ImageLicense,
                    ])
                    .filter(artist::Column::Id.is_in(chunk.iter().copied()))
            });
            let rows: Vec<CardPicture> =
                SelectorRaw::<SelectModel<CardPicture>>::from_statement(statement)
                    .all(&self.db)
                    .await?;
            pictures.extend(rows.into_iter().map(|row| (row.id, row)));
        }
        Ok(positions
            .iter()
            .filter_map(|&p| {
                let picture = pictures.remove(&snapshot.at(p).id)?;
                Some(snapshot.card(p, picture))
            })
            .collect())
    }
}

/// An artist's row, as the artist read and its details read it.
pub(crate) async fn artist_row<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<Option<artist::Model>, DbErr> {
    static BY_ID: BuiltSql = BuiltSql::new();
    let statement = BY_ID.statement(db, 0, vec![id.into(), 1u64.into()], || {
        artist::Entity::find_by_id(id).limit(1)
    });
    artist::Entity::find().from_raw_sql(statement).one(db).await
}

/// What a card reads from the table: its picture and the picture's credit (the import
/// that changes a picture clears the credit of the one before).
#[derive(Debug, FromQueryResult)]
struct CardPicture {
    id: i32,
    image_url: Option<String>,
    image_author: Option<String>,
    image_license: Option<String>,
}

/// A biography's length in characters, trimmed of spaces, tabs and line breaks, as the
/// database counts it (a biography of those alone is none: a thin page).
fn bio_chars_sql(db: &DatabaseConnection) -> &'static str {
    match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => {
            "CAST(LENGTH(BTRIM(bio, ' ' || CHR(9) || CHR(10) || CHR(13))) AS BIGINT)"
        }
        _ => "CAST(LENGTH(TRIM(bio, ' ' || CHAR(9) || CHAR(10) || CHAR(13))) AS BIGINT)",
    }
}

/// Hands the memory freed while reading a snapshot (the driver's row buffers, the
/// previous snapshot's transient copies) back to the system. glibc keeps freed memory
/// in each thread's arena for reuse; after reading 100,000 rows on the async threads
/// that was ~30 MB of resident memory nothing would reuse soon.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod change_marker {
    use std::time::{Duration, Instant};

    use sea_orm::{ConnectionTrait, FromQueryResult, Statement};
    use sound_atlas_test_db::{db_tests, TestDb};

    use super::{ChangeMarker, TableMarker};
    use crate::write::{self, ArtistUpsert, Source};

    /// The marker as a scan of the whole table computes it.
    async fn scanned(db: &TestDb) -> ChangeMarker {
        let sql = "SELECT COUNT(*) AS \"rows\", MAX(updated_at) AS newest, \
            CAST(COALESCE(SUM(updated_at), 0) AS BIGINT) AS changes FROM artists";
        let query = Statement::from_string(db.conn.get_database_backend(), sql);
        let marker = ChangeMarker::find_by_statement(query).one(&db.conn).await;
        marker.unwrap().unwrap()
    }

    async fn run(db: &TestDb, sql: &str) {
        db.conn.execute_unprepared(sql).await.unwrap();
    }

    /// `count` artists more, by one statement, changed at `at` (none: unknown).
    async fn insert(db: &TestDb, from: i64, count: i64, at: Option<i64>) {
        let at = at.map_or("NULL".to_owned(), |at| at.to_string());
        run(
            db,
            &format!(
                "INSERT INTO artists (external_id, title, kind, genres, updated_at) \
             WITH RECURSIVE n(i) AS (SELECT {from} UNION ALL SELECT i + 1 FROM n WHERE i < {}) \
             SELECT 'x' || i, 'Artist ' || i, 'band', '[]', {at} FROM n",
                from + count - 1
            ),
        )
        .await;
    }

    /// Checks the kept marker against a scan of the table after `step`, and that its
    /// writes moved if the step `wrote` (none: either may be right).
    async fn follows(db: &TestDb, step: &str, wrote: Option<bool>, writes: &mut i64) {
        let marker = TableMarker::read(&db.conn).await.unwrap();
        assert_eq!(marker.rows, scanned(db).await, "after {step}");
        if let Some(wrote) = wrote {
            assert_eq!(marker.writes > *writes, wrote, "writes after {step}");
        }
        assert!(marker.writes >= *writes, "writes after {step}");
        *writes = marker.writes;
    }

    /// The marker the database keeps equals the one a scan of the table computes after
    /// every kind of write, and its count of writes moves with each: the writer's
    /// inserts and updates (an upsert), statements of many rows, unknown change times
    /// and removals. A statement that writes no row leaves it as it was.
    async fn the_change_marker_follows_every_write(db: &TestDb) {
        let mut writes = 0;
        follows(db, "the migration", Some(false), &mut writes).await;
        let artist = |id: &str, title: &str| ArtistUpsert {
            external_id: id.into(),
            title: Some(Source::Sheet.of(title.into())),
            ..Default::default()
        };
        let new = vec![artist("queen", "Queen"), artist("abba", "ABBA")];
        write::upsert(&db.conn, new).await.unwrap();
        follows(db, "new artists written", Some(true), &mut writes).await;
        let upsert = vec![artist("queen", "Queen II"), artist("muse", "Muse")];
        write::upsert(&db.conn, upsert).await.unwrap();
        follows(
            db,
            "an upsert of a present and a new artist",
            Some(true),
            &mut writes,
        )
        .await;
        insert(db, 1, 500, Some(1_700_000_000)).await;
        follows(db, "many rows in one statement", Some(true), &mut writes).await;
        insert(db, 501, 20, None).await;
        follows(db, "rows without a change time", Some(true), &mut writes).await;
        run(
            db,
            "UPDATE artists SET updated_at = updated_at + 7 WHERE id % 3 = 0",
        )
        .await;
        follows(db, "changes of change times", Some(true), &mut writes).await;
        run(
            db,
            "UPDATE artists SET updated_at = 1800000000 WHERE updated_at IS NULL",
        )
        .await;
        run(db, "UPDATE artists SET updated_at = NULL WHERE id % 11 = 0").await;
        follows(
            db,
            "change times known and unknown",
            Some(true),
            &mut writes,
        )
        .await;
        run(
            db,
            "UPDATE artists SET updated_at = updated_at WHERE id % 13 = 0",
        )
        .await;
        follows(
            db,
            "rows stamped again with their time",
            Some(true),
            &mut writes,
        )
        .await;
        // SQLite counts an update that sets a change time, PostgreSQL any update.
        run(
            db,
            "UPDATE artists SET title = title || ' (live)' WHERE id % 5 = 0",
        )
        .await;
        follows(
            db,
            "an update leaving change times alone",
            None,
            &mut writes,
        )
        .await;
        run(db, "UPDATE artists SET updated_at = 1 WHERE id < 0").await;
        run(db, "DELETE FROM artists WHERE id < 0").await;
        follows(db, "statements that write no row", Some(false), &mut writes).await;
        run(db, "DELETE FROM artists WHERE id % 4 = 0").await;
        follows(db, "removals", Some(true), &mut writes).await;
        run(db, "DELETE FROM artists").await;
        follows(db, "every artist removed", Some(true), &mut writes).await;
    }

    /// Reading the marker costs the same at 10,000 and 100,000 artists (scanning the
    /// index of change times, it cost about ten times as much).
    async fn the_change_marker_costs_the_same_at_any_size(db: &TestDb) {
        let fastest_read = || async {
            let mut fastest = Duration::MAX;
            for _ in 0..30 {
                let started = Instant::now();
                TableMarker::read(&db.conn).await.unwrap();
                fastest = fastest.min(started.elapsed());
            }
            fastest
        };
        insert(db, 1, 10_000, Some(1_700_000_000)).await;
        run(db, "ANALYZE").await;
        let small = fastest_read().await;
        insert(db, 10_001, 90_000, Some(1_700_000_001)).await;
        run(db, "ANALYZE").await;
        let large = fastest_read().await;
        assert!(
            large < small * 3,
            "10,000 artists: {small:?}; 100,000: {large:?}"
        );
    }

    db_tests!(
        the_change_marker_follows_every_write,
        the_change_marker_costs_the_same_at_any_size
    );
}

#[cfg(test)]
mod patch_cost {
    use super::*;

    fn row(id: i32, title: String, genre: &str, country: &str, year: i32) -> EntryRow {
        EntryRow {
            id,
            external_id: format!("x{id}"),
            title,
            genres: format!("[\"{genre}\"]"),
            bio_chars: Some(100),
            solo_video_link: None,
            updated_at: Some(1_700_000_000 + id as i64),
            year: Some(year),
            country: Some(country.into()),
            aliases: None,
        }
    }

    fn synthetic(n: i32) -> Snapshot {
        let genres = ["Rock", "Pop", "Jazz", "Folk", "Metal"];
        let countries = ["United States", "United Kingdom", "France", "Japan"];
        let mut names = EntryNames::default();
        let entries = (1..=n)
            .map(|i| {
                let title = format!(
                    "Band {} {i}",
                    ["Alpha", "Bravo", "Kilo", "Zulu"][i as usize % 4]
                );
                let r = row(
                    i,
                    title,
                    genres[i as usize % 5],
                    countries[i as usize % 4],
                    1950 + i % 70,
                );
                names.entry_of(r).0
            })
            .collect();
        Snapshot::new(entries, names, HashMap::new())
    }

    /// A one-row patch at 10,000 and at 100,000 artists: the fastest of 20 at each
    /// size (load slows some, not all), which a walk over the artists would make ten
    /// times slower at ten times the artists. With `--nocapture` it prints both sizes'
    /// times beside a whole build's.
    #[test]
    fn a_patch_costs_its_rows_not_the_catalogue() {
        let fastest_patch = |n: i32| {
            let started = Instant::now();
            let snapshot = synthetic(n);
            let whole = started.elapsed();
            let patch = (0..20)
                .map(|k| {
                    let changed = row(n + 1 + k, format!("Kilo Change {k}"), "Rock", "Japan", 1999);
                    let started = Instant::now();
                    let patched = snapshot.patched(vec![changed], false);
                    let took = started.elapsed();
                    assert!(matches!(patched, Patched::Snapshot(_)));
                    took
                })
                .min()
                .unwrap();
            eprintln!("{n} artists: a whole build {whole:?}, a one-row patch {patch:?}");
            patch
        };
        let (small, large) = (fastest_patch(10_000), fastest_patch(100_000));
        assert!(
            large < small * 3,
            "a patch took {small:?} at 10,000 artists, {large:?} at 100,000"
        );
    }

    /// An artist's related artists cost the same at 10,000 and 100,000 artists: with
    /// two genres no other artist shares both, the walk over each list is bounded (a
    /// walk over every artist of its genres cost ten times as much).
    #[test]
    fn related_artists_cost_the_same_at_any_size() {
        let fastest_related = |n: i32| {
            let mut both = row(n + 1, "Kilo Both".into(), "Rock", "Japan", 1999);
            both.genres = r#"["Rock","Jazz"]"#.into();
            let Patched::Snapshot(snapshot) = synthetic(n).patched(vec![both], false) else {
                panic!("patched");
            };
            let position = snapshot.position(n + 1).unwrap();
            (0..20)
                .map(|_| {
                    let started = Instant::now();
                    let related = snapshot.related(position, 6);
                    let took = started.elapsed();
                    assert_eq!(related.len(), 6);
                    took
                })
                .min()
                .unwrap()
        };
        let (small, large) = (fastest_related(10_000), fastest_related(100_000));
        assert!(
            large < small * 3,
            "related artists took {small:?} at 10,000 artists, {large:?} at 100,000"
        );
    }

    /// Artists patched in one after another between the same two neighbours halve the
    /// free positions there each time; when none is left, the artists around are spaced
    /// out (no whole read), and every list, the sitemaps and the search follow them.
    #[test]
    fn artists_patched_in_between_the_same_neighbours_find_room() {
        let mut snapshot = synthetic(40);
        let mut title = "Band C".to_owned();
        for id in 100..200 {
            let row = row(id, title.clone(), "Rock", "Japan", 1999);
            snapshot = match snapshot.patched(vec![row], false) {
                Patched::Snapshot(next) => *next,
                _ => panic!("no room for artist {id}"),
            };
            title.push('a');
        }
        let moved = snapshot
            .search
            .patch
            .as_ref()
            .map_or(0, |p| p.moved.to.len());
        assert!(moved > 0, "no base artist was spaced out");
        let titles: Vec<String> = snapshot.entries().map(|e| e.title.to_lowercase()).collect();
        assert!(titles.is_sorted(), "{titles:?}");
        let positions: Vec<u32> = snapshot.entries.iter().map(|&(at, _)| at).collect();
        assert!(positions.is_sorted() && positions.windows(2).all(|w| w[0] < w[1]));
        for entry in snapshot.entries() {
            let at = snapshot.position(entry.id).unwrap();
            assert_eq!(snapshot.at(at), entry);
            let letter = snapshot.under_letter(entry.letter);
            assert!(
                letter.index_of(at).is_some(),
                "{} not under its letter",
                entry.title
            );
            assert!(
                snapshot.with_genre("Rock").index_of(at).is_some()
                    || !snapshot.genres_of(entry).any(|g| g == "Rock")
            );
        }
        assert_eq!(snapshot.sitemap_range(0, usize::MAX).count(), 140);
        let listed: Vec<u32> = snapshot.listed.iter().map(|&(at, _)| at).collect();
        assert_eq!(listed, positions, "the sitemaps' list follows the moves");
        // Every base artist is found at its position now, and every new one.
        for entry in snapshot.entries() {
            let best = &snapshot.ranked(&entry.title, 3).best;
            let found = best
                .iter()
                .map(|&at| snapshot.at(at).id)
                .collect::<Vec<_>>();
            assert_eq!(found.first(), Some(&entry.id), "{}: {found:?}", entry.title);
        }
    }
}
