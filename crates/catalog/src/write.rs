//! The one writer of artists: every importer, the seed and the enrichment describe an
//! artist as an [`ArtistUpsert`], each field with its [`Source`], and [`write`] sets
//! the columns and lists and records where each value came from
//! (`artist_field_sources`, by [`Field`]). Callers pass their transaction, so an
//! import commits whole or changes nothing.

use std::collections::HashMap;

use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait,
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, ModelTrait, QueryFilter, QuerySelect, TryIntoModel,
    Value,
};
use sound_atlas_contract::catalog::{ArtistKind, Fact};
use sound_atlas_entity::{artist, artist_field_source};

use crate::artist_lists::{self, Album, CreditedImage, MemberSpell};
use crate::genres::GenreRef;

mod genre_rows;

/// Where a value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// The catalogue shipped in `assets/seed/`, written by the catalogue's editors.
    Seed,
    /// An editor's spreadsheet or CSV.
    Sheet,
    Wikidata,
    Musicbrainz,
    Commons,
    Wikipedia,
}

impl Source {
    /// The open data services, in the order the artist page lists them.
    pub const SERVICES: [Source; 4] = [
        Source::Wikidata,
        Source::Musicbrainz,
        Source::Commons,
        Source::Wikipedia,
    ];

    pub const ALL: [Source; 6] = [
        Source::Seed,
        Source::Sheet,
        Source::Wikidata,
        Source::Musicbrainz,
        Source::Commons,
        Source::Wikipedia,
    ];

    /// As `artist_field_sources` records it.
    pub const fn name(self) -> &'static str {
        match self {
            Source::Seed => "seed",
            Source::Sheet => "sheet",
            Source::Wikidata => "wikidata",
            Source::Musicbrainz => "musicbrainz",
            Source::Commons => "commons",
            Source::Wikipedia => "wikipedia",
        }
    }

    /// As the artist page names it.
    pub const fn title(self) -> &'static str {
        match self {
            Source::Seed | Source::Sheet => "Sound Atlas editors",
            Source::Wikidata => "Wikidata",
            Source::Musicbrainz => "MusicBrainz",
            Source::Commons => "Wikimedia Commons",
            Source::Wikipedia => "Wikipedia",
        }
    }

    pub fn of_name(name: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.name() == name)
    }

    /// An open data service, whose values give way to another service's; the seed's and
    /// an editor's are the catalogue's own, which no service overwrites unless forced.
    pub const fn is_service(self) -> bool {
        !matches!(self, Source::Seed | Source::Sheet)
    }

    /// `value`, from this source.
    pub fn of<T>(self, value: T) -> Sourced<T> {
        Sourced {
            value,
            source: self,
        }
    }
}

/// A value and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

impl<T> Sourced<T> {
    pub fn new(value: T, source: Source) -> Self {
        Sourced { value, source }
    }
}

/// An artist's field as its provenance is recorded (`artist_field_sources.field`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Title,
    Kind,
    BeganOn,
    Year,
    Origin,
    Country,
    Genres,
    RealName,
    Members,
    Albums,
    SpotifyLink,
    AppleLink,
    AmazonLink,
    TidalLink,
    SoloVideoLink,
    Image,
    Bio,
    BioSourceLink,
    FunFact,
    WikidataId,
    MusicbrainzId,
    EndedOn,
    Aliases,
    Description,
}

impl Field {
    /// Every field, in the order the artist page's sources name them.
    pub const ALL: [Field; 24] = [
        Field::Title,
        Field::Kind,
        Field::BeganOn,
        Field::Year,
        Field::Origin,
        Field::Country,
        Field::Genres,
        Field::RealName,
        Field::Members,
        Field::Albums,
        Field::SpotifyLink,
        Field::AppleLink,
        Field::AmazonLink,
        Field::TidalLink,
        Field::SoloVideoLink,
        Field::Image,
        Field::Bio,
        Field::BioSourceLink,
        Field::FunFact,
        Field::WikidataId,
        Field::MusicbrainzId,
        Field::EndedOn,
        Field::Aliases,
        Field::Description,
    ];

