//! One function per content read of the API. The `/api` handlers serve them as
//! JSON, and page requests call the very same functions to prefetch a page's data,
//! keyed by the API path the browser would request (the endpoints in
//! `sound_atlas_contract::content::api`).

use sound_atlas_catalog::Catalog;
use sound_atlas_web::{ApiError, ApiResult};

use crate::model::{
    Article, ArticleSummary, Category, ChannelRef, ChannelVideo, ChartWeek, NewSong, TopTenEntry,
    INVALID_YOUTUBE_URL,
};
use crate::store::Content;

/// The article page's "Article Not Found: The article you're looking for doesn't exist."
pub use sound_atlas_contract::content::{
    ARTICLE_NOT_FOUND, TOP_TEN_WEEK_INVALID, TOP_TEN_WEEK_NOT_FOUND,
};
/// The texts of failed content reads: the `message` of a read that
/// failed on our side (500). While the database is away the answer stays the 503 with
/// its own text (`ApiError::worded` leaves it), and the UI shows its own sentences.
/// `VIDEOS_FAILED` is the product channel's row, `CHANNEL_VIDEOS_FAILED` an artist's.
pub const TOP_TEN_FAILED: &str = "Failed to fetch Weekly Top 10 data.";
pub const NEW_SONGS_FAILED: &str = "Failed to fetch new songs";
pub const VIDEOS_FAILED: &str = "Failed to fetch videos";
pub const CHANNEL_VIDEOS_FAILED: &str = "Failed to fetch channel videos";
pub const ARTICLES_FAILED: &str = "Failed to fetch articles";
/// A channel link that no artist of the catalogue uses (guards the service quota).
pub const UNKNOWN_CHANNEL: &str = "No artist in the catalogue links to this channel.";

/// An article id from a URL. Anything but a positive number names no article: 404.
pub fn parse_article_id(raw: &str) -> ApiResult<i32> {
    raw.parse::<i32>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::not_found(ARTICLE_NOT_FOUND))
}

/// An optional category filter ("All" or absent means none): 400 when unknown.
pub fn parse_category(raw: Option<&str>) -> ApiResult<Option<Category>> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) if text.eq_ignore_ascii_case("all") => Ok(None),
        Some(text) => Category::parse(text).map(Some).ok_or_else(|| {
            ApiError::bad_request(format!(
                "Unknown category. Use one of: All, {}",
                Category::ALL.map(Category::name).join(", ")
            ))
        }),
    }
}

/// A channel named by an artist's soloVideoLink: 400 "Invalid YouTube URL" otherwise.
pub fn parse_channel_url(raw: Option<&str>) -> ApiResult<ChannelRef> {
    raw.and_then(ChannelRef::parse)
        .ok_or_else(|| ApiError::bad_request(INVALID_YOUTUBE_URL))
}

/// A `?week=` of the Top 10: the first day of a week, YYYY-MM-DD (400 otherwise).
pub fn parse_week(raw: &str) -> ApiResult<String> {
    let week = raw.trim();
    if crate::records::parse_date(week).is_some() {
        Ok(week.to_owned())
    } else {
        Err(ApiError::bad_request(TOP_TEN_WEEK_INVALID))
    }
}

/// Every stored place, newest week first (a failure worded as the spec words it).
async fn all_places(
    content: &Content,
    refresh: bool,
) -> ApiResult<std::sync::Arc<Vec<TopTenEntry>>> {
    content
        .top_ten(refresh)
        .await
        .map_err(|err| ApiError::from(err).worded(TOP_TEN_FAILED))
}

/// The places of one week, by rank.
fn places_of(all: &[TopTenEntry], week: &str) -> Vec<TopTenEntry> {
    all.iter().filter(|e| e.week_of == week).cloned().collect()
}

/// `GET /api/weekly-top-ten[?refresh=true]`: the newest week's chart, by rank (empty
/// while there is none).
pub async fn weekly_top_ten(content: &Content, refresh: bool) -> ApiResult<Vec<TopTenEntry>> {
    let all = all_places(content, refresh).await?;
    Ok(all
        .first()
        .map_or_else(Vec::new, |newest| places_of(&all, &newest.week_of)))
}

