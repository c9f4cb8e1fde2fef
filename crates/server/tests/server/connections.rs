//! Slow and idle clients are cut off, and connections are capped: the real accept loop
//! (`sound_atlas::serve::run`) on a bound port, with short limits, spoken to over raw
//! TCP sockets, on SQLite and PostgreSQL; and the real binary with those limits set in
//! its environment.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use sound_atlas::serve::ConnectionLimits;
use sound_atlas_contract::accounts::api as accounts;
use sound_atlas_test_db::{db_tests, TestDb};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::app;
use crate::binary::free_port;

const HEADER_TIMEOUT: Duration = Duration::from_secs(2);
const BODY_TIMEOUT: Duration = Duration::from_secs(2);
/// Timers, scheduling and a loaded test machine.
const SLACK: Duration = Duration::from_millis(1500);

/// Serves the app with `limits` until the test ends; returns its address.
async fn serve(db: &TestDb, limits: ConnectionLimits) -> SocketAddr {
    let app = app(db).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(sound_atlas::serve::run(
        listener,
        app,
        limits,
        Vec::new(),
        std::future::pending(),
    ));
    addr
}

const WRITE_TIMEOUT: Duration = Duration::from_secs(2);

/// Short timeouts and a cap of `max_connections`, all of which one address may hold.
fn short_limits(max_connections: usize) -> ConnectionLimits {
    ConnectionLimits {
        header_timeout: HEADER_TIMEOUT,
        body_timeout: BODY_TIMEOUT,
        write_timeout: WRITE_TIMEOUT,
        max_connections,
        max_connections_per_address: max_connections,
    }
}

/// A connection to `addr` from the loopback address `from` (127.0.0.x: another client).
async fn connect_from(from: &str, addr: SocketAddr, receive_buffer: Option<u32>) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    if let Some(size) = receive_buffer {
        socket.set_recv_buffer_size(size).unwrap();
    }
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

/// `GET /healthz` from `from` answers 200 within `within`.
async fn served_from(from: &str, addr: SocketAddr, within: Duration) -> bool {
    tokio::time::timeout(within, async {
        let mut stream = connect_from(from, addr, None).await;
        stream.write_all(HEALTHZ).await.unwrap();
        read_response(&mut stream).await.starts_with("HTTP/1.1 200")
    })
    .await
    .unwrap_or(false)
}

/// Writes `bytes` one every 300 ms until the server closes the connection (or they run
/// out), while reading; returns what the server sent and when it closed.
/// A sign-in (a route that reads its body) announcing `len` bytes of body, then sending
/// them a byte at a time: what came back, and when the connection ended.
async fn trickle_sign_in_body(addr: SocketAddr, len: usize) -> (String, Duration) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/auth/signin HTTP/1.1\r\nhost: localhost\r\nsec-fetch-site: same-origin\r\n\
         content-type: application/json\r\ncontent-length: {len}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    trickle(stream, &vec![b' '; len]).await
}

async fn trickle(stream: TcpStream, bytes: &[u8]) -> (String, Duration) {
    let started = Instant::now();
    let (mut reader, mut writer) = stream.into_split();
    let bytes = bytes.to_vec();
    let writing = tokio::spawn(async move {
        for byte in bytes {
            if writer.write_all(&[byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        // Nothing more to send: hold the connection open without a word.
        std::future::pending::<()>().await;
    });
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let closed = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match reader.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    writing.abort();
    assert!(closed.is_ok(), "the server never closed the connection");
    (
        String::from_utf8_lossy(&received).into_owned(),
        started.elapsed(),
    )
}

/// Reads one whole response (headers and a `content-length` body) from `stream`.
async fn read_response(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let n = stream.read(&mut buffer).await.unwrap();
        assert!(n > 0, "closed mid-response: {received:?}");
        received.extend_from_slice(&buffer[..n]);
        let text = String::from_utf8_lossy(&received).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text[..end]
                .lines()
                .find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse().unwrap())
                })
                .expect("a content-length");
            if received.len() >= end + 4 + length {
                return text;
            }
        }
    }
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n";

