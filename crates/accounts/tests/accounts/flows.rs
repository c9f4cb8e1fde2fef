//! Sign-up, confirmation, sign-in and out, codes, recovery, limits, CSRF, export and
//! deletion, as a browser meets them.

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use serde_json::json;
use sound_atlas_accounts::config::Limit;
use sound_atlas_contract::accounts::{api, CodeRequest};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::*;

const PASSWORD: &str = "correct horse battery";

async fn sign_up_then_confirm_by_link_then_sign_in_and_out(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let answer = browser
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("Ana@Example.com", PASSWORD),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(
        answer.message(),
        "Check your email for the confirmation link."
    );
    assert_eq!(answer.headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(browser.who().await, None, "signing up does not sign in");

    let unconfirmed = browser
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("ana@example.com", PASSWORD),
        )
        .await;
    assert_eq!(unconfirmed.status, StatusCode::BAD_REQUEST);
    assert_eq!(unconfirmed.message(), "Email not confirmed");

    let mail = site
        .mail("Ana@Example.com", "Confirm your Sound Atlas account")
        .await;
    let link = link(&mail, ORIGIN);
    // Written out: a mailed link's address outlives any change to its declaration.
    assert!(
        link.starts_with("https://soundatlas.test/api/auth/confirm?token="),
        "{link}"
    );
    // Opening the link leads to the site's page for it; nothing is confirmed by a GET.
    let page = browser.get(&path_of(&link)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        page.headers[header::LOCATION],
        format!("/confirm-email?token={}", token_of(&link))
    );
    assert_eq!(page.headers[header::REFERRER_POLICY], "no-referrer");
    assert_eq!(browser.who().await, None);

    let confirmed = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token_of(&link)), ("password", PASSWORD)],
        )
        .await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.body
    );
    assert_eq!(
        confirmed.headers[header::LOCATION],
        "/?notice=email-confirmed"
    );
    assert_eq!(browser.who().await.as_deref(), Some("Ana@Example.com"));

    let again = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token_of(&link)), ("password", PASSWORD)],
        )
        .await;
    // A link works once; opened again, its page says it was used.
    assert_eq!(
        refusal(&again, CONFIRM_PAGE),
        "This link was already used. Sign in with your password, or ask for a new link."
    );

    let out = browser.call(&api::SIGN_OUT, &[], &()).await;
    assert_eq!(out.status, StatusCode::OK);
    assert_eq!(out.message(), "Logged out");
    assert_eq!(browser.who().await, None);

    let mut other = site.browser("10.0.0.2");
    let signed_in = other
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("ANA@example.COM", PASSWORD),
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.body);
    assert_eq!(signed_in.json()["email"], "Ana@Example.com");
    let wrong = other
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("ana@example.com", "wrong password"),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.message(), "Invalid login credentials");
    let unknown = other
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("nobody@example.com", PASSWORD),
        )
        .await;
    assert_eq!(
        unknown.body, wrong.body,
        "an unknown address reads like a wrong password"
    );
}

async fn the_session_id_changes_at_sign_in_and_dies_at_sign_out(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    signed_up(&site, &mut browser, "bo@example.com", PASSWORD).await;
    let first = browser.cookie.clone().expect("a session cookie");
    let answer = browser
        .call(&api::SIGN_IN, &[], &credentials("bo@example.com", PASSWORD))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    let second = browser.cookie.clone().expect("a session cookie");
    assert_ne!(first, second, "signing in issues a new session id");
    let cookie_header = answer
        .headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|cookie| cookie.to_str().unwrap().to_owned())
        .find(|cookie| cookie.starts_with("__Host-sa_session="))
        .expect("a session cookie");
    for attribute in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"] {
        assert!(
            cookie_header.contains(attribute),
            "{cookie_header} lacks {attribute}"
        );
    }
    assert!(cookie_header.starts_with("__Host-sa_session="));

    let mut stale = browser.clone();
    stale.cookie = Some(first);
    assert_eq!(
        stale.who().await,
        None,
        "the pre-sign-in session id is dead"
    );

    let mut copy = browser.clone();
    browser.call(&api::SIGN_OUT, &[], &()).await;
    assert_eq!(browser.cookie, None, "sign-out removes the cookie");
    assert_eq!(
        copy.who().await,
        None,
        "the signed-out cookie is dead on the server too"
    );
}

