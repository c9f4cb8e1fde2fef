//! A fresh, migrated database per test, on both supported engines.
//!
//! `db_tests!(a, b)` turns each async fn `a(db: TestDb)` into two tests,
//! `sqlite::a` and `postgres::a`. PostgreSQL tests create a uniquely named
//! database on the server named by `TEST_DATABASE_URL` (see `.ci/postgres-up`)
//! and drop it when the test passes. Without that variable the PostgreSQL tests
//! fail with a message saying how to start one: a database test must not pass
//! silently without running.
//!
//! `temp_file` writes the input files the importers' tests read.

use std::sync::atomic::{AtomicU32, Ordering};

use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use sound_atlas_migration::{Migrator, MigratorTrait};

pub use sea_orm;

pub struct TestDb {
    pub conn: DatabaseConnection,
    /// (server URL, database name) of a PostgreSQL test database to drop afterwards.
    postgres: Option<(String, String)>,
}

impl TestDb {
    /// A private in-memory SQLite database.
    pub async fn sqlite() -> Self {
        // One connection: each in-memory connection would otherwise be its own database.
        let mut options = sea_orm::ConnectOptions::new("sqlite::memory:");
        options
            .max_connections(1)
            .min_connections(1)
            .sqlx_logging(false);
        let conn = Database::connect(options)
            .await
            .expect("open in-memory SQLite");
        Migrator::up(&conn, None).await.expect("migrate SQLite");
        Self {
            conn,
            postgres: None,
        }
    }

    /// A new database on the PostgreSQL server at `TEST_DATABASE_URL`.
    pub async fn postgres() -> Self {
        let server = std::env::var("TEST_DATABASE_URL").expect(
            "TEST_DATABASE_URL is not set: run `eval $(.ci/postgres-up)` first (every database test runs on PostgreSQL too)",
        );
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "sa_test_{}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .subsec_nanos()
        );
        let admin = Database::connect(&server)
            .await
            .expect("connect to TEST_DATABASE_URL");
        admin
            .execute_unprepared(&format!("CREATE DATABASE {name}"))
            .await
            .expect("create test database");
        admin.close().await.ok();
        let mut options = sea_orm::ConnectOptions::new(database_url(&server, &name));
        options.max_connections(4).sqlx_logging(false);
        let conn = Database::connect(options)
            .await
            .expect("connect to test database");
        Migrator::up(&conn, None).await.expect("migrate PostgreSQL");
        Self {
            conn,
            postgres: Some((server, name)),
        }
    }

    /// Drops the PostgreSQL test database (called by `db_tests!` after a passing test).
    pub async fn cleanup(self) {
        self.conn.close().await.ok();
        if let Some((server, name)) = self.postgres {
            if let Ok(admin) = Database::connect(&server).await {
                admin
                    .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .await
                    .ok();
                admin.close().await.ok();
            }
        }
    }

    /// The URL another process (e.g. the server under test) can use to reach this database.
    pub fn url(&self) -> Option<String> {
        self.postgres
            .as_ref()
            .map(|(server, name)| database_url(server, name))
    }
}

/// Replaces the database name (the path) of a PostgreSQL URL, keeping any query string.
fn database_url(server: &str, database: &str) -> String {
    let (base, query) = server
        .split_once('?')
        .map_or((server, None), |(b, q)| (b, Some(q)));
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[authority_end..]
        .find('/')
        .map_or(base.len(), |i| authority_end + i);
    let mut url = format!("{}/{}", &base[..path_start], database);
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    url
}

/// Waits for the next unix second. A catalogue snapshot read then holds no row stamped
/// in the second it was read in (seeded just before), so no check follows its read to
/// settle that second: a test sees only the checks it asks for.
pub async fn after_this_second() {
    let second = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_secs()
    };
    let now = second();
    while second() == now {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A file holding `text` under the system temp directory, in a directory of its own (so
/// tests running at once never share one): what an importer test reads. Returns its path.
pub fn temp_file(name: &str, text: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sound-atlas-import-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Runs each listed `async fn name(db: TestDb)` as `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! db_tests {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $name() {
                    let db = $crate::TestDb::sqlite().await;
                    super::$name(&db).await;
                    db.cleanup().await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $name() {
                    let db = $crate::TestDb::postgres().await;
                    super::$name(&db).await;
                    db.cleanup().await;
                }
            )+
        }
    };
}

#[cfg(test)]
mod tests {
    use super::database_url;

    #[test]
    fn database_url_swaps_only_the_database_name() {
        assert_eq!(
            database_url("postgres://u:p@h:5432/postgres", "x"),
            "postgres://u:p@h:5432/x"
        );
        assert_eq!(
            database_url("postgres://h/postgres?sslmode=disable", "x"),
            "postgres://h/x?sslmode=disable"
        );
        assert_eq!(database_url("postgres://h", "x"), "postgres://h/x");
    }
}
