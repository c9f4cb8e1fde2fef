//! The route contract between the Rust server and the React UI.
//!
//! Every fact both sides need is written here once:
//! - API payload types (`catalog`, `quiz`, `error`), with serde for the server and ts-rs for the UI;
//! - API operations, reads and writes alike: method, path template (a read's is also the
//!   browser's query key), request body, answer, success status and access
//!   (`Operation<B, T>`, `Endpoint<T>` for reads, `ApiPath<T>`); the server mounts its
//!   handlers by them, the OpenAPI description and the UI's client are generated from them;
//! - page routes, links, the addresses of the pictures the server draws, document titles
//!   and page descriptions (`pages`);
//! - the render envelope: the server's request to the engine's `render`, its answer and
//!   the page state the browser hydrates from (`render`);
//! - limits (page sizes, caps, letters), and the two rules both sides implement (the
//!   lenient browse parameters, page descriptions) with the cases each side tests.
//!
//! `codegen` turns it into `ui/src/generated/` (run by the root `build.rs`; the crate's
//! tests fail when the committed copy is stale). Rust → TypeScript is the one direction:
//! the UI never defines a payload, path, title or limit of its own.

pub mod accounts;
pub mod catalog;
pub mod codegen;
pub mod content;
pub mod error;
pub mod library;
pub mod openapi;
pub mod operation;
pub mod pages;
pub mod quiz;
pub mod render;
pub mod template;
pub mod video;

pub use error::ErrorBody;
pub use operation::{ApiPath, Endpoint, Operation};
pub use pages::{PageRoute, SITE_NAME, TAGLINE};
pub use template::{encode_uri_component, Template};

/// Every operation of the API, in the order the description lists them.
pub fn operations() -> Vec<operation::OperationInfo> {
    [
        catalog::api::operations(),
        quiz::api::operations(),
        accounts::api::operations(),
        content::api::operations(),
        library::api::operations(),
        vec![openapi::DESCRIPTION.info()],
    ]
    .concat()
}
