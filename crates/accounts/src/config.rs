//! Settings, all from environment variables (see docs/accounts-and-security.md).

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How mail leaves the server.
#[derive(Debug, Clone)]
pub enum MailConfig {
    /// `SOUND_ATLAS_SMTP_HOST` set: deliver over SMTP.
    Smtp {
        host: String,
        port: Option<u16>,
        user: Option<String>,
        password: Option<String>,
        tls: SmtpTls,
    },
    /// No SMTP host: each message is written as an `.eml` file into this folder.
    Outbox(PathBuf),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// `SOUND_ATLAS_SMTP_TLS=starttls` (default, port 587).
    StartTls,
    /// `tls`: implicit TLS (port 465).
    Tls,
    /// `none`: plain text, for a development server on localhost only.
    None,
}

/// One rate limit: at most `burst` attempts, refilled evenly over `per`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub burst: u32,
    pub per: Duration,
}

impl Limit {
    pub const fn new(burst: u32, per_secs: u64) -> Self {
        Limit {
            burst,
            per: Duration::from_secs(per_secs),
        }
    }
}

/// The rate limits (see docs/accounts-and-security.md for the reasoning).
#[derive(Debug, Clone)]
pub struct Limits {
    /// Password sign-in attempts from one IP address (an IPv6 /64), whatever the account.
    pub sign_in_per_ip: Limit,
    /// Password sign-in attempts for one account from one IP address. Keyed by account
    /// and IP so an attacker hammering an account cannot lock its owner out.
    pub sign_in_per_account_ip: Limit,
    /// Failed password sign-ins for one account from all addresses together: the ceiling
    /// on a guessing botnet. Past it the account signs in by emailed code (or waits).
    pub failed_sign_ins_per_account: Limit,
    /// Failed password sign-ins for one account from one browser (its device id) from all
    /// addresses together: a browser the account knows is not held to the ceiling above,
    /// so a stolen device id gets no more guesses by moving between networks.
    pub failed_sign_ins_per_account_browser: Limit,
    /// Sign-ups from one IP address.
    pub sign_up_per_ip: Limit,
    /// Emails (confirmation, code, recovery, notices) to one address: one a minute
    /// (`SOUND_ATLAS_MAIL_INTERVAL_SECONDS`, 60: the end-to-end tests shorten it). A client
    /// the account knows has a minute of its own, so others' requests never delay it.
    pub mail_per_address: Limit,
    /// Emails to one address asked for from one IP address in a day.
    pub mail_per_address_daily: Limit,
    /// Emails to one address in a day asked for by clients the account does not know, all
    /// together (a botnet's ceiling; the owner's own browsers and addresses are not held
    /// to it).
    pub mail_per_address_ceiling: Limit,
    /// Code and recovery requests from one IP address.
    pub mail_requests_per_ip: Limit,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            sign_in_per_ip: Limit::new(30, 15 * 60),
            sign_in_per_account_ip: Limit::new(5, 5 * 60),
            failed_sign_ins_per_account: Limit::new(20, 60 * 60),
            failed_sign_ins_per_account_browser: Limit::new(10, 60 * 60),
            sign_up_per_ip: Limit::new(10, 60 * 60),
            mail_per_address: Limit::new(1, 60),
            mail_per_address_daily: Limit::new(10, 24 * 60 * 60),
            mail_per_address_ceiling: Limit::new(30, 24 * 60 * 60),
            mail_requests_per_ip: Limit::new(20, 60 * 60),
        }
    }
}

#[derive(Debug, Clone)]
pub struct AccountsConfig {
    /// The site's origin (`SOUND_ATLAS_PUBLIC_URL`), used for links in mail.
    pub public_url: String,
    /// `SOUND_ATLAS_SESSION_IDLE_MINUTES`, default 10080 (7 days): a session unused this
    /// long ends.
    pub idle_timeout: Duration,
    /// `SOUND_ATLAS_SESSION_MAX_MINUTES`, default 43200 (30 days): a session ends this
    /// long after sign-in, however active.
    pub absolute_timeout: Duration,
    pub mail: MailConfig,
    /// `SOUND_ATLAS_MAIL_FROM`, default `Sound Atlas <no-reply@HOST>`.
    pub mail_from: String,
    /// `SOUND_ATLAS_TRUSTED_PROXIES`: comma-separated IP addresses of reverse proxies
    /// whose `X-Forwarded-For` is believed. Empty: the header is ignored.
    pub trusted_proxies: Vec<IpAddr>,
    pub limits: Limits,
    /// `SOUND_ATLAS_OIDC_ISSUER` and `SOUND_ATLAS_OIDC_CLIENT_ID` (with
    /// `SOUND_ATLAS_OIDC_CLIENT_SECRET`, `SOUND_ATLAS_OIDC_NAME`): sign-in through an
    /// OpenID Connect provider. None: the provider sign-in is off.
    pub oidc: Option<crate::oidc::OidcConfig>,
}

