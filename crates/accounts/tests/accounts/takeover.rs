//! The ways into someone else's account a review found, each shut: an address signed up
//! first by an attacker, guessing from many addresses, guessing codes, weak passwords,
//! unroutable addresses and mail floods.

use axum::http::{header, StatusCode};
use sound_atlas_accounts::config::Limit;
use sound_atlas_contract::accounts::{api, EmailedLink, User};
use sound_atlas_contract::Operation;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::*;

const OWNER_PASSWORD: &str = "the owner's own passphrase";
const ATTACKER_PASSWORD: &str = "the attacker's passphrase";
const CONFIRM: &str = "Confirm your Sound Atlas account";

async fn sign_up(browser: &mut Browser, email: &str, password: &str) -> Answer {
    browser
        .call(&api::SIGN_UP, &[], &credentials(email, password))
        .await
        .answer
}

async fn sign_in(browser: &mut Browser, email: &str, password: &str) -> Answer {
    browser
        .call(&api::SIGN_IN, &[], &credentials(email, password))
        .await
        .answer
}

fn retry_after(answer: &Answer) -> u64 {
    answer.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

async fn an_address_signed_up_first_by_an_attacker_is_owned_by_whoever_confirms(db: &TestDb) {
    let site = Site::new(db);
    let mut attacker = site.browser("10.6.6.6");
    assert_eq!(
        sign_up(&mut attacker, "kim@example.com", ATTACKER_PASSWORD)
            .await
            .status,
        StatusCode::OK
    );
    let attackers_mail = site.mail("kim@example.com", CONFIRM).await;
    // Unconfirmed, the attacker's password never signs in.
    let early = sign_in(&mut attacker, "kim@example.com", ATTACKER_PASSWORD).await;
    assert_eq!(early.status, StatusCode::BAD_REQUEST);
    assert_eq!(attacker.who().await, None);

    // The owner signs up too, and confirms from the mail that sign-up sent.
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "kim@example.com", OWNER_PASSWORD).await;
    assert_eq!(owner.who().await.as_deref(), Some("kim@example.com"));

    // The link mailed for the attacker's sign-up died with its password.
    let stale = owner
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[
                ("token", &token_of(&link(&attackers_mail, ORIGIN))),
                ("password", ATTACKER_PASSWORD),
            ],
        )
        .await;
    assert_eq!(
        refusal(&stale, CONFIRM_PAGE),
        "Email link is invalid or has expired"
    );

    let refused = sign_in(&mut attacker, "kim@example.com", ATTACKER_PASSWORD).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.message(), "Invalid login credentials");
    assert_eq!(attacker.who().await, None);
    assert_eq!(
        attacker.call(&api::EXPORT, &[], &()).await.status,
        StatusCode::UNAUTHORIZED
    );
    let mut elsewhere = site.browser("10.0.0.2");
    let welcome = sign_in(&mut elsewhere, "kim@example.com", OWNER_PASSWORD).await;
    assert_eq!(welcome.status, StatusCode::OK, "{}", welcome.body);
}

/// Posts the form of the emailed link in `mail` (its token) with `password` to
/// `operation` (the confirmation's or the recovery's).
async fn follow_link(
    browser: &mut Browser,
    operation: &Operation<EmailedLink, User>,
    mail: &str,
    password: &str,
) -> Answer {
    browser
        .post_form(
            operation.path(&[]).as_str(),
            &[
                ("token", &token_of(&link(mail, ORIGIN))),
                ("password", password),
            ],
        )
        .await
}

async fn confirm_with(browser: &mut Browser, mail: &str, password: &str) -> Answer {
    follow_link(browser, &api::CONFIRM, mail, password).await
}

async fn a_second_sign_up_never_gets_into_the_owners_account(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    sign_up(&mut owner, "uma@example.com", OWNER_PASSWORD).await;
    let owners_mail = site.mail("uma@example.com", CONFIRM).await;
    // Before the owner confirms, someone else signs up with the address and their own
    // password; the owner presses Resend and uses the newest mail.
    let mut attacker = site.browser("10.6.6.6");
    let second = sign_up(&mut attacker, "uma@example.com", ATTACKER_PASSWORD).await;
    assert_eq!(second.status, StatusCode::OK);
    // (That sign-up mailed the owner a link too: wait for it, to tell Resend's apart.)
    site.mail_after("uma@example.com", CONFIRM, 1).await;
    let seen = 2;
    owner
        .call(&api::RESEND, &[], &email_only("uma@example.com"))
        .await;
    let newest = site.mail_after("uma@example.com", CONFIRM, seen).await;
    assert_ne!(
        token_of(&link(&newest, ORIGIN)),
        token_of(&link(&owners_mail, ORIGIN))
    );
    // Whoever holds the link types a password: the attacker's is not made the account's.
    let confirmed = confirm_with(&mut owner, &newest, OWNER_PASSWORD).await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.body
    );
    assert_eq!(owner.who().await.as_deref(), Some("uma@example.com"));

    let refused = sign_in(&mut attacker, "uma@example.com", ATTACKER_PASSWORD).await;
    assert_eq!(refused.message(), "Invalid login credentials");
    assert_eq!(attacker.who().await, None);
    let mut elsewhere = site.browser("10.0.0.2");
    let welcome = sign_in(&mut elsewhere, "uma@example.com", OWNER_PASSWORD).await;
    assert_eq!(welcome.status, StatusCode::OK, "{}", welcome.body);
}

