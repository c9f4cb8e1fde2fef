//! HTTP helpers of the accounts routes: redirect-target checks and the client's IP. (The
//! body extractor and the cross-origin guard every write shares are in sound_atlas_web.)

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::ConnectInfo;
use axum::http::request::Parts;
use sound_atlas_web::ApiError;

/// A redirect target after sign-in: a path on this site only. Refuses absolute URLs,
/// scheme-relative `//host`, backslash tricks (`/\host`), `javascript:` and control
/// characters. `None` stands for "/".
pub fn safe_redirect(target: Option<&str>) -> Result<String, ApiError> {
    let Some(target) = target.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok("/".to_owned());
    };
    let refused = !target.starts_with('/')
        || target.starts_with("//")
        || target.contains('\\')
        || target.chars().any(char::is_control)
        || target.len() > 2048;
    if refused {
        return Err(ApiError::bad_request(
            "The redirect target must be a path on this site.",
        ));
    }
    Ok(target.to_owned())
}

/// The client's IP address: the TCP peer, or, when the peer is a trusted proxy, the
/// nearest address in `X-Forwarded-For` that is not itself a trusted proxy. A forged
/// header from anyone else is ignored; the first such header is logged, since a proxy
/// left out of `SOUND_ATLAS_TRUSTED_PROXIES` makes every visitor share its limits.
pub fn client_ip(parts: &Parts, trusted: &[IpAddr]) -> Option<IpAddr> {
    static WARNED: AtomicBool = AtomicBool::new(false);
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip())?;
    if !trusted.contains(&peer) {
        if parts.headers.contains_key("x-forwarded-for") && !WARNED.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                "X-Forwarded-For from {peer} ignored: SOUND_ATLAS_TRUSTED_PROXIES does not list \
                 it. Behind a proxy, list the proxy's address there, or every visitor shares \
                 the proxy's rate limits."
            );
        }
        return Some(peer);
    }
    let forwarded: Vec<IpAddr> = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|ip| ip.trim().parse().ok())
        .collect();
    Some(
        forwarded
            .into_iter()
            .rev()
            .find(|ip| !trusted.contains(ip))
            .unwrap_or(peer),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_stay_on_this_site() {
        assert_eq!(safe_redirect(None).unwrap(), "/");
        assert_eq!(
            safe_redirect(Some("/favorites?x=1")).unwrap(),
            "/favorites?x=1"
        );
        for bad in [
            "//evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "/\\evil.example",
            "evil.example",
            "/ok\nSet-Cookie: x",
        ] {
            assert!(safe_redirect(Some(bad)).is_err(), "{bad:?} must be refused");
        }
    }
}
