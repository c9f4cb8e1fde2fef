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

/// The artists present, for an import to find the row a title means.
#[derive(Debug, Default, Clone)]
pub struct PresentArtists {
    ids: std::collections::HashSet<String>,
    by_title: std::collections::HashMap<String, String>,
}

impl PresentArtists {
    pub async fn load<C: ConnectionTrait>(db: &C) -> Result<Self, sea_orm::DbErr> {
        let rows: Vec<(String, String)> = artist::Entity::find()
            .select_only()
            .column(artist::Column::ExternalId)
            .column(artist::Column::Title)
            .into_tuple()
            .all(db)
            .await?;
        let mut present = PresentArtists::default();
        for (external_id, title) in rows {
            present
                .by_title
                .entry(title_key(&title))
                .or_insert_with(|| external_id.clone());
            present.ids.insert(external_id);
        }
        Ok(present)
    }

    /// The `externalId` an imported row without one updates: the row of that id when
    /// present, else a present row with the same title (case and accents aside), else
    /// the new id.
    pub fn resolve(&self, title: &str) -> String {
        let id = external_id_for(title);
        if self.ids.contains(&id) {
            return id;
        }
        self.by_title.get(&title_key(title)).cloned().unwrap_or(id)
    }
}

/// What an upsert did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct UpsertCounts {
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
}

/// Inserts new artists and brings present ones (same `externalId`) up to date.
pub async fn upsert<C: ConnectionTrait>(
    db: &C,
    artists: Vec<ArtistUpsert>,
) -> Result<UpsertCounts, sea_orm::DbErr> {
    let mut counts = UpsertCounts::default();
    for input in artists {
        let existing = artist::Entity::find()
            .filter(artist::Column::ExternalId.eq(input.external_id.as_str()))
            .one(db)
            .await?;
        let (mut row, before) = match existing {
            Some(model) => (artist::ActiveModel::from(model.clone()), Some(model)),
            None => (
                artist::ActiveModel {
                    external_id: Set(input.external_id.clone()),
                    kind: Set(input.kind.clone().unwrap_or_else(|| "band".into())),
                    genres: Set("[]".into()),
                    ..Default::default()
                },
                None,
            ),
        };
        row.title = Set(input.title.clone());
        if let Some(kind) = input.kind {
            row.kind = Set(kind);
        }
        if let Some(genres) = input.genres {
            row.genres = Set(serde_json::to_string(&genres).expect("a list of strings serializes"));
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
        let new_image = input.image_url.is_some()
            && before.as_ref().and_then(|b| b.image_url.as_deref()) != input.image_url.as_deref();
        if new_image {
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
        ];
        for (field, value) in optional {
            if let Some(value) = value {
                *field = Set(Some(value));
            }
        }
        match before {
            None => {
                row.updated_at = Set(Some(now_unix()));
                row.insert(db).await?;
                counts.inserted += 1;
            }
            // Setting a field marks it changed even to the same value: compare models.
            Some(before) if row.clone().try_into_model()? == before => counts.unchanged += 1,
            Some(before) => {
                row.updated_at = Set(Some(now_unix()));
                row.update(db).await?;
                artist_field_source::Entity::delete_many()
                    .filter(artist_field_source::Column::ArtistId.eq(before.id))
                    .filter(artist_field_source::Column::Field.is_in(imported))
                    .exec(db)
                    .await?;
                counts.updated += 1;
            }
        }
    }
    Ok(counts)
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
