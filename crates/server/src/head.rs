//! The document head of a page: title, description, canonical path, Open Graph and
//! Twitter tags, JSON-LD. Each page computes its own in Rust from the page's data (so
//! crawlers get it right even when the JavaScript render fails); the shell writes it.

use serde_json::Value;
use sound_atlas_contract::pages::titles;

/// Shown by social networks when a page has no image of its own.
pub const DEFAULT_IMAGE_PATH: &str = "/assets/og-default.png";
/// The site's description, for pages without one of their own.
pub const DEFAULT_DESCRIPTION: &str =
    "Sound Atlas is a music encyclopedia of artists and bands for fans, students and \
educators: biographies, genres, fun facts, weekly charts, new songs and a music quiz.";

#[derive(Debug, Clone)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Path (and query) of the canonical URL, joined to the public origin by the shell.
    pub canonical_path: String,
    /// Open Graph type: "website" or "profile".
    pub og_type: &'static str,
    /// Absolute image URL, or None for the site's default image.
    pub image: Option<String>,
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
            canonical_path,
            og_type: "website",
            image: None,
            robots: None,
            json_ld: Vec::new(),
        }
    }

    /// Any path no route claims.
    pub fn not_found(path: &str) -> Head {
        Head::error(titles::NOT_FOUND.fill(&[]), path)
    }

    /// An error page: kept out of indexes.
    pub fn error(title: String, path: &str) -> Head {
        Head {
            robots: Some("noindex"),
            ..Head::website(title, DEFAULT_DESCRIPTION, path.into())
        }
    }
}
