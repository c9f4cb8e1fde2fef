//! The tower-sessions store over sea-orm, so one implementation serves SQLite and
//! PostgreSQL and every server instance shares sessions. The signed-in user's id is
//! copied into its own column so all of a user's sessions can be ended at once.
//!
//! The idle timeout lives here, not in the cookie: a record expires `idle` after it was
//! last rolled forward, and `load` rolls it (one conditional UPDATE) once a tenth of the
//! idle time has passed. Rolling before the handler runs, instead of marking the session
//! modified for the session layer to save after it, means an ordinary request never
//! writes the session after its own work is committed, so a database failing between the
//! two can never turn a committed write into an error answer.

use std::collections::HashMap;

use async_trait::async_trait;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use sound_atlas_entity::auth_session::{self, Entity as Sessions};
use time::OffsetDateTime;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{Error, Result};
use tower_sessions::SessionStore;

/// Session data key holding the signed-in user's id.
pub const USER_KEY: &str = "user_id";
/// Session data key holding when the user signed in (Unix seconds), for the absolute timeout.
pub const SIGNED_IN_AT_KEY: &str = "signed_in_at";

#[derive(Debug, Clone)]
pub struct DbSessionStore {
    db: DatabaseConnection,
    /// Idle timeout in seconds.
    idle: i64,
}

impl DbSessionStore {
    pub fn new(db: DatabaseConnection, idle: std::time::Duration) -> Self {
        let idle = i64::try_from(idle.as_secs()).unwrap_or(i64::MAX / 2).max(1);
        DbSessionStore { db, idle }
    }

    fn expires_at(&self) -> i64 {
        OffsetDateTime::now_utc().unix_timestamp() + self.idle
    }
}

fn backend(err: impl std::fmt::Display) -> Error {
    Error::Backend(err.to_string())
}

fn row(record: &Record, expires_at: i64) -> Result<auth_session::ActiveModel> {
    let user_id = record
        .data
        .get(USER_KEY)
        .and_then(serde_json::Value::as_i64)
        .and_then(|id| i32::try_from(id).ok());
    Ok(auth_session::ActiveModel {
        id: Set(record.id.to_string()),
        user_id: Set(user_id),
        data: Set(serde_json::to_string(&record.data).map_err(|e| Error::Encode(e.to_string()))?),
        expires_at: Set(expires_at),
    })
}

#[async_trait]
impl SessionStore for DbSessionStore {
    async fn create(&self, record: &mut Record) -> Result<()> {
        // Always under a new id: after a flush (sign-out, account deletion) tower-sessions
        // creates the record again under the id it had, and two requests of one session
        // doing that at once would both claim it. The insert claims an id only where no
        // session holds it (128-bit random ids practically never collide; still, a
        // session is never overwritten).
        loop {
            record.id = Id::default();
            let inserted = Sessions::insert(row(record, self.expires_at())?)
                .on_conflict(
                    OnConflict::column(auth_session::Column::Id)
                        .do_nothing()
                        .to_owned(),
                )
                .exec_without_returning(&self.db)
                .await
                .map_err(backend)?;
            if inserted == 1 {
                return Ok(());
            }
        }
    }

    async fn save(&self, record: &Record) -> Result<()> {
        Sessions::insert(row(record, self.expires_at())?)
            .on_conflict(
                OnConflict::column(auth_session::Column::Id)
                    .update_columns([
                        auth_session::Column::UserId,
                        auth_session::Column::Data,
                        auth_session::Column::ExpiresAt,
                    ])
                    .to_owned(),
            )
            .exec(&self.db)
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn load(&self, id: &Id) -> Result<Option<Record>> {
        let now = OffsetDateTime::now_utc().unix_timestamp();
        let Some(found) = Sessions::find_by_id(id.to_string())
            .filter(auth_session::Column::ExpiresAt.gt(now))
            .one(&self.db)
            .await
            .map_err(backend)?
        else {
            return Ok(None);
        };
        if found.expires_at < now + self.idle - self.idle / 10 {
            Sessions::update_many()
                .col_expr(
                    auth_session::Column::ExpiresAt,
                    Expr::value(now + self.idle),
                )
                .filter(auth_session::Column::Id.eq(found.id.clone()))
                .exec(&self.db)
                .await
                .map_err(backend)?;
        }
        let data: HashMap<String, serde_json::Value> =
            serde_json::from_str(&found.data).map_err(|e| Error::Decode(e.to_string()))?;
        Ok(Some(Record {
            id: *id,
            data,
            expiry_date: OffsetDateTime::from_unix_timestamp(found.expires_at)
                .map_err(|e| Error::Decode(e.to_string()))?,
        }))
    }

    async fn delete(&self, id: &Id) -> Result<()> {
        Sessions::delete_by_id(id.to_string())
            .exec(&self.db)
            .await
            .map_err(backend)?;
        Ok(())
    }
}

/// Ends every session of `user_id` except `keep` (the caller's own, when given).
pub async fn end_sessions_of(
    db: &impl ConnectionTrait,
    user_id: i32,
    keep: Option<Id>,
) -> std::result::Result<u64, sea_orm::DbErr> {
    let mut delete = Sessions::delete_many().filter(auth_session::Column::UserId.eq(user_id));
    if let Some(keep) = keep {
        delete = delete.filter(auth_session::Column::Id.ne(keep.to_string()));
    }
    Ok(delete.exec(db).await?.rows_affected)
}

/// Removes expired sessions (called now and then; expired ones are never loaded anyway).
pub async fn delete_expired(db: &DatabaseConnection) -> std::result::Result<u64, sea_orm::DbErr> {
    let now = OffsetDateTime::now_utc().unix_timestamp();
    Ok(Sessions::delete_many()
        .filter(auth_session::Column::ExpiresAt.lte(now))
        .exec(db)
        .await?
        .rows_affected)
}
