//! Page descriptions (`<meta name="description">`, `og:description`) of the pages made
//! from their own text: the server writes them into the first HTML, the browser sets
//! them on client navigation. The texts are generated for the UI; the rule
//! ([`descriptions::from_text`]) exists on both sides (ui/src/lib/use-document-head.ts
//! `pageDescription`), held together by [`descriptions::cases`], which each side tests.

use serde::Serialize;

use crate::template::Template;

/// A description is at most this many characters.
pub const MAX_CHARS: usize = 160;

/// An artist without a biography.
pub const ARTIST: Template = Template(concat!(
    "{artist} on ",
    site_name!(),
    ": genres, biography, fun facts and where to listen."
));
/// An article without a summary.
pub const ARTICLE: Template = Template(concat!("{article} on ", site_name!(), "."));
/// Browse without a letter.
pub const BROWSE: Template = Template(concat!(
    "Browse every artist and band in ",
    site_name!(),
    " from # and A to Z."
));
/// Browse at one letter, A to Z.
pub const BROWSE_LETTER: Template = Template(concat!(
    "Artists and bands starting with {letter} on ",
    site_name!(),
    ": biographies, genres, fun facts and where to listen."
));
/// Browse at "#".
pub const BROWSE_DIGITS: Template = Template(concat!(
    "Artists and bands whose names start with a digit or a symbol on ",
    site_name!(),
    ": biographies, genres, fun facts and where to listen."
));

/// A letter's numbered page, A to Z.
pub const BROWSE_LETTER_NUMBERED: Template = Template(concat!(
    "Page {page} of {pages} of the artists and bands starting with {letter} on ",
    site_name!(),
    ": biographies, genres, fun facts and where to listen."
));
/// A numbered page of "#".
pub const BROWSE_DIGITS_NUMBERED: Template = Template(concat!(
    "Page {page} of {pages} of the artists and bands whose names start with a digit or \
a symbol on ",
    site_name!(),
    ": biographies, genres and where to listen."
));

/// A genre's page.
pub const GENRE: Template = Template(concat!(
    "{genre} artists and bands on ",
    site_name!(),
    ", from A to Z: biographies, fun facts and where to listen."
));
/// A genre's numbered page.
pub const GENRE_NUMBERED: Template = Template(concat!(
    "Page {page} of {pages} of the {genre} artists and bands on ",
    site_name!(),
    ", from A to Z: biographies, fun facts and where to listen."
));

/// Browse filtered to one country, at one letter (or its name for "#").
pub const BROWSE_COUNTRY: Template = Template(concat!(
    "Artists and bands from {country} under {letter} on ",
    site_name!(),
    ": biographies, genres, fun facts and where to listen."
));
/// Its numbered pages.
pub const BROWSE_COUNTRY_NUMBERED: Template = Template(concat!(
    "Page {page} of {pages} of the artists and bands from {country} under {letter} on ",
    site_name!(),
    "."
));

/// A country's page.
pub const COUNTRY: Template = Template(concat!(
    "Artists and bands from {country} on ",
    site_name!(),
    ", from A to Z: biographies, genres, fun facts and where to listen."
));
/// A country's numbered page.
pub const COUNTRY_NUMBERED: Template = Template(concat!(
    "Page {page} of {pages} of the artists and bands from {country} on ",
    site_name!(),
    ", from A to Z: biographies, genres and where to listen."
));
/// A decade's page.
pub const DECADE: Template = Template(concat!(
    "Artists born and bands formed in the {decade} on ",
    site_name!(),
    ", from A to Z: biographies, genres, fun facts and where to listen."
));
/// A decade's numbered page.
pub const DECADE_NUMBERED: Template = Template(concat!(
    "Page {page} of {pages} of the artists born and bands formed in the {decade} on ",
    site_name!(),
    ", from A to Z: biographies, genres and where to listen."
));

pub const ALL: &[(&str, Template)] = &[
    ("artist", ARTIST),
    ("article", ARTICLE),
    ("genre", GENRE),
    ("genreNumbered", GENRE_NUMBERED),
    ("country", COUNTRY),
    ("countryNumbered", COUNTRY_NUMBERED),
    ("decade", DECADE),
    ("decadeNumbered", DECADE_NUMBERED),
    ("browseCountry", BROWSE_COUNTRY),
    ("browseCountryNumbered", BROWSE_COUNTRY_NUMBERED),
    ("browse", BROWSE),
    ("browseLetter", BROWSE_LETTER),
    ("browseDigits", BROWSE_DIGITS),
    ("browseLetterNumbered", BROWSE_LETTER_NUMBERED),
    ("browseDigitsNumbered", BROWSE_DIGITS_NUMBERED),
];

/// A page's description from its own text (an artist's biography, an article's
/// summary): the text trimmed and cut to [`MAX_CHARS`] ([`truncate_words`]), or
/// `fallback` when there is no text or only white space.
pub fn from_text(text: Option<&str>, fallback: String) -> String {
    match text {
        Some(text) if !text.trim().is_empty() => truncate_words(text, MAX_CHARS),
        _ => fallback,
    }
}

/// The text trimmed (Unicode white space) and, when longer than `max` characters
/// (code points), cut after the last space that leaves room for "…", trailing
/// `,;:.` dropped, with "…" added.
pub fn truncate_words(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

/// One input of [`from_text`] and what it gives.
#[derive(Debug, Serialize)]
pub struct DescriptionCase {
    pub text: Option<String>,
    pub fallback: &'static str,
    pub expected: String,
}

/// Inputs on which both implementations of [`from_text`] must agree.
pub fn cases() -> Vec<DescriptionCase> {
    let words = "word ".repeat(60);
    let exactly = "a".repeat(MAX_CHARS);
    let inputs: Vec<Option<String>> = vec![
        None,
        Some(String::new()),
        Some(" \t\n ".into()),
        Some("short".into()),
        Some("  padded, both sides \n".into()),
        Some(words.clone()),
        Some(format!("  {words}  ")),
        Some(exactly.clone()),
        Some(format!("{exactly}b")),
        Some(format!("{exactly} tail")),
        Some(format!("{} end, tail words here more", "a".repeat(150))),
        Some(format!("{} end... tail words here more", "a".repeat(150))),
        Some(format!("{} end;: tail words here more", "a".repeat(150))),
        Some("x".repeat(200)),
        Some(format!("{} {}", "x".repeat(10), "y".repeat(200))),
        Some("Édith Piaf à l'Olympia ".repeat(10)),
        Some("🎸 riff ".repeat(30)),
        Some("\u{a0}\u{2003}spaced by Unicode\u{3000}".into()),
        Some("\u{85}next line\u{2028}".into()),
        Some("no\u{a0}break ".repeat(20)),
    ];
    inputs
        .into_iter()
        .map(|text| DescriptionCase {
            expected: from_text(text.as_deref(), "FALLBACK".into()),
            text,
            fallback: "FALLBACK",
        })
        .collect()
}