    /// As `artist_field_sources` records it: the column's name, or the list's.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Title => "title",
            Field::Kind => "kind",
            Field::BeganOn => "began_on",
            Field::Year => "year",
            Field::Origin => "origin",
            Field::Country => "country",
            Field::Genres => "genres",
            Field::RealName => "real_name",
            Field::Members => "members",
            Field::Albums => "albums",
            Field::SpotifyLink => "spotify_link",
            Field::AppleLink => "apple_link",
            Field::AmazonLink => "amazon_link",
            Field::TidalLink => "tidal_link",
            Field::SoloVideoLink => "solo_video_link",
            Field::Image => "image",
            Field::Bio => "bio",
            Field::BioSourceLink => "bio_source_link",
            Field::FunFact => "fun_fact",
            Field::WikidataId => "wikidata_id",
            Field::MusicbrainzId => "musicbrainz_id",
            Field::EndedOn => "ended_on",
            Field::Aliases => "aliases",
            Field::Description => "description",
        }
    }

    pub fn of_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The fact the artist page shows from it; none for a field it does not show as a
    /// fact (the aliases, the identifiers and the biography's link, which the Sources
    /// themselves link).
    pub const fn fact(self) -> Option<Fact> {
        Some(match self {
            Field::Title | Field::Kind => Fact::Name,
            Field::BeganOn | Field::Year => Fact::Began,
            Field::EndedOn => Fact::Ended,
            Field::Origin => Fact::Origin,
            Field::Country => Fact::Country,
            Field::Genres => Fact::Genres,
            Field::RealName => Fact::RealName,
            Field::Members => Fact::Members,
            Field::Albums => Fact::Albums,
            Field::SpotifyLink
            | Field::AppleLink
            | Field::AmazonLink
            | Field::TidalLink
            | Field::SoloVideoLink => Fact::Links,
            Field::Image => Fact::Photo,
            Field::Bio => Fact::Biography,
            Field::Description => Fact::Description,
            Field::FunFact => Fact::FunFact,
            Field::WikidataId | Field::MusicbrainzId | Field::BioSourceLink | Field::Aliases => {
                return None
            }
        })
    }

    /// The service whose value another service does not replace: MusicBrainz's members
    /// name their instruments, which the knowledge base's lack.
    const fn preferred(self) -> Option<Source> {
        match self {
            Field::Members => Some(Source::Musicbrainz),
            _ => None,
        }
    }

    /// Streaming links the seed writes open the service's search: placeholders, which
    /// a link to the artist's own page replaces.
    fn placeholder(self, present: &Value) -> bool {
        matches!(
            self,
            Field::SpotifyLink | Field::AppleLink | Field::AmazonLink | Field::TidalLink
        ) && matches!(present, Value::String(Some(link)) if is_search_link(link))
    }
}

/// Whether a streaming link opens the service's search rather than the artist's page.
pub fn is_search_link(link: &str) -> bool {
    link.split(['?', '#'])
        .next()
        .unwrap_or("")
        .split('/')
        .skip(3)
        .any(|segment| segment == "search")
}

/// An artist's photo: its address, with the credit its licence asks for when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Image {
    Url(String),
    Credited(CreditedImage),
}

