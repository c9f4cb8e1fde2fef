//! The seed catalogue in `assets/seed/artists/*.json`, embedded in the binary and
//! loaded on start. Loading is idempotent: artists are keyed by `externalId`, those
//! already present are left as they are (an operator may have edited them), the
//! missing ones are inserted in title order, all in one transaction. Each entry states
//! when the editors last checked its facts (`checkedOn`): the date its facts are
//! recorded as written, rather than the moment of loading, which is not when anyone
//! wrote them.

use std::collections::HashSet;

use rust_embed::Embed;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect, TransactionTrait,
};
use serde::Deserialize;
use sound_atlas_entity::artist;

use crate::genres::GenreRef;
use crate::model::{ArtistKind, Letter};
use crate::write::{self, ArtistUpsert, Image, Overwrite, Source};

#[derive(Embed)]
#[folder = "../../assets/seed/artists"]
#[include = "*.json"]
struct SeedFiles;

/// One artist as written in the seed files.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeedArtist {
    pub external_id: String,
    pub title: String,
    pub kind: String,
    pub year: Option<i32>,
    pub origin: Option<String>,
    pub country: Option<String>,
    pub real_name: Option<String>,
    pub genres: Vec<String>,
    pub bio: String,
    pub bio_source_link: String,
    pub solo_video_link: Option<String>,
    /// Services that carry the artist: "spotify", "apple", "amazon", "tidal".
    #[serde(default)]
    pub streaming: Vec<String>,
    pub fun_fact: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
    /// When the editors last checked the entry's facts (YYYY-MM-DD).
    pub checked_on: String,
}

impl SeedArtist {
    /// The problems that keep this entry out of the catalogue, if any.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let slug_ok = !self.external_id.is_empty()
            && self
                .external_id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !slug_ok {
            problems.push("externalId must be a non-empty [a-z0-9-] slug".into());
        }
        if self.title.trim().is_empty() {
            problems.push("title is empty".into());
        }
        if self.kind != "band" && self.kind != "solo" {
            problems.push(format!("kind {:?} is not band or solo", self.kind));
        }
        if self.genres.is_empty() || self.genres.iter().any(|g| g.trim().is_empty()) {
            problems.push("genres must be a non-empty list of names".into());
        }
        if self.bio.chars().count() < 50 {
            problems.push("bio is shorter than 50 characters".into());
        }
        if !self
            .bio_source_link
            .starts_with("https://en.wikipedia.org/wiki/")
        {
            problems.push("bioSourceLink must be an English Wikipedia article".into());
        }
        if self
            .solo_video_link
            .as_deref()
            .is_some_and(|link| !link.starts_with("https://www.youtube.com/"))
        {
            problems.push(
                "soloVideoLink must be a https://www.youtube.com/ channel or video URL".into(),
            );
        }
        for service in &self.streaming {
            if streaming_search_link(service, &self.title).is_none() {
                problems.push(format!("unknown streaming service {service:?}"));
            }
        }
        if self.checked_at().is_none() {
            problems.push("checkedOn must be a date (YYYY-MM-DD)".into());
        }
        problems
    }

    /// `checkedOn` as unix seconds (its midnight, UTC).
    pub fn checked_at(&self) -> Option<i64> {
        let mut parts = self.checked_on.splitn(3, '-');
        let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
        if (year.len(), month.len(), day.len()) != (4, 2, 2) {
            return None;
        }
        let month = time::Month::try_from(month.parse::<u8>().ok()?).ok()?;
        let date = time::Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?);
        Some(date.ok()?.midnight().assume_utc().unix_timestamp())
    }

    pub fn letter(&self) -> Letter {
        Letter::of_title(&self.title)
    }

    /// The artist as the one writer takes it, every field the seed's.
    fn into_upsert(self) -> ArtistUpsert {
        let seed = |value| Some(Source::Seed.of(value));
        let link = |service: &str| {
            self.streaming
                .iter()
                .any(|s| s == service)
                .then(|| streaming_search_link(service, &self.title))
                .flatten()
                .and_then(seed)
        };
        ArtistUpsert {
            spotify_link: link("spotify"),
            apple_link: link("apple"),
            amazon_link: link("amazon"),
            tidal_link: link("tidal"),
            kind: ArtistKind::parse(&self.kind).map(|kind| Source::Seed.of(kind)),
            year: self.year.map(|year| Source::Seed.of(year)),
            genres: Some(Source::Seed.of(self.genres.into_iter().map(GenreRef::named).collect())),
            image: self.image_url.map(|url| Source::Seed.of(Image::Url(url))),
            external_id: self.external_id,
            title: seed(self.title),
            origin: self.origin.and_then(seed),
            country: self.country.and_then(seed),
            real_name: self.real_name.and_then(seed),
            bio: seed(self.bio),
            bio_source_link: seed(self.bio_source_link),
            solo_video_link: self.solo_video_link.and_then(seed),
            fun_fact: self.fun_fact.and_then(seed),
            // The rest is the enrichment's, never the seed's.
            ..ArtistUpsert::default()
        }
    }
}

