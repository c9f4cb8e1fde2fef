//! Pages of the public catalogue: home, browse, genre, artist, search. Routes come from the
//! contract's route table; each handler prefetches through `sound_atlas_catalog::reads`
//! under the contract's API paths.

pub(crate) mod head;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_catalog::{reads, ArtistId, GenreSlug, PageNumber, SearchQuery};
use sound_atlas_contract::catalog::{api, lenient_page, BrowseParams, PageSpan};
use sound_atlas_contract::pages::routes;
use sound_atlas_web::{PathParam, QueryParams};

pub use head::browse_letter_path;

use crate::render::{prefetch, Page, PageRequest, Prefetched};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(routes::BROWSE.path.0, get(browse))
        .route(routes::GENRE.path.0, get(genre))
        .route(routes::SEARCH.path.0, get(search_form))
        .route(routes::SEARCH_RESULTS.path.0, get(search))
}

/// Home: the spotlight random artist, and `sections` (the content's: composed by the
/// pages' router).
pub async fn home(state: &AppState, request: &PageRequest, sections: Vec<Prefetched>) -> Response {
    let spotlight = reads::random(&state.catalog).await;
    let mut prefetched = vec![prefetch(api::RANDOM.path(&[]), &spotlight)];
    prefetched.extend(sections);
    let page = Page {
        route: routes::HOME.id,
        private: false,
        status: StatusCode::OK,
        head: head::home(&state.renderer.site().public_url),
        prefetched,
    };
    state.renderer.render(request, page).await
}

/// Browse: `?letter=`, `?from=` and `?page=` render pages from..=page of the letter,
/// so "Load More", the numbered pages and the letter bar are plain links that work
/// without JavaScript; `refresh=true` rereads the catalogue first. The page reads its
/// parameters leniently ([`BrowseParams::lenient`]), as the browser does.
async fn browse(
    State(state): State<AppState>,
    request: PageRequest,
    params: QueryParams,
) -> Response {
    let shown = BrowseParams::lenient(params.get("letter"), params.get("page"), params.get("from"));
    let refresh = params.flag("refresh");
    let mut prefetched = Vec::with_capacity(shown.page - shown.from + 1);
    for page in PageNumber::range(shown.from, shown.page) {
        let result = reads::browse(
            &state.catalog,
            shown.letter,
            page,
            refresh && page.get() == shown.from,
        )
        .await;
        prefetched.push(prefetch(api::BROWSE.path(&[&shown.letter, &page]), &result));
    }
    let page = Page {
        route: routes::BROWSE.id,
        private: false,
        status: StatusCode::OK,
        head: head::browse(
            &state.renderer.site().public_url,
            shown.letter_param,
            shown.from,
        ),
        prefetched,
    };
    state.renderer.render(&request, page).await
}

/// A genre's artists: like a browse letter, `?from=` and `?page=` render pages
/// from..=page, so Load More and the numbered pages are plain links. An address naming
/// a genre loosely (`/genre/R&B`, `/genre/Hip%20Hop`) redirects to its slug; one that
/// names no genre is the site's not-found page (404), its data keyed as the browser asks.
async fn genre(
    State(state): State<AppState>,
    request: PageRequest,
    PathParam(raw_slug): PathParam,
    params: QueryParams,
) -> Response {
    if let Ok(Some(slug)) = reads::genre_slug_named(&state.catalog, &raw_slug).await {
        let query = request
            .uri()
            .query()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        let target = format!("{}{query}", routes::GENRE.href(&[&slug]));
        return Redirect::permanent(&target).into_response();
    }
    let shown = PageSpan::lenient(params.get("page"), params.get("from"));
    let mut results = Vec::with_capacity(shown.page - shown.from + 1);
    match GenreSlug::parse(&raw_slug) {
        Ok(slug) => {
            for page in PageNumber::range(shown.from, shown.page) {
                results.push((page.get(), reads::genre(&state.catalog, &slug, page).await));
            }
        }
        Err(err) => results.push((shown.from, Err(err))),
    }
    let (status, head) = match &results[0].1 {
        Ok(first) => {
            let pages: Vec<_> = results
                .iter()
                .filter_map(|(_, r)| r.as_ref().ok())
                .collect();
            (
                StatusCode::OK,
                head::genre(
                    &state.renderer.site().public_url,
                    &first.genre,
                    shown.from,
                    &pages,
                ),
            )
        }
        Err(err) => (
            err.status(),
            crate::head::Head::not_found(request.uri().path()),
        ),
    };
    let prefetched = results
        .iter()
        .map(|(page, result)| prefetch(api::GENRE.path(&[&raw_slug, page]), result))
        .collect();
    let page = Page {
        route: routes::GENRE.id,
        private: false,
        status,
        head,
        prefetched,
    };
    state.renderer.render(&request, page).await
}

