//! Genre pages, the genre chips and search's genres that lead to them, and thin artist
//! pages (no biography yet): kept out of indexes and sitemaps.

use axum::http::StatusCode;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use sound_atlas_catalog_import::cli::{self, Import};
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_entity::artist;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::{assert_unindexed_without_canonical, json_ld, locs, meta, state};
use crate::{app, get, id_of, refreshed_artists, ORIGIN};

/// The prefetched keys of a page.
fn keys(html: &str) -> Vec<String> {
    state(html)["prefetched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap().to_owned())
        .collect()
}

/// The markup of the numbered pager.
fn pager(html: &str) -> &str {
    let pager = &html[html.find("numbered-pager").expect("a pager")..];
    &pager[..pager.find("</nav>").unwrap()]
}

/// A genre's page: its artists server-rendered, its own head (title, description,
/// canonical, Open Graph) and JSON-LD (`CollectionPage` listing the artists shown,
/// `BreadcrumbList`), its numbered pages as plain links, each its own canonical.
async fn a_genre_page_lists_its_artists_with_its_head(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/genre/r-and-b").await;
    assert_eq!(page.status, StatusCode::OK);
    // The shell writes "&" as "&#38;", React as "&amp;".
    let html = &page.body.replace("&#38;", "&").replace("&amp;", "&");
    assert!(
        html.contains("<title>R&B Artists - Sound Atlas</title>"),
        "title"
    );
    assert_eq!(
        meta(html, "property", "og:title"),
        "R&B Artists - Sound Atlas"
    );
    assert_eq!(
        meta(html, "name", "description"),
        "R&B artists and bands on Sound Atlas, from A to Z: biographies, fun facts and where to listen."
    );
    assert!(html.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/genre/r-and-b">"#
    )));
    assert_eq!(
        meta(html, "property", "og:url"),
        format!("{ORIGIN}/genre/r-and-b")
    );
    assert!(
        html.contains("<h1>R&B Artists</h1>"),
        "server-rendered heading"
    );
    assert_eq!(
        keys(html),
        [catalog::GENRE.path(&[&"r-and-b", &1]).into_string()]
    );
    let body = &state(html)["prefetched"][0]["body"];
    let total = body["total"].as_u64().unwrap();
    assert!(total > 24, "several pages");
    let docs = json_ld(html);
    let collection = docs
        .iter()
        .find(|d| d["@type"] == "CollectionPage")
        .expect("CollectionPage JSON-LD");
    assert_eq!(collection["url"], format!("{ORIGIN}/genre/r-and-b"));
    assert_eq!(collection["mainEntity"]["numberOfItems"], total);
    let items = collection["mainEntity"]["itemListElement"]
        .as_array()
        .unwrap();
    assert_eq!(items.len(), 12);
    assert_eq!(items[0]["position"], 1);
    assert_eq!(items[0]["name"], body["artists"][0]["title"]);
    assert_eq!(
        items[0]["url"],
        format!("{ORIGIN}/artist/{}", body["artists"][0]["id"])
    );
    let crumbs = docs
        .iter()
        .find(|d| d["@type"] == "BreadcrumbList")
        .expect("BreadcrumbList JSON-LD");
    assert_eq!(crumbs["itemListElement"][1]["name"], "R&B");
    // Every card of the page is in the markup, and the pages are plain links.
    for artist in body["artists"].as_array().unwrap() {
        assert!(html.contains(&format!(r#"href="/artist/{}""#, artist["id"])));
    }
    let last = total.div_ceil(12);
    assert!(pager(html).contains(&format!(r#"href="/genre/r-and-b?from={last}""#)));
    assert!(
        html.contains(r#"href="/genre/r-and-b?page=2""#),
        "Load More"
    );

    let second = get(&app, "/genre/r-and-b?from=2").await;
    assert_eq!(second.status, StatusCode::OK);
    assert!(second.body.replace("&#38;", "&").contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/genre/r-and-b?from=2">"#
    )));
    assert_eq!(
        keys(&second.body),
        [catalog::GENRE.path(&[&"r-and-b", &2]).into_string()]
    );
    let items = json_ld(&second.body)
        .into_iter()
        .find(|d| d["@type"] == "CollectionPage")
        .unwrap();
    assert_eq!(items["mainEntity"]["itemListElement"][0]["position"], 13);
    assert!(
        pager(&second.body).contains(r#"href="/genre/r-and-b""#),
        "back to page 1"
    );
    let with_more = get(&app, "/genre/r-and-b?from=1&page=2").await.body;
    assert_eq!(keys(&with_more).len(), 2);
    assert!(with_more.replace("&#38;", "&").contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/genre/r-and-b">"#
    )));
}

/// A slug no genre has, or one no genre could have, is the site's not-found page; an
/// address naming a genre loosely redirects to its page.
async fn an_unknown_genre_is_the_not_found_page(db: &TestDb) {
    let app = app(db).await;
    for (path, to) in [
        ("/genre/R%26B", "/genre/r-and-b"),
        ("/genre/Hard%20Rock?from=2", "/genre/hard-rock?from=2"),
        ("/genre/POP", "/genre/pop"),
    ] {
        let moved = get(&app, path).await;
        assert_eq!(moved.status, StatusCode::PERMANENT_REDIRECT, "{path}");
        assert_eq!(moved.headers["location"], to, "{path}");
    }
    for path in [
        "/genre/no-such-genre",
        "/genre/No%20Such",
        "/genre/pop?from=2&page=x",
    ] {
        let page = get(&app, path).await;
        let expected = if path.starts_with("/genre/pop") {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        assert_eq!(page.status, expected, "{path}");
        if expected == StatusCode::NOT_FOUND {
            assert!(
                page.body.contains("<title>404 Page Not Found</title>"),
                "{path}"
            );
            assert!(page.body.contains("404 Page Not Found</h1>"), "{path}");
            assert_unindexed_without_canonical(&page.body);
        }
    }
    let api = get(&app, catalog::GENRE.path(&[&"no-such-genre", &1]).as_str()).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert_eq!(api.json()["message"], "This genre could not be found.");
    let bad_page = get(&app, catalog::GENRE.path(&[&"pop", &0]).as_str()).await;
    assert_eq!(bad_page.status, StatusCode::BAD_REQUEST);
}

/// Every genre chip of an artist page links to its genre's page, and a search that
/// names a genre offers its page.
async fn chips_and_search_lead_to_genre_pages(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "The Beatles").await;
    let html = get(&app, &format!("/artist/{id}")).await.body;
    let chips = &html[html.find(r#"aria-label="Genres""#).expect("the chips")..];
    let chips = &chips[..chips.find("</ul>").unwrap()];
    assert!(
        chips.contains(r#"<a class="tag-link" href="/genre/rock">Rock</a>"#),
        "{chips}"
    );
    assert_eq!(
        chips.matches("<li").count(),
        chips.matches("<a ").count(),
        "{chips}"
    );
    assert!(keys(&html).contains(&catalog::ARTIST_GENRES.path(&[&id]).into_string()));

    let search = get(&app, "/search/rock").await.body;
    let offered = &search[search
        .find(r#"aria-label="Matching genres""#)
        .expect("genres")..];
    let offered = &offered[..offered.find("</nav>").unwrap()];
    assert!(offered.contains(r#"href="/genre/rock""#), "{offered}");
    assert!(offered.contains(r#"href="/genre/hard-rock""#), "{offered}");
    let api = get(&app, catalog::GENRES.path(&[&"R&B"]).as_str())
        .await
        .json();
    assert_eq!(api[0]["slug"], "r-and-b");
}

/// An artist without a biography yet (or one of white space alone, which the snapshot's
/// read measures in the database) says so, asks not to be indexed and is left out of
/// the sitemap; an artist with one is indexed.
async fn a_thin_artist_page_is_noindex_and_not_in_the_sitemap(db: &TestDb) {
    let app = app(db).await;
    let mut thin_ids = Vec::new();
    for (key, bio) in [("thin", None), ("blank", Some(" \n\t\r \n".to_owned()))] {
        let row = artist::ActiveModel {
            external_id: Set(key.into()),
            title: Set(format!("Thin Band {key}")),
            kind: Set("band".into()),
            genres: Set(r#"["Rock"]"#.into()),
            bio: Set(bio),
            ..Default::default()
        }
        .insert(&db.conn)
        .await
        .unwrap();
        thin_ids.push(row.id);
    }
    refreshed_artists(&app).await;
    for id in &thin_ids {
        let thin = get(&app, &format!("/artist/{id}")).await;
        assert_eq!(thin.status, StatusCode::OK);
        assert!(thin
            .body
            .contains(r#"<meta name="robots" content="noindex">"#));
        assert!(thin
            .body
            .contains("No biography available for this artist."));
    }
    let full = get(&app, &format!("/artist/{}", id_of(&app, "Queen").await)).await;
    assert!(
        !full.body.contains(r#"name="robots""#),
        "a page with a biography is indexed"
    );

    let index = get(&app, "/sitemap.xml").await.body;
    let mut urls = Vec::new();
    for child in locs(&index)
        .iter()
        .filter(|c| c.contains("/sitemaps/artists-"))
    {
        urls.extend(locs(
            &get(&app, child.strip_prefix(ORIGIN).unwrap()).await.body,
        ));
    }
    for id in &thin_ids {
        assert!(!urls.contains(&format!("{ORIGIN}/artist/{id}")), "{id}");
    }
    assert!(urls.contains(&format!("{ORIGIN}/artist/{}", id_of(&app, "Queen").await)));
}

/// The sitemap index names the genres' sitemap, which lists every genre's first page,
/// dated by the newest change among its artists.
async fn the_sitemap_lists_every_genre_page_dated(db: &TestDb) {
    let app = app(db).await;
    let index = get(&app, "/sitemap.xml").await.body;
    assert!(
        index.contains(&format!(
            "<loc>{ORIGIN}/sitemaps/genres-1.xml</loc><lastmod>"
        )),
        "{index}"
    );
    let sitemap = get(&app, "/sitemaps/genres-1.xml").await;
    assert_eq!(sitemap.status, StatusCode::OK);
    let urls = locs(&sitemap.body);
    assert!(urls.contains(&format!("{ORIGIN}/genre/r-and-b")));
    assert!(urls.contains(&format!("{ORIGIN}/genre/pop")));
    assert!(sitemap
        .body
        .contains(&format!("<url><loc>{ORIGIN}/genre/pop</loc><lastmod>")));
    // Every listed genre page answers.
    for url in urls.iter().take(5) {
        assert_eq!(
            get(&app, url.strip_prefix(ORIGIN).unwrap()).await.status,
            StatusCode::OK,
            "{url}"
        );
    }
    assert_eq!(
        get(&app, "/sitemaps/genres-9.xml").await.status,
        StatusCode::NOT_FOUND
    );
}

/// The genres' sitemap's addresses.
async fn genre_sitemap(app: &axum::Router) -> Vec<String> {
    let sitemap = get(app, "/sitemaps/genres-1.xml").await;
    assert_eq!(sitemap.status, StatusCode::OK);
    locs(&sitemap.body)
}

/// A genre page's artist count, from the API.
async fn artists_of(app: &axum::Router, slug: &str) -> u64 {
    let page = get(app, catalog::GENRE.path(&[&slug, &1]).as_str()).await;
    assert_eq!(page.status, StatusCode::OK, "{slug}");
    page.json()["total"].as_u64().unwrap()
}

/// An address of a spelling merged into its genre answers a permanent redirect to it.
async fn assert_moved(app: &axum::Router, from: &str, to: &str) {
    let moved = get(app, from).await;
    assert_eq!(moved.status, StatusCode::PERMANENT_REDIRECT, "{from}");
    assert_eq!(moved.headers["location"], to, "{from}");
}

/// The knowledge base's genre items, labelled "rock music", "punk rock", "post-punk"
/// and "pop music", are the catalogue's "Rock", "Punk Rock", "Post-Punk" and "Pop":
/// one page each, with the seed's artists and the dump's, one sitemap entry each.
async fn a_dumps_genres_are_the_catalogues_one_page_each(db: &TestDb) {
    let seeded = app(db).await;
    let slugs = ["rock", "punk-rock", "post-punk", "pop"];
    let mut before = Vec::new();
    for slug in slugs {
        before.push(artists_of(&seeded, slug).await);
    }
    let dump = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/catalog-import/tests/testdata/wikidata-genres.json"
    );
    cli::import(
        &db.conn,
        Import::WikidataDump {
            file: dump.into(),
            dry_run: false,
        },
    )
    .await
    .unwrap();
    // A new catalogue reads the imported rows at once.
    let app = app(db).await;
    let added = [2, 1, 1, 1];
    for ((slug, before), added) in slugs.iter().zip(before).zip(added) {
        assert_eq!(artists_of(&app, slug).await, before + added, "{slug}");
    }
    let urls = genre_sitemap(&app).await;
    for slug in slugs {
        let url = format!("{ORIGIN}/genre/{slug}");
        assert_eq!(urls.iter().filter(|u| **u == url).count(), 1, "{url}");
    }
    for split in ["rock-music", "punk-rock-2", "post-punk-2", "pop-music"] {
        let url = format!("{ORIGIN}/genre/{split}");
        assert!(!urls.contains(&url), "{url}");
    }
    assert_moved(&app, "/genre/rock-music", "/genre/rock").await;
}

/// A genre already split in two spellings ("Punk rock" beside "Punk Rock", "Rock
/// music" beside "Rock") is merged by the migration: each artist lists it once, by the
/// catalogue's spelling; the merged-away page's address redirects to the kept one.
async fn the_migration_merges_a_genre_split_in_two_spellings(db: &TestDb) {
    use sea_orm::{ConnectionTrait, EntityTrait};
    use sound_atlas_migration::{Migrator, MigratorTrait};
    sound_atlas::db::prepare(&db.conn).await.unwrap();
    // Back to before the migration, with artists as an import wrote them then.
    let names: Vec<String> = Migrator::migrations()
        .iter()
        .map(|m| m.name().to_owned())
        .collect();
    let at = names
        .iter()
        .position(|n| n == "m20261128_000090_genres")
        .unwrap();
    Migrator::down(&db.conn, Some((names.len() - at) as u32))
        .await
        .unwrap();
    let mut imported = Vec::new();
    for (key, genres) in [
        ("split-one", r#"["Rock music","Punk rock"]"#),
        ("split-two", r#"["Punk rock","Rock","Rock music"]"#),
    ] {
        let row = artist::ActiveModel {
            external_id: Set(key.into()),
            title: Set(format!("Split Band {key}")),
            kind: Set("band".into()),
            genres: Set(genres.into()),
            ..Default::default()
        }
        .insert(&db.conn)
        .await
        .unwrap();
        db.conn
            .execute_unprepared(&format!(
                "INSERT INTO artist_field_sources (artist_id, field, source, retrieved_at) \
                 VALUES ({}, 'genres', 'wikidata', 1)",
                row.id
            ))
            .await
            .unwrap();
        imported.push(row.id);
    }
    Migrator::up(&db.conn, None).await.unwrap();
    let lists: Vec<String> = {
        let mut lists = Vec::new();
        for id in &imported {
            let row = artist::Entity::find_by_id(*id).one(&db.conn).await.unwrap();
            lists.push(row.unwrap().genres);
        }
        lists
    };
    assert_eq!(
        lists,
        [r#"["Rock","Punk Rock"]"#, r#"["Punk Rock","Rock"]"#]
    );

    let app = app(db).await;
    let urls = genre_sitemap(&app).await;
    assert!(urls.contains(&format!("{ORIGIN}/genre/punk-rock")));
    for split in ["rock-music", "punk-rock-2"] {
        assert!(
            !urls.contains(&format!("{ORIGIN}/genre/{split}")),
            "{split}"
        );
    }
    assert_moved(&app, "/genre/punk-rock-2", "/genre/punk-rock").await;
    assert_moved(&app, "/genre/rock-music?from=2", "/genre/rock?from=2").await;
}

db_tests!(
    a_dumps_genres_are_the_catalogues_one_page_each,
    the_migration_merges_a_genre_split_in_two_spellings,
    a_genre_page_lists_its_artists_with_its_head,
    an_unknown_genre_is_the_not_found_page,
    chips_and_search_lead_to_genre_pages,
    a_thin_artist_page_is_noindex_and_not_in_the_sitemap,
    the_sitemap_lists_every_genre_page_dated,
);
