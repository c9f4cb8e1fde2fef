//! The library's reads and writes, each for one user (the session's). Handlers in `api`
//! are thin adapters to these; the server's pages call the reads directly.

use std::collections::HashMap;

use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde::Serialize;
use sound_atlas_contract::catalog::Artist;
use sound_atlas_contract::library::{
    ArtistRef, Favorite, FavoriteFolder, FolderSummary, MoveFavorite, NewFavorite,
    NewVideoFavorite, VideoFavorite, VideoFavoriteCheck, MAX_FAVORITES, MAX_FOLDERS,
    MAX_FOLDER_NAME_CHARS, MAX_VIDEO_DESCRIPTION_CHARS, MAX_VIDEO_FAVORITES, MAX_VIDEO_FIELD_CHARS,
};
use sound_atlas_contract::video;
use sound_atlas_entity::{favorite, favorite_folder, video_favorite};
use sound_atlas_web::{ApiError, ApiResult};

use crate::Library;

pub const ARTIST_NOT_FOUND: &str =
    "This artist could not be found. It may have been removed or the ID is incorrect.";
pub const FOLDER_NOT_FOUND: &str = "This folder could not be found.";
pub const FAVORITE_NOT_FOUND: &str = "This favorite could not be found.";
pub const VIDEO_FAVORITE_NOT_FOUND: &str = "This video favorite could not be found.";
pub const FOLDER_NAME_REQUIRED: &str = "A folder name is required.";

/// Whether an add made a new row or found the one already there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    Created,
    Existing,
}

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

fn rfc3339(unix: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

/// A folder id as the unique keys store it (0: the top level).
fn folder_key(folder_id: Option<i32>) -> i32 {
    folder_id.unwrap_or(0)
}

/// Parses an id from a path or query (a non-number names nothing: 404 like the catalogue).
pub fn parse_id(raw: &str, not_found: &'static str) -> ApiResult<i32> {
    raw.trim()
        .parse::<i32>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::not_found(not_found))
}

/// `?folderId=`: absent or empty is the top level.
pub fn parse_folder_param(raw: Option<&str>) -> ApiResult<Option<i32>> {
    match raw.map(str::trim) {
        None | Some("") | Some("null") => Ok(None),
        Some(raw) => parse_id(raw, FOLDER_NOT_FOUND).map(Some),
    }
}

/// Characters that take no space: a name made only of these (and spaces) is empty.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}' | '\u{034F}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
        )
}

/// Characters that change how the text around them is shown (bidirectional embeddings,
/// overrides and isolates: a name could display reversed or spoof its neighbours) or
/// that are no characters at all (Unicode's noncharacters).
fn is_disguising(c: char) -> bool {
    let code = u32::from(c);
    matches!(c, '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        || (0xFDD0..=0xFDEF).contains(&code)
        || code & 0xFFFE == 0xFFFE
}

/// A folder name: trimmed, with something visible, no control, direction-override or
/// noncharacters, at most [`MAX_FOLDER_NAME_CHARS`]. Any other Unicode is kept as given
/// (the UI escapes it).
pub fn folder_name(raw: &str) -> ApiResult<String> {
    let name = raw.trim();
    if name.chars().all(is_invisible) {
        return Err(ApiError::bad_request(FOLDER_NAME_REQUIRED));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "A folder name cannot contain control characters.",
        ));
    }
    if name.chars().any(is_disguising) {
        return Err(ApiError::bad_request(
            "A folder name cannot contain direction overrides or noncharacters.",
        ));
    }
    if name.chars().count() > MAX_FOLDER_NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "A folder name can be at most {MAX_FOLDER_NAME_CHARS} characters long."
        )));
    }
    Ok(name.to_owned())
}

