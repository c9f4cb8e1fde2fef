//! Security headers on every response, errors included: a Content-Security-Policy that
//! runs scripts from our own origin only, plus the one inline script every document ends
//! with (the boot, allowed by its hash: no response needs a nonce of its own and a page
//! is the same bytes for every visitor, which caches can keep) and the video service's
//! iframe API; HSTS when the public URL is https.

use std::sync::LazyLock;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

use crate::bundle::Manifest;

/// The policy. Scripts: our origin (injected data is JSON, never executed), the boot by
/// its hash, and the video service's iframe API (the player): its loader script and the
/// widget script the loader adds from `/s/player/`. Images from anywhere over https
/// (artist photos live on wiki and image hosts, video thumbnails on i.ytimg.com).
/// Frames: only the video service's privacy-enhanced embed host, the one the player's
/// iframes use.
pub static POLICY: LazyLock<String> = LazyLock::new(|| {
    let boot = Manifest::embedded().boot.policy_source();
    format!(
        "default-src 'self'; script-src 'self' {boot} {VIDEO_SCRIPTS}; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https://i.ytimg.com https:; connect-src 'self'; \
frame-src {VIDEO_FRAMES}; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
});
static POLICY_HEADER: LazyLock<HeaderValue> =
    LazyLock::new(|| HeaderValue::from_str(&POLICY).expect("the policy is a valid header"));

/// The iframe API loader (reached through the redirect of crate::video_api) and the
/// widget script it loads.
pub const VIDEO_SCRIPTS: &str =
    "https://www.youtube.com/iframe_api https://www.youtube.com/s/player/";
/// The privacy-enhanced embed host, the one the UI's player embeds from.
pub const VIDEO_FRAMES: &str = sound_atlas_contract::content::VIDEO_EMBED_HOST;

/// The security headers every answer carries (the connection layer copies them onto the
/// answers it makes itself): set here and by the app's header layers.
pub const HEADERS: [header::HeaderName; 5] = [
    header::CONTENT_SECURITY_POLICY,
    header::STRICT_TRANSPORT_SECURITY,
    header::X_CONTENT_TYPE_OPTIONS,
    header::REFERRER_POLICY,
    header::X_FRAME_OPTIONS,
];

/// The security headers of an answer the connection layer writes without the app (the
/// policy, no sniffing, the referrer policy, no framing; HSTS is the https proxy's).
pub fn error_headers() -> [(&'static str, &'static str); 4] {
    [
        ("content-security-policy", POLICY.as_str()),
        ("x-content-type-options", NOSNIFF),
        ("referrer-policy", REFERRER_POLICY),
        ("x-frame-options", NO_FRAMING),
    ]
}

/// `X-Content-Type-Options`.
pub const NOSNIFF: &str = "nosniff";
/// `Referrer-Policy`: the origin only to other sites, nothing over http.
pub const REFERRER_POLICY: &str = "strict-origin-when-cross-origin";
/// `X-Frame-Options`: no site frames ours.
pub const NO_FRAMING: &str = "DENY";

/// HSTS for an https public URL: a year, subdomains included.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The layer's function: `https` says whether the public URL is https.
pub async fn headers(https: bool, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, POLICY_HEADER.clone());
    }
    if https {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_video_embed_gets_exactly_its_scripts_and_frames() {
        let directive = |name: &str| {
            POLICY
                .split(';')
                .map(str::trim)
                .find(|d| d.starts_with(name))
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(directive("frame-src"), format!("frame-src {VIDEO_FRAMES}"));
        let boot = Manifest::embedded().boot.policy_source();
        assert_eq!(
            directive("script-src"),
            format!("script-src 'self' {boot} {VIDEO_SCRIPTS}")
        );
        assert!(!POLICY.contains("nonce"));
    }
}
