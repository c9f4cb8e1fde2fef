//! Rate limits: GCRA (a burst, refilled evenly over a period), one formula ([`Gcra`]) over
//! two stores. On PostgreSQL, which several instances may share, each key's state is a
//! row of `rate_limits` changed by one atomic statement, so the limits hold for the whole
//! deployment; on SQLite (one instance) it is a map in process.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, Statement};
use sound_atlas_web::ApiError;

use crate::config::{Limit, Limits};

pub struct Limiters {
    pub sign_in_per_ip: Keyed,
    pub sign_in_per_account_ip: Keyed,
    pub failed_sign_ins_per_account: Keyed,
    pub failed_sign_ins_per_account_browser: Keyed,
    pub sign_up_per_ip: Keyed,
    pub mail_per_address: Keyed,
    pub mail_per_address_daily: Keyed,
    pub mail_per_address_ceiling: Keyed,
    pub mail_requests_per_ip: Keyed,
}

impl Limiters {
    pub fn new(limits: &Limits, db: &DatabaseConnection) -> Self {
        let keyed = |name, limit| Keyed::new(name, limit, db);
        Limiters {
            sign_in_per_ip: keyed("sign-in/ip", limits.sign_in_per_ip),
            sign_in_per_account_ip: keyed("sign-in/account+ip", limits.sign_in_per_account_ip),
            failed_sign_ins_per_account: keyed(
                "sign-in/account",
                limits.failed_sign_ins_per_account,
            ),
            failed_sign_ins_per_account_browser: keyed(
                "sign-in/account+browser",
                limits.failed_sign_ins_per_account_browser,
            ),
            sign_up_per_ip: keyed("sign-up/ip", limits.sign_up_per_ip),
            mail_per_address: keyed("mail/address", limits.mail_per_address),
            mail_per_address_daily: keyed("mail/address+ip/day", limits.mail_per_address_daily),
            mail_per_address_ceiling: keyed("mail/address/day", limits.mail_per_address_ceiling),
            mail_requests_per_ip: keyed("mail-request/ip", limits.mail_requests_per_ip),
        }
    }

    /// One more mail to `address`, asked for from the address `ip` (a rate-limit key) by a
    /// client the account knows or not: the daily cap per asking address, once a minute (a
    /// known client's minute is its own), and for unknown clients the daily ceiling of
    /// them all. A 429 when over any, and then nothing is spent: an asker past its own cap
    /// never uses up the minute or the ceiling everyone else shares. No counter an
    /// outsider fills refuses a known client.
    pub async fn mail_to(&self, address: &str, ip: &str, known: bool) -> Result<(), ApiError> {
        let from_ip = format!("{address}|{ip}");
        let pace = if known { &from_ip } else { address };
        let mut limits = vec![
            (
                &self.mail_per_address_daily,
                from_ip.as_str(),
                TOO_MANY_MAILS,
            ),
            (&self.mail_per_address, pace, ONCE_A_MINUTE),
        ];
        if !known {
            limits.push((&self.mail_per_address_ceiling, address, TOO_MANY_MAILS));
        }
        take_all(&limits).await
    }
}

/// Takes one attempt from each `(limit, key, message)` in order; when one refuses (429 with
/// its message), gives back what the earlier ones took.
async fn take_all(limits: &[(&Keyed, &str, &str)]) -> Result<(), ApiError> {
    for (taken, (limit, key, message)) in limits.iter().enumerate() {
        if let Err(wait) = limit.take(key).await? {
            for (limit, key, _) in &limits[..taken] {
                limit.refund(key).await?;
            }
            return Err(too_many(message, wait));
        }
    }
    Ok(())
}

/// Whether a limit let the attempt through: `Ok(false)` for a 429, other errors as they
/// are (for the mail that is skipped silently when over, so answers do not differ).
pub fn allowed(checked: Result<(), ApiError>) -> Result<bool, ApiError> {
    match checked {
        Ok(()) => Ok(true),
        Err(ApiError::TooManyRequests { .. }) => Ok(false),
        Err(err) => Err(err),
    }
}

