//! Video favorites: `/api/video-favorites...`. A video is kept by its id on the video
//! service; its watch page and thumbnail are that service's own addresses for the id.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Select};
use serde::Deserialize;
use sound_atlas_accounts::Accounts;
use sound_atlas_contract::library::{
    api, NewVideoFavorite, VideoFavorite, VideoFavoriteCheck, MAX_VIDEO_DESCRIPTION_CHARS,
    MAX_VIDEO_FAVORITES, MAX_VIDEO_FIELD_CHARS,
};
use sound_atlas_contract::video;
use sound_atlas_entity::video_favorite;
use sound_atlas_web::{
    self as web, ApiError, ApiResult, Input, NoContent, OperationRoutes, Path, Query,
};

use crate::ids::{folder_key, ArtistId, FolderId, InFolder, UserId};
use crate::rows::{self, check_artist, check_folder, now, Added};
use crate::Library;

pub const VIDEO_FAVORITE_NOT_FOUND: &str = "This video favorite could not be found.";

pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Library: FromRef<S>,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::VIDEO_FAVORITES, list)
        .operation(&api::ADD_VIDEO_FAVORITE, add)
        .operation(&api::REMOVE_VIDEO_FAVORITE, remove)
        .operation(&api::VIDEO_FAVORITE_CHECK, check)
}

/// A video favorite's path: `.../{artistId}/{videoId}`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct VideoPath {
    artist_id: ArtistId,
    /// Checked by [`VideoId::parse`]: a malformed id is a bad request (400), as in a body.
    video_id: String,
}

async fn list(State(library): State<Library>, user: UserId) -> ApiResult<Json<Vec<VideoFavorite>>> {
    video_favorites(&library, user).await.map(Json)
}

async fn check(
    State(library): State<Library>,
    user: UserId,
    Path(path): Path<VideoPath>,
) -> ApiResult<Json<VideoFavoriteCheck>> {
    let video = VideoId::parse(&path.video_id)?;
    check_video(&library, user, path.artist_id, &video)
        .await
        .map(Json)
}

async fn add(
    State(library): State<Library>,
    user: UserId,
    Input { value, .. }: Input<NewVideoFavorite>,
) -> ApiResult<web::Added<VideoFavorite>> {
    add_video(&library, user, &value).await.map(rows::answer)
}

async fn remove(
    State(library): State<Library>,
    user: UserId,
    Path(path): Path<VideoPath>,
    Query(place): Query<InFolder>,
) -> ApiResult<NoContent> {
    let video = VideoId::parse(&path.video_id)?;
    remove_video(&library, user, path.artist_id, &video, place.folder()?).await?;
    Ok(NoContent)
}

/// A video's id on the video service: 11 characters of `[A-Za-z0-9_-]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VideoId(String);

impl VideoId {
    pub fn parse(raw: &str) -> ApiResult<VideoId> {
        let id = raw.trim();
        if video::is_video_id(id) {
            Ok(VideoId(id.to_owned()))
        } else {
            Err(ApiError::bad_request("Invalid YouTube URL"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
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

/// Selects the user's favorite of `video` (of `artist`) in `folder` (the top level: none).
fn video_in(
    user: UserId,
    artist: ArtistId,
    video: &VideoId,
    folder: Option<FolderId>,
) -> Select<video_favorite::Entity> {
    video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user.get()))
        .filter(video_favorite::Column::ArtistId.eq(artist.get()))
        .filter(video_favorite::Column::VideoId.eq(video.as_str()))
        .filter(video_favorite::Column::FolderKey.eq(folder_key(folder)))
}

/// The user's video favorites, oldest first.
pub async fn video_favorites(library: &Library, user: UserId) -> ApiResult<Vec<VideoFavorite>> {
    Ok(video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user.get()))
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
    user: UserId,
    artist: ArtistId,
    video: &VideoId,
) -> ApiResult<VideoFavoriteCheck> {
    // The top level first (key 0), then the oldest folder.
    let row = video_favorite::Entity::find()
        .filter(video_favorite::Column::UserId.eq(user.get()))
        .filter(video_favorite::Column::ArtistId.eq(artist.get()))
        .filter(video_favorite::Column::VideoId.eq(video.as_str()))
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
    user: UserId,
    new: &NewVideoFavorite,
) -> ApiResult<(VideoFavorite, Added)> {
    let video = VideoId::parse(&new.video_id)?;
    let title = field("title", &new.title, MAX_VIDEO_FIELD_CHARS)?;
    let description = field("description", &new.description, MAX_VIDEO_DESCRIPTION_CHARS)?;
    // The addresses come from the id, whatever the body says: a client's `javascript:`,
    // `data:` or other host is never stored nor shown.
    let thumbnail = video::thumbnail_url(video.as_str());
    let url = video::watch_url(video.as_str());
    let artist_name = field("artist name", &new.artist_name, MAX_VIDEO_FIELD_CHARS)?;
    let published_at = field("publication date", &new.published_at, MAX_VIDEO_FIELD_CHARS)?;
    let artist = ArtistId::try_from(new.artist_id)?;
    check_artist(library, artist).await?;
    let folder = FolderId::in_body(new.folder_id)?;
    let new = rows::NewRow {
        row: video_favorite::ActiveModel {
            user_id: Set(user.get()),
            artist_id: Set(artist.get()),
            video_id: Set(video.as_str().to_owned()),
            folder_id: Set(folder.map(FolderId::get)),
            folder_key: Set(folder_key(folder)),
            title: Set(title),
            description: Set(description),
            thumbnail: Set(thumbnail),
            url: Set(url),
            artist_name: Set(artist_name),
            published_at: Set(published_at),
            created_at: Set(now()),
            ..Default::default()
        },
        twin: video_in(user, artist, &video, folder),
        key: OnConflict::columns([
            video_favorite::Column::UserId,
            video_favorite::Column::ArtistId,
            video_favorite::Column::VideoId,
            video_favorite::Column::FolderKey,
        ])
        .do_nothing()
        .to_owned(),
    };
    let list = video_favorite::Entity::find().filter(video_favorite::Column::UserId.eq(user.get()));
    let full = format!(
        "You can keep at most {MAX_VIDEO_FAVORITES} video favorites. Remove some to add more."
    );
    let (row, added) = new
        .add(
            library.db(),
            user,
            folder,
            list,
            (MAX_VIDEO_FAVORITES, full),
        )
        .await?;
    Ok((video_of(row), added))
}

pub async fn remove_video(
    library: &Library,
    user: UserId,
    artist: ArtistId,
    video: &VideoId,
    folder: Option<FolderId>,
) -> ApiResult<()> {
    let db = library.db();
    check_folder(db, user, folder).await?;
    let deleted = video_favorite::Entity::delete_many()
        .filter(video_favorite::Column::UserId.eq(user.get()))
        .filter(video_favorite::Column::ArtistId.eq(artist.get()))
        .filter(video_favorite::Column::VideoId.eq(video.as_str()))
        .filter(video_favorite::Column::FolderKey.eq(folder_key(folder)))
        .exec(db)
        .await?;
    if deleted.rows_affected == 0 {
        return Err(ApiError::not_found(VIDEO_FAVORITE_NOT_FOUND));
    }
    Ok(())
}
