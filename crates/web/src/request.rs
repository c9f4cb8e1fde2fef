//! What every write shares: its body, read as JSON or as an HTML form and refused in the
//! one error shape, and the cross-origin (CSRF) guard.

use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{FromRequest, Request};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use serde::de::DeserializeOwned;

use crate::ApiError;

/// Largest request body a write reads (a 1024-character password in JSON is at most
/// ~4 KB; anything far larger is refused with 413 before parsing).
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The 413's message.
pub const BODY_TOO_LARGE: &str = "The request body is too large.";

/// A request body as JSON or as an HTML form (the emailed-link pages post forms).
/// Also tells which it was, so form posts can be answered with a redirect.
pub struct Input<T> {
    pub value: T,
    pub from_form: bool,
}

fn rejection(status: StatusCode, detail: String) -> ApiError {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge(BODY_TOO_LARGE.into()),
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

#[cfg(test)]
mod tests {
    use super::*;

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
