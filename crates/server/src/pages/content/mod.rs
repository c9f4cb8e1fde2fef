//! Editorial pages: the article list and article detail, About, Privacy Policy and
//! Terms of Service, and the content sections home prefetches. Each handler reads
//! through `sound_atlas_content::reads` (the functions behind `/api`) and keys the
//! results by the contract's API paths.

mod head;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use sound_atlas_content::{reads, Category};
use sound_atlas_contract::content::api;
use sound_atlas_contract::pages::routes;
use sound_atlas_web::{PathParam, QueryParams};

use crate::render::{prefetch, Page, PageRequest, Prefetched};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(routes::ARTICLES.path.0, get(articles))
        .route(routes::ARTICLE.path.0, get(article))
        .route(routes::ABOUT.path.0, get(about))
        .route(routes::PRIVACY_POLICY.path.0, get(privacy_policy))
        .route(routes::TERMS_OF_SERVICE.path.0, get(terms_of_service))
}

/// Home's content sections: Weekly Top 10 (`?refresh=true` rereads it; `?week=` shows
/// that past week, keyed by the week as the browser asks for it) with the list of weeks
/// for its selector, Brand New Songs, the channel's videos and the latest articles.
/// Each is keyed by the API path the browser reads; a failed read is prefetched as its
/// error, so the section shows its failure state instead of loading.
pub async fn home_reads(state: &AppState, params: &QueryParams) -> Vec<Prefetched> {
    let content = &state.content;
    let refresh = params.flag("refresh");
    let week = params.get("week");
    let latest = || async {
        prefetch(
            api::WEEKLY_TOP_TEN.path(&[]),
            &reads::weekly_top_ten(content, refresh).await,
        )
    };
    // A week without a list is prefetched as its refusal, with the latest week the
    // section shows instead.
    let top_ten = async {
        let Some(raw) = week else {
            return vec![latest().await];
        };
        let chart = match reads::parse_week(raw) {
            Ok(week) => reads::weekly_top_ten_of(content, &week, refresh).await,
            Err(err) => Err(err),
        };
        let refused = chart
            .as_ref()
            .is_err_and(|err| err.status().is_client_error());
        let asked = prefetch(api::WEEKLY_TOP_TEN_OF.path(&[&raw]), &chart);
        if refused {
            vec![asked, latest().await]
        } else {
            vec![asked]
        }
    };
    let (top_ten, weeks, new_songs, videos, articles) = tokio::join!(
        top_ten,
        reads::top_ten_weeks(content),
        reads::new_songs(content),
        reads::channel_videos(content),
        reads::articles(content, None),
    );
    let mut prefetched = top_ten;
    prefetched.extend([
        prefetch(api::TOP_TEN_WEEKS.path(&[]), &weeks),
        prefetch(api::NEW_SONGS.path(&[]), &new_songs),
        prefetch(api::CHANNEL_VIDEOS.path(&[]), &videos),
        prefetch(api::ARTICLES.path(&[]), &articles),
    ]);
    prefetched
}

/// The artist page's Featured Video: the latest videos of the channel its
/// soloVideoLink names, keyed as the browser asks (the trimmed link); nothing when the
/// artist has no link. A link that names no channel is prefetched as its 400.
pub async fn artist_videos(
    state: &AppState,
    artist: &sound_atlas_catalog::Artist,
) -> Option<Prefetched> {
    let link = artist
        .solo_video_link
        .as_deref()
        .map(str::trim)
        .filter(|link| !link.is_empty())?;
    let videos = match reads::parse_channel_url(Some(link)) {
        Ok(channel) => reads::artist_channel_videos(&state.content, &state.catalog, &channel).await,
        Err(err) => Err(err),
    };
    Some(prefetch(api::ARTIST_CHANNEL_VIDEOS.path(&[&link]), &videos))
}

/// The list, filtered by `?category=` (a name or slug; anything else shows all, as
/// the browser reads it). The whole list is prefetched; the page filters it, so the
/// category links work the same with and without JavaScript.
async fn articles(
    State(state): State<AppState>,
    request: PageRequest,
    params: QueryParams,
) -> Response {
    let category = params.get("category").and_then(Category::parse);
    let list = reads::articles(&state.content, None).await;
    let status = match &list {
        Ok(_) => StatusCode::OK,
        Err(err) => err.status(),
    };
    let page = Page {
        route: routes::ARTICLES.id,
        private: false,
        status,
        head: head::articles(&state.renderer.site().public_url, category),
        prefetched: vec![prefetch(api::ARTICLES.path(&[]), &list)],
    };
    state.renderer.render(&request, page).await
}

/// One article, with the list for "More in {category}"; a missing article is a 404
/// with the spec's "Article Not Found" screen.
async fn article(
    State(state): State<AppState>,
    request: PageRequest,
    PathParam(raw_id): PathParam,
) -> Response {
    let content = &state.content;
    let result = match reads::parse_article_id(&raw_id) {
        Ok(id) => reads::article(content, id).await,
        Err(err) => Err(err),
    };
    let page = match result {
        Ok(article) => {
            let list = reads::articles(content, None).await;
            Page {
                route: routes::ARTICLE.id,
                private: false,
                status: StatusCode::OK,
                head: head::article(&state.renderer.site().public_url, &article),
                prefetched: vec![
                    prefetch(api::ARTICLE.path(&[&article.id]), &Ok(article)),
                    prefetch(api::ARTICLES.path(&[]), &list),
                ],
            }
        }
        // Keyed as the client requests it (the raw id), so it shows the same state.
        Err(err) => Page {
            route: routes::ARTICLE.id,
            private: false,
            status: err.status(),
            head: head::article_not_found(request.uri().path()),
            prefetched: vec![prefetch(api::ARTICLE.path(&[&raw_id]), &Err(err))],
        },
    };
    state.renderer.render(&request, page).await
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
