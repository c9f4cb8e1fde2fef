//! The real binary, stopped in the middle of a burst of favorite
//! writes. SIGKILL loses no write that was answered 2xx; SIGTERM lets the requests in
//! flight finish (bounded by SOUND_ATLAS_DRAIN_SECONDS) and exits cleanly. On SQLite (the
//! data directory's file) and on PostgreSQL.

use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sea_orm::{ColumnTrait, Database, DatabaseConnection, EntityTrait, QueryFilter};
use sound_atlas_contract::{
    accounts::api as accounts, catalog::api as catalog, library::api as library,
};
use sound_atlas_entity::favorite;
use sound_atlas_test_db::TestDb;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::binary::{self, free_port};
use crate::{confirmed_user, PASSWORD};

const WRITES: usize = 120;

struct Server {
    child: Child,
    origin: String,
    /// Everything the server writes to its stderr (passed on to the test's own), once
    /// it has exited.
    log: Option<tokio::task::JoinHandle<String>>,
}

async fn start(data_dir: &Path, database_url: Option<&str>) -> Server {
    let port = free_port();
    let mut command = binary::command(data_dir, port);
    command
        .env("SOUND_ATLAS_DRAIN_SECONDS", "5")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let mut child = command.spawn().expect("the server binary starts");
    let mut lines = BufReader::new(child.stderr.take().expect("piped")).lines();
    let log = Some(tokio::spawn(async move {
        let mut log = String::new();
        while let Ok(Some(line)) = lines.next_line().await {
            eprintln!("{line}");
            log.push_str(&line);
            log.push('\n');
        }
        log
    }));
    let origin = format!("http://127.0.0.1:{port}");
    binary::wait_ready(&origin).await;
    Server { child, origin, log }
}

/// A fresh connection per request (no idle keep-alive): a request the stopped server
/// never took fails to connect, and any other failure is a request cut in flight.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

async fn sign_in(server: &Server, email: &str) -> String {
    let answer = client()
        .post(format!("{}{}", server.origin, accounts::SIGN_IN.path(&[])))
        .json(&serde_json::json!({ "email": email, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "{}", answer.status());
    let session = answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|cookie| cookie.to_str().unwrap())
        .find(|cookie| cookie.starts_with("sa_session="))
        .expect("a session cookie");
    session.split(';').next().unwrap().to_owned()
}

enum Outcome {
    Answered(u16),
    NeverConnected,
    CutInFlight(String),
}

/// Sends `WRITES` favorite adds (one per artist) a few milliseconds apart; once `stop_after`
/// were answered 2xx, `stop` runs (the signal). Returns (artist id, outcome) of each.
async fn burst(
    server: &Server,
    cookie: &str,
    stop_after: usize,
    stop: impl FnOnce(),
) -> Vec<(i32, Outcome)> {
    let artists: Vec<i32> = client()
        .get(format!(
            "{}{}?limit={WRITES}",
            server.origin,
            catalog::ARTISTS.path(&[])
        ))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap()["artists"]
        .as_array()
        .unwrap()
        .iter()
        .take(WRITES)
        .map(|a| a["id"].as_i64().unwrap() as i32)
        .collect();
    let answered = Arc::new(AtomicUsize::new(0));
    let reached = Arc::new(tokio::sync::Notify::new());
    let mut writes = tokio::task::JoinSet::new();
    for (n, artist) in artists.into_iter().enumerate() {
        let (url, cookie) = (
            format!("{}{}", server.origin, library::ADD_FAVORITE.path(&[])),
            cookie.to_owned(),
        );
        let (answered, reached) = (answered.clone(), reached.clone());
        writes.spawn(async move {
            tokio::time::sleep(Duration::from_millis(4 * n as u64)).await;
            let result = client()
                .post(url)
                .header("cookie", cookie)
                .json(&serde_json::json!({ "artistId": artist }))
                .send()
                .await;
            let outcome = match result {
                Ok(answer) => {
                    let status = answer.status().as_u16();
                    // The answer is only counted once its body arrived whole.
                    match answer.bytes().await {
                        Ok(_) => {
                            if (200..300).contains(&status)
                                && answered.fetch_add(1, Ordering::SeqCst) + 1 == stop_after
                            {
                                reached.notify_one();
                            }
                            Outcome::Answered(status)
                        }
                        Err(err) => Outcome::CutInFlight(err.to_string()),
                    }
                }
                Err(err) if err.is_connect() => Outcome::NeverConnected,
                Err(err) => Outcome::CutInFlight(format!("{err:?}")),
            };
            (artist, outcome)
        });
    }
    tokio::time::timeout(Duration::from_secs(30), reached.notified())
        .await
        .expect("enough writes were answered before the stop");
    stop();
    let mut outcomes = Vec::new();
    while let Some(result) = writes.join_next().await {
        outcomes.push(result.unwrap());
    }
    outcomes
}

async fn kept(db: &DatabaseConnection, user_id: i32) -> Vec<i32> {
    favorite::Entity::find()
        .filter(favorite::Column::UserId.eq(user_id))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|f| f.artist_id)
        .collect()
}

