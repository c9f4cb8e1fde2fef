//! Rate limits (GCRA: a burst, refilled evenly over a period). They hold for the whole
//! deployment: on PostgreSQL, which several instances may share, each key's state is a
//! row of `rate_limits` updated in one atomic statement; on SQLite (one instance) they are
//! counted in process by governor.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, Statement};
use sound_atlas_http::ApiError;

use crate::config::{Limit, Limits};

pub struct Limiters {
    pub sign_in_per_ip: Keyed,
    pub sign_in_per_account_ip: Keyed,
    pub sign_in_per_account: Keyed,
    pub sign_up_per_ip: Keyed,
    pub mail_per_address: Keyed,
    pub mail_per_address_daily: Keyed,
    pub mail_requests_per_ip: Keyed,
}

impl Limiters {
    pub fn new(limits: &Limits, db: &DatabaseConnection) -> Self {
        let keyed = |name, limit| Keyed::new(name, limit, db);
        Limiters {
            sign_in_per_ip: keyed("sign-in/ip", limits.sign_in_per_ip),
            sign_in_per_account_ip: keyed("sign-in/account+ip", limits.sign_in_per_account_ip),
            sign_in_per_account: keyed("sign-in/account", limits.sign_in_per_account),
            sign_up_per_ip: keyed("sign-up/ip", limits.sign_up_per_ip),
            mail_per_address: keyed("mail/address", limits.mail_per_address),
            mail_per_address_daily: keyed("mail/address/day", limits.mail_per_address_daily),
            mail_requests_per_ip: keyed("mail-request/ip", limits.mail_requests_per_ip),
        }
    }

    /// One more mail to `address`: once a minute, and at most the daily cap. A 429 when
    /// over either.
    pub async fn mail_to(&self, address: &str) -> Result<(), ApiError> {
        self.mail_per_address.check(address, ONCE_A_MINUTE).await?;
        self.mail_per_address_daily
            .check(address, TOO_MANY_MAILS)
            .await
    }
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
    limit: Limit,
    store: Store,
}

enum Store {
    Memory(DefaultKeyedRateLimiter<String>),
    Database(DatabaseConnection),
}

impl Keyed {
    fn new(name: &'static str, limit: Limit, db: &DatabaseConnection) -> Self {
        let store = match db.get_database_backend() {
            DatabaseBackend::Postgres => Store::Database(db.clone()),
            _ => {
                let burst = NonZeroU32::new(limit.burst.max(1)).expect("non-zero");
                let quota = Quota::with_period(limit.per / burst.get())
                    .expect("a non-zero rate-limit period")
                    .allow_burst(burst);
                Store::Memory(RateLimiter::keyed(quota))
            }
        };
        Keyed { name, limit, store }
    }

    /// Counts one attempt for `key`: `Err(wait)` when over the limit (nothing counted).
    pub async fn take(&self, key: &str) -> Result<Result<(), Duration>, DbErr> {
        match &self.store {
            Store::Memory(limiter) => {
                // Forget keys whose buckets are full again, so memory stays bounded.
                if limiter.len() > 10_000 {
                    limiter.retain_recent();
                }
                Ok(limiter
                    .check_key(&key.to_owned())
                    .map_err(|until| until.wait_time_from(limiter.clock().now())))
            }
            Store::Database(db) => take_in_database(db, &self.row_key(key), self.limit).await,
        }
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
}

/// A 429 with `message`, retried after `wait` (whole seconds, rounded up).
pub fn too_many(message: &str, wait: Duration) -> ApiError {
    ApiError::TooManyRequests {
        message: message.to_owned(),
        retry_after_secs: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
    }
}

fn now_ms() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp_nanos() as i64 / 1_000_000
}

/// GCRA on one row: `tat` is the theoretical arrival time (ms) of the next attempt once
/// this one is counted. The update happens only when it stays within the burst, in one
/// statement, so concurrent instances never both take the last cell.
async fn take_in_database(
    db: &DatabaseConnection,
    key: &str,
    limit: Limit,
) -> Result<Result<(), Duration>, DbErr> {
    let burst = i64::from(limit.burst.max(1));
    let interval = (limit.per.as_millis() as i64 / burst).max(1);
    let window = interval * burst;
    let now = now_ms();
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
    let tat: i64 = db
        .query_one(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT tat FROM rate_limits WHERE key = $1",
            [key.into()],
        ))
        .await?
        .map(|row| row.try_get("", "tat"))
        .transpose()?
        .unwrap_or(now);
    let wait = tat.max(now) + interval - window - now;
    Ok(Err(Duration::from_millis(wait.max(1) as u64)))
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
    fn ipv6_addresses_are_limited_by_their_64() {
        let key = |ip: &str| ip_key(Some(ip.parse().unwrap()));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(ip_key(None), "-");
    }
}
