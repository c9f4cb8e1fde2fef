//! Heads of the editorial pages. An article page unfurls as itself: its title and
//! summary, its own share picture (`/og/article/{id}.jpg`, 1200x630), `og:type`
//! article with its dates, author, section and tags, and `Article` plus
//! `BreadcrumbList` JSON-LD.

use serde_json::json;
use sound_atlas_content::{share_picture, Article, Category};
use sound_atlas_contract::pages::{heads, images, links, routes, titles, SITE_NAME};

use crate::head::{breadcrumb_list, crumb, image_object, organization, Head, HeadImage};

/// `/articles?category=artist-spotlight`, or `/articles` for all.
pub fn articles_path(category: Option<Category>) -> String {
    match category {
        Some(c) => links::ARTICLES_CATEGORY.fill(&[&c.slug()]),
        None => routes::ARTICLES.href(&[]),
    }
}

pub fn articles(origin: &str, category: Option<Category>) -> Head {
    let path = articles_path(category);
    let description = match category {
        Some(c) => format!(
            "{} articles on Sound Atlas: stories about artists, music news, gear and more.",
            c.name()
        ),
        None => "Articles on Sound Atlas: artist spotlights, news and updates, equipment and \
gear, and general reading about music."
            .to_owned(),
    };
    let mut crumbs = vec![
        crumb(1, "Home", format!("{origin}/")),
        crumb(
            2,
            "Articles",
            format!("{origin}{}", routes::ARTICLES.href(&[])),
        ),
    ];
    if let Some(c) = category {
        crumbs.push(crumb(3, c.name(), format!("{origin}{path}")));
    }
    Head {
        json_ld: vec![breadcrumb_list(crumbs)],
        ..Head::website(titles::ARTICLES.fill(&[]), description, path)
    }
}

/// `modified`: when the article last changed (RFC 3339), where the data records it.
pub fn article(origin: &str, article: &Article, modified: Option<&str>) -> Head {
    let path = routes::ARTICLE.href(&[&article.id]);
    let url = format!("{origin}{path}");
    let card = share_picture::card(article);
    let image_path = images::ARTICLE_SHARE_PICTURE.href(&[&article.id]);
    let tags = article.tag_list();
    let text = heads::article(article);
    let mut og_extra = vec![("article:published_time", article.date.clone())];
    og_extra.extend(modified.map(|at| ("article:modified_time", at.to_owned())));
    // The author is the site (as in the JSON-LD): its About page is its profile.
    og_extra.push((
        "article:author",
        format!("{origin}{}", routes::ABOUT.href(&[])),
    ));
    og_extra.push(("article:section", article.category.clone()));
    og_extra.extend(tags.iter().map(|t| ("article:tag", (*t).to_owned())));

    // The share picture first (1200x630, what previews show), then the article's own
    // with its caption and credit.
    let mut images = vec![json!(format!("{origin}{image_path}"))];
    let own = match &article.featured_image {
        Some(featured) => Some((
            featured,
            &article.featured_image_caption,
            &article.featured_image_credit,
        )),
        None => article
            .image1
            .as_ref()
            .map(|image| (image, &article.image1_caption, &article.image1_credit)),
    };
    if let Some((url, caption, credit)) = own {
        images.push(image_object(url, caption.as_deref(), credit.as_deref()));
    }
    // News & Updates are news; every other category is an article.
    let kind = if Category::parse(&article.category) == Some(Category::NewsAndUpdates) {
        "NewsArticle"
    } else {
        "Article"
    };
    let mut doc = json!({
        "@context": "https://schema.org",
        "@type": kind,
        "@id": format!("{url}#article"),
        "headline": article.title,
        "description": article.summary,
        "datePublished": article.date,
        "image": images,
        "articleSection": article.category,
        "url": url,
        "mainEntityOfPage": { "@type": "WebPage", "@id": url },
        "author": organization(origin),
        "publisher": organization(origin),
        "inLanguage": "en",
    });
    if let Some(modified) = modified {
        doc["dateModified"] = modified.into();
    }
    if !tags.is_empty() {
        doc["keywords"] = json!(tags.join(", "));
    }
    let mut crumbs = vec![
        crumb(1, "Home", format!("{origin}/")),
        crumb(
            2,
            "Articles",
            format!("{origin}{}", routes::ARTICLES.href(&[])),
        ),
    ];
    if let Some(category) = Category::parse(&article.category) {
        crumbs.push(crumb(
            3,
            category.name(),
            format!("{origin}{}", articles_path(Some(category))),
        ));
    }
    crumbs.push(crumb(crumbs.len() + 1, &article.title, url.clone()));
    Head {
        og_type: "article",
        og_extra,
        image: HeadImage::share_card(image_path, &card),
        json_ld: vec![doc, breadcrumb_list(crumbs)],
        ..Head::website(text.title, text.description, path)
    }
}

pub fn article_not_found(path: &str) -> Head {
    Head::error(titles::ARTICLE_NOT_FOUND.fill(&[]), path)
}

/// A page of the site about itself, typed for schema.org (`AboutPage`, `WebPage`).
fn site_page(
    origin: &str,
    kind: &str,
    title: String,
    name: &str,
    description: &str,
    path: String,
) -> Head {
    let doc = json!({
        "@context": "https://schema.org",
        "@type": kind,
        "name": name,
        "description": description,
        "url": format!("{origin}{path}"),
        "isPartOf": { "@type": "WebSite", "name": SITE_NAME, "url": format!("{origin}/") },
    });
    Head {
        json_ld: vec![doc],
        ..Head::website(title, description, path)
    }
}

pub fn about(origin: &str) -> Head {
    site_page(
        origin,
        "AboutPage",
        titles::ABOUT.fill(&[]),
        "About Sound Atlas",
        "What Sound Atlas is for, who it is for, what you can do here, the products we \
recommend and the music we write about.",
        routes::ABOUT.href(&[]),
    )
}

pub fn privacy_policy(origin: &str) -> Head {
    site_page(
        origin,
        "WebPage",
        titles::PRIVACY_POLICY.fill(&[]),
        "Privacy Policy",
        "How Sound Atlas handles your data: what we store, cookies and consent, the services \
we use, and how to download or delete your data.",
        routes::PRIVACY_POLICY.href(&[]),
    )
}

pub fn terms_of_service(origin: &str) -> Head {
    site_page(
        origin,
        "WebPage",
        titles::TERMS_OF_SERVICE.fill(&[]),
        "Terms of Service",
        "The terms for using Sound Atlas: accounts, acceptable use, content, affiliate links \
and advertising, and our liability.",
        routes::TERMS_OF_SERVICE.href(&[]),
    )
}
