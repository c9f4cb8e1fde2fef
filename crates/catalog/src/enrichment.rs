//! What the enrichment found about artists, written with its provenance, and read back
//! for the artist page.
//!
//! Each enriched field records its source and when it was read (`artist_field_sources`).
//! A field that has a value but no such row was set by the seed or an import: the
//! enrichment leaves it unless forced. Streaming links that open the service's search
//! (what the seed writes: it knows which services carry an artist, not their ids) are
//! placeholders, not facts, and give way to a link to the artist's own page.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
    QueryOrder, TryIntoModel,
};
use sound_atlas_contract::catalog::YearPrecision;
use sound_atlas_entity::{artist, artist_album, artist_field_source, artist_member};

use crate::write::now_unix;

/// A value and the service it came from ("wikidata", "musicbrainz", "commons").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sourced<T> {
    pub value: T,
    pub source: &'static str,
}

impl<T> Sourced<T> {
    pub fn new(value: T, source: &'static str) -> Self {
        Sourced { value, source }
    }
}

/// A photo with the credit its licence asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditedImage {
    /// A rendition sized for the page (cards use it too: no separate thumbnail).
    pub url: String,
    /// Plain text.
    pub author: String,
    pub license: String,
    pub license_url: Option<String>,
    /// The file's description page.
    pub page_url: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Album {
    pub title: String,
    pub year: Option<i32>,
    pub musicbrainz_id: Option<String>,
}

/// One spell of a person in a band.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemberSpell {
    pub name: String,
    /// The language of `name` when it is not English ("ja").
    pub name_language: Option<String>,
    pub begin_year: Option<i32>,
    pub begin_precision: YearPrecision,
    pub end_year: Option<i32>,
    pub end_precision: YearPrecision,
    /// Whether the spell is over: an end is stated, even when its date is unknown.
    pub ended: bool,
    pub roles: Vec<String>,
}

/// Everything the sources said about one artist; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArtistEnrichment {
    pub wikidata_id: Option<Sourced<String>>,
    pub musicbrainz_id: Option<Sourced<String>>,
    pub began_on: Option<Sourced<String>>,
    pub real_name: Option<Sourced<String>>,
    pub image: Option<Sourced<CreditedImage>>,
    pub spotify_link: Option<Sourced<String>>,
    pub apple_link: Option<Sourced<String>>,
    pub amazon_link: Option<Sourced<String>>,
    pub tidal_link: Option<Sourced<String>>,
    /// The artist's channel on the video service.
    pub solo_video_link: Option<Sourced<String>>,
    /// Studio albums, in release order.
    pub albums: Option<Sourced<Vec<Album>>>,
    pub members: Option<Sourced<Vec<MemberSpell>>>,
}

/// What applying an enrichment did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Applied {
    pub changed: bool,
    /// Fields the sources had a value for but the seed or an import had set (not forced).
    pub kept: Vec<&'static str>,
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

/// An artist the enrichment can read about: one with an encyclopedia link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub id: i32,
    pub title: String,
    pub bio_source_link: String,
    pub band: bool,
    pub has_bio: bool,
}

/// Artists with a biography source link, by id, leaving out those read since
/// `read_since` (unix seconds; `None`: every one).
pub async fn targets<C: ConnectionTrait>(
    db: &C,
    read_since: Option<i64>,
) -> Result<Vec<Target>, sea_orm::DbErr> {
    let rows = artist::Entity::find()
        .filter(artist::Column::BioSourceLink.is_not_null())
        .order_by_asc(artist::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter(|r| match (read_since, r.enriched_at) {
            (Some(since), Some(at)) => at < since,
            _ => true,
        })
        .filter_map(|r| {
            let link = r.bio_source_link.filter(|l| !l.trim().is_empty())?;
            Some(Target {
                id: r.id,
                title: r.title,
                bio_source_link: link,
                band: r.kind == "band",
                has_bio: r.bio.is_some_and(|b| !b.trim().is_empty()),
            })
        })
        .collect())
}

