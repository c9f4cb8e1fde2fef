//! Who is signed in: read only from the session (never from a client-sent id), and the
//! sign-in / sign-out transitions.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use sea_orm::EntityTrait;
use sound_atlas_entity::user;
use sound_atlas_web::ApiError;
use tower_sessions::Session;

use crate::store::{SIGNED_IN_AT_KEY, USER_KEY};
use crate::{now, Accounts};

/// The header the client uses to name the user it believes is signed in.
pub const USER_ID_HEADER: &str = "x-user-id";

/// The session's user, if any (expired, signed-out or deleted users read as none).
pub struct CurrentUser {
    pub user: Option<user::Model>,
    pub session: Session,
}

/// The session's user; 401 without one, 403 when `x-user-id` names someone else.
pub struct SignedIn {
    pub user: user::Model,
    pub session: Session,
}

/// An operation whose handler takes `SignedIn` is declared signed-in, and the other way
/// round (the router checks).
impl<B> sound_atlas_web::Reads<B> for SignedIn {
    const SIGNED_IN: bool = true;
}

impl<B> sound_atlas_web::Reads<B> for CurrentUser {}

fn session_of(parts: &Parts) -> Result<Session, ApiError> {
    parts
        .extensions
        .get::<Session>()
        .cloned()
        .ok_or_else(|| ApiError::internal("the session layer is not installed"))
}

/// The session store's only backend is the database, and its queries are fixed-key
/// reads and writes: a failure there is the database being unreachable, answered 503 like
/// any other request that needs it now.
fn session_error(err: tower_sessions::session::Error) -> ApiError {
    use tower_sessions::session::Error;
    use tower_sessions::session_store::Error as StoreError;
    match err {
        Error::Store(StoreError::Backend(err)) => {
            tracing::warn!(%err, "session store unavailable");
            ApiError::Unavailable(format!("session store: {err}"))
        }
        err => ApiError::internal(format_args!("session: {err}")),
    }
}

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let accounts = Accounts::from_ref(state);
        let session = session_of(parts)?;
        let user_id: Option<i32> = session.get(USER_KEY).await.map_err(session_error)?;
        let Some(user_id) = user_id else {
            return Ok(CurrentUser {
                user: None,
                session,
            });
        };
        let signed_in_at: i64 = session
            .get(SIGNED_IN_AT_KEY)
            .await
            .map_err(session_error)?
            .unwrap_or(0);
        let max_age = accounts.config().absolute_timeout.as_secs() as i64;
        let user = if now() - signed_in_at >= max_age {
            None
        } else {
            user::Entity::find_by_id(user_id).one(accounts.db()).await?
        };
        if user.is_none() {
            // Past the absolute timeout, or the account is gone: end this session.
            session.flush().await.map_err(session_error)?;
        }
        Ok(CurrentUser { user, session })
    }
}

/// The user named by `x-user-id`, if the header is present.
pub fn claimed_user_id(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get(USER_ID_HEADER)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_owned())
}

/// Refuses a request whose `x-user-id` disagrees with the session.
pub fn check_claim(claim: Option<&str>, user: Option<&user::Model>) -> Result<(), ApiError> {
    match (claim, user) {
        (None, _) => Ok(()),
        (Some(_), None) => Err(not_signed_in()),
        (Some(claim), Some(user)) if claim == user.id.to_string() => Ok(()),
        (Some(_), Some(_)) => Err(ApiError::Forbidden(
            "The x-user-id header names another user than the one signed in.".into(),
        )),
    }
}

pub fn not_signed_in() -> ApiError {
    ApiError::Unauthorized("You must be signed in to do this.".into())
}

impl<S> FromRequestParts<S> for SignedIn
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let claim = claimed_user_id(parts);
        let CurrentUser { user, session } = CurrentUser::from_request_parts(parts, state).await?;
        check_claim(claim.as_deref(), user.as_ref())?;
        let user = user.ok_or_else(not_signed_in)?;
        Ok(SignedIn { user, session })
    }
}

/// Signs `user` in on this session under a new session id (no fixation).
pub async fn sign_in(session: &Session, user: &user::Model) -> Result<(), ApiError> {
    session.cycle_id().await.map_err(session_error)?;
    session.clear().await;
    session
        .insert(USER_KEY, user.id)
        .await
        .map_err(session_error)?;
    session
        .insert(SIGNED_IN_AT_KEY, now())
        .await
        .map_err(session_error)?;
    Ok(())
}

/// Ends this session: its record is deleted and the cookie removed.
pub async fn sign_out(session: &Session) -> Result<(), ApiError> {
    session.flush().await.map_err(session_error)
}