/// The folder, if it is this user's (another user's reads as missing: 404).
async fn owned_folder(
    db: &impl ConnectionTrait,
    user_id: i32,
    folder_id: i32,
) -> ApiResult<favorite_folder::Model> {
    favorite_folder::Entity::find_by_id(folder_id)
        .filter(favorite_folder::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or_else(|| ApiError::not_found(FOLDER_NOT_FOUND))
}

async fn check_folder(
    db: &impl ConnectionTrait,
    user_id: i32,
    folder: Option<i32>,
) -> ApiResult<()> {
    if let Some(folder_id) = folder {
        owned_folder(db, user_id, folder_id).await?;
    }
    Ok(())
}

async fn check_artist(library: &Library, artist_id: i32) -> ApiResult<()> {
    let snapshot = library.catalog().snapshot(false).await?;
    snapshot
        .get(artist_id)
        .map(|_| ())
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

fn favorite_of(row: favorite::Model) -> Favorite {
    Favorite {
        id: row.id,
        artist_id: row.artist_id,
        folder_id: row.folder_id,
        created_at: rfc3339(row.created_at),
    }
}

fn folder_summary(row: favorite_folder::Model) -> FolderSummary {
    FolderSummary {
        id: row.id,
        name: row.name,
        created_at: rfc3339(row.created_at),
    }
}

/// A video favorite as read back. Its watch page and thumbnail are the video service's
/// own addresses for its id, also for rows stored before that was enforced.
fn video_of(row: video_favorite::Model) -> VideoFavorite {
    VideoFavorite {
        artist_id: row.artist_id,
        thumbnail: video::thumbnail_url(&row.video_id),
        url: video::watch_url(&row.video_id),
        video_id: row.video_id,
        folder_id: row.folder_id,
        title: row.title,
        description: row.description,
        artist_name: row.artist_name,
        published_at: row.published_at,
    }
}

async fn find_favorite(
    db: &impl ConnectionTrait,
    user_id: i32,
    artist_id: i32,
    folder: Option<i32>,
) -> Result<Option<favorite::Model>, sea_orm::DbErr> {
    favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::ArtistId.eq(artist_id))
        .filter(favorite::Column::FolderKey.eq(folder_key(folder)))
        .one(db)
        .await
}

/// Inserts the favorite unless it exists (one statement, safe under concurrency) and
/// reads the row back.
async fn insert_favorite(
    db: &impl ConnectionTrait,
    user_id: i32,
    artist_id: i32,
    folder: Option<i32>,
) -> Result<(favorite::Model, Added), sea_orm::DbErr> {
    let row = favorite::ActiveModel {
        user_id: Set(user_id),
        artist_id: Set(artist_id),
        folder_id: Set(folder),
        folder_key: Set(folder_key(folder)),
        created_at: Set(now()),
        ..Default::default()
    };
    let inserted = favorite::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                favorite::Column::UserId,
                favorite::Column::ArtistId,
                favorite::Column::FolderKey,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    let row = find_favorite(db, user_id, artist_id, folder)
        .await?
        .ok_or_else(|| sea_orm::DbErr::RecordNotFound("favorite after insert".into()))?;
    let added = if inserted > 0 {
        Added::Created
    } else {
        Added::Existing
    };
    Ok((row, added))
}

/// After a failed write: a folder deleted meanwhile is a 404, anything else is ours.
async fn explain(
    db: &DatabaseConnection,
    user_id: i32,
    folder: Option<i32>,
    err: sea_orm::DbErr,
) -> ApiError {
    match check_folder(db, user_id, folder).await {
        Err(missing) => missing,
        Ok(()) => err.into(),
    }
}

// ---- favorites

/// The top-level favorites as artists, oldest first (the header's count is their number).
pub async fn favorites(library: &Library, user_id: i32) -> ApiResult<Vec<Artist>> {
    let rows = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::FolderKey.eq(0))
        .order_by_asc(favorite::Column::CreatedAt)
        .order_by_asc(favorite::Column::Id)
        .all(library.db())
        .await?;
    let ids: Vec<i32> = rows.iter().map(|row| row.artist_id).collect();
    Ok(library.catalog().artists(&ids).await?)
}

