//! The render cache of anonymous pages (whole documents, keyed by their URL, date, data
//! saver and data) and the pages confirmed for the data's generations (answered without
//! their handler while those are current).

use std::sync::Arc;

use axum::body::Bytes;
use axum::http::StatusCode;

use super::generations::Generations;
use crate::encoding::Encoded;

/// How long a rendered page is reused: as long as the catalogue snapshot it was
/// rendered from.
pub(super) const RENDER_CACHE_TTL: std::time::Duration = sound_atlas_catalog::store::SNAPSHOT_TTL;
/// At most this many bytes of rendered documents are kept, each weighed as its brotli
/// bytes twice (room for a gzip copy): about 11,000 artist pages (8–9 KB each in
/// brotli), the same again for the pages answered without their handler (mostly the same
/// documents).
const PAGE_CACHE_BYTES: u64 = 192 << 20;

/// A document's bytes: compressed once for everyone, or as it is for one visitor (their
/// page goes through the compression layer).
pub(super) enum Markup {
    Shared(Encoded),
    Own(Bytes),
}

impl Markup {
    fn size(&self) -> usize {
        match self {
            Markup::Shared(encoded) => encoded.size(),
            Markup::Own(text) => text.len(),
        }
    }
}

/// A whole document, and what its render read.
pub(super) struct Document {
    pub markup: Markup,
    pub route: &'static str,
    /// Whether the engine rendered it (else it is the shell alone, and reads nothing).
    pub rendered: bool,
    pub missed: Vec<String>,
    pub unread: Vec<String>,
}

/// The longest an anonymous page is answered from its document without running its
/// handler, while the data generations it was rendered from stay current
/// ([`Generations`]): the bound for what no generation tells (a channel's videos, which
/// have a freshness of their own; the home page's random artist), as long as a shared
/// cache may keep the page.
pub const CONFIRMED_FOR: std::time::Duration = RENDER_CACHE_TTL;

/// An anonymous page sent: its status, its document and the data generations its
/// handler read.
#[derive(Clone)]
pub(super) struct Confirmed {
    pub status: StatusCode,
    pub document: Arc<Document>,
    pub generations: Generations,
}

pub(super) type RenderCache = moka::future::Cache<String, Arc<Document>>;
/// Keyed by the request target (path and query) as sent.
pub(super) type ConfirmedPages = moka::sync::Cache<String, Confirmed>;

/// Rendered documents of anonymous pages: the same page with the same data is rendered
/// once.
pub(super) fn render_cache() -> RenderCache {
    moka::future::Cache::builder()
        .max_capacity(PAGE_CACHE_BYTES)
        .weigher(|key: &String, document: &Arc<Document>| weight(key, document))
        .time_to_live(RENDER_CACHE_TTL)
        .build()
}

/// Addresses confirmed for their generations (documents are shared with the render cache).
pub(super) fn confirmed_pages() -> ConfirmedPages {
    moka::sync::Cache::builder()
        .max_capacity(PAGE_CACHE_BYTES)
        .weigher(|key: &String, page: &Confirmed| weight(key, &page.document))
        .time_to_live(CONFIRMED_FOR)
        .build()
}

/// A document's weight in the caches: its key and its brotli bytes twice (room for the
/// gzip copy some clients ask for).
fn weight(key: &str, document: &Document) -> u32 {
    u32::try_from(key.len() + document.markup.size() * 2).unwrap_or(u32::MAX)
}
