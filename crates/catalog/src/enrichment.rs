//! What the enrichment found about artists, written through the one writer (`write`)
//! with its provenance, and read back for the artist page: the albums and members
//! lists, and where each field came from.
//!
//! Each enriched field records its source and when it was read (`artist_field_sources`).
//! A field that has a value but no such row was set by the seed or an import: the
//! enrichment leaves it unless forced. Streaming links that open the service's search
//! (what the seed writes: it knows which services carry an artist, not their ids) are
//! placeholders, not facts, and give way to a link to the artist's own page.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
};
use sound_atlas_contract::catalog::YearPrecision;
use sound_atlas_entity::{artist, artist_album, artist_field_source, artist_member};

use crate::write::{self, ArtistUpsert, Field, Outcome, Overwrite, Source, Sourced};

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

/// What applying an enrichment did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Applied {
    pub changed: bool,
    /// Fields the sources had a value for but the seed or an import had set (not forced).
    pub kept: Vec<Field>,
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
/// seconds; its `externalId` is the row's) and marks the artist read. Call it in a
/// transaction: an artist is written whole or not at all.
pub async fn apply<C: ConnectionTrait>(
    db: &C,
    id: i32,
    found: ArtistUpsert,
    retrieved_at: i64,
    force: bool,
) -> Result<Applied, sea_orm::DbErr> {
    let Some(row) = artist::Entity::find_by_id(id).one(db).await? else {
        return Ok(Applied::default());
    };
    let overwrite = if force {
        Overwrite::Always
    } else {
        Overwrite::ServicesOnly
    };
    let found = ArtistUpsert {
        external_id: row.external_id,
        ..found
    };
    let written = write::write(db, vec![found], overwrite, retrieved_at).await?;
    artist::Entity::update_many()
        .col_expr(artist::Column::EnrichedAt, Expr::value(retrieved_at))
        .filter(artist::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(written
        .into_iter()
        .next()
        .map(|w| Applied {
            changed: w.outcome != Outcome::Unchanged,
            kept: w.kept,
        })
        .unwrap_or_default())
}

pub(crate) async fn albums_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<Vec<Album>, sea_orm::DbErr> {
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

pub(crate) async fn replace_albums<C: ConnectionTrait>(
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
    source: Source,
    retrieved_at: i64,
) -> Result<bool, sea_orm::DbErr> {
    let Some(row) = artist::Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
    };
    if bio.trim().is_empty() {
        return Ok(false);
    }
    let found = ArtistUpsert {
        external_id: row.external_id,
        bio: Some(Sourced::new(bio, source)),
        ..ArtistUpsert::default()
    };
    let written = write::write(db, vec![found], Overwrite::EmptyOnly, retrieved_at).await?;
    Ok(written.iter().any(|w| w.outcome == Outcome::Updated))
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
