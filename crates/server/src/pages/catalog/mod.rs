//! Pages of the public catalogue: home, browse, genre, artist, search. Routes and their
//! reads come from the contract's route table; each handler says how the page reads
//! its values leniently, and writes its head and status from the answers.

pub(crate) mod head;

use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_catalog::reads as catalog_reads;
use sound_atlas_catalog::FacetPage;
use sound_atlas_contract::catalog::{api, lenient_search_page, BrowseParams, PageSpan};
use sound_atlas_contract::pages::{descriptions, links, routes, titles};
use sound_atlas_contract::{encode_uri_component, Endpoint, Template};
use sound_atlas_web::QueryParams;

pub use head::browse_letter_path;

use super::{origin, render, PageReads};
use crate::head::Head;
use crate::render::{Page, PageRequest};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(routes::HOME.path.0, get(home))
        .route(routes::BROWSE.path.0, get(browse))
        .route(routes::GENRE.path.0, get(genre))
        .route(routes::COUNTRY.path.0, get(country))
        .route(routes::DECADE.path.0, get(decade))
        .route(routes::ARTIST.path.0, get(artist))
        .route(routes::SEARCH.path.0, get(search_form))
        .route(routes::SEARCH_RESULTS.path.0, get(search))
}

/// Home: the spotlight random artist and the content's sections (`?refresh=true`
/// rereads the Weekly Top 10, `?week=` shows a past week's).
async fn home(State(state): State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    let answers = reads.fill(&routes::HOME).await;
    let head = head::home(state.renderer.site());
    render(
        &state,
        &request,
        &routes::HOME,
        StatusCode::OK,
        head,
        answers,
    )
    .await
}

/// Browse: `?letter=`, `?from=` and `?page=` render pages from..=page of the letter,
/// so "Load More", the numbered pages and the letter bar are plain links that work
/// without JavaScript; `refresh=true` has the catalogue checked for changes first. The page reads its
/// parameters leniently ([`BrowseParams::lenient`]), as the browser does. A span reaching
/// past the letter's last page redirects to the part of it that exists ([`past_the_end`]).
async fn browse(State(state): State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    let shown = BrowseParams::lenient(
        reads.value("letter"),
        reads.value("page"),
        reads.value("from"),
    );
    let answers = reads
        .with("letter", shown.letter)
        .fill(&routes::BROWSE)
        .await;
    // Filtered to a country the page names (an unknown one is no filter).
    let first = answers
        .all(&api::BROWSE_IN_COUNTRY)
        .into_iter()
        .chain(answers.all(&api::BROWSE))
        .next();
    let pages = first.as_ref().map(|first| first.pages);
    let country = first.and_then(|first| first.country);
    let span = PageSpan {
        from: shown.from,
        page: shown.page,
    };
    if let Some(within) = pages.and_then(|pages| past_the_end(span, pages)) {
        let target = match &country {
            Some(country) => span_href(
                &[&country.slug, &shown.letter],
                within,
                [
                    links::BROWSE_COUNTRY_LETTER,
                    links::BROWSE_COUNTRY_LETTER_PAGE,
                    links::BROWSE_COUNTRY_NUMBERED,
                    links::BROWSE_COUNTRY_NUMBERED_PAGE,
                ],
            ),
            None => span_href(
                &[&shown.letter],
                within,
                [
                    links::BROWSE_LETTER,
                    links::BROWSE_LETTER_PAGE,
                    links::BROWSE_NUMBERED,
                    links::BROWSE_NUMBERED_PAGE,
                ],
            ),
        };
        return Redirect::to(&target).into_response();
    }
    let list = head::BrowseList {
        letter: shown.letter,
        country,
        from: shown.from,
        pages,
    };
    let head = head::browse(origin(&state), list);
    render(
        &state,
        &request,
        &routes::BROWSE,
        StatusCode::OK,
        head,
        answers,
    )
    .await
}

/// The part of `span` within a list of `pages` pages, when the span reaches past its
/// end: a page past the end is no page (an empty list under an address of its own), so
/// its address redirects to the list's last page, where a stale link (a list that
/// shrank, a page number made up) finds the nearest artists. Temporary: the list may
/// grow to reach it again.
fn past_the_end(span: PageSpan, pages: usize) -> Option<PageSpan> {
    (span.page > pages).then(|| PageSpan {
        from: span.from.min(pages),
        page: pages,
    })
}

