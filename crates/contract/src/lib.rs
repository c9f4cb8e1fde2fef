//! The route contract between the Rust server and the React UI.
//!
//! Every fact both sides need is written here once:
//! - API payload types (`catalog`, `quiz`, `error`), with serde for the server and ts-rs for the UI;
//! - API endpoints: path templates (which are also the browser's query keys) typed by
//!   their payload (`Endpoint<T>`, `ApiPath<T>`);
//! - page routes, links and document titles (`pages`);
//! - limits (page sizes, caps, letters) and the lenient browse-parameter rules.
//!
//! `codegen` turns it into `ui/src/generated/` (run by the root `build.rs`; the crate's
//! tests fail when the committed copy is stale). Rust → TypeScript is the one direction:
//! the UI never defines a payload, path, title or limit of its own.

pub mod accounts;
pub mod catalog;
pub mod codegen;
pub mod content;
pub mod endpoint;
pub mod error;
pub mod library;
pub mod openapi;
pub mod pages;
pub mod quiz;
pub mod template;
pub mod video;

pub use endpoint::{ApiPath, Endpoint};
pub use error::ErrorBody;
pub use pages::{PageRoute, SITE_NAME, TAGLINE};
pub use template::{encode_uri_component, Template};