pub async fn add_favorite(
    library: &Library,
    user_id: i32,
    new: &NewFavorite,
) -> ApiResult<(Favorite, Added)> {
    check_artist(library, new.artist_id).await?;
    let db = library.db();
    check_folder(db, user_id, new.folder_id).await?;
    if let Some(row) = find_favorite(db, user_id, new.artist_id, new.folder_id).await? {
        return Ok((favorite_of(row), Added::Existing));
    }
    let count = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .count(db)
        .await?;
    if count >= MAX_FAVORITES as u64 {
        return Err(ApiError::bad_request(format!(
            "You can keep at most {MAX_FAVORITES} favorites. Remove some to add more."
        )));
    }
    match insert_favorite(db, user_id, new.artist_id, new.folder_id).await {
        Ok((row, added)) => Ok((favorite_of(row), added)),
        Err(err) => Err(explain(db, user_id, new.folder_id, err).await),
    }
}

pub async fn remove_favorite(
    library: &Library,
    user_id: i32,
    artist_id: i32,
    folder: Option<i32>,
) -> ApiResult<()> {
    let db = library.db();
    check_folder(db, user_id, folder).await?;
    let deleted = favorite::Entity::delete_many()
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::ArtistId.eq(artist_id))
        .filter(favorite::Column::FolderKey.eq(folder_key(folder)))
        .exec(db)
        .await?;
    if deleted.rows_affected == 0 {
        return Err(ApiError::not_found(FAVORITE_NOT_FOUND));
    }
    Ok(())
}

/// Moves an artist from one place to another in one transaction: the source row goes,
/// the target row exists afterwards (created, or the one already there).
pub async fn move_favorite(
    library: &Library,
    user_id: i32,
    request: &MoveFavorite,
) -> ApiResult<Favorite> {
    let db = library.db();
    check_folder(db, user_id, request.from_folder_id).await?;
    check_folder(db, user_id, request.to_folder_id).await?;
    if request.from_folder_id == request.to_folder_id {
        return find_favorite(db, user_id, request.artist_id, request.to_folder_id)
            .await?
            .map(favorite_of)
            .ok_or_else(|| ApiError::not_found(FAVORITE_NOT_FOUND));
    }
    let txn = db.begin().await?;
    // Write first (see the crate docs on SQLite's write lock).
    let deleted = favorite::Entity::delete_many()
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::ArtistId.eq(request.artist_id))
        .filter(favorite::Column::FolderKey.eq(folder_key(request.from_folder_id)))
        .exec(&txn)
        .await?;
    if deleted.rows_affected == 0 {
        txn.rollback().await?;
        return Err(ApiError::not_found(FAVORITE_NOT_FOUND));
    }
    match insert_favorite(&txn, user_id, request.artist_id, request.to_folder_id).await {
        Ok((row, _)) => {
            txn.commit().await?;
            Ok(favorite_of(row))
        }
        Err(err) => {
            txn.rollback().await.ok();
            Err(explain(db, user_id, request.to_folder_id, err).await)
        }
    }
}

/// The catalogue id of the artist with this `externalId` (a `[a-z0-9-]` slug); anything
/// else, or no such artist, is the catalogue's not-found.
pub async fn artist_by_external_id(library: &Library, external_id: &str) -> ApiResult<ArtistRef> {
    let slug = external_id.trim();
    let valid = !slug.is_empty()
        && slug.len() <= 200
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return Err(ApiError::not_found(ARTIST_NOT_FOUND));
    }
    let found: Option<i32> = sound_atlas_entity::artist::Entity::find()
        .select_only()
        .column(sound_atlas_entity::artist::Column::Id)
        .filter(sound_atlas_entity::artist::Column::ExternalId.eq(slug))
        .into_tuple()
        .one(library.db())
        .await?;
    found
        .map(|artist_id| ArtistRef { artist_id })
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

// ---- folders

