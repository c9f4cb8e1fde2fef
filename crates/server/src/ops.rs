//! Operations (issue 15): liveness and readiness, and the API's OpenAPI description.
//!
//! - `GET /healthz` (liveness): 200 while the process serves, with the database state in
//!   the body (`{"status":"ok","database":"up"}`); a load balancer must not restart the
//!   server because the database is away.
//! - `GET /readyz` (readiness): 200 when the database answers, 503 when it does not, so a
//!   load balancer stops sending traffic to an instance that cannot serve it.
//! - `GET /api/openapi.json`: the description generated from `crates/contract`.

use std::sync::LazyLock;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use sea_orm::DatabaseConnection;
use serde_json::{json, Value};

use crate::state::AppState;

/// How long a health check waits for the database before calling it down.
pub const DATABASE_CHECK_TIMEOUT: Duration = Duration::from_millis(500);

/// `/healthz` and `/readyz`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(liveness))
        .route("/readyz", get(readiness))
}

/// The `/api` route of the description (merged into the API router).
pub fn api_router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let route = sound_atlas_contract::openapi::OPENAPI_PATH
        .strip_prefix("/api")
        .expect("under /api");
    Router::new().route(route, get(openapi))
}

static OPENAPI: LazyLock<String> = LazyLock::new(|| {
    serde_json::to_string_pretty(&sound_atlas_contract::openapi::document())
        .expect("the description serializes")
});

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        OPENAPI.as_str(),
    )
        .into_response()
}

/// Whether the database answers a ping within [`DATABASE_CHECK_TIMEOUT`].
pub async fn database_up(db: &DatabaseConnection) -> bool {
    matches!(
        tokio::time::timeout(DATABASE_CHECK_TIMEOUT, db.ping()).await,
        Ok(Ok(()))
    )
}

fn state_body(up: bool) -> Value {
    json!({
        "status": if up { "ok" } else { "degraded" },
        "database": if up { "up" } else { "down" },
    })
}

async fn liveness(State(state): State<AppState>) -> Json<Value> {
    Json(state_body(database_up(&state.db).await))
}

async fn readiness(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let up = database_up(&state.db).await;
    let status = if up {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(state_body(up)))
}
