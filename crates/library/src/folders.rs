//! Favorite folders: `/api/favorite-folders...`. A folder is a way of filing favorites:
//! deleting one never loses one.

use std::collections::HashMap;

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};
use sound_atlas_accounts::Accounts;
use sound_atlas_contract::catalog::Artist;
use sound_atlas_contract::library::{
    api, FavoriteFolder, FolderSummary, NewFolder, MAX_FOLDERS, MAX_FOLDER_NAME_CHARS,
};
use sound_atlas_entity::{favorite, favorite_folder, video_favorite};
use sound_atlas_web::{ApiError, ApiResult, Created, Input, NoContent, OperationRoutes, Path};

use crate::ids::{FolderId, UserId, FOLDER_NOT_FOUND};
use crate::rows::{now, owned_folder, rfc3339};
use crate::Library;

pub const FOLDER_NAME_REQUIRED: &str = "A folder name is required.";

pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Library: FromRef<S>,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::FOLDERS, list)
        .operation(&api::CREATE_FOLDER, create)
        .operation(&api::RENAME_FOLDER, rename)
        .operation(&api::DELETE_FOLDER, delete)
}

async fn list(
    State(library): State<Library>,
    user: UserId,
) -> ApiResult<Json<Vec<FavoriteFolder>>> {
    folders(&library, user).await.map(Json)
}

async fn create(
    State(library): State<Library>,
    user: UserId,
    Input { value, .. }: Input<NewFolder>,
) -> ApiResult<Created<FolderSummary>> {
    create_folder(&library, user, &value.name)
        .await
        .map(Created)
}

async fn rename(
    State(library): State<Library>,
    user: UserId,
    Path(folder): Path<FolderId>,
    Input { value, .. }: Input<NewFolder>,
) -> ApiResult<Json<FolderSummary>> {
    rename_folder(&library, user, folder, &value.name)
        .await
        .map(Json)
}

async fn delete(
    State(library): State<Library>,
    user: UserId,
    Path(folder): Path<FolderId>,
) -> ApiResult<NoContent> {
    delete_folder(&library, user, folder).await?;
    Ok(NoContent)
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

fn folder_summary(row: favorite_folder::Model) -> FolderSummary {
    FolderSummary {
        id: row.id,
        name: row.name,
        created_at: rfc3339(row.created_at),
    }
}

/// The user's folders, oldest first, each with its artists (oldest filed first).
pub async fn folders(library: &Library, user: UserId) -> ApiResult<Vec<FavoriteFolder>> {
    let db = library.db();
    let folders = favorite_folder::Entity::find()
        .filter(favorite_folder::Column::UserId.eq(user.get()))
        .order_by_asc(favorite_folder::Column::CreatedAt)
        .order_by_asc(favorite_folder::Column::Id)
        .all(db)
        .await?;
    let rows = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user.get()))
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
    user: UserId,
    name: &str,
) -> ApiResult<FolderSummary> {
    let name = folder_name(name)?;
    let db = library.db();
    let count = favorite_folder::Entity::find()
        .filter(favorite_folder::Column::UserId.eq(user.get()))
        .count(db)
        .await?;
    if count >= MAX_FOLDERS as u64 {
        return Err(ApiError::bad_request(format!(
            "You can have at most {MAX_FOLDERS} folders. Delete one to create another."
        )));
    }
    let row = favorite_folder::ActiveModel {
        user_id: Set(user.get()),
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
    user: UserId,
    folder: FolderId,
    name: &str,
) -> ApiResult<FolderSummary> {
    let name = folder_name(name)?;
    let db = library.db();
    let updated = favorite_folder::Entity::update_many()
        .col_expr(favorite_folder::Column::Name, name.into())
        .filter(favorite_folder::Column::Id.eq(folder.get()))
        .filter(favorite_folder::Column::UserId.eq(user.get()))
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(ApiError::not_found(FOLDER_NOT_FOUND));
    }
    owned_folder(db, user, folder).await.map(folder_summary)
}

/// Deletes the folder in one transaction; what it held returns to the main favorites (a
/// folder is a way of filing favorites, so deleting one never loses one). A row the top
/// level already has goes, the others move up with their dates.
pub async fn delete_folder(library: &Library, user: UserId, folder: FolderId) -> ApiResult<()> {
    let (user_id, folder_id) = (user.get(), folder.get());
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