async fn signing_up_with_a_taken_address_looks_like_a_new_sign_up(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    signed_up(&site, &mut browser, "cy@example.com", PASSWORD).await;
    let fresh = browser
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("new@example.com", PASSWORD),
        )
        .await
        .answer;
    let taken = browser
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("CY@example.com", "another password"),
        )
        .await
        .answer;
    assert_eq!((taken.status, taken.body), (fresh.status, fresh.body));
    // The owner hears about it; the old password still works.
    site.mail("cy@example.com", "Sign-up attempt on Sound Atlas")
        .await;
    let answer = browser
        .call(&api::SIGN_IN, &[], &credentials("cy@example.com", PASSWORD))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
}

async fn passwords_between_8_and_1024_characters_are_accepted_whole(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let short = browser
        .call(&api::SIGN_UP, &[], &credentials("d@example.com", "1234567"))
        .await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    assert_eq!(short.message(), "Password should be at least 8 characters.");
    let long = browser
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("d@example.com", &"é".repeat(1025)),
        )
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        long.message(),
        "Password should be at most 1024 characters."
    );

    let longest = "ü".repeat(1024);
    signed_up(&site, &mut browser, "d@example.com", &longest).await;
    // Never truncated: the same password less its last character does not sign in.
    let truncated = browser
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("d@example.com", &"ü".repeat(1023)),
        )
        .await;
    assert_eq!(truncated.status, StatusCode::BAD_REQUEST);
    let whole = browser
        .call(&api::SIGN_IN, &[], &credentials("d@example.com", &longest))
        .await;
    assert_eq!(whole.status, StatusCode::OK);
}

async fn the_current_user_comes_only_from_the_session(db: &TestDb) {
    let site = Site::new(db);
    let mut ana = site.browser("10.0.0.1");
    signed_up(&site, &mut ana, "ana@example.com", PASSWORD).await;
    let mut bo = site.browser("10.0.0.2");
    signed_up(&site, &mut bo, "bo@example.com", PASSWORD).await;
    let me = ana.call(&api::USER, &[], &()).await;
    assert_eq!(me.headers[header::CACHE_CONTROL], "no-store");
    let ana_id = me.json()["id"].as_i64().unwrap();
    let bo_id = bo.call(&api::USER, &[], &()).await.json()["id"]
        .as_i64()
        .unwrap();

    let claim = |id: i64| {
        Browser::request(Method::GET, api::USER.path(&[]).as_str())
            .header("x-user-id", id.to_string())
            .body(Body::empty())
            .unwrap()
    };
    assert_eq!(ana.send(claim(ana_id)).await.status, StatusCode::OK);
    let forged = ana.send(claim(bo_id)).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert_eq!(
        forged.message(),
        "The x-user-id header names another user than the one signed in."
    );
    let mut stranger = site.browser("10.0.0.3");
    let signed_out = stranger.call(&api::USER, &[], &()).await;
    assert_eq!(
        (signed_out.status, signed_out.body.as_str()),
        (StatusCode::OK, "null")
    );
    assert_eq!(
        stranger.send(claim(ana_id)).await.status,
        StatusCode::UNAUTHORIZED
    );

    // The export holds the caller's data only, as a no-store JSON attachment.
    let export = bo.call(&api::EXPORT, &[], &()).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(export.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .starts_with("attachment; filename=\"sound-atlas-data-"));
    assert_eq!(export.headers[header::CACHE_CONTROL], "no-store");
    let file = export.json();
    assert_eq!(file["profile"]["email"], "bo@example.com");
    assert!(!export.body.contains("ana@example.com"));
    for list in ["favorites", "folders", "videoFavorites"] {
        assert!(file[list].is_array(), "{list}");
    }
    assert!(file["exportDate"].as_str().unwrap().ends_with('Z'));
    assert_eq!(
        stranger.call(&api::EXPORT, &[], &()).await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn sign_in_by_emailed_code(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let no_address = CodeRequest {
        email: None,
        phone: None,
    };
    let neither = browser.call(&api::REQUEST_CODE, &[], &no_address).await;
    assert_eq!(neither.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        neither.message(),
        "You must provide either an email or phone number."
    );
    let blank_addresses = CodeRequest {
        email: Some(" ".into()),
        phone: Some("".into()),
    };
    let blank = browser
        .call(&api::REQUEST_CODE, &[], &blank_addresses)
        .await;
    assert_eq!(
        blank.message(),
        "You must provide either an email or phone number."
    );

    signed_up(&site, &mut browser, "eve@example.com", PASSWORD).await;
    browser.call(&api::SIGN_OUT, &[], &()).await;
    let unknown = browser
        .call(&api::REQUEST_CODE, &[], &code_request("nobody@example.com"))
        .await
        .answer;
    let known = browser
        .call(&api::REQUEST_CODE, &[], &code_request("eve@example.com"))
        .await;
    assert_eq!(
        (known.status, known.body.clone()),
        (unknown.status, unknown.body)
    );
    assert_eq!(known.message(), "Check your email for the sign-in code.");
    let code = code(
        &site
            .mail("eve@example.com", "Your Sound Atlas sign-in code")
            .await,
    );

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let refused = browser
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("eve@example.com", wrong),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.message(), "Token has expired or is invalid");
    let accepted = browser
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("EVE@example.com", &code),
        )
        .await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(browser.who().await.as_deref(), Some("eve@example.com"));
    let mut other = site.browser("10.0.0.2");
    let replayed = other
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("eve@example.com", &code),
        )
        .await;
    assert_eq!(
        replayed.status,
        StatusCode::BAD_REQUEST,
        "a code works once"
    );
}

