//! What crawlers read besides pages: `/robots.txt` and the sitemaps, with absolute URLs
//! on the public origin. `/sitemap.xml` is a sitemap index (sitemaps.org) naming child
//! sitemaps of at most `AppState::sitemap_urls` (the protocol's 50,000) URLs each: the
//! site's own pages (home, browse and every other letter, articles, quiz, about and the legal
//! pages), the artists with a biography (in chunks), the genres (in chunks), the
//! countries' and decades' pages and the articles, each URL with its `lastmod` where the data records one.
//!
//! Crawlers poll these files: each answer carries an entity tag (its content's digest),
//! `Last-Modified` (when this server first served that content) and `Cache-Control`, and
//! a conditional request for unchanged content is answered 304 without a body. A child
//! file's `lastmod` in the index comes from the data it lists, so it stays put while
//! the file's content does.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_catalog::{reads, Letter};
use sound_atlas_content::reads as content_reads;
use sound_atlas_contract::pages::routes;
use sound_atlas_web::{ApiError, ApiResult, PathParam};

use super::catalog::browse_letter_path;
use crate::crawler_file_times::{BuiltFile, Sources};
use crate::encoding::Accepted;
use crate::state::AppState;

/// Where the child sitemaps live: `/sitemaps/{name}.xml`.
const CHILD_ROUTE: &str = "/sitemaps/{file}";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap_index))
        .route(CHILD_ROUTE, get(child_sitemap))
}

/// Search result pages stay crawlable: they say `noindex` themselves, which a crawler
/// barred by robots.txt would never read.
async fn robots(State(state): State<AppState>, asked: HeaderMap) -> Response {
    let body = format!(
        "User-agent: *\nDisallow: {}/\n\nSitemap: {}/sitemap.xml\n",
        sound_atlas_contract::operation::API_PREFIX,
        state.renderer.site().public_url
    );
    let file = CrawlerFile {
        path: "/robots.txt",
        content_type: "text/plain; charset=utf-8",
        // It changes with a deployment only.
        cache_control: "public, max-age=3600",
    };
    file.respond(&state, &asked, &BuiltFile::new(body, Sources::default()))
}

/// A file crawlers poll, and how it is sent.
struct CrawlerFile<'a> {
    path: &'a str,
    content_type: &'static str,
    cache_control: &'static str,
}

/// Sitemaps follow the data: every poll revalidates, which costs a 304 while unchanged.
const SITEMAP_CACHE_CONTROL: &str = "public, no-cache";

