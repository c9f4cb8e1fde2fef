//! Settings, all from environment variables (documented in the README).

use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    /// `SOUND_ATLAS_ADDR`, default `127.0.0.1:3000`.
    pub addr: SocketAddr,
    /// `SOUND_ATLAS_DATA`, default `./data`: holds the SQLite file and the catalogue's
    /// kept snapshot.
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: overrides the SQLite default (e.g. `postgres://...`).
    pub database_url: Option<String>,
    /// `SOUND_ATLAS_PUBLIC_URL`, default `http://{addr}`: the origin used in canonical
    /// and Open Graph URLs. Taken from settings, never from the request's Host header.
    pub public_url: String,
    /// `SOUND_ATLAS_SSR_WORKERS`, default: the number of cores.
    pub ssr_workers: Option<usize>,
    /// `SOUND_ATLAS_DRAIN_SECONDS`, default 10: after SIGTERM, how long in-flight
    /// requests may still run before the process exits anyway.
    pub drain: std::time::Duration,
    /// `SOUND_ATLAS_METRICS_TOKEN` (unset: `/metrics` answers 404): the bearer token a
    /// scraper sends.
    pub metrics_token: Option<String>,
    /// Slow and idle clients and the number of connections (see `serve`).
    pub connections: crate::serve::ConnectionLimits,
    /// `SOUND_ATLAS_SHARED_CACHE_SECONDS`, default 300 (the data's own freshness): how
    /// long a shared cache (a CDN, nginx) may keep an anonymous page (`s-maxage`).
    pub shared_cache: std::time::Duration,
    /// `SOUND_ATLAS_WARM`, default on (`0` turns it off): warm the render cache in the
    /// background after start and after catalogue changes.
    pub warm: bool,
    /// `SOUND_ATLAS_TWITTER_SITE` (unset: the tag is left out): the site's account on X
    /// (Twitter), as `@name`, for `twitter:site`.
    pub twitter_site: Option<String>,
}

impl Config {
    pub fn from_env() -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let addr: SocketAddr = var("SOUND_ATLAS_ADDR")
            .unwrap_or_else(|| "127.0.0.1:3000".into())
            .parse()
            .map_err(|err| format!("SOUND_ATLAS_ADDR: {err}"))?;
        let ssr_workers = var("SOUND_ATLAS_SSR_WORKERS")
            .map(|v| {
                v.parse::<usize>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or("SOUND_ATLAS_SSR_WORKERS: expected a positive number")
            })
            .transpose()?;
        let seconds = |name: &str, default: u64| -> Result<u64, String> {
            var(name).map_or(Ok(default), |v| {
                v.parse::<u64>()
                    .map_err(|_| format!("{name}: expected a whole number of seconds"))
            })
        };
        let positive_seconds = |name: &str, default: u64| -> Result<std::time::Duration, String> {
            match seconds(name, default)? {
                0 => Err(format!("{name}: expected at least 1 second")),
                n => Ok(std::time::Duration::from_secs(n)),
            }
        };
        let drain = seconds("SOUND_ATLAS_DRAIN_SECONDS", 10)?;
        let count = |name: &str, default: usize| -> Result<usize, String> {
            var(name).map_or(Ok(default), |v| {
                v.parse::<usize>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or(format!("{name}: expected a positive number"))
            })
        };
        let max_connections = count(
            "SOUND_ATLAS_MAX_CONNECTIONS",
            crate::serve::ConnectionLimits::default().max_connections,
        )?;
        let defaults = crate::serve::ConnectionLimits::with_cap(max_connections);
        let connections = crate::serve::ConnectionLimits {
            header_timeout: positive_seconds(
                "SOUND_ATLAS_HEADER_TIMEOUT_SECONDS",
                defaults.header_timeout.as_secs(),
            )?,
            body_timeout: positive_seconds(
                "SOUND_ATLAS_BODY_TIMEOUT_SECONDS",
                defaults.body_timeout.as_secs(),
            )?,
            write_timeout: positive_seconds(
                "SOUND_ATLAS_WRITE_TIMEOUT_SECONDS",
                defaults.write_timeout.as_secs(),
            )?,
            max_connections,
            max_connections_per_address: count(
                "SOUND_ATLAS_MAX_CONNECTIONS_PER_ADDRESS",
                defaults.max_connections_per_address,
            )?,
        };
        let public_url = var("SOUND_ATLAS_PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}"));
        Ok(Config {
            addr,
            data_dir: var("SOUND_ATLAS_DATA")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("data")),
            database_url: var("DATABASE_URL"),
            public_url: public_url.trim_end_matches('/').to_owned(),
            ssr_workers,
            drain: std::time::Duration::from_secs(drain),
            metrics_token: var("SOUND_ATLAS_METRICS_TOKEN"),
            connections,
            shared_cache: positive_seconds(
                "SOUND_ATLAS_SHARED_CACHE_SECONDS",
                crate::render::SHARED_CACHE_DEFAULT.as_secs(),
            )?,
            warm: match var("SOUND_ATLAS_WARM").as_deref() {
                None | Some("1") => true,
                Some("0") => false,
                Some(_) => return Err("SOUND_ATLAS_WARM: expected 0 or 1".into()),
            },
            twitter_site: var("SOUND_ATLAS_TWITTER_SITE")
                .map(|value| twitter_account(&value))
                .transpose()?,
        })
    }
}

/// An account name on X (Twitter), with or without its `@`, as `@name`: 1 to 15
/// letters, digits or underscores (what X allows).
fn twitter_account(value: &str) -> Result<String, String> {
    let name = value.trim();
    let name = name.strip_prefix('@').unwrap_or(name);
    let valid = (1..=15).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if valid {
        Ok(format!("@{name}"))
    } else {
        Err("SOUND_ATLAS_TWITTER_SITE: expected an account name such as @soundatlas".into())
    }
}

#[cfg(test)]
mod tests {
    use super::twitter_account;

    #[test]
    fn a_twitter_account_is_a_name_of_up_to_15_letters_digits_or_underscores() {
        assert_eq!(twitter_account("@sound_atlas").unwrap(), "@sound_atlas");
        assert_eq!(twitter_account(" SoundAtlas2 ").unwrap(), "@SoundAtlas2");
        for bad in [
            "@",
            "sound atlas",
            "https://x.com/soundatlas",
            "a_name_that_is_too_long",
            "\"<b>",
        ] {
            assert!(twitter_account(bad).is_err(), "{bad}");
        }
    }
}
