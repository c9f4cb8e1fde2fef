//! The catalogue's change marker kept by the database as rows are written: one row
//! holding the artists' count, the sum of their change times (`updated_at`) and a count
//! of the writes that changed them, moved by triggers on every insert, update and delete
//! of an artist. The writes tell an unchanged table exactly (the count and sum cannot
//! tell a row stamped again within the second it was stamped in). Each instance reads the
//! marker whenever it checks whether the table changed (on another's announcement, every
//! few minutes, on a client's refresh at most once a second); computed by a scan of the
//! index of change times it cost a read proportional to the table (about 100 ms on
//! PostgreSQL at 400,000 artists), read this way it costs one row and the index's last
//! entry (the newest change, read by `MAX(updated_at)`) whatever the table's size.
//!
//! On PostgreSQL the triggers run once per statement over its transition tables (an
//! import's batch moves the row once), and every statement writing artists first locks
//! the row: writers of artists take their turns (as they do on SQLite), and none can
//! wait for a row another holds while holding the marker another waits for.
//!
//! A later migration that rebuilds the `artists` table (SQLite's way of altering a
//! column) drops its triggers and must create them again.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{DbBackend, TransactionTrait};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLE: &str = "CREATE TABLE artist_change_marker (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    artists BIGINT NOT NULL,
    change_sum BIGINT NOT NULL,
    writes BIGINT NOT NULL
)";
/// The marker's one row, counted after the triggers are made (on PostgreSQL making them
/// locks the table against writes until this migration commits), so no write falls
/// between the count and the triggers.
const COUNT: &str = "INSERT INTO artist_change_marker (id, artists, change_sum, writes)
    SELECT 1, COUNT(*), COALESCE(SUM(updated_at), 0), 0 FROM artists";

/// SQLite's triggers run per row, a write each. An upsert's update fires the update
/// trigger; the update trigger fires only when a statement sets `updated_at` (every
/// writer of artists stamps it; an update that does not changes no marker).
const SQLITE: &[&str] = &[
    "CREATE TRIGGER artist_change_marker_insert AFTER INSERT ON artists BEGIN
        UPDATE artist_change_marker SET artists = artists + 1, writes = writes + 1,
            change_sum = change_sum + COALESCE(NEW.updated_at, 0);
    END",
    "CREATE TRIGGER artist_change_marker_update AFTER UPDATE OF updated_at ON artists BEGIN
        UPDATE artist_change_marker SET writes = writes + 1,
            change_sum = change_sum - COALESCE(OLD.updated_at, 0) + COALESCE(NEW.updated_at, 0);
    END",
    "CREATE TRIGGER artist_change_marker_delete AFTER DELETE ON artists BEGIN
        UPDATE artist_change_marker SET artists = artists - 1, writes = writes + 1,
            change_sum = change_sum - COALESCE(OLD.updated_at, 0);
    END",
];

/// PostgreSQL's run per statement, over the statement's rows, a write each statement
/// that wrote a row (a trigger with transition tables takes one event and no column
/// list, so there are three, and any update counts; an upsert fires the insert's for
/// its new rows and the update's for its updated ones).
const POSTGRES: &[&str] = &[
    "CREATE FUNCTION artist_change_marker_lock() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM 1 FROM artist_change_marker WHERE id = 1 FOR UPDATE;
        RETURN NULL;
    END $$",
    "CREATE FUNCTION artist_change_marker_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        added BIGINT := 0;
        removed BIGINT := 0;
        sum_added BIGINT := 0;
        sum_removed BIGINT := 0;
    BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
            SELECT COUNT(*), COALESCE(SUM(updated_at), 0) INTO added, sum_added FROM new_rows;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
            SELECT COUNT(*), COALESCE(SUM(updated_at), 0) INTO removed, sum_removed FROM old_rows;
        END IF;
        IF added + removed > 0 THEN
            UPDATE artist_change_marker SET artists = artists + added - removed,
                change_sum = change_sum + sum_added - sum_removed, writes = writes + 1;
        END IF;
        RETURN NULL;
    END $$",
    "CREATE TRIGGER artist_change_marker_lock BEFORE INSERT OR UPDATE OR DELETE ON artists
        FOR EACH STATEMENT EXECUTE FUNCTION artist_change_marker_lock()",
    "CREATE TRIGGER artist_change_marker_insert AFTER INSERT ON artists
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION artist_change_marker_follow()",
    "CREATE TRIGGER artist_change_marker_update AFTER UPDATE ON artists
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION artist_change_marker_follow()",
    "CREATE TRIGGER artist_change_marker_delete AFTER DELETE ON artists
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION artist_change_marker_follow()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let triggers = match manager.get_database_backend() {
            DbBackend::Postgres => POSTGRES,
            _ => SQLITE,
        };
        // One transaction on SQLite too (PostgreSQL's migrations run in one), so that
        // another process's write falls wholly before or after the count.
        let db = manager.get_connection().begin().await?;
        db.execute_unprepared(TABLE).await?;
        for trigger in triggers {
            db.execute_unprepared(trigger).await?;
        }
        db.execute_unprepared(COUNT).await?;
        db.commit().await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for event in ["lock", "insert", "update", "delete"] {
            db.execute_unprepared(&format!(
                "DROP TRIGGER IF EXISTS artist_change_marker_{event}{}",
                match manager.get_database_backend() {
                    DbBackend::Postgres => " ON artists",
                    _ => "",
                }
            ))
            .await?;
        }
        if manager.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(
                "DROP FUNCTION artist_change_marker_lock, artist_change_marker_follow",
            )
            .await?;
        }
        db.execute_unprepared("DROP TABLE artist_change_marker")
            .await?;
        Ok(())
    }
}