async fn a_request_hyper_cannot_parse_is_answered_with_the_security_headers(db: &TestDb) {
    let addr = serve(db, short_limits(100)).await;
    for garbage in [
        &b"GET / HTTP/1.1\r\nhost: localhost\r\nno colon here\r\n\r\n"[..],
        b"G@T / HTTP/1.1\r\n\r\n",
    ] {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(garbage).await.unwrap();
        let mut received = Vec::new();
        let _ =
            tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut received)).await;
        let answer = String::from_utf8_lossy(&received).to_ascii_lowercase();
        assert!(answer.starts_with("http/1.1 400"), "{answer}");
        for header in [
            "content-security-policy:",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy:",
        ] {
            assert!(answer.contains(header), "{header} missing: {answer}");
        }
    }
    // Others are served as ever.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(HEALTHZ).await.unwrap();
    assert!(read_response(&mut stream).await.starts_with("HTTP/1.1 200"));
}

async fn headers_sent_a_byte_at_a_time_are_cut_off(db: &TestDb) {
    let addr = serve(db, short_limits(100)).await;
    let stream = TcpStream::connect(addr).await.unwrap();
    let endless = b"GET /healthz HTTP/1.1\r\nhost: localhost\r\nx-slow: ".repeat(10);
    let (_, took) = trickle(stream, &endless).await;
    assert!(
        took >= HEADER_TIMEOUT - Duration::from_millis(200),
        "{took:?}"
    );
    assert!(took <= HEADER_TIMEOUT + SLACK, "closed after {took:?}");
    // Others are served all the while.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(HEALTHZ).await.unwrap();
    assert!(read_response(&mut stream).await.starts_with("HTTP/1.1 200"));
}

