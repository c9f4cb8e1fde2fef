//! The addresses and browsers each account has signed in from. Limits that anyone can
//! fill for an account (failed passwords from everywhere, mail to its address a day) never
//! refuse the owner there: only a client the account knows gets past them, and its own
//! limits (per account and address) still hold.
//!
//! A browser is known by a random device id the server issues at each successful sign-in,
//! in a long-lived cookie (it names no account; sign-out keeps it). An id the browser
//! brought is never recorded, so a value planted in someone's browser before they sign
//! in makes nobody known; the one it carried is replaced (and forgotten for the account)
//! at every sign-in. An address is known by its rate-limit key (an IPv4 address, an IPv6
//! /64). Only SHA-256 hashes of either are stored, per account, for [`REMEMBERED_FOR`]
//! after the latest sign-in from it.

use std::net::IpAddr;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponseParts, ResponseParts};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};
use sound_atlas_entity::known_client::{self, Entity as KnownClients};

use crate::http::client_ip;
use crate::limits::ip_key;
use crate::{now, tokens, Accounts};

/// How long after its latest sign-in a client stays known: about six months.
pub const REMEMBERED_FOR: i64 = 182 * 24 * 3600;

/// Where a request comes from, as the limits see it: its address and its browser.
pub struct Client {
    pub ip: Option<IpAddr>,
    device: Option<String>,
}

impl<B> sound_atlas_web::Reads<B> for Client {}

impl<S> FromRequestParts<S> for Client
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let accounts = Accounts::from_ref(state);
        let config = accounts.config();
        let device = sound_atlas_web::cookie(&parts.headers, config.device_cookie_name())
            .filter(|id| tokens::is_link_secret(id));
        Ok(Client {
            ip: client_ip(parts, &config.trusted_proxies),
            device,
        })
    }
}

impl Client {
    /// The address's rate-limit key.
    pub fn ip_key(&self) -> String {
        ip_key(self.ip)
    }

    /// The browser's device id, hashed (what limits per browser are keyed by: the id
    /// itself is a credential of sorts and is stored nowhere).
    pub fn browser_key(&self) -> Option<String> {
        self.device.as_deref().map(|id| hash("browser", id))
    }

    fn hashes(&self) -> Vec<String> {
        let mut hashes = vec![hash("address", &self.ip_key())];
        hashes.extend(self.browser_key());
        hashes
    }
}

fn hash(kind: &str, key: &str) -> String {
    Sha256::digest(format!("{kind}:{key}").as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `user_id` has signed in from this client's address or browser lately. (Asked
/// for a missing account too, with no id, so answers take alike.)
pub async fn knows(
    db: &impl ConnectionTrait,
    user_id: Option<i32>,
    client: &Client,
) -> Result<bool, DbErr> {
    Ok(KnownClients::find()
        .filter(known_client::Column::UserId.eq(user_id.unwrap_or(0)))
        .filter(known_client::Column::KeyHash.is_in(client.hashes()))
        .filter(known_client::Column::LastSeen.gt(now() - REMEMBERED_FOR))
        .one(db)
        .await?
        .is_some())
}

/// Remembers this client for `user_id`, who just signed in from it: its address, and a
/// new device id for the browser ([`DeviceCookie`]) in place of the one it carried, which
/// is forgotten for the account. Forgets the account's clients unused for
/// [`REMEMBERED_FOR`].
pub async fn remember(
    accounts: &Accounts,
    user_id: i32,
    client: &Client,
) -> Result<DeviceCookie, DbErr> {
    let db = accounts.db();
    let device = tokens::new_link_secret();
    let now = now();
    KnownClients::insert_many(
        [hash("address", &client.ip_key()), hash("browser", &device)]
            .into_iter()
            .map(|key_hash| known_client::ActiveModel {
                user_id: Set(user_id),
                key_hash: Set(key_hash),
                last_seen: Set(now),
                ..Default::default()
            }),
    )
    .on_conflict(
        OnConflict::columns([known_client::Column::UserId, known_client::Column::KeyHash])
            .update_column(known_client::Column::LastSeen)
            .to_owned(),
    )
    .exec(db)
    .await?;
    let replaced = client.browser_key().into_iter();
    KnownClients::delete_many()
        .filter(known_client::Column::UserId.eq(user_id))
        .filter(
            known_client::Column::LastSeen
                .lte(now - REMEMBERED_FOR)
                .or(known_client::Column::KeyHash.is_in(replaced)),
        )
        .exec(db)
        .await?;
    let config = accounts.config();
    let secure = if config.https() { "; Secure" } else { "" };
    Ok(DeviceCookie(
        HeaderValue::from_str(&format!(
            "{}={device}; Path=/; Max-Age={REMEMBERED_FOR}; HttpOnly; SameSite=Lax{secure}",
            config.device_cookie_name()
        ))
        .expect("a cookie of URL-safe characters"),
    ))
}

/// Forgets every client of `user_id` (the account is deleted).
pub async fn forget(db: &impl ConnectionTrait, user_id: i32) -> Result<(), DbErr> {
    KnownClients::delete_many()
        .filter(known_client::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The device cookie a sign-in answer sets: the browser's new device id.
pub struct DeviceCookie(HeaderValue);

impl IntoResponseParts for DeviceCookie {
    type Error = std::convert::Infallible;

    fn into_response_parts(self, mut parts: ResponseParts) -> Result<ResponseParts, Self::Error> {
        parts.headers_mut().append(header::SET_COOKIE, self.0);
        Ok(parts)
    }
}