/// Artist detail, with its neighbours in the full list, related artists, what the open
/// music data sources add (photo credit, listen links, albums, members) and what
/// `featured` reads for the artist (the content's videos: composed by the pages' router).
pub async fn artist(
    state: &AppState,
    request: &PageRequest,
    raw_id: &str,
    featured: impl AsyncFnOnce(&sound_atlas_catalog::Artist) -> Option<Prefetched>,
) -> Response {
    let catalog = &state.catalog;
    let result = match ArtistId::parse(raw_id) {
        Ok(id) => reads::artist(catalog, id).await.map(|artist| (id, artist)),
        Err(err) => Err(err),
    };
    let page = match result {
        Ok((id, artist)) => {
            let neighbors = reads::neighbors(catalog, id).await;
            let related = reads::related(catalog, id).await;
            let details = reads::artist_details(catalog, id).await;
            let genres = reads::artist_genres(catalog, id).await;
            let videos = featured(&artist).await;
            let mut prefetched = vec![
                prefetch(api::NEIGHBORS.path(&[&id]), &neighbors),
                prefetch(api::RELATED.path(&[&id]), &related),
                prefetch(api::ARTIST_DETAILS.path(&[&id]), &details),
                prefetch(api::ARTIST_GENRES.path(&[&id]), &genres),
            ];
            prefetched.extend(videos);
            Page {
                route: routes::ARTIST.id,
                private: false,
                status: StatusCode::OK,
                head: head::artist(
                    &state.renderer.site().public_url,
                    &artist,
                    details.as_ref().ok(),
                ),
                prefetched: std::iter::once(prefetch(api::ARTIST.path(&[&id]), &Ok(artist)))
                    .chain(prefetched)
                    .collect(),
            }
        }
        // Keyed as the client requests it (the raw id, encoded), so it shows the same
        // not-found state.
        Err(err) => Page {
            route: routes::ARTIST.id,
            private: false,
            status: err.status(),
            head: head::artist_not_found(request.uri().path()),
            prefetched: vec![prefetch(api::ARTIST.path(&[&raw_id]), &Err(err))],
        },
    };
    state.renderer.render(request, page).await
}

/// `/search?q=...` is the header form without JavaScript: send it to `/search/{q}`.
async fn search_form(
    State(state): State<AppState>,
    request: PageRequest,
    params: QueryParams,
) -> Response {
    match params.get("q").map(str::trim) {
        Some(q) if !q.is_empty() => {
            Redirect::to(&routes::SEARCH_RESULTS.href(&[&q])).into_response()
        }
        Some(_) => Redirect::to(&routes::SEARCH.href(&[])).into_response(),
        None => search_page(&state, &request, "", 1).await,
    }
}

/// `/search/{query}?page=`: like browse, pages 1..=page of the results (read leniently,
/// capped like browse), so "Load More" is a plain link; each page is cards only.
async fn search(
    State(state): State<AppState>,
    request: PageRequest,
    PathParam(query): PathParam,
    params: QueryParams,
) -> Response {
    search_page(&state, &request, &query, lenient_page(params.get("page"))).await
}

async fn search_page(
    state: &AppState,
    request: &PageRequest,
    raw_query: &str,
    pages: usize,
) -> Response {
    let query = raw_query.trim();
    if query.is_empty() {
        let page = Page {
            route: routes::SEARCH.id,
            private: false,
            status: StatusCode::OK,
            head: head::search(None),
            prefetched: Vec::new(),
        };
        return state.renderer.render(request, page).await;
    }
    let (status, prefetched) = match SearchQuery::parse(Some(query)) {
        Ok(parsed) => {
            let genres = reads::genres_matching(&state.catalog, &parsed).await;
            let mut prefetched = Vec::with_capacity(pages + 1);
            prefetched.push(prefetch(api::GENRES.path(&[&query]), &genres));
            let mut status = StatusCode::OK;
            for page in PageNumber::up_to(pages) {
                let result = reads::search_cards(&state.catalog, &parsed, page).await;
                if let Err(err) = &result {
                    status = err.status();
                }
                prefetched.push(prefetch(api::SEARCH_CARDS.path(&[&query, &page]), &result));
            }
            (status, prefetched)
        }
        // Keyed as the client requests it, so it shows the same message.
        Err(err) => (
            err.status(),
            vec![prefetch(
                api::SEARCH_CARDS.path(&[&query, &1]),
                &Err::<sound_atlas_catalog::SearchPage, _>(err),
            )],
        ),
    };
    let page = Page {
        route: routes::SEARCH_RESULTS.id,
        private: false,
        status,
        head: head::search(Some(query)),
        prefetched,
    };
    state.renderer.render(request, page).await
}