/// One artist as its sources describe it, each field with its source: what every
/// importer and the enrichment write, through [`write`]. `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArtistUpsert {
    /// The row it writes; a new row when there is none.
    pub external_id: String,
    pub title: Option<Sourced<String>>,
    /// A new artist without one is stored as a band.
    pub kind: Option<Sourced<ArtistKind>>,
    /// Year formed (band) or born (solo).
    pub year: Option<Sourced<i32>>,
    /// Born or formed, ISO 8601 to its precision ("1946-09-05", "1946-09", "1946"). The
    /// year follows it, unless the year stands alone and differs: then it is kept and
    /// the date not written (the page never contradicts itself).
    pub began_on: Option<Sourced<String>>,
    pub origin: Option<Sourced<String>>,
    /// By its common English name ("United Kingdom").
    pub country: Option<Sourced<String>>,
    pub real_name: Option<Sourced<String>>,
    /// Each genre by its name, with its knowledge-base item where the source knows
    /// it; stored by the catalogue's name for it (`genre_rows`).
    pub genres: Option<Sourced<Vec<GenreRef>>>,
    pub image: Option<Sourced<Image>>,
    pub bio: Option<Sourced<String>>,
    pub bio_source_link: Option<Sourced<String>>,
    pub solo_video_link: Option<Sourced<String>>,
    pub spotify_link: Option<Sourced<String>>,
    pub apple_link: Option<Sourced<String>>,
    pub amazon_link: Option<Sourced<String>>,
    pub tidal_link: Option<Sourced<String>>,
    pub fun_fact: Option<Sourced<String>>,
    /// The artist's item in the open knowledge base ("Q15862").
    pub wikidata_id: Option<Sourced<String>>,
    pub musicbrainz_id: Option<Sourced<String>>,
    /// Studio albums, in release order (an empty list is none).
    pub albums: Option<Sourced<Vec<Album>>>,
    /// A band's members with their spells (an empty list is none).
    pub members: Option<Sourced<Vec<MemberSpell>>>,
    /// Died (solo) or dissolved (band), ISO 8601 to its precision, as `began_on`.
    pub ended_on: Option<Sourced<String>>,
    /// Other names the artist is known by (searched as the title is).
    pub aliases: Option<Sourced<Vec<String>>>,
    /// A short description that tells it apart ("English rock band").
    pub description: Option<Sourced<String>>,
}

impl ArtistUpsert {
    /// The plain columns it gives, as the database stores them: one line per column.
    fn columns(&self) -> Vec<(Field, artist::Column, Value, Source)> {
        use artist::Column as C;
        let text = |v: &Option<Sourced<String>>| {
            v.as_ref().map(|s| (Value::from(s.value.clone()), s.source))
        };
        [
            (Field::Title, C::Title, text(&self.title)),
            (
                Field::Kind,
                C::Kind,
                self.kind
                    .as_ref()
                    .map(|k| (Value::from(k.value.as_str()), k.source)),
            ),
            (
                Field::Year,
                C::Year,
                self.year.as_ref().map(|y| (Value::from(y.value), y.source)),
            ),
            (Field::Origin, C::Origin, text(&self.origin)),
            (Field::Country, C::Country, text(&self.country)),
            (Field::RealName, C::RealName, text(&self.real_name)),
            (
                Field::Genres,
                C::Genres,
                self.genres
                    .as_ref()
                    .map(|g| (Value::from(genre_names_json(&g.value)), g.source)),
            ),
            (Field::Bio, C::Bio, text(&self.bio)),
            (
                Field::BioSourceLink,
                C::BioSourceLink,
                text(&self.bio_source_link),
            ),
            (
                Field::SoloVideoLink,
                C::SoloVideoLink,
                text(&self.solo_video_link),
            ),
            (Field::SpotifyLink, C::SpotifyLink, text(&self.spotify_link)),
            (Field::AppleLink, C::AppleLink, text(&self.apple_link)),
            (Field::AmazonLink, C::AmazonLink, text(&self.amazon_link)),
            (Field::TidalLink, C::TidalLink, text(&self.tidal_link)),
            (Field::FunFact, C::FunFact, text(&self.fun_fact)),
            (Field::WikidataId, C::WikidataId, text(&self.wikidata_id)),
            (
                Field::MusicbrainzId,
                C::MusicbrainzId,
                text(&self.musicbrainz_id),
            ),
            (Field::EndedOn, C::EndedOn, text(&self.ended_on)),
            (
                Field::Aliases,
                C::Aliases,
                self.aliases
                    .as_ref()
                    .map(|a| (Value::from(genres_json(&a.value)), a.source)),
            ),
            (Field::Description, C::Description, text(&self.description)),
        ]
        .into_iter()
        .filter_map(|(field, column, value)| {
            value.map(|(value, source)| (field, column, value, source))
        })
        .collect()
    }
}