async fn the_first_link_still_confirms_after_a_second_sign_up(db: &TestDb) {
    // Limits as shipped: the second sign-up within the minute mails nothing.
    let site = Site::with(db, |config| {
        config.limits.mail_per_address = Limit::new(1, 60);
    });
    let mut owner = site.browser("10.0.0.1");
    sign_up(&mut owner, "val@example.com", OWNER_PASSWORD).await;
    let owners_mail = site.mail("val@example.com", CONFIRM).await;
    let mut attacker = site.browser("10.6.6.6");
    sign_up(&mut attacker, "val@example.com", ATTACKER_PASSWORD).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(site.mail_count("val@example.com", CONFIRM), 1);
    // Neither sign-up's password is pending any more, so neither signs in early...
    for (who, password) in [
        (&mut owner, OWNER_PASSWORD),
        (&mut attacker, ATTACKER_PASSWORD),
    ] {
        let early = sign_in(who, "val@example.com", password).await;
        assert_eq!(early.message(), "Invalid login credentials");
    }
    // ...and the owner's link, still valid, takes the password its holder types.
    let confirmed = confirm_with(&mut owner, &owners_mail, OWNER_PASSWORD).await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.body
    );
    let refused = sign_in(&mut attacker, "val@example.com", ATTACKER_PASSWORD).await;
    assert_eq!(refused.message(), "Invalid login credentials");
    owner.call(&api::SIGN_OUT, &[], &()).await;
    let back = sign_in(&mut owner, "val@example.com", OWNER_PASSWORD).await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.body);
}

async fn a_confirmation_link_asks_for_the_sign_up_password(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    sign_up(&mut owner, "wes@example.com", OWNER_PASSWORD).await;
    let mail = site.mail("wes@example.com", CONFIRM).await;
    let missing = owner
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token_of(&link(&mail, ORIGIN)))],
        )
        .await;
    assert_eq!(
        refusal(&missing, CONFIRM_PAGE),
        "Email and password are required."
    );
    let wrong = confirm_with(&mut owner, &mail, "not the one chosen").await;
    assert_eq!(
        refusal(&wrong, CONFIRM_PAGE),
        "That is not the password chosen when signing up with this address. Enter that \
         password, or choose a new one with \"Forgot your password?\"."
    );
    assert_eq!(owner.who().await, None);
    // A typo does not spend the link.
    let right = confirm_with(&mut owner, &mail, OWNER_PASSWORD).await;
    assert_eq!(right.status, StatusCode::SEE_OTHER, "{}", right.body);
    assert_eq!(owner.who().await.as_deref(), Some("wes@example.com"));

    // A link takes a few wrong passwords; then it ends, even for the right one.
    let mut other = site.browser("10.0.0.2");
    sign_up(&mut other, "xia@example.com", OWNER_PASSWORD).await;
    let mail = site.mail("xia@example.com", CONFIRM).await;
    for n in 0..5 {
        let guess = confirm_with(&mut other, &mail, &format!("guess number {n}")).await;
        assert!(
            refusal(&guess, CONFIRM_PAGE).starts_with("That is not"),
            "guess {n}"
        );
    }
    let ended = confirm_with(&mut other, &mail, OWNER_PASSWORD).await;
    assert_eq!(
        refusal(&ended, CONFIRM_PAGE),
        "Email link is invalid or has expired"
    );
}

