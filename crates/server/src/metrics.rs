//! `/metrics` in the Prometheus text format: requests by route and status,
//! latency histograms, render time, render cache hits and misses, engine runtime
//! restarts and database pool use.
//!
//! Not public: without `SOUND_ATLAS_METRICS_TOKEN` the route answers 404; with it, only a
//! request carrying `Authorization: Bearer <token>` reads the metrics (a scraper's
//! `authorization` setting). One set of metrics per process.

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use sound_atlas_web::ApiError;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    /// The route's pattern (`/api/artists/{id}`), never the raw path (bounded labels).
    route: String,
    method: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
    method: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    state: &'static str,
}

struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    render_seconds: Histogram,
    render_cache: Family<OutcomeLabels, Counter>,
    engine_restarts: Gauge,
    pool: Family<PoolLabels, Gauge>,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let mut registry = Registry::with_prefix("sound_atlas");
    let requests = Family::<RequestLabels, Counter>::default();
    registry.register(
        "http_requests",
        "HTTP requests answered, by route pattern, method and status",
        requests.clone(),
    );
    let latency = Family::<RouteLabels, Histogram>::new_with_constructor(|| {
        Histogram::new(exponential_buckets(0.002, 2.0, 13))
    });
    registry.register(
        "http_request_duration_seconds",
        "Time to answer, by route pattern and method",
        latency.clone(),
    );
    let render_seconds = Histogram::new(exponential_buckets(0.005, 2.0, 11));
    registry.register(
        "render_duration_seconds",
        "Time the engine took per server render (cache misses and private pages)",
        render_seconds.clone(),
    );
    let render_cache = Family::<OutcomeLabels, Counter>::default();
    registry.register(
        "render_cache_lookups",
        "Render cache lookups of anonymous pages, by outcome (hit or miss)",
        render_cache.clone(),
    );
    let engine_restarts = Gauge::default();
    registry.register(
        "engine_restarts",
        "Engine runtimes replaced after a render was cut (deadline or heap limit), since start",
        engine_restarts.clone(),
    );
    let pool = Family::<PoolLabels, Gauge>::default();
    registry.register(
        "db_pool_connections",
        "Database pool connections, by state (in_use, idle)",
        pool.clone(),
    );
    Metrics {
        registry,
        requests,
        latency,
        render_seconds,
        render_cache,
        engine_restarts,
        pool,
    }
});

/// Counts and times every request (a layer on the router, so the route's pattern is known).
pub async fn record(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let metrics = &*METRICS;
    metrics
        .latency
        .get_or_create(&RouteLabels {
            route: route.clone(),
            method: method.clone(),
        })
        .observe(started.elapsed().as_secs_f64());
    metrics
        .requests
        .get_or_create(&RequestLabels {
            route,
            method,
            status: response.status().as_u16(),
        })
        .inc();
    response
}

/// One engine render took this long.
pub fn observe_render(took: Duration) {
    METRICS.render_seconds.observe(took.as_secs_f64());
}

/// One render cache lookup: served from the cache, or rendered.
pub fn render_cache_lookup(hit: bool) {
    let outcome = if hit { "hit" } else { "miss" };
    METRICS
        .render_cache
        .get_or_create(&OutcomeLabels { outcome })
        .inc();
}

fn authorized(token: &str, headers: &HeaderMap) -> bool {
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    // Constant time in the token's length: a timing probe learns nothing of it.
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// The answer to `GET /metrics` (crate::ops): 404 without a configured `token`, 401
/// without it in the request, else the counters with the engine's restarts and the
/// database pool's use read now.
pub fn scrape(
    token: Option<&str>,
    headers: &HeaderMap,
    engine_restarts: u64,
    db: &sea_orm::DatabaseConnection,
) -> Response {
    let Some(token) = token else {
        return ApiError::not_found("There is no such page.").into_response();
    };
    if !authorized(token, headers) {
        return ApiError::Unauthorized("A metrics token is needed.".into()).into_response();
    }
    let metrics = &*METRICS;
    metrics.engine_restarts.set(engine_restarts as i64);
    let (size, idle) = pool_use(db);
    metrics
        .pool
        .get_or_create(&PoolLabels { state: "idle" })
        .set(idle);
    metrics
        .pool
        .get_or_create(&PoolLabels { state: "in_use" })
        .set(size - idle);
    let mut body = String::new();
    if let Err(err) = prometheus_client::encoding::text::encode(&mut body, &metrics.registry) {
        return ApiError::internal(err).into_response();
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        body,
    )
        .into_response()
}

/// (open connections, idle ones) of the pool.
fn pool_use(db: &sea_orm::DatabaseConnection) -> (i64, i64) {
    match db {
        sea_orm::DatabaseConnection::SqlxPostgresPoolConnection(_) => {
            let pool = db.get_postgres_connection_pool();
            (i64::from(pool.size()), pool.num_idle() as i64)
        }
        sea_orm::DatabaseConnection::SqlxSqlitePoolConnection(_) => {
            let pool = db.get_sqlite_connection_pool();
            (i64::from(pool.size()), pool.num_idle() as i64)
        }
        _ => (0, 0),
    }
}