/// The `externalId` a title gets, formed as the seed's ids are (`assets/seed/artists`):
/// accents folded, lower case, "&" read as "and", apostrophes, periods and commas
/// dropped ("R.E.M." is `rem`, "Destiny's Child" `destinys-child`, "10,000 Maniacs"
/// `10000-maniacs`, "Hall & Oates" `hall-and-oates`), every other run of non-letters a
/// hyphen. Empty when the title has no letter or digit.
pub fn external_id_for(title: &str) -> String {
    let folded = deunicode::deunicode(title)
        .to_lowercase()
        .replace('&', " and ");
    let mut out = String::new();
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if matches!(c, '\'' | '.' | ',' | '`') {
            // Joins its neighbours: "n'dour" is "ndour", "b.b." is "bb".
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(120).collect()
}

/// A title as importers compare it with present rows: without case, accents or
/// repeated spaces ("Cesária Évora" is "CESARIA  EVORA").
pub fn title_key(title: &str) -> String {
    deunicode::deunicode(title)
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The present artists whose `externalId` is not the one their title forms (the seed's
/// `rem` for "R.E.M." is; its `earth-wind-fire` for "Earth, Wind & Fire" is not), by
/// [`title_key`]: the only rows a title finds that its formed id does not. Every other
/// present row is found by id, in the database, a batch at a time, so an import holds
/// no copy of the catalogue.
#[derive(Debug, Default, Clone)]
pub struct TitleExceptions(std::collections::HashMap<String, String>);

impl TitleExceptions {
    /// Reads every row's id and title once (streamed).
    pub async fn load<C: ConnectionTrait + sea_orm::StreamTrait>(
        db: &C,
    ) -> Result<Self, sea_orm::DbErr> {
        use futures_util::TryStreamExt;
        let mut rows = artist::Entity::find()
            .select_only()
            .column(artist::Column::ExternalId)
            .column(artist::Column::Title)
            .into_tuple::<(String, String)>()
            .stream(db)
            .await?;
        let mut exceptions = std::collections::HashMap::new();
        while let Some((external_id, title)) = rows.try_next().await? {
            if external_id_for(&title) != external_id {
                exceptions.entry(title_key(&title)).or_insert(external_id);
            }
        }
        Ok(TitleExceptions(exceptions))
    }

    /// The present row a title means when its formed id is not present.
    pub fn get(&self, title: &str) -> Option<&str> {
        self.0.get(&title_key(title)).map(String::as_str)
    }
}

/// What an upsert did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct UpsertCounts {
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
}

impl UpsertCounts {
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Inserted => self.inserted += 1,
            Outcome::Updated => self.updated += 1,
            Outcome::Unchanged => self.unchanged += 1,
        }
    }
}

/// What an upsert did to one artist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Inserted,
    Updated,
    Unchanged,
}

/// Rows written per statement: the present rows of a batch are read with one query and
/// the new ones inserted with one (31 values a row stays under SQLite's 32,766 and
/// PostgreSQL's 65,535 bound parameters).
pub const UPSERT_BATCH: usize = 500;

/// When a source's value replaces a present one. An empty field is always written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overwrite {
    /// Every value given is written: an editor's sheet, the seed, a forced enrichment.
    Always,
    /// Over a value a service gave (or a placeholder), never over the seed's or an
    /// editor's: the open data imports and the enrichment.
    ServicesOnly,
    /// Only into an empty field: a source that completes what others gave.
    EmptyOnly,
}

/// What a write did to one artist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub id: i32,
    pub outcome: Outcome,
    /// Fields given but not written: the seed's, an editor's, or another service's.
    pub kept: Vec<Field>,
}

/// Inserts new artists and brings present ones (same `externalId`) up to date, as an
/// editor's sheet does (every field given is written), a batch at a time.
pub async fn upsert<C: ConnectionTrait>(
    db: &C,
    artists: Vec<ArtistUpsert>,
) -> Result<UpsertCounts, sea_orm::DbErr> {
    let mut counts = UpsertCounts::default();
    for batch in artists.chunks(UPSERT_BATCH) {
        for written in write(db, batch.to_vec(), Overwrite::Always, now_unix()).await? {
            counts.add(written.outcome);
        }
    }
    Ok(counts)
}