async fn password_recovery_sets_a_new_password_and_ends_other_sessions(db: &TestDb) {
    let site = Site::new(db);
    let mut laptop = site.browser("10.0.0.1");
    signed_up(&site, &mut laptop, "fay@example.com", PASSWORD).await;
    let mut phone = site.browser("10.0.0.2");
    phone
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("fay@example.com", PASSWORD),
        )
        .await;
    assert!(phone.who().await.is_some());

    let mut helper = site.browser("10.0.0.3");
    let asked = helper
        .call(&api::RECOVER, &[], &email_only("fay@example.com"))
        .await;
    assert_eq!(
        asked.message(),
        "Check your email for the password reset link."
    );
    let mail = site
        .mail("fay@example.com", "Reset your Sound Atlas password")
        .await;
    let link = link(&mail, ORIGIN);
    // The link leads to the site's page for it (a redirect: nothing changes).
    let page = helper.get(&path_of(&link)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        page.headers[header::LOCATION],
        format!("/new-password?token={}", token_of(&link))
    );
    assert_eq!(page.headers[header::REFERRER_POLICY], "no-referrer");
    let too_short = helper
        .post_form(
            api::SET_NEW_PASSWORD.path(&[]).as_str(),
            &[("token", &token_of(&link)), ("password", "short")],
        )
        .await;
    assert_eq!(
        refusal(&too_short, NEW_PASSWORD_PAGE),
        "Password should be at least 8 characters."
    );
    let done = helper
        .post_form(
            api::SET_NEW_PASSWORD.path(&[]).as_str(),
            &[
                ("token", &token_of(&link)),
                ("password", "a brand new password"),
            ],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    assert_eq!(helper.who().await.as_deref(), Some("fay@example.com"));
    assert_eq!(laptop.who().await, None, "other sessions end");
    assert_eq!(phone.who().await, None, "other sessions end");

    let reused = helper
        .post_form(
            api::SET_NEW_PASSWORD.path(&[]).as_str(),
            &[
                ("token", &token_of(&link)),
                ("password", "yet another password"),
            ],
        )
        .await;
    assert_eq!(
        refusal(&reused, NEW_PASSWORD_PAGE),
        "This link was already used. Sign in with your password, or ask for a new link.",
        "a link works once"
    );
    let old = phone
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("fay@example.com", PASSWORD),
        )
        .await;
    assert_eq!(old.status, StatusCode::BAD_REQUEST);
    let new = phone
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("fay@example.com", "a brand new password"),
        )
        .await;
    assert_eq!(new.status, StatusCode::OK);
}

