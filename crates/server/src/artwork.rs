//! Generated artwork for artists without an image: their initials on a genre colour
//! (the contract's `images::ARTWORK_PICTURE`), sent here once per colour and initials
//! (`/art/{hue}/{initials}.svg`, `images::ARTWORK`) for every picture below the first
//! screen. The browser caches it for good (the URL names everything the picture depends
//! on), and React renders two elements per card instead of ten. The UI builds the URL
//! from the same declaration (`images.artwork`, with the hue and initials of
//! `ui/src/lib/artwork.ts`), and writes the picture itself into the page for a card in
//! the first screen.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_contract::pages::images::{artwork_picture, ARTWORK, ARTWORK_MAX_INITIALS};
use sound_atlas_web::{ApiError, PathParam};

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route(
        &ARTWORK.route(),
        get(|PathParam(file): PathParam| async move { artwork(&file) }),
    )
}

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
            artwork_picture(hue, initials),
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
    let valid = (1..=ARTWORK_MAX_INITIALS).contains(&count)
        && initials.chars().all(|c| c.is_alphanumeric() || c == '♪');
    valid.then_some((hue, initials))
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
