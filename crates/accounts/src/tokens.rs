//! Single-use secrets sent by email: links (32 random bytes) and 6-digit sign-in codes.
//! Only a SHA-256 of each is stored; using one is a conditional update, so it succeeds once.
//! A code takes [`MAX_GUESSES`] guesses, and a confirmation link as many wrong passwords;
//! the last wrong one ends it (its owner asks for a new one; a guesser never closes the
//! way in for them).

use base64::Engine;
use rand::{Rng, RngCore};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};
use sound_atlas_entity::auth_token::{self, Entity as Tokens};

use crate::now;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Confirms the address of a new account (24 hours).
    Confirm,
    /// Sets a new password (1 hour).
    Recover,
    /// Signs in by an emailed code (10 minutes).
    Code,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Confirm => "confirm",
            Purpose::Recover => "recover",
            Purpose::Code => "code",
        }
    }

    fn lifetime_secs(self) -> i64 {
        match self {
            Purpose::Confirm => 24 * 3600,
            Purpose::Recover => 3600,
            Purpose::Code => 10 * 60,
        }
    }
}

/// Guesses one emailed code (or passwords one confirmation link) takes, the right one
/// included.
pub const MAX_GUESSES: i32 = 5;

/// A new link secret, URL-safe.
pub fn new_link_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `text` has the shape of [`new_link_secret`]'s secrets (so a cookie or form
/// field of any other shape is not even looked up).
pub fn is_link_secret(text: &str) -> bool {
    text.len() == 43
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A new 6-digit code.
pub fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

/// What is stored for a secret. Codes are short, so they are hashed with their user id
/// (two users may hold the same code at once).
fn digest(purpose: Purpose, user_id: i32, secret: &str) -> String {
    let input = match purpose {
        Purpose::Code => format!("code:{user_id}:{secret}"),
        _ => format!("{}:{secret}", purpose.as_str()),
    };
    let hash = Sha256::digest(input.as_bytes());
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

/// Stores a new secret for `user_id`. A new code replaces the unused one (each code has
/// its own guesses, so two live codes would give a guesser twice as many). Links cannot be
/// guessed, so the earlier ones stay valid until used, ended or expired: a later request,
/// perhaps someone else's sign-up with the address, never takes away the link already in
/// the owner's mailbox (the mail limits bound how many there are).
pub async fn issue(
    db: &impl ConnectionTrait,
    user_id: i32,
    purpose: Purpose,
    secret: &str,
) -> Result<(), DbErr> {
    let now = now();
    let mut replaced = Tokens::delete_many()
        .filter(auth_token::Column::UserId.eq(user_id))
        .filter(auth_token::Column::Purpose.eq(purpose.as_str()));
    if purpose != Purpose::Code {
        replaced = replaced.filter(auth_token::Column::ExpiresAt.lte(now));
    }
    replaced.exec(db).await?;
    Tokens::insert(auth_token::ActiveModel {
        user_id: Set(user_id),
        purpose: Set(purpose.as_str().to_owned()),
        token_hash: Set(digest(purpose, user_id, secret)),
        expires_at: Set(now + purpose.lifetime_secs()),
        used_at: Set(None),
        attempts: Set(0),
        created_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await?;
    Ok(())
}

/// Uses a link secret: the user it belongs to, once, while unexpired.
pub async fn consume_link(
    db: &impl ConnectionTrait,
    purpose: Purpose,
    secret: &str,
) -> Result<Option<i32>, DbErr> {
    consume(db, purpose, digest(purpose, 0, secret)).await
}

/// What a link secret can still do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// Usable, by the user it belongs to.
    Live(i32),
    Used,
    /// Unknown, expired, or out of guesses.
    Invalid,
}

/// Looks the link `secret` up without changing it (a used link keeps its row, with
/// `used_at`, until the account's next link of its kind clears it after it expired).
pub async fn look_up_link(
    db: &impl ConnectionTrait,
    purpose: Purpose,
    secret: &str,
) -> Result<Link, DbErr> {
    if !is_link_secret(secret) {
        return Ok(Link::Invalid);
    }
    let token = Tokens::find()
        .filter(auth_token::Column::TokenHash.eq(digest(purpose, 0, secret)))
        .filter(auth_token::Column::Purpose.eq(purpose.as_str()))
        .one(db)
        .await?;
    Ok(match token {
        Some(token) if token.used_at.is_some() => Link::Used,
        Some(token) if token.expires_at > now() && token.attempts < MAX_GUESSES => {
            Link::Live(token.user_id)
        }
        _ => Link::Invalid,
    })
}

/// Counts one password typed with the live link `secret`, before it is checked: the
/// link's user, or `None` when the link is unknown, used, expired or out of guesses. One
/// conditional update, so concurrent guesses cannot pass the link's budget.
pub async fn count_password(
    db: &impl ConnectionTrait,
    purpose: Purpose,
    secret: &str,
) -> Result<Option<i32>, DbErr> {
    let hash = digest(purpose, 0, secret);
    let counted = Tokens::update_many()
        .col_expr(
            auth_token::Column::Attempts,
            Expr::col(auth_token::Column::Attempts).add(1),
        )
        .filter(auth_token::Column::TokenHash.eq(hash.clone()))
        .filter(auth_token::Column::Purpose.eq(purpose.as_str()))
        .filter(auth_token::Column::UsedAt.is_null())
        .filter(auth_token::Column::ExpiresAt.gt(now()))
        .filter(auth_token::Column::Attempts.lt(MAX_GUESSES))
        .exec(db)
        .await?;
    if counted.rows_affected != 1 {
        return Ok(None);
    }
    Ok(Tokens::find()
        .filter(auth_token::Column::TokenHash.eq(hash))
        .one(db)
        .await?
        .map(|token| token.user_id))
}

/// Gives back the password [`count_password`] counted, when it was no wrong guess.
pub async fn uncount_password(
    db: &impl ConnectionTrait,
    purpose: Purpose,
    secret: &str,
) -> Result<(), DbErr> {
    Tokens::update_many()
        .col_expr(
            auth_token::Column::Attempts,
            Expr::col(auth_token::Column::Attempts).sub(1),
        )
        .filter(auth_token::Column::TokenHash.eq(digest(purpose, 0, secret)))
        .filter(auth_token::Column::Attempts.gt(0))
        .exec(db)
        .await?;
    Ok(())
}

/// Ends the link `secret` once wrong passwords have used up its guesses.
pub async fn end_if_out_of_guesses(
    db: &impl ConnectionTrait,
    purpose: Purpose,
    secret: &str,
) -> Result<(), DbErr> {
    Tokens::delete_many()
        .filter(auth_token::Column::TokenHash.eq(digest(purpose, 0, secret)))
        .filter(auth_token::Column::UsedAt.is_null())
        .filter(auth_token::Column::Attempts.gte(MAX_GUESSES))
        .exec(db)
        .await?;
    Ok(())
}

/// Uses a code of `user_id`: true once, while unexpired and within its guesses. Every
/// guess is counted on the user's live code first (so concurrent guesses queue on its
/// row); a wrong one that uses up the guesses deletes the code. Run it in a transaction
/// that is committed whatever the answer, or the count is lost.
pub async fn consume_code(
    db: &impl ConnectionTrait,
    user_id: i32,
    code: &str,
) -> Result<bool, DbErr> {
    let live_code = || {
        Tokens::update_many()
            .filter(auth_token::Column::UserId.eq(user_id))
            .filter(auth_token::Column::Purpose.eq(Purpose::Code.as_str()))
            .filter(auth_token::Column::UsedAt.is_null())
    };
    live_code()
        .col_expr(
            auth_token::Column::Attempts,
            Expr::col(auth_token::Column::Attempts).add(1),
        )
        .exec(db)
        .await?;
    let used = live_code()
        .col_expr(auth_token::Column::UsedAt, Expr::value(now()))
        .filter(auth_token::Column::TokenHash.eq(digest(Purpose::Code, user_id, code)))
        .filter(auth_token::Column::ExpiresAt.gt(now()))
        .filter(auth_token::Column::Attempts.lte(MAX_GUESSES))
        .exec(db)
        .await?;
    if used.rows_affected == 1 {
        return Ok(true);
    }
    Tokens::delete_many()
        .filter(auth_token::Column::UserId.eq(user_id))
        .filter(auth_token::Column::Purpose.eq(Purpose::Code.as_str()))
        .filter(auth_token::Column::Attempts.gte(MAX_GUESSES))
        .exec(db)
        .await?;
    Ok(false)
}

/// Deletes every unused secret of `user_id` (links and codes): whatever was mailed before
/// a confirmation can no longer be used.
pub async fn revoke_all(db: &impl ConnectionTrait, user_id: i32) -> Result<(), DbErr> {
    Tokens::delete_many()
        .filter(auth_token::Column::UserId.eq(user_id))
        .filter(auth_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

async fn consume(
    db: &impl ConnectionTrait,
    purpose: Purpose,
    hash: String,
) -> Result<Option<i32>, DbErr> {
    let now = now();
    let used = Tokens::update_many()
        .col_expr(auth_token::Column::UsedAt, Expr::value(now))
        .filter(auth_token::Column::TokenHash.eq(hash.clone()))
        .filter(auth_token::Column::Purpose.eq(purpose.as_str()))
        .filter(auth_token::Column::UsedAt.is_null())
        .filter(auth_token::Column::ExpiresAt.gt(now))
        .filter(auth_token::Column::Attempts.lt(MAX_GUESSES))
        .exec(db)
        .await?;
    if used.rows_affected != 1 {
        return Ok(None);
    }
    Ok(Tokens::find()
        .filter(auth_token::Column::TokenHash.eq(hash))
        .one(db)
        .await?
        .map(|token| token.user_id))
}
