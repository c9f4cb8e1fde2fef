//! Links that carry a query string.

use crate::template::Template;

/// Page 1 of a letter (also its canonical URL).
pub const BROWSE_LETTER: Template = Template("/browse?letter={letter}");
/// A later page of a letter: pages 1..=page are shown.
pub const BROWSE_LETTER_PAGE: Template = Template("/browse?letter={letter}&page={page}");
/// A letter's numbered page `from`, alone (its own address for crawlers).
pub const BROWSE_NUMBERED: Template = Template("/browse?letter={letter}&from={from}");
/// A numbered page with the pages loaded after it: pages from..=page are shown.
pub const BROWSE_NUMBERED_PAGE: Template =
    Template("/browse?letter={letter}&from={from}&page={page}");

/// A later page of a genre: pages 1..=page are shown.
pub const GENRE_PAGE: Template = Template("/genre/{slug}?page={page}");
/// A genre's numbered page `from`, alone (its own address for crawlers).
pub const GENRE_NUMBERED: Template = Template("/genre/{slug}?from={from}");
/// A genre's numbered page with the pages loaded after it: pages from..=page.
pub const GENRE_NUMBERED_PAGE: Template = Template("/genre/{slug}?from={from}&page={page}");

/// Browse filtered to one country, in a letter's four forms (page 1, pages 1..=page,
/// numbered page `from`, from..=page).
pub const BROWSE_COUNTRY_LETTER: Template = Template("/browse?country={country}&letter={letter}");
pub const BROWSE_COUNTRY_LETTER_PAGE: Template =
    Template("/browse?country={country}&letter={letter}&page={page}");
pub const BROWSE_COUNTRY_NUMBERED: Template =
    Template("/browse?country={country}&letter={letter}&from={from}");
pub const BROWSE_COUNTRY_NUMBERED_PAGE: Template =
    Template("/browse?country={country}&letter={letter}&from={from}&page={page}");

/// A country's and a decade's later pages, as a genre's.
pub const COUNTRY_PAGE: Template = Template("/country/{slug}?page={page}");
pub const COUNTRY_NUMBERED: Template = Template("/country/{slug}?from={from}");
pub const COUNTRY_NUMBERED_PAGE: Template = Template("/country/{slug}?from={from}&page={page}");
pub const DECADE_PAGE: Template = Template("/decade/{decade}?page={page}");
pub const DECADE_NUMBERED: Template = Template("/decade/{decade}?from={from}");
pub const DECADE_NUMBERED_PAGE: Template = Template("/decade/{decade}?from={from}&page={page}");

/// One quiz, reproducible and shareable.
pub const QUIZ_SEED: Template = Template("/quiz?seed={seed}");

/// A later page of search results: pages 1..=page are shown.
pub const SEARCH_RESULTS_PAGE: Template = Template("/search/{query}?page={page}");

/// An artist opened from the favorites (artist detail in favorites mode: prev/next
/// run through the favorites, back returns to them). A query string, not location
/// state, so the server renders the mode too.
pub const ARTIST_IN_FAVORITES: Template = Template("/artist/{id}?list=favorites");
/// The same, opened from one folder: prev/next run through that folder.
pub const ARTIST_IN_FOLDER: Template = Template("/artist/{id}?list=favorites&folder={folderId}");
/// The article list filtered to one category (a slug, `content::category_slug`),
/// a plain link so the filter works without JavaScript.
pub const ARTICLES_CATEGORY: Template = Template("/articles?category={category}");

pub const ALL: &[(&str, Template)] = &[
    ("articlesCategory", ARTICLES_CATEGORY),
    ("browseLetter", BROWSE_LETTER),
    ("artistInFavorites", ARTIST_IN_FAVORITES),
    ("artistInFolder", ARTIST_IN_FOLDER),
    ("browseLetterPage", BROWSE_LETTER_PAGE),
    ("browseNumbered", BROWSE_NUMBERED),
    ("browseNumberedPage", BROWSE_NUMBERED_PAGE),
    ("genrePage", GENRE_PAGE),
    ("genreNumbered", GENRE_NUMBERED),
    ("genreNumberedPage", GENRE_NUMBERED_PAGE),
    ("browseCountryLetter", BROWSE_COUNTRY_LETTER),
    ("browseCountryLetterPage", BROWSE_COUNTRY_LETTER_PAGE),
    ("browseCountryNumbered", BROWSE_COUNTRY_NUMBERED),
    ("browseCountryNumberedPage", BROWSE_COUNTRY_NUMBERED_PAGE),
    ("countryPage", COUNTRY_PAGE),
    ("countryNumbered", COUNTRY_NUMBERED),
    ("countryNumberedPage", COUNTRY_NUMBERED_PAGE),
    ("decadePage", DECADE_PAGE),
    ("decadeNumbered", DECADE_NUMBERED),
    ("decadeNumberedPage", DECADE_NUMBERED_PAGE),
    ("quizSeed", QUIZ_SEED),
    ("searchResultsPage", SEARCH_RESULTS_PAGE),
];
