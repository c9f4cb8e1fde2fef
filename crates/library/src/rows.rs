//! What the library's resources share: the clock, the date format, the checks every
//! write makes (the folder is the user's, the artist exists), and adding a row to a
//! user's list unless it is there.

use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, Select,
};
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

/// A row of a user's list to insert unless its twin is there.
pub(crate) struct NewRow<E: EntityTrait> {
    pub row: E::ActiveModel,
    /// Selects the one row the insert makes (its unique key).
    pub twin: Select<E>,
    /// The unique key's columns: an insert racing another makes one row.
    pub key: OnConflict,
}

impl<E: EntityTrait> NewRow<E>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Sync,
{
    /// One insert that lets a twin already there (or written meanwhile) stand, and the
    /// row read back.
    pub(crate) async fn insert(
        self,
        db: &impl ConnectionTrait,
    ) -> Result<(E::Model, Added), sea_orm::DbErr> {
        let inserted = E::insert(self.row)
            .on_conflict(self.key)
            .exec_without_returning(db)
            .await?;
        let row = self.twin.one(db).await?.ok_or_else(|| {
            sea_orm::DbErr::RecordNotFound("a list's row after its insert".into())
        })?;
        Ok((row, Added::by(inserted)))
    }

    /// Adds the row to the user's list (the folder, if any, theirs): the row already
    /// there, `full` as a 400 when `list` holds `max` rows, else the insert. A folder
    /// deleted meanwhile answers 404.
    pub(crate) async fn add(
        self,
        db: &DatabaseConnection,
        user: UserId,
        folder: Option<FolderId>,
        list: Select<E>,
        (max, full): (usize, String),
    ) -> ApiResult<(E::Model, Added)> {
        check_folder(db, user, folder).await?;
        if let Some(row) = self.twin.clone().one(db).await? {
            return Ok((row, Added::Existing));
        }
        if list.count(db).await? >= max as u64 {
            return Err(ApiError::bad_request(full));
        }
        match self.insert(db).await {
            Ok(added) => Ok(added),
            Err(err) => Err(explain(db, user, folder, err).await),
        }
    }
}