async fn confirming_by_code_keeps_no_password_someone_else_chose(db: &TestDb) {
    let site = Site::new(db);
    let mut attacker = site.browser("10.6.6.6");
    sign_up(&mut attacker, "lou@example.com", ATTACKER_PASSWORD).await;
    let attackers_mail = site.mail("lou@example.com", CONFIRM).await;

    // The owner never signed up: they sign in by emailed code, which confirms the address.
    let mut owner = site.browser("10.0.0.1");
    let asked = owner
        .call(&api::REQUEST_CODE, &[], &code_request("lou@example.com"))
        .await;
    assert_eq!(asked.status, StatusCode::OK);
    let code = code(&site.mail("lou@example.com", "sign-in code").await);
    let verified = owner
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("lou@example.com", &code),
        )
        .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
    assert_eq!(owner.who().await.as_deref(), Some("lou@example.com"));

    let refused = sign_in(&mut attacker, "lou@example.com", ATTACKER_PASSWORD).await;
    assert_eq!(refused.message(), "Invalid login credentials");
    assert_eq!(attacker.who().await, None);
    // Nor does the confirmation link mailed for the attacker's sign-up work any more.
    let stale = attacker
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[
                ("token", &token_of(&link(&attackers_mail, ORIGIN))),
                ("password", ATTACKER_PASSWORD),
            ],
        )
        .await;
    assert_eq!(
        refusal(&stale, CONFIRM_PAGE),
        "Email link is invalid or has expired"
    );
    assert_eq!(owner.who().await.as_deref(), Some("lou@example.com"));
}

async fn guesses_from_many_addresses_meet_a_ceiling_per_account(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.failed_sign_ins_per_account = Limit::new(4, 3600);
    });
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "max@example.com", OWNER_PASSWORD).await;
    owner.call(&api::SIGN_OUT, &[], &()).await;
    // Right passwords do not count: the owner signs in as often as they like.
    for _ in 0..6 {
        let answer = sign_in(&mut owner, "max@example.com", OWNER_PASSWORD).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
    owner.call(&api::SIGN_OUT, &[], &()).await;
    // A botnet: every guess from another address, IPv4 and IPv6.
    for (n, ip) in ["10.1.0.1", "10.2.0.1", "2001:db8:1::1", "2001:db8:2::1"]
        .iter()
        .enumerate()
    {
        let mut bot = site.browser(ip);
        let guess = sign_in(&mut bot, "max@example.com", &format!("guess number {n}")).await;
        assert_eq!(guess.status, StatusCode::BAD_REQUEST, "guess {n}");
    }
    let mut bot = site.browser("10.5.0.1");
    let stopped = sign_in(&mut bot, "max@example.com", "guess number five").await;
    assert_eq!(stopped.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after(&stopped) > 0);
    // Past the ceiling even the right password waits: it must not tell the bot it won.
    let mut lucky = site.browser("10.6.0.1");
    let right = sign_in(&mut lucky, "max@example.com", OWNER_PASSWORD).await;
    assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        right.message(),
        "Too many sign-in attempts for this account. Sign in with a code sent to your \
         email, or try again later."
    );
    assert_eq!(lucky.who().await, None);
    // The owner is never locked out: the emailed code and recovery stay open.
    let asked = owner
        .call(&api::REQUEST_CODE, &[], &code_request("max@example.com"))
        .await;
    assert_eq!(asked.status, StatusCode::OK);
    let code = code(&site.mail("max@example.com", "sign-in code").await);
    let verified = owner
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("max@example.com", &code),
        )
        .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
    let recover = owner
        .call(&api::RECOVER, &[], &email_only("max@example.com"))
        .await;
    assert_eq!(recover.status, StatusCode::OK);
    // Other accounts are not affected, from the same addresses either.
    let mut other = site.browser("10.5.0.1");
    signed_up(&site, &mut other, "ned@example.com", OWNER_PASSWORD).await;
    other.call(&api::SIGN_OUT, &[], &()).await;
    let ned = sign_in(&mut other, "ned@example.com", OWNER_PASSWORD).await;
    assert_eq!(ned.status, StatusCode::OK, "{}", ned.body);
}

/// The limits as shipped, but the once-a-minute pace of mail per address (so the owner's
/// code and recovery mails need not wait a minute apart) and a small ceiling of mail from
/// unknown clients.
fn shipped_limits(config: &mut sound_atlas_accounts::AccountsConfig) {
    config.limits = sound_atlas_accounts::config::Limits::default();
    config.limits.mail_per_address = Limit::new(1, 1);
    config.limits.mail_per_address_ceiling = Limit::new(12, 24 * 3600);
}

async fn code_request_from(site: &Site, ip: &str, email: &str) -> Answer {
    let mut browser = site.browser(ip);
    browser
        .call(&api::REQUEST_CODE, &[], &code_request(email))
        .await
        .answer
}

