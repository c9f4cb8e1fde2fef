//! User rows: lookups by case-insensitive address, creation.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};
use sound_atlas_entity::user;
use sound_atlas_http::ApiError;

use crate::now;

/// Longest address accepted (RFC 5321's path limit).
pub const MAX_EMAIL_LEN: usize = 254;

/// An address as typed (trimmed) and its lower-cased key.
pub struct Email {
    pub display: String,
    pub key: String,
}

pub fn parse_email(raw: Option<&str>) -> Result<Email, ApiError> {
    let display = raw.map(str::trim).unwrap_or("");
    if display.is_empty() {
        return Err(ApiError::bad_request("Email and password are required."));
    }
    let valid = display.len() <= MAX_EMAIL_LEN
        && display.parse::<lettre::Address>().is_ok()
        && !display.chars().any(|c| c.is_whitespace() || c.is_control());
    if !valid {
        return Err(ApiError::bad_request(
            "Unable to validate email address: invalid format",
        ));
    }
    Ok(Email {
        display: display.to_owned(),
        key: display.to_lowercase(),
    })
}

pub async fn find_by_email(
    db: &impl ConnectionTrait,
    key: &str,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find()
        .filter(user::Column::EmailKey.eq(key))
        .one(db)
        .await
}

/// Inserts a new unconfirmed user; `None` when the address is taken (also when another
/// request took it a moment ago).
pub async fn create(
    db: &impl ConnectionTrait,
    email: &Email,
    password_hash: Option<String>,
    confirmed: bool,
) -> Result<Option<user::Model>, DbErr> {
    if find_by_email(db, &email.key).await?.is_some() {
        return Ok(None);
    }
    let now = now();
    let inserted = user::ActiveModel {
        email: Set(email.display.clone()),
        email_key: Set(email.key.clone()),
        password_hash: Set(password_hash),
        confirmed_at: Set(confirmed.then_some(now)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await;
    match inserted {
        Ok(user) => Ok(Some(user)),
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            Ok(None)
        }
        Err(err) => Err(err),
    }
}
