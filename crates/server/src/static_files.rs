//! Files served as they are: the hashed client bundle under `/static/` (cached
//! forever: names change with content) and `assets/public/` under `/assets/`.
//! Both are embedded in release builds, so the binary runs from any directory.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::Embed;
use sound_atlas_http::{ApiError, PathParam};

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
                |PathParam(file): PathParam| async move { serve::<ClientBundle>(&file, IMMUTABLE) },
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

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const ONE_DAY: &str = "public, max-age=86400";

fn serve<E: Embed>(path: &str, cache_control: &'static str) -> Response {
    let Some(file) = E::get(path) else {
        return ApiError::not_found("There is no such file.").into_response();
    };
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
        file.data.into_owned(),
    )
        .into_response()
}