async fn an_outsider_cannot_lock_the_owner_out(db: &TestDb) {
    let site = Site::with(db, shipped_limits);
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "yan@example.com", OWNER_PASSWORD).await;
    owner.call(&api::SIGN_OUT, &[], &()).await;

    // The attack: 20 wrong passwords from many addresses fill the account's ceiling...
    for n in 0..20 {
        let mut bot = site.browser(&format!("10.7.{n}.1"));
        let guess = sign_in(&mut bot, "yan@example.com", &format!("guess number {n}")).await;
        assert_eq!(guess.status, StatusCode::BAD_REQUEST, "guess {n}");
    }
    // ...and code requests fill the daily cap of one address and the ceiling of all.
    for n in 0..10 {
        tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
        let asked = code_request_from(&site, "10.6.6.6", "yan@example.com").await;
        assert_eq!(asked.status, StatusCode::OK, "request {n}: {}", asked.body);
    }
    let capped = code_request_from(&site, "10.6.6.6", "yan@example.com").await;
    assert_eq!(capped.status, StatusCode::TOO_MANY_REQUESTS);
    // (The sign-up's mail, those ten and this one make the ceiling's twelve.)
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    let asked = code_request_from(&site, "10.8.0.1", "yan@example.com").await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    let ceiling = code_request_from(&site, "10.9.0.1", "yan@example.com").await;
    assert_eq!(ceiling.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        ceiling.message(),
        "Too many emails were sent to this address today. Please try again tomorrow."
    );
    // From an address the account has never used, the right password waits.
    let mut stranger = site.browser("10.9.9.9");
    let waits = sign_in(&mut stranger, "yan@example.com", OWNER_PASSWORD).await;
    assert_eq!(waits.status, StatusCode::TOO_MANY_REQUESTS);

    // The owner's browser, even on a new network, signs in with the right password...
    owner.ip = "10.4.4.4:40000".parse().unwrap();
    let welcome = sign_in(&mut owner, "yan@example.com", OWNER_PASSWORD).await;
    assert_eq!(welcome.status, StatusCode::OK, "{}", welcome.body);
    owner.call(&api::SIGN_OUT, &[], &()).await;
    // ...as does a new browser at an address the account has used.
    let mut at_home = site.browser("10.0.0.1");
    let welcome = sign_in(&mut at_home, "yan@example.com", OWNER_PASSWORD).await;
    assert_eq!(welcome.status, StatusCode::OK, "{}", welcome.body);
    at_home.call(&api::SIGN_OUT, &[], &()).await;

    // The owner gets a code and signs in with it...
    let seen = site.mail_count("yan@example.com", "sign-in code");
    let asked = owner
        .call(&api::REQUEST_CODE, &[], &code_request("yan@example.com"))
        .await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let code = code(
        &site
            .mail_after("yan@example.com", "sign-in code", seen)
            .await,
    );
    let verified = owner
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("yan@example.com", &code),
        )
        .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
    // ...and recovers, from the address they signed up at.
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    let recover = at_home
        .call(&api::RECOVER, &[], &email_only("yan@example.com"))
        .await;
    assert_eq!(recover.status, StatusCode::OK, "{}", recover.body);
    let mail = site
        .mail("yan@example.com", "Reset your Sound Atlas password")
        .await;
    let reset = follow_link(
        &mut at_home,
        &api::SET_NEW_PASSWORD,
        &mail,
        "the owner's next passphrase",
    )
    .await;
    assert_eq!(reset.status, StatusCode::SEE_OTHER, "{}", reset.body);
}

async fn an_outsiders_mail_requests_never_delay_the_owners(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits = sound_atlas_accounts::config::Limits::default();
    });
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "zed@example.com", OWNER_PASSWORD).await;
    owner.call(&api::SIGN_OUT, &[], &()).await;
    // Within the minute of the sign-up mail, nobody else gets another one...
    let outsider = code_request_from(&site, "10.6.6.6", "zed@example.com").await;
    assert_eq!(outsider.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        outsider.message(),
        "For security purposes, you can only request this once every 60 seconds."
    );
    // ...but the owner's browser has a minute of its own: once.
    let asked = owner
        .call(&api::REQUEST_CODE, &[], &code_request("zed@example.com"))
        .await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let again = owner
        .call(&api::RECOVER, &[], &email_only("zed@example.com"))
        .await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
}

async fn a_new_password_ends_every_code_and_link(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "abe@example.com", OWNER_PASSWORD).await;
    owner
        .call(&api::REQUEST_CODE, &[], &code_request("abe@example.com"))
        .await;
    let code = code(&site.mail("abe@example.com", "sign-in code").await);
    owner
        .call(&api::RECOVER, &[], &email_only("abe@example.com"))
        .await;
    let mail = site
        .mail("abe@example.com", "Reset your Sound Atlas password")
        .await;
    let reset = follow_link(
        &mut owner,
        &api::SET_NEW_PASSWORD,
        &mail,
        "a brand new passphrase",
    )
    .await;
    assert_eq!(reset.status, StatusCode::SEE_OTHER, "{}", reset.body);
    // The code mailed before the change no longer signs anyone in.
    let mut elsewhere = site.browser("10.6.6.6");
    let stale = elsewhere
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("abe@example.com", &code),
        )
        .await;
    assert_eq!(stale.status, StatusCode::BAD_REQUEST);
    assert_eq!(elsewhere.who().await, None);
}

