//! API endpoints: a name, a path template and the payload type it answers with.

use std::fmt::Display;
use std::marker::PhantomData;

use ts_rs::{Config, TS};

use crate::template::{encode_uri_component, Part, Template};

/// A `GET` endpoint under `/api` whose answer is a `T`. Its filled path is also the
/// browser's query key, so a page's prefetched read and the client's read meet.
pub struct Endpoint<T> {
    pub name: &'static str,
    pub template: Template,
    payload: PhantomData<fn() -> T>,
}

/// A filled endpoint path, typed by the payload it answers with: the server can only
/// prefetch a `T` under an `ApiPath<T>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ApiPath<T> {
    path: String,
    payload: PhantomData<fn() -> T>,
}

impl<T> ApiPath<T> {
    pub fn as_str(&self) -> &str {
        &self.path
    }

    pub fn into_string(self) -> String {
        self.path
    }
}

impl<T> Display for ApiPath<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.path)
    }
}

impl<T> Endpoint<T> {
    pub const fn new(name: &'static str, template: &'static str) -> Self {
        Endpoint {
            name,
            template: Template(template),
            payload: PhantomData,
        }
    }

    /// The path with every hole encoded as `encodeURIComponent` would.
    pub fn path(&self, values: &[&dyn Display]) -> ApiPath<T> {
        ApiPath {
            path: self.template.fill_with(values, encode_uri_component),
            payload: PhantomData,
        }
    }

    /// The axum route of this endpoint inside the `/api` router: the template without
    /// `/api` and without its query string (`/api/artists/{id}` -> `/artists/{id}`).
    pub fn route(&self) -> &'static str {
        let path = self.template.0;
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        path.strip_prefix("/api")
            .expect("API templates start with /api")
    }
}

/// What the TypeScript generator needs of an endpoint, whatever its payload type.
pub struct EndpointInfo {
    pub name: &'static str,
    pub template: Template,
    /// The payload as a TypeScript type expression.
    pub payload: String,
}

impl<T: TS + 'static> Endpoint<T> {
    pub fn info(&self, cfg: &Config) -> EndpointInfo {
        EndpointInfo {
            name: self.name,
            template: self.template,
            payload: T::name(cfg),
        }
    }
}

/// The holes of a template, checked to be plain identifiers (they become parameters).
pub(crate) fn hole_names(template: &Template) -> Vec<&'static str> {
    template
        .parts()
        .into_iter()
        .filter_map(|part| match part {
            Part::Hole(name) => {
                assert!(
                    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "hole {name:?} in {:?} is not an identifier",
                    template.0
                );
                Some(name)
            }
            Part::Text(_) => None,
        })
        .collect()
}
