//! Nothing secret reaches the log: the real binary (RUST_LOG=info, its stdout and stderr
//! in a file) goes through every emailed-link flow over HTTP, is asked pages with
//! secret-looking query parameters, and its video client fails with an API key set;
//! then no token, code, password or key is in the log, while the request lines (route
//! and path) are. On SQLite and PostgreSQL.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use sound_atlas_test_db::TestDb;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::Child;

use crate::binary::{self, free_port};
use crate::confirmed_user;

const VIDEO_KEY: &str = "video-api-key-must-stay-secret";
const SIGN_UP_PASSWORD: &str = "sign-up passphrase kept out of logs";
const NEW_PASSWORD: &str = "recovered passphrase kept out of logs";
const PAGE_KEY: &str = "page-key-kept-out-of-logs";
const PAGE_PASSWORD: &str = "page-password-kept-out-of-logs";
const FORGED_REQUEST_ID: &str = "forged id kept out of logs";

/// A video service that answers every request 500, counting the requests that carried
/// the key (so the test knows the client did call it with the key).
async fn failing_video_service() -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/youtube/v3", listener.local_addr().unwrap());
    let keyed = Arc::new(AtomicUsize::new(0));
    let counter = keyed.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let counter = counter.clone();
            tokio::spawn(async move {
                let mut request = vec![0u8; 8192];
                let n = socket.read(&mut request).await.unwrap_or(0);
                if String::from_utf8_lossy(&request[..n]).contains(VIDEO_KEY) {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                let _ = socket
                    .write_all(
                        b"HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                    )
                    .await;
            });
        }
    });
    (url, keyed)
}

struct Server {
    _child: Child,
    origin: String,
    log: PathBuf,
    outbox: PathBuf,
}

async fn start(data_dir: &Path, database_url: Option<&str>, video_url: &str) -> Server {
    let port = free_port();
    let log = data_dir.join("server.log");
    let file = std::fs::File::create(&log).unwrap();
    let mut command = binary::command(data_dir, port);
    command
        .env("RUST_LOG", "info")
        .env("SOUND_ATLAS_YOUTUBE_API_KEY", VIDEO_KEY)
        .env("SOUND_ATLAS_YOUTUBE_API_URL", video_url)
        .env("SOUND_ATLAS_YOUTUBE_CHANNEL", "@soundatlas")
        .env_remove("SOUND_ATLAS_SMTP_HOST")
        .stdout(file.try_clone().unwrap())
        .stderr(file);
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let child = command.spawn().expect("the server binary starts");
    let origin = format!("http://127.0.0.1:{port}");
    binary::wait_ready(&origin).await;
    Server {
        _child: child,
        origin,
        log,
        outbox: data_dir.join("outbox"),
    }
}

