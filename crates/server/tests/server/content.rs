//! The editorial content as the composed server serves it: its API under /api, its
//! seed loaded at start, and share images at the top level.

use axum::http::StatusCode;
use sound_atlas_contract::content::api as content;
use sound_atlas_contract::pages::routes;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::{
    assert_share_image, assert_unindexed_without_canonical, has_meta, json_ld, locs, meta, state,
};
use crate::{all_artists, app, get, id_of, read, ORIGIN};

/// The seeded articles, newest first, as the API lists them.
async fn articles(app: &axum::Router) -> Vec<serde_json::Value> {
    read(app, content::ARTICLES.path(&[]))
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
    let chart = read(&app, content::WEEKLY_TOP_TEN.path(&[])).await.json();
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
    assert_share_image(html, &format!("/og/article/{id}.jpg"), &html_text(title));
    let docs = json_ld(html);
    let doc = docs
        .iter()
        .find(|d| d["@type"] == "Article" || d["@type"] == "NewsArticle")
        .expect("Article JSON-LD");
    assert_eq!(doc["headline"], title);
    assert_eq!(doc["datePublished"], article["date"]);
    assert_eq!(doc["image"][0], format!("{ORIGIN}/og/article/{id}.jpg"));
    let crumbs = docs
        .iter()
        .find(|d| d["@type"] == "BreadcrumbList")
        .expect("BreadcrumbList");
    let items = crumbs["itemListElement"].as_array().unwrap();
    assert_eq!(
        items.last().unwrap()["item"],
        format!("{ORIGIN}/articles/{id}")
    );
    // The page itself, in the spec's order (its markup, after the head's inline CSS).
    let body = html.find("<body").expect("a body");
    let at = |needle: &str| {
        body + html[body..]
            .find(needle)
            .unwrap_or_else(|| panic!("{needle}"))
    };
    assert!(
        at("Back to Articles") < at("article-title") && at("article-title") < at("article-content")
    );
    assert!(at("article-content") < at("Back to All Articles"));
}

/// How many articles' texts a JSON value holds (`content` fields, at any depth).
fn article_texts(value: &serde_json::Value) -> usize {
    match value {
        serde_json::Value::Object(fields) => fields
            .iter()
            .map(|(key, v)| usize::from(key == "content" && v.is_string()) + article_texts(v))
            .sum(),
        serde_json::Value::Array(items) => items.iter().map(article_texts).sum(),
        _ => 0,
    }
}

