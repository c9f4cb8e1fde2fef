//! Sign-in through a real OpenID Connect provider (the `oidc-provider` npm package, run
//! by e2e/support/oidc-provider.mjs), including the refusals: a wrong state, a replayed
//! code, a wrong audience, and an email that already has a password account.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use axum::http::{header, StatusCode};
use serde_json::json;
use sound_atlas_accounts::oidc::OidcConfig;
use sound_atlas_contract::accounts::api;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::*;

struct IdentityProvider {
    child: Child,
    port: u16,
    /// The user's browser at the provider (cookies, redirects up to our origin).
    agent: reqwest::Client,
}

impl Drop for IdentityProvider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl IdentityProvider {
    async fn start() -> IdentityProvider {
        let e2e = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../e2e");
        assert!(
            e2e.join("node_modules/oidc-provider").exists(),
            "oidc-provider is missing: run `npm install` in e2e/"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("node")
            .arg("support/oidc-provider.mjs")
            .current_dir(&e2e)
            .env("PORT", port.to_string())
            .env(
                "REDIRECT_URI",
                format!("{ORIGIN}{}", api::PROVIDER_CALLBACK.path(&[])),
            )
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the identity provider");
        let agent = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::custom(|attempt| {
                // Back at our site: stop, the test hands that address to the app.
                if attempt.url().as_str().starts_with(ORIGIN) {
                    attempt.stop()
                } else {
                    attempt.follow()
                }
            }))
            .build()
            .unwrap();
        let provider = IdentityProvider { child, port, agent };
        for _ in 0..200 {
            let discovery = provider.url("/.well-known/openid-configuration");
            if reqwest::get(discovery)
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return provider;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the identity provider did not start");
    }

    fn issuer(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.issuer())
    }

    async fn control(&self, path: &str) {
        let answer = reqwest::Client::new()
            .post(self.url(path))
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success());
    }

    /// Who signs in at the provider from now on.
    async fn login_as(&self, sub: &str, email: &str) {
        self.control(&format!("/test/login?sub={sub}&email={email}"))
            .await;
    }

    fn site(&self, db: &TestDb) -> Site {
        let issuer = self.issuer();
        Site::with(db, |config| {
            config.oidc = Some(OidcConfig {
                issuer,
                client_id: "sound-atlas".into(),
                client_secret: Some("test-secret".into()),
                name: "Test ID".into(),
            })
        })
    }

    /// Starts a provider sign-in in `browser`, signs in at the provider, and returns the
    /// path of the callback the provider sends the browser back to.
    async fn round_trip(&self, browser: &mut Browser) -> String {
        let start = browser
            .call(&api::PROVIDER_SIGN_IN, &[&"/favorites"], &())
            .await;
        assert_eq!(start.status, StatusCode::SEE_OTHER, "{}", start.body);
        let authorize = start.headers[header::LOCATION].to_str().unwrap().to_owned();
        assert!(authorize.starts_with(&self.issuer()), "{authorize}");
        assert!(
            authorize.contains("code_challenge_method=S256"),
            "{authorize}"
        );
        assert!(authorize.contains("nonce="), "{authorize}");
        let back = self.agent.get(&authorize).send().await.unwrap();
        let location = back
            .headers()
            .get(header::LOCATION)
            .unwrap_or_else(|| {
                panic!(
                    "the provider did not send the browser back: {}",
                    back.status()
                )
            })
            .to_str()
            .unwrap()
            .to_owned();
        assert!(location.contains("code="), "{location}");
        path_of(&location)
    }
}

fn with_param(path: &str, name: &str, value: &str) -> String {
    let (base, query) = path.split_once('?').unwrap();
    let query: Vec<String> = query
        .split('&')
        .map(|pair| {
            if pair.starts_with(&format!("{name}=")) {
                format!("{name}={value}")
            } else {
                pair.to_owned()
            }
        })
        .collect();
    format!("{base}?{}", query.join("&"))
}

fn param(path: &str, name: &str) -> String {
    path.split_once('?')
        .unwrap()
        .1
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .unwrap()
        .to_owned()
}

async fn a_provider_sign_in_creates_then_reuses_a_linked_account(db: &TestDb) {
    let provider = IdentityProvider::start().await;
    let site = provider.site(db);
    let mut browser = site.browser("10.0.0.1");
    let info = browser.call(&api::OIDC, &[], &()).await.json();
    assert_eq!(info, json!({"enabled": true, "name": "Test ID"}));
    provider.login_as("alice", "alice@idp.test").await;
    let callback = provider.round_trip(&mut browser).await;
    let answer = browser.get(&callback).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    assert_eq!(answer.headers[header::LOCATION], "/favorites");
    let me = browser.call(&api::USER, &[], &()).await.json();
    assert_eq!(me["email"], "alice@idp.test");

    let mut again = site.browser("10.0.0.2");
    let callback = provider.round_trip(&mut again).await;
    assert_eq!(again.get(&callback).await.status, StatusCode::SEE_OTHER);
    assert_eq!(
        again.call(&api::USER, &[], &()).await.json(),
        me,
        "the same account"
    );
    // An account made by the provider has no password to sign in with.
    let password = again
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("alice@idp.test", "anything at all"),
        )
        .await;
    assert_eq!(password.message(), "Invalid login credentials");
}

