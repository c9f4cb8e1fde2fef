//! Signing in with the identity provider (OpenID Connect): whether it is on, the
//! way out to it and its answer.

use axum::extract::{FromRef, State};
use axum::response::Redirect;
use axum::{Json, Router};
use serde::Deserialize;
use sound_atlas_web::{ApiError, ApiResult, OperationRoutes, Query};

use super::sign_in_from;
use crate::http::safe_redirect;
use crate::known::{Client, DeviceCookie};
use crate::session::CurrentUser;
use crate::Accounts;
use sound_atlas_contract::accounts::api;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    Router::new()
        .operation(&api::OIDC, oidc_info)
        .operation(&api::PROVIDER_SIGN_IN, oidc_start)
        .operation(&api::PROVIDER_CALLBACK, oidc_callback)
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StartQuery {
    redirect_to: Option<String>,
}

/// What the provider sends back (other parameters, such as `iss`, are not read).
#[derive(Deserialize)]
struct ProviderAnswer {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// `GET /api/auth/oidc/start?redirectTo=/path`: leaves for the provider. It changes no
/// account, only remembers this attempt in the browser's session.
async fn oidc_start(
    State(accounts): State<Accounts>,
    CurrentUser { session, .. }: CurrentUser,
    Query(StartQuery { redirect_to }): Query<StartQuery>,
) -> ApiResult<Redirect> {
    let oidc = oidc_of(&accounts)?;
    let redirect = safe_redirect(redirect_to.as_deref())?;
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
    Query(answer): Query<ProviderAnswer>,
) -> ApiResult<(DeviceCookie, Redirect)> {
    let oidc = oidc_of(&accounts)?;
    let pending: Option<crate::oidc::Pending> = session
        .remove(crate::oidc::PENDING_KEY)
        .await
        .map_err(ApiError::internal)?;
    let pending = pending.ok_or_else(|| ApiError::bad_request(crate::oidc::NO_PENDING))?;
    if answer.error.is_some() {
        return Err(ApiError::bad_request(crate::oidc::REFUSED));
    }
    let code = answer.code.unwrap_or_default();
    let state = answer.state.unwrap_or_default();
    let user = crate::oidc::complete(&accounts, oidc, &pending, &code, &state).await?;
    let device = sign_in_from(&accounts, &session, &user, &client).await?;
    Ok((device, Redirect::to(pending.redirect())))
}
