//! The library's part of a user's data export (the server composes it into the
//! accounts' export).

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use sound_atlas_entity::favorite;
use sound_atlas_web::ApiResult;

use crate::folders::folders;
use crate::ids::UserId;
use crate::rows::rfc3339;
use crate::videos::video_favorites;
use crate::Library;

/// The user's library as the data export lists it (favorites, folders,
/// videoFavorites).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryExport {
    pub favorites: Vec<serde_json::Value>,
    pub folders: Vec<serde_json::Value>,
    pub video_favorites: Vec<serde_json::Value>,
}

/// Everything the user keeps in their library, for the data export.
pub async fn export(library: &Library, user: UserId) -> ApiResult<LibraryExport> {
    let rows = favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user.get()))
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
    let folders = folders(library, user)
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
    let video_favorites = video_favorites(library, user)
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