/// The seed lists which services carry an artist, not per-service artist ids (which
/// we cannot verify offline), so each "Listen On" link opens that service's search
/// for the artist: a link that always leads to the right catalogue.
fn streaming_search_link(service: &str, title: &str) -> Option<String> {
    let q = sound_atlas_contract::encode_uri_component(title);
    Some(match service {
        "spotify" => format!("https://open.spotify.com/search/{q}"),
        "apple" => format!("https://music.apple.com/us/search?term={q}"),
        "amazon" => format!("https://music.amazon.com/search/{q}"),
        "tidal" => format!("https://tidal.com/search?q={q}"),
        _ => return None,
    })
}

#[derive(Debug)]
pub struct SeedError(pub String);

impl std::fmt::Display for SeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SeedError {}

/// Every artist of the embedded seed files, validated, in title order.
pub fn seed_artists() -> Result<Vec<SeedArtist>, SeedError> {
    let mut artists = Vec::new();
    let mut names: Vec<_> = SeedFiles::iter().collect();
    names.sort();
    for name in names {
        let file = SeedFiles::get(&name).expect("listed seed file exists");
        let part: Vec<SeedArtist> = serde_json::from_slice(&file.data)
            .map_err(|err| SeedError(format!("seed file {name}: {err}")))?;
        artists.extend(part);
    }
    let mut seen = HashSet::new();
    for artist in &artists {
        let mut problems = artist.problems();
        if !seen.insert(artist.external_id.clone()) {
            problems.push("externalId is used twice".into());
        }
        if !problems.is_empty() {
            return Err(SeedError(format!(
                "seed artist {:?}: {}",
                artist.external_id,
                problems.join("; ")
            )));
        }
    }
    artists.sort_by_cached_key(|a| a.title.to_lowercase());
    Ok(artists)
}

/// Inserts the seed artists that are not in the database yet, each written by the
/// editors on its `checkedOn` date, and records that date for the present ones' fields
/// that still hold the seed's value unrecorded (loaded before the editors' writes were
/// recorded). Returns how many it inserted.
pub async fn load(db: &DatabaseConnection) -> Result<usize, SeedError> {
    let artists = seed_artists()?;
    let db_err = |err: sea_orm::DbErr| SeedError(format!("loading the seed catalogue: {err}"));
    let txn = db.begin().await.map_err(db_err)?;
    // Only the seed's own ids are looked up (the catalogue may hold millions).
    let mut present: HashSet<String> = HashSet::new();
    for chunk in artists.chunks(500) {
        let ids = chunk.iter().map(|a| a.external_id.clone());
        let found: Vec<String> = artist::Entity::find()
            .select_only()
            .column(artist::Column::ExternalId)
            .filter(artist::Column::ExternalId.is_in(ids))
            .into_tuple()
            .all(&txn)
            .await
            .map_err(db_err)?;
        present.extend(found);
    }
    // Written a date at a time, in title order within it.
    let mut by_date: Vec<(i64, Vec<SeedArtist>)> = Vec::new();
    for artist in artists {
        let at = artist
            .checked_at()
            .expect("a seed artist's date was validated");
        match by_date.iter_mut().find(|(day, _)| *day == at) {
            Some((_, same_day)) => same_day.push(artist),
            None => by_date.push((at, vec![artist])),
        }
    }
    let mut inserted = 0;
    for (at, same_day) in by_date {
        let (missing, present): (Vec<_>, Vec<_>) = same_day
            .into_iter()
            .map(SeedArtist::into_upsert)
            .partition(|a| !present.contains(&a.external_id));
        write::record_unrecorded(&txn, &present, at)
            .await
            .map_err(db_err)?;
        for batch in missing.chunks(write::UPSERT_BATCH) {
            inserted += write::write(&txn, batch.to_vec(), Overwrite::Always, at)
                .await
                .map_err(db_err)?
                .len();
        }
    }
    txn.commit().await.map_err(db_err)?;
    Ok(inserted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_states_the_day_its_facts_were_checked_as_a_date() {
        let first = seed_artists().unwrap().remove(0);
        let on = |day: &str| SeedArtist {
            checked_on: day.into(),
            ..first.clone()
        };
        assert_eq!(on("2026-11-28").checked_at(), Some(1_795_824_000));
        for wrong in [
            "",
            "2026-11",
            "2026-13-01",
            "2026-02-30",
            "28/11/2026",
            "2026-1-28",
        ] {
            assert_eq!(on(wrong).checked_at(), None, "{wrong:?}");
            assert!(!on(wrong).problems().is_empty(), "{wrong:?}");
        }
    }
}
