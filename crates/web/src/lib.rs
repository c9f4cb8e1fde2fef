//! The request kernel every feature shares: the one error type at the HTTP boundary (and
//! its JSON shape, `ErrorBody` of the route contract), the lenient extractors, a write's
//! body and its cross-origin guard, and the mounting of handlers by the contract's
//! operations, each answering what its operation declares ([`Answers`]).
//!
//! Every API error answers `{"status": 404, "error": "Not Found", "message": "..."}`.
//! `message` is the user-facing text (the spec's wording where it has one); internal
//! causes are logged and never sent to the client.

mod answer;
mod cookies;
mod handler;
mod request;

pub use answer::{Added, AnswerBody, Answers, Created, JsonOrRedirect, NoContent};
pub use cookies::cookie;
pub use handler::{Handles, Reads};
pub use request::{
    flag, refuse_cross_origin, Input, Path, Query, BODY_TOO_LARGE, MAX_BODY_BYTES, NOTHING_HERE,
};

use axum::handler::Handler;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{on, MethodFilter};
use axum::{Json, Router};
use sound_atlas_contract::operation::Method;
pub use sound_atlas_contract::ErrorBody;
use sound_atlas_contract::Operation;

/// How the API routers mount their handlers: each at the route and with the method its
/// operation declares, so a handler cannot serve another operation's path or method; it
/// must answer the operation's answer type (or it does not compile) with the operation's
/// statuses (or building the router panics).
pub trait OperationRoutes<S> {
    fn operation<B, T, H, X, Args>(self, operation: &Operation<B, T>, handler: H) -> Self
    where
        H: Handler<X, S> + Handles<B, T, Args>,
        X: 'static,
        Self: Sized,
    {
        self.operations(&[operation], handler)
    }

    /// One route serving several operations of the same method, path and types that
    /// differ in their query (a list and the same list filtered): the handler reads the
    /// parameters of them all.
    fn operations<B, T, H, X, Args>(self, operations: &[&Operation<B, T>], handler: H) -> Self
    where
        H: Handler<X, S> + Handles<B, T, Args>,
        X: 'static;
}

impl<S: Clone + Send + Sync + 'static> OperationRoutes<S> for Router<S> {
    fn operations<B, T, H, X, Args>(self, operations: &[&Operation<B, T>], handler: H) -> Self
    where
        H: Handler<X, S> + Handles<B, T, Args>,
        X: 'static,
    {
        let specs: Vec<_> = operations
            .iter()
            .map(|operation| operation.spec())
            .collect();
        handler::check::<B, T, Args, H>(&specs);
        let operation = &specs[0];
        let method = match operation.method {
            Method::Get => MethodFilter::GET,
            Method::Post => MethodFilter::POST,
            Method::Patch => MethodFilter::PATCH,
            Method::Delete => MethodFilter::DELETE,
        };
        self.route(operation.route(), on(method, handler))
    }
}

/// An error that can cross the HTTP boundary.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the request itself is wrong; the message says how.
    BadRequest(String),
    /// 401: this needs a signed-in user and there is none.
    Unauthorized(String),
    /// 403: signed in, but not allowed (or a request from another origin).
    Forbidden(String),
    /// 404: the thing asked for does not exist.
    NotFound(String),
    /// 405: the path exists, the method does not.
    MethodNotAllowed(String),
    /// 413: the request body is larger than accepted.
    PayloadTooLarge(String),
    /// 414: the request target is too long to consider.
    UriTooLong(String),
    /// 431: the request's headers together are too long to consider.
    HeadersTooLarge(String),
    /// 415: the body is not in a format this endpoint reads.
    UnsupportedMediaType(String),
    /// 429: too many attempts; the message says to wait, `Retry-After` says how long.
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// 500: our fault. The cause is logged; the client gets a generic message.
    Internal(String),
    /// 500: our fault, worded for what failed (the spec's "Failed to fetch articles");
    /// the cause was logged when the error was made. See [`ApiError::worded`].
    Failed(String),
    /// 503: a dependency (the database) is unavailable or too slow; try again shortly.
    /// The cause is logged; the client gets a generic message.
    Unavailable(String),
}

/// What a client reads when the database is away (never the cause).
pub const UNAVAILABLE: &str = "The service is briefly unavailable. Please try again shortly.";

/// The `Retry-After` of a 503: the database monitor notices a recovery within a second,
/// so a few seconds is a fair first wait.
pub const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 5;

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    /// Logs `cause` and returns an error that reveals nothing about it.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::Internal(cause.to_string())
    }

    /// Words a failed read as the spec does ("Failed to fetch new songs"): an internal
    /// error answers 500 with `message` (its cause stays in the log, never sent); every
    /// other error is left as it is, so a database that is away is still the 503 with
    /// [`UNAVAILABLE`], and a 404 or 400 keeps its own text.
    pub fn worded(self, message: &str) -> Self {
        match self {
            Self::Internal(_) => Self::Failed(message.to_owned()),
            other => other,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Self::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(_) | Self::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The body sent to the client (internal causes replaced by a generic message).
    pub fn body(&self) -> ErrorBody {
        let status = self.status();
        let message = match self {
            Self::BadRequest(m)
            | Self::Unauthorized(m)
            | Self::Forbidden(m)
            | Self::NotFound(m)
            | Self::MethodNotAllowed(m)
            | Self::PayloadTooLarge(m)
            | Self::UriTooLong(m)
            | Self::HeadersTooLarge(m)
            | Self::UnsupportedMediaType(m)
            | Self::TooManyRequests { message: m, .. }
            | Self::Failed(m) => m.clone(),
            Self::Internal(_) => {
                "Something went wrong on our side. Please try again later.".to_owned()
            }
            Self::Unavailable(_) => UNAVAILABLE.to_owned(),
        };
        ErrorBody {
            status: status.as_u16(),
            error: status.canonical_reason().unwrap_or("Error").to_owned(),
            message,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.body().message)
    }
}

impl std::error::Error for ApiError {}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        if is_unavailable(&err) {
            tracing::warn!(%err, "database unavailable");
            return Self::Unavailable(format!("database: {err}"));
        }
        Self::internal(format_args!("database: {err}"))
    }
}

