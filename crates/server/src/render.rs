//! Rendering a page: prefetched reads → engine → shell → response.
//!
//! A page handler decides its status, head and prefetched reads (a [`Page`]) and hands
//! it to [`Renderer::render`]. The engine renders the route's React tree with the reads
//! seeded into its query cache and reports which query keys the tree read that were
//! not seeded (each a spinner in the crawler's HTML) and which seeded keys went unread.
//! Misses are logged once per route and key and counted ([`PrefetchAudit`]); the
//! report also travels on the response as an extension, which the route-walk test reads.
//!
//! Anonymous pages are cached as documents, each compressed once per coding
//! (crate::encoding). A page whose handler confirmed its data within the last
//! [`CONFIRMED_FOR`] is sent straight from that document, without running the handler
//! ([`serve_pages`]).

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sha2::Digest;
use sound_atlas_contract::ApiPath;
use sound_atlas_http::ApiResult;
use sound_atlas_ssr::SsrPool;

use crate::bundle::Site;
use crate::encoding::{Accepted, Encoded};
use crate::head::Head;
use crate::shell::Shell;

/// How long a rendered page is reused: as long as the catalogue snapshot it was
/// rendered from.
const RENDER_CACHE_TTL: std::time::Duration = sound_atlas_catalog::store::SNAPSHOT_TTL;
/// At most this many bytes of rendered documents (and their compressed forms) are kept:
/// about 1,000 pages (every page of the seeded site), and with the catalogue snapshot
/// and the engines what keeps a 100,000-artist server near 300 MB.
const RENDER_CACHE_BYTES: u64 = 32 << 20;
/// At most this many addresses are answered without their handler (each a key and a
/// pointer to a document the render cache holds).
const CONFIRMED_PAGES: u64 = 10_000;

/// One page to render: its route, status, head and the data its React tree reads.
pub struct Page {
    /// The route's id in the contract's route table (`sound_atlas_contract::pages::routes`).
    pub route: &'static str,
    pub status: StatusCode,
    pub head: Head,
    pub prefetched: Vec<Prefetched>,
    /// Shows one visitor's own data: never read from or written to the render cache,
    /// and sent `Cache-Control: private, no-store`. Any page rendered with a signed-in
    /// visitor's reads ([`with_viewer_reads`]) is private too, whatever this says.
    pub private: bool,
}

tokio::task_local! {
    /// The signed-in visitor's own reads (their favorites, folders, ...) for the page
    /// being rendered in this request, set by the pages' viewer layer.
    static VIEWER_READS: Arc<Vec<Prefetched>>;
}

/// Runs a page handler with the signed-in visitor's reads: every page it renders
/// carries them in its state (so the first HTML shows the visitor's hearts and count)
/// and is private.
pub async fn with_viewer_reads<F: std::future::Future>(reads: Vec<Prefetched>, f: F) -> F::Output {
    VIEWER_READS.scope(Arc::new(reads), f).await
}

/// The answer of one API read, as the browser's query cache will hold it.
#[derive(Debug, Clone, Serialize)]
pub struct Prefetched {
    /// The API path, which is also the query key.
    key: String,
    status: u16,
    body: serde_json::Value,
}