async fn ipv6_clients_are_limited_by_their_64(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.sign_in_per_ip = Limit::new(2, 3600);
    });
    let attempt = |ip: &str, n: u32| {
        let mut browser = site.browser(ip);
        async move { sign_in(&mut browser, &format!("x{n}@example.com"), "guess guess").await }
    };
    assert_eq!(
        attempt("2001:db8:7:7::1", 1).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        attempt("2001:db8:7:7::2", 2).await.status,
        StatusCode::BAD_REQUEST
    );
    let third = attempt("2001:db8:7:7:ffff::3", 3).await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        third.message(),
        "Too many sign-in attempts. Please wait a few minutes and try again."
    );
    assert!(retry_after(&third) > 0);
    // The next /64 is another subscriber.
    assert_eq!(
        attempt("2001:db8:7:8::1", 4).await.status,
        StatusCode::BAD_REQUEST
    );
}

async fn wrong_codes_end_the_code_not_code_sign_in(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "oz@example.com", OWNER_PASSWORD).await;
    owner.call(&api::SIGN_OUT, &[], &()).await;
    owner
        .call(&api::REQUEST_CODE, &[], &code_request("oz@example.com"))
        .await;
    let first = code(&site.mail("oz@example.com", "sign-in code").await);

    let mut attacker = site.browser("10.6.6.6");
    let wrong = |n: u32| format!("{:06}", (first.parse::<u32>().unwrap() + n) % 1_000_000);
    for n in 1..=5 {
        let guess = attacker
            .call(
                &api::VERIFY_CODE,
                &[],
                &code_check("oz@example.com", &wrong(n)),
            )
            .await;
        assert_eq!(guess.status, StatusCode::BAD_REQUEST, "guess {n}");
        assert_eq!(guess.message(), "Token has expired or is invalid");
    }
    // The guesses used the code up: even the right one no longer works...
    let spent = owner
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("oz@example.com", &first),
        )
        .await;
    assert_eq!(spent.status, StatusCode::BAD_REQUEST);
    // ...but the owner asks for a new code and signs in with it at once.
    let seen = site.mail_count("oz@example.com", "sign-in code");
    owner
        .call(&api::REQUEST_CODE, &[], &code_request("oz@example.com"))
        .await;
    let second = code(
        &site
            .mail_after("oz@example.com", "sign-in code", seen)
            .await,
    );
    let verified = owner
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("oz@example.com", &second),
        )
        .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
}

async fn a_right_code_after_a_few_wrong_ones_still_works(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "pam@example.com", OWNER_PASSWORD).await;
    owner.call(&api::SIGN_OUT, &[], &()).await;
    owner
        .call(&api::REQUEST_CODE, &[], &code_request("pam@example.com"))
        .await;
    let code = code(&site.mail("pam@example.com", "sign-in code").await);
    let typo = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
    for _ in 0..4 {
        let answer = owner
            .call(
                &api::VERIFY_CODE,
                &[],
                &code_check("pam@example.com", &typo),
            )
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    }
    let verified = owner
        .call(
            &api::VERIFY_CODE,
            &[],
            &code_check("pam@example.com", &code),
        )
        .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
}

async fn blank_common_and_differently_typed_passwords(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    let blank = sign_up(&mut browser, "quin@example.com", "            ").await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    assert_eq!(blank.message(), "Password cannot consist of spaces only.");
    for common in ["password", "123456789", "iloveyou", "Qwertyuiop"] {
        let refused = sign_up(&mut browser, "quin@example.com", common).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{common}");
        assert_eq!(
            refused.message(),
            "Password is known to be weak and easy to guess, please choose a different one."
        );
    }
    assert_eq!(site.mail_count("quin@example.com", CONFIRM), 0);
    // Signed up with a composed "é", signed in with "e" and a combining accent.
    signed_up(
        &site,
        &mut browser,
        "quin@example.com",
        "caf\u{e9} con leche",
    )
    .await;
    let mut other = site.browser("10.0.0.2");
    let decomposed = sign_in(&mut other, "quin@example.com", "cafe\u{301} con leche").await;
    assert_eq!(decomposed.status, StatusCode::OK, "{}", decomposed.body);
    // Recovery holds a new password to the same rules.
    browser
        .call(&api::RECOVER, &[], &email_only("quin@example.com"))
        .await;
    let mail = site
        .mail("quin@example.com", "Reset your Sound Atlas password")
        .await;
    let weak = follow_link(&mut browser, &api::SET_NEW_PASSWORD, &mail, "password1").await;
    assert_eq!(
        refusal(&weak, NEW_PASSWORD_PAGE),
        "Password is known to be weak and easy to guess, please choose a different one."
    );
}