pub async fn folders(library: &Library, user_id: i32) -> ApiResult<Vec<FavoriteFolder>> {
    let db = library.db();
    let folders = favorite_folder::Entity::find()
        .filter(favorite_folder::Column::UserId.eq(user_id))
        .order_by_asc(favorite_folder::Column::CreatedAt)
        .order_by_asc(favorite_folder::Column::Id)
        .all(db)
        .await?;
    let rows = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::FolderKey.ne(0))
        .order_by_asc(favorite::Column::CreatedAt)
        .order_by_asc(favorite::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i32> = rows.iter().map(|row| row.artist_id).collect();
    let artists: HashMap<i32, Artist> = library
        .catalog()
        .artists(&ids)
        .await?
        .into_iter()
        .map(|artist| (artist.id, artist))
        .collect();
    let mut by_folder: HashMap<i32, Vec<Artist>> = HashMap::new();
    for row in rows {
        if let Some(artist) = artists.get(&row.artist_id).cloned() {
            by_folder.entry(row.folder_key).or_default().push(artist);
        }
    }
    Ok(folders
        .into_iter()
        .map(|folder| FavoriteFolder {
            artists: by_folder.remove(&folder.id).unwrap_or_default(),
            id: folder.id,
            name: folder.name,
            created_at: rfc3339(folder.created_at),
        })
        .collect())
}

pub async fn create_folder(
    library: &Library,
    user_id: i32,
    name: &str,
) -> ApiResult<FolderSummary> {
    let name = folder_name(name)?;
    let db = library.db();
    let count = favorite_folder::Entity::find()
        .filter(favorite_folder::Column::UserId.eq(user_id))
        .count(db)
        .await?;
    if count >= MAX_FOLDERS as u64 {
        return Err(ApiError::bad_request(format!(
            "You can have at most {MAX_FOLDERS} folders. Delete one to create another."
        )));
    }
    let row = favorite_folder::ActiveModel {
        user_id: Set(user_id),
        name: Set(name),
        created_at: Set(now()),
        ..Default::default()
    };
    let row = favorite_folder::Entity::insert(row)
        .exec_with_returning(db)
        .await?;
    Ok(folder_summary(row))
}

pub async fn rename_folder(
    library: &Library,
    user_id: i32,
    folder_id: i32,
    name: &str,
) -> ApiResult<FolderSummary> {
    let name = folder_name(name)?;
    let db = library.db();
    let updated = favorite_folder::Entity::update_many()
        .col_expr(favorite_folder::Column::Name, name.into())
        .filter(favorite_folder::Column::Id.eq(folder_id))
        .filter(favorite_folder::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(ApiError::not_found(FOLDER_NOT_FOUND));
    }
    owned_folder(db, user_id, folder_id)
        .await
        .map(folder_summary)
}

/// Deletes the folder in one transaction; what it held returns to the main favorites (a
/// folder is a way of filing favorites, so deleting one never loses one). A row the top
/// level already has goes, the others move up with their dates.
pub async fn delete_folder(library: &Library, user_id: i32, folder_id: i32) -> ApiResult<()> {
    let txn = library.db().begin().await?;
    // Rows are filtered by user as well as folder: they are the user's only if the folder
    // is. Writes first (see the crate docs on SQLite's write lock); the folder's own row
    // count says at the end whether it was theirs.
    favorite::Entity::delete_many()
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::FolderId.eq(folder_id))
        .filter(
            favorite::Column::ArtistId.in_subquery(
                Query::select()
                    .column(favorite::Column::ArtistId)
                    .from(favorite::Entity)
                    .and_where(favorite::Column::UserId.eq(user_id))
                    .and_where(favorite::Column::FolderKey.eq(0))
                    .to_owned(),
            ),
        )
        .exec(&txn)
        .await?;
    favorite::Entity::update_many()
        .col_expr(favorite::Column::FolderId, Expr::value(Option::<i32>::None))
        .col_expr(favorite::Column::FolderKey, Expr::value(0))
        .filter(favorite::Column::UserId.eq(user_id))
        .filter(favorite::Column::FolderId.eq(folder_id))
        .exec(&txn)
        .await?;
    video_favorite::Entity::delete_many()
        .filter(video_favorite::Column::UserId.eq(user_id))
        .filter(video_favorite::Column::FolderId.eq(folder_id))
        .filter(
            Expr::tuple([
                Expr::col(video_favorite::Column::ArtistId).into(),
                Expr::col(video_favorite::Column::VideoId).into(),
            ])
            .in_subquery(
                Query::select()
                    .columns([
                        video_favorite::Column::ArtistId,
                        video_favorite::Column::VideoId,
                    ])
                    .from(video_favorite::Entity)
                    .and_where(video_favorite::Column::UserId.eq(user_id))
                    .and_where(video_favorite::Column::FolderKey.eq(0))
                    .to_owned(),
            ),
        )
        .exec(&txn)
        .await?;
    video_favorite::Entity::update_many()
        .col_expr(
            video_favorite::Column::FolderId,
            Expr::value(Option::<i32>::None),
        )
        .col_expr(video_favorite::Column::FolderKey, Expr::value(0))
        .filter(video_favorite::Column::UserId.eq(user_id))
        .filter(video_favorite::Column::FolderId.eq(folder_id))
        .exec(&txn)
        .await?;
    let deleted = favorite_folder::Entity::delete_many()
        .filter(favorite_folder::Column::Id.eq(folder_id))
        .filter(favorite_folder::Column::UserId.eq(user_id))
        .exec(&txn)
        .await?;
    if deleted.rows_affected == 0 {
        txn.rollback().await?;
        return Err(ApiError::not_found(FOLDER_NOT_FOUND));
    }
    txn.commit().await?;
    Ok(())
}

