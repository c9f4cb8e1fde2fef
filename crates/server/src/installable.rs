//! What makes the site an installable app that reads offline: the web app manifest
//! (`assets/public/manifest.webmanifest`, linked from every page), its icons (the site's
//! mark on the page colour, drawn here once per size from `assets/public/favicon.svg`),
//! the service worker (`/sw.js`, built from `ui/src/service-worker.ts`) and the page it
//! shows offline for a page never opened (`/offline`).

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use resvg::{tiny_skia, usvg};
use sound_atlas_web::ApiError;

/// The icon sizes the manifest lists.
pub const ICON_SIZES: [u32; 2] = [192, 512];
/// The page colour behind the mark (the manifest's background and theme colours).
const BACKGROUND: &str = "#0d0b14";
const MARK: &str = include_str!("../../../assets/public/favicon.svg");
/// A week: the mark seldom changes, and the manifest names the icons by size only.
const ICON_CACHE: &str = "public, max-age=604800";

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        // Asked again on every visit (no-cache): a new release's worker must be seen.
        .route(
            "/sw.js",
            get(|headers: HeaderMap| async move {
                crate::static_files::client_file("sw.js", &headers, "no-cache")
            }),
        )
        .route(
            "/offline",
            get(|headers: HeaderMap| async move {
                crate::static_files::client_file("offline.html", &headers, "no-cache")
            }),
        )
        .route(
            "/icons/{file}",
            get(|Path(file): Path<String>| async move { icon(&file) }),
        )
}

fn icon(file: &str) -> Response {
    let size = file
        .strip_prefix("icon-")
        .and_then(|rest| rest.strip_suffix(".png"))
        .and_then(|size| size.parse::<u32>().ok())
        .filter(|size| ICON_SIZES.contains(size));
    let Some(size) = size else {
        return ApiError::not_found("There is no such icon.").into_response();
    };
    static ICONS: [OnceLock<Vec<u8>>; ICON_SIZES.len()] = [OnceLock::new(), OnceLock::new()];
    let index = ICON_SIZES
        .iter()
        .position(|s| *s == size)
        .expect("a listed size");
    let png = ICONS[index].get_or_init(|| draw(size));
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (header::CACHE_CONTROL, HeaderValue::from_static(ICON_CACHE)),
        ],
        png.clone(),
    )
        .into_response()
}

/// The mark at five eighths of the square on the page colour: inside the circle of 80%
/// a platform may cut a "maskable" icon to, and a full square where it does not.
fn draw(size: u32) -> Vec<u8> {
    let inner = MARK
        .trim()
        .trim_start_matches(|c| c != '>')
        .trim_start_matches('>')
        .trim_end_matches("</svg>");
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="{size}" height="{size}"><rect width="48" height="48" fill="{BACKGROUND}"/><g transform="translate(9 9) scale(0.625)">{inner}</g></svg>"#
    );
    let tree =
        usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("the mark is valid SVG");
    let mut pixmap = tiny_skia::Pixmap::new(size, size).expect("a non-empty size");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().expect("a pixmap encodes")
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_icon_is_a_png_of_its_size_with_the_mark_on_the_page_colour() {
        for size in super::ICON_SIZES {
            let png = super::draw(size);
            let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a PNG");
            assert_eq!((pixmap.width(), pixmap.height()), (size, size));
            let corner = pixmap.pixel(0, 0).unwrap();
            assert_eq!(
                (corner.red(), corner.green(), corner.blue()),
                (0x0d, 0x0b, 0x14)
            );
            let centre = pixmap.pixel(size / 2, size / 2).unwrap();
            assert_eq!(
                (centre.red(), centre.green(), centre.blue()),
                (255, 255, 255),
                "the mark's centre dot"
            );
        }
    }
}