async fn addresses_without_a_domain_name_are_refused(db: &TestDb) {
    let site = Site::new(db);
    let mut browser = site.browser("10.0.0.1");
    for address in [
        "rex@[127.0.0.1]",
        "rex@127.0.0.1",
        "rex@localhost",
        "rex@intranet",
    ] {
        let answer = sign_up(&mut browser, address, OWNER_PASSWORD).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{address}");
        assert_eq!(
            answer.message(),
            "Unable to validate email address: invalid format"
        );
        let recover = browser.call(&api::RECOVER, &[], &email_only(address)).await;
        assert_eq!(recover.status, StatusCode::BAD_REQUEST, "{address}");
    }
}

async fn an_address_gets_a_few_mails_a_day_at_most(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.mail_per_address_daily = Limit::new(3, 24 * 3600);
    });
    let mut browser = site.browser("10.0.0.1");
    assert_eq!(
        sign_up(&mut browser, "sal@example.com", OWNER_PASSWORD)
            .await
            .status,
        StatusCode::OK
    );
    let asked = [
        (
            api::RESEND.path(&[]).to_string(),
            browser
                .call(&api::RESEND, &[], &email_only("sal@example.com"))
                .await
                .answer,
        ),
        (
            api::REQUEST_CODE.path(&[]).to_string(),
            browser
                .call(&api::REQUEST_CODE, &[], &code_request("sal@example.com"))
                .await
                .answer,
        ),
    ];
    for (path, answer) in asked {
        assert_eq!(answer.status, StatusCode::OK, "{path}");
    }
    let capped = [
        (
            api::RECOVER.path(&[]).to_string(),
            browser
                .call(&api::RECOVER, &[], &email_only("SAL@example.com"))
                .await
                .answer,
        ),
        (
            api::RESEND.path(&[]).to_string(),
            browser
                .call(&api::RESEND, &[], &email_only("SAL@example.com"))
                .await
                .answer,
        ),
        (
            api::REQUEST_CODE.path(&[]).to_string(),
            browser
                .call(&api::REQUEST_CODE, &[], &code_request("SAL@example.com"))
                .await
                .answer,
        ),
    ];
    for (path, answer) in capped {
        assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert_eq!(
            answer.message(),
            "Too many emails were sent to this address today. Please try again tomorrow."
        );
        assert!(retry_after(&answer) > 3600);
    }
    // A sign-up past the cap answers alike and sends nothing.
    let quiet = sign_up(&mut browser, "sal@example.com", OWNER_PASSWORD).await;
    assert_eq!(quiet.status, StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(site.mail_count("sal@example.com", "Sound Atlas"), 3);
}

async fn an_unreachable_identity_provider_answers_503(db: &TestDb) {
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let site = Site::with(db, |config| {
        config.oidc = Some(sound_atlas_accounts::oidc::OidcConfig {
            issuer: format!("http://127.0.0.1:{closed}"),
            client_id: "sound-atlas".into(),
            client_secret: None,
            name: "Test ID".into(),
        })
    });
    let mut browser = site.browser("10.0.0.1");
    let answer = browser.call(&api::PROVIDER_SIGN_IN, &[&"/"], &()).await;
    assert_eq!(
        answer.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        answer.body
    );
    assert!(retry_after(&answer) > 0);
    assert_eq!(answer.headers[header::CACHE_CONTROL], "no-store");
}

async fn a_silent_identity_provider_keeps_nobody_waiting_long(db: &TestDb) {
    // A provider that takes connections and never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = silent.local_addr().unwrap().port();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            held.push(socket);
        }
    });
    let site = Site::with(db, |config| {
        config.oidc = Some(sound_atlas_accounts::oidc::OidcConfig {
            issuer: format!("http://127.0.0.1:{port}"),
            client_id: "sound-atlas".into(),
            client_secret: None,
            name: "Test ID".into(),
        })
    });
    let started = std::time::Instant::now();
    let attempts = (0..3).map(|n| {
        let mut browser = site.browser(&format!("10.0.0.{}", n + 1));
        tokio::spawn(async move {
            browser
                .call(&api::PROVIDER_SIGN_IN, &[&"/"], &())
                .await
                .status
        })
    });
    for attempt in attempts {
        assert_eq!(attempt.await.unwrap(), StatusCode::SERVICE_UNAVAILABLE);
    }
    // One discovery's wait (10 s), not one per sign-in.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    let again = std::time::Instant::now();
    let mut browser = site.browser("10.0.0.9");
    let answer = browser.call(&api::PROVIDER_SIGN_IN, &[&"/"], &()).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(retry_after(&answer) > 0);
    assert!(
        again.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        again.elapsed()
    );
}

