//! Server-rendered pages. For each route, Rust decides which API reads the page
//! needs, runs the same functions that serve `/api/...` (`sound_atlas_catalog::reads`),
//! computes the head (title, description, canonical, Open Graph, JSON-LD) from that
//! data, renders the React tree in the engine pool and wraps it in the shell. The
//! routes here mirror `ui/src/app/routes.tsx`.

mod catalog_pages;
mod crawlers;
pub mod head;

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde::Serialize;
use serde_json::value::RawValue;
use sound_atlas_web::ApiResult;

use crate::app::AppState;
use crate::shell::Shell;
pub use head::Head;

pub fn router() -> Router<AppState> {
    catalog_pages::router()
        .merge(crawlers::router())
        .fallback(not_found)
}

/// One page to render: its status, head and the data the React tree reads.
pub struct Page {
    pub status: StatusCode,
    pub head: Head,
    pub prefetched: Vec<Prefetched>,
}

/// The answer of one API read, as the browser's query cache will hold it.
#[derive(Debug, Serialize)]
pub struct Prefetched {
    /// The API path, which is also the query key.
    pub key: String,
    pub status: u16,
    pub body: serde_json::Value,
}

impl Prefetched {
    pub fn new<T: Serialize>(key: String, result: &ApiResult<T>) -> Self {
        let (status, body) = match result {
            Ok(value) => (200, serde_json::to_value(value)),
            Err(err) => (err.status().as_u16(), serde_json::to_value(err.body())),
        };
        Prefetched {
            key,
            status,
            body: body.expect("API values serialize to JSON"),
        }
    }
}

/// What the React tree and the browser both start from (written into the page as JSON).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RenderState<'a> {
    /// The page's `Prefetched` reads, serialized once: also the render cache's key.
    prefetched: &'a RawValue,
    /// When the data was read (ms since the epoch), so the client's freshness clock agrees.
    fetched_at: i64,
    /// For the footer's copyright line: the same year on server and client.
    year: i32,
    origin: &'a str,
}

#[derive(serde::Deserialize)]
struct RenderOutput {
    html: String,
}

/// Renders `page` for the request target `uri`. If the engine fails (throws, times
/// out, queue full), the shell still carries the head and the data, and the browser
/// renders the page itself: the status stays the page's own.
pub async fn render(state: &AppState, uri: &Uri, page: Page) -> Response {
    let now = time::OffsetDateTime::now_utc();
    let prefetched =
        serde_json::value::to_raw_value(&page.prefetched).expect("prefetched data serializes");
    let render_state = RenderState {
        prefetched: &prefetched,
        fetched_at: (now.unix_timestamp_nanos() / 1_000_000) as i64,
        year: now.year(),
        origin: &state.site.public_url,
    };
    let state_json = serde_json::to_string(&render_state).expect("render state serializes");
    let url = uri.path_and_query().map_or("/", |pq| pq.as_str());
    let root_html = render_root(state, url, &render_state, &state_json).await;
    let shell = Shell::new(&state.site, &page.head, &root_html, &state_json);
    let mut response = (
        page.status,
        [(header::CACHE_CONTROL, "no-cache")],
        shell.render(),
    )
        .into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
}

/// The React markup for `url` with this state, from the render cache or the engine;
/// empty when the engine fails (the browser then renders from the same state).
async fn render_root(
    state: &AppState,
    url: &str,
    render_state: &RenderState<'_>,
    state_json: &str,
) -> Arc<str> {
    // The markup depends on the URL, the data and the year, not on `fetchedAt`.
    let cache_key = format!(
        "{url}\n{}\n{}",
        render_state.year,
        render_state.prefetched.get()
    );
    if let Some(html) = state.render_cache.get(&cache_key) {
        return html;
    }
    let request = format!(
        r#"{{"url":{},"state":{}}}"#,
        serde_json::Value::from(url),
        state_json
    );
    let started = std::time::Instant::now();
    let failure = match state.ssr.render(request).await {
        Ok(output) => match serde_json::from_str::<RenderOutput>(&output) {
            Ok(output) => {
                let html: Arc<str> = output.html.into();
                state.render_cache.insert(cache_key, html.clone());
                return html;
            }
            Err(err) => format!("unreadable render output: {err}"),
        },
        Err(err) => err.to_string(),
    };
    tracing::warn!(%url, %failure, elapsed_ms = started.elapsed().as_millis() as u64, "render failed; serving the client-rendered shell");
    Arc::from("")
}

/// Rendered markup of anonymous pages, keyed by URL, year and the page's data: the
/// same page with the same data is rendered once. Entries live as long as the
/// catalogue snapshot they were rendered from (5 minutes) and the cache holds at
/// most 64 MiB. (Pages that show a signed-in user's data must not go through it.)
pub fn new_render_cache() -> RenderCache {
    moka::sync::Cache::builder()
        .max_capacity(64 << 20)
        .weigher(|key: &String, html: &Arc<str>| {
            u32::try_from(key.len() + html.len()).unwrap_or(u32::MAX)
        })
        .time_to_live(sound_atlas_catalog::store::SNAPSHOT_TTL)
        .build()
}

pub type RenderCache = moka::sync::Cache<String, Arc<str>>;

/// Any path no route claims: HTTP 404 with the not-found screen.
async fn not_found(State(state): State<AppState>, uri: Uri) -> Response {
    let page = Page {
        status: StatusCode::NOT_FOUND,
        head: Head::not_found(uri.path()),
        prefetched: Vec::new(),
    };
    render(&state, &uri, page).await
}
