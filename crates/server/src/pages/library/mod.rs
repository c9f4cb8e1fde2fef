//! The signed-in visitor's library on every page (issue 8): their favorites, folders and
//! video favorites (and who they are) are read here, under the contract's API paths, and
//! go into the page's server-rendered state, so the first HTML already shows the right
//! hearts and header count and hydration does not flicker. Pages rendered with them are
//! private (`render::with_viewer_reads`): never in the render cache, never stored by a
//! browser or proxy. Anonymous visitors get the cached public pages, with nobody's
//! favorites in them.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use sound_atlas_accounts::CurrentUser;
use sound_atlas_contract::accounts::{api as accounts_api, User};
use sound_atlas_contract::library::api;
use sound_atlas_http::ApiError;
use sound_atlas_library::store;

use crate::render::{with_viewer_reads, Prefetched};
use crate::state::AppState;

/// Middleware over the pages: with a signed-in visitor, runs the page with their reads.
pub async fn viewer(
    State(state): State<AppState>,
    current: Result<CurrentUser, ApiError>,
    request: Request,
    next: Next,
) -> Response {
    let Ok(CurrentUser {
        user: Some(user), ..
    }) = current
    else {
        return next.run(request).await;
    };
    let library = &state.library;
    let reads = vec![
        Prefetched::new(
            accounts_api::USER.path(&[]),
            &Ok(Some(User {
                id: user.id,
                email: user.email.clone(),
            })),
        ),
        Prefetched::new(
            api::FAVORITES.path(&[]),
            &store::favorites(library, user.id).await,
        ),
        Prefetched::new(
            api::FOLDERS.path(&[]),
            &store::folders(library, user.id).await,
        ),
        Prefetched::new(
            api::VIDEO_FAVORITES.path(&[]),
            &store::video_favorites(library, user.id).await,
        ),
    ];
    with_viewer_reads(reads, next.run(request)).await
}
