//! One function per catalogue read of the API. The `/api` handlers serve them as JSON,
//! and page requests call the very same functions to prefetch a page's data under the
//! API path the browser would request (`sound_atlas_contract::catalog::api`).

use std::sync::Arc;

use rand::Rng;
use sound_atlas_web::{ApiError, ApiResult};

use crate::facets::FacetList;
use crate::model::{
    Artist, ArtistDetails, ArtistListPage, ArtistSummary, BrowsePage, Country, Facet, FacetPage,
    Genre, GenrePage, Letter, Neighbors, SearchPage, BROWSE_PAGE_SIZE, MAX_SEARCH_RESULTS,
    RELATED_LIMIT,
};
use crate::params::{ArtistId, GenreSlug, ListCursor, ListRequest, PageNumber, SearchQuery};
pub use crate::params::{
    ARTIST_NOT_FOUND, COUNTRY_NOT_FOUND, DECADE_NOT_FOUND, GENRE_NOT_FOUND, SEARCH_QUERY_REQUIRED,
};
use crate::positions::Positions;
use crate::store::{Catalog, Ranked, Snapshot};
use crate::{artist_lists, enrichment};

/// `GET /api/artists?after=&limit=`: one page of every artist, by title. The page
/// after a cursor is found by binary search in the sorted snapshot, so any page costs
/// the same at any depth.
pub async fn list(catalog: &Catalog, request: &ListRequest) -> ApiResult<ArtistListPage> {
    let snapshot = catalog.snapshot(request.refresh).await?;
    let start = request.after.as_ref().map_or(0, |after| {
        let cursor = (after.title_key.as_str(), after.id);
        snapshot.partition_point(|a| (a.title.to_lowercase().as_str(), a.id) <= cursor)
    });
    let page: Vec<_> = snapshot.range(start..start + request.limit).collect();
    let next = match page.last() {
        Some(last) if start + page.len() < snapshot.len() => Some(
            ListCursor {
                title_key: last.title.to_lowercase(),
                id: last.id,
            }
            .encode(),
        ),
        _ => None,
    };
    let ids: Vec<i32> = page.iter().map(|a| a.id).collect();
    Ok(ArtistListPage {
        artists: catalog.artists(&ids).await?,
        total: snapshot.len(),
        next,
    })
}

/// The artists' sitemap files: every artist with a biography, in the list's order,
/// `per_file` to a file (a page without a biography yet is thin: it asks not to be
/// indexed and is left out). Per file its newest change (unix seconds, where known);
/// at least one file, so the sitemap index always names the artists'.
pub async fn artist_sitemap_files(
    catalog: &Catalog,
    per_file: usize,
) -> ApiResult<Vec<Option<i64>>> {
    let snapshot = catalog.snapshot(false).await?;
    let per_file = per_file.max(1);
    let files = snapshot.sitemap_len().div_ceil(per_file).max(1);
    Ok((0..files)
        .map(|file| snapshot.sitemap_newest(file * per_file, per_file))
        .collect())
}

/// The artists of the `n`th (from 1) of [`artist_sitemap_files`]: each one's id with
/// when its row last changed (unix seconds, where known); none past the last file.
/// Reads that file's range of the list alone, whatever the catalogue's size.
pub async fn artist_sitemap_file(
    catalog: &Catalog,
    n: usize,
    per_file: usize,
) -> ApiResult<Option<Vec<(i32, Option<i64>)>>> {
    let snapshot = catalog.snapshot(false).await?;
    let per_file = per_file.max(1);
    let start = n.saturating_sub(1).saturating_mul(per_file);
    if n > 1 && start >= snapshot.sitemap_len() {
        return Ok(None);
    }
    Ok(Some(
        snapshot
            .sitemap_range(start, per_file)
            .map(|a| (a.id, a.updated_at()))
            .collect(),
    ))
}

