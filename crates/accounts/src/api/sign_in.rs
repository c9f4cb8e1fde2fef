//! Signing in and out: by password or by an emailed code.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sea_orm::TransactionTrait;
use sound_atlas_web::{ApiError, ApiResult, OperationRoutes};

use super::{
    done, hand_over, mail_request, public, required_password, sign_in_from, BAD_CODE,
    CHECK_EMAIL_CODE, INVALID_CREDENTIALS, NEITHER_EMAIL_NOR_PHONE, NOT_CONFIRMED,
};
use crate::known::{self, Client, DeviceCookie};
use crate::limits::{too_many, TOO_MANY_ACCOUNT_SIGN_INS, TOO_MANY_SIGN_INS};
use crate::model::{CodeCheck, CodeRequest, Credentials, Done, User};
use crate::session::{self, CurrentUser};
use crate::tokens::{self, Purpose};
use crate::users::{self, parse_email};
use crate::{password, Accounts};
use sound_atlas_contract::accounts::api;
use sound_atlas_web::Input;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::SIGN_IN, sign_in)
        .operation(&api::SIGN_OUT, sign_out)
        .operation(&api::REQUEST_CODE, request_code)
        .operation(&api::VERIFY_CODE, verify_code)
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
    let password = required_password(value.password)?;
    let user = users::find_by_email(db, &email.key).await?;
    // Failed passwords are counted before the (slow) check, so concurrent guesses cannot
    // pass a limit, and given back when the password was right: per account and browser
    // from every address, and per account from everywhere (a botnet's ceiling). Past the
    // ceiling, a browser or address the account has signed in from still may (its limits
    // per account and IP, and per account and browser, hold); anyone else signs in by
    // emailed code or recovers, both open.
    let mut counted = Vec::new();
    if let Some(browser) = client.browser_key() {
        let key = format!("{}|{browser}", email.key);
        if let Err(wait) = limits
            .failed_sign_ins_per_account_browser
            .take(&key)
            .await?
        {
            return Err(too_many(TOO_MANY_ACCOUNT_SIGN_INS, wait));
        }
        counted.push((&limits.failed_sign_ins_per_account_browser, key));
    }
    match limits.failed_sign_ins_per_account.take(&email.key).await? {
        Ok(()) => counted.push((&limits.failed_sign_ins_per_account, email.key.clone())),
        Err(wait) => {
            if !known::knows(db, user.as_ref().map(|u| u.id), &client).await? {
                for (limit, key) in &counted {
                    limit.refund(key).await?;
                }
                return Err(too_many(TOO_MANY_ACCOUNT_SIGN_INS, wait));
            }
        }
    }
    if password.chars().count() > password::MAX_PASSWORD_CHARS {
        // Never stored that long, so it cannot match; spare the hashing.
        return Err(ApiError::bad_request(INVALID_CREDENTIALS));
    }
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let matches = password::verify(password, stored).await;
    let Some(user) = user.filter(|_| matches) else {
        return Err(ApiError::bad_request(INVALID_CREDENTIALS));
    };
    for (limit, key) in &counted {
        limit.refund(key).await?;
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
