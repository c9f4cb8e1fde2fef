//! The accounts routes over HTTP (in process), on SQLite and PostgreSQL, with mail
//! read back from the outbox folder (and, in `maildev`, from a real SMTP server).

mod flows;
mod links;
mod maildev;
mod oidc;
mod races;
mod takeover;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use sound_atlas_accounts::config::{Limit, Limits};
use sound_atlas_accounts::{Accounts, AccountsConfig};
use sound_atlas_contract::accounts::{self, api, CodeCheck, CodeRequest, Credentials, EmailOnly};
pub use sound_atlas_test_client::{Answer, Browser};
use sound_atlas_test_db::TestDb;

pub const ORIGIN: &str = "https://soundatlas.test";
pub const COOKIE: &str = "__Host-sa_session";

/// Limits loose enough that only the tests about limits meet them.
pub fn loose_limits() -> Limits {
    let many = Limit::new(10_000, 60);
    Limits {
        sign_in_per_ip: many,
        sign_in_per_account_ip: many,
        failed_sign_ins_per_account: many,
        failed_sign_ins_per_account_browser: many,
        sign_up_per_ip: many,
        mail_per_address: many,
        mail_per_address_daily: many,
        mail_per_address_ceiling: many,
        mail_requests_per_ip: many,
    }
}

pub fn fresh_outbox() -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sa-outbox-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub struct Site {
    pub app: Router,
    pub outbox: PathBuf,
}

impl Site {
    pub fn new(db: &TestDb) -> Site {
        Site::with(db, |_| {})
    }

    pub fn with(db: &TestDb, adjust: impl FnOnce(&mut AccountsConfig)) -> Site {
        let outbox = fresh_outbox();
        let mut config = AccountsConfig::new(ORIGIN, outbox.clone());
        config.limits = loose_limits();
        adjust(&mut config);
        let accounts = Accounts::new(db.conn.clone(), config).expect("accounts start");
        Site {
            app: sound_atlas_accounts::standalone(accounts),
            outbox,
        }
    }

    /// A browser at `ip` with its own cookie.
    pub fn browser(&self, ip: &str) -> Browser {
        let mut browser = Browser::new(self.app.clone(), COOKIE);
        browser.ip = SocketAddr::new(ip.parse().unwrap(), 40000);
        browser
    }

    /// The text of the newest mail to `to` whose subject contains `subject`, waiting for
    /// it a few seconds (mail is sent in the background).
    pub async fn mail(&self, to: &str, subject: &str) -> String {
        self.mail_after(to, subject, 0).await
    }

    /// Like [`mail`](Self::mail), once more than `seen` such mails exist.
    pub async fn mail_after(&self, to: &str, subject: &str, seen: usize) -> String {
        for _ in 0..100 {
            let mut found = mails(&self.outbox, to, subject);
            if found.len() > seen {
                return found.pop().unwrap().1;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "no mail to {to} about {subject:?} in {}",
            self.outbox.display()
        );
    }

    pub fn mail_count(&self, to: &str, subject: &str) -> usize {
        mails(&self.outbox, to, subject).len()
    }
}

fn mails(outbox: &PathBuf, to: &str, subject: &str) -> Vec<(std::time::SystemTime, String)> {
    let Ok(entries) = std::fs::read_dir(outbox) else {
        return Vec::new();
    };
    let mut found: Vec<_> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
        .filter_map(|e| {
            let modified = e.metadata().ok()?.modified().ok()?;
            let raw = std::fs::read_to_string(e.path()).ok()?;
            let text = decode_quoted_printable(&raw);
            (text.contains(&format!("To: {to}")) && text.contains(subject))
                .then_some((modified, text))
        })
        .collect();
    found.sort_by_key(|(modified, _)| *modified);
    found
}

/// Enough of quoted-printable for our ASCII mails: soft line breaks and `=3D`.
fn decode_quoted_printable(raw: &str) -> String {
    raw.replace("=\r\n", "").replace("=3D", "=")
}

/// The first link in `text` that starts with `prefix`.
pub fn link(text: &str, prefix: &str) -> String {
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no link {prefix} in mail:\n{text}"));
    text[start..]
        .split(|c: char| c.is_whitespace())
        .next()
        .unwrap()
        .to_owned()
}

/// The 6-digit code in a sign-in code mail.
pub fn code(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|word| word.len() == 6)
        .unwrap_or_else(|| panic!("no code in mail:\n{text}"))
        .to_owned()
}

/// The accounts' calls in their words, on the shared test browser.
pub(crate) trait AccountCalls {
    /// `GET /api/user`'s answer: the email, or None when signed out.
    async fn who(&mut self) -> Option<String>;
}

impl AccountCalls for Browser {
    async fn who(&mut self) -> Option<String> {
        let answer = self.call(&api::USER, &[], &()).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        answer.value().map(|user| user.email)
    }
}

/// A sign-up's or a password sign-in's body.
pub fn credentials(email: &str, password: &str) -> Credentials {
    Credentials {
        email: Some(email.to_owned()),
        password: Some(password.to_owned()),
    }
}

/// A body that names only an address (resend, recovery, deletion confirmation).
pub fn email_only(email: &str) -> EmailOnly {
    EmailOnly {
        email: Some(email.to_owned()),
    }
}

/// Asking for a sign-in code by email.
pub fn code_request(email: &str) -> CodeRequest {
    CodeRequest {
        email: Some(email.to_owned()),
        phone: None,
    }
}

/// Signing in with an emailed code.
pub fn code_check(email: &str, token: &str) -> CodeCheck {
    CodeCheck {
        email: Some(email.to_owned()),
        token: Some(token.to_owned()),
    }
}

/// The path and query of a link in a mail (the site origin removed).
pub fn path_of(link: &str) -> String {
    link.strip_prefix(ORIGIN).unwrap_or(link).to_owned()
}

/// The `token` parameter of a link.
pub fn token_of(link: &str) -> String {
    link.split_once("token=").unwrap().1.to_owned()
}

/// Signs up `email` and follows the confirmation link, typing the sign-up's password; the
/// browser ends signed in.
pub async fn signed_up(site: &Site, browser: &mut Browser, email: &str, password: &str) {
    let seen = site.mail_count(email, "Confirm your Sound Atlas account");
    let answer = browser
        .call(&api::SIGN_UP, &[], &credentials(email, password))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let mail = site
        .mail_after(email, "Confirm your Sound Atlas account", seen)
        .await;
    let link = link(&mail, ORIGIN);
    // Opening the link leads to the site's page for it (a redirect: nothing changes).
    let page = browser.get(&path_of(&link)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let answer = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token_of(&link)), ("password", password)],
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
}

/// What a plain form post of an emailed link's page was told when refused: a redirect
/// (303) back to the link's `page`, naming the refusal by its code; its message.
pub fn refusal(answer: &Answer, page: &str) -> String {
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    let location = answer.headers[axum::http::header::LOCATION]
        .to_str()
        .unwrap();
    let (path, query) = location.split_once('?').unwrap();
    assert_eq!(path, page, "{location}");
    let code = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("error="))
        .unwrap_or_else(|| panic!("no error code in {location}"));
    let known = accounts::LINK_ERRORS.iter().find(|e| e.code == code);
    known
        .unwrap_or_else(|| panic!("unknown code {code}"))
        .message
        .to_owned()
}

/// The confirmation page's path and the new-password page's.
pub const CONFIRM_PAGE: &str = "/confirm-email";
pub const NEW_PASSWORD_PAGE: &str = "/new-password";
