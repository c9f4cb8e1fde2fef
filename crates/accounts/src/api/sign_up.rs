//! Signing up: the sign-up, its confirmation mail (and resending it) and the
//! emailed link's confirmation.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
use sound_atlas_entity::user;
use sound_atlas_web::{Answers, ApiError, ApiResult, JsonOrRedirect, OperationRoutes, Query};

use super::{
    done, link_page, link_state, mail_request, redeem_link, refused_link, required_password,
    same_twice, LinkForm, LinkQuery, Redeemed, CHECK_EMAIL_SIGN_UP,
};
use crate::known::{Client, DeviceCookie};
use crate::limits::{allowed, TOO_MANY_SIGN_UPS};
use crate::model::{Credentials, Done, EmailOnly, EmailedLink, User};
use crate::session::CurrentUser;
use crate::tokens::{self, Purpose};
use crate::users::{self, parse_email};
use crate::{password, Accounts};
use sound_atlas_contract::accounts::{
    api, LinkState, BAD_LINK, NOTICE_EMAIL_CONFIRMED, NOTICE_PASSWORD_CHOSEN,
    NOT_THE_SIGN_UP_PASSWORD,
};
use sound_atlas_contract::pages::routes;
use sound_atlas_web::Input;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::SIGN_UP, sign_up)
        .operation(&api::RESEND, resend)
        .operation(&api::CONFIRMATION_LINK, confirm_page)
        .operation(&api::CONFIRMATION_LINK_STATE, confirmation_link_state)
        .operation(&api::CONFIRM, confirm)
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

/// Emails a new confirmation link (earlier ones stay valid). The caller has counted
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
/// `NEW_PASSWORD`): a redirect with the same token, so opening a link changes nothing.
async fn confirm_page(Query(link): Query<LinkQuery>) -> impl Answers<()> {
    link_page(routes::CONFIRM_EMAIL.path.0, link)
}

async fn confirmation_link_state(
    State(accounts): State<Accounts>,
    Query(LinkQuery { token }): Query<LinkQuery>,
) -> ApiResult<Json<LinkState>> {
    let token = token.unwrap_or_default();
    Ok(Json(link_state(&accounts, Purpose::Confirm, &token).await?))
}

/// A confirmation link's form: the link proves the address, the password who chose it.
/// The account gets the pending password when the one typed matches it (a wrong one
/// counts against the link), or, when several sign-ups contested the address and none
/// is pending, the one typed here (twice, on the page that says so). Never a password
/// the confirming person has not shown.
async fn confirm(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    client: Client,
    Input { value, from_form }: Input<EmailedLink>,
) -> ApiResult<(Option<DeviceCookie>, JsonOrRedirect<User>)> {
    let form = LinkForm::new(routes::CONFIRM_EMAIL, &value, from_form)?;
    let outcome = confirm_link(&accounts, &session, &client, &form.token, value).await;
    form.answer(outcome)
}

async fn confirm_link(
    accounts: &Accounts,
    session: &tower_sessions::Session,
    client: &Client,
    token: &str,
    value: EmailedLink,
) -> ApiResult<Redeemed> {
    same_twice(&value)?;
    let password = required_password(value.password)?;
    let db = accounts.db();
    // The password is counted against the link before the (slow) check, so concurrent
    // guesses cannot pass its budget, and given back unless it was a wrong guess.
    let Some(user_id) = tokens::count_password(db, Purpose::Confirm, token).await? else {
        return Err(refused_link(accounts, Purpose::Confirm, token).await);
    };
    let user = user::Entity::find_by_id(user_id)
        .one(db)
        .await?
        .ok_or_else(|| ApiError::bad_request(BAD_LINK))?;
    // Hashing and verifying run before the transaction, which they would hold for long.
    let (hash, notice) = match user.password_hash {
        Some(pending) => {
            if !password::verify(password, Some(pending.clone())).await {
                tokens::end_if_out_of_guesses(db, Purpose::Confirm, token).await?;
                return Err(ApiError::bad_request(NOT_THE_SIGN_UP_PASSWORD));
            }
            (Ok(pending), NOTICE_EMAIL_CONFIRMED)
        }
        // Contested: nothing to guess; the link's holder chooses the password.
        None => {
            let hash = match password::check_rules(&password) {
                Ok(()) => password::hash(password).await,
                Err(refused) => Err(refused),
            };
            (hash, NOTICE_PASSWORD_CHOSEN)
        }
    };
    tokens::uncount_password(db, Purpose::Confirm, token).await?;
    redeem_link(
        accounts,
        session,
        client,
        (Purpose::Confirm, token),
        hash?,
        notice,
    )
    .await
}