/// Whether an artist's page has a biography to show (one of spaces, tabs and line
/// breaks alone is none, as the snapshot's `bio_chars` counts it).
pub fn has_biography(artist: &Artist) -> bool {
    artist
        .bio
        .as_deref()
        .is_some_and(|bio| !bio.trim_matches([' ', '\t', '\n', '\r']).is_empty())
}

/// Every genre's slug with the newest change among its artists (unix seconds, where
/// any records one), by name: what the genres' sitemap lists.
pub async fn genre_sitemap_entries(catalog: &Catalog) -> ApiResult<Vec<(String, Option<i64>)>> {
    let snapshot = catalog.snapshot(false).await?;
    let genres = snapshot.genres();
    // Several names can share a genre page (by their slug).
    let mut newest: std::collections::HashMap<&str, i64> = std::collections::HashMap::new();
    for (name, changed) in snapshot.genre_changes() {
        if let (Some(genre), Some(at)) = (genres.by_name(name), changed) {
            let slot = newest.entry(genre.slug.as_str()).or_insert(at);
            *slot = (*slot).max(at);
        }
    }
    Ok(genres
        .all()
        .iter()
        .map(|g| (g.slug.clone(), newest.get(g.slug.as_str()).copied()))
        .collect())
}

/// When each letter's browse pages last changed: the newest change among the artists
/// listed under it (unix seconds; letters whose artists record none are left out).
pub async fn letter_changes(
    catalog: &Catalog,
) -> ApiResult<std::collections::HashMap<crate::Letter, i64>> {
    let snapshot = catalog.snapshot(false).await?;
    Ok(snapshot.letter_changes().clone())
}

/// `GET /api/artists/{id}`.
pub async fn artist(catalog: &Catalog, id: ArtistId) -> ApiResult<Artist> {
    catalog
        .artist(id.get())
        .await?
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

/// `GET /api/artists/{id}/details`: what the enrichment found, for the artist's page.
pub async fn artist_details(catalog: &Catalog, id: ArtistId) -> ApiResult<ArtistDetails> {
    let db = catalog.db();
    // Side by side, on connections of their own: a page waits for one query's round
    // trip, not one after another.
    let (row, (albums, spells), sources) = tokio::try_join!(
        crate::store::artist_row(db, id.get()),
        artist_lists::lists_of(db, id.get()),
        enrichment::sources_of(db, id.get()),
    )?;
    let Some(row) = row else {
        return Err(ApiError::not_found(ARTIST_NOT_FOUND));
    };
    let artist = crate::model::artist_from_row(row.clone());
    let (member_pages, member_of) = tokio::try_join!(
        artist_lists::pages_of_members(db, &spells),
        artist_lists::bands_of(
            db,
            row.wikidata_id.as_deref(),
            row.musicbrainz_id.as_deref(),
        ),
    )?;
    Ok(crate::details::details_of(
        &artist,
        row,
        crate::details::Lists {
            albums,
            spells,
            member_pages,
            member_of,
        },
        sources,
        current_year(),
    ))
}

/// `GET /api/artists/{id}/neighbors`: position and prev/next in the full list, wrapping.
pub async fn neighbors(catalog: &Catalog, id: ArtistId) -> ApiResult<Neighbors> {
    let snapshot = catalog.snapshot(false).await?;
    let index = snapshot
        .position(id.get())
        .and_then(|at| snapshot.index_of(at))
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))?;
    let total = snapshot.len();
    let id_at = |index: usize| snapshot.nth(index).map_or(0, |a| a.id);
    Ok(Neighbors {
        position: index + 1,
        total,
        previous_id: id_at((index + total - 1) % total),
        next_id: id_at((index + 1) % total),
    })
}

