//! Content routes (nested under `/api` by the server): thin adapters from HTTP to `reads`.

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sound_atlas_catalog::Catalog;
use sound_atlas_contract::content::api;
use sound_atlas_web::{ApiResult, OperationRoutes, Path, QueryParams};

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
        // Also serves `api::WEEKLY_TOP_TEN_OF` (the same route with a week).
        .operation(&api::WEEKLY_TOP_TEN, weekly_top_ten)
        .operation(&api::TOP_TEN_WEEKS, top_ten_weeks)
        .operation(&api::NEW_SONGS, new_songs)
        .operation(&api::CHANNEL_VIDEOS, channel_videos)
        .operation(&api::ARTIST_CHANNEL_VIDEOS, artist_channel_videos)
        // Also serves `api::ARTICLES_IN` (the same route with a category).
        .operation(&api::ARTICLES, articles)
        .operation(&api::ARTICLE, article)
}

async fn weekly_top_ten(
    State(content): State<Content>,
    params: QueryParams,
) -> ApiResult<Json<Vec<TopTenEntry>>> {
    let refresh = params.flag("refresh");
    match params.get("week") {
        Some(raw) => reads::weekly_top_ten_of(&content, &reads::parse_week(raw)?, refresh).await,
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
    params: QueryParams,
) -> ApiResult<Json<Vec<ChannelVideo>>> {
    let channel = reads::parse_channel_url(params.get("url"))?;
    reads::artist_channel_videos(&content, &catalog, &channel)
        .await
        .map(Json)
}

async fn articles(
    State(content): State<Content>,
    params: QueryParams,
) -> ApiResult<Json<Vec<ArticleSummary>>> {
    let category = reads::parse_category(params.get("category"))?;
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
