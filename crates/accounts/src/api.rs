//! `/api/auth/...` and `/api/user...` routes (nested under `/api` by the server).
//!
//! Answers never tell whether an address has an account: sign-up, resend, code and
//! recovery requests answer alike, and mail goes out in the background.

use axum::extract::{FromRef, FromRequestParts, State};
use axum::http::{header, request::Parts, HeaderValue};
use axum::middleware;
use axum::response::{Redirect, Response};
use axum::{Json, Router};
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set, TransactionTrait};
use sound_atlas_entity::{auth_token, identity, user};
use sound_atlas_web::{Answers, ApiError, ApiResult, JsonOrRedirect, OperationRoutes, QueryParams};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use crate::http::safe_redirect;
use crate::known::{self, Client, DeviceCookie};
use crate::limits::{
    allowed, too_many, TOO_MANY_ACCOUNT_SIGN_INS, TOO_MANY_REQUESTS, TOO_MANY_SIGN_INS,
    TOO_MANY_SIGN_UPS,
};
use crate::model::{
    CodeCheck, CodeRequest, Credentials, Deleted, Done, EmailOnly, EmailedLink, Export,
    ExportProfile, User,
};
use crate::session::{self, check_claim, claimed_user_id, CurrentUser, SignedIn};
use crate::tokens::{self, Purpose};
use crate::users::{self, parse_email};
use crate::{now, password, store, Accounts};
use sound_atlas_contract::accounts::api;
use sound_atlas_contract::pages::routes;
use sound_atlas_web::{refuse_cross_origin, Input, MAX_BODY_BYTES};

pub const CHECK_EMAIL_SIGN_UP: &str = "Check your email for the confirmation link.";
pub const CHECK_EMAIL_CODE: &str = "Check your email for the sign-in code.";
pub const CHECK_EMAIL_RECOVERY: &str = "Check your email for the password reset link.";
pub const INVALID_CREDENTIALS: &str = "Invalid login credentials";
pub const NOT_CONFIRMED: &str = "Email not confirmed";
pub const NEITHER_EMAIL_NOR_PHONE: &str = "You must provide either an email or phone number.";
pub const BAD_LINK: &str = "Email link is invalid or has expired";
pub const BAD_CODE: &str = "Token has expired or is invalid";
pub const NOT_THE_SIGN_UP_PASSWORD: &str = "That is not the password chosen when signing up \
    with this address. Enter that password, or choose a new one with \"Forgot your password?\".";
pub const ACCOUNT_DELETED: &str = "Your account and all data have been permanently deleted.";

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::USER, current_user)
        .operation(&api::EXPORT, export)
        .operation(&api::OIDC, oidc_info)
        .operation(&api::DELETE_ACCOUNT, delete_account)
        .operation(&api::DELETION_CONFIRMATION, deletion_confirmation)
        .operation(&api::SIGN_UP, sign_up)
        .operation(&api::RESEND, resend)
        .operation(&api::CONFIRMATION_LINK, confirm_page)
        .operation(&api::CONFIRM, confirm)
        .operation(&api::SIGN_IN, sign_in)
        .operation(&api::SIGN_OUT, sign_out)
        .operation(&api::REQUEST_CODE, request_code)
        .operation(&api::VERIFY_CODE, verify_code)
        .operation(&api::RECOVER, recover)
        .operation(&api::RECOVERY_LINK, new_password_page)
        .operation(&api::SET_NEW_PASSWORD, set_new_password)
        .operation(&api::PROVIDER_SIGN_IN, oidc_start)
        .operation(&api::PROVIDER_CALLBACK, oidc_callback)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(refuse_cross_origin))
        // Account answers are personal: never cached by the browser or a proxy.
        .layer(middleware::map_response(
            |mut response: Response| async move {
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                response
            },
        ))
}

fn public(user: &user::Model) -> User {
    User {
        id: user.id,
        email: user.email.clone(),
    }
}

