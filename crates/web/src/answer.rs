//! What a handler answers on success, tied to the answer its operation declares: the
//! API routers mount handlers with `.operation(&api::ARTIST, artist)`, which compiles only
//! when `artist` answers an `Artist` (an [`Answers<Artist>`]), and which refuses to build
//! the router when the answer's statuses are not the ones the operation declares.

use axum::http::StatusCode;
use axum::response::{IntoResponse, IntoResponseParts, Redirect, Response};
use axum::Json;
use serde::Serialize;
use sound_atlas_contract::operation::OperationSpec;

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

/// A handler (an async function of extractors) whose success answers a `T`.
/// `Args` is the tuple of its arguments' types, inferred.
pub trait AnswersWith<T, Args> {
    const STATUSES: &'static [u16];
}

macro_rules! answers_with {
    ($($arg:ident),*) => {
        impl<F, Fut, R, T, $($arg,)*> AnswersWith<T, ($($arg,)*)> for F
        where
            F: FnOnce($($arg,)*) -> Fut,
            Fut: std::future::Future<Output = R>,
            R: Answers<T>,
        {
            const STATUSES: &'static [u16] = R::STATUSES;
        }
    };
}

answers_with!();
answers_with!(A1);
answers_with!(A1, A2);
answers_with!(A1, A2, A3);
answers_with!(A1, A2, A3, A4);
answers_with!(A1, A2, A3, A4, A5);
answers_with!(A1, A2, A3, A4, A5, A6);
answers_with!(A1, A2, A3, A4, A5, A6, A7);
answers_with!(A1, A2, A3, A4, A5, A6, A7, A8);

/// The statuses an operation declares for success, sorted.
pub(crate) fn declared_statuses(spec: &OperationSpec) -> Vec<u16> {
    let mut statuses: Vec<u16> = std::iter::once(spec.status)
        .chain(spec.also)
        .chain(spec.form_redirect.then_some(303))
        .collect();
    statuses.sort_unstable();
    statuses
}

/// Panics (when the router is built) unless a handler answers with exactly the
/// statuses its operation declares.
pub(crate) fn check_statuses(spec: &OperationSpec, answered: &[u16]) {
    let mut answered = answered.to_vec();
    answered.sort_unstable();
    let declared = declared_statuses(spec);
    assert_eq!(
        answered,
        declared,
        "the handler of {} {} answers with {answered:?}, its operation declares {declared:?}",
        spec.method.as_str(),
        spec.template.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use sound_atlas_contract::operation::{Endpoint, Operation};

    const CREATE: Operation<String, String> =
        Operation::post("create", "/api/things", "").created();
    const ADD: Operation<String, String> = Operation::post("add", "/api/things", "")
        .created()
        .or_existing();
    const READ: Endpoint<String> = Endpoint::get("read", "/api/things", "");

    fn statuses_of<T, Args, H: AnswersWith<T, Args>>(
        _: &Operation<impl Sized, T>,
        _: H,
    ) -> &'static [u16] {
        H::STATUSES
    }

    #[test]
    fn an_answer_knows_its_statuses_through_results_and_headers() {
        async fn create() -> Result<([(&'static str, &'static str); 1], Created<String>), ApiError>
        {
            Ok(([("x-a", "b")], Created(String::new())))
        }
        async fn add(_: String) -> Result<Added<String>, ApiError> {
            Err(ApiError::bad_request("no"))
        }
        check_statuses(&CREATE, statuses_of(&CREATE, create));
        check_statuses(&ADD, statuses_of(&ADD, add));
    }

    #[test]
    #[should_panic(expected = "declares [200]")]
    fn a_created_answer_on_a_plain_read_is_refused() {
        async fn read() -> Created<String> {
            Created(String::new())
        }
        check_statuses(&READ, statuses_of(&READ, read));
    }
}