async fn sign_in_limits_stop_an_attacker_but_not_the_owner(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.sign_in_per_ip = Limit::new(8, 3600);
        config.limits.sign_in_per_account_ip = Limit::new(3, 3600);
    });
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "gus@example.com", PASSWORD).await;
    let mut attacker = site.browser("10.6.6.6");
    let guess = credentials("gus@example.com", "guess guess");
    for _ in 0..3 {
        let answer = attacker.call(&api::SIGN_IN, &[], &guess).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    }
    let limited = attacker.call(&api::SIGN_IN, &[], &guess).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        limited.message(),
        "Too many sign-in attempts. Please wait a few minutes and try again."
    );
    // A forged X-Forwarded-For changes nothing without a trusted proxy.
    let forged = attacker
        .send(
            Browser::request(Method::POST, api::SIGN_IN.path(&[]).as_str())
                .header(header::CONTENT_TYPE, "application/json")
                .header("x-forwarded-for", "203.0.113.9")
                .body(Body::from(serde_json::to_string(&guess).unwrap()))
                .unwrap(),
        )
        .await;
    assert_eq!(forged.status, StatusCode::TOO_MANY_REQUESTS);
    // The owner, elsewhere, still signs in.
    let answer = owner
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("gus@example.com", PASSWORD),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    // Other accounts from the attacker's address meet the per-IP limit.
    let mut statuses = Vec::new();
    for n in 0..6 {
        let answer = attacker
            .call(
                &api::SIGN_IN,
                &[],
                &credentials(&format!("x{n}@example.com"), "guess guess"),
            )
            .await;
        statuses.push(answer.status);
    }
    assert_eq!(
        statuses.last(),
        Some(&StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
}

async fn a_trusted_proxy_forwards_the_client_address(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.sign_up_per_ip = Limit::new(1, 3600);
        config.trusted_proxies = vec!["10.9.9.9".parse().unwrap()];
    });
    let mut proxy = site.browser("10.9.9.9");
    let sign_up = |from: &str, email: &str| {
        Browser::request(Method::POST, api::SIGN_UP.path(&[]).as_str())
            .header(header::CONTENT_TYPE, "application/json")
            .header("x-forwarded-for", from)
            .body(Body::from(
                serde_json::to_string(&credentials(email, PASSWORD)).unwrap(),
            ))
            .unwrap()
    };
    assert_eq!(
        proxy
            .send(sign_up("203.0.113.1", "h1@example.com"))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        proxy
            .send(sign_up("203.0.113.1", "h2@example.com"))
            .await
            .status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        proxy
            .send(sign_up("203.0.113.2", "h3@example.com"))
            .await
            .status,
        StatusCode::OK
    );
}

async fn mail_requests_are_limited_to_one_a_minute_per_address(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.mail_per_address = Limit::new(1, 60);
    });
    let mut browser = site.browser("10.0.0.1");
    let first = browser
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("ida@example.com", PASSWORD),
        )
        .await;
    assert_eq!(first.status, StatusCode::OK);
    site.mail("ida@example.com", "Confirm your Sound Atlas account")
        .await;
    let resend = browser
        .call(&api::RESEND, &[], &email_only("IDA@example.com"))
        .await;
    assert_eq!(resend.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        resend.message(),
        "For security purposes, you can only request this once every 60 seconds."
    );
    let asked = [
        (
            api::RECOVER.path(&[]).to_string(),
            browser
                .call(&api::RECOVER, &[], &email_only("ida@example.com"))
                .await
                .answer,
        ),
        (
            api::REQUEST_CODE.path(&[]).to_string(),
            browser
                .call(&api::REQUEST_CODE, &[], &code_request("ida@example.com"))
                .await
                .answer,
        ),
    ];
    for (path, answer) in asked {
        assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
    }
    // The same for an address without an account: a 429 tells nothing.
    let stranger = browser
        .call(&api::RECOVER, &[], &email_only("zed@example.com"))
        .await;
    assert_eq!(stranger.status, StatusCode::OK);
    let stranger = browser
        .call(&api::RECOVER, &[], &email_only("zed@example.com"))
        .await;
    assert_eq!(stranger.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        site.mail_count("ida@example.com", "Confirm your Sound Atlas account"),
        1
    );
}