/// Remembers this client for the account and signs `user` in on this session (in that
/// order: a failure leaves no session behind an error).
async fn sign_in_from(
    accounts: &Accounts,
    session: &tower_sessions::Session,
    user: &user::Model,
    client: &Client,
) -> ApiResult<DeviceCookie> {
    let device = known::remember(accounts, user.id, client).await?;
    session::sign_in(session, user).await?;
    Ok(device)
}

fn done(message: &str) -> Json<Done> {
    Json(Done {
        message: message.to_owned(),
    })
}

fn required_password(password: Option<String>) -> Result<String, ApiError> {
    password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request("Email and password are required."))
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

async fn sign_up(
    State(accounts): State<Accounts>,
    client: Client,
    Input { value, .. }: Input<Credentials>,
) -> ApiResult<Json<Done>> {
    let ip = client.ip_key();
    accounts
        .limits()
        .sign_up_per_ip
        .check(&ip, TOO_MANY_SIGN_UPS)
        .await?;
    let email = parse_email(value.email.as_deref())?;
    let password = required_password(value.password)?;
    password::check_rules(&password)?;
    // Hashed whether or not the address is taken, so both answers take as long.
    let hash = password::hash(password).await?;
    let db = accounts.db();
    let (user, pending) = match users::create(db, &email, Some(hash), false).await? {
        Some(user) => (user, true),
        None => match users::find_by_email(db, &email.key).await? {
            Some(user) if user.confirmed_at.is_none() => (contest(db, user).await?, true),
            Some(user) => (user, false),
            // Deleted a moment ago: nothing to do, and nothing to tell.
            None => return Ok(done(CHECK_EMAIL_SIGN_UP)),
        },
    };
    // At most once a minute (and the daily cap) per address, silently: answers must not
    // differ whether the address has an account or not.
    if allowed(accounts.limits().mail_to(&user.email_key, &ip, false).await)? {
        if pending {
            mail_confirmation_link(&accounts, &user).await?;
        } else {
            accounts.mailer().send_later(
                user.email.clone(),
                "Sign-up attempt on Sound Atlas",
                format!(
                    "Someone tried to create a Sound Atlas account with this address, \
                     which already has one.\n\nIf it was you, sign in at {}/ or reset \
                     your password from the sign-in dialog if you forgot it.\n\nIf it \
                     was not you, you can ignore this message.\n",
                    accounts.config().public_url
                ),
            );
        }
    }
    Ok(done(CHECK_EMAIL_SIGN_UP))
}

/// A second sign-up for an address nobody has confirmed yet: no sign-up's password can be
/// trusted any more (either may be someone else's), so none is kept. Whoever confirms
/// from the mailbox chooses the password then (the confirmation page asks for it); the
/// links already mailed stay valid, so a later sign-up never takes the owner's way in.
async fn contest(db: &sea_orm::DatabaseConnection, user: user::Model) -> ApiResult<user::Model> {
    let mut active = user.into_active_model();
    active.password_hash = Set(None);
    Ok(active.update(db).await?)
}

/// Emails a new confirmation link (replacing any earlier one). The caller has counted
/// the mail against the address's limits.
async fn mail_confirmation_link(accounts: &Accounts, user: &user::Model) -> ApiResult<()> {
    let secret = tokens::new_link_secret();
    tokens::issue(accounts.db(), user.id, Purpose::Confirm, &secret).await?;
    accounts.mailer().send_later(
        user.email.clone(),
        "Confirm your Sound Atlas account",
        format!(
            "Welcome to Sound Atlas!\n\nConfirm your email address by opening this link \
             (valid for 24 hours, once):\n\n{}{}\n\nThe page asks for the \
             password you chose when you signed up. If you did not sign up, you can \
             ignore this message.\n",
            accounts.config().public_url,
            api::CONFIRMATION_LINK.path(&[&secret])
        ),
    );
    Ok(())
}

