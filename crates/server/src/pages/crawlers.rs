//! What crawlers read besides pages: `/robots.txt` and `/sitemap.xml` (home, every
//! browse letter and every artist page), with absolute URLs on the public origin.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_catalog::{reads, Letter};
use sound_atlas_contract::pages::routes;
use sound_atlas_http::ApiResult;

use super::catalog::browse_letter_path;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
}

/// Search result pages stay crawlable: they say `noindex` themselves, which a crawler
/// barred by robots.txt would never read.
async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nDisallow: /api/\n\nSitemap: {}/sitemap.xml\n",
        state.renderer.site().public_url
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

async fn sitemap(State(state): State<AppState>) -> ApiResult<Response> {
    let origin = &state.renderer.site().public_url;
    let mut paths = vec![
        routes::HOME.href(&[]),
        routes::BROWSE.href(&[]),
        routes::QUIZ.href(&[]),
    ];
    paths.extend(Letter::all().map(browse_letter_path));
    paths.extend(
        reads::list(&state.catalog, false)
            .await?
            .iter()
            .map(|a| routes::ARTIST.href(&[&a.id])),
    );
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in paths {
        // Paths are ours and ASCII; only "&" (in query strings) needs escaping in XML.
        xml.push_str(&format!(
            "  <url><loc>{origin}{}</loc></url>\n",
            path.replace('&', "&amp;")
        ));
    }
    xml.push_str("</urlset>\n");
    Ok((
        [(header::CONTENT_TYPE, "application/xml; charset=utf-8")],
        xml,
    )
        .into_response())
}