/// A POST from our own site (the CSRF guard wants `Sec-Fetch-Site: same-origin`).
async fn post(server: &Server, path: &str, body: serde_json::Value) -> reqwest::Response {
    reqwest::Client::new()
        .post(format!("{}{path}", server.origin))
        .header("sec-fetch-site", "same-origin")
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn get(server: &Server, path_and_query: &str) -> reqwest::Response {
    reqwest::get(format!("{}{path_and_query}", server.origin))
        .await
        .unwrap()
}

/// The text of the newest message to `to` in the outbox, its quoted-printable soft line
/// breaks joined and `=3D` read as `=`.
async fn mail_to(server: &Server, to: &str, containing: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(entries) = std::fs::read_dir(&server.outbox) {
            for entry in entries.flatten() {
                let raw = std::fs::read_to_string(entry.path()).unwrap_or_default();
                let text = raw
                    .replace("=\r\n", "")
                    .replace("=\n", "")
                    .replace("=3D", "=");
                if text.contains(&format!("To: {to}")) && text.contains(containing) {
                    return text;
                }
            }
        }
        assert!(
            Instant::now() < deadline,
            "no mail to {to} with {containing}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The value after `marker` (and any blank) up to the end of the token (URL-safe base64
/// characters).
fn token_after(text: &str, marker: &str) -> String {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {text}"))
        + marker.len();
    text[start..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

async fn the_log_holds_no_token_code_password_or_key(database: Option<&TestDb>) {
    let data_dir = std::env::temp_dir().join(format!(
        "sa-secret-logs-{}-{}",
        std::process::id(),
        free_port()
    ));
    std::fs::create_dir_all(&data_dir).unwrap();
    let (video_url, keyed_calls) = failing_video_service().await;
    let database_url = database.and_then(TestDb::url);
    let server = start(&data_dir, database_url.as_deref(), &video_url).await;
    let db = match database {
        Some(db) => db.conn.clone(),
        None => sea_orm::Database::connect(format!(
            "sqlite://{}?mode=rw",
            data_dir.join("sound-atlas.db").display()
        ))
        .await
        .unwrap(),
    };

    // Sign up, then the confirmation link: opened (GET) and its button (POST).
    let answer = post(
        &server,
        "/api/auth/signup",
        json!({ "email": "logs-new@example.com", "password": SIGN_UP_PASSWORD }),
    )
    .await;
    assert_eq!(answer.status(), 200);
    let mail = mail_to(&server, "logs-new@example.com", "/api/auth/confirm?token=").await;
    let confirm_token = token_after(&mail, "/api/auth/confirm?token=");
    assert!(confirm_token.len() >= 32, "{confirm_token}");
    let page = get(&server, &format!("/api/auth/confirm?token={confirm_token}")).await;
    assert_eq!(page.status(), 200);
    let answer = post(
        &server,
        "/api/auth/confirm",
        json!({ "token": confirm_token, "password": SIGN_UP_PASSWORD }),
    )
    .await;
    assert_eq!(answer.status(), 200, "{:?}", answer.text().await);

    // Recovery: the link opened and the new password posted with its token.
    confirmed_user(&db, "logs-recover@example.com").await;
    let answer = post(
        &server,
        "/api/auth/recover",
        json!({ "email": "logs-recover@example.com" }),
    )
    .await;
    assert_eq!(answer.status(), 200);
    let mail = mail_to(
        &server,
        "logs-recover@example.com",
        "/api/auth/recover/complete?token=",
    )
    .await;
    let recover_token = token_after(&mail, "/api/auth/recover/complete?token=");
    let page = get(
        &server,
        &format!("/api/auth/recover/complete?token={recover_token}"),
    )
    .await;
    assert_eq!(page.status(), 200);
    let answer = post(
        &server,
        "/api/auth/recover/complete",
        json!({ "token": recover_token, "password": NEW_PASSWORD }),
    )
    .await;
    assert_eq!(answer.status(), 200, "{:?}", answer.text().await);

    // A sign-in code, mailed and posted back.
    confirmed_user(&db, "logs-code@example.com").await;
    let answer = post(
        &server,
        "/api/auth/otp",
        json!({ "email": "logs-code@example.com" }),
    )
    .await;
    assert_eq!(answer.status(), 200);
    let mail = mail_to(&server, "logs-code@example.com", "sign-in code is:").await;
    let code = token_after(&mail, "sign-in code is:");
    assert_eq!(code.len(), 6, "{code}");
    let answer = post(
        &server,
        "/api/auth/verify",
        json!({ "email": "logs-code@example.com", "token": code }),
    )
    .await;
    assert_eq!(answer.status(), 200, "{:?}", answer.text().await);

    // Secret-looking parameters on a page, an API read and an unknown path, and a
    // request id that is not one.
    let page = get(
        &server,
        &format!("/browse?letter=B&key={PAGE_KEY}&password={PAGE_PASSWORD}"),
    )
    .await;
    assert_eq!(page.status(), 200);
    get(&server, &format!("/api/artists/random?token={PAGE_KEY}")).await;
    get(&server, &format!("/no-such-page?code={PAGE_KEY}")).await;
    let forged = reqwest::Client::new()
        .get(format!("{}/healthz", server.origin))
        .header("x-request-id", FORGED_REQUEST_ID)
        .send()
        .await
        .unwrap();
    assert_ne!(forged.headers()["x-request-id"], FORGED_REQUEST_ID);
    // A forwarded address from a peer that is no trusted proxy is ignored, and said.
    let forwarded = reqwest::Client::new()
        .post(format!("{}/api/auth/resend", server.origin))
        .header("sec-fetch-site", "same-origin")
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({ "email": "forwarded@example.com" }))
        .send()
        .await
        .unwrap();
    assert_eq!(forwarded.status(), 200);

    // Home reads the site's channel: the video service answers 500 to the keyed call,
    // and the client logs that it serves stored videos instead.
    assert_eq!(get(&server, "/").await.status(), 200);
    let deadline = Instant::now() + Duration::from_secs(15);
    let log = loop {
        let log = std::fs::read_to_string(&server.log).unwrap();
        if keyed_calls.load(Ordering::SeqCst) > 0 && log.contains("serving stored channel videos") {
            break log;
        }
        assert!(
            Instant::now() < deadline,
            "the video client never failed:\n{log}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };

    for (what, secret) in [
        ("the confirmation token", confirm_token.as_str()),
        ("the recovery token", recover_token.as_str()),
        ("the sign-up password", SIGN_UP_PASSWORD),
        ("the new password", NEW_PASSWORD),
        ("a page's key parameter", PAGE_KEY),
        ("a page's password parameter", PAGE_PASSWORD),
        ("the video service's API key", VIDEO_KEY),
        ("a forged request id", FORGED_REQUEST_ID),
    ] {
        assert!(!log.contains(secret), "{what} is in the log:\n{log}");
    }
    // The code is six digits: compared with every word of the log (timestamps and
    // latencies are words of other lengths or carry letters).
    assert!(
        !log.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|word| word == code),
        "the sign-in code is in the log:\n{log}"
    );
    // The request lines are there, with route pattern and path.
    for expected in [
        "route=/api/auth/confirm path=/api/auth/confirm",
        "route=/api/auth/recover/complete path=/api/auth/recover/complete",
        "route=/api/auth/verify path=/api/auth/verify",
        "route=/browse path=/browse",
        "path=/no-such-page",
        "status=200",
        "X-Forwarded-For from 127.0.0.1 ignored: SOUND_ATLAS_TRUSTED_PROXIES does not list it",
    ] {
        assert!(log.contains(expected), "{expected} missing from:\n{log}");
    }

    drop(server);
    std::fs::remove_dir_all(&data_dir).ok();
}

#[tokio::test]
async fn sqlite_the_log_holds_no_token_code_password_or_key() {
    the_log_holds_no_token_code_password_or_key(None).await;
}

#[tokio::test]
async fn postgres_the_log_holds_no_token_code_password_or_key() {
    let db = TestDb::postgres().await;
    the_log_holds_no_token_code_password_or_key(Some(&db)).await;
    db.cleanup().await;
}
