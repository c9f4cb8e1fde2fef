//! What the enrichment found about artists, written through the one writer (`write`)
//! with its provenance, and where each field came from, read back for the artist page
//! (the lists themselves are `artist_lists`).
//!
//! Each field written records its source and when (`artist_field_sources`): when a
//! service was read, or when the editors wrote it. The enrichment leaves the editors'
//! values (the seed's, a sheet's) unless forced. Streaming links that open the service's search
//! (what the seed writes: it knows which services carry an artist, not their ids) are
//! placeholders, not facts, and give way to a link to the artist's own page.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use sound_atlas_entity::{artist, artist_field_source};

use crate::built_sql::BuiltSql;
use crate::write::{self, ArtistUpsert, Field, Outcome, Overwrite, Source, Sourced};

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

/// Who gave one of an artist's fields, and when (unix seconds: when the service was
/// read, or when the editors wrote it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSource {
    pub field: Field,
    pub source: Source,
    pub at: i64,
}

/// Who gave each recorded field of artist `id`, by field.
pub async fn sources_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<Vec<FieldSource>, sea_orm::DbErr> {
    static OF_ARTIST: BuiltSql = BuiltSql::new();
    let statement = OF_ARTIST.statement(db, 0, vec![id.into()], || {
        artist_field_source::Entity::find()
            .filter(artist_field_source::Column::ArtistId.eq(id))
            .order_by_asc(artist_field_source::Column::Field)
    });
    Ok(artist_field_source::Entity::find()
        .from_raw_sql(statement)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|s| {
            Some(FieldSource {
                field: Field::of_name(&s.field)?,
                source: Source::of_name(&s.source)?,
                at: s.retrieved_at,
            })
        })
        .collect())
}
