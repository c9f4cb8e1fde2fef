//! The open catalogue: every musical group, and every person whose occupation is in
//! music, with an English encyclopedia article, as the open knowledge base describes
//! them. Read from its entity dump (`wikidata_dump`) or its query service (`sparql`),
//! written here the same way, then completed from MusicBrainz's dump
//! (`musicbrainz_dump`).
//!
//! Artists are written through the artist import's batched upsert (`write`), 500 at a
//! time: a batch finds its present rows with one query (by knowledge-base id, so the
//! seed's artists the enrichment linked are updated, never duplicated) and records the
//! provenance of every field it sets (`artist_field_sources`, source "wikidata", as
//! `enrich` records it). A field a present artist got from the seed or another import
//! (a value without a provenance row) is kept, as `enrich` keeps it; so a rerun updates
//! what the knowledge base gave and nothing else.

use std::collections::{HashMap, HashSet};

use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};
use sound_atlas_entity::{artist, artist_field_source};

use sound_atlas_catalog::enrichment::{self, MemberSpell};
use sound_atlas_catalog::write::{self, ArtistUpsert, Outcome, UpsertCounts};

/// The classes (P31) of a musical group: musical group, rock band, musical ensemble,
/// musical duo, boy band, girl group. Items of a subclass not listed (a "heavy metal
/// band") are nearly always also stated to be a musical group.
pub const GROUP_CLASSES: [&str; 6] = [
    "Q215380", "Q5741069", "Q2088357", "Q9212979", "Q216337", "Q641066",
];

/// A human (P31).
pub const HUMAN: &str = "Q5";

/// The occupations (P106) that make a person an artist of the catalogue: musician,
/// singer, rapper, composer, singer-songwriter, songwriter, guitarist, drummer,
/// pianist, disc jockey, vocalist, jazz musician, conductor.
pub const MUSIC_OCCUPATIONS: [&str; 13] = [
    "Q639669",
    "Q177220",
    "Q2252262",
    "Q36834",
    "Q488205",
    "Q753110",
    "Q855091",
    "Q386854",
    "Q486748",
    "Q130857",
    "Q2643890",
    "Q15981151",
    "Q158852",
];

/// Whether an item with these classes and occupations is an artist: `Some(true)` a
/// band, `Some(false)` a solo artist, `None` neither.
pub fn kind_of(classes: &[String], occupations: &[String]) -> Option<bool> {
    if classes.iter().any(|c| GROUP_CLASSES.contains(&c.as_str())) {
        return Some(true);
    }
    let musician = occupations
        .iter()
        .any(|o| MUSIC_OCCUPATIONS.contains(&o.as_str()));
    (musician && classes.iter().any(|c| c == HUMAN)).then_some(false)
}

/// One artist as the knowledge base describes it, names resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpenArtist {
    /// "Q15862".
    pub wikidata_id: String,
    pub name: String,
    pub band: bool,
    /// The English encyclopedia article's title ("Queen (band)").
    pub article: String,
    pub began_on: Option<String>,
    pub origin: Option<String>,
    pub genres: Vec<String>,
    pub musicbrainz_id: Option<String>,
    /// A band's members with their spells.
    pub members: Vec<MemberSpell>,
}

/// A genre as the catalogue writes it: the knowledge base's labels are lower case
/// ("rock music"); the catalogue's genres start with a capital ("Rock music").
pub fn genre_name(label: &str) -> String {
    let mut chars = label.trim().chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A MusicBrainz artist id in its form (36 characters, hex digits and hyphens).
pub fn is_musicbrainz_id(id: &str) -> bool {
    id.len() == 36 && id.chars().all(|c| c.is_ascii_hexdigit() || c == '-')
}

/// The English encyclopedia's address of an article title.
pub fn article_url(title: &str) -> String {
    let mut url = url::Url::parse("https://en.wikipedia.org/wiki/").expect("a valid base");
    url.path_segments_mut()
        .expect("an http base")
        .pop()
        .push(&title.replace(' ', "_"));
    url.to_string()
}

/// The `externalId` of an artist the knowledge base added: its item id in lower case.
pub fn external_id_of(wikidata_id: &str) -> String {
    wikidata_id.to_ascii_lowercase()
}

/// Writes artists a batch at a time on `db` (the caller's transaction) and counts
/// what became of them.
pub struct Writer<'a, C> {
    db: &'a C,
    source: &'static str,
    retrieved_at: i64,
    batch: Vec<OpenArtist>,
    /// The batch's artists by item id, so a repeat replaces the earlier one.
    pending: HashMap<String, usize>,
    counts: UpsertCounts,
}