async fn a_body_sent_a_byte_at_a_time_is_answered_408_and_cut_off(db: &TestDb) {
    let addr = serve(db, short_limits(100)).await;
    // A handler that reads the body (sign-in): 408, and the connection closes.
    let (received, took) = trickle_sign_in_body(addr, 200).await;
    assert!(received.starts_with("HTTP/1.1 408"), "{received}");
    let lower = received.to_ascii_lowercase();
    assert!(lower.contains("connection: close"));
    // The security headers, as on every answer.
    for header in [
        "content-security-policy:",
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
    ] {
        assert!(lower.contains(header), "{header} missing: {received}");
    }
    assert!(received.contains(r#""status":408"#), "{received}");
    assert!(
        took >= BODY_TIMEOUT - Duration::from_millis(200),
        "{took:?}"
    );
    assert!(took <= BODY_TIMEOUT + SLACK, "closed after {took:?}");
    // A handler that never reads it: answered, then closed instead of waiting for it.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nhost: localhost\r\ncontent-length: 200\r\n\r\n")
        .await
        .unwrap();
    let (received, took) = trickle(stream, &[b' '; 200]).await;
    assert!(received.starts_with("HTTP/1.1 200"), "{received}");
    assert!(
        received.to_ascii_lowercase().contains("connection: close"),
        "an answer before its body says the connection closes: {received}"
    );
    assert!(took <= BODY_TIMEOUT + SLACK, "closed after {took:?}");
    // A body announced larger than any we take: 413 at once, not after the body timeout.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let started = Instant::now();
    stream
        .write_all(
            format!(
                "POST {} HTTP/1.1\r\nhost: localhost\r\nsec-fetch-site: same-origin\r\n\
                 content-type: application/json\r\ncontent-length: 10000000\r\n\r\n{{",
                accounts::SIGN_IN.path(&[])
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    let refused = read_response(&mut stream).await;
    assert!(refused.starts_with("HTTP/1.1 413"), "{refused}");
    assert!(
        refused.to_ascii_lowercase().contains("connection: close"),
        "{refused}"
    );
    assert!(
        started.elapsed() < SLACK,
        "413 after {:?}",
        started.elapsed()
    );
    // A body sent at once is read as ever (a wrong password: refused as such, not 408).
    let answer = reqwest::Client::new()
        .post(format!("http://{addr}{}", accounts::SIGN_IN.path(&[])))
        .header("sec-fetch-site", "same-origin")
        .json(&serde_json::json!({ "email": "nobody@example.com", "password": "not the one" }))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 400);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["message"], "Invalid login credentials");
}

async fn a_kept_alive_connection_left_idle_is_closed(db: &TestDb) {
    let addr = serve(db, short_limits(100)).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(HEALTHZ).await.unwrap();
    assert!(read_response(&mut stream).await.starts_with("HTTP/1.1 200"));
    // Kept alive: a second request on it is served.
    stream.write_all(HEALTHZ).await.unwrap();
    assert!(read_response(&mut stream).await.starts_with("HTTP/1.1 200"));
    let idle = Instant::now();
    let mut buffer = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(30), stream.read(&mut buffer))
        .await
        .expect("the idle connection is closed");
    assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    let took = idle.elapsed();
    assert!(
        took >= HEADER_TIMEOUT - Duration::from_millis(200),
        "{took:?}"
    );
    assert!(took <= HEADER_TIMEOUT + SLACK, "closed after {took:?}");
}

async fn clients_that_stop_reading_are_cut_off_and_others_served(db: &TestDb) {
    let addr = serve(
        db,
        ConnectionLimits {
            header_timeout: Duration::from_secs(30),
            ..short_limits(4)
        },
    )
    .await;
    // Four connections fill the cap, each pipelining pages and never reading a byte.
    // (Home is about 80 KB: a hundred answers are more than the kernel's buffers hold.)
    let pipelined = b"GET / HTTP/1.1\r\nhost: localhost\r\n\r\n".repeat(100);
    let mut silent = Vec::new();
    for _ in 0..4 {
        let mut stream = connect_from("127.0.0.1", addr, Some(4096)).await;
        stream.write_all(&pipelined).await.unwrap();
        silent.push(stream);
    }
    // Nobody else is served while they hold the cap...
    assert!(!served_from("127.0.0.2", addr, Duration::from_millis(500)).await);
    // ...until their answers have made no progress for the write timeout.
    assert!(
        served_from("127.0.0.2", addr, WRITE_TIMEOUT + SLACK * 2).await,
        "still waiting after the write timeout"
    );
    // They were closed, with only part of what they asked for sent (read once all have
    // stalled past the limit: reading earlier would let a stalled one go on).
    tokio::time::sleep(WRITE_TIMEOUT + SLACK).await;
    for mut stream in silent {
        let mut received = Vec::new();
        let read =
            tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut received)).await;
        assert!(read.is_ok(), "a stalled connection is still open");
        let answers = String::from_utf8_lossy(&received)
            .matches("HTTP/1.1 200")
            .count();
        assert!(answers < 100, "all {answers} answers were sent");
    }
}

async fn one_address_holds_at_most_its_share_of_the_connections(db: &TestDb) {
    let addr = serve(
        db,
        ConnectionLimits {
            header_timeout: Duration::from_secs(30),
            max_connections_per_address: 2,
            ..short_limits(4)
        },
    )
    .await;
    // One address opens four silent connections: it keeps two, the others close at once.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from("127.0.0.1", addr, None).await);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut closed = 0;
    for stream in &mut held {
        let mut buffer = [0u8; 16];
        if let Ok(Ok(0) | Err(_)) =
            tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buffer)).await
        {
            closed += 1;
        }
    }
    assert_eq!(
        closed, 2,
        "past its share, an address's connections are closed"
    );
    // Everyone else is served at once, while the two stay open and silent.
    assert!(served_from("127.0.0.2", addr, Duration::from_secs(1)).await);
    assert!(served_from("127.0.0.3", addr, Duration::from_secs(1)).await);
}

