//! `sound-atlas backup <file>`: a consistent copy of the SQLite database while
//! the server runs. `VACUUM INTO` reads one snapshot of the database (WAL readers do not
//! block writers, nor writers it) and writes a compact, self-contained file.
//!
//! Restore: stop the server, replace `<data dir>/sound-atlas.db` with the copy (and delete
//! any `sound-atlas.db-wal` and `-shm` beside it), start the server. PostgreSQL has its
//! own tools (`pg_dump`/`pg_restore`, or continuous archiving); see docs/operations-and-scaling.md.

use std::path::Path;

use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists; choose a new file name")]
    Exists(String),
    #[error("backup covers the SQLite database; for PostgreSQL use pg_dump (see docs/operations-and-scaling.md)")]
    NotSqlite,
    #[error("database: {0}")]
    Db(#[from] sea_orm::DbErr),
}

/// Writes a consistent copy of the database to `target` (which must not exist).
pub async fn backup(db: &DatabaseConnection, target: &Path) -> Result<(), BackupError> {
    if db.get_database_backend() != DatabaseBackend::Sqlite {
        return Err(BackupError::NotSqlite);
    }
    if target.exists() {
        return Err(BackupError::Exists(target.display().to_string()));
    }
    db.execute(Statement::from_sql_and_values(
        DatabaseBackend::Sqlite,
        "VACUUM INTO ?",
        [target.display().to_string().into()],
    ))
    .await?;
    Ok(())
}
