//! Pages of the public catalogue: home, browse, artist, search.

use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_catalog::reads::{self, paths};
use sound_atlas_catalog::Letter;
use sound_atlas_web::{encode_uri_component, ApiError, PathParam, QueryParams};

use super::{render, Head, Page, Prefetched};
use crate::app::AppState;

/// Highest `page` a browse page renders (as `MAX_BROWSE_PAGE` in ui/src/lib/letters.ts).
const MAX_BROWSE_PAGE: usize = 50;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/browse", get(browse))
        .route("/artist/{id}", get(artist))
        .route("/search", get(search_form))
        .route("/search/{*query}", get(search))
}

/// Home: the spotlight random artist is read here; later sections bring their own data.
async fn home(State(state): State<AppState>, uri: Uri) -> Response {
    let spotlight = reads::random(&state.catalog).await;
    let page = Page {
        status: StatusCode::OK,
        head: Head::home(&state.site.public_url),
        prefetched: vec![Prefetched::new(paths::RANDOM.into(), &spotlight)],
    };
    render(&state, &uri, page).await
}

/// Browse: `?letter=` and `?page=` render pages 1..=page of the letter, so "Load More"
/// and the letter bar are plain links that work without JavaScript; `refresh=true`
/// rereads the catalogue first. Unlike the API, the page reads its parameters
/// leniently, exactly as the client does (`ui/src/lib/letters.ts`), so that both
/// agree on which pages are shown: a letter other than "#" or A-Z means A, a page
/// that is not a positive whole number means 1, and pages are capped at 50.
async fn browse(State(state): State<AppState>, uri: Uri, params: QueryParams) -> Response {
    let letter_param = params
        .get("letter")
        .and_then(|raw| Letter::parse(raw.trim()));
    let letter = letter_param.unwrap_or(Letter::DEFAULT);
    let pages = params
        .get("page")
        .map(str::trim)
        .filter(|raw| !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()))
        .map_or(1, |raw| {
            raw.parse::<usize>()
                .unwrap_or(MAX_BROWSE_PAGE)
                .clamp(1, MAX_BROWSE_PAGE)
        });
    let refresh = params.flag("refresh");
    let mut prefetched = Vec::with_capacity(pages);
    for page in 1..=pages {
        let result = reads::browse(&state.catalog, letter, page, refresh && page == 1).await;
        prefetched.push(Prefetched::new(paths::browse(letter, page), &result));
    }
    let canonical = match letter_param {
        Some(letter) => format!(
            "/browse?letter={}",
            encode_uri_component(&letter.to_string())
        ),
        None => "/browse".into(),
    };
    render(
        &state,
        &uri,
        Page {
            status: StatusCode::OK,
            head: Head::browse(canonical),
            prefetched,
        },
    )
    .await
}

/// Artist detail, with its neighbours in the full list and related artists.
async fn artist(State(state): State<AppState>, uri: Uri, PathParam(raw_id): PathParam) -> Response {
    let catalog = &state.catalog;
    let page = match reads::parse_artist_id(&raw_id) {
        Err(err) => Page {
            status: err.status(),
            head: Head::artist_not_found(uri.path()),
            // Keyed as the client would request it, so it shows the same not-found state.
            prefetched: vec![Prefetched::new(
                format!("/api/artists/{}", encode_uri_component(&raw_id)),
                &Err::<(), _>(err),
            )],
        },
        Ok(id) => match reads::artist(catalog, id).await {
            Ok(artist) => Page {
                status: StatusCode::OK,
                head: Head::artist(&state.site.public_url, &artist),
                prefetched: vec![
                    Prefetched::new(paths::artist(id), &Ok::<_, ApiError>(&artist)),
                    Prefetched::new(paths::neighbors(id), &reads::neighbors(catalog, id).await),
                    Prefetched::new(paths::related(id), &reads::related(catalog, id).await),
                ],
            },
            Err(err) => Page {
                status: err.status(),
                head: Head::artist_not_found(uri.path()),
                prefetched: vec![Prefetched::new(paths::artist(id), &Err::<(), _>(err))],
            },
        },
    };
    render(&state, &uri, page).await
}

/// `/search?q=...` is the header form without JavaScript: send it to `/search/{q}`.
async fn search_form(State(state): State<AppState>, uri: Uri, params: QueryParams) -> Response {
    match params.get("q").map(str::trim) {
        Some(q) if !q.is_empty() => {
            Redirect::to(&format!("/search/{}", encode_uri_component(q))).into_response()
        }
        Some(_) => Redirect::to("/search").into_response(),
        None => search_page(&state, &uri, "").await,
    }
}

async fn search(State(state): State<AppState>, uri: Uri, PathParam(query): PathParam) -> Response {
    search_page(&state, &uri, &query).await
}

async fn search_page(state: &AppState, uri: &Uri, raw_query: &str) -> Response {
    let query = raw_query.trim();
    if query.is_empty() {
        let page = Page {
            status: StatusCode::OK,
            head: Head::search(None, "/search".into()),
            prefetched: Vec::new(),
        };
        return render(state, uri, page).await;
    }
    let result = match reads::parse_search_query(Some(query)) {
        Ok(query) => reads::search(&state.catalog, &query).await,
        Err(err) => Err(err),
    };
    let status = result
        .as_ref()
        .map_or_else(|err| err.status(), |_| StatusCode::OK);
    let page = Page {
        status,
        head: Head::search(
            Some(query),
            format!("/search/{}", encode_uri_component(query)),
        ),
        prefetched: vec![Prefetched::new(paths::search(query), &result)],
    };
    render(state, uri, page).await
}