fn assert_every_2xx_kept(outcomes: &[(i32, Outcome)], kept: &[i32]) -> usize {
    let mut ok = 0;
    for (artist, outcome) in outcomes {
        if let Outcome::Answered(status) = outcome {
            if (200..300).contains(status) {
                ok += 1;
                assert!(
                    kept.contains(artist),
                    "artist {artist} was answered {status} but is not kept"
                );
            }
        }
    }
    ok
}

/// The server's SQLite file, opened as another process would.
async fn sqlite_file(data_dir: &Path) -> DatabaseConnection {
    Database::connect(format!(
        "sqlite://{}?mode=rw",
        data_dir.join("sound-atlas.db").display()
    ))
    .await
    .unwrap()
}

struct Backend {
    data_dir: std::path::PathBuf,
    postgres: Option<TestDb>,
}

impl Backend {
    async fn sqlite() -> Backend {
        let data_dir =
            std::env::temp_dir().join(format!("sa-process-{}-{}", std::process::id(), free_port()));
        std::fs::create_dir_all(&data_dir).unwrap();
        Backend {
            data_dir,
            postgres: None,
        }
    }

    async fn postgres() -> Backend {
        let mut backend = Backend::sqlite().await;
        backend.postgres = Some(TestDb::postgres().await);
        backend
    }

    fn url(&self) -> Option<String> {
        self.postgres.as_ref().and_then(TestDb::url)
    }

    async fn db(&self) -> DatabaseConnection {
        match &self.postgres {
            Some(db) => db.conn.clone(),
            None => sqlite_file(&self.data_dir).await,
        }
    }

    async fn cleanup(self) {
        std::fs::remove_dir_all(&self.data_dir).ok();
        if let Some(db) = self.postgres {
            db.cleanup().await;
        }
    }
}

async fn a_kill_mid_burst_loses_no_write_answered_2xx(backend: Backend) {
    let mut server = start(&backend.data_dir, backend.url().as_deref()).await;
    let user_id = confirmed_user(&backend.db().await, "kill@example.com").await;
    let cookie = sign_in(&server, "kill@example.com").await;
    let pid = server.child.id().unwrap();
    let outcomes = burst(&server, &cookie, 30, move || {
        // SIGKILL: no chance to finish anything.
        std::process::Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .unwrap();
    })
    .await;
    server.child.wait().await.unwrap();
    let ok = assert_every_2xx_kept(&outcomes, &kept(&backend.db().await, user_id).await);
    assert!(ok >= 30, "{ok} writes answered 2xx");
    assert!(ok < WRITES, "the kill came mid-burst");
    backend.cleanup().await;
}

async fn sigterm_drains_the_requests_in_flight_and_loses_no_write(backend: Backend) {
    let mut server = start(&backend.data_dir, backend.url().as_deref()).await;
    let user_id = confirmed_user(&backend.db().await, "term@example.com").await;
    let cookie = sign_in(&server, "term@example.com").await;
    let pid = server.child.id().unwrap();
    let signalled = Arc::new(std::sync::Mutex::new(None::<Instant>));
    let at = signalled.clone();
    let outcomes = burst(&server, &cookie, 30, move || {
        std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .unwrap();
        *at.lock().unwrap() = Some(Instant::now());
    })
    .await;
    let status = tokio::time::timeout(Duration::from_secs(10), server.child.wait())
        .await
        .expect("the server exits within the drain limit")
        .unwrap();
    assert!(status.success(), "a clean exit: {status}");
    // Its pages' reads in flight (the warm-up's among them) end with the runtime: no panic.
    let log = server
        .log
        .take()
        .expect("its stderr is read")
        .await
        .unwrap();
    assert!(
        !log.contains("panicked"),
        "the server panicked while it stopped:\n{log}"
    );
    let took = signalled.lock().unwrap().unwrap().elapsed();
    assert!(took < Duration::from_secs(8), "drained in {took:?}");
    // A connection still waiting in the listen queue (or accepted with no request read
    // yet) when the listener closes is dropped without an answer: the server never began
    // that request, so it must have written nothing. A request the server had begun is
    // answered before the exit (that is the drain).
    let rows = kept(&backend.db().await, user_id).await;
    for (artist, outcome) in &outcomes {
        match outcome {
            Outcome::CutInFlight(err) => assert!(
                !rows.contains(artist),
                "the write of artist {artist} was done but its answer cut: {err}"
            ),
            Outcome::Answered(status) => {
                assert!((200..300).contains(status), "artist {artist}: {status}")
            }
            Outcome::NeverConnected => {}
        }
    }
    let ok = assert_every_2xx_kept(&outcomes, &kept(&backend.db().await, user_id).await);
    assert!(ok >= 30, "{ok} writes answered 2xx");
    backend.cleanup().await;
}