db_tests!(
    a_silent_identity_provider_keeps_nobody_waiting_long,
    an_address_signed_up_first_by_an_attacker_is_owned_by_whoever_confirms,
    a_second_sign_up_never_gets_into_the_owners_account,
    the_first_link_still_confirms_after_a_second_sign_up,
    a_confirmation_link_asks_for_the_sign_up_password,
    an_outsider_cannot_lock_the_owner_out,
    an_outsiders_mail_requests_never_delay_the_owners,
    a_new_password_ends_every_code_and_link,
    confirming_by_code_keeps_no_password_someone_else_chose,
    guesses_from_many_addresses_meet_a_ceiling_per_account,
    ipv6_clients_are_limited_by_their_64,
    wrong_codes_end_the_code_not_code_sign_in,
    a_right_code_after_a_few_wrong_ones_still_works,
    blank_common_and_differently_typed_passwords,
    addresses_without_a_domain_name_are_refused,
    an_address_gets_a_few_mails_a_day_at_most,
    an_unreachable_identity_provider_answers_503,
    concurrent_attempts_never_pass_a_limit,
    a_device_id_the_browser_brought_is_never_known,
    a_known_browser_gets_few_guesses_from_any_address,
    a_refused_mail_request_spends_no_shared_minute,
    the_owners_first_link_survives_a_mailed_second_sign_up,
);

async fn concurrent_attempts_never_pass_a_limit(db: &TestDb) {
    use sound_atlas_accounts::limits::Limiters;
    let mut limits = loose_limits();
    limits.sign_up_per_ip = Limit::new(5, 3600);
    let limiters = std::sync::Arc::new(Limiters::new(&limits, &db.conn));
    let attempts = (0..20).map(|_| {
        let limiters = limiters.clone();
        tokio::spawn(async move { limiters.sign_up_per_ip.take("203.0.113.7").await })
    });
    let mut allowed = 0;
    for attempt in attempts {
        if attempt.await.unwrap().unwrap().is_ok() {
            allowed += 1;
        }
    }
    assert_eq!(allowed, 5);
}

/// Two instances on one PostgreSQL count each limit once between them.
#[tokio::test]
async fn instances_on_one_postgres_share_their_limits() {
    use sound_atlas_accounts::limits::Limiters;
    let db = TestDb::postgres().await;
    let mut limits = loose_limits();
    limits.failed_sign_ins_per_account = Limit::new(4, 3600);
    let (one, two) = (
        Limiters::new(&limits, &db.conn),
        Limiters::new(&limits, &db.conn),
    );
    for limiters in [&one, &two, &one, &two] {
        let taken = limiters.failed_sign_ins_per_account.take("tia@example.com");
        assert!(taken.await.unwrap().is_ok());
    }
    let over = one.failed_sign_ins_per_account.take("tia@example.com");
    assert!(over.await.unwrap().is_err());
    // A right password gives its attempt back, on whichever instance.
    two.failed_sign_ins_per_account
        .refund("tia@example.com")
        .await
        .unwrap();
    let again = one.failed_sign_ins_per_account.take("tia@example.com");
    assert!(again.await.unwrap().is_ok());
}

/// The device cookie of the test site (https: the `__Host-` prefix).
const DEVICE: &str = "__Host-sa_device";

/// A browser at `ip` carrying the device id `device`.
fn browser_with_device(site: &Site, ip: &str, device: &str) -> Browser {
    let mut browser = site.browser(ip);
    browser.jar.insert(DEVICE.to_owned(), device.to_owned());
    browser
}

