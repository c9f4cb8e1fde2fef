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
//! (crate::encoding, [`cache`]). A page rendered from the data generations still current
//! ([`generations`]), within [`CONFIRMED_FOR`], is sent straight from that document,
//! without running the handler ([`serve_pages`]). The request's part (codings, data saver, the signed-in visitor's
//! reads) comes in as a [`PageRequest`]; the response's caching is in [`respond`].

mod audit;
mod cache;
mod generations;
mod request;
mod respond;

pub use audit::PrefetchAudit;
pub use cache::CONFIRMED_FOR;
pub use generations::DataSources;
pub use request::{page_url, PageRequest, ViewerReads, Warming};
pub use respond::{serve_pages, PagesLayer, SHARED_CACHE_DEFAULT};

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use futures_util::future::join;
use sha2::Digest;
pub use sound_atlas_contract::render::Prefetched;
use sound_atlas_contract::render::{RenderOutput, RenderRequest, RenderState};
use sound_atlas_ssr::SsrPool;

use crate::bundle::Site;
use crate::encoding::{CompressedPart, Encoded};
use crate::head::Head;

use crate::shell::{page_state, Shell};
use cache::{Confirmed, ConfirmedPages, Document, Markup, RenderCache};
use request::DataSaver;
use respond::{confirmed_key, public_cache_control, respond};

/// The day of `at` (YYYY-MM-DD): the page state's `today`.
pub fn iso_day(at: time::OffsetDateTime) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        at.year(),
        u8::from(at.month()),
        at.day()
    )
}

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

/// How a rendered document is kept: as it is, for one visitor (the compression layer
/// compresses it), or compressed once for everyone, fast while a visitor waits for it
/// and for keeping at once when the warm-up makes it.
#[derive(Clone, Copy)]
enum Keep {
    Own,
    Answering,
    Kept,
}

/// Which query keys one render read without their being prefetched, and which
/// prefetched keys it never read. On every rendered page response, as an extension.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrefetchReport {
    pub route: &'static str,
    pub missed: Vec<String>,
    pub unread: Vec<String>,
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

    /// Pages name `account` (`@name`) as the site's on X (Twitter).
    pub fn naming_twitter_account(mut self, account: Option<String>) -> Renderer {
        Arc::make_mut(&mut self.site).twitter_site = account;
        self
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
            prefetched,
            fetched_at: (now.unix_timestamp_nanos() / 1_000_000) as i64,
            year: now.year(),
            today: iso_day(now),
            origin: self.site.public_url.clone(),
            data_saver: asked.data_saver != DataSaver::Off,
            affiliate: self.site.affiliate,
            new_songs_window_weeks: self.site.new_songs_window_weeks,
        };
        // Rendered (and cached) as the page's own URL: the markup depends on nothing else.
        let page_url = page_url(uri, page.route);
        let url = page_url.as_str();
        let document = if private {
            // A signed-in visitor's page is rendered for them alone: never read from or
            // stored in the shared cache.
            self.render_document(page.route, url, &page.head, &render_state, Keep::Own)
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
            let keep = match request.warming {
                true => Keep::Kept,
                false => Keep::Answering,
            };
            let missed = std::sync::atomic::AtomicBool::new(false);
            let mut failed = None;
            let cached = self
                .cache
                .optionally_get_with(cache_key, async {
                    missed.store(true, Ordering::Relaxed);
                    let document = self
                        .render_document(page.route, url, &page.head, &render_state, keep)
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
                    self.render_document(page.route, url, &page.head, &render_state, keep)
                        .await
                }
            }
        };

        if let (false, true, Some(generations)) =
            (private, document.rendered, request.generations.clone())
        {
            self.confirmed.insert(
                confirmed_key(uri, asked.data_saver),
                Confirmed {
                    status: page.status,
                    document: Arc::clone(&document),
                    generations,
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
    /// when the engine fails (the browser then renders from the state), kept as `keep`
    /// says. The state is serialized here, so a cached page's response does not pay for
    /// it.
    async fn render_document(
        &self,
        route: &'static str,
        url: &str,
        head: &Head,
        render_state: &RenderState,
        keep: Keep,
    ) -> Arc<Document> {
        // The document's state is made (and compressed, for a first answer) while the
        // engine renders: `join` polls the render first, which hands it to the engine.
        let state = async {
            let state = CompressedPart::own(page_state(render_state));
            if let Keep::Answering = keep {
                state.compress();
            }
            state
        };
        let (rendered, state) = join(self.render_uncached(route, url, render_state), state).await;
        let rendered_ok = rendered.is_some();
        let RenderOutput {
            html,
            modules,
            missed,
            unread,
        } = rendered.unwrap_or_default();
        let shell = Shell::new(&self.site, head, &html, &modules, &state);
        let document = shell.render();
        Arc::new(Document {
            markup: match keep {
                Keep::Own => Markup::Own(document.into()),
                Keep::Answering => {
                    Markup::Shared(Encoded::answering(document, &shell.compressed_parts()))
                }
                Keep::Kept => Markup::Shared(Encoded::kept(document)),
            },
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
        state: &RenderState,
    ) -> Option<RenderOutput> {
        let request = serde_json::to_string(&RenderRequest { url, state })
            .expect("the render request serializes");
        let started = std::time::Instant::now();
        let result = self.ssr.render(request).await;
        crate::metrics::observe_render(started.elapsed());
        let failure = match result {
            Ok(output) => match serde_json::from_str::<RenderOutput>(&output) {
                Ok(output) => {
                    self.audit.record(route, &output);
                    return Some(output);
                }
                Err(err) => format!("unreadable render output: {err}"),
            },
            Err(err) => err.to_string(),
        };
        tracing::warn!(%url, %failure, elapsed_ms = started.elapsed().as_millis() as u64, "render failed; serving the client-rendered shell");
        None
    }
}