/// The address of a request that sends mail (resend, code, recovery) and its account,
/// within the limits: per IP, and once a minute and a daily cap per address — keyed by
/// address whether or not it has an account, so a 429 reveals nothing; a client the
/// account knows is not held to what outsiders can fill ([`Limiters::mail_to`]).
///
/// [`Limiters::mail_to`]: crate::limits::Limiters::mail_to
async fn mail_request(
    accounts: &Accounts,
    client: &Client,
    raw_email: Option<&str>,
) -> ApiResult<(users::Email, Option<user::Model>)> {
    let limits = accounts.limits();
    let ip = client.ip_key();
    limits
        .mail_requests_per_ip
        .check(&ip, TOO_MANY_REQUESTS)
        .await?;
    let email = parse_email(raw_email)?;
    let user = users::find_by_email(accounts.db(), &email.key).await?;
    let known = known::knows(accounts.db(), user.as_ref().map(|u| u.id), client).await?;
    limits.mail_to(&email.key, &ip, known).await?;
    Ok((email, user))
}

async fn resend(
    State(accounts): State<Accounts>,
    client: Client,
    Input { value, .. }: Input<EmailOnly>,
) -> ApiResult<Json<Done>> {
    let (_, user) = mail_request(&accounts, &client, value.email.as_deref()).await?;
    if let Some(user) = user.filter(|user| user.confirmed_at.is_none()) {
        mail_confirmation_link(&accounts, &user).await?;
    }
    Ok(done(CHECK_EMAIL_SIGN_UP))
}

/// The emailed links (`GET`) lead to the site's own pages for them, which render with
/// the frame and post the token from a button (`pages::routes::CONFIRM_EMAIL`,
/// `NEW_PASSWORD`): a redirect with the same query, so opening a link changes nothing.
async fn confirm_page(uri: axum::http::Uri) -> impl Answers<()> {
    link_page(routes::CONFIRM_EMAIL.path.0, &uri)
}

async fn new_password_page(uri: axum::http::Uri) -> impl Answers<()> {
    link_page(routes::NEW_PASSWORD.path.0, &uri)
}

fn link_page(page: &str, uri: &axum::http::Uri) -> impl Answers<()> {
    let target = match uri.query() {
        Some(query) => format!("{page}?{query}"),
        None => page.to_owned(),
    };
    (
        // The token is in this address: never leak it to other sites.
        [(header::REFERRER_POLICY, "no-referrer")],
        Redirect::to(&target),
    )
}

/// Signed in: JSON for scripts, a redirect for the emailed links' forms.
fn signed_in_answer(user: &user::Model, from_form: bool, redirect: &str) -> JsonOrRedirect<User> {
    if from_form {
        JsonOrRedirect::Redirect(Redirect::to(redirect))
    } else {
        JsonOrRedirect::Json(public(user))
    }
}

/// A confirmation link's form: the link proves the address, the password who chose it.
/// The account gets the pending password when the one typed matches it (a wrong one
/// counts against the link), or, when several sign-ups contested the address and none
/// is pending, the one typed here. Never a password the confirming person has not shown.
async fn confirm(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    client: Client,
    Input { value, from_form }: Input<EmailedLink>,
) -> ApiResult<(DeviceCookie, JsonOrRedirect<User>)> {
    let redirect = safe_redirect(value.redirect_to.as_deref())?;
    let password = required_password(value.password)?;
    let token = value.token.unwrap_or_default();
    let token = token.trim();
    let db = accounts.db();
    let Some(user_id) = tokens::peek_link(db, Purpose::Confirm, token).await? else {
        return Err(ApiError::bad_request(BAD_LINK));
    };
    let user = user::Entity::find_by_id(user_id)
        .one(db)
        .await?
        .ok_or_else(|| ApiError::bad_request(BAD_LINK))?;
    // Hashing and verifying run before the transaction, which they would hold for long.
    let hash = match user.password_hash {
        Some(pending) => {
            if !password::verify(password, Some(pending.clone())).await {
                tokens::count_wrong_password(db, Purpose::Confirm, token).await?;
                return Err(ApiError::bad_request(NOT_THE_SIGN_UP_PASSWORD));
            }
            pending
        }
        None => {
            password::check_rules(&password)?;
            password::hash(password).await?
        }
    };
    let txn = db.begin().await?;
    // Used (or ended) meanwhile: the link works once.
    let Some(user_id) = tokens::consume_link(&txn, Purpose::Confirm, token).await? else {
        return Err(ApiError::bad_request(BAD_LINK));
    };
    let user = user::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(BAD_LINK))?;
    let user = hand_over(&txn, user, Some(hash)).await?;
    txn.commit().await?;
    let device = sign_in_from(&accounts, &session, &user, &client).await?;
    Ok((device, signed_in_answer(&user, from_form, &redirect)))
}