/// `GET /api/artists/{id}/related`: artists sharing the most genres, then by title
/// (see [`Snapshot::related`]).
pub async fn related(catalog: &Catalog, id: ArtistId) -> ApiResult<Vec<ArtistSummary>> {
    let snapshot = catalog.snapshot(false).await?;
    let position = snapshot
        .position(id.get())
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))?;
    let related = snapshot.related(position, RELATED_LIMIT);
    Ok(catalog.cards(&snapshot, &related).await?)
}

/// This year (UTC), for timelines of members still in a band.
fn current_year() -> i32 {
    year_of_unix(crate::write::now_unix())
}

/// The civil year (UTC) of a unix time (H. Hinnant's `civil_from_days`).
fn year_of_unix(seconds: i64) -> i32 {
    let z = seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    (year_of_era + era * 400 + i64::from(month_index >= 10)) as i32
}

/// `GET /api/artists/random`: uniform over the full list.
pub async fn random(catalog: &Catalog) -> ApiResult<Artist> {
    let snapshot = catalog.snapshot(false).await?;
    if snapshot.is_empty() {
        return Err(ApiError::not_found("The catalogue has no artists yet."));
    }
    let index = rand::rng().random_range(0..snapshot.len());
    let id = snapshot.nth(index).map_or(0, |a| a.id);
    catalog
        .artist(id)
        .await?
        // Removed since the snapshot was read: as if the draw had found nothing.
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))
}

/// The best `limit` (or more) matches of `query` and how many there are in all (see
/// [`Snapshot::ranked`]), on a blocking thread: a ranking costs milliseconds of CPU at
/// two million artists, which on an async worker would hold up the requests waiting
/// there for the database (PostgreSQL's replies are read on those workers).
async fn search_best(
    snapshot: &Arc<Snapshot>,
    query: &SearchQuery,
    limit: usize,
) -> ApiResult<Arc<Ranked>> {
    let (snapshot, query) = (snapshot.clone(), query.as_str().to_owned());
    tokio::task::spawn_blocking(move || snapshot.ranked(&query, limit))
        .await
        .map_err(ApiError::internal)
}

/// `GET /api/artists/search?query=`: the best [`MAX_SEARCH_RESULTS`] ranked matches
/// (see `search`); the search page pages through all of them as cards.
pub async fn search(catalog: &Catalog, query: &SearchQuery) -> ApiResult<Vec<Artist>> {
    let snapshot = catalog.snapshot(false).await?;
    let ranked = search_best(&snapshot, query, MAX_SEARCH_RESULTS).await?;
    let ids: Vec<i32> = ranked
        .best
        .iter()
        .take(MAX_SEARCH_RESULTS)
        .map(|&i| snapshot.at(i).id)
        .collect();
    Ok(catalog.artists(&ids).await?)
}

/// `GET /api/artists/search/cards?query=&page=`: one page of the same ranked matches
/// as [`search`], as cards (what the search page embeds and shows).
pub async fn search_cards(
    catalog: &Catalog,
    query: &SearchQuery,
    page: PageNumber,
) -> ApiResult<SearchPage> {
    let snapshot = catalog.snapshot(false).await?;
    let skip = (page.get() - 1) * BROWSE_PAGE_SIZE;
    let ranked = search_best(&snapshot, query, skip + BROWSE_PAGE_SIZE).await?;
    let shown = ranked.best.iter().skip(skip).take(BROWSE_PAGE_SIZE);
    let artists = catalog
        .cards(&snapshot, &shown.copied().collect::<Vec<_>>())
        .await?;
    Ok(SearchPage {
        query: query.as_str().to_owned(),
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: ranked.total,
        pages: pages_of(ranked.total),
        total_exact: ranked.total_exact,
        artists,
    })
}

