//! Content routes (nested under `/api` by the server): thin adapters from HTTP to `reads`.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use serde::Deserialize;
use sound_atlas_catalog::Catalog;
use sound_atlas_contract::content::api;
use sound_atlas_web::{flag, ApiResult, OperationRoutes, Path, Query};

use crate::model::{Article, ArticleSummary, ChannelVideo, ChartWeek, NewSong, TopTenEntry};
use crate::reads;
use crate::store::Content;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Content: FromRef<S>,
    Catalog: FromRef<S>,
{
    Router::new()
        .operations(
            &[&api::WEEKLY_TOP_TEN, &api::WEEKLY_TOP_TEN_OF],
            weekly_top_ten,
        )
        .operation(&api::TOP_TEN_WEEKS, top_ten_weeks)
        .operation(&api::NEW_SONGS, new_songs)
        .operation(&api::CHANNEL_VIDEOS, channel_videos)
        .operation(&api::ARTIST_CHANNEL_VIDEOS, artist_channel_videos)
        .operations(&[&api::ARTICLES, &api::ARTICLES_IN], articles)
        .operation(&api::ARTICLE, article)
}

/// The chart's `?week=&refresh=` (no week: the newest).
#[derive(Deserialize)]
struct ChartQuery {
    week: Option<String>,
    #[serde(default, deserialize_with = "flag")]
    refresh: bool,
}

#[derive(Deserialize)]
struct ChannelQuery {
    url: Option<String>,
}

/// The articles' `?category=` (none: every article).
#[derive(Deserialize)]
struct ArticlesQuery {
    category: Option<String>,
}

async fn weekly_top_ten(
    State(content): State<Content>,
    Query(ChartQuery { week, refresh }): Query<ChartQuery>,
) -> ApiResult<Json<Vec<TopTenEntry>>> {
    match week {
        Some(raw) => reads::weekly_top_ten_of(&content, &reads::parse_week(&raw)?, refresh).await,
        None => reads::weekly_top_ten(&content, refresh).await,
    }
    .map(Json)
}

async fn top_ten_weeks(State(content): State<Content>) -> ApiResult<Json<Vec<ChartWeek>>> {
    reads::top_ten_weeks(&content).await.map(Json)
}

async fn new_songs(State(content): State<Content>) -> ApiResult<Json<Vec<NewSong>>> {
    reads::new_songs(&content).await.map(Json)
}

async fn channel_videos(State(content): State<Content>) -> ApiResult<Json<Vec<ChannelVideo>>> {
    reads::channel_videos(&content).await.map(Json)
}

async fn artist_channel_videos(
    State(content): State<Content>,
    State(catalog): State<Catalog>,
    Query(ChannelQuery { url }): Query<ChannelQuery>,
) -> ApiResult<Json<Vec<ChannelVideo>>> {
    let channel = reads::parse_channel_url(url.as_deref())?;
    reads::artist_channel_videos(&content, &catalog, &channel)
        .await
        .map(Json)
}

async fn articles(
    State(content): State<Content>,
    Query(ArticlesQuery { category }): Query<ArticlesQuery>,
) -> ApiResult<Json<Vec<ArticleSummary>>> {
    let category = reads::parse_category(category.as_deref())?;
    reads::articles(&content, category).await.map(Json)
}

async fn article(
    State(content): State<Content>,
    Path(id): Path<String>,
) -> ApiResult<Json<Article>> {
    reads::article(&content, reads::parse_article_id(&id)?)
        .await
        .map(Json)
}
