//! The library's ids as types, so a user's id cannot be passed for a folder's or an
//! artist's. The user is the session's (`UserId` is an extractor over `SignedIn`: 401
//! without a session, never a client-sent id); a folder or an artist named in a path that
//! does not read as one is a 404 (see `sound_atlas_web::Path`).

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use serde::{de, Deserialize, Deserializer};
use sound_atlas_accounts::{Accounts, SignedIn};
use sound_atlas_web::{ApiError, ApiResult, Reads};

pub use sound_atlas_catalog::ArtistId;

pub const FOLDER_NOT_FOUND: &str = "This folder could not be found.";

/// The signed-in user whose library a request reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserId(i32);

impl UserId {
    /// The id of a user read from the session (a page's signed-in visitor).
    pub fn of(user: &sound_atlas_entity::user::Model) -> Self {
        UserId(user.id)
    }

    pub(crate) fn get(self) -> i32 {
        self.0
    }
}

impl<S> FromRequestParts<S> for UserId
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<Self> {
        let SignedIn { user, .. } = SignedIn::from_request_parts(parts, state).await?;
        Ok(UserId::of(&user))
    }
}

impl<B> Reads<B> for UserId {
    const SIGNED_IN: bool = true;
}

/// A favorite folder's id (whose it is, each query checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FolderId(i32);

impl FolderId {
    /// A folder id as given (a path's, a query's or a body's text or number); not a
    /// positive number names no folder: 404.
    pub fn parse(raw: &str) -> ApiResult<FolderId> {
        raw.trim()
            .parse::<i32>()
            .map_err(|_| ApiError::not_found(FOLDER_NOT_FOUND))
            .and_then(FolderId::try_from)
    }

    /// A body's `folderId` (absent: the top level).
    pub fn in_body(id: Option<i32>) -> ApiResult<Option<FolderId>> {
        id.map(FolderId::try_from).transpose()
    }

    pub fn get(self) -> i32 {
        self.0
    }
}

/// A body's number.
impl TryFrom<i32> for FolderId {
    type Error = ApiError;

    fn try_from(id: i32) -> ApiResult<FolderId> {
        if id > 0 {
            Ok(FolderId(id))
        } else {
            Err(ApiError::not_found(FOLDER_NOT_FOUND))
        }
    }
}

/// From a path's hole (`Path<FolderId>`).
impl<'de> Deserialize<'de> for FolderId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<str>>::deserialize(deserializer)?;
        FolderId::parse(&raw).map_err(|_| de::Error::custom(FOLDER_NOT_FOUND))
    }
}

/// Where in the library a removal looks: `?folderId=`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct InFolder {
    #[serde(rename = "folderId")]
    folder_id: Option<String>,
}

impl InFolder {
    /// The folder named (absent, empty or `null`: the top level). An id no folder could
    /// have names no folder: 404, as in a path.
    pub fn folder(&self) -> ApiResult<Option<FolderId>> {
        match self.folder_id.as_deref().map(str::trim) {
            None | Some("" | "null") => Ok(None),
            Some(raw) => FolderId::parse(raw).map(Some),
        }
    }
}

/// A folder id as the unique keys store it (0: the top level).
pub(crate) fn folder_key(folder: Option<FolderId>) -> i32 {
    folder.map_or(0, FolderId::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_id_is_a_positive_number() {
        assert_eq!(FolderId::parse(" 7 ").unwrap().get(), 7);
        for bad in ["0", "-1", "abc", "", "1.5", "99999999999"] {
            assert_eq!(FolderId::parse(bad).unwrap_err().status().as_u16(), 404);
        }
        assert_eq!(FolderId::in_body(None).unwrap(), None);
        assert!(FolderId::in_body(Some(0)).is_err());
    }
}
