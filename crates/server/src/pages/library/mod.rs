//! The signed-in visitor's library on every page: their favorites, folders and
//! video favorites (and who they are: the contract's `VIEWER_READS`) are read here and
//! go into the page's server-rendered state, so the first HTML already shows the right
//! hearts and header count and hydration does not flicker. Pages rendered with them are
//! private (`render::ViewerReads` on the request): never in the render cache, never stored by a
//! browser or proxy. Anonymous visitors get the cached public pages, with nobody's
//! favorites in them.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use sound_atlas_accounts::CurrentUser;
use sound_atlas_contract::accounts::api as accounts_api;
use sound_atlas_contract::library::api;
use sound_atlas_contract::pages::{routes, titles};
use sound_atlas_library::FolderId;
use sound_atlas_web::ApiError;

use super::PageReads;
use crate::head::Head;
use crate::render::{Page, PageRequest, ViewerReads};
use crate::state::AppState;

/// Middleware over the pages: with a signed-in visitor, puts their reads on the request
/// (every page rendered for it carries them and is private).
pub async fn viewer(
    current: Result<CurrentUser, ApiError>,
    request: Request,
    next: Next,
) -> Response {
    let Ok(CurrentUser { user: Some(_), .. }) = current else {
        return next.run(request).await;
    };
    let (mut parts, body) = request.into_parts();
    let Ok(reads) = PageReads::from_request_parts(&mut parts, &()).await;
    let reads = reads.fill_viewer().await;
    parts.extensions.insert(ViewerReads::new(reads));
    next.run(Request::from_parts(parts, body)).await
}

// ---- /favorites and /favorites/folder/{folderId}

/// The favorites pages: private (one visitor's own library, never cached). Signed in,
/// the viewer layer has already put their library into the state; signed out, the page
/// is told so (`/api/user` is null) and renders its sign-in prompt from the first byte.
/// A folder id that is not one of the visitor's folders answers 404 (the same for
/// another user's folder as for none at all).
pub fn router() -> axum::Router<AppState> {
    use axum::routing::get;
    axum::Router::new()
        .route(routes::FAVORITES.path.0, get(favorites_page))
        .route(routes::FAVORITES_FOLDER.path.0, get(folder_page))
}

const DESCRIPTION: &str = "Your favorite artists and videos on Sound Atlas, in folders you name.";

fn favorites_head(title: String, request: &PageRequest) -> Head {
    Head {
        robots: Some("noindex"),
        ..Head::website(title, DESCRIPTION, request.uri().path().to_owned())
    }
}

async fn favorites_page(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    let answers = reads.fill(&routes::FAVORITES).await;
    let page = Page {
        route: routes::FAVORITES.id,
        private: true,
        status: StatusCode::OK,
        head: favorites_head(titles::FAVORITES.fill(&[]), &request),
        prefetched: answers.into_prefetched(),
    };
    state.renderer.render(&request, page).await
}

/// A folder's page is titled by the folder's name, from the visitor's folders (which
/// every page carries for them).
async fn folder_page(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    let raw_id = reads.value("folderId").unwrap_or_default().to_owned();
    let answers = reads.fill(&routes::FAVORITES_FOLDER).await;
    let signed_in = answers
        .get(&accounts_api::USER.path(&[]))
        .flatten()
        .is_some();
    let (status, title) = if signed_in {
        match answers.get(&api::FOLDERS.path(&[])) {
            Some(folders) => match FolderId::parse(&raw_id)
                .ok()
                .and_then(|id| folders.iter().find(|f| f.id == id.get()))
            {
                Some(folder) => (
                    StatusCode::OK,
                    titles::FAVORITES_FOLDER.fill(&[&folder.name]),
                ),
                None => (StatusCode::NOT_FOUND, titles::FOLDER_NOT_FOUND.fill(&[])),
            },
            None => (
                StatusCode::INTERNAL_SERVER_ERROR,
                titles::FAVORITES.fill(&[]),
            ),
        }
    } else {
        (StatusCode::OK, titles::FAVORITES.fill(&[]))
    };
    let page = Page {
        route: routes::FAVORITES_FOLDER.id,
        private: true,
        status,
        // A missing folder is an error page: its own title, and no canonical URL.
        head: if status == StatusCode::NOT_FOUND {
            Head::error(title, request.uri().path())
        } else {
            favorites_head(title, &request)
        },
        prefetched: answers.into_prefetched(),
    };
    state.renderer.render(&request, page).await
}