/// `GET /api/artists/{id}/genres`: the artist's genres, in its order, with their slugs.
pub async fn artist_genres(catalog: &Catalog, id: ArtistId) -> ApiResult<Vec<Genre>> {
    let snapshot = catalog.snapshot(false).await?;
    let artist = snapshot
        .get(id.get())
        .ok_or_else(|| ApiError::not_found(ARTIST_NOT_FOUND))?;
    let mut genres: Vec<Genre> = Vec::new();
    for genre in snapshot
        .genres_of(artist)
        .filter_map(|name| snapshot.genres().by_name(name))
    {
        if !genres.contains(genre) {
            genres.push(genre.clone());
        }
    }
    Ok(genres)
}

/// The slug of the genre an address names loosely (its name, "R&B" or "Hip Hop", its
/// slug in capitals, or a spelling merged into it: "rock-music", "punk-rock-2"), when
/// that is not the slug itself: where the page redirects.
pub async fn genre_slug_named(catalog: &Catalog, raw: &str) -> ApiResult<Option<String>> {
    let snapshot = catalog.snapshot(false).await?;
    Ok(snapshot.genres().named_loosely(raw).map(|g| g.slug.clone()))
}

/// `GET /api/genres?query=`: the genres a search offers beside its artists.
pub async fn genres_matching(catalog: &Catalog, query: &SearchQuery) -> ApiResult<Vec<Genre>> {
    let snapshot = catalog.snapshot(false).await?;
    Ok(snapshot.genres().matching(query.as_str()))
}

