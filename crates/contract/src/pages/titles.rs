//! Document titles: the server writes them into the first HTML, the browser sets them
//! on client navigation.

use crate::template::Template;

pub const HOME: Template = Template(concat!(site_name!(), " - Explore Your World of Music"));
/// Browse as the spec titles it: `/browse`, the list it opens at.
pub const BROWSE: Template = Template(concat!("Browse Artists - ", site_name!()));
/// Page 1 of any other letter (`letter` is its name, `LETTER_NAME_DIGITS` for "#").
pub const BROWSE_LETTER: Template = Template(concat!("Browse Artists: {letter} - ", site_name!()));
/// A letter's numbered page: each its own page for indexes, with its own title.
pub const BROWSE_NUMBERED: Template = Template(concat!(
    "Browse Artists: {letter}, page {page} of {pages} - ",
    site_name!()
));
/// Browse filtered to one country, at one letter, and its numbered pages.
pub const BROWSE_COUNTRY: Template = Template(concat!(
    "Browse Artists from {country}: {letter} - ",
    site_name!()
));
pub const BROWSE_COUNTRY_NUMBERED: Template = Template(concat!(
    "Browse Artists from {country}: {letter}, page {page} of {pages} - ",
    site_name!()
));
pub const ARTIST: Template = Template(concat!("{artist} - ", site_name!()));
pub const GENRE: Template = Template(concat!("{genre} Artists - ", site_name!()));
pub const GENRE_NUMBERED: Template = Template(concat!(
    "{genre} Artists, page {page} of {pages} - ",
    site_name!()
));
pub const COUNTRY: Template = Template(concat!("Artists from {country} - ", site_name!()));
pub const COUNTRY_NUMBERED: Template = Template(concat!(
    "Artists from {country}, page {page} of {pages} - ",
    site_name!()
));
pub const DECADE: Template = Template(concat!(
    "Artists Born or Formed in the {decade} - ",
    site_name!()
));
pub const DECADE_NUMBERED: Template = Template(concat!(
    "Artists Born or Formed in the {decade}, page {page} of {pages} - ",
    site_name!()
));
pub const ARTIST_NOT_FOUND: Template = Template(concat!("Artist Not Found - ", site_name!()));
pub const SEARCH: Template = Template(concat!("Search - ", site_name!()));
pub const SEARCH_RESULTS: Template = Template(concat!("Search: {query} - ", site_name!()));
pub const NOT_FOUND: Template = Template("404 Page Not Found");
pub const QUIZ: Template = Template(concat!("Music Quiz - ", site_name!()));
pub const PRIVACY_SETTINGS: Template = Template(concat!("Privacy Settings - ", site_name!()));
pub const DATA_ACCESS: Template = Template(concat!("Data Access - ", site_name!()));
pub const ACCOUNT_DELETION: Template = Template(concat!("Account Deletion - ", site_name!()));
pub const CONFIRM_EMAIL: Template = Template(concat!("Confirm Your Email - ", site_name!()));
pub const NEW_PASSWORD: Template = Template(concat!("Choose a New Password - ", site_name!()));
pub const FAVORITES: Template = Template(concat!("My Favorites - ", site_name!()));
pub const FAVORITES_FOLDER: Template =
    Template(concat!("{folder} - My Favorites - ", site_name!()));
/// A folder id that is not one of the visitor's folders (a 404).
pub const FOLDER_NOT_FOUND: Template = Template(concat!("Folder Not Found - ", site_name!()));
pub const ARTICLES: Template = Template(concat!("Articles - ", site_name!()));
pub const ARTICLE: Template = Template(concat!("{article} - ", site_name!()));
pub const ARTICLE_NOT_FOUND: Template = Template(concat!("Article Not Found - ", site_name!()));
pub const ABOUT: Template = Template(concat!("About - ", site_name!()));
pub const PRIVACY_POLICY: Template = Template(concat!("Privacy Policy - ", site_name!()));
pub const TERMS_OF_SERVICE: Template = Template(concat!("Terms of Service - ", site_name!()));

pub const ALL: &[(&str, Template)] = &[
    ("home", HOME),
    ("browse", BROWSE),
    ("browseLetter", BROWSE_LETTER),
    ("browseNumbered", BROWSE_NUMBERED),
    ("browseCountry", BROWSE_COUNTRY),
    ("browseCountryNumbered", BROWSE_COUNTRY_NUMBERED),
    ("artist", ARTIST),
    ("genre", GENRE),
    ("genreNumbered", GENRE_NUMBERED),
    ("country", COUNTRY),
    ("countryNumbered", COUNTRY_NUMBERED),
    ("decade", DECADE),
    ("decadeNumbered", DECADE_NUMBERED),
    ("artistNotFound", ARTIST_NOT_FOUND),
    ("search", SEARCH),
    ("searchResults", SEARCH_RESULTS),
    ("notFound", NOT_FOUND),
    ("quiz", QUIZ),
    ("privacySettings", PRIVACY_SETTINGS),
    ("dataAccess", DATA_ACCESS),
    ("accountDeletion", ACCOUNT_DELETION),
    ("confirmEmail", CONFIRM_EMAIL),
    ("newPassword", NEW_PASSWORD),
    ("favorites", FAVORITES),
    ("favoritesFolder", FAVORITES_FOLDER),
    ("folderNotFound", FOLDER_NOT_FOUND),
    ("articles", ARTICLES),
    ("article", ARTICLE),
    ("articleNotFound", ARTICLE_NOT_FOUND),
    ("about", ABOUT),
    ("privacyPolicy", PRIVACY_POLICY),
    ("termsOfService", TERMS_OF_SERVICE),
];
