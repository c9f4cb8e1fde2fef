//! The library's side of the contract: the signed-in user's favorites, folders and
//! video favorites, their endpoints and limits.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::Artist;
use crate::operation::Endpoint;

// The count limits below protect the server; nobody meets them. Each is checked by
// counting the user's rows before the insert, not under a lock, so concurrent adds
// right at a limit can pass it by a few rows: a guard against abuse, not an exact
// quota (an exact one would serialize every add of a user).

/// Longest folder name, in characters (after trimming). The spec shows none; 100 fits
/// any real name and keeps the folders grid readable.
pub const MAX_FOLDER_NAME_CHARS: usize = 100;
/// Folders per user. Generous: protects the server, never met by a person.
pub const MAX_FOLDERS: usize = 200;
/// Favorite rows per user, the top level and every folder together.
pub const MAX_FAVORITES: usize = 5_000;
/// Video favorite rows per user, the top level and every folder together.
pub const MAX_VIDEO_FAVORITES: usize = 5_000;
/// Longest text field of a video favorite (title, thumbnail, url, ...), in characters.
pub const MAX_VIDEO_FIELD_CHARS: usize = 2_000;
/// Longest video description kept, in characters.
pub const MAX_VIDEO_DESCRIPTION_CHARS: usize = 10_000;

pub mod api {
    use super::*;
    use crate::operation::{operations, Operation};

    const IN_FOLDER: &[(&str, &str)] =
        &[("folderId", "The folder's copy (absent: the top level).")];

    operations! {
        pub const FAVORITES: Endpoint<Vec<Artist>> = Endpoint::get(
            "favorites",
            "/api/favorites",
            "The user's top-level favorite artists.",
        )
        .signed_in();
        pub const ADD_FAVORITE: Operation<NewFavorite, Favorite> = Operation::post(
            "addFavorite",
            "/api/favorites",
            "Add a favorite (201; 200 when it was there).",
        )
        .created()
        .or_existing()
        .signed_in();
        pub const MOVE_FAVORITE: Operation<MoveFavorite, Favorite> = Operation::post(
            "moveFavorite",
            "/api/favorites/move",
            "Move a favorite between folders.",
        )
        .signed_in();
        pub const REMOVE_FAVORITE: Operation<(), ()> = Operation::delete(
            "removeFavorite",
            "/api/favorites/{artistId}",
            "Remove a favorite.",
        )
        .no_content()
        .with_query(IN_FOLDER)
        .signed_in();
        /// The catalogue id of an artist named by its `externalId` (the spec's direct
        /// "select the artist id by externalId"), for the signed-in user's library writes.
        pub const ARTIST_BY_EXTERNAL_ID: Endpoint<ArtistRef> = Endpoint::get(
            "artistByExternalId",
            "/api/favorites/artist-id/{externalId}",
            "The catalogue id of the artist with this externalId.",
        )
        .signed_in();
        pub const FOLDERS: Endpoint<Vec<FavoriteFolder>> = Endpoint::get(
            "favoriteFolders",
            "/api/favorite-folders",
            "The user's folders with their artists.",
        )
        .signed_in();
        pub const CREATE_FOLDER: Operation<NewFolder, FolderSummary> =
            Operation::post("createFolder", "/api/favorite-folders", "Create a folder.")
                .created()
                .signed_in();
        pub const RENAME_FOLDER: Operation<NewFolder, FolderSummary> = Operation::patch(
            "renameFolder",
            "/api/favorite-folders/{id}",
            "Rename a folder.",
        )
        .signed_in();
        pub const DELETE_FOLDER: Operation<(), ()> = Operation::delete(
            "deleteFolder",
            "/api/favorite-folders/{id}",
            "Delete a folder; what it held returns to the main favorites.",
        )
        .no_content()
        .signed_in();
        pub const VIDEO_FAVORITES: Endpoint<Vec<VideoFavorite>> = Endpoint::get(
            "videoFavorites",
            "/api/video-favorites",
            "The user's favorite videos.",
        )
        .signed_in();
        pub const ADD_VIDEO_FAVORITE: Operation<NewVideoFavorite, VideoFavorite> = Operation::post(
            "addVideoFavorite",
            "/api/video-favorites",
            "Add a favorite video (201; 200 when it was there).",
        )
        .created()
        .or_existing()
        .signed_in();
        pub const REMOVE_VIDEO_FAVORITE: Operation<(), ()> = Operation::delete(
            "removeVideoFavorite",
            "/api/video-favorites/{artistId}/{videoId}",
            "Remove a favorite video.",
        )
        .no_content()
        .with_query(IN_FOLDER)
        .signed_in();
        pub const VIDEO_FAVORITE_CHECK: Endpoint<VideoFavoriteCheck> = Endpoint::get(
            "videoFavoriteCheck",
            "/api/video-favorites/check/{artistId}/{videoId}",
            "Whether a video is a favorite, and where.",
        )
        .signed_in();
    }
}

/// `GET /api/favorites/artist-id/{externalId}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtistRef {
    pub artist_id: i32,
}

/// A favorite row as saved (`POST /api/favorites`, `/api/favorites/move`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Favorite {
    pub id: i32,
    pub artist_id: i32,
    pub folder_id: Option<i32>,
    /// RFC 3339.
    pub created_at: String,
}

/// `POST /api/favorites`: the artist, at the top level or in one of the user's folders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewFavorite {
    pub artist_id: i32,
    #[serde(default)]
    #[ts(optional)]
    pub folder_id: Option<i32>,
}

/// `POST /api/favorites/move`: from one place (None: the top level) to another, at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveFavorite {
    pub artist_id: i32,
    #[serde(default)]
    #[ts(optional)]
    pub from_folder_id: Option<i32>,
    #[serde(default)]
    #[ts(optional)]
    pub to_folder_id: Option<i32>,
}

/// A folder with its artists (`GET /api/favorite-folders`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavoriteFolder {
    pub id: i32,
    pub name: String,
    /// RFC 3339.
    pub created_at: String,
    pub artists: Vec<Artist>,
}

/// A folder as created or renamed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FolderSummary {
    pub id: i32,
    pub name: String,
    /// RFC 3339.
    pub created_at: String,
}

/// `POST /api/favorite-folders` and the rename (`PATCH /api/favorite-folders/{id}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewFolder {
    pub name: String,
}

/// A video favorite as read back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoFavorite {
    pub artist_id: i32,
    pub video_id: String,
    pub folder_id: Option<i32>,
    pub title: String,
    pub description: String,
    pub thumbnail: String,
    pub url: String,
    pub artist_name: String,
    pub published_at: String,
}

/// `POST /api/video-favorites` (the spec's payload; a `userId` in it is ignored:
/// the user is the session's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewVideoFavorite {
    pub video_id: String,
    pub artist_id: i32,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub thumbnail: String,
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub artist_name: String,
    #[serde(default)]
    pub published_at: String,
    #[serde(default)]
    #[ts(optional)]
    pub folder_id: Option<i32>,
}

/// `GET /api/video-favorites/check/{artistId}/{videoId}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoFavoriteCheck {
    pub is_favorited: bool,
    pub folder_id: Option<i32>,
}
