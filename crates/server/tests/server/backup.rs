//! `sound-atlas backup` writes a consistent copy of the SQLite
//! database while it is written to; the copy, restored, has every row.

use std::time::Duration;

use sea_orm::{ActiveValue::Set, Database, DatabaseConnection, EntityTrait, PaginatorTrait};
use sound_atlas_entity::{artist, favorite, user};

fn config(data_dir: &std::path::Path) -> sound_atlas::config::Config {
    sound_atlas::config::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.to_owned(),
        database_url: None,
        public_url: crate::ORIGIN.into(),
        ssr_workers: None,
        drain: Duration::from_secs(1),
        metrics_token: None,
        connections: Default::default(),
        shared_cache: sound_atlas::render::SHARED_CACHE_DEFAULT,
        warm: true,
        twitter_site: None,
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sa-backup-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn add_user(db: &DatabaseConnection, n: usize) -> i32 {
    user::Entity::insert(user::ActiveModel {
        email: Set(format!("user{n}@example.com")),
        email_key: Set(format!("user{n}@example.com")),
        password_hash: Set(None),
        confirmed_at: Set(Some(1)),
        created_at: Set(1),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id
}

async fn add_favorite(db: &DatabaseConnection, user_id: i32, artist_id: i32) {
    favorite::Entity::insert(favorite::ActiveModel {
        user_id: Set(user_id),
        artist_id: Set(artist_id),
        folder_id: Set(None),
        folder_key: Set(0),
        created_at: Set(1),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_backup_taken_while_writes_go_on_restores_with_every_committed_row() {
    let dir = temp_dir("online");
    let db = sound_atlas::db::connect(&config(&dir)).await.unwrap();
    let artists: Vec<i32> = artist::Entity::find()
        .all(&db)
        .await
        .unwrap()
        .iter()
        .map(|a| a.id)
        .collect();
    let first = add_user(&db, 0).await;
    for artist in &artists[..50] {
        add_favorite(&db, first, *artist).await;
    }
    // Writes keep going while the copy is taken.
    let writer_db = db.clone();
    let later: Vec<i32> = artists[50..150].to_vec();
    let writer = tokio::spawn(async move {
        let second = add_user(&writer_db, 1).await;
        for artist in later {
            add_favorite(&writer_db, second, artist).await;
        }
    });
    tokio::time::sleep(Duration::from_millis(20)).await;
    let copy = dir.join("copy.db");
    sound_atlas::backup::backup(&db, &copy).await.unwrap();
    writer.await.unwrap();

    // Restored as docs/operations-and-scaling.md says: the copy becomes the data directory's database.
    let restored_dir = temp_dir("restored");
    std::fs::copy(&copy, restored_dir.join("sound-atlas.db")).unwrap();
    let restored = sound_atlas::db::connect(&config(&restored_dir))
        .await
        .unwrap();
    assert_eq!(
        artist::Entity::find().count(&restored).await.unwrap(),
        artists.len() as u64,
        "every artist"
    );
    let rows = favorite::Entity::find().all(&restored).await.unwrap();
    let of_first = rows.iter().filter(|f| f.user_id == first).count();
    assert_eq!(of_first, 50, "every favorite committed before the backup");
    // A consistent snapshot: the second user's rows are a prefix of what was written.
    let of_others = rows.iter().filter(|f| f.user_id != first).count();
    assert!(of_others <= 100);
    let originals = favorite::Entity::find().all(&db).await.unwrap();
    for row in &rows {
        assert!(originals
            .iter()
            .any(|o| o.id == row.id && o.artist_id == row.artist_id));
    }
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&restored_dir).ok();
}

#[tokio::test]
async fn the_backup_subcommand_writes_the_copy_and_refuses_to_overwrite() {
    let dir = temp_dir("cli");
    let db = sound_atlas::db::connect(&config(&dir)).await.unwrap();
    let id = add_user(&db, 7).await;
    let copy = dir.join("nightly.db");
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_sound-atlas"))
            .args(["backup", copy.to_str().unwrap()])
            .env("SOUND_ATLAS_DATA", &dir)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap()
    };
    let first = run();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let copied = Database::connect(format!("sqlite://{}?mode=ro", copy.display()))
        .await
        .unwrap();
    assert!(user::Entity::find_by_id(id)
        .one(&copied)
        .await
        .unwrap()
        .is_some());
    let again = run();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    std::fs::remove_dir_all(&dir).ok();
}