/// `GET /api/weekly-top-ten?week=`: that week's chart, by rank; 404 for a week
/// without one.
pub async fn weekly_top_ten_of(
    content: &Content,
    week: &str,
    refresh: bool,
) -> ApiResult<Vec<TopTenEntry>> {
    let chart = places_of(&all_places(content, refresh).await?, week);
    if chart.is_empty() {
        return Err(ApiError::not_found(TOP_TEN_WEEK_NOT_FOUND));
    }
    Ok(chart)
}

/// `GET /api/weekly-top-ten/weeks`: every week with a chart, newest first.
pub async fn top_ten_weeks(content: &Content) -> ApiResult<Vec<ChartWeek>> {
    let all = all_places(content, false).await?;
    let mut weeks: Vec<ChartWeek> = Vec::new();
    for entry in all.iter() {
        if weeks.last().is_none_or(|w| w.week_of != entry.week_of) {
            weeks.push(ChartWeek {
                week_of: entry.week_of.clone(),
                source: entry.source.clone(),
                picks: entry.picks,
            });
        }
    }
    Ok(weeks)
}

/// `GET /api/new-songs`: newest release first, within the window (see
/// [`new_songs_in_window`]).
pub async fn new_songs(content: &Content) -> ApiResult<Vec<NewSong>> {
    match content.new_songs(false).await {
        Ok(songs) => Ok(new_songs_in_window(
            &songs,
            time::OffsetDateTime::now_utc().date(),
            content.settings().new_songs_window_weeks,
        )),
        Err(err) => Err(ApiError::from(err).worded(NEW_SONGS_FAILED)),
    }
}

/// The songs released in the `weeks` up to `today`, when there are any: older,
/// undated and not yet released songs are then left out. When none is that new, every
/// song stays (the newest first, undated last), so the strip shows the latest the site
/// has rather than nothing. `songs` come newest first. The page decides the same from
/// its state (`hasNewSongs`): both are tested on `crates/contract/cases/new-songs-window.json`.
pub fn new_songs_in_window(songs: &[NewSong], today: time::Date, weeks: u32) -> Vec<NewSong> {
    let oldest = today - time::Duration::weeks(i64::from(weeks));
    let recent = |song: &&NewSong| {
        song.release_date
            .as_deref()
            .and_then(crate::records::parse_date)
            .is_some_and(|d| oldest <= d && d <= today)
    };
    let within: Vec<NewSong> = songs.iter().filter(recent).cloned().collect();
    if within.is_empty() {
        songs.to_vec()
    } else {
        within
    }
}

/// `GET /api/youtube/channel-videos`: the product channel's latest videos.
pub async fn channel_videos(content: &Content) -> ApiResult<Vec<ChannelVideo>> {
    match content.videos().site_videos(content.db()).await {
        Ok(videos) => Ok(videos.as_ref().clone()),
        Err(err) => Err(ApiError::from(err).worded(VIDEOS_FAILED)),
    }
}

/// `GET /api/artist/channel-videos?url=`: the latest videos of the channel an
/// artist's soloVideoLink names. Only links some artist of the catalogue uses are
/// looked up, so the endpoint cannot be used to spend the service quota.
pub async fn artist_channel_videos(
    content: &Content,
    catalog: &Catalog,
    channel: &ChannelRef,
) -> ApiResult<Vec<ChannelVideo>> {
    let key = channel.key();
    let snapshot = catalog
        .snapshot(false)
        .await
        .map_err(|err| ApiError::from(err).worded(CHANNEL_VIDEOS_FAILED))?;
    if !snapshot.uses_channel(&key) {
        return Err(ApiError::not_found(UNKNOWN_CHANNEL));
    }
    match content.videos().channel_videos(content.db(), channel).await {
        Ok(videos) => Ok(videos.as_ref().clone()),
        Err(err) => Err(ApiError::from(err).worded(CHANNEL_VIDEOS_FAILED)),
    }
}

/// Every article, newest first (a failure worded as the spec words it).
async fn all_articles(content: &Content) -> ApiResult<std::sync::Arc<Vec<Article>>> {
    content
        .articles(false)
        .await
        .map_err(|err| ApiError::from(err).worded(ARTICLES_FAILED))
}