/// The one writer of artists: writes one batch of distinct `externalId`s (at most
/// [`UPSERT_BATCH`]) as `overwrite` allows, and records where each value written came
/// from and when (`at`, unix seconds: when a service was read, or when the editors
/// wrote it), rewritten only when the value or its source changed, so a rerun that
/// finds the same facts changes nothing. A value kept (the editors' over a service's)
/// keeps its record. A new artist needs a title. Each one's result in order.
pub async fn write<C: ConnectionTrait>(
    db: &C,
    artists: Vec<ArtistUpsert>,
    overwrite: Overwrite,
    at: i64,
) -> Result<Vec<Written>, sea_orm::DbErr> {
    let mut artists = artists;
    genre_rows::resolve(db, &mut artists).await?;
    let mut present: HashMap<String, artist::Model> = artist::Entity::find()
        .filter(artist::Column::ExternalId.is_in(artists.iter().map(|a| a.external_id.as_str())))
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.external_id.clone(), row))
        .collect();
    let mut recorded = recorded_sources(db, present.values().map(|row| row.id)).await?;
    let now = now_unix();
    let mut written = Vec::with_capacity(artists.len());
    let mut provenance = Provenance::default();
    let mut new_rows = Vec::new();
    let mut new_lists = Vec::new();
    for mut input in artists {
        let lists = Lists::take(&mut input);
        let Some(before) = present.remove(&input.external_id) else {
            // A new artist takes every field given.
            let blank = blank_row(&input.external_id);
            let planned = plan(&blank, &input, &HashMap::new(), Overwrite::Always)?;
            let mut row = planned.row.reset_all();
            row.id = NotSet;
            row.updated_at = Set(Some(now));
            new_rows.push(row);
            new_lists.push((written.len(), input.external_id, planned.changes, lists));
            written.push(Written {
                id: 0,
                outcome: Outcome::Inserted,
                kept: planned.kept,
            });
            continue;
        };
        let mine = recorded.remove(&before.id).unwrap_or_default();
        let mut planned = plan(&before, &input, &mine, overwrite)?;
        let lists_changed = lists
            .write(
                db,
                before.id,
                &mine,
                overwrite,
                &mut planned.changes,
                &mut planned.kept,
            )
            .await?;
        let changed = planned.row.clone().try_into_model()? != before;
        if changed || lists_changed {
            planned.row.updated_at = Set(Some(now));
            planned.row.update(db).await?;
        }
        provenance.add(before.id, &mine, planned.changes);
        written.push(Written {
            id: before.id,
            outcome: if changed || lists_changed {
                Outcome::Updated
            } else {
                Outcome::Unchanged
            },
            kept: planned.kept,
        });
    }
    if !new_rows.is_empty() {
        artist::Entity::insert_many(new_rows).exec(db).await?;
        let ids = ids_of(db, new_lists.iter().map(|(_, id, ..)| id.as_str())).await?;
        for (at, external_id, mut changes, lists) in new_lists {
            let id = *ids.get(&external_id).ok_or_else(|| {
                sea_orm::DbErr::RecordNotFound(format!("the new artist {external_id}"))
            })?;
            let kept = &mut written[at].kept;
            lists
                .write(db, id, &HashMap::new(), overwrite, &mut changes, kept)
                .await?;
            provenance.add(id, &HashMap::new(), changes);
            written[at].id = id;
        }
    }
    provenance.save(db, at).await?;
    Ok(written)
}

