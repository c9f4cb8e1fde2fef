//! What a handler answers on success, tied to the answer its operation declares: the
//! API routers mount handlers with `.operation(&api::ARTIST, artist)`, which compiles only
//! when `artist` answers an `Artist` (an [`Answers<Artist>`]), and which refuses to build
//! the router when the answer's statuses are not the ones the operation declares.

use axum::http::StatusCode;
use axum::response::{IntoResponse, IntoResponseParts, Redirect, Response};
use axum::Json;
use serde::Serialize;

use crate::ApiError;

/// A success answer of a `T` operation, with the statuses it can answer with.
pub trait Answers<T>: IntoResponse {
    const STATUSES: &'static [u16];
}

/// A value that serializes as a `T`: the `T` itself, a reference to one, or a view that
/// writes the same JSON without copying (the catalogue's list of every artist).
pub trait AnswerBody<T>: Serialize {}

impl<T: Serialize> AnswerBody<T> for T {}

impl<T: Serialize> AnswerBody<T> for &T {}

/// 200 with the value.
impl<T, U: AnswerBody<T>> Answers<T> for Json<U> {
    const STATUSES: &'static [u16] = &[200];
}

/// 201 with what was created.
pub struct Created<T>(pub T);

impl<T: Serialize> IntoResponse for Created<T> {
    fn into_response(self) -> Response {
        (StatusCode::CREATED, Json(self.0)).into_response()
    }
}

impl<T: Serialize> Answers<T> for Created<T> {
    const STATUSES: &'static [u16] = &[201];
}

/// An add: 201 when it created the value, 200 when the value was already there.
pub struct Added<T> {
    pub value: T,
    pub created: bool,
}

impl<T: Serialize> IntoResponse for Added<T> {
    fn into_response(self) -> Response {
        let status = if self.created {
            StatusCode::CREATED
        } else {
            StatusCode::OK
        };
        (status, Json(self.value)).into_response()
    }
}

impl<T: Serialize> Answers<T> for Added<T> {
    const STATUSES: &'static [u16] = &[201, 200];
}

/// 204, nothing to say.
pub struct NoContent;

impl IntoResponse for NoContent {
    fn into_response(self) -> Response {
        StatusCode::NO_CONTENT.into_response()
    }
}

impl Answers<()> for NoContent {
    const STATUSES: &'static [u16] = &[204];
}

/// 303 to a page: a browser navigation's answer (`Redirect::to`).
impl Answers<()> for Redirect {
    const STATUSES: &'static [u16] = &[303];
}

/// A write that also takes an HTML form: JSON for a script, a redirect (303) for a form.
pub enum JsonOrRedirect<T> {
    Json(T),
    Redirect(Redirect),
}

impl<T: Serialize> IntoResponse for JsonOrRedirect<T> {
    fn into_response(self) -> Response {
        match self {
            JsonOrRedirect::Json(value) => Json(value).into_response(),
            JsonOrRedirect::Redirect(redirect) => redirect.into_response(),
        }
    }
}

impl<T: Serialize> Answers<T> for JsonOrRedirect<T> {
    const STATUSES: &'static [u16] = &[200, 303];
}

/// An answer with headers of its own (an attachment's file name, a referrer policy).
impl<T, P: IntoResponseParts, A: Answers<T>> Answers<T> for (P, A) {
    const STATUSES: &'static [u16] = A::STATUSES;
}

/// A handler that may fail: its success answers as `A` does.
impl<T, A: Answers<T>> Answers<T> for Result<A, ApiError> {
    const STATUSES: &'static [u16] = A::STATUSES;
}