impl Prefetched {
    /// The read of `path`: its value, or its error in the one JSON error shape. The
    /// payload type is the endpoint's own, so a page cannot seed the wrong shape.
    pub fn new<T: Serialize>(path: ApiPath<T>, result: &ApiResult<T>) -> Self {
        let (status, body) = match result {
            Ok(value) => (200, serde_json::to_value(value)),
            Err(err) => (err.status().as_u16(), serde_json::to_value(err.body())),
        };
        Prefetched {
            key: path.into_string(),
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
    /// Today's date (UTC, YYYY-MM-DD), for "last updated" on the legal pages: the same
    /// date on server and client.
    today: String,
    origin: &'a str,
    /// The data saver is on for this request (ui/src/lib/data-saver.tsx).
    data_saver: bool,
    /// Marketplace links carry an affiliate tag (the footer's notice says so only then).
    affiliate: bool,
}

/// The URL a page is rendered and cached as: the request's path and, of its query, only
/// the parameters the route reads (`PageRoute::query`), sorted by name (a repeated one
/// keeps its order: the browser reads the first, the server the last), each exactly as
/// sent. So `?utm_source=x` or `?a=<random>` shares the render of the page without it,
/// while pages differing in a parameter their markup depends on never share one.
pub fn page_url(uri: &Uri, route: &str) -> String {
    let read = sound_atlas_contract::pages::PageRoute::by_id(route).map_or(&[][..], |r| r.query);
    let mut kept: Vec<(String, &str)> = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter_map(|pair| {
            let raw_name = pair.split('=').next().unwrap_or(pair);
            let (name, _) = form_urlencoded::parse(raw_name.as_bytes()).next()?;
            read.contains(&name.as_ref())
                .then(|| (name.into_owned(), pair))
        })
        .collect();
    kept.sort_by(|a, b| a.0.cmp(&b.0));
    let mut url = uri.path().to_owned();
    for (n, (_, pair)) in kept.iter().enumerate() {
        url.push(if n == 0 { '?' } else { '&' });
        url.push_str(pair);
    }
    url
}

/// What the engine's `render` answers (ui/src/entry.server.tsx).
#[derive(Debug, Deserialize)]
struct RenderOutput {
    html: String,
    /// The lazily loaded modules the page rendered; a renamed field on either side
    /// fails the route walk (its pages would preload nothing).
    #[serde(default)]
    modules: Vec<String>,
    #[serde(default)]
    missed: Vec<String>,
    #[serde(default)]
    unread: Vec<String>,
}

/// Which query keys one render read without their being prefetched, and which
/// prefetched keys it never read. On every rendered page response, as an extension.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrefetchReport {
    pub route: &'static str,
    pub missed: Vec<String>,
    pub unread: Vec<String>,
}

/// The rendered React markup of one URL with one set of data.
struct Rendered {
    html: String,
    modules: Vec<String>,
    missed: Vec<String>,
    unread: Vec<String>,
}

/// A whole document, and what its render read.
struct Document {
    encoded: Encoded,
    route: &'static str,
    /// Whether the engine rendered it (else it is the shell alone, and reads nothing).
    rendered: bool,
    missed: Vec<String>,
    unread: Vec<String>,
}

/// How long an anonymous page's handler is trusted to have read the current data: within
/// this long of a render or a render cache hit, a request for the same address is
/// answered from the same document without running the handler (its reads and their
/// digest cost as much as sending the page). A change made here empties it at once
/// ([`Renderer::clear_cache`]); one made elsewhere shows after the data's own freshness
/// plus at most this.
pub const CONFIRMED_FOR: std::time::Duration = std::time::Duration::from_secs(1);

/// An anonymous page lately sent: its status and document.
#[derive(Clone)]
struct Confirmed {
    status: StatusCode,
    document: Arc<Document>,
}

/// How long a shared cache (a CDN, nginx) keeps an anonymous page by default: as long as
/// the server's own render cache and catalogue snapshot do.
pub const SHARED_CACHE_DEFAULT: std::time::Duration = RENDER_CACHE_TTL;

/// An anonymous page's caching: a browser asks again every time (`max-age=0`, answered
/// 304 when the page's entity tag is unchanged), a shared cache keeps it for
/// `shared_cache`, and may serve it twice as long again while it asks in the background.
fn public_cache_control(shared_cache: std::time::Duration) -> HeaderValue {
    let seconds = shared_cache.as_secs();
    HeaderValue::from_str(&format!(
        "public, max-age=0, s-maxage={seconds}, stale-while-revalidate={}",
        seconds * 2
    ))
    .expect("a valid header value")
}

type RenderCache = moka::future::Cache<String, Arc<Document>>;
/// Keyed by the request target (path and query) as sent.
type ConfirmedPages = moka::sync::Cache<String, Confirmed>;

tokio::task_local! {
    /// What the request being answered asks of its page, set by the pages' layer.
    static ASKED: Asked;
}

/// What a request asks of a page besides its address: the codings it accepts and
/// whether the data saver is on.
#[derive(Debug, Clone, Copy, Default)]
struct Asked {
    accepted: Accepted,
    data_saver: DataSaver,
}

/// The data saver (ui/src/lib/data-saver.tsx): a page without video thumbnails, players
/// or previews until asked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum DataSaver {
    #[default]
    Off,
    /// The browser asks (`Save-Data: on`): a shared cache keeps this page apart by
    /// `Vary: save-data`.
    Browser,
    /// The visitor's switch (a cookie): the page is theirs alone (`private`), since a
    /// shared cache does not tell such requests apart.
    Switch,
}

/// The data saver's cookie (ui/src/lib/data-saver.tsx).
const DATA_SAVER_COOKIE: &str = "sa_data_saver";