/// Records who gave the fields of present artists that hold exactly the value given
/// but have no record: what the editors wrote before their writes were recorded (the
/// seed loaded then), dated `at` as the source states it. Changes no value; returns how
/// many records it made.
pub async fn record_unrecorded<C: ConnectionTrait>(
    db: &C,
    artists: &[ArtistUpsert],
    at: i64,
) -> Result<usize, sea_orm::DbErr> {
    let mut provenance = Provenance::default();
    for batch in artists.chunks(UPSERT_BATCH) {
        let rows = artist::Entity::find()
            .filter(artist::Column::ExternalId.is_in(batch.iter().map(|a| a.external_id.as_str())))
            .all(db)
            .await?;
        let mut recorded = recorded_sources(db, rows.iter().map(|row| row.id)).await?;
        for row in rows {
            let Some(input) = batch.iter().find(|a| a.external_id == row.external_id) else {
                continue;
            };
            let mine = recorded.remove(&row.id).unwrap_or_default();
            let image = input.image.as_ref().and_then(|image| match &image.value {
                Image::Url(url) => Some((
                    Field::Image,
                    artist::Column::ImageUrl,
                    Value::from(url.clone()),
                    image.source,
                )),
                Image::Credited(_) => None,
            });
            let unrecorded = input
                .columns()
                .into_iter()
                .chain(image)
                .filter(|(field, column, value, _)| {
                    !mine.contains_key(field) && row.get(*column) == *value
                })
                .map(|(field, _, _, source)| (field, source, true))
                .collect();
            provenance.add(row.id, &mine, unrecorded);
        }
    }
    let made = provenance.records.len();
    provenance.save(db, at).await?;
    Ok(made)
}

/// The fields written and by whom: the source of each field a write set, or that an
/// editor or the seed now answers for.
type Changes = Vec<(Field, Source, bool)>;

/// A present row with what a write changes, and the fields it kept.
struct Planned {
    row: artist::ActiveModel,
    /// (field, source, whether its value changed).
    changes: Changes,
    kept: Vec<Field>,
}

/// Whether a source may write `field` over `present` (recorded: who gave this artist's
/// fields).
fn may_write(
    field: Field,
    source: Source,
    present: &Value,
    recorded: &HashMap<Field, Source>,
    overwrite: Overwrite,
) -> bool {
    let empty = match present {
        Value::String(None) | Value::Int(None) => true,
        Value::String(Some(text)) => matches!(text.trim(), "" | "[]"),
        _ => false,
    };
    match overwrite {
        Overwrite::Always => true,
        Overwrite::EmptyOnly => empty,
        Overwrite::ServicesOnly => {
            empty
                || field.placeholder(present)
                || recorded.get(&field).is_some_and(|&by| {
                    by.is_service()
                        && field
                            .preferred()
                            .is_none_or(|best| by != best || source == best)
                })
        }
    }
}

