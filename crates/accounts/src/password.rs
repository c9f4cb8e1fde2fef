//! Password rules and argon2id hashing, always on a blocking thread (hashing takes tens
//! of milliseconds of CPU and must not stall the async workers).
//!
//! Passwords are normalised to NFKC before hashing and verifying, so the same password
//! typed on another keyboard or OS (composed or decomposed accents, full-width forms)
//! still matches. Hashes made before that (of the password as typed) keep verifying.

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::RngCore;
use sound_atlas_web::ApiError;
use unicode_normalization::UnicodeNormalization;

/// Password length limits (characters), from the route contract: generous for
/// passphrases; longer input is refused with a message, never silently truncated.
pub use sound_atlas_contract::accounts::{
    BLANK_PASSWORD, COMMON_PASSWORD, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS,
};
use sound_atlas_contract::accounts::{PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT};

/// The form a password is hashed and verified in.
fn normalized(password: &str) -> String {
    password.nfkc().collect()
}

/// Checks a new password: its length (counted in Unicode scalar values of its normalised
/// form, as a person counts them), not blank, and not on the common-password list (the
/// `passwords` crate's list of about 100,000 leaked passwords, compared as typed and in
/// lower case).
pub fn check_rules(password: &str) -> Result<(), ApiError> {
    let password = normalized(password);
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(ApiError::bad_request(PASSWORD_TOO_SHORT));
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(ApiError::bad_request(PASSWORD_TOO_LONG));
    }
    if password.chars().all(char::is_whitespace) {
        return Err(ApiError::bad_request(BLANK_PASSWORD));
    }
    let common = |p: &str| passwords::analyzer::is_common_password(p);
    if common(&password) || common(&password.to_lowercase()) {
        return Err(ApiError::bad_request(COMMON_PASSWORD));
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
    tokio::task::spawn_blocking(move || hash_now(&normalized(&password)))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

/// True when `password` matches `stored`: its NFKC form, or, for a hash made before
/// passwords were normalised, the password as typed. With no stored hash the same work
/// is done against a dummy hash and the answer is false.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let (hash, real) = match &stored {
            Some(hash) => (hash.as_str(), true),
            None => (DUMMY_HASH.as_str(), false),
        };
        let Ok(parsed) = PasswordHash::new(hash) else {
            return false;
        };
        let matches = |candidate: &str| {
            Argon2::default()
                .verify_password(candidate.as_bytes(), &parsed)
                .is_ok()
        };
        let nfkc = normalized(&password);
        let ok = matches(&nfkc) || (nfkc != password && matches(&password));
        ok && real
    })
    .await
    .unwrap_or(false)
}

/// A hash's working memory (19 MiB with the recommended parameters) is allocated anew
/// for each hash. glibc maps a block that large on its own at first, but after freeing
/// one it raises its bound for that to the block's size, so from then on each thread's
/// allocator arena keeps a hash's block for reuse and never returns it: with the many
/// blocking threads a loaded server runs hashes on, that was hundreds of MiB held for
/// nothing. This fixes the bound at 4 MiB for the whole process (which also stops its
/// raising), so every block that large is mapped on its own and returned when freed.
/// Smaller blocks stay in the arenas: a page's compression takes about 2 MiB, which,
/// mapped and returned each time, cost every cold page some 500 page faults. Setting
/// the bound also stops glibc raising the size of free memory an arena keeps at its top,
/// so that is set as it would have been raised, to twice the bound.
/// Call once, at the process's start (glibc only; elsewhere it does nothing).
pub fn return_hash_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt sets one of the allocator's parameters; any value is valid.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED_FROM);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 2 * MAPPED_FROM);
    }
}

/// The size from which a block is mapped on its own (see [`return_hash_memory`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MAPPED_FROM: i32 = 4 << 20;

/// Computes the dummy hash ahead of the first sign-in attempt (so that attempt's timing
/// is like the others).
pub fn warm_up() {
    tokio::task::spawn_blocking(|| LazyLock::force(&DUMMY_HASH));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_and_common_passwords_are_refused() {
        let message = |p: &str| check_rules(p).err().map(|e| e.body().message);
        assert_eq!(message("          ").as_deref(), Some(BLANK_PASSWORD));
        assert_eq!(
            message("\u{3000}\u{3000}\t\t    ").as_deref(),
            Some(BLANK_PASSWORD)
        );
        for common in [
            "password",
            "12345678",
            "Password1",
            "iloveyou",
            "QWERTYUIOP",
        ] {
            assert_eq!(
                message(common).as_deref(),
                Some(COMMON_PASSWORD),
                "{common}"
            );
        }
        assert_eq!(message("correct horse battery"), None);
    }

    #[tokio::test]
    async fn passwords_match_in_any_unicode_form_and_old_hashes_keep_working() {
        // "Café" composed and decomposed, and a full-width "Ａ" (NFKC: "A").
        let composed = "Caf\u{e9} au lait \u{ff21}".to_owned();
        let decomposed = "Cafe\u{301} au lait \u{ff21}".to_owned();
        let hash = hash(composed.clone()).await.unwrap();
        assert!(verify(decomposed.clone(), Some(hash.clone())).await);
        assert!(verify("Caf\u{e9} au lait A".into(), Some(hash)).await);
        // A hash of the raw, unnormalised text (as stored before normalisation).
        let old = tokio::task::spawn_blocking(move || hash_now(&decomposed))
            .await
            .unwrap()
            .unwrap();
        assert!(verify("Cafe\u{301} au lait \u{ff21}".into(), Some(old.clone())).await);
        assert!(!verify("Cafe au lait".into(), Some(old)).await);
    }
}