/// `GET /api/articles[?category=]`: the cards, newest first, optionally of one category.
pub async fn articles(
    content: &Content,
    category: Option<Category>,
) -> ApiResult<Vec<ArticleSummary>> {
    let all = all_articles(content).await?;
    Ok(all
        .iter()
        .filter(|a| category.is_none_or(|c| a.category == c.name()))
        .map(Article::to_summary)
        .collect())
}

/// Every article's id, its date and when its row last changed (unix seconds, where
/// known), newest first: what the articles' sitemap lists.
pub async fn article_sitemap_entries(
    content: &Content,
) -> ApiResult<Vec<(i32, String, Option<i64>)>> {
    use sea_orm::{EntityTrait, QuerySelect};
    use sound_atlas_entity::article;
    let all = all_articles(content).await?;
    let changed: std::collections::HashMap<i32, i64> = article::Entity::find()
        .select_only()
        .column(article::Column::Id)
        .column(article::Column::UpdatedAt)
        .into_tuple::<(i32, Option<i64>)>()
        .all(content.db())
        .await
        .map_err(|err| ApiError::from(err).worded(ARTICLES_FAILED))?
        .into_iter()
        .filter_map(|(id, at)| Some((id, at?)))
        .collect();
    Ok(all
        .iter()
        .map(|a| (a.id, a.date.clone(), changed.get(&a.id).copied()))
        .collect())
}

/// When article `id`'s row last changed (unix seconds), where the data records it: rows
/// older than the record have none, and none is made up for them.
pub async fn article_modified_at(content: &Content, id: i32) -> ApiResult<Option<i64>> {
    use sea_orm::{EntityTrait, QuerySelect};
    use sound_atlas_entity::article;
    let changed = article::Entity::find_by_id(id)
        .select_only()
        .column(article::Column::UpdatedAt)
        .into_tuple::<Option<i64>>()
        .one(content.db())
        .await
        .map_err(|err| ApiError::from(err).worded(ARTICLES_FAILED))?;
    Ok(changed.flatten())
}

/// `GET /api/articles/{id}`.
pub async fn article(content: &Content, id: i32) -> ApiResult<Article> {
    all_articles(content)
        .await?
        .iter()
        .find(|a| a.id == id)
        .cloned()
        .ok_or_else(|| ApiError::not_found(ARTICLE_NOT_FOUND))
}

/// Up to 3 other articles of the same category, newest first ("More in {category}").
pub async fn related_articles(
    content: &Content,
    article: &Article,
) -> ApiResult<Vec<ArticleSummary>> {
    Ok(all_articles(content)
        .await?
        .iter()
        .filter(|a| a.category == article.category && a.id != article.id)
        .take(crate::model::RELATED_ARTICLES)
        .map(Article::to_summary)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's cases the UI's test reads too: the page says "only the latest" exactly
    /// when the server finds nothing within the window.
    #[test]
    fn the_new_songs_window_follows_the_shared_cases() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../contract/cases/new-songs-window.json"))
                .unwrap();
        for case in cases["cases"].as_array().unwrap() {
            let today = crate::records::parse_date(case["today"].as_str().unwrap()).unwrap();
            let weeks = u32::try_from(case["weeks"].as_u64().unwrap()).unwrap();
            let songs: Vec<NewSong> = case["dates"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .map(|(i, date)| NewSong {
                    id: i32::try_from(i).unwrap(),
                    song_name: format!("Song {i}"),
                    artist_name: "Artist".into(),
                    thumbnail: None,
                    video_id: None,
                    amazon_link: None,
                    release_date: date.as_str().map(str::to_owned),
                })
                .collect();
            let within: Vec<Option<String>> =
                serde_json::from_value(case["within"].clone()).unwrap();
            let sent: Vec<Option<String>> = new_songs_in_window(&songs, today, weeks)
                .into_iter()
                .map(|song| song.release_date)
                .collect();
            let expected = if within.is_empty() {
                songs.iter().map(|song| song.release_date.clone()).collect()
            } else {
                within
            };
            assert_eq!(sent, expected, "{case}");
        }
    }
}