/// The key of a client address: an IPv4 address as it is, an IPv6 address by its /64
/// (one subscriber usually holds a whole /64, so single addresses would be free to rotate).
pub fn ip_key(ip: Option<IpAddr>) -> String {
    match ip.map(|ip| ip.to_canonical()) {
        None => "-".to_owned(),
        Some(IpAddr::V4(v4)) => v4.to_string(),
        Some(IpAddr::V6(v6)) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

/// One limit over keys (an address, an account, both).
pub struct Keyed {
    name: &'static str,
    gcra: Gcra,
    store: Store,
}

enum Store {
    /// Theoretical arrival times by key.
    Memory(Mutex<HashMap<String, i64>>),
    Database(DatabaseConnection),
}

/// The generic cell rate algorithm, in milliseconds: a key's `tat` (theoretical arrival
/// time) is when its bucket is whole again; an attempt moves it `interval` later and is
/// allowed while that stays within `window` (the burst) of now.
#[derive(Debug, Clone, Copy)]
struct Gcra {
    interval: i64,
    window: i64,
}

impl Gcra {
    fn new(limit: Limit) -> Self {
        let burst = i64::from(limit.burst.max(1));
        let interval = (limit.per.as_millis() as i64 / burst).max(1);
        Gcra {
            interval,
            window: interval * burst,
        }
    }

    /// The key's next `tat` when one more attempt is allowed now, else the wait.
    fn take(self, tat: Option<i64>, now: i64) -> Result<i64, Duration> {
        let next = tat.unwrap_or(now).max(now) + self.interval;
        if next - now <= self.window {
            Ok(next)
        } else {
            Err(Duration::from_millis((next - self.window - now) as u64))
        }
    }
}

fn now_ms() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp_nanos() as i64 / 1_000_000
}

impl Keyed {
    fn new(name: &'static str, limit: Limit, db: &DatabaseConnection) -> Self {
        let store = match db.get_database_backend() {
            DatabaseBackend::Postgres => Store::Database(db.clone()),
            _ => Store::Memory(Mutex::default()),
        };
        Keyed {
            name,
            gcra: Gcra::new(limit),
            store,
        }
    }

    /// Counts one attempt for `key`: `Err(wait)` when over the limit (nothing counted).
    pub async fn take(&self, key: &str) -> Result<Result<(), Duration>, DbErr> {
        let now = now_ms();
        match &self.store {
            Store::Memory(tats) => {
                let mut tats = tats.lock().unwrap_or_else(|e| e.into_inner());
                // Forget keys whose buckets are whole again, so memory stays bounded.
                if tats.len() > 10_000 {
                    tats.retain(|_, tat| *tat > now);
                }
                Ok(self.gcra.take(tats.get(key).copied(), now).map(|next| {
                    tats.insert(key.to_owned(), next);
                }))
            }
            Store::Database(db) => self.take_in_database(db, &self.row_key(key), now).await,
        }
    }

    /// Gives back the attempt [`take`](Self::take) counted (for limits on failures: the
    /// attempt is counted before it is tried, so concurrent ones cannot pass the limit).
    pub async fn refund(&self, key: &str) -> Result<(), DbErr> {
        let interval = self.gcra.interval;
        match &self.store {
            Store::Memory(tats) => {
                let mut tats = tats.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(tat) = tats.get_mut(key) {
                    *tat -= interval;
                }
            }
            Store::Database(db) => {
                db.execute(Statement::from_sql_and_values(
                    DatabaseBackend::Postgres,
                    "UPDATE rate_limits SET tat = tat - $2 WHERE key = $1",
                    [self.row_key(key).into(), interval.into()],
                ))
                .await?;
            }
        }
        Ok(())
    }

    /// Like [`take`](Self::take), answering 429 with `message` and `Retry-After` when over.
    pub async fn check(&self, key: &str, message: &str) -> Result<(), ApiError> {
        self.take(key)
            .await?
            .map_err(|wait| too_many(message, wait))
    }

    fn row_key(&self, key: &str) -> String {
        format!("{}:{key}", self.name)
    }

    /// [`Gcra::take`] on the key's row, in one statement: the update happens only when
    /// it stays within the burst, so concurrent instances never both take the last cell.
    async fn take_in_database(
        &self,
        db: &DatabaseConnection,
        key: &str,
        now: i64,
    ) -> Result<Result<(), Duration>, DbErr> {
        let Gcra { interval, window } = self.gcra;
        let taken = db
            .query_one(Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                "INSERT INTO rate_limits (key, tat) VALUES ($1, $2 + $3) \
                 ON CONFLICT (key) DO UPDATE SET tat = GREATEST(rate_limits.tat, $2) + $3 \
                 WHERE GREATEST(rate_limits.tat, $2) + $3 - $2 <= $4 \
                 RETURNING tat",
                [key.into(), now.into(), interval.into(), window.into()],
            ))
            .await?;
        if taken.is_some() {
            return Ok(Ok(()));
        }
        let tat: Option<i64> = db
            .query_one(Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                "SELECT tat FROM rate_limits WHERE key = $1",
                [key.into()],
            ))
            .await?
            .map(|row| row.try_get("", "tat"))
            .transpose()?;
        // Refunded meanwhile: the next attempt will pass; say so with the shortest wait.
        Ok(Err(self
            .gcra
            .take(tat, now)
            .err()
            .unwrap_or(Duration::from_millis(1))))
    }
}

