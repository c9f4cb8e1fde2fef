//! What binds a handler to its operation beyond its answer: the body it reads, the path
//! holes and query parameters it reads and whether it needs the session's user. Each
//! argument of a handler says what it reads ([`Reads`]); `.operation()` compiles only
//! when the body argument is the declared body type, and refuses to build the router
//! when the handler reads a body the operation does not declare (or none it does), other
//! path holes than the template's, other query parameters than the template's and the
//! declared optional ones, or a different access than the declared one.

use std::cell::RefCell;

use axum::extract::State;
use axum::http::Uri;
use serde::de::{self, DeserializeOwned, Visitor};
use sound_atlas_contract::operation::{Access, OperationSpec};
use sound_atlas_contract::template::Part;

use crate::answer::Answers;
use crate::request::{Input, Path, Query};

/// What one argument of a handler of an operation with body `B` reads of the request.
/// Implemented by every extractor the API's handlers take; `Input<T>` only for `T = B`,
/// so a handler cannot read another type than its operation's body.
pub trait Reads<B> {
    /// It is the request's body.
    const BODY: bool = false;
    /// It needs the session's user (answers 401 without one, before any other argument
    /// that can fail is read: put it first after `State`).
    const SIGNED_IN: bool = false;

    /// The path holes it reads, by name.
    fn path_holes() -> Vec<&'static str> {
        Vec::new()
    }

    /// The query parameters it reads, by name.
    fn query_params() -> Vec<&'static str> {
        Vec::new()
    }
}

impl<B, T> Reads<B> for State<T> {}

impl<B> Reads<B> for Uri {}

impl<B> Reads<B> for axum::http::request::Parts {}

impl<B> Reads<B> for Input<B> {
    const BODY: bool = true;
}

impl<B, T: DeserializeOwned> Reads<B> for Path<T> {
    fn path_holes() -> Vec<&'static str> {
        field_names::<T>()
    }
}

impl<B, T: DeserializeOwned> Reads<B> for Query<T> {
    fn query_params() -> Vec<&'static str> {
        let names = field_names::<T>();
        assert!(
            names != [ANY_ONE_HOLE],
            "a query is read as a struct of its parameters, not as one value"
        );
        names
    }
}

/// A handler (an async function of extractors) of an operation with body `B` whose
/// success answers a `T`. `Args` is the tuple of its arguments' types, inferred.
pub trait Handles<B, T, Args> {
    /// The statuses its success answers with.
    const STATUSES: &'static [u16];
    /// How many of its arguments are the body (0 or 1 by `Input`'s nature).
    const BODIES: usize;
    const SIGNED_IN: bool;

    fn path_holes() -> Vec<&'static str>;

    fn query_params() -> Vec<&'static str>;
}

macro_rules! handles {
    ($($arg:ident),*) => {
        impl<F, Fut, R, B, T, $($arg,)*> Handles<B, T, ($($arg,)*)> for F
        where
            F: FnOnce($($arg,)*) -> Fut,
            Fut: std::future::Future<Output = R>,
            R: Answers<T>,
            $($arg: Reads<B>,)*
        {
            const STATUSES: &'static [u16] = R::STATUSES;
            const BODIES: usize = 0 $(+ $arg::BODY as usize)*;
            const SIGNED_IN: bool = false $(|| $arg::SIGNED_IN)*;

            fn path_holes() -> Vec<&'static str> {
                #[allow(unused_mut)]
                let mut holes = Vec::new();
                $(holes.extend($arg::path_holes());)*
                holes
            }

            fn query_params() -> Vec<&'static str> {
                #[allow(unused_mut)]
                let mut params = Vec::new();
                $(params.extend($arg::query_params());)*
                params
            }
        }
    };
}

handles!();
handles!(A1);
handles!(A1, A2);
handles!(A1, A2, A3);
handles!(A1, A2, A3, A4);
handles!(A1, A2, A3, A4, A5);
handles!(A1, A2, A3, A4, A5, A6);
handles!(A1, A2, A3, A4, A5, A6, A7);
handles!(A1, A2, A3, A4, A5, A6, A7, A8);

