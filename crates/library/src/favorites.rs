//! Favorite artists, at the top level or in a folder: `/api/favorites...`.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select,
    TransactionTrait,
};
use sound_atlas_accounts::Accounts;
use sound_atlas_catalog::params::ARTIST_NOT_FOUND;
use sound_atlas_contract::catalog::Artist;
use sound_atlas_contract::library::{
    api, ArtistRef, Favorite, MoveFavorite, NewFavorite, MAX_FAVORITES,
};
use sound_atlas_entity::favorite;
use sound_atlas_web::{
    self as web, ApiError, ApiResult, Input, NoContent, OperationRoutes, Path, Query,
};

use crate::ids::{folder_key, ArtistId, FolderId, InFolder, UserId};
use crate::rows::{self, check_artist, check_folder, explain, now, rfc3339, Added};
use crate::Library;

pub const FAVORITE_NOT_FOUND: &str = "This favorite could not be found.";

pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Library: FromRef<S>,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::FAVORITES, list)
        .operation(&api::ADD_FAVORITE, add)
        .operation(&api::MOVE_FAVORITE, move_to)
        .operation(&api::REMOVE_FAVORITE, remove)
        .operation(&api::ARTIST_BY_EXTERNAL_ID, artist_by_external_id)
}

async fn list(State(library): State<Library>, user: UserId) -> ApiResult<Json<Vec<Artist>>> {
    favorites(&library, user).await.map(Json)
}

async fn add(
    State(library): State<Library>,
    user: UserId,
    Input { value, .. }: Input<NewFavorite>,
) -> ApiResult<web::Added<Favorite>> {
    let artist = ArtistId::try_from(value.artist_id)?;
    let folder = FolderId::in_body(value.folder_id)?;
    add_favorite(&library, user, artist, folder)
        .await
        .map(rows::answer)
}

async fn move_to(
    State(library): State<Library>,
    user: UserId,
    Input { value, .. }: Input<MoveFavorite>,
) -> ApiResult<Json<Favorite>> {
    let artist = ArtistId::try_from(value.artist_id)?;
    let from = FolderId::in_body(value.from_folder_id)?;
    let to = FolderId::in_body(value.to_folder_id)?;
    move_favorite(&library, user, artist, from, to)
        .await
        .map(Json)
}

async fn remove(
    State(library): State<Library>,
    user: UserId,
    Path(artist): Path<ArtistId>,
    Query(place): Query<InFolder>,
) -> ApiResult<NoContent> {
    remove_favorite(&library, user, artist, place.folder()?).await?;
    Ok(NoContent)
}

async fn artist_by_external_id(
    State(library): State<Library>,
    _: UserId,
    Path(external_id): Path<String>,
) -> ApiResult<Json<ArtistRef>> {
    find_by_external_id(&library, &external_id).await.map(Json)
}

fn favorite_of(row: favorite::Model) -> Favorite {
    Favorite {
        id: row.id,
        artist_id: row.artist_id,
        folder_id: row.folder_id,
        created_at: rfc3339(row.created_at),
    }
}

/// Selects the user's favorite of `artist` in `folder` (the top level: none).
fn favorite_in(
    user: UserId,
    artist: ArtistId,
    folder: Option<FolderId>,
) -> Select<favorite::Entity> {
    favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user.get()))
        .filter(favorite::Column::ArtistId.eq(artist.get()))
        .filter(favorite::Column::FolderKey.eq(folder_key(folder)))
}

/// The favorite of `artist` in `folder`, to insert unless it is there.
fn new_favorite(
    user: UserId,
    artist: ArtistId,
    folder: Option<FolderId>,
) -> rows::NewRow<favorite::Entity> {
    rows::NewRow {
        row: favorite::ActiveModel {
            user_id: Set(user.get()),
            artist_id: Set(artist.get()),
            folder_id: Set(folder.map(FolderId::get)),
            folder_key: Set(folder_key(folder)),
            created_at: Set(now()),
            ..Default::default()
        },
        twin: favorite_in(user, artist, folder),
        key: OnConflict::columns([
            favorite::Column::UserId,
            favorite::Column::ArtistId,
            favorite::Column::FolderKey,
        ])
        .do_nothing()
        .to_owned(),
    }
}

/// The top-level favorites as artists, oldest first (the header's count is their number).
pub async fn favorites(library: &Library, user: UserId) -> ApiResult<Vec<Artist>> {
    let rows = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user.get()))
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
    user: UserId,
    artist: ArtistId,
    folder: Option<FolderId>,
) -> ApiResult<(Favorite, Added)> {
    check_artist(library, artist).await?;
    let list = favorite::Entity::find().filter(favorite::Column::UserId.eq(user.get()));
    let full = format!("You can keep at most {MAX_FAVORITES} favorites. Remove some to add more.");
    let (row, added) = new_favorite(user, artist, folder)
        .add(library.db(), user, folder, list, (MAX_FAVORITES, full))
        .await?;
    Ok((favorite_of(row), added))
}

pub async fn remove_favorite(
    library: &Library,
    user: UserId,
    artist: ArtistId,
    folder: Option<FolderId>,
) -> ApiResult<()> {
    let db = library.db();
    check_folder(db, user, folder).await?;
    let deleted = favorite::Entity::delete_many()
        .filter(favorite::Column::UserId.eq(user.get()))
        .filter(favorite::Column::ArtistId.eq(artist.get()))
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
    user: UserId,
    artist: ArtistId,
    from: Option<FolderId>,
    to: Option<FolderId>,
) -> ApiResult<Favorite> {
    let db = library.db();
    check_folder(db, user, from).await?;
    check_folder(db, user, to).await?;
    if from == to {
        return favorite_in(user, artist, to)
            .one(db)
            .await?
            .map(favorite_of)
            .ok_or_else(|| ApiError::not_found(FAVORITE_NOT_FOUND));
    }
    let txn = db.begin().await?;
    // Write first (see the crate docs on SQLite's write lock).
    let deleted = favorite::Entity::delete_many()
        .filter(favorite::Column::UserId.eq(user.get()))
        .filter(favorite::Column::ArtistId.eq(artist.get()))
        .filter(favorite::Column::FolderKey.eq(folder_key(from)))
        .exec(&txn)
        .await?;
    if deleted.rows_affected == 0 {
        txn.rollback().await?;
        return Err(ApiError::not_found(FAVORITE_NOT_FOUND));
    }
    match new_favorite(user, artist, to).insert(&txn).await {
        Ok((row, _)) => {
            txn.commit().await?;
            Ok(favorite_of(row))
        }
        Err(err) => {
            txn.rollback().await.ok();
            Err(explain(db, user, to, err).await)
        }
    }
}

/// The catalogue id of the artist with this `externalId` (a `[a-z0-9-]` slug); anything
/// else, or no such artist, is the catalogue's not-found.
pub async fn find_by_external_id(library: &Library, external_id: &str) -> ApiResult<ArtistRef> {
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
