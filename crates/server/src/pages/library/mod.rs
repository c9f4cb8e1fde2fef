//! The signed-in visitor's library on every page: their favorites, folders and
//! video favorites (and who they are) are read here, under the contract's API paths, and
//! go into the page's server-rendered state, so the first HTML already shows the right
//! hearts and header count and hydration does not flicker. Pages rendered with them are
//! private (`render::ViewerReads` on the request): never in the render cache, never stored by a
//! browser or proxy. Anonymous visitors get the cached public pages, with nobody's
//! favorites in them.

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use sound_atlas_accounts::CurrentUser;
use sound_atlas_contract::accounts::{api as accounts_api, User};
use sound_atlas_contract::library::api;
use sound_atlas_contract::pages::{routes, titles};
use sound_atlas_library::{favorites, folders, videos, FolderId, UserId};
use sound_atlas_web::{ApiError, PathParam};

use crate::head::Head;
use crate::render::{prefetch, Page, PageRequest, Prefetched, ViewerReads};
use crate::state::AppState;

/// Middleware over the pages: with a signed-in visitor, puts their reads on the request
/// (every page rendered for it carries them and is private).
pub async fn viewer(
    State(state): State<AppState>,
    current: Result<CurrentUser, ApiError>,
    mut request: Request,
    next: Next,
) -> Response {
    let Ok(CurrentUser {
        user: Some(user), ..
    }) = current
    else {
        return next.run(request).await;
    };
    let library = &state.library;
    let owner = UserId::of(&user);
    let reads = vec![
        prefetch(
            accounts_api::USER.path(&[]),
            &Ok(Some(User {
                id: user.id,
                email: user.email.clone(),
            })),
        ),
        prefetch(
            api::FAVORITES.path(&[]),
            &favorites::favorites(library, owner).await,
        ),
        prefetch(
            api::FOLDERS.path(&[]),
            &folders::folders(library, owner).await,
        ),
        prefetch(
            api::VIDEO_FAVORITES.path(&[]),
            &videos::video_favorites(library, owner).await,
        ),
    ];
    request.extensions_mut().insert(ViewerReads::new(reads));
    next.run(request).await
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

fn signed_out_reads(current: &Result<CurrentUser, ApiError>) -> Vec<Prefetched> {
    match current {
        Ok(CurrentUser { user: Some(_), .. }) => Vec::new(),
        _ => vec![prefetch(accounts_api::USER.path(&[]), &Ok(None))],
    }
}

async fn favorites_page(
    State(state): State<AppState>,
    request: PageRequest,
    current: Result<CurrentUser, ApiError>,
) -> Response {
    let page = Page {
        route: routes::FAVORITES.id,
        private: true,
        status: StatusCode::OK,
        head: favorites_head(titles::FAVORITES.fill(&[]), &request),
        prefetched: signed_out_reads(&current),
    };
    state.renderer.render(&request, page).await
}

async fn folder_page(
    State(state): State<AppState>,
    request: PageRequest,
    current: Result<CurrentUser, ApiError>,
    PathParam(raw_id): PathParam,
) -> Response {
    let (status, title) = match &current {
        Ok(CurrentUser {
            user: Some(user), ..
        }) => {
            let folder = match FolderId::parse(&raw_id) {
                Ok(id) => folders::folders(&state.library, UserId::of(user))
                    .await
                    .map(|folders| folders.into_iter().find(|f| f.id == id.get())),
                Err(_) => Ok(None),
            };
            match folder {
                Ok(Some(folder)) => (
                    StatusCode::OK,
                    titles::FAVORITES_FOLDER.fill(&[&folder.name]),
                ),
                Ok(None) => (StatusCode::NOT_FOUND, titles::FOLDER_NOT_FOUND.fill(&[])),
                Err(err) => (err.status(), titles::FAVORITES.fill(&[])),
            }
        }
        _ => (StatusCode::OK, titles::FAVORITES.fill(&[])),
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
        prefetched: signed_out_reads(&current),
    };
    state.renderer.render(&request, page).await
}