async fn a_device_id_the_browser_brought_is_never_known(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.failed_sign_ins_per_account = Limit::new(3, 3600);
        config.limits.mail_per_address_ceiling = Limit::new(2, 24 * 3600);
    });
    // Someone planted a device id of their choosing in the owner's browser beforehand.
    let planted = "planted-device-id-of-the-attackers-choosing";
    let mut owner = browser_with_device(&site, "10.0.0.1", planted);
    signed_up(&site, &mut owner, "ida@example.com", OWNER_PASSWORD).await;
    let issued = owner.jar[DEVICE].clone();
    assert_ne!(issued, planted, "sign-in issues the server's own device id");
    owner.call(&api::SIGN_OUT, &[], &()).await;
    // With the planted id, from fresh addresses, the planter meets the account's ceiling
    // like anyone else.
    for n in 0..3 {
        let mut bot = browser_with_device(&site, &format!("10.7.{n}.1"), planted);
        let guess = sign_in(&mut bot, "ida@example.com", &format!("guess number {n}")).await;
        assert_eq!(guess.status, StatusCode::BAD_REQUEST, "guess {n}");
    }
    let mut bot = browser_with_device(&site, "10.7.9.1", planted);
    let stopped = sign_in(&mut bot, "ida@example.com", "guess number nine").await;
    assert_eq!(stopped.status, StatusCode::TOO_MANY_REQUESTS);
    // Nor does it get mail past the ceiling (the sign-up's mail and one code fill it).
    let asked = bot
        .call(&api::REQUEST_CODE, &[], &code_request("ida@example.com"))
        .await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let mut bot = browser_with_device(&site, "10.7.10.1", planted);
    let ceiling = bot
        .call(&api::REQUEST_CODE, &[], &code_request("ida@example.com"))
        .await;
    assert_eq!(ceiling.status, StatusCode::TOO_MANY_REQUESTS);
    // The id the server issued is the known one: the owner's browser, on a new network.
    let mut owner = browser_with_device(&site, "10.4.4.4", &issued);
    let welcome = sign_in(&mut owner, "ida@example.com", OWNER_PASSWORD).await;
    assert_eq!(welcome.status, StatusCode::OK, "{}", welcome.body);
    // Each sign-in issues a new id, and the one it replaced is no longer known.
    assert_ne!(owner.jar[DEVICE], issued);
    let mut stale = browser_with_device(&site, "10.4.4.5", &issued);
    let refused = sign_in(&mut stale, "ida@example.com", OWNER_PASSWORD).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
}

async fn a_known_browser_gets_few_guesses_from_any_address(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits.failed_sign_ins_per_account = Limit::new(2, 3600);
        config.limits.failed_sign_ins_per_account_browser = Limit::new(3, 3600);
    });
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "jon@example.com", OWNER_PASSWORD).await;
    let stolen = owner.jar[DEVICE].clone();
    // Someone holding the owner's device id guesses from a new address each time: past
    // the account's ceiling the browser is known, but its own failures are counted.
    for n in 0..3 {
        let mut thief = browser_with_device(&site, &format!("10.8.{n}.1"), &stolen);
        let guess = sign_in(&mut thief, "jon@example.com", &format!("guess number {n}")).await;
        assert_eq!(guess.status, StatusCode::BAD_REQUEST, "guess {n}");
    }
    let mut thief = browser_with_device(&site, "10.8.9.1", &stolen);
    let stopped = sign_in(&mut thief, "jon@example.com", "guess number nine").await;
    assert_eq!(stopped.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after(&stopped) > 0);
    // The owner's right password from a known address is not held to that browser's count.
    let mut at_home = site.browser("10.0.0.1");
    let welcome = sign_in(&mut at_home, "jon@example.com", OWNER_PASSWORD).await;
    assert_eq!(welcome.status, StatusCode::OK, "{}", welcome.body);
}

async fn a_refused_mail_request_spends_no_shared_minute(db: &TestDb) {
    let site = Site::with(db, |config| {
        config.limits = sound_atlas_accounts::config::Limits::default();
        // A second's pace instead of a minute's; two mails a day per asking address.
        config.limits.mail_per_address = Limit::new(1, 1);
        config.limits.mail_per_address_daily = Limit::new(2, 24 * 3600);
    });
    let mut owner = site.browser("10.0.0.1");
    signed_up(&site, &mut owner, "kit@example.com", OWNER_PASSWORD).await;
    owner.call(&api::SIGN_OUT, &[], &()).await;
    // An outsider's address uses up its own daily cap...
    for n in 0..2 {
        tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
        let asked = code_request_from(&site, "10.6.6.6", "kit@example.com").await;
        assert_eq!(asked.status, StatusCode::OK, "request {n}: {}", asked.body);
    }
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    // ...and then asks again: refused, it takes nothing everyone else shares.
    let capped = code_request_from(&site, "10.6.6.6", "kit@example.com").await;
    assert_eq!(capped.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        capped.message(),
        "Too many emails were sent to this address today. Please try again tomorrow."
    );
    // Within the same second, another client the account does not know gets its mail.
    let other = code_request_from(&site, "10.9.0.1", "kit@example.com").await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.body);
}

async fn the_owners_first_link_survives_a_mailed_second_sign_up(db: &TestDb) {
    // Limits loose enough that the second sign-up's own mail goes out too.
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    sign_up(&mut owner, "lia@example.com", OWNER_PASSWORD).await;
    let owners_mail = site.mail("lia@example.com", CONFIRM).await;
    let mut stranger = site.browser("10.6.6.6");
    sign_up(&mut stranger, "lia@example.com", ATTACKER_PASSWORD).await;
    site.mail_after("lia@example.com", CONFIRM, 1).await;
    let confirmed = confirm_with(&mut owner, &owners_mail, OWNER_PASSWORD).await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.body
    );
    assert_eq!(owner.who().await.as_deref(), Some("lia@example.com"));
}
