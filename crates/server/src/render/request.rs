//! What a page's request asks of its page besides its route: the address it is
//! rendered as, the codings it accepts, the data saver, and the signed-in visitor's own
//! reads. Handlers take it as an extractor ([`PageRequest`]) and pass it to the renderer.

use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, Uri};

use sound_atlas_contract::pages::{DATA_SAVER_COOKIE, DATA_SAVER_COOKIE_ON};
use sound_atlas_web::cookie;

use super::generations::Generations;
use super::Prefetched;
use crate::encoding::Accepted;

/// A page's request, as its handler hands it to [`super::Renderer::render`].
#[derive(Clone)]
pub struct PageRequest {
    uri: Uri,
    pub(super) asked: Asked,
    /// The signed-in visitor's own reads ([`ViewerReads`]): the page carries them and is
    /// theirs alone.
    pub(super) viewer: Option<Arc<Vec<Prefetched>>>,
    /// The data generations read before the handler's reads, for an anonymous request:
    /// its page is confirmed for them.
    pub(super) generations: Option<Generations>,
    /// Made by the warm-up ([`Warming`]), off any visitor's path.
    pub(super) warming: bool,
}

impl PageRequest {
    /// The request target as sent.
    pub fn uri(&self) -> &Uri {
        &self.uri
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageRequest {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(PageRequest {
            uri: parts.uri.clone(),
            asked: *parts
                .extensions
                .get::<Asked>()
                .expect("pages are served under the pages' layer, which reads what they are asked"),
            viewer: parts
                .extensions
                .get::<ViewerReads>()
                .map(|reads| Arc::clone(&reads.0)),
            generations: parts.extensions.get::<Generations>().cloned(),
            warming: parts.extensions.get::<Warming>().is_some(),
        })
    }
}

/// On the warm-up's requests: their pages are made while no visitor waits, so each is
/// compressed for keeping at once.
#[derive(Clone, Copy)]
pub struct Warming;

impl Warming {
    /// The warm-up's request for the page at `url`. It accepts brotli, the coding every
    /// page is kept in, so its answer (which nobody reads) is not decoded for it.
    pub fn request(url: &str) -> axum::http::Request<axum::body::Body> {
        let mut request = axum::http::Request::get(url)
            .header(axum::http::header::ACCEPT_ENCODING, "br")
            .body(axum::body::Body::empty())
            .expect("a valid URL");
        request.extensions_mut().insert(Warming);
        request
    }
}

/// The signed-in visitor's own reads (their favorites, folders, ...), put on the request
/// by the pages' viewer layer: every page rendered for it carries them in its state (so
/// the first HTML shows the visitor's hearts and count) and is private.
#[derive(Clone)]
pub struct ViewerReads(Arc<Vec<Prefetched>>);

impl ViewerReads {
    pub fn new(reads: Vec<Prefetched>) -> ViewerReads {
        ViewerReads(Arc::new(reads))
    }

    pub fn reads(&self) -> Arc<Vec<Prefetched>> {
        Arc::clone(&self.0)
    }
}

/// What a request asks of a page besides its address: the codings it accepts and
/// whether the data saver is on.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Asked {
    pub accepted: Accepted,
    pub data_saver: DataSaver,
}

/// The data saver (ui/src/lib/data-saver.tsx): a page without video thumbnails, players
/// or previews until asked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum DataSaver {
    #[default]
    Off,
    /// The browser asks (`Save-Data: on`): a shared cache keeps this page apart by
    /// `Vary: save-data`.
    Browser,
    /// The visitor's switch (a cookie): the page is theirs alone (`private`), since a
    /// shared cache does not tell such requests apart.
    Switch,
}

impl Asked {
    pub(super) fn of(headers: &HeaderMap) -> Asked {
        let data_saver =
            if cookie(headers, DATA_SAVER_COOKIE).as_deref() == Some(DATA_SAVER_COOKIE_ON) {
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
