//! The signed-in account: who it is, its data export, its deletion and the
//! deletion's confirmation mail.

use axum::extract::{FromRef, FromRequestParts, State};
use axum::http::{header, request::Parts};
use axum::{Json, Router};
use sea_orm::{EntityTrait, TransactionTrait};
use sound_atlas_entity::{auth_token, identity, user};
use sound_atlas_web::{Answers, ApiError, ApiResult, OperationRoutes};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::{done, public, ACCOUNT_DELETED};
use crate::known::{self, Client};
use crate::limits::allowed;
use crate::model::{Deleted, Done, Export, ExportProfile, User};
use crate::session::{self, check_claim, claimed_user_id, CurrentUser, SignedIn};
use crate::{now, store, Accounts};
use sound_atlas_contract::accounts::api;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::USER, current_user)
        .operation(&api::EXPORT, export)
        .operation(&api::DELETE_ACCOUNT, delete_account)
        .operation(&api::DELETION_CONFIRMATION, deletion_confirmation)
}

/// `GET /api/user`: `{id, email}` or `null`. With `x-user-id`: 401 when signed out, 403
/// when it names someone else.
async fn current_user(
    State(accounts): State<Accounts>,
    parts: Parts,
) -> ApiResult<Json<Option<User>>> {
    let claim = claimed_user_id(&parts);
    let mut parts = parts;
    let CurrentUser { user, .. } = CurrentUser::from_request_parts(&mut parts, &accounts).await?;
    check_claim(claim.as_deref(), user.as_ref())?;
    Ok(Json(user.as_ref().map(public)))
}

fn rfc3339(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// `GET /api/user/export`: the caller's own data as a JSON attachment.
async fn export(
    State(accounts): State<Accounts>,
    SignedIn { user, .. }: SignedIn,
) -> ApiResult<impl Answers<Export>> {
    let now = OffsetDateTime::now_utc();
    // Favorites, folders and video favorites come from the library (composed by the server).
    let rows = accounts.export_rows(&user).await?;
    let file = Export {
        profile: ExportProfile {
            email: user.email.clone(),
            username: None,
            created: rfc3339(user.created_at),
        },
        favorites: rows.favorites,
        folders: rows.folders,
        video_favorites: rows.video_favorites,
        export_date: rfc3339(now.unix_timestamp()),
    };
    let date = now.date();
    let disposition = format!("attachment; filename=\"sound-atlas-data-{date}.json\"");
    Ok(([(header::CONTENT_DISPOSITION, disposition)], Json(file)))
}

/// `DELETE /api/user/delete`: the user and everything they own, in one transaction, and
/// every one of their sessions.
async fn delete_account(
    State(accounts): State<Accounts>,
    SignedIn { user, session }: SignedIn,
) -> ApiResult<Json<Deleted>> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let txn = accounts.db().begin().await?;
    auth_token::Entity::delete_many()
        .filter(auth_token::Column::UserId.eq(user.id))
        .exec(&txn)
        .await?;
    identity::Entity::delete_many()
        .filter(identity::Column::UserId.eq(user.id))
        .exec(&txn)
        .await?;
    known::forget(&txn, user.id).await?;
    store::end_sessions_of(&txn, user.id, None).await?;
    // Deleting an already deleted user (a repeated request racing this one) is no error.
    user::Entity::delete_by_id(user.id).exec(&txn).await?;
    txn.commit().await?;
    session::sign_out(&session).await?;
    // The spec's client asks for the confirmation mail after this answer, when no session
    // is left to say whose account it was: a fresh session (no user) remembers the
    // address, for that one mail, for a few minutes.
    session
        .insert(
            DELETED_ACCOUNT_KEY,
            DeletedAccount {
                email: user.email.clone(),
                at: now(),
            },
        )
        .await
        .map_err(|err| ApiError::internal(format_args!("session: {err}")))?;
    Ok(Json(Deleted {
        success: true,
        message: ACCOUNT_DELETED.to_owned(),
    }))
}

/// Session key of the account this browser just deleted (see `delete_account`).
const DELETED_ACCOUNT_KEY: &str = "deleted_account";

/// How long after a deletion its confirmation can be asked for.
const DELETION_CONFIRMATION_SECONDS: i64 = 600;

#[derive(serde::Serialize, serde::Deserialize)]
struct DeletedAccount {
    email: String,
    at: i64,
}

/// Whom a deletion's confirmation mails: the account this browser deleted within the
/// last [`DELETION_CONFIRMATION_SECONDS`] (once: the session forgets it), else the
/// signed-in user; 401 for anyone else. Only ever the session's own address.
enum DeletionMailTo {
    Deleted(DeletedAccount),
    SignedIn(user::Model),
}

impl<S> FromRequestParts<S> for DeletionMailTo
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<Self> {
        let CurrentUser { user, session } = CurrentUser::from_request_parts(parts, state).await?;
        let deleted: Option<DeletedAccount> = session
            .remove(DELETED_ACCOUNT_KEY)
            .await
            .map_err(|err| ApiError::internal(format_args!("session: {err}")))?;
        match (deleted, user) {
            (Some(deleted), _) if now() - deleted.at <= DELETION_CONFIRMATION_SECONDS => {
                Ok(DeletionMailTo::Deleted(deleted))
            }
            (_, Some(user)) => Ok(DeletionMailTo::SignedIn(user)),
            _ => Err(session::not_signed_in()),
        }
    }
}

/// It needs a session's account (or the one it just deleted): the operation is signed-in.
impl<B> sound_atlas_web::Reads<B> for DeletionMailTo {
    const SIGNED_IN: bool = true;
}

/// `POST /api/user/deletion-confirmation`: right after a deletion (the spec's order), mails
/// the address of the account this browser deleted that it is gone, once; from a
/// signed-in user, a notice that a deletion was asked for. Only ever the session's own
/// address, whatever the body says; otherwise 401.
async fn deletion_confirmation(
    State(accounts): State<Accounts>,
    to: DeletionMailTo,
    client: Client,
) -> ApiResult<Json<Done>> {
    let (email, limit_key, subject, body) = match to {
        // Not counted against the address's mail limit: it follows a deletion only its
        // owner could make (a confirmed account, signed in), once, and often comes
        // within a minute of the notice or a sign-up mail.
        DeletionMailTo::Deleted(deleted) => (
            deleted.email.clone(),
            None,
            "Your Sound Atlas account has been deleted",
            format!(
                "The Sound Atlas account of {} has been deleted, with its favorites, folders \
                 and video favorites. This cannot be undone; you are welcome to sign up again \
                 at any time.\n",
                deleted.email
            ),
        ),
        DeletionMailTo::SignedIn(user) => (
            user.email.clone(),
            Some(user.email_key),
            "Your Sound Atlas account deletion",
            format!(
                "We received a request to delete the Sound Atlas account of {}.\n\nOnce deleted, \
                 the account, its favorites and folders are removed permanently and cannot be \
                 restored. If you did not ask for this, sign in and change your password.\n",
                user.email
            ),
        ),
    };
    let send = match limit_key {
        // Signed in: the account's own client.
        Some(key) => allowed(
            accounts
                .limits()
                .mail_to(&key, &client.ip_key(), true)
                .await,
        )?,
        None => true,
    };
    if send {
        accounts.mailer().send_later(email, subject, body);
    }
    Ok(done("A confirmation email has been sent."))
}
