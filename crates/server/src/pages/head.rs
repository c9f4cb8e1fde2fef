//! The document head of each page: title, description, canonical path, Open Graph
//! and Twitter tags, JSON-LD. Computed in Rust from the page's data, so crawlers get
//! it right even when the JavaScript render fails.

use serde_json::{json, Value};
use sound_atlas_catalog::Artist;

pub const SITE_NAME: &str = "Sound Atlas";
pub const DEFAULT_TITLE: &str = "Sound Atlas - Explore Your World of Music";
const DEFAULT_DESCRIPTION: &str =
    "Sound Atlas is a music encyclopedia of artists and bands for fans, students and \
educators: biographies, genres, fun facts, weekly charts, new songs and a music quiz.";
/// Shown by social networks when a page has no image of its own.
pub const DEFAULT_IMAGE_PATH: &str = "/assets/og-default.png";

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
    pub fn home(origin: &str) -> Head {
        Head {
            title: DEFAULT_TITLE.into(),
            description: DEFAULT_DESCRIPTION.into(),
            canonical_path: "/".into(),
            og_type: "website",
            image: None,
            robots: None,
            json_ld: vec![json!({
                "@context": "https://schema.org",
                "@type": "WebSite",
                "name": SITE_NAME,
                "url": format!("{origin}/"),
                "potentialAction": {
                    "@type": "SearchAction",
                    "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}/search/{{search_term_string}}") },
                    "query-input": "required name=search_term_string"
                }
            })],
        }
    }

    pub fn browse(canonical_path: String) -> Head {
        Head {
            title: format!("Browse Artists - {SITE_NAME}"),
            description: "Browse every artist and band in Sound Atlas from # and A to Z.".into(),
            canonical_path,
            og_type: "website",
            image: None,
            robots: None,
            json_ld: Vec::new(),
        }
    }

    pub fn artist(origin: &str, artist: &Artist) -> Head {
        let path = format!("/artist/{}", artist.id);
        let description = match artist.bio.as_deref() {
            Some(bio) if !bio.trim().is_empty() => truncate_words(bio, 160),
            _ => format!(
                "{} on Sound Atlas: genres, biography, fun facts and where to listen.",
                artist.title
            ),
        };
        let letter = artist.letter().to_string();
        let breadcrumbs = json!({
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": [
                { "@type": "ListItem", "position": 1, "name": "Home", "item": format!("{origin}/") },
                { "@type": "ListItem", "position": 2, "name": "Browse Artists",
                  "item": format!("{origin}/browse?letter={}", sound_atlas_web::encode_uri_component(&letter)) },
                { "@type": "ListItem", "position": 3, "name": artist.title, "item": format!("{origin}{path}") }
            ]
        });
        Head {
            title: format!("{} - {SITE_NAME}", artist.title),
            description,
            og_type: "profile",
            image: artist.image_url.clone(),
            robots: None,
            json_ld: vec![artist_json_ld(origin, &path, artist), breadcrumbs],
            canonical_path: path,
        }
    }

    pub fn artist_not_found(path: &str) -> Head {
        Head {
            title: format!("Artist Not Found - {SITE_NAME}"),
            ..Head::error(path)
        }
    }

    pub fn search(query: Option<&str>, canonical_path: String) -> Head {
        let (title, description) = match query {
            Some(q) => (
                format!("Search: {q} - {SITE_NAME}"),
                format!("Artists and bands matching \"{q}\" on Sound Atlas."),
            ),
            None => (
                format!("Search - {SITE_NAME}"),
                "Search artists, bands or genres on Sound Atlas.".into(),
            ),
        };
        Head {
            title,
            description,
            canonical_path,
            og_type: "website",
            image: None,
            // Result pages are endless and thin: keep them out of indexes, follow their links.
            robots: Some("noindex, follow"),
            json_ld: Vec::new(),
        }
    }

    pub fn not_found(path: &str) -> Head {
        Head {
            title: "404 Page Not Found".into(),
            ..Head::error(path)
        }
    }

    fn error(path: &str) -> Head {
        Head {
            title: String::new(),
            description: DEFAULT_DESCRIPTION.into(),
            canonical_path: path.into(),
            og_type: "website",
            image: None,
            robots: Some("noindex"),
            json_ld: Vec::new(),
        }
    }
}

/// `MusicGroup` for bands, `Person` for solo artists (as the issue asks), with genre,
/// image and `sameAs` identity links (encyclopedia article, official channel).
fn artist_json_ld(origin: &str, path: &str, artist: &Artist) -> Value {
    let mut doc = json!({
        "@context": "https://schema.org",
        "@type": if artist.is_band() { "MusicGroup" } else { "Person" },
        "name": artist.title,
        "url": format!("{origin}{path}"),
        "genre": artist.genres,
    });
    let fields = doc.as_object_mut().expect("a JSON object");
    if let Some(bio) = &artist.bio {
        fields.insert("description".into(), bio.clone().into());
    }
    if let Some(image) = &artist.image_url {
        fields.insert("image".into(), image.clone().into());
    }
    let same_as: Vec<&String> = [&artist.bio_source_link, &artist.solo_video_link]
        .into_iter()
        .flatten()
        .collect();
    if !same_as.is_empty() {
        fields.insert("sameAs".into(), json!(same_as));
    }
    match (artist.is_band(), artist.year, &artist.origin) {
        (true, year, origin) => {
            if let Some(year) = year {
                fields.insert("foundingDate".into(), year.to_string().into());
            }
            if let Some(origin) = origin {
                fields.insert(
                    "foundingLocation".into(),
                    json!({ "@type": "Place", "name": origin }),
                );
            }
        }
        (false, year, origin) => {
            fields.insert("jobTitle".into(), "Musician".into());
            if let Some(year) = year {
                fields.insert("birthDate".into(), year.to_string().into());
            }
            if let Some(origin) = origin {
                fields.insert(
                    "birthPlace".into(),
                    json!({ "@type": "Place", "name": origin }),
                );
            }
            if let Some(real_name) = &artist.real_name {
                fields.insert("alternateName".into(), real_name.clone().into());
            }
        }
    }
    doc
}

/// At most `max` characters, cut at a word boundary with an ellipsis.
fn truncate_words(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

#[cfg(test)]
mod tests {
    use super::truncate_words;

    #[test]
    fn descriptions_are_cut_at_a_word() {
        assert_eq!(truncate_words("short", 160), "short");
        let long = "word ".repeat(60);
        let cut = truncate_words(&long, 160);
        assert!(cut.chars().count() <= 160 && cut.ends_with("word…"));
    }
}