/// Writes what the sources said about artist `id` (read at `retrieved_at`, unix
/// seconds) and marks the artist read. Call it in a transaction: an artist is written
/// whole or not at all.
pub async fn apply<C: ConnectionTrait>(
    db: &C,
    id: i32,
    found: ArtistEnrichment,
    retrieved_at: i64,
    force: bool,
) -> Result<Applied, sea_orm::DbErr> {
    let Some(before) = artist::Entity::find_by_id(id).one(db).await? else {
        return Ok(Applied::default());
    };
    let sources: HashMap<String, artist_field_source::Model> = artist_field_source::Entity::find()
        .filter(artist_field_source::Column::ArtistId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.field.clone(), s))
        .collect();
    let mut applied = Applied::default();
    // (field, source, whether its value changed)
    let mut provenance: Vec<(&'static str, &'static str, bool)> = Vec::new();
    // May the enrichment write `field`, whose present value is `present`?
    let mut writable = |field: &'static str, present: Option<&str>, placeholder: bool| {
        let empty = present.is_none_or(|v| v.trim().is_empty());
        let ok = force || empty || placeholder || sources.contains_key(field);
        if !ok {
            applied.kept.push(field);
        }
        ok
    };
    let mut row = artist::ActiveModel::from(before.clone());
    macro_rules! scalar {
        ($field:ident, $name:literal, $placeholder:expr) => {
            if let Some(found) = found.$field {
                let present = before.$field.as_deref();
                if writable($name, present, present.is_some_and($placeholder)) {
                    let changed = present != Some(found.value.as_str());
                    if changed {
                        row.$field = Set(Some(found.value));
                    }
                    provenance.push(($name, found.source, changed));
                }
            }
        };
    }
    let never = |_: &str| false;
    scalar!(wikidata_id, "wikidata_id", never);
    scalar!(musicbrainz_id, "musicbrainz_id", never);
    scalar!(began_on, "began_on", never);
    scalar!(real_name, "real_name", never);
    scalar!(spotify_link, "spotify_link", is_search_link);
    scalar!(apple_link, "apple_link", is_search_link);
    scalar!(amazon_link, "amazon_link", is_search_link);
    scalar!(tidal_link, "tidal_link", is_search_link);
    scalar!(solo_video_link, "solo_video_link", never);
    if let Some(image) = found.image {
        if writable("image", before.image_url.as_deref(), false) {
            let image_value = image.value;
            let changed = (
                before.image_url.as_deref(),
                before.image_author.as_deref(),
                before.image_license.as_deref(),
                before.image_license_url.as_deref(),
            ) != (
                Some(image_value.url.as_str()),
                Some(image_value.author.as_str()),
                Some(image_value.license.as_str()),
                image_value.license_url.as_deref(),
            );
            row.image_url = Set(Some(image_value.url));
            row.image_thumbnail_url = Set(None);
            row.image_source = Set(Some(IMAGE_SOURCE.to_owned()));
            row.image_author = Set(Some(image_value.author));
            row.image_license = Set(Some(image_value.license));
            row.image_license_url = Set(image_value.license_url);
            row.image_page_url = Set(Some(image_value.page_url));
            provenance.push(("image", image.source, changed));
        }
    }
    let content_changed = row.clone().try_into_model()? != before;
    let mut lists_changed = false;
    if let Some(albums) = found.albums.filter(|a| !a.value.is_empty()) {
        let present = albums_of(db, id).await?;
        if writable("albums", (!present.is_empty()).then_some("albums"), false) {
            let changed = replace_albums(db, id, &present, albums.value).await?;
            lists_changed |= changed;
            provenance.push(("albums", albums.source, changed));
        }
    }
    if let Some(members) = found.members.filter(|m| !m.value.is_empty()) {
        let present = members_of(db, id).await?;
        if writable("members", (!present.is_empty()).then_some("members"), false) {
            let changed = replace_members(db, id, &present, members.value).await?;
            lists_changed |= changed;
            provenance.push(("members", members.source, changed));
        }
    }
    applied.changed = content_changed || lists_changed;
    if applied.changed {
        row.updated_at = Set(Some(now_unix()));
    }
    row.enriched_at = Set(Some(retrieved_at));
    row.update(db).await?;
    // A source row is (re)written when its field changed or had none from this source:
    // a rerun that finds the same values writes nothing new.
    for (field, source, changed) in provenance {
        if !changed && sources.get(field).is_some_and(|s| s.source == source) {
            continue;
        }
        record_source(db, id, field, source, retrieved_at).await?;
    }
    Ok(applied)
}

/// The image source recorded for photos from Commons ("Source: Wikimedia").
pub const IMAGE_SOURCE: &str = "wikimedia";

async fn albums_of<C: ConnectionTrait>(db: &C, id: i32) -> Result<Vec<Album>, sea_orm::DbErr> {
    Ok(artist_album::Entity::find()
        .filter(artist_album::Column::ArtistId.eq(id))
        .order_by_asc(artist_album::Column::Position)
        .all(db)
        .await?
        .into_iter()
        .map(|a| Album {
            title: a.title,
            year: a.year,
            musicbrainz_id: a.musicbrainz_id,
        })
        .collect())
}

pub async fn members_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<Vec<MemberSpell>, sea_orm::DbErr> {
    Ok(artist_member::Entity::find()
        .filter(artist_member::Column::ArtistId.eq(id))
        .order_by_asc(artist_member::Column::Position)
        .all(db)
        .await?
        .into_iter()
        .map(|m| MemberSpell {
            roles: serde_json::from_str(&m.roles).unwrap_or_default(),
            name: m.name,
            name_language: m.name_language,
            begin_year: m.begin_year,
            begin_precision: YearPrecision::from_name(&m.begin_precision),
            end_year: m.end_year,
            end_precision: YearPrecision::from_name(&m.end_precision),
            ended: m.ended,
        })
        .collect())
}

