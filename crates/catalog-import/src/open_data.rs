//! The open catalogue: every musical group, and every person whose occupation is in
//! music, with an English encyclopedia article, as the open knowledge base describes
//! them. Read from its entity dump (`wikidata_dump`) or its query service (`sparql`),
//! written here the same way, then completed from MusicBrainz's dump
//! (`musicbrainz_dump`).
//!
//! Artists are written through the one writer (`write`), 500 at a time: a batch finds
//! its present rows with one query (by knowledge-base id, so the seed's artists the
//! enrichment linked are updated, never duplicated), and the writer records the
//! provenance of every field it sets (`artist_field_sources`, source "wikidata", as
//! `enrich` records it). A field a present artist got from the seed or another import
//! (a value without a provenance row) is kept, as `enrich` keeps it; so a rerun updates
//! what the knowledge base gave and nothing else. A band's members from MusicBrainz
//! (with instruments, which the knowledge base lacks) stay.

use std::collections::{HashMap, HashSet};

use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use sound_atlas_entity::artist;
use sound_atlas_import::Report;

use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{self, ArtistUpsert, Overwrite, Source, UpsertCounts};

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

/// An artist the knowledge base describes, as the writer takes it: its item, name,
/// kind and article; the caller adds what else the item says.
pub fn artist(wikidata_id: String, name: String, band: bool, article: &str) -> ArtistUpsert {
    let wd = |value| Some(Source::Wikidata.of(value));
    ArtistUpsert {
        external_id: external_id_of(&wikidata_id),
        title: wd(name),
        kind: Some(Source::Wikidata.of(if band {
            ArtistKind::Band
        } else {
            ArtistKind::Solo
        })),
        bio_source_link: wd(article_url(article)),
        wikidata_id: wd(wikidata_id),
        ..ArtistUpsert::default()
    }
}

/// The name an English article's title gives an artist, for an item with no English or
/// multilingual label: the title without its disambiguating qualifier ("Mononym
/// (rapper)" is "Mononym"); none for an empty title.
pub fn name_of_article(title: &str) -> Option<String> {
    let name = match title
        .trim()
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once(" ("))
    {
        Some((name, _)) => name,
        None => title,
    };
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
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

/// Adds what a [`Writer`] did to a run's report.
pub fn add(report: &mut Report, counts: UpsertCounts) {
    report.inserted += counts.inserted;
    report.updated += counts.updated;
    report.unchanged += counts.unchanged;
}

/// Writes artists a batch at a time on `db` (the caller's transaction) and counts
/// what became of them.
pub struct Writer<'a, C> {
    db: &'a C,
    retrieved_at: i64,
    batch: Vec<ArtistUpsert>,
    /// The batch's artists by item id, so a repeat replaces the earlier one.
    pending: HashMap<String, usize>,
    counts: UpsertCounts,
}

impl<'a, C: ConnectionTrait> Writer<'a, C> {
    pub fn new(db: &'a C) -> Self {
        Writer {
            db,
            retrieved_at: write::now_unix(),
            batch: Vec::with_capacity(write::UPSERT_BATCH),
            pending: HashMap::new(),
            counts: UpsertCounts::default(),
        }
    }

    /// Adds an artist made by [`artist`] (keyed by its item).
    pub async fn push(&mut self, artist: ArtistUpsert) -> Result<(), sea_orm::DbErr> {
        let item = item_of(&artist).to_owned();
        match self.pending.get(&item) {
            Some(&i) => self.batch[i] = artist,
            None => {
                self.pending.insert(item, self.batch.len());
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
        let mut batch = std::mem::take(&mut self.batch);
        self.pending.clear();
        if batch.is_empty() {
            return Ok(());
        }
        let present = present_rows(self.db, &batch).await?;
        for artist in &mut batch {
            if let Some(row) = present.get(item_of(artist)) {
                artist.external_id = row.clone();
            }
        }
        let written =
            write::write(self.db, batch, Overwrite::ServicesOnly, self.retrieved_at).await?;
        for artist in written {
            self.counts.add(artist.outcome);
        }
        Ok(())
    }
}

fn item_of(artist: &ArtistUpsert) -> &str {
    artist
        .wikidata_id
        .as_ref()
        .map_or("", |id| id.value.as_str())
}

/// The `externalId`s of the present rows of a batch's artists, by item id: the row that
/// names the item, else the row an earlier run added under the item's id, else a row
/// without an item that has the artist's MusicBrainz id (as MusicBrainz's dump adds).
async fn present_rows<C: ConnectionTrait>(
    db: &C,
    batch: &[ArtistUpsert],
) -> Result<HashMap<String, String>, sea_orm::DbErr> {
    let items: Vec<&str> = batch.iter().map(item_of).collect();
    let formed: Vec<String> = items.iter().map(|id| external_id_of(id)).collect();
    let by_mbid: HashMap<&str, &str> = batch
        .iter()
        .filter_map(|a| Some((a.musicbrainz_id.as_ref()?.value.as_str(), item_of(a))))
        .collect();
    let rows = artist::Entity::find()
        .filter(
            Condition::any()
                .add(artist::Column::WikidataId.is_in(items.iter().copied()))
                .add(artist::Column::ExternalId.is_in(formed))
                .add(
                    Condition::all()
                        .add(artist::Column::WikidataId.is_null())
                        .add(artist::Column::MusicbrainzId.is_in(by_mbid.keys().copied())),
                ),
        )
        .order_by_asc(artist::Column::Id)
        .all(db)
        .await?;
    let wanted: HashSet<&str> = items.iter().copied().collect();
    let mut present = HashMap::new();
    // Rows named by their item first: they win over a row keyed by the formed id.
    for row in &rows {
        if let Some(item) = row.wikidata_id.as_deref().filter(|i| wanted.contains(i)) {
            present
                .entry(item.to_owned())
                .or_insert_with(|| row.external_id.clone());
        }
    }
    for row in &rows {
        let item = row.external_id.to_ascii_uppercase();
        if wanted.contains(item.as_str()) {
            present.entry(item).or_insert(row.external_id.clone());
        }
    }
    // A row is one item's at most: two items with the same MusicBrainz id find it once.
    let mut assigned: HashSet<String> = present.values().cloned().collect();
    for row in rows {
        let mbid = row.musicbrainz_id.as_deref().unwrap_or_default();
        if let (None, Some(item)) = (&row.wikidata_id, by_mbid.get(mbid)) {
            if !present.contains_key(*item) && assigned.insert(row.external_id.clone()) {
                present.insert((*item).to_owned(), row.external_id);
            }
        }
    }
    Ok(present)
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
    fn an_article_title_without_its_qualifier_is_a_name() {
        assert_eq!(
            name_of_article("Mononym (rapper)").as_deref(),
            Some("Mononym")
        );
        assert_eq!(
            name_of_article("Earth, Wind & Fire").as_deref(),
            Some("Earth, Wind & Fire")
        );
        assert_eq!(
            name_of_article("Sunn O)))").as_deref(),
            Some("Sunn O)))"),
            "a parenthesis that is no qualifier"
        );
        assert_eq!(
            name_of_article("X (band) (2)").as_deref(),
            Some("X (band)"),
            "only the last qualifier"
        );
        assert_eq!(name_of_article(" "), None);
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