impl Asked {
    fn of(headers: &axum::http::HeaderMap) -> Asked {
        let data_saver = if cookie(headers, DATA_SAVER_COOKIE) == Some("on") {
            DataSaver::Switch
        } else if headers
            .get("save-data")
            .is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"on"))
        {
            DataSaver::Browser
        } else {
            DataSaver::Off
        };
        Asked {
            accepted: Accepted::from_headers(headers),
            data_saver,
        }
    }
}

/// What the pages' layer needs: the renderer and the name of the session cookie (a
/// request carrying it may be a signed-in visitor's, whose pages are their own).
#[derive(Clone)]
pub struct PagesLayer {
    pub renderer: Renderer,
    pub session_cookie: &'static str,
}

/// The pages' layer: an anonymous request for a page confirmed within [`CONFIRMED_FOR`]
/// is answered from its document; any other goes to the handler, whose cached page goes
/// out in the coding the request accepts, compressed once ([`Renderer::render`]), not
/// through the compression layer. A request whose `If-None-Match` names the page's
/// entity tag is answered 304 without it.
pub async fn serve_pages(
    axum::extract::State(layer): axum::extract::State<PagesLayer>,
    request: Request,
    next: Next,
) -> Response {
    let asked = Asked::of(request.headers());
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();
    let confirmed = (request.method() == axum::http::Method::GET
        && cookie(request.headers(), layer.session_cookie).is_none())
    .then(|| {
        let key = confirmed_key(request.uri(), asked.data_saver);
        layer.renderer.confirmed.get(&key)
    })
    .flatten();
    let response = match confirmed {
        Some(page) => {
            crate::metrics::render_cache_lookup(true);
            layer.renderer.respond(page.status, &page.document, false, asked)
        }
        None => ASKED.scope(asked, next.run(request)).await,
    };
    match (if_none_match, response.headers().get(header::ETAG)) {
        (Some(wanted), Some(tag))
            if response.status() == StatusCode::OK && matches(&wanted, tag) =>
        {
            not_modified(&response)
        }
        _ => response,
    }
}

/// A lately confirmed page's key: the request target as sent (path and query), and
/// whether the data saver is on.
fn confirmed_key(uri: &Uri, data_saver: DataSaver) -> String {
    let target = uri.path_and_query().map_or("/", |target| target.as_str());
    format!("{}{target}", u8::from(data_saver != DataSaver::Off))
}

/// The value of the request's cookie named `name`, if it carries one.
fn cookie<'a>(headers: &'a axum::http::HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .find_map(|pair| {
            let (pair_name, value) = pair.trim_start().split_once('=').unwrap_or((pair.trim(), ""));
            (pair_name == name).then_some(value.trim())
        })
}

/// Whether `If-None-Match` names `tag` (weak comparison, as the header asks: `W/` and
/// the coding after the digest do not matter; `*` matches any).
fn matches(wanted: &HeaderValue, tag: &HeaderValue) -> bool {
    let digest = |tag: &str| -> String {
        let tag = tag.trim().trim_start_matches("W/").trim_matches('"');
        tag.split('-').next().unwrap_or_default().to_owned()
    };
    let (Ok(wanted), Ok(tag)) = (wanted.to_str(), tag.to_str()) else {
        return false;
    };
    let ours = digest(tag);
    wanted
        .split(',')
        .any(|candidate| candidate.trim() == "*" || digest(candidate) == ours)
}