/// The address of `span` of the paged list `keys` name, in the list's four forms of
/// link: its first page, pages 1..=page, numbered page `from` alone, from..=page.
fn span_href(keys: &[&dyn std::fmt::Display], span: PageSpan, forms: [Template; 4]) -> String {
    let [first, first_pages, numbered, numbered_pages] = forms;
    let fill = |form: Template, numbers: &[&dyn std::fmt::Display]| {
        let values: Vec<&dyn std::fmt::Display> = keys.iter().chain(numbers).copied().collect();
        form.fill_with(&values, encode_uri_component)
    };
    match (span.from, span.page) {
        (1, 1) => fill(first, &[]),
        (1, page) => fill(first_pages, &[&page]),
        (from, page) if page == from => fill(numbered, &[&from]),
        (from, page) => fill(numbered_pages, &[&from, &page]),
    }
}

/// A genre's artists: like a browse letter, `?from=` and `?page=` render pages
/// from..=page, so Load More and the numbered pages are plain links, and a span past
/// the genre's last page redirects to the part of it that exists. An address naming
/// a genre loosely (`/genre/R&B`, `/genre/Hip%20Hop`) redirects to its slug; one that
/// names no genre is the site's not-found page (404), its data keyed as the browser asks.
async fn genre(State(state): State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    let raw_slug = reads.value("slug").unwrap_or_default();
    if let Ok(Some(slug)) = catalog_reads::genre_slug_named(&state.catalog, raw_slug).await {
        let query = request
            .uri()
            .query()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        let target = format!("{}{query}", routes::GENRE.href(&[&slug]));
        return Redirect::permanent(&target).into_response();
    }
    let shown = PageSpan::lenient(reads.value("page"), reads.value("from"));
    let answers = reads.fill(&routes::GENRE).await;
    let pages = answers.all(&api::GENRE);
    let head = match pages.first() {
        Some(first) if answers.status().is_success() => {
            let last = first.pages;
            if let Some(within) = past_the_end(shown, last) {
                let forms = [
                    routes::GENRE.path,
                    links::GENRE_PAGE,
                    links::GENRE_NUMBERED,
                    links::GENRE_NUMBERED_PAGE,
                ];
                let target = span_href(&[&first.genre.slug], within, forms);
                return Redirect::to(&target).into_response();
            }
            head::genre(
                origin(&state),
                &first.genre,
                shown.from,
                &pages.iter().collect::<Vec<_>>(),
            )
        }
        _ => Head::not_found(request.uri().path()),
    };
    render(
        &state,
        &request,
        &routes::GENRE,
        answers.status(),
        head,
        answers,
    )
    .await
}

/// A country's pages: what tells them from a decade's.
const COUNTRY_PAGES: FacetPages = FacetPages {
    read: &api::COUNTRY,
    heads: head::FacetHeads {
        route: &routes::COUNTRY,
        numbered: links::COUNTRY_NUMBERED,
        titles: [titles::COUNTRY, titles::COUNTRY_NUMBERED],
        descriptions: [descriptions::COUNTRY, descriptions::COUNTRY_NUMBERED],
    },
    forms: [
        routes::COUNTRY.path,
        links::COUNTRY_PAGE,
        links::COUNTRY_NUMBERED,
        links::COUNTRY_NUMBERED_PAGE,
    ],
};
const DECADE_PAGES: FacetPages = FacetPages {
    read: &api::DECADE,
    heads: head::FacetHeads {
        route: &routes::DECADE,
        numbered: links::DECADE_NUMBERED,
        titles: [titles::DECADE, titles::DECADE_NUMBERED],
        descriptions: [descriptions::DECADE, descriptions::DECADE_NUMBERED],
    },
    forms: [
        routes::DECADE.path,
        links::DECADE_PAGE,
        links::DECADE_NUMBERED,
        links::DECADE_NUMBERED_PAGE,
    ],
};

/// The pages of one kind of facet (countries, decades).
struct FacetPages {
    read: &'static Endpoint<FacetPage>,
    heads: head::FacetHeads,
    /// A span's address in its four forms (see [`span_href`]).
    forms: [Template; 4],
}

