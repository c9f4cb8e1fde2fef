//! HTTP helpers of the accounts routes: a body extractor that answers in the one error
//! shape, the cross-origin (CSRF) guard, redirect-target checks and the client's IP.

use std::net::{IpAddr, SocketAddr};

use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{ConnectInfo, FromRequest, Request};
use axum::http::{header, request::Parts, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use serde::de::DeserializeOwned;
use sound_atlas_http::ApiError;

/// Largest request body the accounts routes read (a 1024-character password in JSON
/// is at most ~4 KB; anything far larger is refused with 413 before parsing).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A request body as JSON or as an HTML form (the emailed-link pages post forms).
/// Also tells which it was, so form posts can be answered with a redirect.
pub struct Input<T> {
    pub value: T,
    pub from_form: bool,
}

fn rejection(status: StatusCode, detail: String) -> ApiError {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge("The request body is too large.".into())
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(
            "Send the request body as JSON (Content-Type: application/json).".into(),
        ),
        _ => ApiError::bad_request(format!("The request body could not be read: {detail}")),
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Input<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        if content_type.starts_with("application/x-www-form-urlencoded") {
            let Form(value) = Form::<T>::from_request(req, state)
                .await
                .map_err(|e: FormRejection| rejection(e.status(), e.body_text()))?;
            return Ok(Input {
                value,
                from_form: true,
            });
        }
        let Json(value) = Json::<T>::from_request(req, state)
            .await
            .map_err(|e: JsonRejection| rejection(e.status(), e.body_text()))?;
        Ok(Input {
            value,
            from_form: false,
        })
    }
}

/// Refuses state-changing requests sent by a browser from another origin (CSRF).
///
/// `Sec-Fetch-Site` (all current browsers) must be `same-origin` or `none` (typed or
/// bookmarked). Without it, an `Origin` header must name this host. Requests carrying
/// neither come from non-browser clients, which hold no ambient cookies of our users.
/// (The same rule as Go's `http.CrossOriginProtection`.)
pub async fn refuse_cross_origin(request: Request, next: Next) -> Response {
    if is_safe_method(request.method()) || same_origin(request.headers()) {
        return next.run(request).await;
    }
    ApiError::Forbidden("Cross-origin requests are not allowed.".into()).into_response()
}

fn is_safe_method(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn same_origin(headers: &axum::http::HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return matches!(site.to_str(), Ok("same-origin" | "none"));
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (
        origin.to_str(),
        headers.get(header::HOST).map(|h| h.to_str()),
    ) else {
        return false;
    };
    origin
        .split_once("://")
        .is_some_and(|(_, authority)| authority.eq_ignore_ascii_case(host))
}

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
/// header from anyone else is ignored.
pub fn client_ip(parts: &Parts, trusted: &[IpAddr]) -> Option<IpAddr> {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip())?;
    if !trusted.contains(&peer) {
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

    fn headers(pairs: &[(&'static str, &str)]) -> axum::http::HeaderMap {
        let mut map = axum::http::HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn only_same_origin_browser_requests_pass() {
        assert!(same_origin(&headers(&[("sec-fetch-site", "same-origin")])));
        assert!(!same_origin(&headers(&[("sec-fetch-site", "cross-site")])));
        assert!(!same_origin(&headers(&[("sec-fetch-site", "same-site")])));
        assert!(same_origin(&headers(&[
            ("origin", "https://a.test"),
            ("host", "a.test")
        ])));
        assert!(!same_origin(&headers(&[
            ("origin", "https://evil.test"),
            ("host", "a.test")
        ])));
        assert!(!same_origin(&headers(&[
            ("origin", "null"),
            ("host", "a.test")
        ])));
        assert!(same_origin(&headers(&[])));
    }
}
