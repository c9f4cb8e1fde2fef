//! Security headers on every response, errors included (issue 5): a Content-Security-Policy
//! whose script-src allows our own files and, by a fresh nonce per response, the page's
//! own script tags (the module scripts; its JSON blocks are data, which CSP does not
//! govern: crate::shell); HSTS when the public URL is https. The nonce lives in a task-local for
//! the request, so the shell can stamp it on its script tags without every page handler
//! passing it along.

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use rand::RngCore;

tokio::task_local! {
    static NONCE: String;
}

/// The CSP nonce of the response being built, when inside a request (the shell's script tags).
pub fn nonce() -> Option<String> {
    NONCE.try_with(Clone::clone).ok()
}

/// The policy for one response. Scripts: our origin and the nonce (injected data is
/// JSON, never executed), plus the video service's iframe API (player, issue 13): its
/// loader script and the widget script the loader adds from `/s/player/` (neither can
/// carry our nonce). Images from anywhere over https (artist photos live on wiki and
/// image hosts, video thumbnails on i.ytimg.com). Frames: only the video service's
/// privacy-enhanced embed host, the one the player's iframes use.
pub fn policy(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' {VIDEO_SCRIPTS}; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https://i.ytimg.com https:; connect-src 'self'; \
frame-src {VIDEO_FRAMES}; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// The iframe API loader (reached through the redirect of crate::video_api) and the
/// widget script it loads.
pub const VIDEO_SCRIPTS: &str =
    "https://www.youtube.com/iframe_api https://www.youtube.com/s/player/";
/// The privacy-enhanced embed host.
pub const VIDEO_FRAMES: &str = "https://www.youtube-nocookie.com";

/// HSTS for an https public URL: a year, subdomains included.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

fn fresh_nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The layer's function: `https` says whether the public URL is https.
pub async fn headers(https: bool, request: Request, next: Next) -> Response {
    let nonce = fresh_nonce();
    let mut response = NONCE.scope(nonce.clone(), next.run(request)).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let value = HeaderValue::from_str(&policy(&nonce)).expect("the policy is a valid header");
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
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
    #[test]
    fn each_response_gets_its_own_nonce() {
        let (a, b) = (super::fresh_nonce(), super::fresh_nonce());
        assert_ne!(a, b);
        assert_eq!(a.len(), 24);
        assert!(super::policy(&a).contains(&format!("'nonce-{a}'")));
        assert!(super::policy(&a).contains("https://www.youtube-nocookie.com"));
    }

    #[test]
    fn the_video_embed_gets_exactly_its_scripts_and_frames() {
        let policy = super::policy("n");
        let directive = |name: &str| {
            policy
                .split(';')
                .map(str::trim)
                .find(|d| d.starts_with(name))
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(
            directive("frame-src"),
            "frame-src https://www.youtube-nocookie.com"
        );
        assert_eq!(
            directive("script-src"),
            "script-src 'self' 'nonce-n' https://www.youtube.com/iframe_api https://www.youtube.com/s/player/"
        );
    }
}
