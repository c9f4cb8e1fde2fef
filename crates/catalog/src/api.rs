//! `/api/artists...` and `/api/quiz/facts` routes (nested under `/api` by the server): thin adapters from HTTP to `reads`.

use axum::extract::{FromRef, State};
use axum::routing::get;
use axum::{Json, Router};
use sound_atlas_web::{ApiResult, PathParam, QueryParams};

use crate::model::{Artist, ArtistSummary, BrowsePage, Neighbors};
use crate::quiz::{self, QuizFact, QuizSeed};
use crate::reads;
use crate::store::Catalog;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Catalog: FromRef<S>,
{
    Router::new()
        .route("/artists", get(list))
        .route("/artists/random", get(random))
        .route("/artists/search", get(search))
        .route("/artists/browse", get(browse))
        .route("/artists/{id}", get(artist))
        .route("/artists/{id}/neighbors", get(neighbors))
        .route("/artists/{id}/related", get(related))
        .route("/quiz/facts", get(quiz_facts))
}

async fn list(State(catalog): State<Catalog>, params: QueryParams) -> ApiResult<Json<Vec<Artist>>> {
    reads::list(&catalog, params.flag("refresh"))
        .await
        .map(Json)
}

async fn random(State(catalog): State<Catalog>) -> ApiResult<Json<Artist>> {
    reads::random(&catalog).await.map(Json)
}

async fn search(
    State(catalog): State<Catalog>,
    params: QueryParams,
) -> ApiResult<Json<Vec<Artist>>> {
    let query = reads::parse_search_query(params.get("query"))?;
    reads::search(&catalog, &query).await.map(Json)
}

async fn browse(
    State(catalog): State<Catalog>,
    params: QueryParams,
) -> ApiResult<Json<BrowsePage>> {
    let (letter, page) = reads::parse_browse(params.get("letter"), params.get("page"))?;
    reads::browse(&catalog, letter, page, params.flag("refresh"))
        .await
        .map(Json)
}

async fn artist(
    State(catalog): State<Catalog>,
    PathParam(id): PathParam,
) -> ApiResult<Json<Artist>> {
    reads::artist(&catalog, reads::parse_artist_id(&id)?)
        .await
        .map(Json)
}

async fn neighbors(
    State(catalog): State<Catalog>,
    PathParam(id): PathParam,
) -> ApiResult<Json<Neighbors>> {
    reads::neighbors(&catalog, reads::parse_artist_id(&id)?)
        .await
        .map(Json)
}

async fn related(
    State(catalog): State<Catalog>,
    PathParam(id): PathParam,
) -> ApiResult<Json<Vec<ArtistSummary>>> {
    reads::related(&catalog, reads::parse_artist_id(&id)?)
        .await
        .map(Json)
}

async fn quiz_facts(
    State(catalog): State<Catalog>,
    params: QueryParams,
) -> ApiResult<Json<Vec<QuizFact>>> {
    let seed = QuizSeed::parse(params.get("seed"))?;
    quiz::facts(&catalog, &seed).await.map(Json)
}
