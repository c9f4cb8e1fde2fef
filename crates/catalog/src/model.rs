//! The catalogue's API shapes (defined once in the route contract) and
//! how a database row becomes one.

use sound_atlas_entity::artist;

pub use sound_atlas_contract::catalog::{
    Artist, ArtistDetails, ArtistKind, ArtistListPage, ArtistSummary, BrowsePage, Country, Facet,
    FacetPage, Genre, GenrePage, Letter, Neighbors, PhotoCredit, SearchPage, ARTIST_LIST_LIMIT,
    BROWSE_PAGE_SIZE, MAX_API_PAGE, MAX_ARTIST_LIST_LIMIT, MAX_GENRE_MATCHES, MAX_QUERY_CHARS,
    MAX_SEARCH_RESULTS, RELATED_LIMIT,
};

/// The API artist of a database row.
pub fn artist_from_row(row: artist::Model) -> Artist {
    let genres = genres_of(row.id, &row.genres);
    let kind = ArtistKind::parse(&row.kind).unwrap_or_else(|| {
        tracing::warn!(artist = row.id, kind = %row.kind, "unknown artist kind; treating as solo");
        ArtistKind::Solo
    });
    let photo_credit = photo_credit(
        row.image_url.as_deref(),
        row.image_author,
        row.image_license,
    );
    Artist {
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
        kind,
        year: row.year,
        origin: row.origin,
        country: row.country.map(country_named),
        real_name: row.real_name,
        photo_credit,
    }
}

/// A country by its name, with its page's slug.
pub fn country_named(name: String) -> Country {
    Country {
        slug: crate::facets::country_slug(&name),
        name,
    }
}

/// The credit a card shows with its photo: both author and licence (the licences ask for
/// both), and only with a photo (an import that changes the photo clears its credit).
pub fn photo_credit(
    image_url: Option<&str>,
    author: Option<String>,
    license: Option<String>,
) -> Option<PhotoCredit> {
    match (image_url, author, license) {
        (Some(_), Some(author), Some(license)) => Some(PhotoCredit { author, license }),
        _ => None,
    }
}

/// The genres column of artist `id` (a JSON list of names).
pub fn genres_of(id: i32, column: &str) -> Vec<String> {
    serde_json::from_str(column).unwrap_or_else(|err| {
        tracing::warn!(artist = id, %err, "unreadable genres column; treating as none");
        Vec::new()
    })
}

/// Image URLs starting with "//" are prefixed with "https:".
pub fn normalize_image_url(url: &str) -> String {
    match url.strip_prefix("//") {
        Some(rest) => format!("https://{rest}"),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_relative_image_urls_get_https() {
        assert_eq!(
            normalize_image_url("//upload.wikimedia.org/x.jpg"),
            "https://upload.wikimedia.org/x.jpg"
        );
        assert_eq!(normalize_image_url("https://a/b.png"), "https://a/b.png");
    }
}