impl<'a, C: ConnectionTrait> Writer<'a, C> {
    pub fn new(db: &'a C, source: &'static str) -> Self {
        Writer {
            db,
            source,
            retrieved_at: write::now_unix(),
            batch: Vec::with_capacity(write::UPSERT_BATCH),
            pending: HashMap::new(),
            counts: UpsertCounts::default(),
        }
    }

    pub async fn push(&mut self, artist: OpenArtist) -> Result<(), sea_orm::DbErr> {
        match self.pending.get(&artist.wikidata_id) {
            Some(&i) => self.batch[i] = artist,
            None => {
                self.pending
                    .insert(artist.wikidata_id.clone(), self.batch.len());
                self.batch.push(artist);
            }
        }
        if self.batch.len() >= write::UPSERT_BATCH {
            self.flush().await?;
        }
        Ok(())
    }

    /// Writes what is pending and says what became of every artist pushed.
    pub async fn finish(mut self) -> Result<UpsertCounts, sea_orm::DbErr> {
        self.flush().await?;
        Ok(self.counts)
    }

    async fn flush(&mut self) -> Result<(), sea_orm::DbErr> {
        let batch = std::mem::take(&mut self.batch);
        self.pending.clear();
        if batch.is_empty() {
            return Ok(());
        }
        let present = present_rows(self.db, &batch).await?;
        let owned = owned_fields(self.db, present.values().map(|row| row.id)).await?;
        let mut upserts = Vec::with_capacity(batch.len());
        let mut set_fields = Vec::with_capacity(batch.len());
        for artist in &batch {
            let before = present.get(&artist.wikidata_id);
            let (upsert, fields) = upsert_of(artist, before, &owned);
            upserts.push(upsert);
            set_fields.push(fields);
        }
        let external_ids: Vec<String> = upserts.iter().map(|u| u.external_id.clone()).collect();
        let outcomes = write::upsert_batch(self.db, upserts).await?;
        let ids = ids_of(self.db, &external_ids).await?;
        let mut sources = Vec::new();
        for (((artist, mut fields), external_id), mut outcome) in batch
            .into_iter()
            .zip(set_fields)
            .zip(&external_ids)
            .zip(outcomes)
        {
            let Some(&id) = ids.get(external_id) else {
                continue;
            };
            if artist.band && !artist.members.is_empty() {
                // Members live in their own table: a present list set by hand or by
                // MusicBrainz (with instruments, which the knowledge base lacks) stays.
                let present = enrichment::members_of(self.db, id).await?;
                let ours =
                    owned.get(&(id, "members".to_owned())).map(String::as_str) == Some(self.source);
                if present.is_empty() || ours {
                    fields.push("members");
                    if enrichment::replace_members(self.db, id, &present, artist.members).await?
                        && outcome == Outcome::Unchanged
                    {
                        outcome = Outcome::Updated;
                    }
                }
            }
            // A rerun that finds the same facts changes nothing, not even the dates.
            if outcome != Outcome::Unchanged {
                sources.extend(fields.iter().map(|field| (id, *field)));
            }
            self.counts.add(outcome);
        }
        enrichment::record_sources(self.db, sources, self.source, self.retrieved_at).await?;
        Ok(())
    }
}

/// The present rows of a batch's artists, by item id: the row that names the item, else
/// the row an earlier run added under the item's id.
async fn present_rows<C: ConnectionTrait>(
    db: &C,
    batch: &[OpenArtist],
) -> Result<HashMap<String, artist::Model>, sea_orm::DbErr> {
    let items: Vec<&str> = batch.iter().map(|a| a.wikidata_id.as_str()).collect();
    let formed: Vec<String> = items.iter().map(|id| external_id_of(id)).collect();
    let rows = artist::Entity::find()
        .filter(
            Condition::any()
                .add(artist::Column::WikidataId.is_in(items.iter().copied()))
                .add(artist::Column::ExternalId.is_in(formed)),
        )
        .all(db)
        .await?;
    let wanted: HashSet<&str> = items.iter().copied().collect();
    let mut present = HashMap::new();
    // Rows named by their item first: they win over a row keyed by the formed id.
    for row in &rows {
        if let Some(item) = row.wikidata_id.as_deref().filter(|i| wanted.contains(i)) {
            present
                .entry(item.to_owned())
                .or_insert_with(|| row.clone());
        }
    }
    for row in rows {
        let item = row.external_id.to_ascii_uppercase();
        if wanted.contains(item.as_str()) {
            present.entry(item).or_insert(row);
        }
    }
    Ok(present)
}

