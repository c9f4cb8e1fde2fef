//! Server-rendered pages. The contract's route table names each page's API reads;
//! [`PageReads`] makes them through the API router itself. Each feature's page
//! handlers decide only what the reads cannot: how the page reads its values
//! leniently, its redirects, its status and its head, and hand that [`Page`] to the
//! renderer.

mod accounts;
mod catalog;
mod content;
mod crawlers;
pub mod library;
mod quiz;
mod reads;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Router;
use sound_atlas_contract::pages::PageRoute;

pub use reads::{Api, PageAnswers, PageReads};

use crate::head::Head;
use crate::render::{Page, PageRequest};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(catalog::router())
        .merge(quiz::router())
        .merge(content::router())
        .merge(accounts::router())
        .merge(library::router())
        .merge(crawlers::router())
        .fallback(not_found)
}

/// The public origin, for a head's absolute URLs.
fn origin(state: &AppState) -> &str {
    &state.renderer.site().public_url
}

/// Renders a public page of `route` (one anybody may be served from a cache).
async fn render(
    state: &AppState,
    request: &PageRequest,
    route: &PageRoute,
    status: StatusCode,
    head: Head,
    answers: PageAnswers,
) -> Response {
    let page = Page {
        route: route.id,
        private: false,
        status,
        head,
        prefetched: answers.into_prefetched(),
    };
    state.renderer.render(request, page).await
}

/// The route id of the not-found page (any path no route claims).
pub const NOT_FOUND_ROUTE: &str = "notFound";

/// Any path no route claims: HTTP 404 with the not-found screen.
async fn not_found(State(state): State<AppState>, request: PageRequest) -> Response {
    let page = Page {
        route: NOT_FOUND_ROUTE,
        private: false,
        status: StatusCode::NOT_FOUND,
        head: Head::not_found(request.uri().path()),
        prefetched: Vec::new(),
    };
    state.renderer.render(&request, page).await
}