async fn cross_origin_posts_and_open_redirects_are_refused(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    signed_up(&site, &mut browser, "jo@example.com", PASSWORD).await;
    for (name, value) in [
        ("sec-fetch-site", "cross-site"),
        ("origin", "https://evil.example"),
    ] {
        let answer = browser
            .send(
                Browser::request(Method::POST, api::SIGN_OUT.path(&[]).as_str())
                    .header(header::CONTENT_TYPE, "application/json")
                    .header(name, value)
                    .body(Body::from("{}"))
                    .unwrap(),
            )
            .await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{name}: {value}");
        assert_eq!(answer.message(), "Cross-origin requests are not allowed.");
    }
    let deletion = browser
        .send(
            Browser::request(Method::DELETE, api::DELETE_ACCOUNT.path(&[]).as_str())
                .header("sec-fetch-site", "same-site")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(deletion.status, StatusCode::FORBIDDEN);
    assert_eq!(
        browser.who().await.as_deref(),
        Some("jo@example.com"),
        "still signed in"
    );

    browser.call(&api::SIGN_OUT, &[], &()).await;
    browser
        .call(&api::RECOVER, &[], &email_only("jo@example.com"))
        .await;
    let link = link(
        &site
            .mail("jo@example.com", "Reset your Sound Atlas password")
            .await,
        ORIGIN,
    );
    for target in [
        "//evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
    ] {
        let answer = browser
            .post_form(
                api::SET_NEW_PASSWORD.path(&[]).as_str(),
                &[
                    ("token", &token_of(&link)),
                    ("password", "new password!"),
                    ("redirectTo", target),
                ],
            )
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{target}");
        assert_eq!(
            answer.message(),
            "The redirect target must be a path on this site."
        );
    }
    let answer = browser
        .post_form(
            api::SET_NEW_PASSWORD.path(&[]).as_str(),
            &[
                ("token", &token_of(&link)),
                ("password", "new password!"),
                ("redirectTo", "/favorites"),
            ],
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::SEE_OTHER,
        "refused targets did not use up the link"
    );
    assert_eq!(
        answer.headers[header::LOCATION],
        "/favorites?notice=password-set"
    );
}

async fn deleting_an_account_removes_it_and_ends_all_its_sessions(db: &TestDb) {
    let site = Site::new(db);
    let mut laptop = site.browser("10.0.0.1");
    signed_up(&site, &mut laptop, "kim@example.com", PASSWORD).await;
    let mut phone = site.browser("10.0.0.2");
    phone
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("kim@example.com", PASSWORD),
        )
        .await;
    let mut other = site.browser("10.0.0.3");
    signed_up(&site, &mut other, "lee@example.com", PASSWORD).await;

    // A body naming another address (as the hosted service's client sends) is ignored.
    let mail = laptop
        .post(
            api::DELETION_CONFIRMATION.path(&[]).as_str(),
            json!({ "email": "lee@example.com" }),
        )
        .await;
    assert_eq!(mail.status, StatusCode::OK, "{}", mail.body);
    site.mail("kim@example.com", "Your Sound Atlas account deletion")
        .await;
    assert_eq!(
        site.mail_count("lee@example.com", "Your Sound Atlas account deletion"),
        0,
        "only the session's own address is mailed"
    );

    let deleted = laptop.call(&api::DELETE_ACCOUNT, &[], &()).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!(deleted.json()["success"], true);
    assert_eq!(
        deleted.message(),
        "Your account and all data have been permanently deleted."
    );
    assert_eq!(laptop.who().await, None, "signed out");
    assert_eq!(phone.who().await, None, "the other session ended");
    // The spec's client asks for the confirmation mail after the deletion: it goes to
    // the deleted account's address, once.
    let confirmation = laptop.call(&api::DELETION_CONFIRMATION, &[], &()).await;
    assert_eq!(confirmation.status, StatusCode::OK, "{}", confirmation.body);
    site.mail(
        "kim@example.com",
        "Your Sound Atlas account has been deleted",
    )
    .await;
    let twice = laptop.call(&api::DELETION_CONFIRMATION, &[], &()).await;
    assert_eq!(twice.status, StatusCode::UNAUTHORIZED);
    let elsewhere = phone.call(&api::DELETION_CONFIRMATION, &[], &()).await;
    assert_eq!(
        elsewhere.status,
        StatusCode::UNAUTHORIZED,
        "only the browser that deleted it"
    );
    assert_eq!(
        site.mail_count(
            "lee@example.com",
            "Your Sound Atlas account has been deleted"
        ),
        0
    );
    let again = phone.call(&api::DELETE_ACCOUNT, &[], &()).await;
    assert_eq!(
        again.status,
        StatusCode::UNAUTHORIZED,
        "nothing left to delete"
    );
    let sign_in = phone
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("kim@example.com", PASSWORD),
        )
        .await;
    assert_eq!(sign_in.message(), "Invalid login credentials");
    assert_eq!(
        other.who().await.as_deref(),
        Some("lee@example.com"),
        "others untouched"
    );
    // The address is free again.
    signed_up(&site, &mut laptop, "kim@example.com", "a fresh start!").await;
}

