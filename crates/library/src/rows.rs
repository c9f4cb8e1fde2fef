//! What the library's resources share: the clock, the date format, and the checks every
//! write makes (the folder is the user's, the artist exists).

use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter};
use sound_atlas_catalog::params::ARTIST_NOT_FOUND;
use sound_atlas_entity::favorite_folder;
use sound_atlas_web::{self as web, ApiError, ApiResult};

use crate::ids::{ArtistId, FolderId, UserId, FOLDER_NOT_FOUND};
use crate::Library;

/// Whether an add made a new row or found the one already there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    Created,
    Existing,
}

impl Added {
    pub(crate) fn by(rows_inserted: u64) -> Added {
        if rows_inserted > 0 {
            Added::Created
        } else {
            Added::Existing
        }
    }
}

/// An add's answer: 201 when it made the row, 200 when the row was there.
pub(crate) fn answer<T>((value, added): (T, Added)) -> web::Added<T> {
    web::Added {
        value,
        created: added == Added::Created,
    }
}

pub(crate) fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

pub(crate) fn rfc3339(unix: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

/// The folder, if it is this user's (another user's reads as missing: 404).
pub(crate) async fn owned_folder(
    db: &impl ConnectionTrait,
    user: UserId,
    folder: FolderId,
) -> ApiResult<favorite_folder::Model> {
    favorite_folder::Entity::find_by_id(folder.get())
        .filter(favorite_folder::Column::UserId.eq(user.get()))
        .one(db)
        .await?
        .ok_or_else(|| ApiError::not_found(FOLDER_NOT_FOUND))
}

/// A folder given with a request is the user's (none: the top level).
pub(crate) async fn check_folder(
    db: &impl ConnectionTrait,
    user: UserId,
    folder: Option<FolderId>,
) -> ApiResult<()> {
    if let Some(folder) = folder {
        owned_folder(db, user, folder).await?;
    }
    Ok(())
}

pub(crate) async fn check_artist(library: &Library, artist: ArtistId) -> ApiResult<()> {
    let snapshot = library.catalog().snapshot(false).await?;
    snapshot
        .get(artist.get())
        .map(|_| ())
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

/// After a failed write: a folder deleted meanwhile is a 404, anything else is ours.
pub(crate) async fn explain(
    db: &DatabaseConnection,
    user: UserId,
    folder: Option<FolderId>,
    err: sea_orm::DbErr,
) -> ApiError {
    match check_folder(db, user, folder).await {
        Err(missing) => missing,
        Ok(()) => err.into(),
    }
}