/// Whoever proved the address now holds the account, with `password` (a hash of one they
/// have shown they know; `None`: no password until they set one by recovery). Every
/// emailed link and code still unused and every other session of the account ends, and
/// the account is confirmed.
async fn hand_over(
    db: &impl sea_orm::ConnectionTrait,
    user: user::Model,
    password: Option<String>,
) -> ApiResult<user::Model> {
    tokens::revoke_all(db, user.id).await?;
    store::end_sessions_of(db, user.id, None).await?;
    let confirmed_at = user.confirmed_at.unwrap_or_else(now);
    let mut active = user.into_active_model();
    active.confirmed_at = Set(Some(confirmed_at));
    active.password_hash = Set(password);
    Ok(active.update(db).await?)
}

async fn sign_in(
    State(accounts): State<Accounts>,
    client: Client,
    CurrentUser { session, .. }: CurrentUser,
    Input { value, .. }: Input<Credentials>,
) -> ApiResult<(DeviceCookie, Json<User>)> {
    let limits = accounts.limits();
    let db = accounts.db();
    let ip = client.ip_key();
    limits.sign_in_per_ip.check(&ip, TOO_MANY_SIGN_INS).await?;
    let email = parse_email(value.email.as_deref())?;
    // Per account *and* IP: an attacker elsewhere cannot lock the owner out.
    limits
        .sign_in_per_account_ip
        .check(&format!("{}|{ip}", email.key), TOO_MANY_SIGN_INS)
        .await?;
    let user = users::find_by_email(db, &email.key).await?;
    // And a ceiling on failed sign-ins per account from everywhere (a botnet's guesses):
    // each attempt is counted before its password is checked, so concurrent guesses
    // cannot pass it, and given back when the password was right. Past it, a browser or
    // address the account has signed in from still may (its limit per account and IP
    // above holds); anyone else signs in by emailed code or recovers, both open.
    let counted = match limits.failed_sign_ins_per_account.take(&email.key).await? {
        Ok(()) => true,
        Err(wait) => {
            if !known::knows(db, user.as_ref().map(|u| u.id), &client).await? {
                return Err(too_many(TOO_MANY_ACCOUNT_SIGN_INS, wait));
            }
            false
        }
    };
    let password = required_password(value.password)?;
    if password.chars().count() > password::MAX_PASSWORD_CHARS {
        // Never stored that long, so it cannot match; spare the hashing.
        return Err(ApiError::bad_request(INVALID_CREDENTIALS));
    }
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let matches = password::verify(password, stored).await;
    let Some(user) = user.filter(|_| matches) else {
        return Err(ApiError::bad_request(INVALID_CREDENTIALS));
    };
    if counted {
        limits
            .failed_sign_ins_per_account
            .refund(&email.key)
            .await?;
    }
    if user.confirmed_at.is_none() {
        // Never a session on a password nobody has confirmed the address for.
        return Err(ApiError::bad_request(NOT_CONFIRMED));
    }
    let device = sign_in_from(&accounts, &session, &user, &client).await?;
    Ok((device, Json(public(&user))))
}