impl CrawlerFile<'_> {
    fn sitemap(path: &str) -> CrawlerFile<'_> {
        CrawlerFile {
            path,
            content_type: "application/xml; charset=utf-8",
            cache_control: SITEMAP_CACHE_CONTROL,
        }
    }

    /// `file` in the best coding the request accepts, with its validators, or 304 when
    /// the request's validators (its `If-None-Match`, else its `If-Modified-Since`) say
    /// the crawler has it already.
    fn respond(&self, state: &AppState, asked: &HeaderMap, file: &BuiltFile) -> Response {
        let tag = &file.tag;
        let modified = state.crawler_files.modified(self.path, tag);
        let unchanged = match asked.get(header::IF_NONE_MATCH) {
            Some(wanted) => wanted.to_str().is_ok_and(|wanted| {
                wanted.split(',').map(str::trim).any(|candidate| {
                    candidate == "*"
                        || candidate.trim_start_matches("W/") == tag.trim_start_matches("W/")
                })
            }),
            None => asked
                .get(header::IF_MODIFIED_SINCE)
                .and_then(|since| httpdate::parse_http_date(since.to_str().ok()?).ok())
                .is_some_and(|since| modified <= since),
        };
        let headers = [
            (header::ETAG, tag.clone()),
            (header::LAST_MODIFIED, httpdate::fmt_http_date(modified)),
            (header::CACHE_CONTROL, self.cache_control.to_owned()),
            (header::VARY, "accept-encoding".to_owned()),
        ]
        .map(|(name, value)| {
            let value = HeaderValue::from_str(&value).expect("a valid header value");
            (name, value)
        });
        if unchanged {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        let (coding, body, _) = file.body.best(Accepted::from_headers(asked));
        let mut response = (headers, body).into_response();
        let response_headers = response.headers_mut();
        response_headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        if let Some(coding) = coding {
            response_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    }
}

/// The sitemap at `path`, built from `from` (the data in use, read first) by `build`
/// unless it was already, then sent.
async fn sitemap(
    state: &AppState,
    asked: &HeaderMap,
    path: String,
    from: Sources,
    build: impl std::future::Future<Output = ApiResult<String>>,
) -> ApiResult<Response> {
    let file = match state.sitemaps.get(&path, &from) {
        Some(file) => file,
        None => {
            let file = Arc::new(BuiltFile::new(build.await?, from));
            state.sitemaps.keep(path.clone(), Arc::clone(&file));
            file
        }
    };
    Ok(CrawlerFile::sitemap(&path).respond(state, asked, &file))
}

/// The data a sitemap lists, as it is now: the catalogue snapshot and the article list
/// in use, each when the sitemap lists it.
async fn sources(state: &AppState, catalogue: bool, articles: bool) -> ApiResult<Sources> {
    Ok(Sources {
        catalogue: match catalogue {
            true => Some(Arc::downgrade(&state.catalog.snapshot(false).await?)),
            false => None,
        },
        articles: match articles {
            true => Some(Arc::downgrade(&state.content.articles(false).await?)),
            false => None,
        },
    })
}

/// One URL of a sitemap, with its last change (an ISO date) when the data records one.
struct Entry {
    path: String,
    lastmod: Option<String>,
}

impl Entry {
    fn new(path: String, lastmod: Option<&str>) -> Entry {
        Entry {
            path,
            lastmod: lastmod.map(str::to_owned),
        }
    }
}

/// The child sitemaps, named by what they list.
enum Child {
    Pages,
    Articles,
    /// Artists `(n-1) * sitemap_urls ..` in catalogue order (n from 1).
    Artists(usize),
    /// Genres `(n-1) * sitemap_urls ..` by name (n from 1).
    Genres(usize),
    /// Every country's page and every decade's (a few hundred at most).
    Facets,
}

impl Child {
    fn parse(file: &str) -> Option<Child> {
        match file.strip_suffix(".xml")? {
            "pages" => Some(Child::Pages),
            "articles" => Some(Child::Articles),
            "facets" => Some(Child::Facets),
            other => {
                let (kind, n) = other.split_once('-')?;
                let n = n.parse::<usize>().ok().filter(|&n| n >= 1)?;
                match kind {
                    "artists" => Some(Child::Artists(n)),
                    "genres" => Some(Child::Genres(n)),
                    _ => None,
                }
            }
        }
    }

    fn file(&self) -> String {
        match self {
            Child::Pages => "pages.xml".into(),
            Child::Articles => "articles.xml".into(),
            Child::Artists(n) => format!("artists-{n}.xml"),
            Child::Genres(n) => format!("genres-{n}.xml"),
            Child::Facets => "facets.xml".into(),
        }
    }
}

/// The articles with their `lastmod`: when the row last changed (or the article's date
/// when that is later), else the article's date.
async fn article_entries(state: &AppState) -> ApiResult<Vec<Entry>> {
    Ok(content_reads::article_sitemap_entries(&state.content)
        .await?
        .into_iter()
        .map(|(id, date, changed)| {
            // Never before the article's own date (a row written ahead of it).
            let lastmod = match changed.and_then(iso_date) {
                Some(day) if is_iso_date(&date) => day.max(date),
                Some(day) => day,
                None => date,
            };
            Entry::new(routes::ARTICLE.href(&[&id]), Some(&lastmod))
        })
        .collect())
}

/// The site's own pages. Home and the article list change with the newest article;
/// each letter's browse page with the newest change among the artists it lists (the
/// default letter's first page is `/browse`, its one address); the quiz, About and the
/// legal pages have no recorded change.
async fn page_entries(state: &AppState) -> ApiResult<Vec<Entry>> {
    let articles = article_entries(state).await?;
    let latest_article = newest(articles.iter().filter_map(|e| e.lastmod.clone()));
    let letters = reads::letter_changes(&state.catalog).await?;
    let letter_lastmod = |letter: &Letter| letters.get(letter).copied().and_then(iso_date);
    let mut entries = vec![
        // Home shows the latest articles: it changes with them (at least).
        Entry::new(routes::HOME.href(&[]), latest_article.as_deref()),
        Entry::new(
            routes::BROWSE.href(&[]),
            letter_lastmod(&Letter::DEFAULT).as_deref(),
        ),
        Entry::new(routes::ARTICLES.href(&[]), latest_article.as_deref()),
        Entry::new(routes::QUIZ.href(&[]), None),
        Entry::new(routes::ABOUT.href(&[]), None),
        Entry::new(routes::PRIVACY_POLICY.href(&[]), None),
        Entry::new(routes::TERMS_OF_SERVICE.href(&[]), None),
    ];
    entries.extend(
        Letter::all()
            .filter(|&letter| letter != Letter::DEFAULT)
            .map(|l| Entry::new(browse_letter_path(l), letter_lastmod(&l).as_deref())),
    );
    Ok(entries)
}

/// Every country's page and every decade's, each with the newest change among its
/// artists.
async fn facet_entries(state: &AppState) -> ApiResult<Vec<Entry>> {
    let facets = reads::facet_sitemap_entries(&state.catalog).await?;
    let pages = [
        (&routes::COUNTRY, facets.countries),
        (&routes::DECADE, facets.decades),
    ];
    Ok(pages
        .into_iter()
        .flat_map(|(route, lists)| {
            lists.into_iter().map(move |(slug, changed)| {
                let lastmod = changed.and_then(iso_date);
                Entry::new(route.href(&[&slug]), lastmod.as_deref())
            })
        })
        .collect())
}

/// The newest of some W3C dates (they sort as text).
fn newest(dates: impl Iterator<Item = String>) -> Option<String> {
    dates.filter(|d| is_iso_date(d)).max()
}

async fn sitemap_index(State(state): State<AppState>, asked: HeaderMap) -> ApiResult<Response> {
    let from = sources(&state, true, true).await?;
    sitemap(
        &state,
        &asked,
        "/sitemap.xml".into(),
        from,
        index_xml(&state),
    )
    .await
}

async fn index_xml(state: &AppState) -> ApiResult<String> {
    let origin = &state.renderer.site().public_url;
    let chunk = state.sitemap_urls.max(1);
    let newest_of = |entries: &[Entry]| newest(entries.iter().filter_map(|e| e.lastmod.clone()));
    let mut children = vec![
        (Child::Pages, newest_of(&page_entries(state).await?)),
        (Child::Articles, newest_of(&article_entries(state).await?)),
    ];
    let artists = reads::artist_sitemap_files(&state.catalog, chunk).await?;
    children.extend(
        (1..)
            .zip(artists)
            .map(|(n, newest)| (Child::Artists(n), newest.and_then(iso_date))),
    );
    let genres = reads::genre_sitemap_entries(&state.catalog).await?;
    children.extend(chunks(&genres, chunk, Child::Genres));
    children.push((Child::Facets, newest_of(&facet_entries(state).await?)));
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (child, lastmod) in children {
        xml.push_str(&format!(
            "  <sitemap><loc>{origin}/sitemaps/{}</loc>{}</sitemap>\n",
            child.file(),
            lastmod_tag(lastmod.as_deref())
        ));
    }
    xml.push_str("</sitemapindex>\n");
    Ok(xml)
}

async fn child_sitemap(
    State(state): State<AppState>,
    PathParam(file): PathParam,
    asked: HeaderMap,
) -> ApiResult<Response> {
    let child = Child::parse(&file).ok_or_else(not_found)?;
    let from = match child {
        Child::Pages => sources(&state, true, true).await?,
        Child::Articles => sources(&state, false, true).await?,
        Child::Artists(_) | Child::Genres(_) | Child::Facets => {
            sources(&state, true, false).await?
        }
    };
    let path = format!("/sitemaps/{}", child.file());
    sitemap(&state, &asked, path, from, child_xml(&state, child)).await
}

fn not_found() -> ApiError {
    ApiError::not_found("There is no such sitemap.")
}

async fn child_xml(state: &AppState, child: Child) -> ApiResult<String> {
    let entries: Vec<Entry> = match child {
        Child::Pages => page_entries(state).await?,
        Child::Articles => article_entries(state).await?,
        Child::Artists(n) => reads::artist_sitemap_file(&state.catalog, n, state.sitemap_urls)
            .await?
            .ok_or_else(not_found)?
            .into_iter()
            .map(|(id, updated)| {
                let lastmod = updated.and_then(iso_date);
                Entry::new(routes::ARTIST.href(&[&id]), lastmod.as_deref())
            })
            .collect(),
        Child::Genres(n) => {
            let genres = reads::genre_sitemap_entries(&state.catalog).await?;
            chunk_entries(&genres, n, state.sitemap_urls, |slug| {
                routes::GENRE.href(&[slug])
            })
            .ok_or_else(not_found)?
        }
        Child::Facets => facet_entries(state).await?,
    };
    let origin = &state.renderer.site().public_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for entry in entries {
        // Paths are ours and ASCII; only "&" (in query strings) needs escaping in XML.
        xml.push_str(&format!(
            "  <url><loc>{origin}{}</loc>{}</url>\n",
            entry.path.replace('&', "&amp;"),
            lastmod_tag(entry.lastmod.as_deref())
        ));
    }
    xml.push_str("</urlset>\n");
    Ok(xml)
}

/// The child files of a list of genre pages with their last changes, `chunk` to a file: at
/// least one (so the index always names every kind), each with its newest change.
fn chunks<K>(
    entries: &[(K, Option<i64>)],
    chunk: usize,
    child: fn(usize) -> Child,
) -> Vec<(Child, Option<String>)> {
    (1..=entries.len().div_ceil(chunk).max(1))
        .map(|n| {
            let part = entries.iter().skip((n - 1) * chunk).take(chunk);
            let newest_change = part.filter_map(|(_, updated)| *updated).max();
            (child(n), newest_change.and_then(iso_date))
        })
        .collect()
}

/// The entries of the `n`th file of [`chunks`] (`path` makes a page's path of its key);
/// none past the last file (the first always exists).
fn chunk_entries<K>(
    entries: &[(K, Option<i64>)],
    n: usize,
    chunk: usize,
    path: impl Fn(&K) -> String,
) -> Option<Vec<Entry>> {
    let chunk = chunk.max(1);
    let start = (n - 1) * chunk;
    if start >= entries.len() && n > 1 {
        return None;
    }
    Some(
        entries
            .iter()
            .skip(start)
            .take(chunk)
            .map(|(key, updated)| {
                let lastmod = updated.and_then(iso_date);
                Entry::new(path(key), lastmod.as_deref())
            })
            .collect(),
    )
}

/// The W3C date (YYYY-MM-DD, UTC) of a unix time.
fn iso_date(unix: i64) -> Option<String> {
    let date = time::OffsetDateTime::from_unix_timestamp(unix).ok()?.date();
    Some(format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    ))
}