#[tokio::test]
async fn sqlite_a_kill_mid_burst_loses_no_write_answered_2xx() {
    a_kill_mid_burst_loses_no_write_answered_2xx(Backend::sqlite().await).await;
}

#[tokio::test]
async fn postgres_a_kill_mid_burst_loses_no_write_answered_2xx() {
    a_kill_mid_burst_loses_no_write_answered_2xx(Backend::postgres().await).await;
}

#[tokio::test]
async fn sqlite_sigterm_drains_the_requests_in_flight_and_loses_no_write() {
    sigterm_drains_the_requests_in_flight_and_loses_no_write(Backend::sqlite().await).await;
}

#[tokio::test]
async fn postgres_sigterm_drains_the_requests_in_flight_and_loses_no_write() {
    sigterm_drains_the_requests_in_flight_and_loses_no_write(Backend::postgres().await).await;
}

// ---- two instances on one PostgreSQL behind a small load balancer

/// Round robin over the backends, one TCP connection at a time; a backend that refuses
/// the connection is skipped (as a load balancer's health check would take it out).
async fn balancer(backends: Vec<std::net::SocketAddr>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut next = 0usize;
        while let Ok((mut client, _)) = listener.accept().await {
            next += 1;
            let order: Vec<_> = (0..backends.len())
                .map(|i| backends[(next + i) % backends.len()])
                .collect();
            tokio::spawn(async move {
                for backend in order {
                    if let Ok(mut server) = tokio::net::TcpStream::connect(backend).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                        return;
                    }
                }
            });
        }
    });
    format!("http://{addr}")
}

fn socket(origin: &str) -> std::net::SocketAddr {
    origin.trim_start_matches("http://").parse().unwrap()
}

#[tokio::test]
async fn two_instances_behind_a_balancer_share_sessions_and_one_killed_mid_burst_loses_no_2xx_write(
) {
    let backend = Backend::postgres().await;
    let url = backend.url();
    let one_dir = backend.data_dir.join("one");
    let two_dir = backend.data_dir.join("two");
    let mut one = start(&one_dir, url.as_deref()).await;
    let two = start(&two_dir, url.as_deref()).await;
    let front = Server {
        child: Command::new("true").spawn().unwrap(),
        origin: balancer(vec![socket(&one.origin), socket(&two.origin)]).await,
        log: None,
    };
    let user_id = confirmed_user(&backend.db().await, "pair@example.com").await;
    let cookie = sign_in(&front, "pair@example.com").await;
    // The session made through the balancer (one instance) is good on both.
    for server in [&one, &two] {
        let me: serde_json::Value = client()
            .get(format!("{}{}", server.origin, accounts::USER.path(&[])))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(me["email"], "pair@example.com");
    }

    let pid = one.child.id().unwrap();
    let outcomes = burst(&front, &cookie, 30, move || {
        std::process::Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .unwrap();
    })
    .await;
    one.child.wait().await.unwrap();
    let ok = assert_every_2xx_kept(&outcomes, &kept(&backend.db().await, user_id).await);
    assert!(ok >= 30, "{ok} writes answered 2xx");
    // The other instance keeps serving through the balancer.
    for _ in 0..6 {
        let answer = client()
            .get(format!("{}{}", front.origin, library::FAVORITES.path(&[])))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200);
    }
    drop(two);
    backend.cleanup().await;
}

#[tokio::test]
async fn two_instances_behind_a_balancer_count_one_rate_limit_between_them() {
    let backend = Backend::postgres().await;
    let url = backend.url();
    let one = start(&backend.data_dir.join("one"), url.as_deref()).await;
    let two = start(&backend.data_dir.join("two"), url.as_deref()).await;
    let front = balancer(vec![socket(&one.origin), socket(&two.origin)]).await;
    // Sign-ups: 10 an hour from one address, for the deployment. Each request is a new
    // connection, so the balancer alternates between the instances.
    let mut statuses = Vec::new();
    for n in 0..11 {
        let answer = client()
            .post(format!("{front}{}", accounts::SIGN_UP.path(&[])))
            .json(
                &serde_json::json!({ "email": format!("s{n}@example.com"), "password": PASSWORD }),
            )
            .send()
            .await
            .unwrap();
        statuses.push((
            answer.status().as_u16(),
            answer.headers().get("retry-after").cloned(),
        ));
    }
    let (last, retry_after) = statuses.pop().unwrap();
    assert!(
        statuses.iter().all(|(status, _)| *status == 200),
        "{statuses:?}"
    );
    assert_eq!(last, 429, "the eleventh sign-up, on either instance");
    let retry_after: u64 = retry_after.unwrap().to_str().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&retry_after), "{retry_after}");
    drop((one, two));
    backend.cleanup().await;
}