async fn sign_out(CurrentUser { session, .. }: CurrentUser) -> ApiResult<Json<Done>> {
    session::sign_out(&session).await?;
    Ok(done("Logged out"))
}

async fn request_code(
    State(accounts): State<Accounts>,
    client: Client,
    Input { value, .. }: Input<CodeRequest>,
) -> ApiResult<Json<Done>> {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.trim().is_empty());
    if !given(&value.email) {
        return Err(ApiError::bad_request(if given(&value.phone) {
            "Signing in by phone is not available. Please use your email address."
        } else {
            NEITHER_EMAIL_NOR_PHONE
        }));
    }
    let (_, user) = mail_request(&accounts, &client, value.email.as_deref()).await?;
    if let Some(user) = user {
        let code = tokens::new_code();
        tokens::issue(accounts.db(), user.id, Purpose::Code, &code).await?;
        accounts.mailer().send_later(
            user.email.clone(),
            "Your Sound Atlas sign-in code",
            format!(
                "Your Sound Atlas sign-in code is:\n\n{code}\n\nIt is valid for 10 minutes, once. \
                 If you did not ask for it, you can ignore this message.\n"
            ),
        );
    }
    Ok(done(CHECK_EMAIL_CODE))
}

async fn verify_code(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    client: Client,
    Input { value, .. }: Input<CodeCheck>,
) -> ApiResult<(DeviceCookie, Json<User>)> {
    let email = parse_email(value.email.as_deref())?;
    let code = value.token.unwrap_or_default();
    let txn = accounts.db().begin().await?;
    let user = users::find_by_email(&txn, &email.key).await?;
    let valid = match &user {
        Some(user) => tokens::consume_code(&txn, user.id, code.trim()).await?,
        None => false,
    };
    let Some(user) = user.filter(|_| valid) else {
        // Committed: the guess counts against the code.
        txn.commit().await?;
        return Err(ApiError::bad_request(BAD_CODE));
    };
    // A code proves the address, not who chose a pending password: an unconfirmed account
    // is handed over without one (its owner sets one by recovery).
    let user = if user.confirmed_at.is_none() {
        hand_over(&txn, user, None).await?
    } else {
        user
    };
    txn.commit().await?;
    let device = sign_in_from(&accounts, &session, &user, &client).await?;
    Ok((device, Json(public(&user))))
}

async fn recover(
    State(accounts): State<Accounts>,
    client: Client,
    Input { value, .. }: Input<EmailOnly>,
) -> ApiResult<Json<Done>> {
    let (_, user) = mail_request(&accounts, &client, value.email.as_deref()).await?;
    if let Some(user) = user {
        let secret = tokens::new_link_secret();
        tokens::issue(accounts.db(), user.id, Purpose::Recover, &secret).await?;
        accounts.mailer().send_later(
            user.email.clone(),
            "Reset your Sound Atlas password",
            format!(
                "Someone asked to reset the password of your Sound Atlas account.\n\nChoose a new \
                 password here (valid for 1 hour, once):\n\n{}{}\n\n\
                 If it was not you, ignore this message: your password stays as it is.\n",
                accounts.config().public_url,
                api::RECOVERY_LINK.path(&[&secret])
            ),
        );
    }
    Ok(done(CHECK_EMAIL_RECOVERY))
}

async fn set_new_password(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    client: Client,
    Input { value, from_form }: Input<EmailedLink>,
) -> ApiResult<(DeviceCookie, JsonOrRedirect<User>)> {
    let redirect = safe_redirect(value.redirect_to.as_deref())?;
    let password = required_password(value.password)?;
    password::check_rules(&password)?;
    let hash = password::hash(password).await?;
    let token = value.token.unwrap_or_default();
    let txn = accounts.db().begin().await?;
    let Some(user_id) = tokens::consume_link(&txn, Purpose::Recover, token.trim()).await? else {
        return Err(ApiError::bad_request(BAD_LINK));
    };
    let user = user::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(BAD_LINK))?;
    // The link proves the address, and the password is the one chosen here. Whoever else
    // holds a session, a code or a link of this account (perhaps the reason for the
    // reset) loses it; this browser gets a fresh session below.
    let user = hand_over(&txn, user, Some(hash)).await?;
    txn.commit().await?;
    let device = sign_in_from(&accounts, &session, &user, &client).await?;
    Ok((device, signed_in_answer(&user, from_form, &redirect)))
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
    let rows = accounts.export_rows(user.id).await?;
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

