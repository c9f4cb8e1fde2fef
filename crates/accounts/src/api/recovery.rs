//! Recovering an account: the emailed link and the new password.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sound_atlas_web::{Answers, ApiResult, JsonOrRedirect, OperationRoutes, Query};

use super::{
    done, link_page, link_state, mail_request, redeem_link, required_password, same_twice,
    LinkForm, LinkQuery, Redeemed, CHECK_EMAIL_RECOVERY,
};
use crate::known::{Client, DeviceCookie};
use crate::model::{Done, EmailOnly, EmailedLink, User};
use crate::session::CurrentUser;
use crate::tokens::{self, Purpose};
use crate::{password, Accounts};
use sound_atlas_contract::accounts::{api, LinkState, NOTICE_PASSWORD_SET};
use sound_atlas_contract::pages::routes;
use sound_atlas_web::Input;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::RECOVER, recover)
        .operation(&api::RECOVERY_LINK, new_password_page)
        .operation(&api::RECOVERY_LINK_STATE, recovery_link_state)
        .operation(&api::SET_NEW_PASSWORD, set_new_password)
}

async fn new_password_page(Query(link): Query<LinkQuery>) -> impl Answers<()> {
    link_page(routes::NEW_PASSWORD.path.0, link)
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

async fn recovery_link_state(
    State(accounts): State<Accounts>,
    Query(LinkQuery { token }): Query<LinkQuery>,
) -> ApiResult<Json<LinkState>> {
    let token = token.unwrap_or_default();
    Ok(Json(link_state(&accounts, Purpose::Recover, &token).await?))
}

async fn set_new_password(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    client: Client,
    Input { value, from_form }: Input<EmailedLink>,
) -> ApiResult<(Option<DeviceCookie>, JsonOrRedirect<User>)> {
    let form = LinkForm::new(routes::NEW_PASSWORD, &value, from_form)?;
    let outcome = redeem_with_new_password(&accounts, &session, &client, &form.token, value).await;
    form.answer(outcome)
}

/// The link proves the address, and the password is the one chosen here. Whoever else
/// holds a session, a code or a link of this account (perhaps the reason for the reset)
/// loses it; this browser gets a fresh session.
async fn redeem_with_new_password(
    accounts: &Accounts,
    session: &tower_sessions::Session,
    client: &Client,
    token: &str,
    value: EmailedLink,
) -> ApiResult<Redeemed> {
    same_twice(&value)?;
    let password = required_password(value.password)?;
    password::check_rules(&password)?;
    let hash = password::hash(password).await?;
    redeem_link(
        accounts,
        session,
        client,
        (Purpose::Recover, token),
        hash,
        NOTICE_PASSWORD_SET,
    )
    .await
}