/// The home, list and article pages carry the list of articles in their state as cards:
/// an article page holds its own text only (the text is most of a page's bytes).
async fn the_pages_carry_the_articles_as_cards_and_only_their_own_text(db: &TestDb) {
    let app = app(db).await;
    let id = articles(&app).await[0]["id"].as_i64().unwrap();
    for (url, texts) in [
        ("/".to_owned(), 0),
        (routes::ARTICLES.href(&[]), 0),
        (routes::ARTICLE.href(&[&id]), 1),
    ] {
        let page = get(&app, &url).await;
        assert_eq!(page.status, StatusCode::OK, "{url}");
        assert_eq!(article_texts(&state(&page.body)), texts, "{url}");
    }
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

/// `YYYY-MM-DD` of today (UTC), as sitemaps write the day a row changed.
fn today() -> String {
    iso(time::OffsetDateTime::now_utc())
}

fn iso(at: time::OffsetDateTime) -> String {
    let date = at.date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// 2023-11-14 (UTC): a time some rows are set to, to tell their dates apart.
const EARLIER: i64 = 1_700_000_000;
/// 2030-03-17 (UTC): after every seeded article's date.
const LATER: i64 = 1_900_000_000;

async fn sql(db: &TestDb, statement: &str) {
    use sea_orm::ConnectionTrait;
    db.conn.execute_unprepared(statement).await.unwrap();
}

/// Articles carry the day their row last changed (the seed just wrote them: today); a
/// row from before that was recorded, or written before the article's own date, carries
/// the article's date.
async fn the_sitemap_dates_every_article_by_its_last_change(db: &TestDb) {
    let app = app(db).await;
    let all = articles(&app).await;
    let id_at = |i: usize| all[i]["id"].as_i64().unwrap();
    let (first, second, third) = (id_at(0), id_at(1), id_at(2));
    for (id, at) in [
        (first, "NULL".to_owned()),
        (second, LATER.to_string()),
        (third, EARLIER.to_string()),
    ] {
        sql(
            db,
            &format!("UPDATE articles SET updated_at = {at} WHERE id = {id}"),
        )
        .await;
    }
    // The index dates the file by its newest entry.
    let index = get(&app, "/sitemap.xml").await.body;
    assert!(index.contains(&format!(
        "<loc>{ORIGIN}/sitemaps/articles.xml</loc><lastmod>2030-03-17</lastmod>"
    )));
    let sitemap = get(&app, "/sitemaps/articles.xml").await.body;
    let urls = locs(&sitemap);
    assert_eq!(urls.len(), all.len());
    for article in &all {
        let id = article["id"].as_i64().unwrap();
        let lastmod = if id == first || id == third {
            article["date"].as_str().unwrap().to_owned()
        } else if id == second {
            "2030-03-17".to_owned()
        } else {
            today()
        };
        assert!(
            sitemap.contains(&format!(
                "<loc>{ORIGIN}/articles/{id}</loc><lastmod>{lastmod}</lastmod>"
            )),
            "article {id} dated {lastmod}"
        );
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

/// Browse and each letter change with the artists they list: their `lastmod` is the
/// newest change among those artists; a letter without artists has none.
async fn browse_pages_are_dated_by_their_newest_artist_change(db: &TestDb) {
    use sea_orm::EntityTrait;
    use sound_atlas_catalog::Letter;
    let app = app(db).await;
    // Read from the rows before anything reads the catalogue (its snapshot is cached).
    let rows = sound_atlas_entity::artist::Entity::find()
        .all(&db.conn)
        .await
        .unwrap();
    let under = |letter: char| -> Vec<i32> {
        rows.iter()
            .filter(|r| Letter::of_title(&r.title).as_char() == letter)
            .map(|r| r.id)
            .collect()
    };
    let (b, c, d) = (under('B'), under('C'), under('D'));
    assert!(b.len() >= 2 && c.len() >= 2 && !d.is_empty());
    // Every artist changed earlier; one B artist a day later; one C artist never
    // recorded; one D artist today.
    sql(db, &format!("UPDATE artists SET updated_at = {EARLIER}")).await;
    let later = EARLIER + 86_400;
    sql(
        db,
        &format!(
            "UPDATE artists SET updated_at = {later} WHERE id = {}",
            b[1]
        ),
    )
    .await;
    sql(
        db,
        &format!("UPDATE artists SET updated_at = NULL WHERE id = {}", c[0]),
    )
    .await;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    sql(
        db,
        &format!("UPDATE artists SET updated_at = {now} WHERE id = {}", d[0]),
    )
    .await;

    let sitemap = get(&app, "/sitemaps/pages.xml").await.body;
    let lastmod_of = |path: &str| {
        let loc = format!("<loc>{ORIGIN}{path}</loc>");
        let rest = sitemap
            .split(&loc)
            .nth(1)
            .unwrap_or_else(|| panic!("{path} listed"));
        let entry = rest.split("</url>").next().unwrap();
        entry
            .strip_prefix("<lastmod>")
            .map(|d| d.trim_end_matches("</lastmod>").to_owned())
    };
    assert_eq!(
        lastmod_of("/browse?letter=B").as_deref(),
        Some("2023-11-15")
    );
    assert_eq!(
        lastmod_of("/browse?letter=C").as_deref(),
        Some("2023-11-14")
    );
    assert_eq!(lastmod_of("/browse?letter=D"), Some(today()));
    // `/browse` is the default letter's first page (its one address): dated as that letter.
    assert_eq!(lastmod_of("/browse").as_deref(), Some("2023-11-14"));
    assert!(!sitemap.contains(&format!("<loc>{ORIGIN}/browse?letter=A</loc>")));
    // Every other letter with artists is dated; one without any is not.
    for letter in Letter::all().filter(|&letter| letter != Letter::DEFAULT) {
        let path = format!(
            "/browse?letter={}",
            sound_atlas_contract::encode_uri_component(&letter.to_string())
        );
        assert_eq!(
            lastmod_of(&path).is_some(),
            !under(letter.as_char()).is_empty(),
            "{path}"
        );
    }
    // The index dates the pages file by its newest entry.
    let index = get(&app, "/sitemap.xml").await.body;
    assert!(index.contains(&format!(
        "<loc>{ORIGIN}/sitemaps/pages.xml</loc><lastmod>{}</lastmod>",
        today()
    )));
}

/// Artists' rows record when they changed (the seed just wrote them), so each artist URL
/// and the artists' file in the index carry that day as `<lastmod>`.
async fn the_sitemap_dates_every_artist_by_its_last_change(db: &TestDb) {
    let app = app(db).await;
    let today = today();
    let sitemap = get(&app, "/sitemaps/artists-1.xml").await.body;
    let all = all_artists(&app).await;
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

/// With fewer URLs allowed per file, the artists split into several child sitemaps, in
/// catalogue order, each named and dated by the index with the newest change among its
/// own artists; past the last there is none.
async fn the_artists_split_into_several_sitemaps_past_the_url_limit(db: &TestDb) {
    use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter};
    use sound_atlas_entity::artist;
    let app = crate::app_with(db, crate::SSR.clone(), |state| state.sitemap_urls = 100).await;
    // One artist changed later than the seed (2031-01-02), before the catalogue is read.
    let later = "2031-01-02";
    artist::Entity::update_many()
        .col_expr(artist::Column::UpdatedAt, Expr::value(1_925_078_400_i64))
        .filter(artist::Column::Title.eq("Queen"))
        .exec(&db.conn)
        .await
        .unwrap();
    let queen = format!("{ORIGIN}/artist/{}", id_of(&app, "Queen").await);
    let all: Vec<String> = all_artists(&app)
        .await
        .iter()
        .map(|a| format!("{ORIGIN}/artist/{}", a["id"]))
        .collect();
    assert!(all.len() > 300, "the seed has over 300 artists");
    let files = all.len().div_ceil(100);
    let index = get(&app, "/sitemap.xml").await.body;
    let named: Vec<String> = locs(&index)
        .into_iter()
        .filter(|l| l.contains("/sitemaps/artists-"))
        .collect();
    let expected: Vec<String> = (1..=files)
        .map(|n| format!("{ORIGIN}/sitemaps/artists-{n}.xml"))
        .collect();
    assert_eq!(named, expected);
    let mut listed = Vec::new();
    for (n, url) in named.iter().enumerate() {
        let sitemap = get(&app, url.strip_prefix(ORIGIN).unwrap()).await;
        assert_eq!(sitemap.status, StatusCode::OK, "{url}");
        let urls = locs(&sitemap.body);
        let newest = if urls.contains(&queen) {
            later.to_owned()
        } else {
            today()
        };
        assert!(
            index.contains(&format!("<loc>{url}</loc><lastmod>{newest}</lastmod>")),
            "{url} is dated {newest}"
        );
        let expected_len = if n + 1 < files {
            100
        } else {
            all.len() - 100 * (files - 1)
        };
        assert_eq!(urls.len(), expected_len, "{url}");
        listed.extend(urls);
    }
    assert_eq!(listed, all, "every artist once, in catalogue order");
    assert!(listed.contains(&queen));
    assert_eq!(
        get(&app, &format!("/sitemaps/artists-{}.xml", files + 1))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

/// `GET uri` with one request header.
async fn get_with(app: &axum::Router, uri: &str, name: &str, value: &str) -> crate::Answer {
    let request = axum::http::Request::get(uri)
        .header(name, value)
        .body(axum::body::Body::empty())
        .unwrap();
    crate::send(app, request).await
}

/// robots.txt and every sitemap carry validators and caching; a poll naming the content
/// it has (its entity tag, or the time it was last modified) is answered 304 without a
/// body. An article changed (and the article list read again, as a change announced makes
/// it) changes the articles' file (its tag and its `lastmod` in the index), and leaves
/// every other file, and its `lastmod`, as it was.
async fn robots_and_sitemaps_are_validated_and_answer_304_while_unchanged(db: &TestDb) {
    let mut content = None;
    let app = crate::app_with(db, crate::SSR.clone(), |state| {
        content = Some(state.content.clone())
    })
    .await;
    let files = [
        "/robots.txt",
        "/sitemap.xml",
        "/sitemaps/pages.xml",
        "/sitemaps/articles.xml",
        "/sitemaps/artists-1.xml",
        "/sitemaps/genres-1.xml",
    ];
    let mut tags = Vec::new();
    for file in files {
        let first = get(&app, file).await;
        assert_eq!(first.status, StatusCode::OK, "{file}");
        let header = |name: &str| {
            first
                .headers
                .get(name)
                .unwrap_or_else(|| panic!("{file}: no {name}"))
                .to_str()
                .unwrap()
                .to_owned()
        };
        let (tag, modified) = (header("etag"), header("last-modified"));
        assert!(header("cache-control").starts_with("public"), "{file}");
        for (name, value) in [("if-none-match", &tag), ("if-modified-since", &modified)] {
            let again = get_with(&app, file, name, value).await;
            assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{file} {name}");
            assert!(again.body.is_empty(), "{file}");
            assert_eq!(again.headers["etag"], tag.as_str(), "{file}");
        }
        // Another tag, or a time before the content was served, gets the file.
        let other = get_with(&app, file, "if-none-match", "W/\"other\"").await;
        assert_eq!(
            (other.status, other.body),
            (StatusCode::OK, first.body.clone())
        );
        let before = get_with(
            &app,
            file,
            "if-modified-since",
            "Mon, 01 Jan 2001 00:00:00 GMT",
        )
        .await;
        assert_eq!(before.status, StatusCode::OK, "{file}");
        tags.push(tag);
    }
    let index_before = get(&app, "/sitemap.xml").await.body;
    let lastmods = |index: &str| -> Vec<String> {
        index
            .lines()
            .filter(|line| line.contains("<sitemap>"))
            .map(str::to_owned)
            .collect()
    };
    sql(
        db,
        &format!(
            "UPDATE articles SET updated_at = {LATER} WHERE id = {}",
            articles(&app).await[0]["id"]
        ),
    )
    .await;
    content.unwrap().invalidate().await;
    for (file, tag) in files.iter().zip(&tags) {
        let poll = get_with(&app, file, "if-none-match", tag).await;
        let changed = [
            "/sitemap.xml",
            "/sitemaps/articles.xml",
            "/sitemaps/pages.xml",
        ];
        let expected = if changed.contains(file) {
            StatusCode::OK
        } else {
            StatusCode::NOT_MODIFIED
        };
        assert_eq!(poll.status, expected, "{file}");
    }
    let index_after = get(&app, "/sitemap.xml").await.body;
    let (before, after) = (lastmods(&index_before), lastmods(&index_after));
    for (was, is) in before.iter().zip(&after) {
        let dated_by_articles = was.contains("/articles.xml") || was.contains("/pages.xml");
        assert_eq!(was != is, dated_by_articles, "{was} / {is}");
    }
}

async fn the_server_serves_the_seeded_content_api(db: &TestDb) {
    let app = app(db).await;
    let chart = get(
        &app,
        &format!("{}?refresh=true", content::WEEKLY_TOP_TEN.path(&[])),
    )
    .await;
    assert_eq!(chart.status, StatusCode::OK);
    assert_eq!(chart.json().as_array().unwrap().len(), 10);
    let articles = read(&app, content::ARTICLES.path(&[])).await.json();
    assert!(articles.as_array().unwrap().len() >= 12);
    let missing = read(&app, content::ARTICLE.path(&[&999999])).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        missing.json()["message"],
        "The article you're looking for doesn't exist."
    );
    assert_eq!(
        read(&app, content::NEW_SONGS.path(&[])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        read(&app, content::CHANNEL_VIDEOS.path(&[])).await.status,
        StatusCode::OK
    );
}

/// An article's share tags name its author (the site, by its About page) and when the
/// article last changed where the data records it, and no date where it does not.
async fn an_articles_share_tags_name_its_author_and_last_change(db: &TestDb) {
    let app = app(db).await;
    let all = articles(&app).await;
    let (changed, unknown) = (
        all[0]["id"].as_i64().unwrap(),
        all[1]["id"].as_i64().unwrap(),
    );
    for (id, at) in [(changed, EARLIER.to_string()), (unknown, "NULL".into())] {
        sql(
            db,
            &format!("UPDATE articles SET updated_at = {at} WHERE id = {id}"),
        )
        .await;
    }
    sql(
        db,
        &format!(
            "UPDATE articles SET featured_image = 'https://upload.wikimedia.org/a.jpg', \
             featured_image_caption = 'On stage', featured_image_credit = 'Photo: A. Author · CC BY 4.0' \
             WHERE id = {changed}"
        ),
    )
    .await;
    // A new instance reads the rows as they are now.
    let app = crate::app(db).await;
    let html = get(&app, &format!("/articles/{changed}")).await.body;
    assert_eq!(
        meta(&html, "property", "article:modified_time"),
        "2023-11-14T22:13:20Z"
    );
    // The data says the same: its id, its last change, its picture with caption and credit.
    let doc = article_json_ld(&html);
    assert_eq!(doc["@id"], format!("{ORIGIN}/articles/{changed}#article"));
    assert_eq!(doc["dateModified"], "2023-11-14T22:13:20Z");
    assert_eq!(
        doc["image"][1],
        serde_json::json!({
            "@type": "ImageObject",
            "contentUrl": "https://upload.wikimedia.org/a.jpg",
            "caption": "On stage",
            "creditText": "Photo: A. Author · CC BY 4.0",
        })
    );
    assert_eq!(
        meta(&html, "property", "article:author"),
        format!("{ORIGIN}/about")
    );
    let html = get(&app, &format!("/articles/{unknown}")).await.body;
    assert!(!has_meta(&html, "property", "article:modified_time"));
    assert!(article_json_ld(&html).get("dateModified").is_none());
    assert_eq!(
        meta(&html, "property", "article:author"),
        format!("{ORIGIN}/about")
    );
    // The site names no account of its own unless it is given one.
    assert!(!has_meta(&html, "name", "twitter:site"));
}

/// A page's `Article` (or `NewsArticle`) JSON-LD.
fn article_json_ld(html: &str) -> serde_json::Value {
    crate::pages::json_ld(html)
        .into_iter()
        .find(|d| d["@type"] == "Article" || d["@type"] == "NewsArticle")
        .expect("Article JSON-LD")
}

/// With an account set, every page names it as the site's (`twitter:site`).
async fn pages_name_the_sites_twitter_account_when_it_has_one(db: &TestDb) {
    let app = crate::app_with(db, crate::SSR.clone(), |state| {
        state.renderer = state
            .renderer
            .clone()
            .naming_twitter_account(Some("@soundatlas".into()))
    })
    .await;
    let article = articles(&app).await[0]["id"].as_i64().unwrap();
    for path in [
        "/".to_owned(),
        format!("/articles/{article}"),
        "/about".into(),
    ] {
        let html = get(&app, &path).await.body;
        assert_eq!(meta(&html, "name", "twitter:site"), "@soundatlas", "{path}");
    }
    // Home's Organization names the account as the site's own.
    let organization = crate::pages::json_ld(&get(&app, "/").await.body)
        .into_iter()
        .find(|d| d["@type"] == "Organization")
        .expect("Organization JSON-LD");
    assert_eq!(
        organization["sameAs"],
        serde_json::json!(["https://x.com/soundatlas"])
    );
}

async fn the_server_serves_share_images_for_artists_and_articles(db: &TestDb) {
    let app = app(db).await;
    let queen = id_of(&app, "Queen").await;
    for uri in [
        format!("/og/artist/{queen}.jpg"),
        "/og/article/1.jpg".to_owned(),
    ] {
        let answer = get(&app, &uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        assert_eq!(answer.headers["content-type"], "image/jpeg");
    }
    assert_eq!(
        get(&app, "/og/artist/999999.jpg").await.status,
        StatusCode::NOT_FOUND
    );
}

db_tests!(
    home_is_served_with_every_content_section_in_its_first_html,
    an_article_page_unfurls_as_itself,
    the_pages_carry_the_articles_as_cards_and_only_their_own_text,
    an_unknown_article_is_a_404_with_the_spec_text,
    the_article_list_filters_by_category_without_javascript,
    the_site_pages_are_served_with_today_as_last_updated,
    the_sitemap_dates_every_article_by_its_last_change,
    browse_pages_are_dated_by_their_newest_artist_change,
    the_sitemap_dates_every_artist_by_its_last_change,
    the_artists_split_into_several_sitemaps_past_the_url_limit,
    robots_and_sitemaps_are_validated_and_answer_304_while_unchanged,
    the_server_serves_the_seeded_content_api,
    the_server_serves_share_images_for_artists_and_articles,
    an_articles_share_tags_name_its_author_and_last_change,
    pages_name_the_sites_twitter_account_when_it_has_one,
);
