//! A page's response: its document in the coding the request accepts, its caching
//! (`Cache-Control`, `ETag`, `Vary`) and conditional requests, and the pages' layer that
//! answers pages confirmed for the current data generations without their handler.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::cache::{Document, Markup, RENDER_CACHE_TTL};
use super::generations::DataSources;
use super::request::{Asked, DataSaver};
use super::{PrefetchReport, Renderer};
use crate::encoding::tagged_digest;
use sound_atlas_web::cookie;

/// How long a shared cache (a CDN, nginx) keeps an anonymous page by default: as long as
/// the server's own render cache and catalogue snapshot do.
pub const SHARED_CACHE_DEFAULT: std::time::Duration = RENDER_CACHE_TTL;

/// An anonymous page's caching: a browser asks again every time (`max-age=0`, answered
/// 304 when the page's entity tag is unchanged), a shared cache keeps it for
/// `shared_cache`, and may serve it twice as long again while it asks in the background.
pub(super) fn public_cache_control(shared_cache: std::time::Duration) -> HeaderValue {
    let seconds = shared_cache.as_secs();
    HeaderValue::from_str(&format!(
        "public, max-age=0, s-maxage={seconds}, stale-while-revalidate={}",
        seconds * 2
    ))
    .expect("a valid header value")
}

/// What the pages' layer needs: the renderer, the name of the session cookie (a request
/// carrying it may be a signed-in visitor's, whose pages are their own) and where the
/// data's generations are read.
#[derive(Clone)]
pub struct PagesLayer {
    pub renderer: Renderer,
    pub session_cookie: &'static str,
    pub data: DataSources,
}

/// The pages' layer: it reads what the request asks ([`Asked`]) for the page's handler.
/// An anonymous request for a page confirmed for the data generations still current is
/// answered from its document; any other goes to the handler (with the generations read
/// before it, under which [`Renderer::render`] confirms the page), whose cached page goes
/// out in the coding the request accepts, compressed once, not through the compression
/// layer. A request whose `If-None-Match` names the page's entity tag is answered 304
/// without it.
pub async fn serve_pages(
    State(layer): State<PagesLayer>,
    mut request: Request,
    next: Next,
) -> Response {
    // Read once here and handed on to the page's handler (its `PageRequest`).
    let asked = Asked::of(request.headers());
    request.extensions_mut().insert(asked);
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();
    // A signed-in visitor's page may be their own; a client's `refresh=true` asks the
    // handler to read again.
    let anonymous = request.method() == Method::GET
        && cookie(request.headers(), layer.session_cookie).is_none()
        && !asks_refresh(request.uri());
    let generations = match anonymous {
        true => layer.data.current().await,
        false => None,
    };
    let confirmed = generations.as_ref().and_then(|now| {
        let key = confirmed_key(request.uri(), asked.data_saver);
        let page = layer.renderer.confirmed.get(&key)?;
        page.generations.same_as(now).then_some(page)
    });
    let response = match confirmed {
        Some(page) => {
            crate::metrics::render_cache_lookup(true);
            respond(
                page.status,
                &page.document,
                false,
                asked,
                &layer.renderer.public_cache_control,
            )
        }
        None => {
            if let Some(generations) = generations {
                request.extensions_mut().insert(generations);
            }
            next.run(request).await
        }
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

/// Whether the request's query says `refresh=true` (the pages that read it reread their
/// data).
fn asks_refresh(uri: &Uri) -> bool {
    uri.query().is_some_and(|query| {
        form_urlencoded::parse(query.as_bytes())
            .any(|(name, value)| name == "refresh" && value == "true")
    })
}

/// A confirmed page's key: the request target as sent (path and query), and
/// whether the data saver is on.
pub(super) fn confirmed_key(uri: &Uri, data_saver: DataSaver) -> String {
    let target = uri.path_and_query().map_or("/", |target| target.as_str());
    format!("{}{target}", u8::from(data_saver != DataSaver::Off))
}

/// Whether `If-None-Match` names `tag` (weak comparison, as the header asks: `W/` and
/// the coding after the digest do not matter; `*` matches any).
fn matches(wanted: &HeaderValue, tag: &HeaderValue) -> bool {
    let (Ok(wanted), Ok(tag)) = (wanted.to_str(), tag.to_str()) else {
        return false;
    };
    let ours = tagged_digest(tag);
    wanted
        .split(',')
        .any(|candidate| candidate.trim() == "*" || tagged_digest(candidate) == ours)
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

/// A page's response: its document in the best coding `accepted` allows (a private
/// page as it is, for the compression layer), with its caching.
pub(super) fn respond(
    status: StatusCode,
    document: &Document,
    private: bool,
    asked: Asked,
    public_cache_control: &HeaderValue,
) -> Response {
    let (coding, body, tag) = match &document.markup {
        Markup::Shared(encoded) => {
            let (coding, body, tag) = encoded.best(asked.accepted);
            (coding, body, Some(tag))
        }
        Markup::Own(text) => (None, text.clone(), None),
    };
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    if let Some(coding) = coding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    // A signed-in visitor's page is theirs alone; a page the engine failed to render
    // is sent, never kept; an anonymous page is the same bytes for everyone.
    let cache_control = match tag {
        _ if private => HeaderValue::from_static("private, no-store"),
        Some(tag) if document.rendered => {
            headers.insert(header::ETAG, tag);
            if asked.data_saver == DataSaver::Switch {
                HeaderValue::from_static("private, no-cache")
            } else {
                public_cache_control.clone()
            }
        }
        _ => HeaderValue::from_static("no-cache"),
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
