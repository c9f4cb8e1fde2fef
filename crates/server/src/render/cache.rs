//! The render cache of anonymous pages (whole documents, keyed by their URL, date, data
//! saver and data) and the pages lately confirmed (answered without their handler).

use std::sync::Arc;

use axum::http::StatusCode;

use crate::encoding::Encoded;

/// How long a rendered page is reused: as long as the catalogue snapshot it was
/// rendered from.
pub(super) const RENDER_CACHE_TTL: std::time::Duration = sound_atlas_catalog::store::SNAPSHOT_TTL;
/// At most this many bytes of rendered documents (and their compressed forms) are kept:
/// about 1,000 pages (every page of the seeded site), and with the catalogue snapshot
/// and the engines what keeps a 100,000-artist server near 300 MB.
const RENDER_CACHE_BYTES: u64 = 32 << 20;
/// At most this many addresses are answered without their handler (each a key and a
/// pointer to a document the render cache holds).
const CONFIRMED_PAGES: u64 = 10_000;

/// A whole document, and what its render read.
pub(super) struct Document {
    pub encoded: Encoded,
    pub route: &'static str,
    /// Whether the engine rendered it (else it is the shell alone, and reads nothing).
    pub rendered: bool,
    pub missed: Vec<String>,
    pub unread: Vec<String>,
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
pub(super) struct Confirmed {
    pub status: StatusCode,
    pub document: Arc<Document>,
}

pub(super) type RenderCache = moka::future::Cache<String, Arc<Document>>;
/// Keyed by the request target (path and query) as sent.
pub(super) type ConfirmedPages = moka::sync::Cache<String, Confirmed>;

/// Rendered documents of anonymous pages: the same page with the same data is rendered
/// once. Weighed with room for their two compressed forms.
pub(super) fn render_cache() -> RenderCache {
    moka::future::Cache::builder()
        .max_capacity(RENDER_CACHE_BYTES)
        .weigher(|key: &String, document: &Arc<Document>| {
            u32::try_from(key.len() + document.encoded.size() * 3 / 2).unwrap_or(u32::MAX)
        })
        .time_to_live(RENDER_CACHE_TTL)
        .build()
}

/// Addresses lately confirmed (documents are shared with the render cache).
pub(super) fn confirmed_pages() -> ConfirmedPages {
    moka::sync::Cache::builder()
        .max_capacity(CONFIRMED_PAGES)
        .time_to_live(CONFIRMED_FOR)
        .build()
}