/// The source of each (artist, field) a source recorded: fields the sources own, which
/// an open data import may change.
type Owned = HashMap<(i32, String), String>;

async fn owned_fields<C: ConnectionTrait>(
    db: &C,
    ids: impl Iterator<Item = i32>,
) -> Result<Owned, sea_orm::DbErr> {
    let ids: Vec<i32> = ids.collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(artist_field_source::Entity::find()
        .filter(artist_field_source::Column::ArtistId.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|s| ((s.artist_id, s.field), s.source))
        .collect())
}

async fn ids_of<C: ConnectionTrait>(
    db: &C,
    external_ids: &[String],
) -> Result<HashMap<String, i32>, sea_orm::DbErr> {
    use sea_orm::QuerySelect;
    Ok(artist::Entity::find()
        .select_only()
        .column(artist::Column::ExternalId)
        .column(artist::Column::Id)
        .filter(artist::Column::ExternalId.is_in(external_ids.iter().map(String::as_str)))
        .into_tuple::<(String, i32)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// The upsert of one artist and the fields it sets: every field for a new artist; for
/// a present one, the fields that are empty or that a source set.
fn upsert_of(
    artist: &OpenArtist,
    before: Option<&artist::Model>,
    owned: &Owned,
) -> (ArtistUpsert, Vec<&'static str>) {
    let mut fields = Vec::new();
    let mut may = |field: &'static str, present: Option<&str>| {
        let ok = match before {
            None => true,
            Some(row) => {
                present.is_none_or(|v| v.trim().is_empty() || v == "[]")
                    || owned.contains_key(&(row.id, field.to_owned()))
            }
        };
        if ok {
            fields.push(field);
        }
        ok
    };
    let title = if may("title", before.map(|r| r.title.as_str())) {
        artist.name.clone()
    } else {
        before.map(|r| r.title.clone()).unwrap_or_default()
    };
    let kind = may("kind", before.map(|r| r.kind.as_str()))
        .then(|| if artist.band { "band" } else { "solo" }.to_owned());
    let began_on = artist
        .began_on
        .clone()
        .filter(|_| may("began_on", before.and_then(|r| r.began_on.as_deref())));
    let year = began_on.as_deref().and_then(|d| d.get(0..4)?.parse().ok());
    let origin = artist
        .origin
        .clone()
        .filter(|_| may("origin", before.and_then(|r| r.origin.as_deref())));
    let genres = (!artist.genres.is_empty() && may("genres", before.map(|r| r.genres.as_str())))
        .then(|| artist.genres.clone());
    let wikidata_id = may("wikidata_id", before.and_then(|r| r.wikidata_id.as_deref()))
        .then(|| artist.wikidata_id.clone());
    let musicbrainz_id = artist.musicbrainz_id.clone().filter(|_| {
        may(
            "musicbrainz_id",
            before.and_then(|r| r.musicbrainz_id.as_deref()),
        )
    });
    let bio_source_link = may(
        "bio_source_link",
        before.and_then(|r| r.bio_source_link.as_deref()),
    )
    .then(|| article_url(&artist.article));
    let upsert = ArtistUpsert {
        external_id: before
            .map(|r| r.external_id.clone())
            .unwrap_or_else(|| external_id_of(&artist.wikidata_id)),
        title,
        kind,
        genres,
        bio_source_link,
        year,
        origin,
        wikidata_id,
        musicbrainz_id,
        began_on,
        ..ArtistUpsert::default()
    };
    (upsert, fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_people_in_music_are_artists() {
        let ids = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(kind_of(&ids(&["Q5741069"]), &[]), Some(true));
        assert_eq!(kind_of(&ids(&["Q5"]), &ids(&["Q2252262"])), Some(false));
        assert_eq!(
            kind_of(&ids(&["Q5"]), &ids(&["Q82955"])),
            None,
            "a politician"
        );
        assert_eq!(
            kind_of(&ids(&["Q515"]), &ids(&["Q639669"])),
            None,
            "not a human"
        );
    }

    #[test]
    fn genres_start_with_a_capital_and_articles_are_addresses() {
        assert_eq!(genre_name("rock music"), "Rock music");
        assert_eq!(genre_name("émo"), "Émo");
        assert_eq!(genre_name(""), "");
        assert_eq!(
            article_url("Queen (band)"),
            "https://en.wikipedia.org/wiki/Queen_(band)"
        );
        assert_eq!(
            article_url("AC/DC"),
            "https://en.wikipedia.org/wiki/AC%2FDC"
        );
    }
}
