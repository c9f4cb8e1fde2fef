//! Opening the database: SQLite under the data directory by default (WAL, a busy
//! timeout, one writer), or whatever `DATABASE_URL` names; then migrations and seed.

use std::time::Duration;

use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection};
use sound_atlas_migration::{Migrator, MigratorTrait};

use crate::config::Config;

pub async fn connect(config: &Config) -> Result<DatabaseConnection, Box<dyn std::error::Error>> {
    let db = open(config).await?;
    prepare(&db).await?;
    Ok(db)
}

/// For a dry run: the configured database, or, where its SQLite file does not exist
/// yet, a fresh database in memory, migrated and seeded as the file would be. A dry run
/// creates no directory and no file.
pub async fn connect_dry_run(
    config: &Config,
) -> Result<DatabaseConnection, Box<dyn std::error::Error>> {
    if config.database_url.is_some() || sqlite_file(config).exists() {
        return connect(config).await;
    }
    // A database in memory lives as long as its one connection: never let it go.
    let forever = Duration::from_secs(365 * 24 * 3600);
    let mut options = ConnectOptions::new("sqlite::memory:");
    options
        .max_connections(1)
        .min_connections(1)
        .idle_timeout(forever)
        .max_lifetime(forever)
        .sqlx_logging(false);
    let db = Database::connect(options).await?;
    prepare(&db).await?;
    Ok(db)
}

fn sqlite_file(config: &Config) -> std::path::PathBuf {
    config.data_dir.join("sound-atlas.db")
}

/// Opens the configured database as the server does, without migrating or seeding.
pub async fn open(config: &Config) -> Result<DatabaseConnection, Box<dyn std::error::Error>> {
    let options = match &config.database_url {
        Some(url) => {
            let mut options = ConnectOptions::new(url.clone());
            // An unreachable server fails fast (503) instead of
            // holding requests for sqlx's 30 s defaults.
            options
                .max_connections(16)
                .sqlx_logging(false)
                .connect_timeout(Duration::from_secs(2))
                .acquire_timeout(Duration::from_secs(3));
            options
        }
        None => {
            std::fs::create_dir_all(&config.data_dir).map_err(|err| {
                format!(
                    "creating the data directory {}: {err}",
                    config.data_dir.display()
                )
            })?;
            let file = sqlite_file(config);
            let mut options = ConnectOptions::new(format!("sqlite://{}?mode=rwc", file.display()));
            // SQLite allows one writer at a time; readers run alongside under WAL. A
            // connection to a file is not lost as one to a server is: no query to test it
            // before each use (a round trip to its thread).
            options
                .max_connections(8)
                .test_before_acquire(false)
                .sqlx_logging(false)
                .map_sqlx_sqlite_opts(|opts| {
                    opts.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                        .busy_timeout(Duration::from_secs(5))
                        .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                });
            options
        }
    };
    Ok(Database::connect(options).await?)
}

/// Closes the database at the end of a command. On SQLite its write-ahead log is first
/// folded into the database file and emptied: left behind, the log is as large as what
/// the command wrote (an import's, as large as the catalogue), and the next start and
/// every read would go through it until a checkpoint.
pub async fn close(db: DatabaseConnection) {
    if db.get_database_backend() == sea_orm::DatabaseBackend::Sqlite {
        if let Err(err) = db
            .execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
            .await
        {
            tracing::warn!(%err, "folding the write-ahead log into the database");
        }
    }
    if let Err(err) = db.close().await {
        tracing::warn!(%err, "closing the database");
    }
}

/// Brings the schema up to date and loads the seed catalogue (idempotent).
pub async fn prepare(db: &DatabaseConnection) -> Result<(), Box<dyn std::error::Error>> {
    Migrator::up(db, None).await?;
    let inserted = sound_atlas_catalog::seed::load(db).await?;
    if inserted > 0 {
        tracing::info!(inserted, "loaded the seed catalogue");
    }
    let content = sound_atlas_content::seed::load(db).await?;
    if content != Default::default() {
        tracing::info!(?content, "loaded the seed content");
    }
    Ok(())
}
