//! API shapes (camelCase JSON, spec section 3) and parsed request values.

use serde::{Deserialize, Serialize};
use sound_atlas_entity::artist;

/// Artists per browse page (spec section 9).
pub const BROWSE_PAGE_SIZE: usize = 12;
/// Related artists shown on an artist page.
pub const RELATED_LIMIT: usize = 6;
/// Longest search text accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Artist {
    pub id: i32,
    pub title: String,
    pub image_url: Option<String>,
    /// A smaller rendition of `image_url` (cards; fallback when the full image fails).
    pub image_thumbnail_url: Option<String>,
    /// "wikimedia" when the image comes from a wiki source ("Source: Wikimedia" badge).
    pub image_source: Option<String>,
    pub genres: Vec<String>,
    pub bio: Option<String>,
    pub bio_source_link: Option<String>,
    pub solo_video_link: Option<String>,
    pub spotify_link: Option<String>,
    pub apple_link: Option<String>,
    pub amazon_link: Option<String>,
    pub tidal_link: Option<String>,
    pub fun_fact: Option<String>,
    pub external_id: String,
    /// "band" or "solo".
    pub kind: String,
    /// Year formed (band) or born (solo).
    pub year: Option<i32>,
    pub origin: Option<String>,
    pub real_name: Option<String>,
}

impl Artist {
    pub fn summary(&self) -> ArtistSummary {
        ArtistSummary {
            id: self.id,
            title: self.title.clone(),
            image_url: self.image_url.clone(),
            genres: self.genres.clone(),
        }
    }

    pub fn is_band(&self) -> bool {
        self.kind == "band"
    }

    /// The browse group of this artist: see [`Letter::of_title`].
    pub fn letter(&self) -> Letter {
        Letter::of_title(&self.title)
    }
}

impl From<artist::Model> for Artist {
    fn from(row: artist::Model) -> Self {
        let genres = serde_json::from_str(&row.genres).unwrap_or_else(|err| {
            tracing::warn!(artist = row.id, %err, "unreadable genres column; treating as none");
            Vec::new()
        });
        Self {
            id: row.id,
            title: row.title,
            image_url: row.image_url.map(|url| normalize_image_url(&url)),
            image_thumbnail_url: row.image_thumbnail_url.map(|url| normalize_image_url(&url)),
            image_source: row.image_source,
            genres,
            bio: row.bio,
            bio_source_link: row.bio_source_link,
            solo_video_link: row.solo_video_link,
            spotify_link: row.spotify_link,
            apple_link: row.apple_link,
            amazon_link: row.amazon_link,
            tidal_link: row.tidal_link,
            fun_fact: row.fun_fact,
            external_id: row.external_id,
            kind: row.kind,
            year: row.year,
            origin: row.origin,
            real_name: row.real_name,
        }
    }
}

/// Image URLs starting with "//" are prefixed with "https:" (spec section 5).
pub fn normalize_image_url(url: &str) -> String {
    match url.strip_prefix("//") {
        Some(rest) => format!("https://{rest}"),
        None => url.to_owned(),
    }
}

/// What a card needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtistSummary {
    pub id: i32,
    pub title: String,
    pub image_url: Option<String>,
    pub genres: Vec<String>,
}

/// Where an artist sits in the full sorted list, for "n / total artists" and prev/next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Neighbors {
    /// 1-based.
    pub position: usize,
    pub total: usize,
    /// Wraps around to the last artist.
    pub previous_id: i32,
    /// Wraps around to the first artist.
    pub next_id: i32,
}

/// One page of one letter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrowsePage {
    pub letter: Letter,
    pub page: usize,
    pub page_size: usize,
    /// Artists under this letter in all.
    pub total: usize,
    pub artists: Vec<ArtistSummary>,
}

/// A browse group: "#" (titles not starting with a letter) or "A" to "Z".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Letter(char);

impl Letter {
    /// The letter browse shows when none is chosen.
    pub const DEFAULT: Letter = Letter('A');

    /// "#" then "A" to "Z", in the order the letter bar shows them.
    pub fn all() -> impl Iterator<Item = Letter> {
        std::iter::once(Letter('#')).chain(('A'..='Z').map(Letter))
    }

    /// Parses "#" or one letter, case-insensitively.
    pub fn parse(text: &str) -> Option<Letter> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some('#'), None) => Some(Letter('#')),
            (Some(c), None) if c.is_ascii_alphabetic() => Some(Letter(c.to_ascii_uppercase())),
            _ => None,
        }
    }

    /// The group of a title: its first character, case-insensitive and with accents
    /// folded ("Édith Piaf" is under E). "#" holds titles starting with a digit, and also
    /// the few starting with another symbol, so that every artist is reachable by browsing.
    pub fn of_title(title: &str) -> Letter {
        let first = title.trim_start().chars().next().unwrap_or('#');
        let folded = deunicode::deunicode_char(first)
            .and_then(|s| s.chars().next())
            .unwrap_or(first);
        if folded.is_ascii_alphabetic() {
            Letter(folded.to_ascii_uppercase())
        } else {
            Letter('#')
        }
    }

    pub fn as_char(self) -> char {
        self.0
    }
}

impl std::fmt::Display for Letter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Letter> for String {
    fn from(letter: Letter) -> String {
        letter.0.to_string()
    }
}

impl TryFrom<String> for Letter {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Letter::parse(&text).ok_or_else(|| format!("not a browse letter: {text}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_group_by_first_character() {
        assert_eq!(Letter::of_title("the Beatles").to_string(), "T");
        assert_eq!(Letter::of_title("2Pac").to_string(), "#");
        assert_eq!(Letter::of_title("50 Cent").to_string(), "#");
        assert_eq!(Letter::of_title("Édith Piaf").to_string(), "E");
        assert_eq!(Letter::of_title("!!!").to_string(), "#");
    }

    #[test]
    fn letters_parse_case_insensitively_and_reject_the_rest() {
        assert_eq!(Letter::parse("b"), Some(Letter('B')));
        assert_eq!(Letter::parse("#"), Some(Letter('#')));
        assert_eq!(Letter::parse("AB"), None);
        assert_eq!(Letter::parse(""), None);
        assert_eq!(Letter::parse("1"), None);
        assert_eq!(Letter::all().count(), 27);
    }

    #[test]
    fn protocol_relative_image_urls_get_https() {
        assert_eq!(
            normalize_image_url("//upload.wikimedia.org/x.jpg"),
            "https://upload.wikimedia.org/x.jpg"
        );
        assert_eq!(normalize_image_url("https://a/b.png"), "https://a/b.png");
    }
}
