//! User rows: lookups by case-insensitive address, creation.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};
use sound_atlas_entity::user;
use sound_atlas_web::ApiError;

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
        return Err(ApiError::bad_request(
            sound_atlas_contract::accounts::PASSWORD_REQUIRED,
        ));
    }
    let valid = display.len() <= MAX_EMAIL_LEN
        && display
            .parse::<lettre::Address>()
            .is_ok_and(|address| deliverable_domain(address.domain()))
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

/// A domain mail can be sent to on the open internet: a name with a dot, never an
/// address literal (`[203.0.113.1]`, which also names hosts inside our own network) nor
/// a bare host (`localhost`).
fn deliverable_domain(domain: &str) -> bool {
    let name = domain.trim_end_matches('.');
    !domain.starts_with('[')
        && name.parse::<std::net::IpAddr>().is_err()
        && name.contains('.')
        && !name.starts_with('.')
        && !name.split('.').any(str::is_empty)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_need_a_domain_name_with_a_dot() {
        for good in ["ana@example.com", "Bo.Lee+tag@mail.example.co.uk"] {
            assert!(parse_email(Some(good)).is_ok(), "{good}");
        }
        for bad in [
            "ana@[203.0.113.1]",
            "ana@[IPv6:2001:db8::1]",
            "ana@203.0.113.1",
            "ana@localhost",
            "ana@example..com",
            "ana@.example.com",
            "ana@example",
        ] {
            assert_eq!(
                parse_email(Some(bad))
                    .err()
                    .map(|e| e.body().message)
                    .as_deref(),
                Some("Unable to validate email address: invalid format"),
                "{bad}"
            );
        }
    }
}
