//! The real `sound-atlas` binary as a child process, for the tests that need a whole
//! process: kills and signals, several instances, its log, its connection limits.

use std::path::Path;
use std::time::{Duration, Instant};

use tokio::process::Command;

/// A port free at the moment of asking.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The binary serving on `port` from `data_dir` with one render worker and SQLite in
/// `data_dir` (a `DATABASE_URL` of the test's environment is removed; set one to use it),
/// errors only in its log, killed when dropped. The test adds its settings and output.
pub fn command(data_dir: &Path, port: u16) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sound-atlas"));
    command
        .env("SOUND_ATLAS_ADDR", format!("127.0.0.1:{port}"))
        .env("SOUND_ATLAS_DATA", data_dir)
        .env("SOUND_ATLAS_SSR_WORKERS", "1")
        .env("RUST_LOG", "error")
        .env_remove("DATABASE_URL")
        .kill_on_drop(true);
    command
}

/// Waits (60 s at most) until `origin` answers `/readyz` with 200.
pub async fn wait_ready(origin: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(answer) = reqwest::get(format!("{origin}/readyz")).await {
            if answer.status().is_success() {
                return;
            }
        }
        assert!(Instant::now() < deadline, "the server never became ready");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
