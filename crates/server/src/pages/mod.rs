//! Server-rendered pages. Each feature's page handlers decide, per route of the
//! contract's route table, which API reads the page needs (calling the same functions
//! that serve `/api/...`), its status and head, and hand that [`Page`] to the renderer.

mod accounts;
mod catalog;
mod content;
mod crawlers;
pub mod library;
mod quiz;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use sound_atlas_contract::pages::routes;
use sound_atlas_web::{PathParam, QueryParams};

use crate::head::Head;
use crate::render::{Page, PageRequest};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(routes::HOME.path.0, get(home))
        .route(routes::ARTIST.path.0, get(artist))
        .merge(catalog::router())
        .merge(quiz::router())
        .merge(content::router())
        .merge(accounts::router())
        .merge(library::router())
        .merge(crawlers::router())
        .fallback(not_found)
}

// The home and artist pages show the catalogue's reads and the content's: composed here,
// so neither feature's pages reach into the other's.

/// Home: the catalogue's spotlight and the content's sections (`?refresh=true` rereads
/// the Weekly Top 10).
async fn home(
    State(state): State<AppState>,
    request: PageRequest,
    params: QueryParams,
) -> Response {
    let sections = content::home_reads(&state, &params).await;
    catalog::home(&state, &request, sections).await
}

/// An artist: the catalogue's page, with the content's Featured Video (the artist's
/// channel's latest videos).
async fn artist(
    State(state): State<AppState>,
    request: PageRequest,
    PathParam(raw_id): PathParam,
) -> Response {
    catalog::artist(&state, &request, &raw_id, async |artist| {
        content::artist_videos(&state, artist).await
    })
    .await
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