/// Whether a database error means "not reachable now" (a lost or refused connection, no
/// connection free in time) rather than a fault of the query: answered 503, not 500.
pub fn is_unavailable(err: &sea_orm::DbErr) -> bool {
    use sea_orm::{DbErr, RuntimeErr};
    let sqlx = match err {
        DbErr::ConnectionAcquire(_) => return true,
        DbErr::Conn(RuntimeErr::SqlxError(e))
        | DbErr::Exec(RuntimeErr::SqlxError(e))
        | DbErr::Query(RuntimeErr::SqlxError(e)) => e,
        DbErr::Conn(_) => return true,
        _ => return false,
    };
    use sea_orm::sqlx::Error;
    matches!(
        sqlx,
        Error::Io(_)
            | Error::PoolTimedOut
            | Error::PoolClosed
            | Error::WorkerCrashed
            | Error::Tls(_)
    ) || matches!(sqlx, Error::Protocol(_))
}

impl IntoResponse for ApiError {
    /// The JSON body, with `Retry-After` on every 429 and 503; a 503 is also `no-store`
    /// (an outage answer must never stand in for a private page in any cache).
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        let retry_after = match self {
            Self::TooManyRequests {
                retry_after_secs, ..
            } => Some(retry_after_secs.max(1)),
            Self::Unavailable(_) => {
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                Some(UNAVAILABLE_RETRY_AFTER_SECS)
            }
            _ => None,
        };
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// Query-string parameters, decoded leniently: this extractor never rejects, so a
/// malformed query string reaches the handler, which answers in the one error shape.
#[derive(Debug, Default, Clone)]
pub struct QueryParams(pub std::collections::HashMap<String, String>);

impl QueryParams {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// True when the flag is present as "true" (e.g. `refresh=true`).
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == Some("true")
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for QueryParams {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        Ok(QueryParams(
            form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect(),
        ))
    }
}

/// The first path parameter, percent-decoded leniently (never rejects; see [`QueryParams`]).
#[derive(Debug, Clone)]
pub struct PathParam(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PathParam {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        let params = axum::extract::RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::not_found("Not found"))?;
        let raw = params.iter().next().map(|(_, value)| value).unwrap_or("");
        Ok(PathParam(decode_path_value(raw)))
    }
}

/// A path parameter as the router captured it, percent-decoded leniently (bytes that are
/// not UTF-8 become U+FFFD): what [`PathParam`] and the pages' reads take a hole as.
pub fn decode_path_value(raw: &str) -> String {
    percent_encoding::percent_decode_str(raw)
        .decode_utf8_lossy()
        .into_owned()
}

/// Result alias for handlers and the functions behind them.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_never_leak_their_cause() {
        let err = ApiError::internal("password=hunter2 in connection string");
        let body = err.body();
        assert_eq!(body.status, 500);
        assert!(!body.message.contains("hunter2"));
    }

    #[test]
    fn a_worded_failure_says_what_failed_and_nothing_of_its_cause() {
        let body = ApiError::internal("relation \"articles\" does not exist")
            .worded("Failed to fetch articles")
            .body();
        assert_eq!(
            (body.status, body.message.as_str()),
            (500, "Failed to fetch articles")
        );
        // A database that is away stays the 503 with the generic text; a 404 keeps its own.
        let away = ApiError::Unavailable("database: pool closed".into()).worded("x");
        assert_eq!(
            (away.body().status, away.body().message),
            (503, UNAVAILABLE.to_owned())
        );
        let missing = ApiError::not_found("The article you're looking for doesn't exist.")
            .worded("Failed to fetch articles");
        assert_eq!(missing.body().status, 404);
        assert_eq!(
            missing.body().message,
            "The article you're looking for doesn't exist."
        );
    }

    #[test]
    fn every_429_and_503_says_when_to_retry() {
        let limited = ApiError::TooManyRequests {
            message: "Too many requests. Please try again later.".into(),
            retry_after_secs: 42,
        }
        .into_response();
        assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(limited.headers()[header::RETRY_AFTER], "42");
        let away = ApiError::Unavailable("database down".into()).into_response();
        assert_eq!(away.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(away.headers()[header::RETRY_AFTER], "5");
        assert_eq!(away.headers()[header::CACHE_CONTROL], "no-store");
        let missing = ApiError::not_found("x").into_response();
        assert!(missing.headers().get(header::RETRY_AFTER).is_none());
    }

    #[test]
    fn client_errors_carry_their_message_and_reason() {
        let body = ApiError::bad_request("Search query is required").body();
        assert_eq!(
            body,
            ErrorBody {
                status: 400,
                error: "Bad Request".into(),
                message: "Search query is required".into()
            }
        );
    }
}
