//! A page's head in words for the pages whose head follows their data (an artist, an
//! article), written by the server into the first HTML and by the browser on client
//! navigation: one rule, which the browser's side is tested against
//! (`ui/src/generated/page-heads.cases.json`).

use serde::Serialize;

use super::{descriptions, image_alts, titles};
use crate::catalog::{Artist, ArtistKind};
use crate::content::Article;

/// The genres an artist's share card names, and what joins them.
pub const GENRES_SHOWN: usize = 3;
pub const GENRE_SEPARATOR: &str = " · ";
/// What an article's share card calls it.
pub const ARTICLE_KIND: &str = "Article";

/// The word the artist page uses for what an artist is (its eyebrow): a band is a
/// band everywhere, on the page, its share picture and the picture's alt text.
pub fn kind_word(kind: ArtistKind) -> &'static str {
    match kind {
        ArtistKind::Band => "Band",
        ArtistKind::Solo => "Artist",
    }
}

/// An artist's share card's line under the name: its first genres.
pub fn genre_line(genres: &[String]) -> String {
    genres
        .iter()
        .take(GENRES_SHOWN)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(GENRE_SEPARATOR)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Text {
    pub title: String,
    pub description: String,
    /// What the page's share picture shows.
    pub image_alt: String,
}

pub fn artist(artist: &Artist) -> Text {
    Text {
        title: titles::ARTIST.fill(&[&artist.title]),
        description: descriptions::from_text(
            artist.bio.as_deref(),
            descriptions::ARTIST.fill(&[&artist.title]),
        ),
        image_alt: image_alts::of_card(
            kind_word(artist.kind),
            &artist.title,
            &genre_line(&artist.genres),
        ),
    }
}

pub fn article(article: &Article) -> Text {
    Text {
        title: titles::ARTICLE.fill(&[&article.title]),
        description: descriptions::from_text(
            Some(&article.summary),
            descriptions::ARTICLE.fill(&[&article.title]),
        ),
        image_alt: image_alts::of_card(ARTICLE_KIND, &article.title, &article.category),
    }
}

#[derive(Debug, Serialize)]
pub struct Case<T> {
    pub page: T,
    pub expected: Text,
}

#[derive(Debug, Serialize)]
pub struct Cases {
    pub artists: Vec<Case<Artist>>,
    pub articles: Vec<Case<Article>>,
}

/// Artists and articles on which both sides must write the same head.
pub fn cases() -> Cases {
    let genres = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
    let artists: Vec<(&str, Option<String>, ArtistKind, Vec<String>)> = vec![
        (
            "Queen",
            Some("British rock band formed in London in 1970.".into()),
            ArtistKind::Band,
            genres(&["Rock", "Glam Rock", "Hard Rock", "Pop Rock"]),
        ),
        ("Björk", None, ArtistKind::Solo, Vec::new()),
        (
            "Nina Simone",
            Some("  ".into()),
            ArtistKind::Solo,
            genres(&["Jazz"]),
        ),
        (
            "AC/DC",
            Some("word ".repeat(60)),
            ArtistKind::Band,
            genres(&["Hard Rock", "Rock"]),
        ),
        (
            "Sigur Rós",
            Some("Post-rock from Reykjavík.".into()),
            ArtistKind::Band,
            genres(&["Post-Rock", "Ambient", "Art Rock"]),
        ),
    ];
    let artists = artists
        .into_iter()
        .enumerate()
        .map(|(i, (title, bio, kind, genres))| {
            let page = Artist {
                id: i as i32 + 1,
                title: title.into(),
                genres,
                bio,
                kind,
                ..Artist::default()
            };
            Case {
                expected: artist(&page),
                page,
            }
        })
        .collect();
    let articles: Vec<(&str, String, &str)> = vec![
        (
            "The Story Behind a Song",
            "A short history of a famous record.".into(),
            "Artist Spotlight",
        ),
        ("Gear for Beginners", "  ".into(), "Equipment & Gear"),
        ("Five Ways to Discover Music", "word ".repeat(60), "General"),
        ("Notes", "Site news.".into(), ""),
    ];
    let articles = articles
        .into_iter()
        .enumerate()
        .map(|(i, (title, summary, category))| {
            let page = Article {
                id: i as i32 + 1,
                title: title.into(),
                summary,
                category: category.into(),
                date: "2026-11-20".into(),
                ..Article::default()
            };
            Case {
                expected: article(&page),
                page,
            }
        })
        .collect();
    Cases { artists, articles }
}
