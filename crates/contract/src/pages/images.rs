//! The pictures the server draws.

use super::{ImageRoute, Template};

/// An artist's share picture (1200x630: name, genres, photo), for `og:image`.
pub const ARTIST_SHARE_PICTURE: ImageRoute =
    ImageRoute::new("artistSharePicture", "/og/artist/{id}.jpg");
/// An article's share picture (1200x630: title, category, lead image), for `og:image`.
pub const ARTICLE_SHARE_PICTURE: ImageRoute =
    ImageRoute::new("articleSharePicture", "/og/article/{id}.jpg");
/// The generated artwork of an artist or article without an image: initials on a
/// colour (`hue` in degrees), the same picture for every name with that pair.
pub const ARTWORK: ImageRoute = ImageRoute::new("artwork", "/art/{hue}/{initials}.svg");

pub const ALL: &[ImageRoute] = &[ARTIST_SHARE_PICTURE, ARTICLE_SHARE_PICTURE, ARTWORK];

/// The generated artwork itself: the initials on a gradient from `hue` to `end`. The
/// server sends it at `ARTWORK`; the UI writes it into the page as a `data:` URL for a
/// picture in the first screen, which then paints with the page's first frame instead
/// of after its own request.
pub const ARTWORK_PICTURE: Template = Template(
    r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue} 70% 46%)"/><stop offset="1" stop-color="hsl({end} 65% 20%)"/></linearGradient></defs><rect width="400" height="400" fill="url(#bg)"/><circle cx="330" cy="70" r="120" fill="#fff" fill-opacity="0.07"/><circle cx="60" cy="360" r="150" fill="#000" fill-opacity="0.12"/><g fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="3"><circle cx="200" cy="200" r="150"/><circle cx="200" cy="200" r="118"/></g><text x="200" y="200" dy="0.35em" text-anchor="middle" fill="#fff" font-size="{size}" font-weight="800" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" letter-spacing="-4">{initials}</text></svg>"##,
);
/// The most characters of initials the artwork draws; the server refuses longer ones.
/// What the UI's `initialsOf` writes is tested to stay within it, on the shared
/// `crates/contract/cases/artwork-pictures.json`.
pub const ARTWORK_MAX_INITIALS: usize = 4;
/// How far the gradient's dark end turns from the hue, in degrees.
pub const ARTWORK_END_TURN: u16 = 48;
/// The initials' size: one letter, or two (narrower, so that both fit the circle).
pub const ARTWORK_FONT_SIZE_ONE: u16 = 150;
pub const ARTWORK_FONT_SIZE_TWO: u16 = 132;

/// `ARTWORK_PICTURE` for a hue below 360 and initials of letters and digits (or ♪).
/// The generator writes these two rules into the UI's `artworkPicture`: both are tested
/// on `crates/contract/cases/artwork-pictures.json`.
pub fn artwork_picture(hue: u16, initials: &str) -> String {
    let end = (hue + ARTWORK_END_TURN) % 360;
    let size = if initials.chars().count() > 1 {
        ARTWORK_FONT_SIZE_TWO
    } else {
        ARTWORK_FONT_SIZE_ONE
    };
    ARTWORK_PICTURE.fill(&[&hue, &end, &size, &initials])
}
