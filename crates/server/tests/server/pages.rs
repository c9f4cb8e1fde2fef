use axum::http::{header, StatusCode};
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_contract::render::{Prefetched, RenderState};
use sound_atlas_entity::artist;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{
    all_artists, app, app_with_bundle, get, id_of, refreshed_artists, until_status,
    COUNTING_BUNDLE, ORIGIN,
};

/// The JSON-LD documents of a page, parsed.
pub(crate) fn json_ld(html: &str) -> Vec<serde_json::Value> {
    // The tag carries this response's CSP nonce: the document starts after its `>`.
    html.split(r#"<script type="application/ld+json""#)
        .skip(1)
        .map(|rest| {
            let rest = &rest[rest.find('>').unwrap() + 1..];
            serde_json::from_str(rest.split("</script>").next().unwrap()).expect("JSON-LD parses")
        })
        .collect()
}

/// The injected state, parsed.
pub(crate) fn state(html: &str) -> serde_json::Value {
    serde_json::from_str(state_json(html)).expect("state parses")
}

/// The injected state's JSON text.
fn state_json(html: &str) -> &str {
    let tag = html
        .find(r#"<script id="sa-state" type="application/json""#)
        .expect("state script");
    // After the tag's attributes (the CSP nonce among them).
    let json = &html[tag..];
    let json = &json[json.find('>').unwrap() + 1..];
    &json[..json.find("</script>").unwrap()]
}

/// Whether a JSON-LD document is of a type (`@type` is one name or a list of them).
fn is_a(doc: &serde_json::Value, kind: &str) -> bool {
    doc["@type"] == kind
        || doc["@type"]
            .as_array()
            .is_some_and(|kinds| kinds.iter().any(|k| k == kind))
}

/// Every page names its preview image with its size and what it shows, and its locale.
fn assert_preview_tags(html: &str) {
    assert_eq!(meta(html, "property", "og:locale"), "en_US");
    assert_eq!(
        meta(html, "property", "og:image"),
        format!("{ORIGIN}/assets/og-default.jpg")
    );
    assert_eq!(meta(html, "property", "og:image:type"), "image/jpeg");
    assert_eq!(meta(html, "property", "og:image:width"), "1200");
    assert_eq!(meta(html, "property", "og:image:height"), "630");
    let alt = meta(html, "property", "og:image:alt");
    assert!(alt.contains("Sound Atlas logo"), "{alt}");
    assert_eq!(meta(html, "name", "twitter:image:alt"), alt);
}

/// A page with its own share picture: `path` on this site, 1200x630, its alt naming `name`.
pub(crate) fn assert_share_image(html: &str, path: &str, name: &str) {
    assert_eq!(meta(html, "property", "og:locale"), "en_US");
    assert_eq!(
        meta(html, "property", "og:image"),
        format!("{ORIGIN}{path}")
    );
    assert_eq!(
        meta(html, "name", "twitter:image"),
        format!("{ORIGIN}{path}")
    );
    assert_eq!(meta(html, "property", "og:image:type"), "image/jpeg");
    assert_eq!(meta(html, "property", "og:image:width"), "1200");
    assert_eq!(meta(html, "property", "og:image:height"), "630");
    let alt = meta(html, "property", "og:image:alt");
    assert!(alt.contains(name), "{alt}");
    assert_eq!(meta(html, "name", "twitter:image:alt"), alt);
}

/// An error page names no canonical URL and stays out of indexes.
pub(crate) fn assert_unindexed_without_canonical(html: &str) {
    assert!(html.contains(r#"<meta name="robots" content="noindex">"#));
    assert!(
        !html.contains(r#"rel="canonical""#),
        "no canonical on an error page"
    );
    assert!(!html.contains("og:url"), "no og:url on an error page");
    assert_preview_tags(html);
}

/// Whether the head has a `<meta {attr}="{name}">` tag.
pub(crate) fn has_meta(html: &str, attr: &str, name: &str) -> bool {
    html.contains(&format!(r#"<meta {attr}="{name}" "#))
}

pub(crate) fn meta(html: &str, attr: &str, name: &str) -> String {
    let marker = format!(r#"<meta {attr}="{name}" content=""#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("no {name}")) + marker.len();
    html[start..start + html[start..].find('"').unwrap()].to_owned()
}

async fn the_emailed_links_open_pages_of_the_site(db: &TestDb) {
    let app = app(db).await;
    for (link, page, heading) in [
        (
            "/api/auth/confirm?token=tok123",
            "/confirm-email?token=tok123",
            "<h1>Confirm your email</h1>",
        ),
        (
            "/api/auth/recover/complete?token=tok123",
            "/new-password?token=tok123",
            "<h1>Choose a new password</h1>",
        ),
    ] {
        // The mailed address leads to the page, changing nothing.
        let opened = get(&app, link).await;
        assert_eq!(opened.status, StatusCode::SEE_OTHER, "{link}");
        assert_eq!(opened.headers[header::LOCATION], page);
        assert_eq!(opened.headers[header::REFERRER_POLICY], "no-referrer");
        // The page: server-rendered in the site's frame.
        let shown = get(&app, page).await;
        assert_eq!(shown.status, StatusCode::OK, "{page}");
        let html = &shown.body;
        assert!(
            html.contains(r#"class="site-header""#),
            "the frame's header"
        );
        assert!(html.contains("<footer"), "the frame's footer");
        assert!(
            html.contains(r#"<link rel="stylesheet""#),
            "the site's theme"
        );
        // A token no link holds: the page says so (a live link's form is tested with the
        // accounts' own mail).
        assert!(html.contains(heading), "{html}");
        assert!(
            html.contains("This link is invalid or has expired."),
            "{html}"
        );
        assert!(!html.contains("<form class=\"email-link-form\""), "{html}");
        assert!(html.contains(r#"<meta name="robots" content="noindex">"#));
        assert_eq!(shown.headers[header::REFERRER_POLICY], "no-referrer");
        assert!(shown.headers[header::CACHE_CONTROL]
            .to_str()
            .unwrap()
            .contains("no-store"));
        assert!(
            !html.contains("rel=\"canonical\" href=\"https://soundatlas.test/confirm-email?"),
            "no token in the canonical URL"
        );
    }
}

async fn an_artist_page_is_rendered_with_its_head_and_data(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "The Beatles").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    assert!(html.contains("<title>The Beatles - Sound Atlas</title>"));
    assert_eq!(
        meta(html, "property", "og:title"),
        "The Beatles - Sound Atlas"
    );
    assert_eq!(meta(html, "property", "og:type"), "profile");
    assert_eq!(
        meta(html, "property", "og:url"),
        format!("{ORIGIN}/artist/{id}")
    );
    assert_eq!(meta(html, "property", "og:site_name"), "Sound Atlas");
    assert!(!meta(html, "property", "og:description").is_empty());
    // The artist's own share picture, not the site's logo.
    assert_share_image(html, &format!("/og/artist/{id}.jpg"), "The Beatles");
    // One word for a band everywhere: the page's eyebrow and its share picture.
    assert!(
        meta(html, "property", "og:image:alt").starts_with("Band: The Beatles"),
        "{}",
        meta(html, "property", "og:image:alt")
    );
    assert!(html.contains(r#"<p class="eyebrow">Band</p>"#));
    assert_eq!(meta(html, "name", "twitter:card"), "summary_large_image");
    assert!(html.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/artist/{id}">"#
    )));
    let docs = json_ld(html);
    let group = docs
        .iter()
        .find(|d| d["@type"] == "MusicGroup")
        .expect("MusicGroup JSON-LD");
    assert_eq!(group["name"], "The Beatles");
    assert!(group["genre"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g == "Rock"));
    assert_eq!(
        group["sameAs"][0],
        "https://en.wikipedia.org/wiki/The_Beatles"
    );
    let crumbs = docs
        .iter()
        .find(|d| d["@type"] == "BreadcrumbList")
        .expect("BreadcrumbList JSON-LD");
    assert_eq!(crumbs["itemListElement"].as_array().unwrap().len(), 3);
    // The React tree ran on the server: the biography is in the markup, not only in the data.
    let root = &html
        [html.find(r#"<div id="root">"#).unwrap()..html.find(r#"<script id="sa-state""#).unwrap()];
    assert!(root.contains("Liverpool"), "server-rendered biography");
    let keys: Vec<String> = state(html)["prefetched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        keys.contains(&catalog::ARTIST.path(&[&id]).into_string())
            && keys.contains(&catalog::NEIGHBORS.path(&[&id]).into_string())
    );
}

async fn a_solo_artist_is_a_person(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Adele").await;
    let html = get(&app, &format!("/artist/{id}")).await.body;
    let person = json_ld(&html)
        .into_iter()
        .find(|d| is_a(d, "Person"))
        .expect("Person JSON-LD");
    assert_eq!(person["name"], "Adele");
    assert!(person["birthDate"].is_string());
    // Typed as MusicBrainz types a solo artist: a Person that is also a MusicGroup, for
    // which `genre` is a schema.org property.
    assert_eq!(person["@type"], serde_json::json!(["Person", "MusicGroup"]));
    assert!(person["genre"].as_array().is_some_and(|g| !g.is_empty()));
}

async fn an_unknown_artist_page_is_a_404_with_the_spec_text(db: &TestDb) {
    let app = app(db).await;
    for uri in ["/artist/999999", "/artist/not-a-number"] {
        let page = get(&app, uri).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(
            page.body.contains(
                "This artist could not be found. It may have been removed or the ID is incorrect."
            ),
            "{uri}"
        );
        assert!(page
            .body
            .contains(r#"<meta name="robots" content="noindex">"#));
        assert_unindexed_without_canonical(&page.body);
    }
}

async fn any_other_path_is_the_not_found_screen(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/no/such/page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.body.contains("<title>404 Page Not Found</title>"));
    assert!(page
        .body
        .contains("Did you forget to add the page to the router?"));
    assert_unindexed_without_canonical(&page.body);
}

async fn the_home_page_declares_the_site_search(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page
        .body
        .contains("<title>Sound Atlas - Explore Your World of Music</title>"));
    let site = json_ld(&page.body)
        .into_iter()
        .find(|d| d["@type"] == "WebSite")
        .expect("WebSite JSON-LD");
    assert_eq!(site["name"], "Sound Atlas");
    assert_eq!(site["alternateName"], "SoundAtlas");
    assert_eq!(site["url"], format!("{ORIGIN}/"));
    assert_preview_tags(&page.body);
    assert!(page
        .body
        .contains(&format!(r#"<link rel="canonical" href="{ORIGIN}/">"#)));
    assert_eq!(site["potentialAction"]["@type"], "SearchAction");
    assert_eq!(
        site["potentialAction"]["target"]["urlTemplate"],
        format!("{ORIGIN}/search/{{search_term_string}}")
    );
    // The site's Organization, which the WebSite (and every article) names as publisher;
    // it claims no account elsewhere unless the site is configured with one.
    let organization = json_ld(&page.body)
        .into_iter()
        .find(|d| d["@type"] == "Organization")
        .expect("Organization JSON-LD");
    assert_eq!(organization["@id"], format!("{ORIGIN}/#organization"));
    assert_eq!(site["publisher"]["@id"], organization["@id"]);
    assert_eq!(organization["logo"]["@type"], "ImageObject");
    assert!(organization.get("sameAs").is_none());
}

/// A numbered page of a letter is its own address: it renders that page alone (with
/// pages loaded after it when asked), names itself canonical, and links the first,
/// last and nearby pages as plain links.
async fn a_numbered_browse_page_is_its_own_page(db: &TestDb) {
    let app = app(db).await;
    // T is the seed's largest letter: 22 artists, two pages.
    let page = get(&app, "/browse?letter=T&from=2").await;
    assert_eq!(page.status, StatusCode::OK);
    let prefetched = state(&page.body)["prefetched"].clone();
    let keys: Vec<&str> = prefetched
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            catalog::BROWSE.path(&[&"T", &2]).as_str(),
            catalog::COUNTRIES.path(&[]).as_str(),
        ]
    );
    assert_eq!(prefetched[0]["body"]["total"], 22);
    assert!(
        page.body.contains(&format!(
            r#"<link rel="canonical" href="{ORIGIN}/browse?letter=T&#38;from=2">"#
        )),
        "its own canonical"
    );
    let pager = &page.body[page.body.find("numbered-pager").expect("a pager")..];
    let pager = &pager[..pager.find("</nav>").unwrap()];
    assert!(pager.contains(r#"href="/browse?letter=T""#), "{pager}");
    assert!(pager.contains(r#"aria-current="page""#), "{pager}");
    let first = get(&app, "/browse?letter=T").await.body;
    assert!(first.contains(r#"href="/browse?letter=T&amp;from=2""#));
    assert!(first.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/browse?letter=T">"#
    )));
    let with_more = get(&app, "/browse?letter=T&from=1&page=2").await.body;
    // Two pages of the letter, and the country filter's choices.
    assert_eq!(state(&with_more)["prefetched"].as_array().unwrap().len(), 3);
}

/// The title of a page's HTML.
fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

/// The canonical URL of a page's HTML, as a browser reads the attribute.
fn canonical(html: &str) -> String {
    let marker = r#"<link rel="canonical" href=""#;
    let start = html.find(marker).expect("a canonical URL") + marker.len();
    html[start..start + html[start..].find('"').unwrap()].replace("&#38;", "&")
}

/// A numbered page past the end of its list is no page: its address redirects (303, the
/// list may grow back) to the part of the span that exists, the last page at most,
/// however far past the end it asks; a page within the list is served.
async fn a_page_past_the_end_of_a_list_redirects_to_its_last_page(db: &TestDb) {
    let app = app(db).await;
    // T: 22 artists, two pages.
    for (asked, target) in [
        ("/browse?letter=T&from=99999", "/browse?letter=T&from=2"),
        ("/browse?letter=T&from=3", "/browse?letter=T&from=2"),
        ("/browse?letter=t&from=2&page=9", "/browse?letter=T&from=2"),
        ("/browse?letter=T&page=7", "/browse?letter=T&page=2"),
        (
            "/browse?letter=T&from=99999999999999999999999",
            "/browse?letter=T&from=2",
        ),
    ] {
        let answer = get(&app, asked).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{asked}");
        assert_eq!(answer.headers[header::LOCATION], target, "{asked}");
        assert_eq!(get(&app, target).await.status, StatusCode::OK, "{target}");
    }
    // A genre past its last page alike.
    let pop = read_json(&app, "/api/genres/pop?page=1").await;
    let last = pop["total"].as_u64().unwrap().div_ceil(12);
    assert!(last > 1, "pop has numbered pages");
    let answer = get(&app, "/genre/pop?from=99999").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(
        answer.headers[header::LOCATION],
        format!("/genre/pop?from={last}").as_str()
    );
    let at_last = get(&app, &format!("/genre/pop?from={last}")).await;
    assert_eq!(at_last.status, StatusCode::OK);
    assert!(at_last
        .body
        .contains(&format!("Showing {}–", (last - 1) * 12 + 1)));
}

async fn read_json(app: &axum::Router, uri: &str) -> serde_json::Value {
    get(app, uri).await.json()
}

/// Each distinct list of browse has one canonical address, and a title and description
/// no other list shares: `/browse` as the spec titles it (also the canonical of the
/// default letter's first page, the same list), every other letter with its name, a
/// numbered page with its number of the letter's pages; a genre's numbered pages alike.
async fn every_browse_list_has_one_canonical_and_its_own_title(db: &TestDb) {
    let app = app(db).await;
    let browse = get(&app, "/browse").await.body;
    assert_eq!(title(&browse), "Browse Artists - Sound Atlas");
    assert_eq!(canonical(&browse), format!("{ORIGIN}/browse"));
    let a = get(&app, "/browse?letter=A").await.body;
    assert_eq!(canonical(&a), format!("{ORIGIN}/browse"));
    assert_eq!(title(&a), title(&browse));
    let numbered = get(&app, "/browse?letter=T&from=2").await.body;
    assert_eq!(
        title(&numbered),
        "Browse Artists: T, page 2 of 2 - Sound Atlas"
    );
    assert_eq!(
        meta(&numbered, "name", "description"),
        "Page 2 of 2 of the artists and bands starting with T on Sound Atlas: biographies, \
genres, fun facts and where to listen."
    );
    let digits = get(&app, "/browse?letter=%23").await.body;
    assert_eq!(title(&digits), "Browse Artists: Numbers - Sound Atlas");
    let mut lists = vec![(
        canonical(&browse),
        title(&browse).to_owned(),
        meta(&browse, "name", "description"),
    )];
    let mut paths: Vec<String> = sound_atlas_catalog::Letter::all()
        .filter(|&l| l != sound_atlas_catalog::Letter::DEFAULT)
        .map(|l| {
            format!(
                "/browse?letter={}",
                sound_atlas_contract::encode_uri_component(&l.to_string())
            )
        })
        .collect();
    paths.extend([
        "/browse?letter=T&from=2".into(),
        "/browse?letter=B&from=2".into(),
    ]);
    for path in &paths {
        let html = get(&app, path).await.body;
        assert_eq!(canonical(&html), format!("{ORIGIN}{path}"), "{path}");
        lists.push((
            canonical(&html),
            title(&html).to_owned(),
            meta(&html, "name", "description"),
        ));
    }
    for part in [0, 1, 2] {
        let distinct: std::collections::HashSet<&String> = lists
            .iter()
            .map(|list| match part {
                0 => &list.0,
                1 => &list.1,
                _ => &list.2,
            })
            .collect();
        assert_eq!(distinct.len(), lists.len(), "{lists:#?}");
    }
    let pop = get(&app, "/genre/pop?from=2").await.body;
    let pages = read_json(&app, "/api/genres/pop?page=1").await["total"]
        .as_u64()
        .unwrap()
        .div_ceil(12);
    assert_eq!(
        title(&pop),
        format!("Pop Artists, page 2 of {pages} - Sound Atlas")
    );
    assert!(meta(&pop, "name", "description").starts_with(&format!("Page 2 of {pages} of the Pop")));
}

async fn browse_renders_the_asked_pages_of_a_letter(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/browse?letter=B&page=2").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page
        .body
        .contains("<title>Browse Artists: B - Sound Atlas</title>"));
    let prefetched = state(&page.body)["prefetched"].clone();
    assert_eq!(
        prefetched[0]["key"],
        catalog::BROWSE.path(&[&"B", &1]).as_str()
    );
    assert_eq!(
        prefetched[1]["key"],
        catalog::BROWSE.path(&[&"B", &2]).as_str()
    );
    assert_eq!(
        prefetched[0]["body"]["artists"].as_array().unwrap().len(),
        12
    );
    // Parameters are read as leniently as the client reads them: both show the same pages.
    let odd = get(&app, "/browse?letter=%3Cscript%3E&page=x").await;
    assert_eq!(odd.status, StatusCode::OK);
    assert_eq!(
        state(&odd.body)["prefetched"][0]["key"],
        catalog::BROWSE.path(&[&"A", &1]).as_str()
    );
    assert_eq!(state(&odd.body)["prefetched"].as_array().unwrap().len(), 2);
    // A span past the letter's pages ends at its last.
    let capped = get(&app, "/browse?letter=b&page=999999999999999999999").await;
    assert_eq!(capped.status, StatusCode::SEE_OTHER);
    // Its place in the site, for crawlers: Home > Browse Artists > the letter.
    let crumbs = json_ld(&page.body)
        .into_iter()
        .find(|d| d["@type"] == "BreadcrumbList")
        .expect("BreadcrumbList JSON-LD on browse");
    let items = crumbs["itemListElement"].as_array().unwrap();
    let names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Home", "Browse Artists", "B"]);
    assert_eq!(items[2]["item"], format!("{ORIGIN}/browse?letter=B"));
    let plain = get(&app, "/browse").await.body;
    let crumbs = json_ld(&plain)
        .into_iter()
        .find(|d| d["@type"] == "BreadcrumbList")
        .expect("BreadcrumbList JSON-LD on /browse");
    assert_eq!(crumbs["itemListElement"].as_array().unwrap().len(), 2);
    // Each letter has a description of its own.
    let mut descriptions = Vec::new();
    for path in [
        "/browse",
        "/browse?letter=B",
        "/browse?letter=C",
        "/browse?letter=%23",
    ] {
        descriptions.push(meta(&get(&app, path).await.body, "name", "description"));
    }
    let distinct: std::collections::HashSet<&String> = descriptions.iter().collect();
    assert_eq!(distinct.len(), 4, "{descriptions:?}");
    assert!(
        descriptions[1].contains("starting with B"),
        "{}",
        descriptions[1]
    );
}

async fn search_pages_show_results_and_escape_the_query(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/search/beatels").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page
        .body
        .contains("<title>Search: beatels - Sound Atlas</title>"));
    assert!(page.body.contains("The Beatles"));
    let hostile = get(&app, "/search/%3Cscript%3Ealert(1)%3C%2Fscript%3E").await;
    assert_eq!(hostile.status, StatusCode::OK);
    assert!(
        !hostile.body.contains("<script>alert(1)"),
        "the query is escaped everywhere"
    );
    assert!(hostile.body.contains("&lt;script&gt;alert(1)"));
    let empty = get(&app, "/search").await;
    assert!(empty.body.contains("Start Searching"));
    let too_long = get(&app, &format!("/search/{}", "a".repeat(101))).await;
    assert_eq!(too_long.status, StatusCode::BAD_REQUEST);
    assert!(too_long.body.contains("Search query is too long"));
    let redirect = get(&app, "/search?q=%20queen%20").await;
    assert_eq!(redirect.status, StatusCode::SEE_OTHER);
    assert_eq!(redirect.headers["location"], "/search/queen");
}

async fn search_pages_embed_cards_in_pages_and_stay_small(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/search/rock").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.len() <= 60 * 1024,
        "/search/rock is {} bytes",
        page.body.len()
    );
    let prefetched = state(&page.body)["prefetched"].clone();
    assert_eq!(prefetched.as_array().unwrap().len(), 2);
    // The first page of cards, then the genres the query names.
    assert_eq!(
        prefetched[0]["key"],
        catalog::SEARCH_CARDS.path(&[&"rock", &1]).as_str()
    );
    assert_eq!(
        prefetched[1]["key"],
        catalog::GENRES.path(&[&"rock"]).as_str()
    );
    let body = &prefetched[0]["body"];
    let total = body["total"].as_u64().unwrap();
    assert!(total > 12, "rock matches more than one page");
    assert_eq!(body["artists"].as_array().unwrap().len(), 12);
    // Only what a card shows: no biographies or links in the embedded state.
    for card in body["artists"].as_array().unwrap() {
        let mut fields: Vec<&str> = card
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        fields.sort_unstable();
        assert_eq!(fields, ["genres", "id", "imageUrl", "title"]);
    }
    assert!(page.body.contains(&format!("Found {total} results for")));
    // "Load More" is a plain link to the next page, for readers without JavaScript.
    assert!(page.body.contains(r#"href="/search/rock?page=2""#));
    let second = get(&app, "/search/rock?page=2").await;
    let keys: Vec<String> = state(&second.body)["prefetched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        keys,
        [
            catalog::SEARCH_CARDS.path(&[&"rock", &1]).into_string(),
            catalog::SEARCH_CARDS.path(&[&"rock", &2]).into_string(),
            catalog::GENRES.path(&[&"rock"]).into_string(),
        ]
    );
}

/// A search page of pages 1..=N ranks the query once and slices the ranking per page;
/// it holds at most `MAX_SEARCH_PAGE` pages, and every other spelling of a span
/// (leading zeros, past the cap, repeated, page 1 named) redirects to its one address,
/// so the variants share one render instead of each being read and rendered anew.
async fn a_search_span_costs_one_ranking_and_has_one_address(db: &TestDb) {
    use sound_atlas_contract::catalog::MAX_SEARCH_PAGE;
    let mut catalog = None;
    let app = crate::app_with(db, crate::SSR.clone(), |state| {
        catalog = Some(state.catalog.clone())
    })
    .await;
    let catalog = catalog.unwrap();
    let span = format!("/search/rock?page={MAX_SEARCH_PAGE}");
    let page = get(&app, &span).await;
    assert_eq!(page.status, StatusCode::OK);
    let prefetched = state(&page.body)["prefetched"].as_array().unwrap().clone();
    assert_eq!(
        prefetched.len(),
        MAX_SEARCH_PAGE + 1,
        "its pages and the genres"
    );
    let first = &prefetched[0]["body"];
    assert!(first["total"].as_u64().unwrap() > 12);
    assert_eq!(first["artists"].as_array().unwrap().len(), 12);
    let snapshot = catalog.snapshot(false).await.unwrap();
    assert_eq!(
        snapshot.rankings_made(),
        1,
        "one ranking for the whole span"
    );

    let other = MAX_SEARCH_PAGE - 1;
    for (variant, canonical) in [
        (
            format!("/search/rock?page=0{MAX_SEARCH_PAGE}"),
            span.clone(),
        ),
        (
            format!("/search/rock?page={}", MAX_SEARCH_PAGE + 1),
            span.clone(),
        ),
        (
            "/search/rock?page=99999999999999999999".into(),
            span.clone(),
        ),
        (
            format!("/search/rock?page={other}&page={other}"),
            format!("/search/rock?page={other}"),
        ),
        (
            format!("/search/%20rock?page=%20{other}"),
            format!("/search/rock?page={other}"),
        ),
        ("/search/rock?page=1".into(), "/search/rock".into()),
        ("/search/rock?page=-3".into(), "/search/rock".into()),
        ("/search/rock?page=".into(), "/search/rock".into()),
    ] {
        let moved = get(&app, &variant).await;
        assert_eq!(moved.status, StatusCode::SEE_OTHER, "{variant}");
        assert_eq!(moved.headers["location"], canonical.as_str(), "{variant}");
    }
    // Parameters the page does not read stay out of it.
    let tracked = get(&app, &format!("/search/rock?page={other}&utm_source=x")).await;
    assert_eq!(tracked.status, StatusCode::OK);
    assert_eq!(
        snapshot.rankings_made(),
        1,
        "the span's ranking serves its every page"
    );
}

async fn data_cannot_break_out_of_the_page(db: &TestDb) {
    let app = app(db).await;
    let row = artist::ActiveModel {
        external_id: Set("hostile".into()),
        title: Set("Hostile </script><!-- Band".into()),
        kind: Set("band".into()),
        genres: Set(r#"["</script><script>alert(1)</script>"]"#.into()),
        bio: Set(Some(
            "A bio with </script><script>alert(2)</script> and \u{2028} in it, long enough.".into(),
        )),
        ..Default::default()
    }
    .insert(&db.conn)
    .await
    .unwrap();
    refreshed_artists(&app).await;
    let html = get(&app, &format!("/artist/{}", row.id)).await.body;
    assert!(
        !html.contains("<script>alert"),
        "no injected script element"
    );
    // Every script element the shell wrote is still closed where the shell closed it,
    // and none holds a raw "<" or a U+2028 that older parsers end a line at.
    assert_eq!(
        html.matches("<script").count(),
        html.matches("</script>").count()
    );
    for script in html.split("<script").skip(1) {
        let content = &script[script.find('>').unwrap() + 1..script.find("</script>").unwrap()];
        assert!(
            !content.contains('<') && !content.contains('\u{2028}'),
            "unescaped script content: {content}"
        );
    }
    assert_eq!(
        state(&html)["prefetched"][0]["body"]["title"],
        "Hostile </script><!-- Band"
    );
}

async fn a_failed_render_still_serves_the_head_and_the_data(db: &TestDb) {
    let app = app_with_bundle(db, "globalThis.render = () => { throw new Error('boom') }").await;
    let id = id_of(&app, "Queen").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("<title>Queen - Sound Atlas</title>"));
    assert!(
        page.body.contains(r#"<div id="root"></div>"#),
        "empty root: the browser renders"
    );
    assert_eq!(state(&page.body)["prefetched"][0]["body"]["title"], "Queen");
    assert!(json_ld(&page.body)
        .iter()
        .any(|d| d["@type"] == "MusicGroup"));
    let missing = get(&app, "/artist/999999").await;
    assert_eq!(
        missing.status,
        StatusCode::NOT_FOUND,
        "the status stays the page's own"
    );
}

async fn an_answer_of_the_engine_missing_a_field_is_a_failed_render(db: &TestDb) {
    // `modules`, `missed` and `unread` are part of the answer: without them the server
    // cannot preload the page's files or audit its reads, so it serves the shell.
    let app = app_with_bundle(
        db,
        "globalThis.render = () => JSON.stringify({ html: '<p>partial</p>' })",
    )
    .await;
    let id = id_of(&app, "Queen").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(r#"<div id="root"></div>"#));
    assert!(!page.body.contains("partial"));
    assert_eq!(state(&page.body)["prefetched"][0]["body"]["title"], "Queen");
}

async fn the_page_state_is_the_contracts_render_state(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    let state: RenderState =
        serde_json::from_str(state_json(&page.body)).expect("the state reads as RenderState");
    assert_eq!(state.origin, ORIGIN);
    assert!(!state.data_saver);
    let reads: Vec<Prefetched> =
        serde_json::from_str(state.prefetched.get()).expect("the reads are Prefetched");
    assert_eq!(reads[0].key(), catalog::ARTIST.path(&[&id]).as_str());
}

async fn the_same_page_with_the_same_data_is_rendered_once(db: &TestDb) {
    let app = app_with_bundle(db, COUNTING_BUNDLE).await;
    let id = id_of(&app, "Queen").await;
    assert!(get(&app, &format!("/artist/{id}"))
        .await
        .body
        .contains("<p>render 1</p>"));
    assert!(
        get(&app, &format!("/artist/{id}"))
            .await
            .body
            .contains("<p>render 1</p>"),
        "served from the cache"
    );
    assert!(
        get(&app, "/browse?letter=Q")
            .await
            .body
            .contains("<p>render 2</p>"),
        "another page renders"
    );
}

/// The `<loc>` URLs of a sitemap or sitemap index.
pub(crate) fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|rest| rest.split("</loc>").next().unwrap().replace("&amp;", "&"))
        .collect()
}

async fn crawlers_find_every_artist_page_in_the_sitemap(db: &TestDb) {
    let app = app(db).await;
    let robots = get(&app, "/robots.txt").await;
    assert_eq!(robots.status, StatusCode::OK);
    assert!(robots
        .body
        .contains(&format!("Sitemap: {ORIGIN}/sitemap.xml")));
    let index = get(&app, "/sitemap.xml").await;
    assert_eq!(index.status, StatusCode::OK);
    assert!(index.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/xml"));
    assert!(index.body.contains("<sitemapindex"), "a sitemap index");
    // Every child sitemap it names answers; together they list every page.
    let mut urls = Vec::new();
    for child in locs(&index.body) {
        let path = child.strip_prefix(ORIGIN).expect("on the public origin");
        let sitemap = get(&app, path).await;
        assert_eq!(sitemap.status, StatusCode::OK, "{path}");
        assert!(sitemap.body.contains("<urlset"), "{path}");
        let listed = locs(&sitemap.body);
        assert!(listed.len() <= 50_000, "{path}");
        urls.extend(listed);
    }
    for artist in all_artists(&app).await {
        assert!(urls.contains(&format!("{ORIGIN}/artist/{}", artist["id"])));
    }
    for path in ["/browse?letter=#", "/quiz", "/"] {
        let path = path.replace('#', "%23");
        assert!(urls.contains(&format!("{ORIGIN}{path}")), "{path}");
    }
    assert_eq!(
        get(&app, "/sitemaps/artists-99.xml").await.status,
        StatusCode::NOT_FOUND
    );
}

async fn health_answers_once_pages_can_be_served(db: &TestDb) {
    let app = app(db).await;
    let answer = get(&app, "/healthz").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.json(),
        serde_json::json!({ "status": "ok", "database": "up" })
    );
    // Not ready until the catalogue is read: asking starts the read, then it is.
    let starting = get(&app, "/readyz").await;
    assert_eq!(starting.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(starting.json()["catalogue"], "loading");
    until_status(
        &app,
        "/readyz",
        StatusCode::OK,
        std::time::Duration::from_secs(10),
    )
    .await;
    let artists = get(&app, "/api/artists/browse?letter=A&page=1").await;
    assert_eq!(artists.status, StatusCode::OK);
}

db_tests!(
    a_page_past_the_end_of_a_list_redirects_to_its_last_page,
    every_browse_list_has_one_canonical_and_its_own_title,
    a_search_span_costs_one_ranking_and_has_one_address,
    an_artist_page_is_rendered_with_its_head_and_data,
    the_emailed_links_open_pages_of_the_site,
    a_solo_artist_is_a_person,
    an_unknown_artist_page_is_a_404_with_the_spec_text,
    any_other_path_is_the_not_found_screen,
    the_home_page_declares_the_site_search,
    browse_renders_the_asked_pages_of_a_letter,
    a_numbered_browse_page_is_its_own_page,
    search_pages_show_results_and_escape_the_query,
    search_pages_embed_cards_in_pages_and_stay_small,
    data_cannot_break_out_of_the_page,
    a_failed_render_still_serves_the_head_and_the_data,
    an_answer_of_the_engine_missing_a_field_is_a_failed_render,
    the_page_state_is_the_contracts_render_state,
    the_same_page_with_the_same_data_is_rendered_once,
    crawlers_find_every_artist_page_in_the_sitemap,
    health_answers_once_pages_can_be_served,
);