async fn replace_albums<C: ConnectionTrait>(
    db: &C,
    id: i32,
    present: &[Album],
    albums: Vec<Album>,
) -> Result<bool, sea_orm::DbErr> {
    if present == albums.as_slice() {
        return Ok(false);
    }
    artist_album::Entity::delete_many()
        .filter(artist_album::Column::ArtistId.eq(id))
        .exec(db)
        .await?;
    let rows = albums
        .into_iter()
        .enumerate()
        .map(|(i, a)| artist_album::ActiveModel {
            artist_id: Set(id),
            title: Set(a.title),
            year: Set(a.year),
            musicbrainz_id: Set(a.musicbrainz_id),
            position: Set(i as i32),
            ..Default::default()
        });
    artist_album::Entity::insert_many(rows).exec(db).await?;
    Ok(true)
}

pub async fn replace_members<C: ConnectionTrait>(
    db: &C,
    id: i32,
    present: &[MemberSpell],
    members: Vec<MemberSpell>,
) -> Result<bool, sea_orm::DbErr> {
    if present == members.as_slice() {
        return Ok(false);
    }
    artist_member::Entity::delete_many()
        .filter(artist_member::Column::ArtistId.eq(id))
        .exec(db)
        .await?;
    let rows = members
        .into_iter()
        .enumerate()
        .map(|(i, m)| artist_member::ActiveModel {
            artist_id: Set(id),
            name: Set(m.name),
            name_language: Set(m.name_language),
            begin_year: Set(m.begin_year),
            begin_precision: Set(m.begin_precision.as_str().to_owned()),
            end_year: Set(m.end_year),
            end_precision: Set(m.end_precision.as_str().to_owned()),
            ended: Set(m.ended),
            roles: Set(serde_json::to_string(&m.roles).expect("a list of strings serializes")),
            position: Set(i as i32),
            ..Default::default()
        });
    artist_member::Entity::insert_many(rows).exec(db).await?;
    Ok(true)
}

/// Sets artist `id`'s biography from `source` where it has none. Returns whether it did.
pub async fn fill_bio<C: ConnectionTrait>(
    db: &C,
    id: i32,
    bio: String,
    source: &'static str,
    retrieved_at: i64,
) -> Result<bool, sea_orm::DbErr> {
    let Some(before) = artist::Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
    };
    if before.bio.as_deref().is_some_and(|b| !b.trim().is_empty()) || bio.trim().is_empty() {
        return Ok(false);
    }
    let mut row = artist::ActiveModel::from(before);
    row.bio = Set(Some(bio));
    row.updated_at = Set(Some(now_unix()));
    row.update(db).await?;
    record_source(db, id, "bio", source, retrieved_at).await?;
    Ok(true)
}

async fn record_source<C: ConnectionTrait>(
    db: &C,
    id: i32,
    field: &str,
    source: &str,
    retrieved_at: i64,
) -> Result<(), sea_orm::DbErr> {
    record_sources(db, vec![(id, field)], source, retrieved_at).await
}

/// Records that `source` set each (artist, field), read at `retrieved_at`, with one
/// statement.
pub async fn record_sources<C: ConnectionTrait>(
    db: &C,
    fields: Vec<(i32, &str)>,
    source: &str,
    retrieved_at: i64,
) -> Result<(), sea_orm::DbErr> {
    if fields.is_empty() {
        return Ok(());
    }
    let records = fields
        .into_iter()
        .map(|(id, field)| artist_field_source::ActiveModel {
            artist_id: Set(id),
            field: Set(field.to_owned()),
            source: Set(source.to_owned()),
            retrieved_at: Set(retrieved_at),
        });
    artist_field_source::Entity::insert_many(records)
        .on_conflict(
            sea_orm::sea_query::OnConflict::columns([
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
    Ok(())
}

/// Where each enriched field of artist `id` came from: (field, source, unix seconds).
pub async fn sources_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<Vec<(String, String, i64)>, sea_orm::DbErr> {
    Ok(artist_field_source::Entity::find()
        .filter(artist_field_source::Column::ArtistId.eq(id))
        .order_by_asc(artist_field_source::Column::Field)
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.field, s.source, s.retrieved_at))
        .collect())
}

/// The enriched lists of one artist, for its page: albums and member spells.
pub async fn lists_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<(Vec<Album>, Vec<MemberSpell>), sea_orm::DbErr> {
    Ok((albums_of(db, id).await?, members_of(db, id).await?))
}

#[cfg(test)]
mod tests {
    use super::is_search_link;

    #[test]
    fn search_links_are_told_from_artist_pages() {
        for search in [
            "https://open.spotify.com/search/Fixture%20Band",
            "https://music.apple.com/us/search?term=Fixture",
            "https://music.amazon.com/search/Fixture",
            "https://tidal.com/search?q=Fixture",
        ] {
            assert!(is_search_link(search), "{search}");
        }
        for page in [
            "https://open.spotify.com/artist/1dfeR4HaWDbWqFHLkxsg1d",
            "https://music.apple.com/us/artist/3296287",
            "https://music.amazon.com/artists/B000QJO5KA",
            "https://tidal.com/browse/artist/3995?from=search",
        ] {
            assert!(!is_search_link(page), "{page}");
        }
    }
}
