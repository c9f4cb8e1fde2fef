//! Concurrent requests: identical adds make one row; many different writes all persist.
//! On the test databases, and on a file SQLite opened like the server opens it (WAL,
//! several connections, a busy timeout), where "database is locked" would show.

use std::time::Duration;

use axum::http::StatusCode;
use futures_util::future::join_all;
use sea_orm::{ConnectOptions, Database, DatabaseConnection, EntityTrait, PaginatorTrait};
use sound_atlas_contract::library::{api, MoveFavorite};
use sound_atlas_entity::{favorite, video_favorite};
use sound_atlas_migration::{Migrator, MigratorTrait};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{Answer, Site};

db_tests!(
    fifty_identical_adds_make_one_favorite,
    fifty_identical_video_adds_make_one_video_favorite,
    a_hundred_parallel_writes_all_persist,
);

async fn fifty_identical_adds_make_one_favorite(db: &TestDb) {
    identical_adds_make_one_favorite(&db.conn).await;
}

async fn identical_adds_make_one_favorite(db: &DatabaseConnection) {
    let site = Site::new(db).await;
    let ann = site.user("ann@example.com").await;
    let artist = site.artists[5];
    let folder = ann.clone().new_folder("Same").await;
    for target in [None, Some(folder)] {
        let answers: Vec<Answer> = join_all((0..50).map(|_| {
            let mut ann = ann.clone();
            async move { ann.favorite(artist, target).await }
        }))
        .await;
        let created = answers
            .iter()
            .filter(|a| a.status == StatusCode::CREATED)
            .count();
        assert!(
            answers
                .iter()
                .all(|a| a.status == StatusCode::CREATED || a.status == StatusCode::OK),
            "{:?}",
            answers.iter().map(|a| &a.body).collect::<Vec<_>>()
        );
        assert_eq!(created, 1, "exactly one request created the row");
        let id = answers[0].json()["id"].clone();
        assert!(
            answers.iter().all(|a| a.json()["id"] == id),
            "all return the same row"
        );
    }
    assert_eq!(favorite::Entity::find().count(db).await.unwrap(), 2);
}

async fn fifty_identical_video_adds_make_one_video_favorite(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let ann = site.user("ann@example.com").await;
    let artist = site.artists[5];
    let answers: Vec<Answer> = join_all((0..50).map(|_| {
        let mut ann = ann.clone();
        async move { ann.video(artist, "abcdefghijk", None).await }
    }))
    .await;
    assert!(answers
        .iter()
        .all(|a| a.status == StatusCode::CREATED || a.status == StatusCode::OK));
    assert_eq!(
        answers
            .iter()
            .filter(|a| a.status == StatusCode::CREATED)
            .count(),
        1
    );
    assert_eq!(
        video_favorite::Entity::find()
            .count(&db.conn)
            .await
            .unwrap(),
        1
    );
}

async fn a_hundred_parallel_writes_all_persist(db: &TestDb) {
    hundred_parallel_writes_all_persist(&db.conn).await;
}

/// 100 writes at once from two users: 60 adds, 20 moves (transactions) and 20 video
/// adds; every one answers 2xx and every one is in the database afterwards.
async fn hundred_parallel_writes_all_persist(db: &DatabaseConnection) {
    let site = Site::new(db).await;
    let mut ann = site.user("ann@example.com").await;
    let bob = site.user("bob@example.com").await;
    let folder = ann.new_folder("Moved here").await;
    // The 20 artists to be moved start at Ann's top level.
    for &artist in &site.artists[60..80] {
        assert_eq!(ann.favorite(artist, None).await.status, StatusCode::CREATED);
    }
    let mut writes = Vec::new();
    for (n, &artist) in site.artists[..60].iter().enumerate() {
        let mut who = if n % 2 == 0 { ann.clone() } else { bob.clone() };
        writes.push(tokio::spawn(
            async move { who.favorite(artist, None).await },
        ));
    }
    for &artist in &site.artists[60..80] {
        let mut ann = ann.clone();
        writes.push(tokio::spawn(async move {
            let to_folder = MoveFavorite {
                artist_id: artist,
                from_folder_id: None,
                to_folder_id: Some(folder),
            };
            ann.call(&api::MOVE_FAVORITE, &[], &to_folder).await.answer
        }));
    }
    for n in 0..20 {
        let mut bob = bob.clone();
        let artist = site.artists[n];
        writes.push(tokio::spawn(async move {
            bob.video(artist, &format!("video{n:06}"), None).await
        }));
    }
    assert_eq!(writes.len(), 100);
    for write in join_all(writes).await {
        let answer = write.unwrap();
        assert!(
            answer.status.is_success(),
            "{} {}",
            answer.status,
            answer.body
        );
    }
    let mut ann_top = ann.favorite_ids().await;
    ann_top.sort();
    let mut expected: Vec<i32> = site.artists[..60].iter().step_by(2).copied().collect();
    expected.sort();
    assert_eq!(ann_top, expected, "the moved artists left the top level");
    assert_eq!(ann.folders().await[&folder].1.len(), 20);
    let mut bob = bob;
    assert_eq!(bob.favorite_ids().await.len(), 30);
    assert_eq!(
        bob.call(&api::VIDEO_FAVORITES, &[], &())
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        20
    );
}

/// A file database opened as the server opens SQLite (crates/server/src/db.rs).
async fn server_like_sqlite() -> (DatabaseConnection, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "sa-library-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sound-atlas.db");
    let mut options = ConnectOptions::new(format!("sqlite://{}?mode=rwc", file.display()));
    options
        .max_connections(8)
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|opts| {
            opts.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .busy_timeout(Duration::from_secs(5))
                .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
        });
    let db = Database::connect(options).await.unwrap();
    Migrator::up(&db, None).await.unwrap();
    (db, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn on_a_server_like_sqlite_file_a_hundred_parallel_writes_all_persist() {
    let (db, dir) = server_like_sqlite().await;
    hundred_parallel_writes_all_persist(&db).await;
    db.close().await.ok();
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn on_a_server_like_sqlite_file_fifty_identical_adds_make_one_favorite() {
    let (db, dir) = server_like_sqlite().await;
    identical_adds_make_one_favorite(&db).await;
    db.close().await.ok();
    std::fs::remove_dir_all(dir).ok();
}