/// `GET /api/genres/{slug}?page=`: one page of one genre's artists, by title (a
/// slice of the genre's positions, so any page costs the same at any depth).
pub async fn genre(catalog: &Catalog, slug: &GenreSlug, page: PageNumber) -> ApiResult<GenrePage> {
    let snapshot = catalog.snapshot(false).await?;
    let genre = snapshot
        .genres()
        .by_slug(slug.as_str())
        .ok_or_else(|| ApiError::not_found(GENRE_NOT_FOUND))?;
    let positions = snapshot.with_genre(&genre.name);
    let mut artists = catalog.cards(&snapshot, &page_of(positions, page)).await?;
    // A card names two genres: on a genre's page, that genre is one of them, first.
    for card in &mut artists {
        if let Some(at) = card.genres.iter().position(|g| *g == genre.name) {
            card.genres[..=at].rotate_right(1);
        }
    }
    Ok(GenrePage {
        genre: genre.clone(),
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: positions.len(),
        pages: pages_of(positions.len()),
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
    let under_letter = snapshot.under_letter(letter);
    let artists = catalog
        .cards(&snapshot, &page_of(under_letter, page))
        .await?;
    Ok(BrowsePage {
        letter,
        country: None,
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: under_letter.len(),
        pages: pages_of(under_letter.len()),
        artists,
    })
}

/// `GET /api/countries/{country}/browse?letter=&page=`: one page of one letter's
/// artists from one country. Both lists are positions in list order, so their common
/// part is the country's slice between the letter's first and last position: two
/// binary searches, whatever the sizes.
pub async fn browse_in_country(
    catalog: &Catalog,
    country: &str,
    letter: Letter,
    page: PageNumber,
    refresh: bool,
) -> ApiResult<BrowsePage> {
    let snapshot = catalog.snapshot(refresh).await?;
    let list = snapshot
        .countries()
        .by_slug(country)
        .ok_or_else(|| ApiError::not_found(COUNTRY_NOT_FOUND))?;
    let under_letter = snapshot.under_letter(letter);
    let (start, end) = match (under_letter.first(), under_letter.last()) {
        (Some(first), Some(last)) => (
            list.positions.partition_point(|p| p < first),
            list.positions.partition_point(|p| p <= last),
        ),
        _ => (0, 0),
    };
    let within = end - start;
    let shown = page_range(within, page);
    let shown: Vec<u32> = list
        .positions
        .range(start + shown.start..start + shown.end)
        .collect();
    let artists = catalog.cards(&snapshot, &shown).await?;
    Ok(BrowsePage {
        letter,
        country: Some(Country {
            name: list.name.to_string(),
            slug: list.slug.to_string(),
        }),
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: within,
        pages: pages_of(within),
        artists,
    })
}

/// `GET /api/countries`: every country artists come from, by slug.
pub async fn countries(catalog: &Catalog) -> ApiResult<Vec<Facet>> {
    let snapshot = catalog.snapshot(false).await?;
    Ok(snapshot
        .countries()
        .all()
        .iter()
        .map(FacetList::facet)
        .collect())
}

/// `GET /api/countries/{slug}?page=`: one page of one country's artists, by title.
pub async fn country(catalog: &Catalog, slug: &str, page: PageNumber) -> ApiResult<FacetPage> {
    let snapshot = catalog.snapshot(false).await?;
    let list = snapshot
        .countries()
        .by_slug(slug)
        .ok_or_else(|| ApiError::not_found(COUNTRY_NOT_FOUND))?;
    facet_page(catalog, &snapshot, list, page).await
}

/// `GET /api/decades/{decade}?page=`: one page of the artists who began in one decade.
pub async fn decade(catalog: &Catalog, decade: &str, page: PageNumber) -> ApiResult<FacetPage> {
    let snapshot = catalog.snapshot(false).await?;
    let list = snapshot
        .decades()
        .by_slug(decade)
        .ok_or_else(|| ApiError::not_found(DECADE_NOT_FOUND))?;
    facet_page(catalog, &snapshot, list, page).await
}

async fn facet_page(
    catalog: &Catalog,
    snapshot: &Snapshot,
    list: &FacetList,
    page: PageNumber,
) -> ApiResult<FacetPage> {
    let artists = catalog
        .cards(snapshot, &page_of(&list.positions, page))
        .await?;
    Ok(FacetPage {
        facet: list.facet(),
        page: page.get(),
        page_size: BROWSE_PAGE_SIZE,
        total: list.positions.len(),
        pages: pages_of(list.positions.len()),
        artists,
    })
}

/// Every country's slug and every decade's with the newest change among their artists
/// (unix seconds, where any records one): what the facets' sitemap lists.
pub async fn facet_sitemap_entries(catalog: &Catalog) -> ApiResult<FacetSitemapEntries> {
    let snapshot = catalog.snapshot(false).await?;
    let entries = |index: &crate::facets::FacetIndex| {
        index
            .all()
            .iter()
            .map(|list| (list.slug.to_string(), list.newest))
            .collect()
    };
    Ok(FacetSitemapEntries {
        countries: entries(snapshot.countries()),
        decades: entries(snapshot.decades()),
    })
}

/// The countries' and decades' pages with their last changes.
pub struct FacetSitemapEntries {
    pub countries: Vec<(String, Option<i64>)>,
    pub decades: Vec<(String, Option<i64>)>,
}

/// The artists of page `page` of a list of positions.
fn page_of(positions: &Positions, page: PageNumber) -> Vec<u32> {
    positions.range(page_range(positions.len(), page)).collect()
}

/// The indexes of page `page` of a list of `len` artists.
fn page_range(len: usize, page: PageNumber) -> std::ops::Range<usize> {
    let start = ((page.get() - 1) * BROWSE_PAGE_SIZE).min(len);
    start..(start + BROWSE_PAGE_SIZE).min(len)
}

/// The pages (of a browse, genre or search list) `total` artists fill: at least one (an empty list is its
/// first page, empty).
fn pages_of(total: usize) -> usize {
    total.div_ceil(BROWSE_PAGE_SIZE).max(1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unix_times_fall_in_their_civil_year() {
        for (seconds, year) in [
            (0, 1970),
            (951_782_400, 2000),   // 2000-02-29
            (1_767_225_599, 2025), // 2025-12-31 23:59:59
            (1_767_225_600, 2026), // 2026-01-01
            (4_107_542_400, 2100), // 2100-03-01
        ] {
            assert_eq!(super::year_of_unix(seconds), year, "{seconds}");
        }
    }
}
