//! Generated artwork for artists without an image: their initials on a genre colour,
//! drawn here once per colour and initials (`/art/{hue}/{initials}.svg`, the contract's
//! `images::ARTWORK`) instead of as inline SVG in every card. The browser caches it for
//! good (the URL names everything the picture depends on), and React renders two
//! elements per card instead of ten. The UI builds the URL from the same declaration
//! (`images.artwork`, with the hue and initials of `ui/src/lib/artwork.ts`).

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_contract::pages::images::ARTWORK;
use sound_atlas_web::{ApiError, PathParam};

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route(
        &ARTWORK.route(),
        get(|PathParam(file): PathParam| async move { artwork(&file) }),
    )
}

/// Longest initials the UI produces: two letters, upper-cased (ß becomes SS), or ♪.
const MAX_INITIALS: usize = 4;

fn artwork(file: &str) -> Response {
    match parse(file) {
        Some((hue, initials)) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("image/svg+xml"),
                ),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ),
            ],
            svg(hue, initials),
        )
            .into_response(),
        None => ApiError::not_found("There is no such artwork.").into_response(),
    }
}

/// `{hue}/{initials}.svg`, hue below 360, initials a few letters or digits (or ♪).
fn parse(file: &str) -> Option<(u16, &str)> {
    let [hue, initials] = ARTWORK.read(file)?[..] else {
        return None;
    };
    let hue: u16 = hue.parse().ok().filter(|h| *h < 360)?;
    let count = initials.chars().count();
    let valid = (1..=MAX_INITIALS).contains(&count)
        && initials.chars().all(|c| c.is_alphanumeric() || c == '♪');
    valid.then_some((hue, initials))
}

/// The same picture the UI drew inline before (only letters and digits reach `initials`).
fn svg(hue: u16, initials: &str) -> String {
    let end = (hue + 48) % 360;
    let size = if initials.chars().count() > 1 {
        132
    } else {
        150
    };
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue} 70% 46%)"/><stop offset="1" stop-color="hsl({end} 65% 20%)"/></linearGradient></defs><rect width="400" height="400" fill="url(#bg)"/><circle cx="330" cy="70" r="120" fill="#fff" fill-opacity="0.07"/><circle cx="60" cy="360" r="150" fill="#000" fill-opacity="0.12"/><g fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="3"><circle cx="200" cy="200" r="150"/><circle cx="200" cy="200" r="118"/></g><text x="200" y="200" dy="0.35em" text-anchor="middle" fill="#fff" font-size="{size}" font-weight="800" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" letter-spacing="-4">{initials}</text></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn only_what_the_ui_produces_is_drawn() {
        assert_eq!(parse("210/AB.svg"), Some((210, "AB")));
        assert_eq!(parse("0/♪.svg"), Some((0, "♪")));
        assert_eq!(parse("12/ÉB.svg"), Some((12, "ÉB")));
        assert_eq!(parse("360/AB.svg"), None);
        assert_eq!(parse("12/ABCDE.svg"), None);
        assert_eq!(parse("12/<a.svg"), None);
        assert_eq!(parse("12/.svg"), None);
        assert_eq!(parse("12/AB.png"), None);
        assert_eq!(parse("x/AB.svg"), None);
    }
}