/// 304: the validators and caching of `response`, without its body.
fn not_modified(response: &Response) -> Response {
    let mut answer = StatusCode::NOT_MODIFIED.into_response();
    for name in [header::ETAG, header::CACHE_CONTROL, header::VARY] {
        if let Some(value) = response.headers().get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// Prefetch misses seen in production: each (route, key) is logged once, all counted.
#[derive(Debug, Default)]
pub struct PrefetchAudit {
    logged: Mutex<HashSet<(&'static str, String)>>,
    misses: AtomicU64,
}

impl PrefetchAudit {
    /// Renders that read a key the server did not prefetch, since start.
    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }

    fn record(&self, route: &'static str, rendered: &Rendered) {
        if rendered.missed.is_empty() {
            return;
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let mut logged = self.logged.lock().unwrap_or_else(|e| e.into_inner());
        for key in &rendered.missed {
            if logged.insert((route, key.clone())) {
                tracing::warn!(route, key, "the page read data the server did not prefetch: its HTML shows a loading state");
            }
        }
    }
}

/// Renders pages: the engine pool, the render cache of anonymous pages and the audit.
/// Cheap to clone.
#[derive(Clone)]
pub struct Renderer {
    ssr: SsrPool,
    cache: RenderCache,
    confirmed: ConfirmedPages,
    /// An anonymous page's `Cache-Control` ([`public_cache_control`]).
    public_cache_control: HeaderValue,
    site: Arc<Site>,
    audit: Arc<PrefetchAudit>,
}

impl Renderer {
    pub fn new(ssr: SsrPool, site: Site) -> Renderer {
        Renderer {
            ssr,
            // Rendered documents of anonymous pages, keyed by URL, date and the page's
            // data: the same page with the same data is rendered once. (Pages that show
            // a signed-in user's data must not go through it.) Weighed with room for
            // their two compressed forms.
            cache: moka::future::Cache::builder()
                .max_capacity(RENDER_CACHE_BYTES)
                .weigher(|key: &String, document: &Arc<Document>| {
                    u32::try_from(key.len() + document.encoded.size() * 3 / 2).unwrap_or(u32::MAX)
                })
                .time_to_live(RENDER_CACHE_TTL)
                .build(),
            // Documents are shared with the render cache; this holds addresses.
            confirmed: moka::sync::Cache::builder()
                .max_capacity(CONFIRMED_PAGES)
                .time_to_live(CONFIRMED_FOR)
                .build(),
            public_cache_control: public_cache_control(SHARED_CACHE_DEFAULT),
            site: Arc::new(site),
            audit: Arc::default(),
        }
    }

    /// Anonymous pages say a shared cache may keep them for `shared_cache`.
    pub fn kept_by_shared_caches_for(mut self, shared_cache: std::time::Duration) -> Renderer {
        self.public_cache_control = public_cache_control(shared_cache);
        self
    }

    pub fn site(&self) -> &Site {
        &self.site
    }

    pub fn audit(&self) -> &PrefetchAudit {
        &self.audit
    }

    /// Drops every cached page (data changed elsewhere; see `changes`).
    pub fn clear_cache(&self) {
        self.cache.invalidate_all();
        self.confirmed.invalidate_all();
    }

    /// Engine runtimes replaced since start (metrics).
    pub fn engine_restarts(&self) -> u64 {
        self.ssr.restarts()
    }

    /// True when the engine has nothing queued or running (see `warm`).
    pub fn engine_idle(&self) -> bool {
        self.ssr.is_idle()
    }

    /// Renders `page` for the request target `uri`. If the engine fails (throws, times
    /// out, queue full), the shell still carries the head and the data, and the browser
    /// renders the page itself: the status stays the page's own.
    pub async fn render(&self, uri: &Uri, page: Page) -> Response {
        let now = time::OffsetDateTime::now_utc();
        let viewer = VIEWER_READS.try_with(Arc::clone).ok();
        let private = page.private || viewer.is_some();
        let asked = ASKED.try_with(|asked| *asked).unwrap_or_default();
        let mut reads = page.prefetched;
        if let Some(viewer) = viewer {
            reads.extend(viewer.iter().cloned());
        }
        let prefetched =
            serde_json::value::to_raw_value(&reads).expect("prefetched data serializes");
        let render_state = RenderState {
            prefetched: &prefetched,
            fetched_at: (now.unix_timestamp_nanos() / 1_000_000) as i64,
            year: now.year(),
            today: format!(
                "{:04}-{:02}-{:02}",
                now.year(),
                u8::from(now.month()),
                now.day()
            ),
            origin: &self.site.public_url,
            data_saver: asked.data_saver != DataSaver::Off,
            affiliate: self.site.affiliate,
        };
        // Rendered (and cached) as the page's own URL: the markup depends on nothing else.
        let page_url = page_url(uri, page.route);
        let url = page_url.as_str();
        let document = if private {
            // A signed-in visitor's page is rendered for them alone: never read from or
            // stored in the shared cache.
            self.render_document(page.route, url, &page.head, &render_state)
                .await
        } else {
            // The document depends on the page's URL, the data and the date (its
            // `fetchedAt` is when the cached copy was read, as old as its data). The data goes into
            // the key as its SHA-256, not the few KB of JSON itself.
            let data = sha2::Sha256::digest(render_state.prefetched.get().as_bytes());
            let cache_key = format!(
                "{url}\n{}\n{}\n{data:x}",
                render_state.today, render_state.data_saver
            );
            // Single flight: concurrent misses of one key wait for one render (a crawler
            // and a visitor arriving together, or a warm-up racing a request).
            let missed = std::sync::atomic::AtomicBool::new(false);
            let mut failed = None;
            let cached = self
                .cache
                .optionally_get_with(cache_key, async {
                    missed.store(true, Ordering::Relaxed);
                    let document = self
                        .render_document(page.route, url, &page.head, &render_state)
                        .await;
                    if document.rendered {
                        return Some(document);
                    }
                    // A page the engine failed to render is sent, not kept.
                    failed = Some(document);
                    None
                })
                .await;
            crate::metrics::render_cache_lookup(!missed.load(Ordering::Relaxed));
            match (cached, failed) {
                (Some(document), _) | (None, Some(document)) => document,
                // Another request's render of this key failed while this one waited.
                (None, None) => {
                    self.render_document(page.route, url, &page.head, &render_state)
                        .await
                }
            }
        };

        if !private && document.rendered {
            self.confirmed.insert(
                confirmed_key(uri, asked.data_saver),
                Confirmed {
                    status: page.status,
                    document: Arc::clone(&document),
                },
            );
        }
        self.respond(page.status, &document, private, asked)
    }

    /// A page's response: its document in the best coding `accepted` allows (a private
    /// page as it is, for the compression layer), with its caching.
    fn respond(
        &self,
        status: StatusCode,
        document: &Document,
        private: bool,
        asked: Asked,
    ) -> Response {
        let accepted = if private {
            Accepted::default()
        } else {
            asked.accepted
        };
        let (coding, body, tag) = document.encoded.best(accepted);
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        if let Some(coding) = coding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        // A signed-in visitor's page is theirs alone; a page the engine failed to render
        // is sent, never kept; an anonymous page is the same bytes for everyone.
        let cache_control = if private {
            HeaderValue::from_static("private, no-store")
        } else if !document.rendered {
            HeaderValue::from_static("no-cache")
        } else if asked.data_saver == DataSaver::Switch {
            headers.insert(header::ETAG, tag.clone());
            HeaderValue::from_static("private, no-cache")
        } else {
            headers.insert(header::ETAG, tag.clone());
            self.public_cache_control.clone()
        };
        if !private {
            headers.insert(
                header::VARY,
                HeaderValue::from_static("accept-encoding, save-data"),
            );
        }
        headers.insert(header::CACHE_CONTROL, cache_control);
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        if document.rendered {
            response.extensions_mut().insert(PrefetchReport {
                route: document.route,
                missed: document.missed.clone(),
                unread: document.unread.clone(),
            });
        }
        response
    }

    /// The document for `url`: the engine's markup in the shell, or the shell alone
    /// when the engine fails (the browser then renders from the state). The state is
    /// serialized here, so a cached page's response does not pay for it.
    async fn render_document(
        &self,
        route: &'static str,
        url: &str,
        head: &Head,
        render_state: &RenderState<'_>,
    ) -> Arc<Document> {
        let state_json = serde_json::to_string(render_state).expect("render state serializes");
        let rendered = self.render_uncached(route, url, &state_json).await;
        let rendered_ok = rendered.is_some();
        let (root_html, modules, missed, unread) = rendered
            .map(|r| (r.html, r.modules, r.missed, r.unread))
            .unwrap_or_default();
        let document = Shell::new(&self.site, head, &root_html, &modules, &state_json).render();
        Arc::new(Document {
            encoded: Encoded::new(document),
            route,
            rendered: rendered_ok,
            missed,
            unread,
        })
    }

    async fn render_uncached(
        &self,
        route: &'static str,
        url: &str,
        state_json: &str,
    ) -> Option<Rendered> {
        let request = format!(
            r#"{{"url":{},"state":{}}}"#,
            serde_json::Value::from(url),
            state_json
        );
        let started = std::time::Instant::now();
        let result = self.ssr.render(request).await;
        crate::metrics::observe_render(started.elapsed());
        let failure = match result {
            Ok(output) => match serde_json::from_str::<RenderOutput>(&output) {
                Ok(output) => {
                    let rendered = Rendered {
                        html: output.html,
                        modules: output.modules,
                        missed: output.missed,
                        unread: output.unread,
                    };
                    self.audit.record(route, &rendered);
                    return Some(rendered);
                }
                Err(err) => format!("unreadable render output: {err}"),
            },
            Err(err) => err.to_string(),
        };
        tracing::warn!(%url, %failure, elapsed_ms = started.elapsed().as_millis() as u64, "render failed; serving the client-rendered shell");
        None
    }
}
