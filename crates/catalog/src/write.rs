//! The catalogue's write API for importers: upsert artists by `externalId` (what the
//! enrichment found is written by `enrichment`). Callers pass their transaction, so an
//! import commits whole or changes nothing.

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
    QuerySelect, TryIntoModel,
};
use sound_atlas_entity::{artist, artist_field_source};

/// One artist as a source describes it. `None` leaves a present artist's value as it
/// is (a spreadsheet has no year or fun fact, for example).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArtistUpsert {
    pub external_id: String,
    pub title: String,
    /// "band" or "solo"; a new artist without one is stored as "band".
    pub kind: Option<String>,
    pub genres: Option<Vec<String>>,
    pub image_url: Option<String>,
    pub bio: Option<String>,
    pub bio_source_link: Option<String>,
    pub solo_video_link: Option<String>,
    pub spotify_link: Option<String>,
    pub apple_link: Option<String>,
    pub amazon_link: Option<String>,
    pub tidal_link: Option<String>,
    /// Year formed (band) or born (solo).
    pub year: Option<i32>,
    pub origin: Option<String>,
    /// The artist's item in the open knowledge base ("Q15862").
    pub wikidata_id: Option<String>,
    pub musicbrainz_id: Option<String>,
    /// Born or formed, ISO 8601 to its precision ("1946-09-05", "1946-09", "1946").
    pub began_on: Option<String>,
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
/// the new ones inserted with one (27 values a row stays under SQLite's 32,766 and
/// PostgreSQL's 65,535 bound parameters).
pub const UPSERT_BATCH: usize = 500;

/// Inserts new artists and brings present ones (same `externalId`) up to date.
pub async fn upsert<C: ConnectionTrait>(
    db: &C,
    artists: Vec<ArtistUpsert>,
) -> Result<UpsertCounts, sea_orm::DbErr> {
    let mut counts = UpsertCounts::default();
    for batch in artists.chunks(UPSERT_BATCH) {
        for outcome in upsert_batch(db, batch.to_vec()).await? {
            counts.add(outcome);
        }
    }
    Ok(counts)
}

/// [`upsert`] of one batch of distinct `externalId`s, with each one's outcome in order.
pub async fn upsert_batch<C: ConnectionTrait>(
    db: &C,
    artists: Vec<ArtistUpsert>,
) -> Result<Vec<Outcome>, sea_orm::DbErr> {
    let mut present: std::collections::HashMap<String, artist::Model> = artist::Entity::find()
        .filter(artist::Column::ExternalId.is_in(artists.iter().map(|a| a.external_id.as_str())))
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.external_id.clone(), row))
        .collect();
    let now = now_unix();
    let mut outcomes = Vec::with_capacity(artists.len());
    let mut new_rows = Vec::new();
    for input in artists {
        match present.remove(&input.external_id) {
            None => {
                new_rows.push(new_row(input, now));
                outcomes.push(Outcome::Inserted);
            }
            Some(before) => outcomes.push(update(db, input, before, now).await?),
        }
    }
    if !new_rows.is_empty() {
        artist::Entity::insert_many(new_rows).exec(db).await?;
    }
    Ok(outcomes)
}

/// A new artist's row: every column given (a multi-row insert wants the same columns
/// in each row).
fn new_row(input: ArtistUpsert, now: i64) -> artist::ActiveModel {
    artist::ActiveModel {
        id: sea_orm::ActiveValue::NotSet,
        external_id: Set(input.external_id),
        title: Set(input.title),
        kind: Set(input.kind.unwrap_or_else(|| "band".into())),
        year: Set(input.year),
        origin: Set(input.origin),
        real_name: Set(None),
        genres: Set(genres_json(&input.genres.unwrap_or_default())),
        image_url: Set(input.image_url),
        image_thumbnail_url: Set(None),
        image_source: Set(None),
        bio: Set(input.bio),
        bio_source_link: Set(input.bio_source_link),
        solo_video_link: Set(input.solo_video_link),
        spotify_link: Set(input.spotify_link),
        apple_link: Set(input.apple_link),
        amazon_link: Set(input.amazon_link),
        tidal_link: Set(input.tidal_link),
        fun_fact: Set(None),
        updated_at: Set(Some(now)),
        wikidata_id: Set(input.wikidata_id),
        musicbrainz_id: Set(input.musicbrainz_id),
        began_on: Set(input.began_on),
        image_author: Set(None),
        image_license: Set(None),
        image_license_url: Set(None),
        image_page_url: Set(None),
        enriched_at: Set(None),
    }
}

fn genres_json(genres: &[String]) -> String {
    serde_json::to_string(genres).expect("a list of strings serializes")
}

/// Brings one present row up to date with what the source says.
async fn update<C: ConnectionTrait>(
    db: &C,
    input: ArtistUpsert,
    before: artist::Model,
    now: i64,
) -> Result<Outcome, sea_orm::DbErr> {
    let mut row = artist::ActiveModel::from(before.clone());
    row.title = Set(input.title);
    if let Some(kind) = input.kind {
        row.kind = Set(kind);
    }
    if let Some(genres) = input.genres {
        row.genres = Set(genres_json(&genres));
    }
    if let Some(year) = input.year {
        row.year = Set(Some(year));
    }
    // The fields this import sets are its own from now on: the enrichment's
    // provenance for them goes, and so does a photo credit that no longer applies.
    let imported: Vec<&str> = [
        ("image", input.image_url.is_some()),
        ("spotify_link", input.spotify_link.is_some()),
        ("apple_link", input.apple_link.is_some()),
        ("amazon_link", input.amazon_link.is_some()),
        ("tidal_link", input.tidal_link.is_some()),
        ("solo_video_link", input.solo_video_link.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, set)| set.then_some(field))
    .collect();
    if input.image_url.is_some() && before.image_url.as_deref() != input.image_url.as_deref() {
        for credit in [
            &mut row.image_thumbnail_url,
            &mut row.image_source,
            &mut row.image_author,
            &mut row.image_license,
            &mut row.image_license_url,
            &mut row.image_page_url,
        ] {
            *credit = Set(None);
        }
    }
    let optional = [
        (&mut row.image_url, input.image_url),
        (&mut row.bio, input.bio),
        (&mut row.bio_source_link, input.bio_source_link),
        (&mut row.solo_video_link, input.solo_video_link),
        (&mut row.spotify_link, input.spotify_link),
        (&mut row.apple_link, input.apple_link),
        (&mut row.amazon_link, input.amazon_link),
        (&mut row.tidal_link, input.tidal_link),
        (&mut row.origin, input.origin),
        (&mut row.wikidata_id, input.wikidata_id),
        (&mut row.musicbrainz_id, input.musicbrainz_id),
        (&mut row.began_on, input.began_on),
    ];
    for (field, value) in optional {
        if let Some(value) = value {
            *field = Set(Some(value));
        }
    }
    // Setting a field marks it changed even to the same value: compare models.
    if row.clone().try_into_model()? == before {
        return Ok(Outcome::Unchanged);
    }
    row.updated_at = Set(Some(now));
    row.update(db).await?;
    if !imported.is_empty() {
        artist_field_source::Entity::delete_many()
            .filter(artist_field_source::Column::ArtistId.eq(before.id))
            .filter(artist_field_source::Column::Field.is_in(imported))
            .exec(db)
            .await?;
    }
    Ok(Outcome::Updated)
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
