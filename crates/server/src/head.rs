//! The document head of a page: title, description, canonical path, Open Graph and
//! Twitter tags, JSON-LD. Each page computes its own in Rust from the page's data (so
//! crawlers get it right even when the JavaScript render fails); the shell writes it.

use serde_json::{json, Value};
use sound_atlas_contract::pages::{titles, SITE_NAME};

/// Shown by social networks when a page has no image of its own.
pub use sound_atlas_contract::pages::DEFAULT_IMAGE_PATH;
/// `assets/public/og-default.jpg`'s size and format (a test decodes it to keep them true).
pub const DEFAULT_IMAGE_SIZE: (u32, u32) = (1200, 630);
pub const DEFAULT_IMAGE_TYPE: &str = "image/jpeg";
/// What the default image shows, for `og:image:alt` and `twitter:image:alt`.
pub use sound_atlas_contract::pages::DEFAULT_IMAGE_ALT;
/// `og:locale`: the site is written in English (the shell's `lang="en"`).
pub const LOCALE: &str = "en_US";
/// The site's description, for pages without one of their own.
pub use sound_atlas_contract::pages::SITE_DESCRIPTION as DEFAULT_DESCRIPTION;

/// A page's preview image: `og:image` with its size and a text saying what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadImage {
    /// Absolute URL, or a path on this site (starting with `/`) the shell joins to the origin.
    pub url: String,
    /// Pixel size, when known (an image from elsewhere may have none recorded).
    pub size: Option<(u32, u32)>,
    /// Media type (`og:image:type`), when known.
    pub media_type: Option<&'static str>,
    pub alt: String,
}

impl HeadImage {
    /// The site's default preview image.
    pub fn site_default() -> HeadImage {
        HeadImage {
            url: DEFAULT_IMAGE_PATH.into(),
            size: Some(DEFAULT_IMAGE_SIZE),
            media_type: Some(DEFAULT_IMAGE_TYPE),
            alt: DEFAULT_IMAGE_ALT.into(),
        }
    }

    /// A page's own share picture (`/og/...jpg`, drawn by the server at 1200x630).
    pub fn share_card(path: String, card: &sound_atlas_share_picture::ShareCard) -> HeadImage {
        HeadImage {
            url: path,
            size: Some((
                sound_atlas_share_picture::WIDTH,
                sound_atlas_share_picture::HEIGHT,
            )),
            media_type: Some(sound_atlas_share_picture::MEDIA_TYPE),
            alt: sound_atlas_share_picture::alt_text(card),
        }
    }

    /// An image whose size is not known, e.g. an artist photo on another host.
    pub fn without_size(url: impl Into<String>, alt: impl Into<String>) -> HeadImage {
        HeadImage {
            url: url.into(),
            size: None,
            media_type: None,
            alt: alt.into(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Path (and query) of the canonical URL, joined to the public origin by the shell;
    /// None for pages that must not name themselves canonical (a 404 names no URL).
    pub canonical_path: Option<String>,
    /// Open Graph type: "website", "profile" or "article".
    pub og_type: &'static str,
    /// More Open Graph properties after the image, in order (an article's
    /// `article:published_time`, `article:section`, one `article:tag` per tag).
    pub og_extra: Vec<(&'static str, String)>,
    pub image: HeadImage,
    /// e.g. "noindex" for search results and error pages.
    pub robots: Option<&'static str>,
    /// JSON-LD documents (they need the origin, so they are built by the shell's caller).
    pub json_ld: Vec<Value>,
}

impl Head {
    /// A plain page of the site.
    pub fn website(title: String, description: impl Into<String>, canonical_path: String) -> Head {
        Head {
            title,
            description: description.into(),
            canonical_path: Some(canonical_path),
            og_type: "website",
            og_extra: Vec::new(),
            image: HeadImage::site_default(),
            robots: None,
            json_ld: Vec::new(),
        }
    }

    /// Any path no route claims.
    pub fn not_found(path: &str) -> Head {
        Head::error(titles::NOT_FOUND.fill(&[]), path)
    }

    /// An error page: kept out of indexes, and naming no canonical URL (the address
    /// it was asked for is not a page). `_path` is kept so callers read the same.
    pub fn error(title: String, _path: &str) -> Head {
        Head {
            title,
            description: DEFAULT_DESCRIPTION.into(),
            canonical_path: None,
            og_type: "website",
            og_extra: Vec::new(),
            image: HeadImage::site_default(),
            robots: Some("noindex"),
            json_ld: Vec::new(),
        }
    }
}

/// The site as an `Organization` (the publisher and author of its articles), with the
/// `@id` every page's data names it by. `/` describes it in full (with its accounts).
pub fn organization(origin: &str) -> Value {
    json!({
        "@type": "Organization",
        "@id": format!("{origin}/#organization"),
        "name": SITE_NAME,
        "url": format!("{origin}/"),
        "logo": { "@type": "ImageObject", "url": format!("{origin}{DEFAULT_IMAGE_PATH}") },
    })
}

/// A picture with the words its page shows with it: an `ImageObject` with its caption
/// and credit where there are some, else its address alone.
pub fn image_object(url: &str, caption: Option<&str>, credit: Option<&str>) -> Value {
    if caption.is_none() && credit.is_none() {
        return url.into();
    }
    let mut image = json!({ "@type": "ImageObject", "contentUrl": url });
    if let Some(caption) = caption {
        image["caption"] = caption.into();
    }
    if let Some(credit) = credit {
        image["creditText"] = credit.into();
    }
    image
}

/// A breadcrumb trail's item (schema.org `ListItem`).
pub fn crumb(position: usize, name: &str, item: String) -> Value {
    json!({ "@type": "ListItem", "position": position, "name": name, "item": item })
}

/// A breadcrumb trail (schema.org `BreadcrumbList`) of [`crumb`]s.
pub fn breadcrumb_list(items: Vec<Value>) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_image_is_what_its_tags_say_and_under_the_messenger_limit() {
        let file = DEFAULT_IMAGE_PATH.strip_prefix("/assets/").unwrap();
        let bytes = crate::static_files::public_asset(file).expect("the default image is served");
        assert!(
            bytes.len() < sound_atlas_share_picture::MAX_BYTES,
            "{} bytes",
            bytes.len()
        );
        let format = image::guess_format(&bytes).unwrap();
        assert_eq!(format.to_mime_type(), DEFAULT_IMAGE_TYPE);
        let decoded = image::load_from_memory_with_format(&bytes, format).unwrap();
        assert_eq!((decoded.width(), decoded.height()), DEFAULT_IMAGE_SIZE);
    }
}
