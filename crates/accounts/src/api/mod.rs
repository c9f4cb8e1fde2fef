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
use serde::Deserialize;
use sound_atlas_entity::user;
use sound_atlas_web::{Answers, ApiError, ApiResult, JsonOrRedirect};

use crate::http::safe_redirect;
use crate::known::{self, Client, DeviceCookie};
use crate::limits::TOO_MANY_REQUESTS;
use crate::model::{Done, User};
use crate::session::{self};
use crate::tokens::{self, Purpose};
use crate::users::{self, parse_email};
use crate::{now, store, Accounts};
use sound_atlas_contract::accounts::{
    link_error_code, EmailedLink, LinkState, BAD_LINK, LINK_ERROR_PARAM, LINK_USED, NOTICE_PARAM,
    PASSWORDS_DIFFER, PASSWORD_REQUIRED,
};
use sound_atlas_contract::encode_uri_component;
use sound_atlas_contract::pages::PageRoute;
use sound_atlas_web::{refuse_cross_origin, MAX_BODY_BYTES};

pub const CHECK_EMAIL_SIGN_UP: &str = "Check your email for the confirmation link.";
pub const CHECK_EMAIL_CODE: &str = "Check your email for the sign-in code.";
pub const CHECK_EMAIL_RECOVERY: &str = "Check your email for the password reset link.";
pub const INVALID_CREDENTIALS: &str = "Invalid login credentials";
pub const NOT_CONFIRMED: &str = "Email not confirmed";
pub const NEITHER_EMAIL_NOR_PHONE: &str = "You must provide either an email or phone number.";
pub const BAD_CODE: &str = "Token has expired or is invalid";
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
        .ok_or_else(|| ApiError::bad_request(PASSWORD_REQUIRED))
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

fn link_page(page: &str, LinkQuery { token }: LinkQuery) -> impl Answers<()> {
    let target = match token {
        Some(token) => format!("{page}?token={}", encode_uri_component(&token)),
        None => page.to_owned(),
    };
    (
        // The token is in this address: never leak it to other sites.
        [(header::REFERRER_POLICY, "no-referrer")],
        Redirect::to(&target),
    )
}

/// An emailed link's `?token=` (the page says what a missing one means).
#[derive(Deserialize)]
struct LinkQuery {
    token: Option<String>,
}

/// An emailed link's form as posted: by a script (JSON) or as a plain HTML form (from
/// the link's `page`, before or without script), which is answered with redirects.
struct LinkForm {
    from_form: bool,
    page: PageRoute,
    token: String,
    redirect: String,
}

/// A link's form that signed its holder in, and the notice the page landing after it
/// shows (a plain form post's redirect names it).
struct Redeemed {
    device: DeviceCookie,
    user: user::Model,
    notice: &'static str,
}

impl LinkForm {
    fn new(page: PageRoute, link: &EmailedLink, from_form: bool) -> ApiResult<LinkForm> {
        Ok(LinkForm {
            from_form,
            page,
            token: link.token.as_deref().unwrap_or_default().trim().to_owned(),
            redirect: safe_redirect(link.redirect_to.as_deref())?,
        })
    }

    /// A script gets the user or the error as JSON. A plain form post is sent on to the
    /// redirect target with the notice, or, refused, back to the link's page with its
    /// token and the refusal's code: never free text, never the password, and the page
    /// stays in the site's frame.
    fn answer(
        self,
        outcome: ApiResult<Redeemed>,
    ) -> ApiResult<(Option<DeviceCookie>, JsonOrRedirect<User>)> {
        match (outcome, self.from_form) {
            (Ok(done), false) => Ok((Some(done.device), JsonOrRedirect::Json(public(&done.user)))),
            (Ok(done), true) => {
                let target = with_param(&self.redirect, NOTICE_PARAM, done.notice);
                Ok((
                    Some(done.device),
                    JsonOrRedirect::Redirect(Redirect::to(&target)),
                ))
            }
            (Err(refused), false) => Err(refused),
            (Err(refused), true) => {
                let mut back = self.page.path.0.to_owned();
                // Only a token of the shape links have goes back into an address.
                if tokens::is_link_secret(&self.token) {
                    back = with_param(&back, "token", &self.token);
                }
                let code = link_error_code(&refused.body().message);
                let back = with_param(&back, LINK_ERROR_PARAM, code);
                Ok((None, JsonOrRedirect::Redirect(Redirect::to(&back))))
            }
        }
    }
}

/// `target` (a path on this site, perhaps with a query and a fragment) with one more
/// query parameter.
fn with_param(target: &str, name: &str, value: &str) -> String {
    let (rest, fragment) = target
        .split_once('#')
        .map_or((target, None), |(r, f)| (r, Some(f)));
    let joint = if rest.contains('?') { '&' } else { '?' };
    let mut out = format!("{rest}{joint}{name}={}", encode_uri_component(value));
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// A new password typed twice must be the same both times.
fn same_twice(link: &EmailedLink) -> ApiResult<()> {
    match &link.password_again {
        Some(again) if Some(again) != link.password.as_ref() => {
            Err(ApiError::bad_request(PASSWORDS_DIFFER))
        }
        _ => Ok(()),
    }
}

/// The refusal of a link that cannot be used: a used one is told apart, so whoever opens
/// it again learns it did its work.
async fn refused_link(accounts: &Accounts, purpose: Purpose, token: &str) -> ApiError {
    match tokens::look_up_link(accounts.db(), purpose, token).await {
        Ok(tokens::Link::Used) => ApiError::bad_request(LINK_USED),
        Ok(_) => ApiError::bad_request(BAD_LINK),
        Err(error) => error.into(),
    }
}

/// What the link's page shows: live, used or invalid; a live confirmation link whose
/// account has no pending password (several sign-ups claimed the address) is contested.
async fn link_state(accounts: &Accounts, purpose: Purpose, token: &str) -> ApiResult<LinkState> {
    let db = accounts.db();
    Ok(
        match tokens::look_up_link(db, purpose, token.trim()).await? {
            tokens::Link::Used => LinkState::Used,
            tokens::Link::Invalid => LinkState::Invalid,
            tokens::Link::Live(user_id) => match user::Entity::find_by_id(user_id).one(db).await? {
                None => LinkState::Invalid,
                Some(user) if purpose == Purpose::Confirm && user.password_hash.is_none() => {
                    LinkState::Contested
                }
                Some(_) => LinkState::Live,
            },
        },
    )
}

/// An emailed link's last step, in one transaction: the link used (once: one used or
/// ended meanwhile is a bad link) and the account handed over with the hash of the
/// `password` its holder showed ([`hand_over`]); then this browser is signed in.
async fn redeem_link(
    accounts: &Accounts,
    session: &tower_sessions::Session,
    client: &Client,
    (purpose, token): (Purpose, &str),
    password: String,
    notice: &'static str,
) -> ApiResult<Redeemed> {
    let txn = accounts.db().begin().await?;
    let Some(user_id) = tokens::consume_link(&txn, purpose, token).await? else {
        drop(txn);
        return Err(refused_link(accounts, purpose, token).await);
    };
    let user = user::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(BAD_LINK))?;
    let user = hand_over(&txn, user, Some(password)).await?;
    txn.commit().await?;
    let device = sign_in_from(accounts, session, &user, client).await?;
    Ok(Redeemed {
        device,
        user,
        notice,
    })
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
