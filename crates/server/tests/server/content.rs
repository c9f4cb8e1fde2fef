//! The editorial content as the composed server serves it: its API under /api, its
//! seed loaded at start, and share images at the top level.

use axum::http::StatusCode;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::{assert_share_image, assert_unindexed_without_canonical, json_ld, locs, meta};
use crate::{app, get, id_of, ORIGIN};

/// The seeded articles, newest first, as the API lists them.
async fn articles(app: &axum::Router) -> Vec<serde_json::Value> {
    get(app, "/api/articles")
        .await
        .json()
        .as_array()
        .unwrap()
        .clone()
}

/// Text as it appears in the server's HTML (React escapes these in text).
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

async fn home_is_served_with_every_content_section_in_its_first_html(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/").await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    let chart = get(&app, "/api/weekly-top-ten").await.json();
    for entry in chart.as_array().unwrap() {
        let song = entry["songName"].as_str().unwrap();
        assert!(html.contains(&html_text(song)), "the chart lists {song}");
    }
    for heading in [
        "Weekly Top 10",
        "Brand New Songs",
        "Latest Articles",
        "Test Your Music Knowledge",
        "View All",
        "Explore All Articles",
    ] {
        assert!(html.contains(heading), "{heading}");
    }
    let newest = articles(&app).await[0]["title"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        html.contains(&html_text(&newest)),
        "the newest article is on home"
    );
    // No loading state in what crawlers read, and no inline SVG paths in cards.
    assert!(!html.contains(r#"aria-busy="true""#));
    assert!(!html.contains("<path"), "icons come from the sprite");
}

async fn an_article_page_unfurls_as_itself(db: &TestDb) {
    let app = app(db).await;
    let article = articles(&app)
        .await
        .into_iter()
        .find(|a| a["tags"].as_str().unwrap().contains(','))
        .unwrap();
    let id = article["id"].as_i64().unwrap();
    let title = article["title"].as_str().unwrap();
    let page = get(&app, &format!("/articles/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    assert!(html.contains(&format!(
        "<title>{} - Sound Atlas</title>",
        html_text(title)
    )));
    assert_eq!(meta(html, "property", "og:type"), "article");
    assert_eq!(
        meta(html, "property", "og:url"),
        format!("{ORIGIN}/articles/{id}")
    );
    assert!(html.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/articles/{id}">"#
    )));
    assert_eq!(
        meta(html, "property", "article:published_time"),
        article["date"].as_str().unwrap()
    );
    assert_eq!(
        meta(html, "property", "article:section"),
        html_text(article["category"].as_str().unwrap())
    );
    let first_tag = article["tags"]
        .as_str()
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .trim();
    assert_eq!(meta(html, "property", "article:tag"), html_text(first_tag));
    assert_eq!(meta(html, "name", "twitter:card"), "summary_large_image");
    assert!(!meta(html, "name", "twitter:description").is_empty());
    assert_share_image(html, &format!("/og/article/{id}.png"), &html_text(title));
    let docs = json_ld(html);
    let doc = docs
        .iter()
        .find(|d| d["@type"] == "Article" || d["@type"] == "NewsArticle")
        .expect("Article JSON-LD");
    assert_eq!(doc["headline"], title);
    assert_eq!(doc["datePublished"], article["date"]);
    assert_eq!(doc["image"][0], format!("{ORIGIN}/og/article/{id}.png"));
    let crumbs = docs
        .iter()
        .find(|d| d["@type"] == "BreadcrumbList")
        .expect("BreadcrumbList");
    let items = crumbs["itemListElement"].as_array().unwrap();
    assert_eq!(
        items.last().unwrap()["item"],
        format!("{ORIGIN}/articles/{id}")
    );
    // The page itself, in the spec's order.
    let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{needle}"));
    assert!(
        at("Back to Articles") < at("article-title") && at("article-title") < at("article-content")
    );
    assert!(at("article-content") < at("Back to All Articles"));
}

