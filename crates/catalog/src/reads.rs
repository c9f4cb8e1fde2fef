//! One function per catalogue read of the API. The `/api` handlers serve them as
//! JSON, and page requests call the very same functions to prefetch a page's data,
//! keyed by the API path that the browser would have requested (see `paths`).

use rand::Rng;
use sound_atlas_web::{ApiError, ApiResult};

use crate::model::{
    Artist, ArtistSummary, BrowsePage, Letter, Neighbors, BROWSE_PAGE_SIZE, MAX_QUERY_CHARS,
    RELATED_LIMIT,
};
use crate::store::Catalog;

/// Spec section 8, "Artist unknown".
pub const ARTIST_NOT_FOUND: &str =
    "This artist could not be found. It may have been removed or the ID is incorrect.";
/// Spec section 8, "Search, missing query (400)".
pub const SEARCH_QUERY_REQUIRED: &str = "Search query is required";
/// The highest page number accepted (far beyond any letter's size).
const MAX_PAGE: usize = 10_000;

/// API paths, which double as the browser's query keys.
pub mod paths {
    use super::Letter;
    use sound_atlas_web::encode_uri_component;

    pub const LIST: &str = "/api/artists";
    pub const RANDOM: &str = "/api/artists/random";

    pub fn artist(id: i32) -> String {
        format!("/api/artists/{id}")
    }

    pub fn neighbors(id: i32) -> String {
        format!("/api/artists/{id}/neighbors")
    }

    pub fn related(id: i32) -> String {
        format!("/api/artists/{id}/related")
    }

    pub fn search(query: &str) -> String {
        format!("/api/artists/search?query={}", encode_uri_component(query))
    }

    pub fn browse(letter: Letter, page: usize) -> String {
        format!(
            "/api/artists/browse?letter={}&page={page}",
            encode_uri_component(&letter.to_string())
        )
    }
}

/// An artist id from a URL. Anything but a positive number names no artist: 404.
pub fn parse_artist_id(raw: &str) -> ApiResult<i32> {
    raw.parse::<i32>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

/// A trimmed search text: 400 when missing, blank or too long.
pub fn parse_search_query(raw: Option<&str>) -> ApiResult<String> {
    let query = raw.map(str::trim).unwrap_or("");
    if query.is_empty() {
        return Err(ApiError::bad_request(SEARCH_QUERY_REQUIRED));
    }
    if query.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_request(format!(
            "Search query is too long (at most {MAX_QUERY_CHARS} characters)"
        )));
    }
    Ok(query.to_owned())
}

/// A browse letter ("A" when absent) and page (1 when absent).
pub fn parse_browse(letter: Option<&str>, page: Option<&str>) -> ApiResult<(Letter, usize)> {
    let letter = match letter {
        None => Letter::DEFAULT,
        Some(raw) => Letter::parse(raw.trim())
            .ok_or_else(|| ApiError::bad_request("Letter must be \"#\" or a letter from A to Z"))?,
    };
    let page = match page {
        None => 1,
        Some(raw) => raw
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|p| (1..=MAX_PAGE).contains(p))
            .ok_or_else(|| {
                ApiError::bad_request(format!("Page must be a whole number from 1 to {MAX_PAGE}"))
            })?,
    };
    Ok((letter, page))
}

/// `GET /api/artists`: every artist, by title.
pub async fn list(catalog: &Catalog, refresh: bool) -> ApiResult<Vec<Artist>> {
    Ok(catalog.snapshot(refresh).await?.artists.clone())
}

/// `GET /api/artists/{id}`.
pub async fn artist(catalog: &Catalog, id: i32) -> ApiResult<Artist> {
    let snapshot = catalog.snapshot(false).await?;
    snapshot
        .get(id)
        .cloned()
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

/// `GET /api/artists/{id}/neighbors`: position and prev/next in the full list, wrapping.
pub async fn neighbors(catalog: &Catalog, id: i32) -> ApiResult<Neighbors> {
    let snapshot = catalog.snapshot(false).await?;
    let index = snapshot
        .position(id)
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))?;
    let all = &snapshot.artists;
    let total = all.len();
    Ok(Neighbors {
        position: index + 1,
        total,
        previous_id: all[(index + total - 1) % total].id,
        next_id: all[(index + 1) % total].id,
    })
}

/// `GET /api/artists/{id}/related`: artists sharing the most genres, then by title.
pub async fn related(catalog: &Catalog, id: i32) -> ApiResult<Vec<ArtistSummary>> {
    let snapshot = catalog.snapshot(false).await?;
    let artist = snapshot
        .get(id)
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))?;
    let mut scored: Vec<(usize, usize)> = snapshot
        .artists
        .iter()
        .enumerate()
        .filter(|(_, other)| other.id != id)
        .map(|(i, other)| {
            (
                other
                    .genres
                    .iter()
                    .filter(|g| artist.genres.contains(g))
                    .count(),
                i,
            )
        })
        .filter(|(shared, _)| *shared > 0)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(scored
        .into_iter()
        .take(RELATED_LIMIT)
        .map(|(_, i)| snapshot.artists[i].summary())
        .collect())
}

/// `GET /api/artists/random`: uniform over the full list.
pub async fn random(catalog: &Catalog) -> ApiResult<Artist> {
    let snapshot = catalog.snapshot(false).await?;
    if snapshot.artists.is_empty() {
        return Err(ApiError::not_found("The catalogue has no artists yet."));
    }
    let index = rand::rng().random_range(0..snapshot.artists.len());
    Ok(snapshot.artists[index].clone())
}

/// `GET /api/artists/search?query=`: ranked matches (see `search`).
pub async fn search(catalog: &Catalog, query: &str) -> ApiResult<Vec<Artist>> {
    let snapshot = catalog.snapshot(false).await?;
    let titles: Vec<&str> = snapshot.artists.iter().map(|a| a.title.as_str()).collect();
    let hits = crate::search::search(query, &snapshot.search_docs, &titles);
    Ok(hits
        .into_iter()
        .map(|i| snapshot.artists[i].clone())
        .collect())
}

/// `GET /api/artists/browse?letter=&page=`: one page of one letter.
pub async fn browse(
    catalog: &Catalog,
    letter: Letter,
    page: usize,
    refresh: bool,
) -> ApiResult<BrowsePage> {
    let snapshot = catalog.snapshot(refresh).await?;
    let under_letter: Vec<&Artist> = snapshot
        .artists
        .iter()
        .filter(|a| a.letter() == letter)
        .collect();
    let artists = under_letter
        .iter()
        .skip((page - 1) * BROWSE_PAGE_SIZE)
        .take(BROWSE_PAGE_SIZE)
        .map(|a| a.summary())
        .collect();
    Ok(BrowsePage {
        letter,
        page,
        page_size: BROWSE_PAGE_SIZE,
        total: under_letter.len(),
        artists,
    })
}