async fn past_the_connection_cap_a_connection_waits_for_a_free_one(db: &TestDb) {
    // Long header timeout: only the cap decides here.
    let addr = serve(
        db,
        ConnectionLimits {
            header_timeout: Duration::from_secs(30),
            ..short_limits(2)
        },
    )
    .await;
    let mut first = TcpStream::connect(addr).await.unwrap();
    let mut second = TcpStream::connect(addr).await.unwrap();
    for stream in [&mut first, &mut second] {
        stream.write_all(HEALTHZ).await.unwrap();
        assert!(read_response(stream).await.starts_with("HTTP/1.1 200"));
    }
    // The third is queued by the kernel, not served, while both stay open.
    let mut third = TcpStream::connect(addr).await.unwrap();
    third.write_all(HEALTHZ).await.unwrap();
    let mut buffer = [0u8; 64];
    assert!(
        tokio::time::timeout(Duration::from_millis(1500), third.read(&mut buffer))
            .await
            .is_err(),
        "a third connection was served past the cap of 2"
    );
    // One closes: the third is served.
    drop(first);
    let answered = tokio::time::timeout(Duration::from_secs(3), read_response(&mut third))
        .await
        .expect("the third connection is served once one closes");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    drop(second);
}

db_tests!(
    a_request_hyper_cannot_parse_is_answered_with_the_security_headers,
    headers_sent_a_byte_at_a_time_are_cut_off,
    a_body_sent_a_byte_at_a_time_is_answered_408_and_cut_off,
    a_kept_alive_connection_left_idle_is_closed,
    clients_that_stop_reading_are_cut_off_and_others_served,
    one_address_holds_at_most_its_share_of_the_connections,
    past_the_connection_cap_a_connection_waits_for_a_free_one,
);

// ---- the real binary: the limits come from its settings

fn binary(data_dir: &std::path::Path, port: u16) -> tokio::process::Command {
    let mut command = crate::binary::command(data_dir, port);
    command
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    command
}

#[tokio::test]
async fn the_binary_takes_its_connection_limits_from_its_settings() {
    let data_dir = std::env::temp_dir().join(format!(
        "sa-connections-{}-{}",
        std::process::id(),
        free_port()
    ));
    std::fs::create_dir_all(&data_dir).unwrap();

    // A setting that is not a number of seconds stops the start, naming it.
    let refused = binary(&data_dir, free_port())
        .env("SOUND_ATLAS_BODY_TIMEOUT_SECONDS", "soon")
        .output()
        .await
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("SOUND_ATLAS_BODY_TIMEOUT_SECONDS"), "{said}");

    let port = free_port();
    let _server = binary(&data_dir, port)
        .env("SOUND_ATLAS_HEADER_TIMEOUT_SECONDS", "1")
        .env("SOUND_ATLAS_BODY_TIMEOUT_SECONDS", "1")
        .env("SOUND_ATLAS_MAX_CONNECTIONS", "1")
        // Only the cap decides here (the share per address is tested in process).
        .env("SOUND_ATLAS_MAX_CONNECTIONS_PER_ADDRESS", "2")
        .spawn()
        .unwrap();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut first = loop {
        if let Ok(mut stream) = TcpStream::connect(addr).await {
            if stream.write_all(HEALTHZ).await.is_ok() {
                let answer =
                    tokio::time::timeout(Duration::from_secs(5), read_response(&mut stream));
                if let Ok(answer) = answer.await {
                    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
                    break stream;
                }
            }
        }
        assert!(Instant::now() < deadline, "the server never answered");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // The one connection allowed sits idle: a second waits until the idle limit (1 s)
    // closes the first.
    let idle = Instant::now();
    let mut second = TcpStream::connect(addr).await.unwrap();
    second.write_all(HEALTHZ).await.unwrap();
    let answered = tokio::time::timeout(Duration::from_secs(5), read_response(&mut second))
        .await
        .expect("the second connection is served once the first is closed");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    let waited = idle.elapsed();
    assert!(
        waited >= Duration::from_millis(700),
        "served after {waited:?}"
    );
    let mut buffer = [0u8; 16];
    assert!(matches!(first.read(&mut buffer).await, Ok(0) | Err(_)));
    drop(second);

    // A body trickling past 1 s: 408.
    let (received, took) = trickle_sign_in_body(addr, 50).await;
    assert!(received.starts_with("HTTP/1.1 408"), "{received}");
    assert!(
        took <= Duration::from_secs(1) + SLACK,
        "closed after {took:?}"
    );
    std::fs::remove_dir_all(&data_dir).ok();
}
