//! Sign-in through an OpenID Connect provider: authorization code flow with PKCE (S256),
//! `state` and `nonce` checked, the ID token's signature, issuer and audience verified by
//! the `openidconnect` crate. A provider identity (issuer, subject) is linked to one user;
//! an identity whose email belongs to an existing account is refused, never merged.

use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreProviderMetadata, CoreUserInfoClaims,
};
use openidconnect::{
    AccessTokenHash, AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce,
    OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use sound_atlas_entity::{identity, user};
use sound_atlas_web::ApiError;
use tokio::sync::OnceCell;

use crate::users;
use crate::{now, Accounts};

/// `SOUND_ATLAS_OIDC_*` settings.
#[derive(Debug, Clone)]
pub struct OidcConfig {
    /// `SOUND_ATLAS_OIDC_ISSUER`: the provider's issuer URL (discovery is read from
    /// `{issuer}/.well-known/openid-configuration`).
    pub issuer: String,
    /// `SOUND_ATLAS_OIDC_CLIENT_ID`.
    pub client_id: String,
    /// `SOUND_ATLAS_OIDC_CLIENT_SECRET` (optional for public clients).
    pub client_secret: Option<String>,
    /// `SOUND_ATLAS_OIDC_NAME`: the provider's name on the sign-in button.
    pub name: String,
}

/// The provider, discovered on first use.
pub struct Oidc {
    pub config: OidcConfig,
    redirect_uri: String,
    http: openidconnect::reqwest::Client,
    metadata: OnceCell<CoreProviderMetadata>,
    /// When discovery last failed: for [`DISCOVERY_RETRY`] after it, sign-ins answer 503
    /// at once instead of each waiting out its own attempt behind the others.
    discovery_failed: std::sync::Mutex<Option<std::time::Instant>>,
}

/// How long a failed discovery is remembered.
pub const DISCOVERY_RETRY: std::time::Duration = std::time::Duration::from_secs(5);

/// What the browser's session remembers between leaving for the provider and coming back.
#[derive(Debug, Serialize, Deserialize)]
pub struct Pending {
    state: String,
    nonce: String,
    verifier: String,
    redirect: String,
}

impl Pending {
    /// Where to go after signing in (checked same-origin when the attempt started).
    pub fn redirect(&self) -> &str {
        &self.redirect
    }
}

pub const PENDING_KEY: &str = "oidc_pending";
pub const REFUSED: &str = "The identity provider refused the sign-in.";
pub const UNVERIFIED: &str = "The identity provider's answer could not be verified.";
pub const BAD_STATE: &str = "The sign-in could not be completed: the state does not match.";
pub const NO_PENDING: &str =
    "The sign-in with the identity provider has expired or was already used. Please try again.";
pub const EMAIL_TAKEN: &str = "An account with this email address already exists. Sign in with \
    your password; your provider account was not linked to it.";

/// The provider could not be reached (or answered nonsense where its discovery document
/// should be): a 503 with `Retry-After`, like any dependency that is away.
fn unavailable(err: impl std::fmt::Display) -> ApiError {
    tracing::warn!(%err, "identity provider unreachable");
    ApiError::Unavailable(format!("identity provider: {err}"))
}

impl Oidc {
    pub fn new(config: OidcConfig, public_url: &str) -> Result<Self, String> {
        let http = openidconnect::reqwest::ClientBuilder::new()
            // Following redirects would open the client to SSRF.
            .redirect(openidconnect::reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(|e| format!("identity provider HTTP client: {e}"))?;
        IssuerUrl::new(config.issuer.clone())
            .map_err(|e| format!("SOUND_ATLAS_OIDC_ISSUER: {e}"))?;
        Ok(Oidc {
            redirect_uri: format!(
                "{public_url}{}",
                sound_atlas_contract::accounts::api::PROVIDER_CALLBACK
                    .template
                    .0
            ),
            config,
            http,
            metadata: OnceCell::new(),
            discovery_failed: std::sync::Mutex::new(None),
        })
    }

    async fn client(
        &self,
    ) -> Result<
        CoreClient<
            openidconnect::EndpointSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointMaybeSet,
            openidconnect::EndpointMaybeSet,
        >,
        ApiError,
    > {
        let metadata = self
            .metadata
            .get_or_try_init(|| async {
                let failed = || {
                    self.discovery_failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                };
                if failed().is_some_and(|at| at.elapsed() < DISCOVERY_RETRY) {
                    return Err(ApiError::Unavailable(
                        "identity provider: its discovery failed a moment ago".into(),
                    ));
                }
                let issuer = IssuerUrl::new(self.config.issuer.clone()).map_err(unavailable)?;
                let discovered = CoreProviderMetadata::discover_async(issuer, &self.http).await;
                if discovered.is_err() {
                    *failed() = Some(std::time::Instant::now());
                }
                discovered.map_err(unavailable)
            })
            .await?;
        Ok(CoreClient::from_provider_metadata(
            metadata.clone(),
            ClientId::new(self.config.client_id.clone()),
            self.config.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(RedirectUrl::new(self.redirect_uri.clone()).map_err(ApiError::internal)?))
    }

    /// The provider's authorization URL, and what to remember in the session.
    pub async fn start(&self, redirect: String) -> Result<(String, Pending), ApiError> {
        let client = self.client().await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok((
            url.to_string(),
            Pending {
                state: state.secret().clone(),
                nonce: nonce.secret().clone(),
                verifier: verifier.secret().clone(),
                redirect,
            },
        ))
    }

    /// Checks the provider's answer and returns (issuer, subject, email, email verified).
    async fn finish(
        &self,
        pending: &Pending,
        code: &str,
        state: &str,
    ) -> Result<(String, String, Option<String>, bool), ApiError> {
        // Compared before anything is sent to the provider.
        if state.as_bytes() != pending.state.as_bytes() {
            return Err(ApiError::bad_request(BAD_STATE));
        }
        let client = self.client().await?;
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(ApiError::internal)?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.verifier.clone()))
            .request_async(&self.http)
            .await
            .map_err(|err| match err {
                openidconnect::RequestTokenError::Request(err) => unavailable(err),
                err => {
                    tracing::info!(%err, "identity provider refused the code");
                    ApiError::bad_request(REFUSED)
                }
            })?;
        let id_token = response
            .id_token()
            .ok_or_else(|| ApiError::bad_request(UNVERIFIED))?;
        let verifier = client.id_token_verifier();
        let claims = id_token
            .claims(&verifier, &Nonce::new(pending.nonce.clone()))
            .map_err(|err| {
                tracing::info!(%err, "ID token refused");
                ApiError::bad_request(UNVERIFIED)
            })?;
        if let Some(expected) = claims.access_token_hash() {
            let (alg, key) = (
                id_token
                    .signing_alg()
                    .map_err(|_| ApiError::bad_request(UNVERIFIED))?,
                id_token
                    .signing_key(&verifier)
                    .map_err(|_| ApiError::bad_request(UNVERIFIED))?,
            );
            let actual = AccessTokenHash::from_token(response.access_token(), alg, key)
                .map_err(|_| ApiError::bad_request(UNVERIFIED))?;
            if actual != *expected {
                return Err(ApiError::bad_request(UNVERIFIED));
            }
        }
        let mut email = claims.email().map(|e| e.to_string());
        let mut email_verified = claims.email_verified().unwrap_or(false);
        if email.is_none() {
            // Many providers put profile claims only in the UserInfo answer.
            let info: CoreUserInfoClaims = client
                .user_info(
                    response.access_token().clone(),
                    Some(claims.subject().clone()),
                )
                .map_err(|_| ApiError::bad_request(UNVERIFIED))?
                .request_async(&self.http)
                .await
                .map_err(|err| match err {
                    openidconnect::UserInfoError::Request(err) => unavailable(err),
                    err => {
                        tracing::info!(%err, "UserInfo refused");
                        ApiError::bad_request(UNVERIFIED)
                    }
                })?;
            email = info.email().map(|e| e.to_string());
            email_verified = info.email_verified().unwrap_or(false);
        }
        Ok((
            claims.issuer().to_string(),
            claims.subject().to_string(),
            email,
            email_verified,
        ))
    }
}

/// Completes a provider sign-in: the linked user, or a new one. Refuses an identity whose
/// email already has an account (no silent takeover).
pub async fn complete(
    accounts: &Accounts,
    oidc: &Oidc,
    pending: &Pending,
    code: &str,
    state: &str,
) -> Result<user::Model, ApiError> {
    let (issuer, subject, email, email_verified) = oidc.finish(pending, code, state).await?;
    let txn = accounts.db().begin().await?;
    let linked = identity::Entity::find()
        .filter(identity::Column::Issuer.eq(issuer.clone()))
        .filter(identity::Column::Subject.eq(subject.clone()))
        .one(&txn)
        .await?;
    if let Some(linked) = linked {
        let user = user::Entity::find_by_id(linked.user_id)
            .one(&txn)
            .await?
            .ok_or_else(|| ApiError::internal("identity without user"))?;
        txn.commit().await?;
        return Ok(user);
    }
    let email = users::parse_email(email.as_deref()).map_err(|_| {
        ApiError::bad_request("The identity provider did not share a valid email address.")
    })?;
    if !email_verified {
        return Err(ApiError::bad_request(
            "The identity provider has not verified this email address.",
        ));
    }
    let Some(user) = users::create(&txn, &email, None, true).await? else {
        return Err(ApiError::Forbidden(EMAIL_TAKEN.into()));
    };
    identity::ActiveModel {
        user_id: Set(user.id),
        issuer: Set(issuer),
        subject: Set(subject),
        email: Set(Some(email.display.clone())),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(user)
}
