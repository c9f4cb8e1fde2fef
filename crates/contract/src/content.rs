//! Editorial content's side of the contract: payloads of the Weekly Top 10, Brand New
//! Songs, channel videos and articles, their endpoints, and the texts
//! and limits both sides use.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::operation::Endpoint;

/// "More in {category}" shows up to this many.
pub const RELATED_ARTICLES: usize = 3;
/// Article cards show this many tags, then "+N".
pub const CARD_TAGS: usize = 2;
/// The article categories, in the Articles filter's order.
pub const ARTICLE_CATEGORIES: [&str; 4] = [
    "Artist Spotlight",
    "News & Updates",
    "Equipment & Gear",
    "General",
];
/// URL keys of the categories (same order), for `?category=` links that filter without
/// JavaScript. The API accepts a name or a slug.
pub const ARTICLE_CATEGORY_SLUGS: [&str; 4] = [
    "artist-spotlight",
    "news-and-updates",
    "equipment-and-gear",
    "general",
];
/// The category a `?category=` names: its name or its slug, in any ASCII case, blanks
/// around it ignored; its place in [`ARTICLE_CATEGORIES`]. The browser reads the
/// parameter the same way (ui/src/features/content/queries.ts), tested on
/// [`category_cases`].
pub fn category_index(text: &str) -> Option<usize> {
    let text = text.trim();
    (0..ARTICLE_CATEGORIES.len()).find(|&i| {
        ARTICLE_CATEGORIES[i].eq_ignore_ascii_case(text)
            || ARTICLE_CATEGORY_SLUGS[i].eq_ignore_ascii_case(text)
    })
}

/// One input of [`category_index`] and the slug of the category it names.
#[derive(Debug, Serialize)]
pub struct CategoryCase {
    pub text: &'static str,
    pub slug: Option<&'static str>,
}

/// Inputs on which both readings of a `?category=` must agree.
pub fn category_cases() -> Vec<CategoryCase> {
    [
        "News & Updates",
        "news & updates",
        "  equipment-and-gear\t",
        "ARTIST-SPOTLIGHT",
        "General",
        "All",
        "",
        "   ",
        "Gossip",
        "news-and-updates-",
        "news and updates",
    ]
    .into_iter()
    .map(|text| CategoryCase {
        text,
        slug: category_index(text).map(|i| ARTICLE_CATEGORY_SLUGS[i]),
    })
    .collect()
}

/// The error text wherever no 11-character video id can be extracted.
pub const INVALID_YOUTUBE_URL: &str = "Invalid YouTube URL";
/// The same-origin address the player loads the video service's iframe API from (the
/// server redirects it to the service's script, or serves a fake in test mode).
pub const VIDEO_API_PATH: &str = "/video/iframe_api";
/// The video service's privacy-enhanced embed host: the player's iframes come from it,
/// and it is the only frame host the Content-Security-Policy allows.
pub const VIDEO_EMBED_HOST: &str = "https://www.youtube-nocookie.com";
/// The article page's "Article Not Found: ..." text.
pub const ARTICLE_NOT_FOUND: &str = "The article you're looking for doesn't exist.";
/// A `?week=` that names no stored week of the Top 10.
pub const TOP_TEN_WEEK_NOT_FOUND: &str = "There is no Weekly Top 10 for that week.";
/// A `?week=` that is not a date.
pub const TOP_TEN_WEEK_INVALID: &str = "week must be a date as YYYY-MM-DD";
/// Brand New Songs leaves out songs released more than this many weeks ago once a
/// newer one exists (`SOUND_ATLAS_NEW_SONGS_WINDOW_WEEKS` overrides it).
pub const NEW_SONGS_WINDOW_WEEKS: u32 = 8;

pub mod api {
    use super::*;
    use crate::operation::operations;

    const REFRESH: &[(&str, &str)] = &[("refresh", "`true` rereads the chart from the database.")];

    operations! {
        /// The newest week's list.
        pub const WEEKLY_TOP_TEN: Endpoint<Vec<TopTenEntry>> = Endpoint::get(
            "weeklyTopTen",
            "/api/weekly-top-ten",
            "The newest week's top ten songs.",
        )
        .with_query(REFRESH);
        /// The same route with a week (its first day, YYYY-MM-DD): that week's list.
        pub const WEEKLY_TOP_TEN_OF: Endpoint<Vec<TopTenEntry>> = Endpoint::get(
            "weeklyTopTenOf",
            "/api/weekly-top-ten?week={week}",
            "One week's top ten songs (404 for a week without a list).",
        )
        .with_query(REFRESH);
        /// Every week that has a list, newest first.
        pub const TOP_TEN_WEEKS: Endpoint<Vec<ChartWeek>> = Endpoint::get(
            "topTenWeeks",
            "/api/weekly-top-ten/weeks",
            "Every week with a top ten, newest first.",
        );
        pub const NEW_SONGS: Endpoint<Vec<NewSong>> =
            Endpoint::get("newSongs", "/api/new-songs", "New songs.");
        pub const CHANNEL_VIDEOS: Endpoint<Vec<ChannelVideo>> = Endpoint::get(
            "channelVideos",
            "/api/youtube/channel-videos",
            "The site channel's videos.",
        );
        pub const ARTIST_CHANNEL_VIDEOS: Endpoint<Vec<ChannelVideo>> = Endpoint::get(
            "artistChannelVideos",
            "/api/artist/channel-videos?url={url}",
            "An artist channel's videos.",
        );
        /// The list answers each article's card, not its text: the home and article pages
        /// carry the list in their documents, and the text is most of an article's bytes.
        pub const ARTICLES: Endpoint<Vec<ArticleSummary>> = Endpoint::get(
            "articles",
            "/api/articles",
            "Articles, newest first: each one's card (the text is read with `article`).",
        );
        /// The same route as `ARTICLES`, filtered (by category name or slug): the server
        /// serves both with one handler.
        pub const ARTICLES_IN: Endpoint<Vec<ArticleSummary>> = Endpoint::get(
            "articlesIn",
            "/api/articles?category={category}",
            "Articles in one category (name or slug).",
        );
        pub const ARTICLE: Endpoint<Article> =
            Endpoint::get("article", "/api/articles/{id}", "One article.");
    }
}