async fn country(state: State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    facet(state, request, reads, &COUNTRY_PAGES).await
}

async fn decade(state: State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    facet(state, request, reads, &DECADE_PAGES).await
}

/// A country's or a decade's artists, paged as a genre's: `?from=&page=` render pages
/// from..=page, a span past the last page redirects to the part of it that exists, and
/// an unknown country or decade is the site's not-found page (404).
async fn facet(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
    facet: &FacetPages,
) -> Response {
    let route = facet.heads.route;
    let shown = PageSpan::lenient(reads.value("page"), reads.value("from"));
    let answers = reads.fill(route).await;
    let pages = answers.all(facet.read);
    let head = match pages.first() {
        Some(first) if answers.status().is_success() => {
            if let Some(within) = past_the_end(shown, first.pages) {
                let target = span_href(&[&first.facet.slug], within, facet.forms);
                return Redirect::to(&target).into_response();
            }
            head::facet(origin(&state), &facet.heads, shown.from, first, &pages)
        }
        _ => Head::not_found(request.uri().path()),
    };
    render(&state, &request, route, answers.status(), head, answers).await
}

/// Artist detail, with its neighbours in the full list, related artists, what the open
/// music data sources add (photo credit, listen links, albums, members), its genres'
/// pages and the content's Featured Video.
async fn artist(State(state): State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    let raw_id = reads.value("id").unwrap_or_default().to_owned();
    let answers = reads.fill(&routes::ARTIST).await;
    let head = match answers.get(&api::ARTIST.path(&[&raw_id])) {
        Some(artist) => {
            let details = answers.get(&api::ARTIST_DETAILS.path(&[&raw_id]));
            head::artist(origin(&state), &artist, details.as_ref())
        }
        None => head::artist_not_found(request.uri().path()),
    };
    render(
        &state,
        &request,
        &routes::ARTIST,
        answers.status(),
        head,
        answers,
    )
    .await
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
        None => empty_search(&state, &request).await,
    }
}

/// `/search/{query}?page=`: like browse, pages 1..=page of the results, so "Load More"
/// is a plain link; each page is cards only, all sliced from one ranking. The page is
/// read leniently and capped at `MAX_SEARCH_PAGE`; an address writing it otherwise
/// than its canonical form (`?page=050`, `?page=99`, `?page=1`, repeated) redirects
/// there, so every variant of one span is one render. The query is read trimmed; a
/// blank one is the search screen without a query.
async fn search(State(state): State<AppState>, request: PageRequest, reads: PageReads) -> Response {
    let query = reads.value("query").unwrap_or_default().trim().to_owned();
    if query.is_empty() {
        return empty_search(&state, &request).await;
    }
    let page = lenient_search_page(reads.value("page"));
    let canonical = (page > 1).then(|| format!("page={page}"));
    if page_pairs(request.uri()).ne(canonical.iter().map(String::as_str)) {
        let target = match page {
            1 => routes::SEARCH_RESULTS.href(&[&query]),
            _ => links::SEARCH_RESULTS_PAGE.fill_with(&[&query, &page], encode_uri_component),
        };
        return Redirect::to(&target).into_response();
    }
    let answers = reads
        .with("query", &query)
        .fill(&routes::SEARCH_RESULTS)
        .await;
    let head = head::search(Some(&query));
    render(
        &state,
        &request,
        &routes::SEARCH_RESULTS,
        answers.status(),
        head,
        answers,
    )
    .await
}

/// The `page` parameters of `uri`'s query, as sent.
fn page_pairs(uri: &Uri) -> impl Iterator<Item = &str> {
    uri.query().unwrap_or_default().split('&').filter(|pair| {
        let name = pair.split('=').next().unwrap_or_default();
        form_urlencoded::parse(name.as_bytes()).any(|(name, _)| name == "page")
    })
}

async fn empty_search(state: &AppState, request: &PageRequest) -> Response {
    let page = Page {
        route: routes::SEARCH.id,
        private: false,
        status: StatusCode::OK,
        head: head::search(None),
        prefetched: Vec::new(),
    };
    state.renderer.render(request, page).await
}