/// `POST /api/user/deletion-confirmation`: right after a deletion (the spec's order), mails
/// the address of the account this browser deleted that it is gone, once; from a
/// signed-in user, a notice that a deletion was asked for. Only ever the session's own
/// address, whatever the body says; otherwise 401.
async fn deletion_confirmation(
    State(accounts): State<Accounts>,
    client: Client,
    CurrentUser { user, session }: CurrentUser,
) -> ApiResult<Json<Done>> {
    let deleted: Option<DeletedAccount> = session
        .remove(DELETED_ACCOUNT_KEY)
        .await
        .map_err(|err| ApiError::internal(format_args!("session: {err}")))?;
    let (email, limit_key, subject, body) = match (deleted, user) {
        // Not counted against the address's mail limit: it follows a deletion only its
        // owner could make (a confirmed account, signed in), once, and often comes
        // within a minute of the notice or a sign-up mail.
        (Some(deleted), _) if now() - deleted.at <= DELETION_CONFIRMATION_SECONDS => (
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
        (_, Some(user)) => (
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
        _ => return Err(session::not_signed_in()),
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

/// `GET /api/auth/oidc`: whether the provider sign-in is on, and its button label.
async fn oidc_info(State(accounts): State<Accounts>) -> Json<crate::model::OidcInfo> {
    Json(crate::model::OidcInfo {
        enabled: accounts.oidc().is_some(),
        name: accounts.oidc().map(|oidc| oidc.config.name.clone()),
    })
}

fn oidc_of(accounts: &Accounts) -> ApiResult<&crate::oidc::Oidc> {
    accounts.oidc().ok_or_else(|| {
        ApiError::not_found("Sign-in with an identity provider is not configured on this site.")
    })
}

/// `GET /api/auth/oidc/start?redirectTo=/path`: leaves for the provider. It changes no
/// account, only remembers this attempt in the browser's session.
async fn oidc_start(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    params: QueryParams,
) -> ApiResult<Redirect> {
    let oidc = oidc_of(&accounts)?;
    let redirect = safe_redirect(params.get("redirectTo"))?;
    let (url, pending) = oidc.start(redirect).await?;
    session
        .insert(crate::oidc::PENDING_KEY, pending)
        .await
        .map_err(ApiError::internal)?;
    Ok(Redirect::to(&url))
}

/// `GET /api/auth/oidc/callback?code&state`: the provider's answer. The attempt is taken
/// out of the session first, so a code or state works at most once.
async fn oidc_callback(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    client: Client,
    params: QueryParams,
) -> ApiResult<(DeviceCookie, Redirect)> {
    let oidc = oidc_of(&accounts)?;
    let pending: Option<crate::oidc::Pending> = session
        .remove(crate::oidc::PENDING_KEY)
        .await
        .map_err(ApiError::internal)?;
    let pending = pending.ok_or_else(|| ApiError::bad_request(crate::oidc::NO_PENDING))?;
    if params.get("error").is_some() {
        return Err(ApiError::bad_request(crate::oidc::REFUSED));
    }
    let code = params.get("code").unwrap_or("");
    let state = params.get("state").unwrap_or("");
    let user = crate::oidc::complete(&accounts, oidc, &pending, code, state).await?;
    let device = sign_in_from(&accounts, &session, &user, &client).await?;
    Ok((device, Redirect::to(pending.redirect())))
}