async fn an_unknown_article_is_a_404_with_the_spec_text(db: &TestDb) {
    let app = app(db).await;
    for path in ["/articles/999999", "/articles/abc"] {
        let page = get(&app, path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(page.body.contains("Article Not Found:"), "{path}");
        assert!(
            page.body
                .contains("The article you&#x27;re looking for doesn&#x27;t exist."),
            "{path}"
        );
        assert!(page
            .body
            .contains("<title>Article Not Found - Sound Atlas</title>"));
        assert_unindexed_without_canonical(&page.body);
    }
}

async fn the_article_list_filters_by_category_without_javascript(db: &TestDb) {
    let app = app(db).await;
    let all = articles(&app).await;
    let page = get(&app, "/articles?category=equipment-and-gear").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&format!(
        r#"<link rel="canonical" href="{ORIGIN}/articles?category=equipment-and-gear">"#
    )));
    for article in &all {
        let shown = page
            .body
            .contains(&format!(r#"href="/articles/{}""#, article["id"]));
        assert_eq!(
            shown,
            article["category"] == "Equipment & Gear",
            "{}",
            article["title"]
        );
    }
    // Every category is a plain link.
    for slug in [
        "artist-spotlight",
        "news-and-updates",
        "equipment-and-gear",
        "general",
    ] {
        assert!(
            page.body
                .contains(&format!(r#"href="/articles?category={slug}""#)),
            "{slug}"
        );
    }
    let everything = get(&app, "/articles").await.body;
    for article in &all {
        assert!(everything.contains(&format!(r#"href="/articles/{}""#, article["id"])));
    }
}

async fn the_site_pages_are_served_with_today_as_last_updated(db: &TestDb) {
    let app = app(db).await;
    let now = time::OffsetDateTime::now_utc();
    let today = format!(
        "{:04}-{:02}-{:02}",
        now.year(),
        u8::from(now.month()),
        now.day()
    );
    for (path, title, dated) in [
        ("/about", "About - Sound Atlas", false),
        ("/privacy-policy", "Privacy Policy - Sound Atlas", true),
        ("/terms-of-service", "Terms of Service - Sound Atlas", true),
    ] {
        let page = get(&app, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(
            page.body.contains(&format!("<title>{title}</title>")),
            "{path}"
        );
        assert_eq!(
            page.body.contains(&format!(r#"<time dateTime="{today}">"#))
                || page.body.contains(&format!(r#"<time datetime="{today}">"#)),
            dated,
            "{path}"
        );
    }
    let about = get(&app, "/about").await.body;
    for audience in [
        "Music Enthusiasts",
        "Students",
        "Educators",
        "Casual Listeners",
    ] {
        assert!(about.contains(audience), "{audience}");
    }
}

async fn the_sitemap_lists_every_article_with_its_date(db: &TestDb) {
    let app = app(db).await;
    let index = get(&app, "/sitemap.xml").await.body;
    assert!(index.contains(&format!("<loc>{ORIGIN}/sitemaps/articles.xml</loc>")));
    let sitemap = get(&app, "/sitemaps/articles.xml").await.body;
    let urls = locs(&sitemap);
    let all = articles(&app).await;
    assert_eq!(urls.len(), all.len());
    for article in &all {
        assert!(sitemap.contains(&format!(
            "<loc>{ORIGIN}/articles/{}</loc><lastmod>{}</lastmod>",
            article["id"],
            article["date"].as_str().unwrap()
        )));
    }
    let pages = locs(&get(&app, "/sitemaps/pages.xml").await.body);
    for path in [
        "/articles",
        "/about",
        "/privacy-policy",
        "/terms-of-service",
    ] {
        assert!(pages.contains(&format!("{ORIGIN}{path}")), "{path}");
    }
}

/// Artists' rows record when they changed (the seed just wrote them), so each artist URL
/// and the artists' file in the index carry that day as `<lastmod>`.
async fn the_sitemap_dates_every_artist_by_its_last_change(db: &TestDb) {
    let app = app(db).await;
    let today = time::OffsetDateTime::now_utc().date();
    let today = format!(
        "{:04}-{:02}-{:02}",
        today.year(),
        u8::from(today.month()),
        today.day()
    );
    let sitemap = get(&app, "/sitemaps/artists-1.xml").await.body;
    let all = get(&app, "/api/artists").await.json();
    let all = all.as_array().unwrap();
    assert_eq!(locs(&sitemap).len(), all.len());
    for artist in all {
        assert!(
            sitemap.contains(&format!(
                "<loc>{ORIGIN}/artist/{}</loc><lastmod>{today}</lastmod>",
                artist["id"]
            )),
            "artist {} dated {today}",
            artist["id"]
        );
    }
    let index = get(&app, "/sitemap.xml").await.body;
    assert!(index.contains(&format!(
        "<loc>{ORIGIN}/sitemaps/artists-1.xml</loc><lastmod>{today}</lastmod>"
    )));
}

async fn the_server_serves_the_seeded_content_api(db: &TestDb) {
    let app = app(db).await;
    let chart = get(&app, "/api/weekly-top-ten?refresh=true").await;
    assert_eq!(chart.status, StatusCode::OK);
    assert_eq!(chart.json().as_array().unwrap().len(), 10);
    let articles = get(&app, "/api/articles").await.json();
    assert!(articles.as_array().unwrap().len() >= 12);
    let missing = get(&app, "/api/articles/999999").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        missing.json()["message"],
        "The article you're looking for doesn't exist."
    );
    assert_eq!(get(&app, "/api/new-songs").await.status, StatusCode::OK);
    assert_eq!(
        get(&app, "/api/youtube/channel-videos").await.status,
        StatusCode::OK
    );
}

async fn the_server_serves_share_images_for_artists_and_articles(db: &TestDb) {
    let app = app(db).await;
    let queen = id_of(&app, "Queen").await;
    for uri in [
        format!("/og/artist/{queen}.png"),
        "/og/article/1.png".to_owned(),
    ] {
        let answer = get(&app, &uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        assert_eq!(answer.headers["content-type"], "image/png");
    }
    assert_eq!(
        get(&app, "/og/artist/999999.png").await.status,
        StatusCode::NOT_FOUND
    );
}

db_tests!(
    home_is_served_with_every_content_section_in_its_first_html,
    an_article_page_unfurls_as_itself,
    an_unknown_article_is_a_404_with_the_spec_text,
    the_article_list_filters_by_category_without_javascript,
    the_site_pages_are_served_with_today_as_last_updated,
    the_sitemap_lists_every_article_with_its_date,
    the_sitemap_dates_every_artist_by_its_last_change,
    the_server_serves_the_seeded_content_api,
    the_server_serves_share_images_for_artists_and_articles,
);