/// What `input` changes in `before` as `overwrite` allows: its columns, its photo and
/// its date (with the year that follows it).
fn plan(
    before: &artist::Model,
    input: &ArtistUpsert,
    recorded: &HashMap<Field, Source>,
    overwrite: Overwrite,
) -> Result<Planned, sea_orm::DbErr> {
    let mut row = artist::ActiveModel::from(before.clone());
    let mut changes = Vec::new();
    let mut kept = Vec::new();
    for (field, column, value, source) in input.columns() {
        let present = before.get(column);
        if !may_write(field, source, &present, recorded, overwrite) {
            kept.push(field);
            continue;
        }
        let changed = present != value;
        if changed {
            row.set(column, value);
        }
        changes.push((field, source, changed));
    }
    if let Some(date) = &input.began_on {
        let present = before.get(artist::Column::BeganOn);
        let year: Option<i32> = date.value.get(0..4).and_then(|y| y.parse().ok());
        let year_now = row.year.clone().unwrap();
        let derived = before
            .began_on
            .as_deref()
            .and_then(|d| d.get(0..4)?.parse().ok());
        // A year with no date, or with a date of another year, stands alone.
        let stands_alone = year_now.is_some() && year_now != derived;
        if !may_write(Field::BeganOn, date.source, &present, recorded, overwrite)
            || (stands_alone && year_now != year && overwrite != Overwrite::Always)
        {
            kept.push(Field::BeganOn);
        } else {
            let changed = before.began_on.as_deref() != Some(date.value.as_str());
            row.began_on = Set(Some(date.value.clone()));
            row.year = Set(year);
            changes.push((Field::BeganOn, date.source, changed));
        }
    }
    if let Some(image) = &input.image {
        let present = before.get(artist::Column::ImageUrl);
        if !may_write(Field::Image, image.source, &present, recorded, overwrite) {
            kept.push(Field::Image);
        } else {
            let (url, credit) = match &image.value {
                Image::Url(url) => (url, None),
                Image::Credited(credited) => (&credited.url, Some(credited)),
            };
            let changed = before.image_url.as_ref() != Some(url)
                || credit.is_some_and(|c| {
                    (
                        before.image_author.as_ref(),
                        before.image_license.as_ref(),
                        before.image_license_url.as_ref(),
                    ) != (Some(&c.author), Some(&c.license), c.license_url.as_ref())
                });
            if changed {
                // A credit belongs to its photo: another photo has its own or none.
                row.image_url = Set(Some(url.clone()));
                row.image_thumbnail_url = Set(None);
                row.image_source = Set(credit.map(|_| IMAGE_SOURCE.to_owned()));
                row.image_author = Set(credit.map(|c| c.author.clone()));
                row.image_license = Set(credit.map(|c| c.license.clone()));
                row.image_license_url = Set(credit.and_then(|c| c.license_url.clone()));
                row.image_page_url = Set(credit.map(|c| c.page_url.clone()));
            }
            changes.push((Field::Image, image.source, changed));
        }
    }
    if before.title.is_empty() && !matches!(row.title, Set(ref t) if !t.is_empty()) {
        return Err(sea_orm::DbErr::Custom(format!(
            "the new artist {} has no title",
            input.external_id
        )));
    }
    Ok(Planned { row, changes, kept })
}

/// The lists an upsert gives, written once the artist has its id.
struct Lists {
    albums: Option<Sourced<Vec<Album>>>,
    members: Option<Sourced<Vec<MemberSpell>>>,
}

impl Lists {
    fn take(input: &mut ArtistUpsert) -> Lists {
        Lists {
            albums: input.albums.take().filter(|a| !a.value.is_empty()),
            members: input.members.take().filter(|m| !m.value.is_empty()),
        }
    }

    /// Writes the lists `overwrite` allows; whether any changed.
    async fn write<C: ConnectionTrait>(
        self,
        db: &C,
        id: i32,
        recorded: &HashMap<Field, Source>,
        overwrite: Overwrite,
        changes: &mut Changes,
        kept: &mut Vec<Field>,
    ) -> Result<bool, sea_orm::DbErr> {
        let mut changed = false;
        if let Some(albums) = self.albums {
            let present = artist_lists::albums_of(db, id).await?;
            let value = Value::from((!present.is_empty()).then_some("albums"));
            if may_write(Field::Albums, albums.source, &value, recorded, overwrite) {
                let replaced = artist_lists::replace_albums(db, id, &present, albums.value).await?;
                changes.push((Field::Albums, albums.source, replaced));
                changed |= replaced;
            } else {
                kept.push(Field::Albums);
            }
        }
        if let Some(members) = self.members {
            let present = artist_lists::members_of(db, id).await?;
            let value = Value::from((!present.is_empty()).then_some("members"));
            if may_write(Field::Members, members.source, &value, recorded, overwrite) {
                let replaced =
                    artist_lists::replace_members(db, id, &present, members.value).await?;
                changes.push((Field::Members, members.source, replaced));
                changed |= replaced;
            } else {
                kept.push(Field::Members);
            }
        }
        Ok(changed)
    }
}

/// A new artist's row before its fields are written: every column empty, a band.
fn blank_row(external_id: &str) -> artist::Model {
    artist::Model {
        external_id: external_id.to_owned(),
        kind: ArtistKind::default().as_str().to_owned(),
        genres: genres_json(&[]),
        ..artist::Model::default()
    }
}

fn genres_json(genres: &[String]) -> String {
    serde_json::to_string(genres).expect("a list of strings serializes")
}

fn genre_names_json(genres: &[GenreRef]) -> String {
    let names: Vec<&str> = genres.iter().map(|g| g.name.as_str()).collect();
    serde_json::to_string(&names).expect("a list of strings serializes")
}