impl AccountsConfig {
    /// Defaults for `public_url`, mail into `outbox`.
    pub fn new(public_url: &str, outbox: PathBuf) -> Self {
        let public_url = public_url.trim_end_matches('/').to_owned();
        AccountsConfig {
            mail_from: format!("Sound Atlas <no-reply@{}>", host_of(&public_url)),
            public_url,
            idle_timeout: Duration::from_secs(7 * 24 * 3600),
            absolute_timeout: Duration::from_secs(30 * 24 * 3600),
            mail: MailConfig::Outbox(outbox),
            trusted_proxies: Vec::new(),
            limits: Limits::default(),
            oidc: None,
        }
    }

    /// Reads the environment. The outbox defaults to `$SOUND_ATLAS_DATA/outbox`
    /// (`./data/outbox`).
    pub fn from_env(public_url: &str) -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let data = var("SOUND_ATLAS_DATA").unwrap_or_else(|| "data".into());
        let mut config = Self::new(public_url, PathBuf::from(data).join("outbox"));
        let minutes = |name: &str| -> Result<Option<Duration>, String> {
            var(name)
                .map(|v| {
                    v.trim()
                        .parse::<u64>()
                        .ok()
                        .filter(|m| *m > 0)
                        .map(|m| Duration::from_secs(m * 60))
                        .ok_or_else(|| format!("{name}: expected a positive number of minutes"))
                })
                .transpose()
        };
        if let Some(idle) = minutes("SOUND_ATLAS_SESSION_IDLE_MINUTES")? {
            config.idle_timeout = idle;
        }
        if let Some(max) = minutes("SOUND_ATLAS_SESSION_MAX_MINUTES")? {
            config.absolute_timeout = max;
        }
        if let Some(host) = var("SOUND_ATLAS_SMTP_HOST") {
            let tls = match var("SOUND_ATLAS_SMTP_TLS").as_deref().map(str::trim) {
                None | Some("starttls") => SmtpTls::StartTls,
                Some("tls") => SmtpTls::Tls,
                Some("none") => SmtpTls::None,
                Some(other) => {
                    return Err(format!(
                        "SOUND_ATLAS_SMTP_TLS: expected starttls, tls or none, not {other:?}"
                    ))
                }
            };
            let port = var("SOUND_ATLAS_SMTP_PORT")
                .map(|p| {
                    p.trim()
                        .parse::<u16>()
                        .map_err(|_| "SOUND_ATLAS_SMTP_PORT: expected a port number".to_owned())
                })
                .transpose()?;
            config.mail = MailConfig::Smtp {
                host,
                port,
                user: var("SOUND_ATLAS_SMTP_USER"),
                password: var("SOUND_ATLAS_SMTP_PASSWORD"),
                tls,
            };
        }
        if let Some(from) = var("SOUND_ATLAS_MAIL_FROM") {
            config.mail_from = from;
        }
        if let Some(seconds) = var("SOUND_ATLAS_MAIL_INTERVAL_SECONDS") {
            let seconds: u64 = seconds.trim().parse().ok().filter(|s| *s > 0).ok_or_else(|| {
                format!("SOUND_ATLAS_MAIL_INTERVAL_SECONDS: {seconds:?} is not a whole number of seconds")
            })?;
            config.limits.mail_per_address = Limit::new(1, seconds);
        }
        if let Some(proxies) = var("SOUND_ATLAS_TRUSTED_PROXIES") {
            config.trusted_proxies = proxies
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    p.parse::<IpAddr>().map_err(|_| {
                        format!("SOUND_ATLAS_TRUSTED_PROXIES: {p:?} is not an IP address")
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        match (
            var("SOUND_ATLAS_OIDC_ISSUER"),
            var("SOUND_ATLAS_OIDC_CLIENT_ID"),
        ) {
            (Some(issuer), Some(client_id)) => {
                config.oidc = Some(crate::oidc::OidcConfig {
                    issuer,
                    client_id,
                    client_secret: var("SOUND_ATLAS_OIDC_CLIENT_SECRET"),
                    name: var("SOUND_ATLAS_OIDC_NAME").unwrap_or_else(|| "Single sign-on".into()),
                })
            }
            (None, None) => {}
            _ => {
                return Err(
                    "SOUND_ATLAS_OIDC_ISSUER and SOUND_ATLAS_OIDC_CLIENT_ID go together".into(),
                )
            }
        }
        Ok(config)
    }

    /// Cookies get `Secure` and the `__Host-` prefix when the site is served over HTTPS.
    pub fn https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    pub fn cookie_name(&self) -> &'static str {
        if self.https() {
            "__Host-sa_session"
        } else {
            "sa_session"
        }
    }

    /// The browser's device id (see `known`), prefixed like the session cookie.
    pub fn device_cookie_name(&self) -> &'static str {
        if self.https() {
            "__Host-sa_device"
        } else {
            "sa_device"
        }
    }
}

fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split(['/', ':']).next().unwrap_or("localhost");
    if host.is_empty() || host.parse::<IpAddr>().is_ok() || !host.contains('.') {
        "localhost.localdomain".to_owned()
    } else {
        host.to_owned()
    }
}