/// Panics (when the router is built) unless the handler reads what its operations
/// declare: their statuses, their body, their path's holes, their query parameters and
/// their access. Several operations served by one route share all but their query.
pub(crate) fn check<B, T, Args, H: Handles<B, T, Args>>(specs: &[OperationSpec]) {
    let (spec, twins) = specs.split_first().expect("a route serves an operation");
    for twin in twins {
        assert!(
            (twin.method, twin.path(), twin.access) == (spec.method, spec.path(), spec.access),
            "{} {} is served by the route of {} {}: the same method, path and access",
            twin.method.as_str(),
            twin.template.0,
            spec.method.as_str(),
            spec.template.0,
        );
    }
    let name = format!(
        "the handler of {} {}",
        spec.method.as_str(),
        spec.template.0
    );
    check_statuses(spec, H::STATUSES);
    assert_eq!(
        H::BODIES,
        usize::from(spec.takes_body),
        "{name} reads {} body, its operation declares {}",
        if H::BODIES == 0 { "no" } else { "a" },
        if spec.takes_body { "one" } else { "none" },
    );
    let mut declared = path_holes(spec);
    declared.sort_unstable();
    let mut read = H::path_holes();
    if let ([ANY_ONE_HOLE], [only]) = (read.as_slice(), declared.as_slice()) {
        read = vec![only];
    }
    read.sort_unstable();
    assert_eq!(
        read, declared,
        "{name} reads the path holes {read:?}, its path has {declared:?}"
    );
    let mut declared: Vec<_> = specs.iter().flat_map(query_params).collect();
    declared.sort_unstable();
    declared.dedup();
    let mut read = H::query_params();
    read.sort_unstable();
    assert_eq!(
        read, declared,
        "{name} reads the query parameters {read:?}, its operation declares {declared:?}"
    );
    assert_eq!(
        H::SIGNED_IN,
        spec.access == Access::SignedIn,
        "{name} {} the session's user, its operation is declared {:?}",
        if H::SIGNED_IN {
            "needs"
        } else {
            "does not need"
        },
        spec.access,
    );
}

/// The holes of an operation's path (not of its query string).
fn path_holes(spec: &OperationSpec) -> Vec<&'static str> {
    spec.template
        .parts()
        .into_iter()
        .take_while(|part| !matches!(part, Part::Text(text) if text.contains('?')))
        .filter_map(|part| match part {
            Part::Hole(name) => Some(name),
            Part::Text(_) => None,
        })
        .collect()
}

/// The query parameters an operation declares: its query string's holes (required) and
/// its optional ones.
fn query_params(spec: &OperationSpec) -> Vec<&'static str> {
    let holes = spec.template.holes();
    let path = path_holes(spec);
    holes
        .into_iter()
        .skip(path.len())
        .chain(spec.query.iter().map(|(name, _)| *name))
        .collect()
}

/// The statuses an operation declares for success, sorted.
pub(crate) fn declared_statuses(spec: &OperationSpec) -> Vec<u16> {
    let mut statuses: Vec<u16> = std::iter::once(spec.status)
        .chain(spec.also)
        .chain(spec.form_redirect.then_some(303))
        .collect();
    statuses.sort_unstable();
    statuses
}

/// Panics unless a handler answers with exactly the statuses its operation declares.
fn check_statuses(spec: &OperationSpec, answered: &[u16]) {
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

/// The field names a path type deserializes from (a struct's, renamed as serde renames
/// them), read by deserializing it from a deserializer that only records what it is
/// asked for. A path type that is not a struct reads one hole, whatever its name: it is
/// given the template's only hole's name.
fn field_names<T: DeserializeOwned>() -> Vec<&'static str> {
    let asked = RefCell::new(None);
    let _ = T::deserialize(ShapeProbe(&asked));
    match asked.into_inner() {
        Some(fields) => fields.to_vec(),
        None => vec![ANY_ONE_HOLE],
    }
}

/// What [`field_names`] answers for a path type that is one unnamed value.
const ANY_ONE_HOLE: &str = "{the only hole}";

struct ShapeProbe<'a>(&'a RefCell<Option<&'static [&'static str]>>);

#[derive(Debug)]
struct Probed;

impl std::fmt::Display for Probed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("probed")
    }
}

impl std::error::Error for Probed {}

impl de::Error for Probed {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Probed
    }
}

