//! Files served as they are: the hashed client bundle under `/static/` (cached
//! forever: names change with content) and `assets/public/` under `/assets/`.
//! Both are embedded in release builds, so the binary runs from any directory.
//! The client bundle comes precompressed (ui/build.mjs writes `.br` at brotli's highest
//! level and `.gz`): the variant the browser accepts is sent as it is.

use std::borrow::Cow;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::Embed;
use sound_atlas_web::{ApiError, PathParam};

#[derive(Embed)]
#[folder = "$OUT_DIR/ui/client"]
struct ClientBundle;

#[derive(Embed)]
#[folder = "assets/public"]
struct PublicAssets;

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route(
            "/static/{*file}",
            get(
                |PathParam(file): PathParam, headers: HeaderMap| async move {
                    serve_precompressed::<ClientBundle>(&file, &headers, IMMUTABLE)
                },
            ),
        )
        .route(
            "/assets/{*file}",
            get(|PathParam(file): PathParam| async move { serve::<PublicAssets>(&file, ONE_DAY) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { serve::<PublicAssets>("favicon.svg", ONE_DAY) }),
        )
}

/// A file of `assets/public/` (served under `/assets/`) by its path there.
pub fn public_asset(path: &str) -> Option<Vec<u8>> {
    PublicAssets::get(path).map(|file| file.data.into_owned())
}

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A file of the client bundle that is not hashed (the service worker, the offline
/// page), in the coding the request accepts.
pub fn client_file(path: &str, headers: &HeaderMap, cache_control: &'static str) -> Response {
    serve_precompressed::<ClientBundle>(path, headers, cache_control)
}
const ONE_DAY: &str = "public, max-age=86400";

/// The `.br` or `.gz` sibling of `path` when the request accepts it and it exists
/// (`Content-Encoding` set, so the compression layer passes it through), else the file.
fn serve_precompressed<E: Embed>(
    path: &str,
    headers: &HeaderMap,
    cache_control: &'static str,
) -> Response {
    let accepted = crate::encoding::Accepted::from_headers(headers);
    if !path.ends_with(".br") && !path.ends_with(".gz") {
        for (coding, suffix, ok) in [("br", "br", accepted.br), ("gzip", "gz", accepted.gzip)] {
            if !ok {
                continue;
            }
            if let Some(file) = E::get(&format!("{path}.{suffix}")) {
                let mut response = serve_bytes(path, file.data, cache_control);
                let headers = response.headers_mut();
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
                headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
                return response;
            }
        }
    }
    serve::<E>(path, cache_control)
}

fn serve<E: Embed>(path: &str, cache_control: &'static str) -> Response {
    let Some(file) = E::get(path) else {
        return ApiError::not_found("There is no such file.").into_response();
    };
    serve_bytes(path, file.data, cache_control)
}

/// `bytes` with the content type of `path`'s extension.
fn serve_bytes(path: &str, bytes: Cow<'static, [u8]>, cache_control: &'static str) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type = HeaderValue::from_str(mime.essence_str())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, content_type),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(cache_control),
            ),
        ],
        // Embedded files are borrowed for the program's life: sent without a copy.
        match bytes {
            Cow::Borrowed(bytes) => Body::from(bytes),
            Cow::Owned(bytes) => Body::from(bytes),
        },
    )
        .into_response()
}
