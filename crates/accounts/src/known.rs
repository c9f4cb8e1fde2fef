//! The addresses and browsers each account has signed in from. Limits that anyone can
//! fill for an account (failed passwords from everywhere, mail to its address a day) never
//! refuse the owner there: only a client the account knows gets past them, and its own
//! limits (per account and address) still hold.
//!
//! A browser is known by a random device id in a long-lived cookie set at sign-in (it
//! names no account; sign-out keeps it), an address by its rate-limit key (an IPv4
//! address, an IPv6 /64). Only SHA-256 hashes of either are stored, per account, for
//! [`REMEMBERED_FOR`] after the latest sign-in from it.

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

    fn hashes(&self) -> Vec<String> {
        let mut hashes = vec![hash("address", &self.ip_key())];
        hashes.extend(self.device.as_deref().map(|id| hash("browser", id)));
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

/// Remembers this client for `user_id`, who just signed in from it, and forgets the
/// account's clients unused for [`REMEMBERED_FOR`]. A browser without a device id gets
/// one ([`DeviceCookie`]).
pub async fn remember(
    accounts: &Accounts,
    user_id: i32,
    client: &Client,
) -> Result<DeviceCookie, DbErr> {
    let db = accounts.db();
    let new_device = client.device.is_none().then(tokens::new_link_secret);
    let mut hashes = client.hashes();
    hashes.extend(new_device.as_deref().map(|id| hash("browser", id)));
    let now = now();
    KnownClients::insert_many(
        hashes
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
    KnownClients::delete_many()
        .filter(known_client::Column::UserId.eq(user_id))
        .filter(known_client::Column::LastSeen.lte(now - REMEMBERED_FOR))
        .exec(db)
        .await?;
    let config = accounts.config();
    Ok(DeviceCookie(new_device.map(|id| {
        let secure = if config.https() { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{}={id}; Path=/; Max-Age={REMEMBERED_FOR}; HttpOnly; SameSite=Lax{secure}",
            config.device_cookie_name()
        ))
        .expect("a cookie of URL-safe characters")
    })))
}

/// Forgets every client of `user_id` (the account is deleted).
pub async fn forget(db: &impl ConnectionTrait, user_id: i32) -> Result<(), DbErr> {
    KnownClients::delete_many()
        .filter(known_client::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The device cookie a sign-in answer sets, when the browser had none.
pub struct DeviceCookie(Option<HeaderValue>);

impl IntoResponseParts for DeviceCookie {
    type Error = std::convert::Infallible;

    fn into_response_parts(self, mut parts: ResponseParts) -> Result<ResponseParts, Self::Error> {
        if let Some(cookie) = self.0 {
            parts.headers_mut().append(header::SET_COOKIE, cookie);
        }
        Ok(parts)
    }
}
