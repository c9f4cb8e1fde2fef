//! `/api/favorites...`, `/api/favorite-folders...` and `/api/video-favorites...` (nested
//! under `/api` by the server): thin adapters from HTTP to `store`. Every route needs the
//! session's user (`SignedIn`: 401 without one, 403 when `x-user-id` names another).

use std::collections::HashMap;

use axum::extract::{FromRef, FromRequestParts, RawPathParams, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::middleware;
use axum::response::Response;
use axum::{Json, Router};
use sound_atlas_accounts::{Accounts, SignedIn};
use sound_atlas_contract::catalog::Artist;
use sound_atlas_contract::library::api;
use sound_atlas_contract::library::{
    ArtistRef, Favorite, FavoriteFolder, FolderSummary, MoveFavorite, NewFavorite, NewFolder,
    NewVideoFavorite, VideoFavorite, VideoFavoriteCheck,
};
use sound_atlas_web::{self as web, refuse_cross_origin, Created, Input, NoContent};
use sound_atlas_web::{ApiError, ApiResult, OperationRoutes, QueryParams};

use crate::store::{self, Added, ARTIST_NOT_FOUND, FOLDER_NOT_FOUND};
use crate::Library;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Library: FromRef<S>,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::FAVORITES, favorites)
        .operation(&api::ADD_FAVORITE, add_favorite)
        .operation(&api::MOVE_FAVORITE, move_favorite)
        .operation(&api::REMOVE_FAVORITE, remove_favorite)
        .operation(&api::ARTIST_BY_EXTERNAL_ID, artist_by_external_id)
        .operation(&api::FOLDERS, folders)
        .operation(&api::CREATE_FOLDER, create_folder)
        .operation(&api::RENAME_FOLDER, rename_folder)
        .operation(&api::DELETE_FOLDER, delete_folder)
        .operation(&api::VIDEO_FAVORITES, video_favorites)
        .operation(&api::ADD_VIDEO_FAVORITE, add_video)
        .operation(&api::REMOVE_VIDEO_FAVORITE, remove_video)
        .operation(&api::VIDEO_FAVORITE_CHECK, check_video)
        // (A video favorite with a 10,000-character description is about 40 kB of JSON.)
        .layer(axum::extract::DefaultBodyLimit::max(
            sound_atlas_web::MAX_BODY_BYTES,
        ))
        .layer(middleware::from_fn(refuse_cross_origin))
        // Personal answers: never kept by the browser's HTTP cache or a proxy.
        .layer(middleware::map_response(no_store))
}

async fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

/// The route's path parameters, percent-decoded; axum refuses percent-encoded bytes
/// that are not UTF-8, which is answered here in the one error shape (they name nothing).
struct PathParams(HashMap<String, String>);

const NOTHING_THERE: &str = "This address names nothing in your library.";

impl<S: Send + Sync> FromRequestParts<S> for PathParams {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let raw = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::not_found(NOTHING_THERE))?;
        Ok(PathParams(
            raw.iter()
                .map(|(name, value)| {
                    let value = percent_encoding::percent_decode_str(value).decode_utf8_lossy();
                    (name.to_owned(), value.into_owned())
                })
                .collect(),
        ))
    }
}

fn path_param<'a>(params: &'a HashMap<String, String>, name: &str) -> &'a str {
    params.get(name).map(String::as_str).unwrap_or("")
}

fn added<T>((value, added): (T, Added)) -> web::Added<T> {
    web::Added {
        value,
        created: matches!(added, Added::Created),
    }
}

async fn favorites(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
) -> ApiResult<Json<Vec<Artist>>> {
    store::favorites(&library, user.id).await.map(Json)
}

async fn add_favorite(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    Input { value, .. }: Input<NewFavorite>,
) -> ApiResult<web::Added<Favorite>> {
    store::add_favorite(&library, user.id, &value)
        .await
        .map(added)
}

async fn remove_favorite(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    PathParams(params): PathParams,
    query: QueryParams,
) -> ApiResult<NoContent> {
    let artist_id = store::parse_id(path_param(&params, "artistId"), ARTIST_NOT_FOUND)?;
    let folder = store::parse_folder_param(query.get("folderId"))?;
    store::remove_favorite(&library, user.id, artist_id, folder).await?;
    Ok(NoContent)
}

async fn artist_by_external_id(
    State(library): State<Library>,
    SignedIn { .. }: SignedIn,
    PathParams(params): PathParams,
) -> ApiResult<Json<ArtistRef>> {
    store::artist_by_external_id(&library, path_param(&params, "externalId"))
        .await
        .map(Json)
}

async fn move_favorite(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    Input { value, .. }: Input<MoveFavorite>,
) -> ApiResult<Json<Favorite>> {
    store::move_favorite(&library, user.id, &value)
        .await
        .map(Json)
}

async fn folders(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
) -> ApiResult<Json<Vec<FavoriteFolder>>> {
    store::folders(&library, user.id).await.map(Json)
}

async fn create_folder(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    Input { value, .. }: Input<NewFolder>,
) -> ApiResult<Created<FolderSummary>> {
    store::create_folder(&library, user.id, &value.name)
        .await
        .map(Created)
}

async fn rename_folder(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    PathParams(params): PathParams,
    Input { value, .. }: Input<NewFolder>,
) -> ApiResult<Json<FolderSummary>> {
    let id = store::parse_id(path_param(&params, "id"), FOLDER_NOT_FOUND)?;
    store::rename_folder(&library, user.id, id, &value.name)
        .await
        .map(Json)
}

async fn delete_folder(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    PathParams(params): PathParams,
) -> ApiResult<NoContent> {
    let id = store::parse_id(path_param(&params, "id"), FOLDER_NOT_FOUND)?;
    store::delete_folder(&library, user.id, id).await?;
    Ok(NoContent)
}

async fn video_favorites(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
) -> ApiResult<Json<Vec<VideoFavorite>>> {
    store::video_favorites(&library, user.id).await.map(Json)
}

async fn check_video(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    PathParams(params): PathParams,
) -> ApiResult<Json<VideoFavoriteCheck>> {
    let artist_id = store::parse_id(path_param(&params, "artistId"), ARTIST_NOT_FOUND)?;
    let video = store::video_id(path_param(&params, "videoId"))?;
    store::check_video(&library, user.id, artist_id, &video)
        .await
        .map(Json)
}

async fn add_video(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    Input { value, .. }: Input<NewVideoFavorite>,
) -> ApiResult<web::Added<VideoFavorite>> {
    store::add_video(&library, user.id, &value).await.map(added)
}

async fn remove_video(
    State(library): State<Library>,
    SignedIn { user, .. }: SignedIn,
    PathParams(params): PathParams,
    query: QueryParams,
) -> ApiResult<NoContent> {
    let artist_id = store::parse_id(path_param(&params, "artistId"), ARTIST_NOT_FOUND)?;
    let video = store::video_id(path_param(&params, "videoId"))?;
    let folder = store::parse_folder_param(query.get("folderId"))?;
    store::remove_video(&library, user.id, artist_id, &video, folder).await?;
    Ok(NoContent)
}