impl<'de> de::Deserializer<'de> for ShapeProbe<'_> {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        Err(Probed)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Probed> {
        *self.0.borrow_mut() = Some(fields);
        Err(Probed)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
        identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{Added, Created};
    use crate::ApiError;
    use sound_atlas_contract::operation::{Endpoint, Operation};

    const CREATE: Operation<String, String> =
        Operation::post("create", "/api/things", "").created();
    const ADD: Operation<String, String> = Operation::post("add", "/api/things", "")
        .created()
        .or_existing();
    const READ: Endpoint<String> = Endpoint::get("read", "/api/things/{id}?page={page}", "");

    fn statuses_of<B, T, Args, H: Handles<B, T, Args>>(
        _: &Operation<B, T>,
        _: H,
    ) -> &'static [u16] {
        H::STATUSES
    }

    fn check_of<B, T, Args, H: Handles<B, T, Args>>(operation: &Operation<B, T>, _: H) {
        check::<B, T, Args, H>(&[operation.spec()])
    }

    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct TwoHoles {
        artist_id: i32,
        video_id: String,
    }

    #[test]
    fn a_path_type_names_the_holes_it_reads() {
        assert_eq!(field_names::<TwoHoles>(), ["artistId", "videoId"]);
        assert_eq!(field_names::<i32>(), [ANY_ONE_HOLE]);
        assert_eq!(path_holes(&READ), ["id"]);
    }

    #[test]
    fn an_answer_knows_its_statuses_through_results_and_headers() {
        async fn create(
            _: Input<String>,
        ) -> Result<([(&'static str, &'static str); 1], Created<String>), ApiError> {
            Ok(([("x-a", "b")], Created(String::new())))
        }
        async fn add(_: Input<String>) -> Result<Added<String>, ApiError> {
            Err(ApiError::bad_request("no"))
        }
        assert_eq!(statuses_of(&CREATE, create), [201]);
        check_of(&CREATE, create);
        check_of(&ADD, add);
    }

    #[test]
    #[should_panic(expected = "declares [200]")]
    fn a_created_answer_on_a_plain_read_is_refused() {
        async fn read(_: Path<i32>) -> Created<String> {
            Created(String::new())
        }
        check_of(&READ, read);
    }

    #[test]
    #[should_panic(expected = "reads no body, its operation declares one")]
    fn a_write_that_forgets_its_body_is_refused() {
        async fn create() -> Created<String> {
            Created(String::new())
        }
        check_of(&CREATE, create);
    }

    #[test]
    #[should_panic(expected = "reads the path holes [], its path has [\"id\"]")]
    fn a_read_that_ignores_its_path_hole_is_refused() {
        async fn read() -> axum::Json<String> {
            axum::Json(String::new())
        }
        check_of(&READ, read);
    }

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Paged {
        page: Option<u32>,
    }

    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Renamed {
        page_number: Option<u32>,
    }

    #[test]
    fn a_read_of_its_query_parameters_by_name_is_bound() {
        async fn read(_: Path<i32>, _: Query<Paged>) -> axum::Json<String> {
            axum::Json(String::new())
        }
        check_of(&READ, read);
    }

    #[test]
    #[should_panic(
        expected = "reads the query parameters [\"pageNumber\"], its operation declares [\"page\"]"
    )]
    fn a_renamed_query_parameter_is_refused() {
        async fn read(_: Path<i32>, _: Query<Renamed>) -> axum::Json<String> {
            axum::Json(String::new())
        }
        check_of(&READ, read);
    }

    #[test]
    #[should_panic(expected = "reads the query parameters [], its operation declares [\"page\"]")]
    fn a_read_that_ignores_its_query_is_refused() {
        async fn read(_: Path<i32>) -> axum::Json<String> {
            axum::Json(String::new())
        }
        check_of(&READ, read);
    }

    #[test]
    fn optional_query_parameters_are_declared_beside_the_templates() {
        const LISTED: Endpoint<String> =
            Endpoint::get("listed", "/api/things", "").with_query(&[("page", "")]);
        async fn list(_: Query<Paged>) -> axum::Json<String> {
            axum::Json(String::new())
        }
        check_of(&LISTED, list);
    }

    #[test]
    fn a_route_serving_a_list_and_its_filtered_twin_reads_both_queries() {
        const ALL: Endpoint<String> = Endpoint::get("all", "/api/things", "");
        const PAGED: Endpoint<String> = Endpoint::get("paged", "/api/things?page={page}", "");
        async fn list(_: Query<Paged>) -> axum::Json<String> {
            axum::Json(String::new())
        }
        fn check_all<B, T, Args, H: Handles<B, T, Args>>(specs: &[OperationSpec], _: H) {
            check::<B, T, Args, H>(specs)
        }
        check_all::<(), String, _, _>(&[ALL.spec(), PAGED.spec()], list);
    }
}
