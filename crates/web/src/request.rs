//! What every request reads in the one error shape: a write's body (JSON or an HTML
//! form) and its cross-origin (CSRF) guard, a path's typed holes and its query string's
//! typed parameters.

use axum::extract::path::ErrorKind;
use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
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

/// A path's holes as a `T` (a struct of the holes by name, or the one hole's value),
/// percent-decoded. Any hole that does not read as its type names nothing: 404, with the
/// message its type gives (a `serde::de::Error::custom` text, e.g. "This artist could
/// not be found.") or [`NOTHING_HERE`].
pub struct Path<T>(pub T);

/// The 404's message for a path that names nothing and whose type says nothing more.
pub const NOTHING_HERE: &str = "This address names nothing here.";

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(PathRejection::FailedToDeserializePathParams(error)) => match error.into_kind() {
                ErrorKind::Message(message) => Err(ApiError::not_found(message)),
                _ => Err(ApiError::not_found(NOTHING_HERE)),
            },
            Err(_) => Err(ApiError::not_found(NOTHING_HERE)),
        }
    }
}

/// A query string's parameters as a `T`: a struct whose fields are the parameters by
/// name (as serde names them), each read by its own type. A field's type says what its
/// absence means (an `Option`, `#[serde(default)]`, or a type whose `Deserialize` reads
/// an `Option`), so a missing parameter gets the type's own message. A value its type
/// refuses is a 400 with that type's message (a `serde::de::Error::custom` text).
/// Parameters the struct does not name are ignored (tracking tags, cache busters).
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        serde_urlencoded::from_str(parts.uri.query().unwrap_or(""))
            .map(Query)
            .map_err(|error| ApiError::bad_request(error.to_string()))
    }
}

/// A query flag (`#[serde(default, deserialize_with = "flag")]`): on when sent as
/// `true` (e.g. `refresh=true`), off when anything else.
pub fn flag<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    let raw = <std::borrow::Cow<str> as serde::Deserialize>::deserialize(deserializer)?;
    Ok(raw == "true")
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

    #[derive(Debug, serde::Deserialize)]
    struct Listing {
        page: Option<u32>,
        #[serde(default, deserialize_with = "flag")]
        refresh: bool,
    }

    async fn query<T: DeserializeOwned + Send>(uri: &str) -> Result<T, ApiError> {
        let (mut parts, ()) = axum::http::Request::get(uri).body(()).unwrap().into_parts();
        Query::<T>::from_request_parts(&mut parts, &())
            .await
            .map(|Query(value)| value)
    }

    #[tokio::test]
    async fn a_query_string_reads_as_its_struct_and_ignores_other_parameters() {
        let listing: Listing = query("/x?page=3&refresh=true&utm_source=mail")
            .await
            .unwrap();
        assert_eq!((listing.page, listing.refresh), (Some(3), true));
        let listing: Listing = query("/x").await.unwrap();
        assert_eq!((listing.page, listing.refresh), (None, false));
        let listing: Listing = query("/x?refresh=yes").await.unwrap();
        assert!(!listing.refresh);
        let refused = query::<Listing>("/x?page=three").await.unwrap_err();
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
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