/// `<lastmod>` for a W3C date (YYYY-MM-DD); anything else is left out rather than guessed.
fn lastmod_tag(date: Option<&str>) -> String {
    match date {
        Some(d) if is_iso_date(d) => format!("<lastmod>{d}</lastmod>"),
        _ => String::new(),
    }
}

fn is_iso_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_sitemaps_are_named_by_what_they_list() {
        assert!(matches!(Child::parse("pages.xml"), Some(Child::Pages)));
        assert!(matches!(
            Child::parse("articles.xml"),
            Some(Child::Articles)
        ));
        assert!(matches!(
            Child::parse("artists-2.xml"),
            Some(Child::Artists(2))
        ));
        assert!(Child::parse("artists-0.xml").is_none());
        assert!(Child::parse("artists-x.xml").is_none());
        assert!(Child::parse("pages").is_none());
        assert_eq!(Child::Artists(3).file(), "artists-3.xml");
        assert!(matches!(
            Child::parse("genres-1.xml"),
            Some(Child::Genres(1))
        ));
        assert!(Child::parse("genres-0.xml").is_none());
        assert!(Child::parse("albums-1.xml").is_none());
    }

    #[test]
    fn row_times_become_utc_dates() {
        assert_eq!(iso_date(0).as_deref(), Some("1970-01-01"));
        assert_eq!(iso_date(1_795_392_000).as_deref(), Some("2026-11-23"));
    }

    #[test]
    fn only_iso_dates_become_lastmod() {
        assert_eq!(
            lastmod_tag(Some("2025-03-01")),
            "<lastmod>2025-03-01</lastmod>"
        );
        assert_eq!(lastmod_tag(Some("March 2025")), "");
        assert_eq!(lastmod_tag(None), "");
    }
}
