//! One function per catalogue read of the API. The `/api` handlers serve them as JSON,
//! and page requests call the very same functions to prefetch a page's data under the
//! API path the browser would request (`sound_atlas_contract::catalog::api`).

use rand::Rng;
use sound_atlas_http::{ApiError, ApiResult};

use crate::model::{
    Artist, ArtistSummary, BrowsePage, Letter, Neighbors, SearchPage, BROWSE_PAGE_SIZE,
    RELATED_LIMIT,
};
use crate::params::{ArtistId, PageNumber, SearchQuery};
pub use crate::params::{ARTIST_NOT_FOUND, SEARCH_QUERY_REQUIRED};
use crate::store::Catalog;

/// `GET /api/artists`: every artist, by title.
pub async fn list(catalog: &Catalog, refresh: bool) -> ApiResult<Vec<Artist>> {
    Ok(catalog.snapshot(refresh).await?.artists.clone())
}

/// Every artist's id with when its row last changed (unix seconds, where known), in
/// the list's order: what the artists' sitemaps list.
pub async fn sitemap_entries(catalog: &Catalog) -> ApiResult<Vec<(i32, Option<i64>)>> {
    let snapshot = catalog.snapshot(false).await?;
    Ok(snapshot
        .artists
        .iter()
        .map(|a| (a.id, snapshot.updated_at(a.id)))
        .collect())
}

/// When each letter's browse pages last changed: the newest change among the artists
/// listed under it (unix seconds; letters whose artists record none are left out).
pub async fn letter_changes(
    catalog: &Catalog,
) -> ApiResult<std::collections::HashMap<crate::Letter, i64>> {
    let snapshot = catalog.snapshot(false).await?;
    let mut newest = std::collections::HashMap::new();
    for artist in &snapshot.artists {
        if let Some(at) = snapshot.updated_at(artist.id) {
            let slot = newest.entry(artist.letter()).or_insert(at);
            *slot = (*slot).max(at);
        }
    }
    Ok(newest)
}

/// `GET /api/artists/{id}`.
pub async fn artist(catalog: &Catalog, id: ArtistId) -> ApiResult<Artist> {
    let snapshot = catalog.snapshot(false).await?;
    snapshot
        .get(id.get())
        .cloned()
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

/// `GET /api/artists/{id}/neighbors`: position and prev/next in the full list, wrapping.
pub async fn neighbors(catalog: &Catalog, id: ArtistId) -> ApiResult<Neighbors> {
    let snapshot = catalog.snapshot(false).await?;
    let index = snapshot
        .position(id.get())
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
pub async fn related(catalog: &Catalog, id: ArtistId) -> ApiResult<Vec<ArtistSummary>> {
    let snapshot = catalog.snapshot(false).await?;
    let artist = snapshot
        .get(id.get())
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))?;
    let mut scored: Vec<(usize, usize)> = snapshot
        .artists
        .iter()
        .enumerate()
        .filter(|(_, other)| other.id != artist.id)
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
pub async fn search(catalog: &Catalog, query: &SearchQuery) -> ApiResult<Vec<Artist>> {
    let snapshot = catalog.snapshot(false).await?;
    let titles: Vec<&str> = snapshot.artists.iter().map(|a| a.title.as_str()).collect();
    let hits = crate::search::search(query.as_str(), &snapshot.search_docs, &titles);
    Ok(hits
        .into_iter()
        .map(|i| snapshot.artists[i].clone())
        .collect())
}

/// `GET /api/artists/search/cards?query=&page=`: one page of the same ranked matches
/// as [`search`], as cards (what the search page embeds and shows).
pub async fn search_cards(
    catalog: &Catalog,
    query: &SearchQuery,
    page: PageNumber,
) -> ApiResult<SearchPage> {
    let snapshot = catalog.snapshot(false).await?;
    let titles: Vec<&str> = snapshot.artists.iter().map(|a| a.title.as_str()).collect();
    let hits = crate::search::search(query.as_str(), &snapshot.search_docs, &titles);
    let artists = hits
        .iter()
        .skip((page.get() - 1) * BROWSE_PAGE_SIZE)
        .take(BROWSE_PAGE_SIZE)
        .map(|&i| snapshot.artists[i].summary())
        .collect();
    Ok(SearchPage {
        query: query.as_str().to_owned(),
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: hits.len(),
        artists,
    })
}

/// `GET /api/artists/browse?letter=&page=`: one page of one letter.
pub async fn browse(
    catalog: &Catalog,
    letter: Letter,
    page: PageNumber,
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
        .skip((page.get() - 1) * BROWSE_PAGE_SIZE)
        .take(BROWSE_PAGE_SIZE)
        .map(|a| a.summary())
        .collect();
    Ok(BrowsePage {
        letter,
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: under_letter.len(),
        artists,
    })
}
