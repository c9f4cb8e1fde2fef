//! The video service's public addresses, built from a video id: the one place both the
//! content (charts, songs, channel rows) and the library (video favorites) take them from,
//! so no address a client sent is ever stored or shown in their place.

/// The service's ids: 11 characters of `[A-Za-z0-9_-]`.
pub fn is_video_id(text: &str) -> bool {
    text.len() == 11
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The video's watch page.
pub fn watch_url(id: &str) -> String {
    format!("https://www.youtube.com/watch?v={id}")
}

/// The service's standard thumbnail of the video, on its image host.
pub fn thumbnail_url(id: &str) -> String {
    format!("https://i.ytimg.com/vi/{id}/hqdefault.jpg")
}
