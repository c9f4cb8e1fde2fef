//! Operations: liveness and readiness, and the API's OpenAPI description.
//!
//! - `GET /healthz` (liveness): 200 while the process serves, with the database state in
//!   the body (`{"status":"ok","database":"up"}`); a load balancer must not restart the
//!   server because the database is away.
//! - `GET /readyz` (readiness): 200 when the database answers and the catalogue has been
//!   read, 503 otherwise, so a load balancer sends no traffic to an instance that cannot
//!   serve it yet (or any more).
//! - `GET /api/openapi.json`: the description generated from `crates/contract`.
//! - [`guard`] (a layer around every route) answers 503 in the one JSON error shape,
//!   fast, whatever hangs on the database while the monitor (crate::health) sees it down,
//!   and recovers by itself when it is back.

use std::sync::LazyLock;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use sound_atlas_contract::openapi::Description;
use sound_atlas_web::{ApiError, OperationRoutes};

use crate::health::{database_up, Health, DATABASE_CHECK_TIMEOUT, MONITOR_INTERVAL};
use crate::state::AppState;

/// `/healthz` and `/readyz`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(liveness))
        .route("/readyz", get(readiness))
        .route("/metrics", get(metrics))
}

/// The `/api` route of the description (merged into the API router).
pub fn api_router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().operation(&sound_atlas_contract::openapi::DESCRIPTION, openapi)
}

static OPENAPI: LazyLock<Description> =
    LazyLock::new(|| Description(sound_atlas_contract::openapi::document()));

async fn openapi() -> Json<&'static Description> {
    Json(&OPENAPI)
}

fn state_body(up: bool) -> Value {
    json!({
        "status": if up { "ok" } else { "degraded" },
        "database": if up { "up" } else { "down" },
    })
}

/// `GET /metrics`: the counters, with the engine's and the pool's gauges read now.
async fn metrics(State(state): State<AppState>, headers: axum::http::HeaderMap) -> Response {
    crate::metrics::scrape(
        state.metrics_token.as_deref(),
        &headers,
        state.renderer.engine_restarts(),
        &state.db,
    )
}

async fn liveness(State(state): State<AppState>) -> Json<Value> {
    Json(state_body(database_up(&state.db).await))
}

/// Ready: the database answers, the catalogue has been read (a first read of a large
/// table takes seconds: a balancer sends nothing to wait for it; asking starts it, as
/// the start does), and the server is not draining (after SIGTERM).
async fn readiness(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let up = database_up(&state.db).await;
    if state.health.is_draining() {
        let body = json!({ "status": "draining", "database": if up { "up" } else { "down" } });
        return (StatusCode::SERVICE_UNAVAILABLE, Json(body));
    }
    if up && !state.catalog.is_loaded() {
        state.catalog.load_in_background();
        let body = json!({ "status": "starting", "database": "up", "catalogue": "loading" });
        return (StatusCode::SERVICE_UNAVAILABLE, Json(body));
    }
    let status = if up {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(state_body(up)))
}

/// While the database is down, how long a request may still take (pages from the render
/// cache and the catalogue snapshot answer well within it) before it is answered 503.
pub const DOWN_DEADLINE: Duration = Duration::from_millis(400);

/// Paths answered without the database (the checks themselves have their own timeout).
fn needs_no_guard(path: &str) -> bool {
    path == "/healthz" || path == "/readyz" || path == "/metrics"
}

/// Around every route: while the database is down (or as soon as it goes down), a
/// request still unanswered after [`DOWN_DEADLINE`] is answered 503 in the one JSON error
/// shape with a generic message. Dropping the handler's future rolls back any open
/// transaction, so nothing is half written. A 500 answered while the database goes away
/// becomes that 503; an empty 500 from a layer (the session store) gets the JSON shape.
pub async fn guard(State(health): State<Health>, request: Request, next: Next) -> Response {
    if needs_no_guard(request.uri().path()) {
        return next.run(request).await;
    }
    let started = tokio::time::Instant::now();
    let mut up = health.watch();
    let answer = next.run(request);
    tokio::pin!(answer);
    let response = loop {
        if !*up.borrow_and_update() {
            // Down: whatever is still waiting at DOWN_DEADLINE after the start (or now, if
            // that has passed) is waiting on the database.
            let deadline = (started + DOWN_DEADLINE).max(tokio::time::Instant::now());
            break match tokio::time::timeout_at(deadline, &mut answer).await {
                Ok(response) => response,
                Err(_) => {
                    ApiError::Unavailable("database down: request cut".into()).into_response()
                }
            };
        }
        tokio::select! {
            response = &mut answer => break response,
            changed = up.changed() => if changed.is_err() { break answer.await },
        }
    };
    if response.status() == StatusCode::INTERNAL_SERVER_ERROR {
        // A 500 while the database goes away is the database's doing (a session store
        // error, a dropped connection mid-query): wait for the monitor's next verdict.
        let verdict = MONITOR_INTERVAL + DATABASE_CHECK_TIMEOUT;
        if let Ok(Ok(_)) = tokio::time::timeout(verdict, up.wait_for(|up| !*up)).await {
            return ApiError::Unavailable("database down".into()).into_response();
        }
        if response.headers().get(header::CONTENT_TYPE).is_none() {
            // An empty 500 from a layer: in the one JSON error shape all the same.
            return ApiError::internal("an empty 500 from a layer").into_response();
        }
    }
    response
}