async fn a_wrong_state_is_refused(db: &TestDb) {
    let provider = IdentityProvider::start().await;
    let site = provider.site(db);
    let mut browser = site.browser("10.0.0.1");
    let callback = provider.round_trip(&mut browser).await;
    let forged = browser.get(&with_param(&callback, "state", "forged")).await;
    assert_eq!(forged.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        forged.message(),
        "The sign-in could not be completed: the state does not match."
    );
    assert_eq!(browser.who().await, None);
    // The attempt is spent: even the right state no longer works.
    let late = browser.get(&callback).await;
    assert_eq!(late.status, StatusCode::BAD_REQUEST);
    assert_eq!(browser.who().await, None);
    // A callback in a browser that never started a sign-in is refused too.
    let mut stranger = site.browser("10.0.0.2");
    assert_eq!(
        stranger.get(&callback).await.status,
        StatusCode::BAD_REQUEST
    );
}

async fn a_replayed_code_is_refused(db: &TestDb) {
    let provider = IdentityProvider::start().await;
    let site = provider.site(db);
    let mut browser = site.browser("10.0.0.1");
    let first = provider.round_trip(&mut browser).await;
    assert_eq!(browser.get(&first).await.status, StatusCode::SEE_OTHER);
    browser.call(&api::SIGN_OUT, &[], &()).await;

    // A new attempt (fresh state in the session), answered with the old code.
    let second = provider.round_trip(&mut browser).await;
    let replay = with_param(&second, "code", &param(&first, "code"));
    let answer = browser.get(&replay).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.message(),
        "The identity provider refused the sign-in."
    );
    assert_eq!(browser.who().await, None);
}

async fn an_id_token_for_another_audience_is_refused(db: &TestDb) {
    let provider = IdentityProvider::start().await;
    let site = provider.site(db);
    provider.control("/test/audience?aud=someone-else").await;
    let mut browser = site.browser("10.0.0.1");
    let callback = provider.round_trip(&mut browser).await;
    let answer = browser.get(&callback).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.message(),
        "The identity provider's answer could not be verified."
    );
    assert_eq!(browser.who().await, None);
    // The same re-signing with our own client id as audience passes: the audience alone
    // was refused.
    provider.control("/test/audience?aud=sound-atlas").await;
    let callback = provider.round_trip(&mut browser).await;
    assert_eq!(browser.get(&callback).await.status, StatusCode::SEE_OTHER);
    assert_eq!(browser.who().await.as_deref(), Some("alice@idp.test"));
}

async fn a_provider_email_never_takes_over_a_password_account(db: &TestDb) {
    let provider = IdentityProvider::start().await;
    let site = provider.site(db);
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "bo@example.com", "the owner's password").await;
    owner.call(&api::SIGN_OUT, &[], &()).await;

    provider.login_as("mallory", "BO@example.com").await;
    let mut intruder = site.browser("10.6.6.6");
    let callback = provider.round_trip(&mut intruder).await;
    let answer = intruder.get(&callback).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert!(answer
        .message()
        .starts_with("An account with this email address already exists."));
    assert_eq!(intruder.who().await, None);
    let signed_in = owner
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("bo@example.com", "the owner's password"),
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::OK);
}

async fn a_provider_sign_in_never_attaches_to_an_unconfirmed_password_account(db: &TestDb) {
    let provider = IdentityProvider::start().await;
    let site = provider.site(db);
    // Someone signed the address up with a password of their own and never confirmed.
    let mut squatter = site.browser("10.6.6.6");
    let answer = squatter
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("cal@example.com", "the squatter's password"),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);

    provider.login_as("cal", "cal@example.com").await;
    let mut owner = site.browser("10.0.0.1");
    let callback = provider.round_trip(&mut owner).await;
    let answer = owner.get(&callback).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert_eq!(owner.who().await, None);
    // No identity was linked, and the squatter's password still signs in to nothing.
    let refused = squatter
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("cal@example.com", "the squatter's password"),
        )
        .await;
    assert_eq!(refused.message(), "Email not confirmed");
    assert_eq!(squatter.who().await, None);
}

async fn without_a_provider_the_button_is_off(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    assert_eq!(
        browser.call(&api::OIDC, &[], &()).await.json(),
        json!({"enabled": false, "name": null})
    );
    let start = browser.call(&api::PROVIDER_SIGN_IN, &[&"/"], &()).await;
    assert_eq!(start.status, StatusCode::NOT_FOUND);
}

db_tests!(
    a_provider_sign_in_creates_then_reuses_a_linked_account,
    a_wrong_state_is_refused,
    a_replayed_code_is_refused,
    an_id_token_for_another_audience_is_refused,
    a_provider_email_never_takes_over_a_password_account,
    a_provider_sign_in_never_attaches_to_an_unconfirmed_password_account,
    without_a_provider_the_button_is_off,
);
