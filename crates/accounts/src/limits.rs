//! In-memory rate limits (governor, GCRA). Each server instance counts on its own.

use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sound_atlas_http::ApiError;

use crate::config::{Limit, Limits};

pub struct Limiters {
    pub sign_in_per_ip: Keyed<Option<IpAddr>>,
    pub sign_in_per_account_ip: Keyed<(String, Option<IpAddr>)>,
    pub sign_up_per_ip: Keyed<Option<IpAddr>>,
    pub mail_per_address: Keyed<String>,
    pub mail_requests_per_ip: Keyed<Option<IpAddr>>,
    pub code_checks_per_account: Keyed<String>,
}

impl Limiters {
    pub fn new(limits: &Limits) -> Self {
        Limiters {
            sign_in_per_ip: Keyed::new(limits.sign_in_per_ip),
            sign_in_per_account_ip: Keyed::new(limits.sign_in_per_account_ip),
            sign_up_per_ip: Keyed::new(limits.sign_up_per_ip),
            mail_per_address: Keyed::new(limits.mail_per_address),
            mail_requests_per_ip: Keyed::new(limits.mail_requests_per_ip),
            code_checks_per_account: Keyed::new(limits.code_checks_per_account),
        }
    }
}

pub struct Keyed<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
}

impl<K: Hash + Eq + Clone> Keyed<K> {
    fn new(limit: Limit) -> Self {
        let burst = NonZeroU32::new(limit.burst.max(1)).expect("non-zero");
        let period = limit.per / burst.get();
        let quota = Quota::with_period(period)
            .expect("a non-zero rate-limit period")
            .allow_burst(burst);
        Keyed {
            limiter: RateLimiter::keyed(quota),
        }
    }

    /// Counts one attempt for `key`; false when over the limit.
    pub fn allow(&self, key: &K) -> bool {
        // Forget keys whose buckets are full again, so memory stays bounded.
        if self.limiter.len() > 10_000 {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(key).is_ok()
    }

    /// Like [`allow`](Self::allow), answering 429 with `message` when over the limit.
    pub fn check(&self, key: &K, message: &str) -> Result<(), ApiError> {
        if self.allow(key) {
            Ok(())
        } else {
            Err(ApiError::TooManyRequests(message.to_owned()))
        }
    }
}

pub const TOO_MANY_SIGN_INS: &str =
    "Too many sign-in attempts. Please wait a few minutes and try again.";
pub const TOO_MANY_SIGN_UPS: &str = "Too many sign-ups from your network. Please try again later.";
pub const ONCE_A_MINUTE: &str =
    "For security purposes, you can only request this once every 60 seconds.";
pub const TOO_MANY_REQUESTS: &str = "Too many requests. Please try again later.";
pub const TOO_MANY_CODES: &str =
    "Too many incorrect codes. Please wait a few minutes and request a new code.";
