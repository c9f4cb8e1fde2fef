//! The video service's public addresses, built from a video id: the one place both the
//! content (charts, songs, channel rows) and the library (video favorites) take them from,
//! so no address a client sent is ever stored or shown in their place. The UI builds
//! them from the same templates (generated as `videoUrls`).

use crate::template::{encode_uri_component, Template};

/// The service's ids: 11 characters of `[A-Za-z0-9_-]`.
pub fn is_video_id(text: &str) -> bool {
    text.len() == 11
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The video's watch page.
pub const WATCH_URL: Template = Template("https://www.youtube.com/watch?v={id}");
/// The service's standard thumbnail of the video, on its image host.
pub const THUMBNAIL_URL: Template = Template("https://i.ytimg.com/vi/{id}/hqdefault.jpg");
/// Both, by the names the UI calls them.
pub const URLS: &[(&str, Template)] = &[("watch", WATCH_URL), ("thumbnail", THUMBNAIL_URL)];

pub fn watch_url(id: &str) -> String {
    WATCH_URL.fill_with(&[&id], encode_uri_component)
}

pub fn thumbnail_url(id: &str) -> String {
    THUMBNAIL_URL.fill_with(&[&id], encode_uri_component)
}
