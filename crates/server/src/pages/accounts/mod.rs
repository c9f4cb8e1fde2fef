//! The privacy pages of a signed-in visitor: /privacy-settings, /data-access,
//! /account-deletion. They show one visitor's own state, so they are private (never in
//! the render cache, `no-store`). Signed in, the viewer layer (pages::library) already
//! puts the user into the page's state; signed out, the page reads who the visitor is
//! (`/api/user` is null) and renders "Login Required" from the first byte.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use sound_atlas_contract::pages::{routes, titles, PageRoute};
use sound_atlas_contract::template::Template;

use super::PageReads;
use crate::head::Head;
use crate::render::{Page, PageRequest};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(routes::PRIVACY_SETTINGS.path.0, get(privacy_settings))
        .route(routes::DATA_ACCESS.path.0, get(data_access))
        .route(routes::ACCOUNT_DELETION.path.0, get(account_deletion))
        .route(routes::CONFIRM_EMAIL.path.0, get(confirm_email))
        .route(routes::NEW_PASSWORD.path.0, get(new_password))
}

/// `/confirm-email?token=`: the sign-up mail's link, as a page of the site whose button
/// posts the token (rendering it changes nothing).
async fn confirm_email(state: State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    email_link_page(
        state,
        request,
        reads,
        routes::CONFIRM_EMAIL,
        titles::CONFIRM_EMAIL,
        "Confirm your email address to finish signing up to Sound Atlas.",
    )
    .await
}

/// `/new-password?token=`: the recovery mail's link, likewise.
async fn new_password(state: State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    email_link_page(
        state,
        request,
        reads,
        routes::NEW_PASSWORD,
        titles::NEW_PASSWORD,
        "Choose a new password for your Sound Atlas account.",
    )
    .await
}

/// The token is in the address: the page is private (never in the render cache or a
/// browser's cache), unindexed, names only its path as canonical, and sends no referrer.
/// It carries the link's state (live, contested, used or invalid), so its first HTML
/// shows the right form or message.
async fn email_link_page(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
    route: PageRoute,
    title: Template,
    description: &'static str,
) -> Response {
    let page = Page {
        route: route.id,
        private: true,
        status: StatusCode::OK,
        head: Head {
            robots: Some("noindex"),
            ..Head::website(
                title.fill(&[]),
                description,
                request.uri().path().to_owned(),
            )
        },
        prefetched: reads.fill(&route).await.into_prefetched(),
    };
    let mut response = state.renderer.render(&request, page).await;
    response.headers_mut().insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

async fn privacy_settings(
    state: State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    private_page(
        state,
        request,
        reads,
        routes::PRIVACY_SETTINGS,
        titles::PRIVACY_SETTINGS,
        "Choose which cookies Sound Atlas may use and clear the data stored on this device.",
    )
    .await
}

async fn data_access(state: State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    private_page(
        state,
        request,
        reads,
        routes::DATA_ACCESS,
        titles::DATA_ACCESS,
        "Download a copy of the data Sound Atlas keeps about you.",
    )
    .await
}

async fn account_deletion(
    state: State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    private_page(
        state,
        request,
        reads,
        routes::ACCOUNT_DELETION,
        titles::ACCOUNT_DELETION,
        "Delete your Sound Atlas account and all of its data.",
    )
    .await
}

async fn private_page(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
    route: PageRoute,
    title: Template,
    description: &'static str,
) -> Response {
    let answers = reads.fill(&route).await;
    let head = Head {
        robots: Some("noindex"),
        ..Head::website(
            title.fill(&[]),
            description,
            request.uri().path().to_owned(),
        )
    };
    let page = Page {
        route: route.id,
        private: true,
        status: StatusCode::OK,
        head,
        prefetched: answers.into_prefetched(),
    };
    state.renderer.render(&request, page).await
}
