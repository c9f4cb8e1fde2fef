//! Editorial pages: the article list and article detail, About, Privacy Policy and
//! Terms of Service. Their reads are the contract's route table's; each handler writes
//! the page's head and status.

mod head;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use sound_atlas_content::Category;
use sound_atlas_contract::content::api;
use sound_atlas_contract::pages::routes;

use super::{origin, render, PageReads};
use crate::render::{Page, PageRequest};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(routes::ARTICLES.path.0, get(articles))
        .route(routes::ARTICLE.path.0, get(article))
        .route(routes::ABOUT.path.0, get(about))
        .route(routes::PRIVACY_POLICY.path.0, get(privacy_policy))
        .route(routes::TERMS_OF_SERVICE.path.0, get(terms_of_service))
}

/// The list, filtered by `?category=` (a name or slug; anything else shows all, as
/// the browser reads it). The whole list is read; the page filters it, so the
/// category links work the same with and without JavaScript.
async fn articles(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    let category = reads.value("category").and_then(Category::parse);
    let answers = reads.fill(&routes::ARTICLES).await;
    let head = head::articles(origin(&state), category);
    render(
        &state,
        &request,
        &routes::ARTICLES,
        answers.status(),
        head,
        answers,
    )
    .await
}

/// One article, with the list for "More in {category}"; a missing article is a 404
/// with the spec's "Article Not Found" screen.
async fn article(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    let raw_id = reads.value("id").unwrap_or_default().to_owned();
    let answers = reads.fill(&routes::ARTICLE).await;
    // Taken out of the answers first: they are not held across the read below.
    let article = answers.get(&api::ARTICLE.path(&[&raw_id]));
    let head = match article {
        Some(article) => {
            let modified = modified_time(&state, article.id).await;
            head::article(origin(&state), &article, modified.as_deref())
        }
        None => head::article_not_found(request.uri().path()),
    };
    render(
        &state,
        &request,
        &routes::ARTICLE,
        answers.status(),
        head,
        answers,
    )
    .await
}

/// When the article last changed (RFC 3339), if the data records it; a failed read
/// leaves the tag out rather than failing the page.
async fn modified_time(state: &AppState, id: i32) -> Option<String> {
    use time::format_description::well_known::Rfc3339;
    let changed = sound_atlas_content::reads::article_modified_at(&state.content, id)
        .await
        .inspect_err(|err| tracing::warn!(id, ?err, "article page: modified time not read"))
        .ok()??;
    time::OffsetDateTime::from_unix_timestamp(changed)
        .ok()?
        .format(&Rfc3339)
        .ok()
}

async fn static_page(
    state: &AppState,
    request: &PageRequest,
    route: &'static str,
    head: crate::head::Head,
) -> Response {
    let page = Page {
        route,
        private: false,
        status: StatusCode::OK,
        head,
        prefetched: Vec::new(),
    };
    state.renderer.render(request, page).await
}

async fn about(State(state): State<AppState>, request: PageRequest) -> Response {
    let head = head::about(&state.renderer.site().public_url);
    static_page(&state, &request, routes::ABOUT.id, head).await
}

async fn privacy_policy(State(state): State<AppState>, request: PageRequest) -> Response {
    let head = head::privacy_policy(&state.renderer.site().public_url);
    static_page(&state, &request, routes::PRIVACY_POLICY.id, head).await
}

async fn terms_of_service(State(state): State<AppState>, request: PageRequest) -> Response {
    let head = head::terms_of_service(&state.renderer.site().public_url);
    static_page(&state, &request, routes::TERMS_OF_SERVICE.id, head).await
}
