//! `/api/artists...` and `/api/quiz/facts` routes (nested under `/api` by the server):
//! thin adapters from HTTP to `reads` and `quiz`. Paths come from the route contract;
//! values are parsed by their types (`params`).

use axum::extract::{FromRef, State};
use axum::{Json, Router};
use sound_atlas_contract::catalog::api as endpoints;
use sound_atlas_contract::quiz::{api as quiz_endpoints, QuizFact};
use sound_atlas_web::{ApiResult, OperationRoutes, Path, Query};

use crate::model::{
    Artist, ArtistDetails, ArtistListPage, ArtistSummary, BrowsePage, Facet, FacetPage, Genre,
    GenrePage, Neighbors, SearchPage,
};
use crate::params::{
    ArtistId, BrowseRequest, GenreSlug, ListRequest, PageRequest, SearchCardsRequest, SearchRequest,
};
use crate::quiz::{self, QuizRequest};
use crate::reads;
use crate::store::Catalog;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Catalog: FromRef<S>,
{
    Router::new()
        .operation(&endpoints::ARTISTS, list)
        .operation(&endpoints::RANDOM, random)
        .operation(&endpoints::SEARCH, search)
        .operation(&endpoints::SEARCH_CARDS, search_cards)
        .operation(&endpoints::BROWSE, browse)
        .operation(&endpoints::ARTIST, artist)
        .operation(&endpoints::NEIGHBORS, neighbors)
        .operation(&endpoints::RELATED, related)
        .operation(&endpoints::ARTIST_DETAILS, artist_details)
        .operation(&endpoints::ARTIST_GENRES, artist_genres)
        .operation(&endpoints::GENRES, genres)
        .operation(&endpoints::GENRE, genre)
        .operation(&endpoints::COUNTRIES, countries)
        .operation(&endpoints::COUNTRY, country)
        .operation(&endpoints::BROWSE_IN_COUNTRY, browse_in_country)
        .operation(&endpoints::DECADE, decade)
        .operation(&quiz_endpoints::QUIZ_FACTS, quiz_facts)
}

async fn list(
    State(catalog): State<Catalog>,
    Query(request): Query<ListRequest>,
) -> ApiResult<Json<ArtistListPage>> {
    reads::list(&catalog, &request).await.map(Json)
}

async fn random(State(catalog): State<Catalog>) -> ApiResult<Json<Artist>> {
    reads::random(&catalog).await.map(Json)
}

async fn search(
    State(catalog): State<Catalog>,
    Query(SearchRequest { query }): Query<SearchRequest>,
) -> ApiResult<Json<Vec<Artist>>> {
    reads::search(&catalog, &query).await.map(Json)
}

async fn search_cards(
    State(catalog): State<Catalog>,
    Query(request): Query<SearchCardsRequest>,
) -> ApiResult<Json<SearchPage>> {
    reads::search_cards(&catalog, &request.query, request.page)
        .await
        .map(Json)
}

async fn browse(
    State(catalog): State<Catalog>,
    Query(request): Query<BrowseRequest>,
) -> ApiResult<Json<BrowsePage>> {
    reads::browse(&catalog, request.letter, request.page, request.refresh)
        .await
        .map(Json)
}

async fn artist(
    State(catalog): State<Catalog>,
    Path(id): Path<ArtistId>,
) -> ApiResult<Json<Artist>> {
    reads::artist(&catalog, id).await.map(Json)
}

async fn neighbors(
    State(catalog): State<Catalog>,
    Path(id): Path<ArtistId>,
) -> ApiResult<Json<Neighbors>> {
    reads::neighbors(&catalog, id).await.map(Json)
}

async fn related(
    State(catalog): State<Catalog>,
    Path(id): Path<ArtistId>,
) -> ApiResult<Json<Vec<ArtistSummary>>> {
    reads::related(&catalog, id).await.map(Json)
}

async fn artist_details(
    State(catalog): State<Catalog>,
    Path(id): Path<ArtistId>,
) -> ApiResult<Json<ArtistDetails>> {
    reads::artist_details(&catalog, id).await.map(Json)
}

async fn artist_genres(
    State(catalog): State<Catalog>,
    Path(id): Path<ArtistId>,
) -> ApiResult<Json<Vec<Genre>>> {
    reads::artist_genres(&catalog, id).await.map(Json)
}

async fn genres(
    State(catalog): State<Catalog>,
    Query(SearchRequest { query }): Query<SearchRequest>,
) -> ApiResult<Json<Vec<Genre>>> {
    reads::genres_matching(&catalog, &query).await.map(Json)
}

async fn genre(
    State(catalog): State<Catalog>,
    Path(slug): Path<GenreSlug>,
    Query(PageRequest { page }): Query<PageRequest>,
) -> ApiResult<Json<GenrePage>> {
    reads::genre(&catalog, &slug, page).await.map(Json)
}

async fn countries(State(catalog): State<Catalog>) -> ApiResult<Json<Vec<Facet>>> {
    reads::countries(&catalog).await.map(Json)
}

async fn country(
    State(catalog): State<Catalog>,
    Path(slug): Path<String>,
    Query(PageRequest { page }): Query<PageRequest>,
) -> ApiResult<Json<FacetPage>> {
    reads::country(&catalog, &slug, page).await.map(Json)
}

async fn browse_in_country(
    State(catalog): State<Catalog>,
    Path(country): Path<String>,
    Query(request): Query<BrowseRequest>,
) -> ApiResult<Json<BrowsePage>> {
    reads::browse_in_country(
        &catalog,
        &country,
        request.letter,
        request.page,
        request.refresh,
    )
    .await
    .map(Json)
}

async fn decade(
    State(catalog): State<Catalog>,
    Path(decade): Path<String>,
    Query(PageRequest { page }): Query<PageRequest>,
) -> ApiResult<Json<FacetPage>> {
    reads::decade(&catalog, &decade, page).await.map(Json)
}

async fn quiz_facts(
    State(catalog): State<Catalog>,
    Query(QuizRequest { seed }): Query<QuizRequest>,
) -> ApiResult<Json<Vec<QuizFact>>> {
    quiz::facts(&catalog, &seed).await.map(Json)
}