/// The image source recorded for photos from Commons ("Source: Wikimedia").
pub const IMAGE_SOURCE: &str = "wikimedia";

/// The provenance a write leaves: the records to (re)write.
#[derive(Default)]
struct Provenance {
    records: Vec<(i32, Field, Source)>,
}

impl Provenance {
    /// A field's record is rewritten when its value or its source changed, so a rerun
    /// that finds the same facts keeps the date they were first given.
    fn add(&mut self, id: i32, recorded: &HashMap<Field, Source>, changes: Changes) {
        for (field, source, changed) in changes {
            if changed || recorded.get(&field) != Some(&source) {
                self.records.push((id, field, source));
            }
        }
    }

    async fn save<C: ConnectionTrait>(self, db: &C, at: i64) -> Result<(), sea_orm::DbErr> {
        for chunk in self.records.chunks(UPSERT_BATCH) {
            let records =
                chunk
                    .iter()
                    .map(|(id, field, source)| artist_field_source::ActiveModel {
                        artist_id: Set(*id),
                        field: Set(field.name().to_owned()),
                        source: Set(source.name().to_owned()),
                        retrieved_at: Set(at),
                    });
            artist_field_source::Entity::insert_many(records)
                .on_conflict(
                    OnConflict::columns([
                        artist_field_source::Column::ArtistId,
                        artist_field_source::Column::Field,
                    ])
                    .update_columns([
                        artist_field_source::Column::Source,
                        artist_field_source::Column::RetrievedAt,
                    ])
                    .to_owned(),
                )
                .exec(db)
                .await?;
        }
        Ok(())
    }
}

/// Who gave each field of these artists.
async fn recorded_sources<C: ConnectionTrait>(
    db: &C,
    ids: impl Iterator<Item = i32>,
) -> Result<HashMap<i32, HashMap<Field, Source>>, sea_orm::DbErr> {
    let ids: Vec<i32> = ids.collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut recorded: HashMap<i32, HashMap<Field, Source>> = HashMap::new();
    for row in artist_field_source::Entity::find()
        .filter(artist_field_source::Column::ArtistId.is_in(ids))
        .all(db)
        .await?
    {
        if let (Some(field), Some(source)) =
            (Field::of_name(&row.field), Source::of_name(&row.source))
        {
            recorded
                .entry(row.artist_id)
                .or_default()
                .insert(field, source);
        }
    }
    Ok(recorded)
}

async fn ids_of<'a, C: ConnectionTrait>(
    db: &C,
    external_ids: impl Iterator<Item = &'a str>,
) -> Result<HashMap<String, i32>, sea_orm::DbErr> {
    Ok(artist::Entity::find()
        .select_only()
        .column(artist::Column::ExternalId)
        .column(artist::Column::Id)
        .filter(artist::Column::ExternalId.is_in(external_ids))
        .into_tuple::<(String, i32)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// Now, as the `updated_at` columns store it (unix seconds).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::{external_id_for, title_key};

    #[test]
    fn ids_are_formed_as_the_seed_forms_them() {
        for (title, id) in [
            ("R.E.M.", "rem"),
            ("B.B. King", "bb-king"),
            ("N.W.A", "nwa"),
            ("Destiny's Child", "destinys-child"),
            ("Youssou N'Dour", "youssou-ndour"),
            ("Hall & Oates", "hall-and-oates"),
            ("Kool & the Gang", "kool-and-the-gang"),
            ("10,000 Maniacs", "10000-maniacs"),
            ("Cesária Évora", "cesaria-evora"),
            ("AC/DC", "ac-dc"),
            ("  Queen ", "queen"),
            ("?!", ""),
        ] {
            assert_eq!(external_id_for(title), id, "{title}");
        }
    }

    #[test]
    fn titles_compare_without_case_accents_or_spacing() {
        assert_eq!(title_key("Cesária  Évora"), title_key("CESARIA EVORA"));
        assert_ne!(title_key("R.E.M."), title_key("REM"));
    }
}
