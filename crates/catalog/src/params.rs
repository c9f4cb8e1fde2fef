//! Request values of the catalogue, parsed once at the edge and carried as types, so a
//! handler cannot forget a rule and a new feature reuses the same parse. A path's holes
//! are read through `Path<T>`, a query string through `Query<T>` of one of the plain
//! structs below (their fields are the operation's parameters, checked against its
//! declaration when the router is built); a wrong value answers the one JSON error shape.
//! A parameter that may be absent is `#[serde(default)]`; a required one whose absence
//! has its own words (a search without a query) reads an `Option` in its type's
//! `Deserialize`.

use std::borrow::Cow;

use serde::{de, Deserialize, Deserializer};
use sound_atlas_web::{flag, ApiError, ApiResult};

use crate::model::{
    Letter, ARTIST_LIST_LIMIT, MAX_API_PAGE, MAX_ARTIST_LIST_LIMIT, MAX_QUERY_CHARS,
};

/// The error text of an unknown artist.
pub const ARTIST_NOT_FOUND: &str =
    "This artist could not be found. It may have been removed or the ID is incorrect.";
/// The error text of an unknown genre.
pub const GENRE_NOT_FOUND: &str = "This genre could not be found.";
/// The error texts of an unknown country and decade.
pub const COUNTRY_NOT_FOUND: &str = "This country could not be found.";
pub const DECADE_NOT_FOUND: &str = "This decade could not be found.";
/// The error text of a search without a query (400).
pub const SEARCH_QUERY_REQUIRED: &str = "Search query is required";

/// An artist id from a URL. Anything but a positive number names no artist: 404.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArtistId(i32);

impl ArtistId {
    pub fn parse(raw: &str) -> ApiResult<ArtistId> {
        raw.parse::<i32>()
            .map_err(|_| ApiError::not_found(ARTIST_NOT_FOUND))
            .and_then(ArtistId::try_from)
    }

    pub fn get(self) -> i32 {
        self.0
    }
}

impl std::fmt::Display for ArtistId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A request body's number.
impl TryFrom<i32> for ArtistId {
    type Error = ApiError;

    fn try_from(id: i32) -> ApiResult<ArtistId> {
        if id > 0 {
            Ok(ArtistId(id))
        } else {
            Err(ApiError::not_found(ARTIST_NOT_FOUND))
        }
    }
}

/// From a path's hole (`Path<ArtistId>`): not a positive number is the 404 of an
/// unknown artist.
impl<'de> Deserialize<'de> for ArtistId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<str>>::deserialize(deserializer)?;
        ArtistId::parse(&raw).map_err(|_| de::Error::custom(ARTIST_NOT_FOUND))
    }
}

/// A genre's slug from a URL (`/genre/{slug}`): lower-case ASCII letters, digits and
/// hyphens, as `genres::slug_of` writes them. Anything else names no genre: 404.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GenreSlug(String);

impl GenreSlug {
    /// Longer than any slug a genre name of the catalogue gives.
    const MAX_CHARS: usize = 200;

    pub fn parse(raw: &str) -> ApiResult<GenreSlug> {
        let valid = !raw.is_empty()
            && raw.len() <= Self::MAX_CHARS
            && raw
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if valid {
            Ok(GenreSlug(raw.to_owned()))
        } else {
            Err(ApiError::not_found(GENRE_NOT_FOUND))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for GenreSlug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// From a path's hole (`Path<GenreSlug>`): a slug no genre could have is a 404.
impl<'de> Deserialize<'de> for GenreSlug {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<str>>::deserialize(deserializer)?;
        GenreSlug::parse(&raw).map_err(|_| de::Error::custom(GENRE_NOT_FOUND))
    }
}

/// A search text: trimmed, not empty (400 with the spec's text), at most
/// [`MAX_QUERY_CHARS`] characters (400).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchQuery(String);

impl SearchQuery {
    pub fn parse(raw: Option<&str>) -> ApiResult<SearchQuery> {
        let query = raw.map(str::trim).unwrap_or("");
        if query.is_empty() {
            return Err(ApiError::bad_request(SEARCH_QUERY_REQUIRED));
        }
        if query.chars().count() > MAX_QUERY_CHARS {
            return Err(ApiError::bad_request(format!(
                "Search query is too long (at most {MAX_QUERY_CHARS} characters)"
            )));
        }
        Ok(SearchQuery(query.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for SearchQuery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// From `?query=`: absent or blank is the 400 of a search without a query.
impl<'de> Deserialize<'de> for SearchQuery {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Option::<Cow<str>>::deserialize(deserializer)?;
        SearchQuery::parse(raw.as_deref()).map_err(de::Error::custom)
    }
}

/// A page number of the browse API: a whole number from 1 to [`MAX_API_PAGE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PageNumber(usize);

impl PageNumber {
    pub const FIRST: PageNumber = PageNumber(1);

    pub fn parse(raw: &str) -> ApiResult<PageNumber> {
        raw.trim()
            .parse::<usize>()
            .ok()
            .filter(|p| (1..=MAX_API_PAGE).contains(p))
            .map(PageNumber)
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "Page must be a whole number from 1 to {MAX_API_PAGE}"
                ))
            })
    }

    /// Pages 1..=last, for pages that show several.
    pub fn up_to(last: usize) -> impl Iterator<Item = PageNumber> {
        PageNumber::range(1, last)
    }

    /// Pages first..=last (within 1..=[`MAX_API_PAGE`]), for pages that show several.
    pub fn range(first: usize, last: usize) -> impl Iterator<Item = PageNumber> {
        (first.clamp(1, MAX_API_PAGE)..=last.clamp(1, MAX_API_PAGE)).map(PageNumber)
    }

    pub fn get(self) -> usize {
        self.0
    }
}

/// An absent `?page=` is the first.
impl Default for PageNumber {
    fn default() -> Self {
        PageNumber::FIRST
    }
}

/// From `?page=`.
impl<'de> Deserialize<'de> for PageNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Cow::<str>::deserialize(deserializer)?;
        PageNumber::parse(&raw).map_err(de::Error::custom)
    }
}