// ---- video favorites

/// The video service's ids are 11 characters of `[A-Za-z0-9_-]`.
pub fn video_id(raw: &str) -> ApiResult<String> {
    let id = raw.trim();
    if video::is_video_id(id) {
        Ok(id.to_owned())
    } else {
        Err(ApiError::bad_request("Invalid YouTube URL"))
    }
}

fn field(name: &str, value: &str, max: usize) -> ApiResult<String> {
    if value.chars().count() > max {
        return Err(ApiError::bad_request(format!(
            "The video's {name} can be at most {max} characters long."
        )));
    }
    if value.contains('\0') {
        return Err(ApiError::bad_request(format!(
            "The video's {name} cannot contain a NUL character."
        )));
    }
    Ok(value.to_owned())
}

async fn find_video(
    db: &impl ConnectionTrait,
    user_id: i32,
    artist_id: i32,
    video_id: &str,
    folder: Option<i32>,
) -> Result<Option<video_favorite::Model>, sea_orm::DbErr> {
    video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user_id))
        .filter(video_favorite::Column::ArtistId.eq(artist_id))
        .filter(video_favorite::Column::VideoId.eq(video_id))
        .filter(video_favorite::Column::FolderKey.eq(folder_key(folder)))
        .one(db)
        .await
}

pub async fn video_favorites(library: &Library, user_id: i32) -> ApiResult<Vec<VideoFavorite>> {
    Ok(video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user_id))
        .order_by_asc(video_favorite::Column::CreatedAt)
        .order_by_asc(video_favorite::Column::Id)
        .all(library.db())
        .await?
        .into_iter()
        .map(video_of)
        .collect())
}

pub async fn check_video(
    library: &Library,
    user_id: i32,
    artist_id: i32,
    video_id: &str,
) -> ApiResult<VideoFavoriteCheck> {
    // The top level first (key 0), then the oldest folder.
    let row = video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user_id))
        .filter(video_favorite::Column::ArtistId.eq(artist_id))
        .filter(video_favorite::Column::VideoId.eq(video_id))
        .order_by_asc(video_favorite::Column::FolderKey)
        .one(library.db())
        .await?;
    Ok(VideoFavoriteCheck {
        is_favorited: row.is_some(),
        folder_id: row.and_then(|row| row.folder_id),
    })
}

