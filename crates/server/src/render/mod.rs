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
//! (crate::encoding, [`cache`]). A page whose handler confirmed its data within the last
//! [`CONFIRMED_FOR`] is sent straight from that document, without running the handler
//! ([`serve_pages`]). The request's part (codings, data saver, the signed-in visitor's
//! reads) comes in as a [`PageRequest`]; the response's caching is in [`respond`].

mod audit;
mod cache;
mod request;
mod respond;

pub use audit::PrefetchAudit;
pub use cache::CONFIRMED_FOR;
pub use request::{page_url, PageRequest, ViewerReads};
pub use respond::{serve_pages, PagesLayer, SHARED_CACHE_DEFAULT};

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sha2::Digest;
use sound_atlas_contract::ApiPath;
use sound_atlas_ssr::SsrPool;
use sound_atlas_web::ApiResult;

use crate::bundle::Site;
use crate::encoding::Encoded;
use crate::head::Head;

use crate::shell::Shell;
use cache::{Confirmed, ConfirmedPages, Document, RenderCache};
use request::DataSaver;
use respond::{confirmed_key, public_cache_control, respond};

/// One page to render: its route, status, head and the data its React tree reads.
pub struct Page {
    /// The route's id in the contract's route table (`sound_atlas_contract::pages::routes`).
    pub route: &'static str,
    pub status: StatusCode,
    pub head: Head,
    pub prefetched: Vec<Prefetched>,
    /// Shows one visitor's own data: never read from or written to the render cache,
    /// and sent `Cache-Control: private, no-store`. Any page rendered with a signed-in
    /// visitor's reads ([`ViewerReads`]) is private too, whatever this says.
    pub private: bool,
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
            // (Pages that show a signed-in user's data never go through these.)
            cache: cache::render_cache(),
            confirmed: cache::confirmed_pages(),
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

    /// Renders `page` for `request`. If the engine fails (throws, times out, queue full),
    /// the shell still carries the head and the data, and the browser renders the page
    /// itself: the status stays the page's own.
    pub async fn render(&self, request: &PageRequest, page: Page) -> Response {
        let now = time::OffsetDateTime::now_utc();
        let uri = request.uri();
        let asked = request.asked;
        let private = page.private || request.viewer.is_some();
        let mut reads = page.prefetched;
        if let Some(viewer) = &request.viewer {
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
        respond(
            page.status,
            &document,
            private,
            asked,
            &self.public_cache_control,
        )
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