async fn bad_bodies_get_a_4xx_never_a_500(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let raw = |content_type: &str, body: Vec<u8>| {
        Browser::request(Method::POST, api::SIGN_IN.path(&[]).as_str())
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap()
    };
    let malformed = browser
        .send(raw("application/json", b"{\"email\": ".to_vec()))
        .await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert!(malformed
        .message()
        .starts_with("The request body could not be read"));
    let wrong_type = browser.send(raw("text/plain", b"email=a".to_vec())).await;
    assert_eq!(wrong_type.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let wrong_shape = browser
        .send(raw("application/json", b"[1,2]".to_vec()))
        .await;
    assert_eq!(wrong_shape.status, StatusCode::BAD_REQUEST);
    let megabyte_password =
        serde_json::to_string(&credentials("a@example.com", &"x".repeat(1 << 20))).unwrap();
    for path in [
        api::SIGN_IN.path(&[]).to_string(),
        api::SIGN_UP.path(&[]).to_string(),
    ] {
        let answer = browser
            .send(
                Browser::request(Method::POST, &path)
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(Body::from(megabyte_password.clone()))
                    .unwrap(),
            )
            .await;
        assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE, "{path}");
        assert_eq!(answer.message(), "The request body is too large.");
    }
    let bad_email = browser
        .call(&api::SIGN_UP, &[], &credentials("not an email", PASSWORD))
        .await;
    assert_eq!(
        bad_email.message(),
        "Unable to validate email address: invalid format"
    );
    let missing = browser
        .call_json(&api::SIGN_IN, &[], json!({"email": "a@example.com"}))
        .await;
    assert_eq!(missing.message(), "Email and password are required.");
    let wrong_types = browser
        .call_json(&api::SIGN_IN, &[], json!({"email": 5, "password": true}))
        .await;
    assert_eq!(wrong_types.status, StatusCode::BAD_REQUEST);
    let bad_token = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", "nonsense"), ("password", "a password")],
        )
        .await;
    assert_eq!(
        refusal(&bad_token, CONFIRM_PAGE),
        "Email link is invalid or has expired"
    );
    // Only a token of a link's shape goes back into the page's address.
    assert_eq!(
        bad_token.headers[header::LOCATION],
        "/confirm-email?error=invalid"
    );
}

async fn sessions_end_after_the_idle_and_the_absolute_timeouts(db: &TestDb) {
    use std::time::Duration;
    let site = Site::with(db, |config| {
        config.idle_timeout = Duration::from_secs(4);
        config.absolute_timeout = Duration::from_secs(60);
    });
    let mut browser = site.browser("10.0.0.1");
    signed_up(&site, &mut browser, "nia@example.com", PASSWORD).await;
    for _ in 0..3 {
        // Each use rolls the idle timeout forward.
        tokio::time::sleep(Duration::from_millis(2000)).await;
        assert!(
            browser.who().await.is_some(),
            "used within the idle timeout"
        );
    }
    tokio::time::sleep(Duration::from_millis(5500)).await;
    assert_eq!(browser.who().await, None, "idle past the timeout");

    let site = Site::with(db, |config| {
        config.idle_timeout = Duration::from_secs(60);
        config.absolute_timeout = Duration::from_secs(3);
    });
    let mut browser = site.browser("10.0.0.1");
    let answer = browser
        .call(
            &api::SIGN_IN,
            &[],
            &credentials("nia@example.com", PASSWORD),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(browser.who().await.is_some());
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(
        browser.who().await,
        None,
        "past the absolute timeout, however active"
    );
}

db_tests!(
    sessions_end_after_the_idle_and_the_absolute_timeouts,
    sign_up_then_confirm_by_link_then_sign_in_and_out,
    the_session_id_changes_at_sign_in_and_dies_at_sign_out,
    signing_up_with_a_taken_address_looks_like_a_new_sign_up,
    passwords_between_8_and_1024_characters_are_accepted_whole,
    the_current_user_comes_only_from_the_session,
    sign_in_by_emailed_code,
    password_recovery_sets_a_new_password_and_ends_other_sessions,
    sign_in_limits_stop_an_attacker_but_not_the_owner,
    a_trusted_proxy_forwards_the_client_address,
    mail_requests_are_limited_to_one_a_minute_per_address,
    cross_origin_posts_and_open_redirects_are_refused,
    deleting_an_account_removes_it_and_ends_all_its_sessions,
    bad_bodies_get_a_4xx_never_a_500,
);
