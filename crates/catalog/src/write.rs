//! The catalogue's write API for importers: upsert artists by `externalId`, and set
//! what the encyclopedia enrichment found. Callers pass their transaction, so an
//! import commits whole or changes nothing.

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
    TryIntoModel,
};
use sound_atlas_entity::artist;

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
            Some(_) => {
                row.updated_at = Set(Some(now_unix()));
                row.update(db).await?;
                counts.updated += 1;
            }
        }
    }
    Ok(counts)
}

/// An artist the encyclopedia enrichment can work on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnrichmentTarget {
    pub id: i32,
    pub title: String,
    pub bio_source_link: String,
    pub has_bio: bool,
}

/// Every artist with a biography source link, by id.
pub async fn enrichment_targets<C: ConnectionTrait>(
    db: &C,
) -> Result<Vec<EnrichmentTarget>, sea_orm::DbErr> {
    let mut rows = artist::Entity::find()
        .filter(artist::Column::BioSourceLink.is_not_null())
        .all(db)
        .await?;
    rows.sort_by_key(|r| r.id);
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let link = r.bio_source_link.filter(|l| !l.trim().is_empty())?;
            Some(EnrichmentTarget {
                id: r.id,
                title: r.title,
                bio_source_link: link,
                has_bio: r.bio.is_some_and(|b| !b.trim().is_empty()),
            })
        })
        .collect())
}

/// What the encyclopedia says about one artist.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Enrichment {
    pub image_url: Option<String>,
    pub image_thumbnail_url: Option<String>,
    /// e.g. "wikimedia".
    pub image_source: Option<String>,
    /// Used only where the artist has no biography yet.
    pub summary: Option<String>,
}

/// Applies an enrichment to one artist. Returns whether anything changed.
pub async fn enrich<C: ConnectionTrait>(
    db: &C,
    id: i32,
    enrichment: Enrichment,
) -> Result<bool, sea_orm::DbErr> {
    let Some(before) = artist::Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
    };
    let mut row = artist::ActiveModel::from(before.clone());
    if let Some(url) = enrichment.image_url {
        row.image_url = Set(Some(url));
        row.image_thumbnail_url = Set(enrichment.image_thumbnail_url);
        row.image_source = Set(enrichment.image_source);
    }
    let has_bio = before.bio.as_deref().is_some_and(|b| !b.trim().is_empty());
    if let (false, Some(summary)) = (has_bio, enrichment.summary) {
        row.bio = Set(Some(summary));
    }
    if row.clone().try_into_model()? == before {
        return Ok(false);
    }
    row.updated_at = Set(Some(now_unix()));
    row.update(db).await?;
    Ok(true)
}

/// Now, as the `updated_at` columns store it (unix seconds).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