impl std::fmt::Display for PageNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The browse API's `?letter=&page=&refresh=` ("A" when the letter is absent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct BrowseRequest {
    #[serde(default = "default_letter", deserialize_with = "letter")]
    pub letter: Letter,
    #[serde(default)]
    pub page: PageNumber,
    #[serde(default, deserialize_with = "flag")]
    pub refresh: bool,
}

fn default_letter() -> Letter {
    Letter::DEFAULT
}

fn letter<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Letter, D::Error> {
    let raw = Cow::<str>::deserialize(deserializer)?;
    Letter::parse(raw.trim())
        .ok_or_else(|| de::Error::custom("Letter must be \"#\" or a letter from A to Z"))
}

/// Where a page of the whole list starts: after the artist with this sort key (title
/// in lower case, then id). It is written into `next` as base64url of `{id}:{key}`, so
/// it still places a page when that artist has gone since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListCursor {
    pub title_key: String,
    pub id: i32,
}

impl ListCursor {
    pub fn encode(&self) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(format!("{}:{}", self.id, self.title_key))
    }

    pub fn parse(raw: &str) -> ApiResult<ListCursor> {
        use base64::Engine;
        let bad = || ApiError::bad_request("after must be a page's next, as the list gave it");
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(raw.trim())
            .map_err(|_| bad())?;
        let text = String::from_utf8(bytes).map_err(|_| bad())?;
        let (id, title_key) = text.split_once(':').ok_or_else(bad)?;
        Ok(ListCursor {
            id: id.parse().map_err(|_| bad())?,
            title_key: title_key.to_owned(),
        })
    }
}

/// From `?after=`.
impl<'de> Deserialize<'de> for ListCursor {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Cow::<str>::deserialize(deserializer)?;
        ListCursor::parse(&raw).map_err(de::Error::custom)
    }
}

/// The list API's `?after=&limit=&refresh=` (the first page of [`ARTIST_LIST_LIMIT`]
/// when absent; 400 when wrong).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ListRequest {
    pub after: Option<ListCursor>,
    #[serde(default = "default_list_limit", deserialize_with = "list_limit")]
    pub limit: usize,
    #[serde(default, deserialize_with = "flag")]
    pub refresh: bool,
}

fn default_list_limit() -> usize {
    ARTIST_LIST_LIMIT
}

fn list_limit<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    let raw = Cow::<str>::deserialize(deserializer)?;
    raw.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_ARTIST_LIST_LIMIT).contains(n))
        .ok_or_else(|| {
            de::Error::custom(format!(
                "limit must be a whole number from 1 to {MAX_ARTIST_LIST_LIMIT}"
            ))
        })
}

/// The search APIs' `?query=`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SearchRequest {
    pub query: SearchQuery,
}

/// The card search API's `?query=&page=` (page 1 when absent; 400 when wrong).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SearchCardsRequest {
    pub query: SearchQuery,
    #[serde(default)]
    pub page: PageNumber,
}

/// A paged list's `?page=` (page 1 when absent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct PageRequest {
    #[serde(default)]
    pub page: PageNumber,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn artist_ids_are_positive_numbers() {
        assert_eq!(ArtistId::parse("42").unwrap().get(), 42);
        for bad in ["0", "-1", "abc", "", "1.5", "99999999999"] {
            assert_eq!(ArtistId::parse(bad).unwrap_err().status().as_u16(), 404);
        }
    }

    #[test]
    fn genre_slugs_are_what_slugs_are_made_of() {
        assert_eq!(GenreSlug::parse("r-and-b").unwrap().as_str(), "r-and-b");
        for bad in ["", "Pop", "r&b", "pop/rock", "pop%20rock", &"a".repeat(201)] {
            assert_eq!(
                GenreSlug::parse(bad).unwrap_err().status().as_u16(),
                404,
                "{bad}"
            );
        }
    }

    #[test]
    fn search_queries_are_trimmed_required_and_bounded() {
        assert_eq!(
            SearchQuery::parse(Some("  rock ")).unwrap().as_str(),
            "rock"
        );
        assert_eq!(
            SearchQuery::parse(Some("   ")).unwrap_err().to_string(),
            SEARCH_QUERY_REQUIRED
        );
        assert!(SearchQuery::parse(None).is_err());
        assert!(SearchQuery::parse(Some(&"é".repeat(MAX_QUERY_CHARS))).is_ok());
        assert!(SearchQuery::parse(Some(&"é".repeat(MAX_QUERY_CHARS + 1))).is_err());
    }

    #[test]
    fn list_cursors_read_back_and_bad_ones_are_refused() {
        let cursor = ListCursor {
            title_key: "ac/dc: live & loud".into(),
            id: 7,
        };
        assert_eq!(ListCursor::parse(&cursor.encode()).unwrap(), cursor);
        for bad in ["", "!!", "bm8gY29sb24", "eDpxdWVlbg"] {
            assert_eq!(
                ListCursor::parse(bad).unwrap_err().status().as_u16(),
                400,
                "{bad}"
            );
        }
    }

    #[test]
    fn api_pages_are_strict() {
        assert_eq!(PageNumber::parse(" 3 ").unwrap().get(), 3);
        for bad in ["0", "-1", "x", "200001"] {
            assert!(PageNumber::parse(bad).is_err(), "{bad}");
        }
    }
}