/// A week's Top 10 as a whole: which week, and whose list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartWeek {
    /// The first day of the chart week (YYYY-MM-DD).
    pub week_of: String,
    /// Whose list it is: a chart's name, or who picked the songs.
    pub source: String,
    /// An editors' selection, not a measured chart.
    pub picks: bool,
}

/// One place of the Weekly Top 10, with the week it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopTenEntry {
    /// The first day of the chart week (YYYY-MM-DD).
    pub week_of: String,
    /// Whose list it is: a chart's name, or who picked the songs.
    pub source: String,
    /// An editors' selection, not a measured chart.
    pub picks: bool,
    pub rank: i32,
    pub song_name: String,
    pub artist: String,
    /// Absent when no verified video is known: the card then offers no player.
    pub youtube_link: Option<String>,
    pub amazon_link: Option<String>,
    pub thumbnail_url: Option<String>,
}

/// One entry of Brand New Songs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewSong {
    pub id: i32,
    pub song_name: String,
    pub artist_name: String,
    pub thumbnail: Option<String>,
    /// An 11-character video id, when known.
    pub video_id: Option<String>,
    pub amazon_link: Option<String>,
    /// ISO date (YYYY-MM-DD), when known.
    pub release_date: Option<String>,
}

/// A video of a channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelVideo {
    /// The 11-character video id.
    pub id: String,
    /// HTML entities already decoded.
    pub title: String,
    pub description: String,
    pub thumbnail: Option<String>,
    pub url: String,
    /// RFC 3339, or empty when unknown.
    pub published_at: String,
    pub view_count: Option<i64>,
    /// ISO 8601 duration (e.g. "PT4M13S").
    pub duration: Option<String>,
}

/// An article, every field as the spec names it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Article {
    pub id: i32,
    pub title: String,
    pub summary: String,
    /// ISO date (YYYY-MM-DD).
    pub date: String,
    /// One of [`ARTICLE_CATEGORIES`].
    pub category: String,
    /// Paragraphs separated by '|', with bold tags and URLs (to be rendered safely).
    pub content: String,
    /// Comma-separated.
    pub tags: String,
    pub featured_image: Option<String>,
    pub featured_image_caption: Option<String>,
    /// The image's author and licence, as its licence asks them shown, from the
    /// editor's file (never invented); the same for each image.
    pub featured_image_credit: Option<String>,
    pub image1: Option<String>,
    pub image1_caption: Option<String>,
    pub image1_credit: Option<String>,
    pub image2: Option<String>,
    pub image2_caption: Option<String>,
    pub image2_credit: Option<String>,
    /// An 11-character video id.
    pub youtube_video: Option<String>,
    pub product1_name: Option<String>,
    pub product1_link: Option<String>,
    pub product1_image: Option<String>,
    pub product2_name: Option<String>,
    pub product2_link: Option<String>,
    pub product2_image: Option<String>,
    pub product3_name: Option<String>,
    pub product3_link: Option<String>,
    pub product3_image: Option<String>,
}

/// An article as a card shows it (the lists of articles): no text, captions, video or
/// products.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleSummary {
    pub id: i32,
    pub title: String,
    pub summary: String,
    /// ISO date (YYYY-MM-DD).
    pub date: String,
    /// One of [`ARTICLE_CATEGORIES`].
    pub category: String,
    /// Comma-separated.
    pub tags: String,
    /// The card's picture: the featured image, or image1 without one.
    pub image: Option<String>,
}

impl Article {
    /// The article as its card shows it.
    pub fn to_summary(&self) -> ArticleSummary {
        ArticleSummary {
            id: self.id,
            title: self.title.clone(),
            summary: self.summary.clone(),
            date: self.date.clone(),
            category: self.category.clone(),
            tags: self.tags.clone(),
            image: self.featured_image.clone().or_else(|| self.image1.clone()),
        }
    }

    /// The tags as a list (trimmed, blanks dropped).
    pub fn tag_list(&self) -> Vec<&str> {
        self.tags
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect()
    }
}
