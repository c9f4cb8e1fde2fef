//! Country and decade pages, the artist page's links to them, browse filtered to a
//! country, and their sitemap.

use axum::http::{header, StatusCode};
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::{json_ld, locs, meta, state};
use crate::{app, get, id_of, ORIGIN};

/// A country's page and a decade's: the artists server-rendered, each page its own
/// head (title, description, canonical) and `CollectionPage`, the numbered pages plain
/// links; a page past the end redirects to the last; an unknown one is a 404.
async fn country_and_decade_pages_list_their_artists_with_their_heads(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/country/united-kingdom").await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    assert!(html.contains("<title>Artists from United Kingdom - Sound Atlas</title>"));
    assert_eq!(
        meta(html, "name", "description"),
        "Artists and bands from United Kingdom on Sound Atlas, from A to Z: biographies, genres, fun facts and where to listen."
    );
    assert!(html.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/country/united-kingdom">"#
    )));
    assert!(html.contains("<h1>Artists from United Kingdom</h1>"));
    let body = &state(html)["prefetched"][0]["body"];
    let total = body["total"].as_u64().unwrap();
    assert!(total > 24, "several pages");
    let docs = json_ld(html);
    let collection = docs
        .iter()
        .find(|d| d["@type"] == "CollectionPage")
        .expect("CollectionPage JSON-LD");
    assert_eq!(collection["mainEntity"]["numberOfItems"], total);
    assert_eq!(
        collection["mainEntity"]["itemListElement"][0]["name"],
        body["artists"][0]["title"]
    );
    assert!(html.contains(r#"href="/country/united-kingdom?from=2""#));

    let numbered = get(&app, "/decade/1960s?from=2").await;
    assert_eq!(numbered.status, StatusCode::OK);
    let pages = state(&numbered.body)["prefetched"][0]["body"]["pages"]
        .as_u64()
        .unwrap();
    assert!(numbered.body.contains(&format!(
        "<title>Artists Born or Formed in the 1960s, page 2 of {pages} - Sound Atlas</title>"
    )));
    assert!(numbered.body.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/decade/1960s?from=2">"#
    )));

    let past = get(&app, "/decade/1960s?from=999").await;
    assert_eq!(past.status, StatusCode::SEE_OTHER);
    assert_eq!(
        past.headers[header::LOCATION],
        format!("/decade/1960s?from={pages}")
    );
    for unknown in ["/country/atlantis", "/decade/1965s", "/decade/2090s"] {
        assert_eq!(
            get(&app, unknown).await.status,
            StatusCode::NOT_FOUND,
            "{unknown}"
        );
    }
}

/// An artist's page links its country's page and its decade's.
async fn an_artist_page_links_its_country_and_decade(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "The Beatles").await;
    // React separates a text's parts by comments.
    let body = get(&app, &format!("/artist/{id}"))
        .await
        .body
        .replace("<!-- -->", "");
    assert!(
        body.contains(r#"<a href="/country/united-kingdom">More artists from United Kingdom</a>"#)
    );
    assert!(
        body.contains(r#"<a href="/decade/1960s">More artists born or formed in the 1960s</a>"#)
    );
}

/// Browse filtered to a country keeps the letter, has its own address and title, and
/// asks not to be indexed (the country's own page is); an unknown country is no filter.
async fn browse_filtered_to_a_country_is_its_own_unindexed_view(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/browse?country=united-kingdom&letter=T").await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    assert!(html.contains("<title>Browse Artists from United Kingdom: T - Sound Atlas</title>"));
    assert!(html.contains(r#"<meta name="robots" content="noindex, follow">"#));
    assert!(html.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/browse?country=united-kingdom&#38;letter=T">"#
    )));
    let first = &state(html)["prefetched"][0];
    assert_eq!(
        first["key"],
        catalog::BROWSE_IN_COUNTRY
            .path(&[&"united-kingdom", &"T", &1])
            .as_str()
    );
    assert_eq!(first["body"]["country"]["name"], "United Kingdom");
    assert!(html.contains(r#"<option value="united-kingdom" selected="">"#));
    assert!(html.contains(r#"href="/browse?country=united-kingdom&amp;letter=B""#));

    let unknown = get(&app, "/browse?country=atlantis&letter=T").await;
    assert!(unknown
        .body
        .contains("<title>Browse Artists: T - Sound Atlas</title>"));
    let past = get(&app, "/browse?country=united-kingdom&letter=T&from=9").await;
    assert_eq!(past.status, StatusCode::SEE_OTHER);
    assert_eq!(
        past.headers[header::LOCATION],
        "/browse?country=united-kingdom&letter=T"
    );
}

/// The sitemap index names the facets' file, which lists every country's and decade's
/// page, each answering.
async fn the_sitemap_lists_every_country_and_decade_page(db: &TestDb) {
    let app = app(db).await;
    let index = get(&app, "/sitemap.xml").await.body;
    assert!(
        index.contains(&format!("<loc>{ORIGIN}/sitemaps/facets.xml</loc>")),
        "{index}"
    );
    let sitemap = get(&app, "/sitemaps/facets.xml").await;
    assert_eq!(sitemap.status, StatusCode::OK);
    let urls = locs(&sitemap.body);
    for expected in [
        "/country/united-kingdom",
        "/country/japan",
        "/decade/1960s",
        "/decade/1750s",
    ] {
        assert!(urls.contains(&format!("{ORIGIN}{expected}")), "{expected}");
    }
    for url in &urls {
        let path = url.strip_prefix(ORIGIN).unwrap();
        assert_eq!(get(&app, path).await.status, StatusCode::OK, "{url}");
    }
}

db_tests!(
    country_and_decade_pages_list_their_artists_with_their_heads,
    an_artist_page_links_its_country_and_decade,
    browse_filtered_to_a_country_is_its_own_unindexed_view,
    the_sitemap_lists_every_country_and_decade_page,
);
