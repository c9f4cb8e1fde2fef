//! Password rules and argon2id hashing, always on a blocking thread (hashing takes tens
//! of milliseconds of CPU and must not stall the async workers).

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::RngCore;
use sound_atlas_http::ApiError;

/// Password length limits (characters), from the route contract: generous for
/// passphrases; longer input is refused with a message, never silently truncated.
pub use sound_atlas_contract::accounts::{MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS};

/// Checks the length rules (counted in Unicode scalar values, as a person counts them).
pub fn check_rules(password: &str) -> Result<(), ApiError> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(ApiError::bad_request(format!(
            "Password should be at least {MIN_PASSWORD_CHARS} characters."
        )));
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(ApiError::bad_request(format!(
            "Password should be at most {MAX_PASSWORD_CHARS} characters."
        )));
    }
    Ok(())
}

fn hash_now(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    // Argon2::default() is argon2id v19 with the crate's recommended parameters.
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| e.to_string())
}

/// A hash of a random password, verified against when the account does not exist or
/// has no password, so those answers take as long as a wrong password.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let mut random = [0u8; 24];
    rand::rng().fill_bytes(&mut random);
    hash_now(&format!("{random:?}")).expect("hashing a dummy password")
});

pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

/// True when `password` matches `stored`. With no stored hash the same work is done
/// against a dummy hash and the answer is false.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let (hash, real) = match &stored {
            Some(hash) => (hash.as_str(), true),
            None => (DUMMY_HASH.as_str(), false),
        };
        let ok = PasswordHash::new(hash)
            .map(|parsed| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .unwrap_or(false);
        ok && real
    })
    .await
    .unwrap_or(false)
}

/// Computes the dummy hash ahead of the first sign-in attempt (so that attempt's timing
/// is like the others).
pub fn warm_up() {
    tokio::task::spawn_blocking(|| LazyLock::force(&DUMMY_HASH));
}
