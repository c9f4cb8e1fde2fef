//! The emailed links' pages as the server serves them: the state a page reads when it
//! renders (live, contested, used, invalid), a plain form post's refusals sent back to
//! the page by code, and a contested address's confirmation, which asks for a new
//! password twice.

use axum::http::{header, StatusCode};
use sound_atlas_contract::accounts::{api, EmailedLink, LinkState};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::*;

db_tests!(
    a_links_page_reads_whether_it_is_live_used_or_invalid,
    a_refused_form_post_goes_back_to_its_page_with_a_code,
    a_contested_link_asks_for_a_new_password_twice,
);

const CONFIRM: &str = "Confirm your Sound Atlas account";
const PASSWORD: &str = "the owner's own passphrase";

async fn confirmation_state(browser: &mut Browser, token: &str) -> LinkState {
    let answer = browser
        .call(&api::CONFIRMATION_LINK_STATE, &[&token], &())
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.headers[header::CACHE_CONTROL], "no-store");
    answer.value()
}

async fn signed_up_link(site: &Site, browser: &mut Browser, email: &str) -> String {
    let seen = site.mail_count(email, CONFIRM);
    let answer = browser
        .call(&api::SIGN_UP, &[], &credentials(email, PASSWORD))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    token_of(&link(&site.mail_after(email, CONFIRM, seen).await, ORIGIN))
}

async fn a_links_page_reads_whether_it_is_live_used_or_invalid(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let token = signed_up_link(&site, &mut browser, "ida@example.com").await;
    assert_eq!(
        confirmation_state(&mut browser, &token).await,
        LinkState::Live
    );
    // Reading it changes nothing, and a wrong password leaves it live.
    let wrong = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token), ("password", "not the one chosen")],
        )
        .await;
    assert!(refusal(&wrong, CONFIRM_PAGE).starts_with("That is not the password"));
    assert_eq!(
        confirmation_state(&mut browser, &token).await,
        LinkState::Live
    );
    let confirmed = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token), ("password", PASSWORD)],
        )
        .await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.body
    );
    assert_eq!(
        confirmation_state(&mut browser, &token).await,
        LinkState::Used
    );
    // A script is told the same in JSON.
    let again = browser
        .call(
            &api::CONFIRM,
            &[],
            &EmailedLink {
                token: Some(token.clone()),
                password: Some(PASSWORD.to_owned()),
                password_again: None,
                redirect_to: None,
            },
        )
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        again.message(),
        "This link was already used. Sign in with your password, or ask for a new link."
    );
    for unknown in ["nonsense", "", &"A".repeat(43)] {
        assert_eq!(
            confirmation_state(&mut browser, unknown).await,
            LinkState::Invalid,
            "{unknown}"
        );
    }
    // A confirmation link is no reset link.
    let answer = browser
        .call(&api::RECOVERY_LINK_STATE, &[&token], &())
        .await;
    assert_eq!(answer.value(), LinkState::Invalid);
}

async fn a_refused_form_post_goes_back_to_its_page_with_a_code(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let token = signed_up_link(&site, &mut browser, "jo@example.com").await;
    let secret = "a wrong guess 1234";
    let wrong = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token), ("password", secret)],
        )
        .await;
    // Back to the page, with the token and the refusal's code: no text, no password.
    assert_eq!(
        wrong.headers[header::LOCATION],
        format!("/confirm-email?token={token}&error=wrong-password")
    );
    assert!(!wrong.body.contains(secret));
    assert_eq!(browser.who().await, None);

    // The reset page likewise: a password the rules refuse, then a used link.
    browser
        .call(&api::RECOVER, &[], &email_only("jo@example.com"))
        .await;
    let mail = site
        .mail("jo@example.com", "Reset your Sound Atlas password")
        .await;
    let reset = token_of(&link(&mail, ORIGIN));
    let post = |password: &'static str| {
        let mut browser = browser.clone();
        let reset = reset.clone();
        async move {
            browser
                .post_form(
                    api::SET_NEW_PASSWORD.path(&[]).as_str(),
                    &[("token", &reset), ("password", password)],
                )
                .await
        }
    };
    let short = post("short").await;
    assert_eq!(
        short.headers[header::LOCATION],
        format!("/new-password?token={reset}&error=password-short")
    );
    let done = post("a brand new password").await;
    assert_eq!(
        done.headers[header::LOCATION],
        "/?notice=password-set",
        "{}",
        done.body
    );
    let reused = post("yet another password").await;
    assert_eq!(
        reused.headers[header::LOCATION],
        format!("/new-password?token={reset}&error=used")
    );
}

async fn a_contested_link_asks_for_a_new_password_twice(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    let token = signed_up_link(&site, &mut owner, "kai@example.com").await;
    // A stranger signs up with the owner's address: no sign-up's password is kept.
    let mut stranger = site.browser("10.6.6.6");
    let answer = stranger
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("kai@example.com", "the stranger's passphrase"),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        confirmation_state(&mut owner, &token).await,
        LinkState::Contested
    );

    let differ = owner
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[
                ("token", &token),
                ("password", "a newly chosen passphrase"),
                ("passwordAgain", "another chosen passphrase"),
            ],
        )
        .await;
    assert_eq!(
        refusal(&differ, CONFIRM_PAGE),
        "The two passwords are not the same."
    );
    assert_eq!(owner.who().await, None);
    let weak = owner
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[
                ("token", &token),
                ("password", "password1"),
                ("passwordAgain", "password1"),
            ],
        )
        .await;
    assert!(refusal(&weak, CONFIRM_PAGE).starts_with("Password is known to be weak"));
    let chosen = owner
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[
                ("token", &token),
                ("password", "a newly chosen passphrase"),
                ("passwordAgain", "a newly chosen passphrase"),
            ],
        )
        .await;
    // The page it lands on says the account opens with the password just chosen.
    assert_eq!(
        chosen.headers[header::LOCATION],
        "/?notice=password-chosen",
        "{}",
        chosen.body
    );
    assert_eq!(owner.who().await.as_deref(), Some("kai@example.com"));
    let mut elsewhere = site.browser("10.0.0.2");
    let back = elsewhere
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("kai@example.com", "a newly chosen passphrase"),
        )
        .await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.body);
}