/// A 429 with `message`, retried after `wait` (whole seconds, rounded up).
pub fn too_many(message: &str, wait: Duration) -> ApiError {
    ApiError::TooManyRequests {
        message: message.to_owned(),
        retry_after_secs: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
    }
}

/// Drops the rows of keys whose burst is whole again (the same as no row).
pub async fn delete_full_buckets(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() == DatabaseBackend::Postgres {
        db.execute(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "DELETE FROM rate_limits WHERE tat < $1",
            [now_ms().into()],
        ))
        .await?;
    }
    Ok(())
}

pub const TOO_MANY_SIGN_INS: &str =
    "Too many sign-in attempts. Please wait a few minutes and try again.";
pub const TOO_MANY_ACCOUNT_SIGN_INS: &str = "Too many sign-in attempts for this account. \
    Sign in with a code sent to your email, or try again later.";
pub const TOO_MANY_SIGN_UPS: &str = "Too many sign-ups from your network. Please try again later.";
pub const ONCE_A_MINUTE: &str =
    "For security purposes, you can only request this once every 60 seconds.";
pub const TOO_MANY_MAILS: &str =
    "Too many emails were sent to this address today. Please try again tomorrow.";
pub const TOO_MANY_REQUESTS: &str = "Too many requests. Please try again later.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_attempt_per_interval() {
        let gcra = Gcra::new(Limit::new(3, 3));
        let mut tat = None;
        for _ in 0..3 {
            tat = Some(gcra.take(tat, 0).expect("within the burst"));
        }
        assert_eq!(gcra.take(tat, 0), Err(Duration::from_millis(1000)));
        assert_eq!(gcra.take(tat, 999), Err(Duration::from_millis(1)));
        assert!(gcra.take(tat, 1000).is_ok());
        // Long after, the bucket is whole again.
        let mut later = tat;
        for _ in 0..3 {
            later = Some(gcra.take(later, 60_000).expect("whole again"));
        }
    }

    #[test]
    fn ipv6_addresses_are_limited_by_their_64() {
        let key = |ip: &str| ip_key(Some(ip.parse().unwrap()));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(ip_key(None), "-");
    }
}