pub async fn add_video(
    library: &Library,
    user_id: i32,
    new: &NewVideoFavorite,
) -> ApiResult<(VideoFavorite, Added)> {
    let video = video_id(&new.video_id)?;
    let title = field("title", &new.title, MAX_VIDEO_FIELD_CHARS)?;
    let description = field("description", &new.description, MAX_VIDEO_DESCRIPTION_CHARS)?;
    // The addresses come from the id, whatever the body says: a client's `javascript:`,
    // `data:` or other host is never stored nor shown.
    let (thumbnail, url) = (video::thumbnail_url(&video), video::watch_url(&video));
    let artist_name = field("artist name", &new.artist_name, MAX_VIDEO_FIELD_CHARS)?;
    let published_at = field("publication date", &new.published_at, MAX_VIDEO_FIELD_CHARS)?;
    check_artist(library, new.artist_id).await?;
    let db = library.db();
    check_folder(db, user_id, new.folder_id).await?;
    if let Some(row) = find_video(db, user_id, new.artist_id, &video, new.folder_id).await? {
        return Ok((video_of(row), Added::Existing));
    }
    let count = video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user_id))
        .count(db)
        .await?;
    if count >= MAX_VIDEO_FAVORITES as u64 {
        return Err(ApiError::bad_request(format!(
            "You can keep at most {MAX_VIDEO_FAVORITES} video favorites. Remove some to add more."
        )));
    }
    let row = video_favorite::ActiveModel {
        user_id: Set(user_id),
        artist_id: Set(new.artist_id),
        video_id: Set(video.clone()),
        folder_id: Set(new.folder_id),
        folder_key: Set(folder_key(new.folder_id)),
        title: Set(title),
        description: Set(description),
        thumbnail: Set(thumbnail),
        url: Set(url),
        artist_name: Set(artist_name),
        published_at: Set(published_at),
        created_at: Set(now()),
        ..Default::default()
    };
    let inserted = video_favorite::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                video_favorite::Column::UserId,
                video_favorite::Column::ArtistId,
                video_favorite::Column::VideoId,
                video_favorite::Column::FolderKey,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(db)
        .await;
    let inserted = match inserted {
        Ok(rows) => rows,
        Err(err) => return Err(explain(db, user_id, new.folder_id, err).await),
    };
    let row = find_video(db, user_id, new.artist_id, &video, new.folder_id)
        .await?
        .ok_or_else(|| ApiError::internal("video favorite missing after insert"))?;
    let added = if inserted > 0 {
        Added::Created
    } else {
        Added::Existing
    };
    Ok((video_of(row), added))
}

pub async fn remove_video(
    library: &Library,
    user_id: i32,
    artist_id: i32,
    video_id: &str,
    folder: Option<i32>,
) -> ApiResult<()> {
    let db = library.db();
    check_folder(db, user_id, folder).await?;
    let deleted = video_favorite::Entity::delete_many()
        .filter(video_favorite::Column::UserId.eq(user_id))
        .filter(video_favorite::Column::ArtistId.eq(artist_id))
        .filter(video_favorite::Column::VideoId.eq(video_id))
        .filter(video_favorite::Column::FolderKey.eq(folder_key(folder)))
        .exec(db)
        .await?;
    if deleted.rows_affected == 0 {
        return Err(ApiError::not_found(VIDEO_FAVORITE_NOT_FOUND));
    }
    Ok(())
}

// ---- data export

/// The user's library as the data export lists it (favorites, folders,
/// videoFavorites). The server composition hands it to the accounts export.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryExport {
    pub favorites: Vec<serde_json::Value>,
    pub folders: Vec<serde_json::Value>,
    pub video_favorites: Vec<serde_json::Value>,
}

/// Everything the user keeps in their library, for the data export.
pub async fn export(library: &Library, user_id: i32) -> ApiResult<LibraryExport> {
    let rows = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .order_by_asc(favorite::Column::Id)
        .all(library.db())
        .await?;
    let snapshot = library.catalog().snapshot(false).await?;
    let favorites = rows
        .into_iter()
        .map(|row| {
            let title = snapshot.get(row.artist_id).map(|a| a.title.to_string());
            serde_json::json!({
                "artistId": row.artist_id,
                "artistTitle": title,
                "folderId": row.folder_id,
                "createdAt": rfc3339(row.created_at),
            })
        })
        .collect();
    let folders = folders(library, user_id)
        .await?
        .into_iter()
        .map(|folder| {
            serde_json::json!({
                "id": folder.id,
                "name": folder.name,
                "createdAt": folder.created_at,
                "artistIds": folder.artists.iter().map(|a| a.id).collect::<Vec<_>>(),
            })
        })
        .collect();
    let video_favorites = video_favorites(library, user_id)
        .await?
        .into_iter()
        .map(|video| serde_json::to_value(video).unwrap_or_default())
        .collect();
    Ok(LibraryExport {
        favorites,
        folders,
        video_favorites,
    })
}
