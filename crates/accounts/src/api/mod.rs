//! `/api/auth/...` and `/api/user...` routes (nested under `/api` by the server).
//!
//! Answers never tell whether an address has an account: sign-up, resend, code and
//! recovery requests answer alike, and mail goes out in the background.
//!
//! One module per resource, each with its routes: `sign_up`, `sign_in`, `recovery`,
//! `account`, `provider`; what they share is here.

mod account;
mod provider;
mod recovery;
mod sign_in;
mod sign_up;

use axum::extract::FromRef;
use axum::http::{header, HeaderValue};
use axum::middleware;
use axum::response::{Redirect, Response};
use axum::{Json, Router};
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set, TransactionTrait};
use sound_atlas_entity::user;
use sound_atlas_web::{Answers, ApiError, ApiResult, JsonOrRedirect};

use crate::known::{self, Client, DeviceCookie};
use crate::limits::TOO_MANY_REQUESTS;
use crate::model::{Done, User};
use crate::session::{self};
use crate::tokens::{self, Purpose};
use crate::users::{self, parse_email};
use crate::{now, store, Accounts};
use sound_atlas_web::{refuse_cross_origin, MAX_BODY_BYTES};

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
        .merge(account::routes())
        .merge(provider::routes())
        .merge(sign_up::routes())
        .merge(sign_in::routes())
        .merge(recovery::routes())
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

/// An emailed link's last step, in one transaction: the link used (once: one used or
/// ended meanwhile is a bad link) and the account handed over with the hash of the
/// `password` its holder showed ([`hand_over`]); then this browser is signed in and
/// answered as the link's form asked (`from_form`: a redirect to `redirect`).
async fn redeem_link(
    accounts: &Accounts,
    session: &tower_sessions::Session,
    client: &Client,
    (purpose, token): (Purpose, &str),
    password: String,
    (from_form, redirect): (bool, &str),
) -> ApiResult<(DeviceCookie, JsonOrRedirect<User>)> {
    let txn = accounts.db().begin().await?;
    let Some(user_id) = tokens::consume_link(&txn, purpose, token).await? else {
        return Err(ApiError::bad_request(BAD_LINK));
    };
    let user = user::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(BAD_LINK))?;
    let user = hand_over(&txn, user, Some(password)).await?;
    txn.commit().await?;
    let device = sign_in_from(accounts, session, &user, client).await?;
    Ok((device, signed_in_answer(&user, from_form, redirect)))
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
