//! `GET /video/iframe_api` (the contract's `VIDEO_API_PATH`): where the player loads the
//! video service's iframe API from. Normally a redirect to the service's own script (the
//! Content-Security-Policy allows exactly that script and the widget script it loads,
//! crate::security). In test mode, `SOUND_ATLAS_TEST_FAKE_VIDEO` names a local fake of
//! the API (e2e/support/fake-iframe-api.js) that is served instead, so end-to-end tests
//! play videos offline; the fake is read from disk and never built into the binary.

use std::path::PathBuf;
use std::sync::Arc;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use sound_atlas_contract::content::VIDEO_API_PATH;

/// The video service's iframe API script.
pub const IFRAME_API_URL: &str = "https://www.youtube.com/iframe_api";
/// The environment variable naming the fake API script (test mode only).
pub const FAKE_ENV: &str = "SOUND_ATLAS_TEST_FAKE_VIDEO";

/// The route; `fake` is the fake script's path in test mode.
pub fn router<S: Clone + Send + Sync + 'static>(fake: Option<PathBuf>) -> Router<S> {
    let fake = fake.map(Arc::new);
    Router::new().route(
        VIDEO_API_PATH,
        get(move || {
            let fake = fake.clone();
            async move {
                match fake {
                    None => Redirect::temporary(IFRAME_API_URL).into_response(),
                    Some(path) => fake_script(&path).await,
                }
            }
        }),
    )
}

/// The fake's path from the environment, if test mode is on.
pub fn fake_from_env() -> Option<PathBuf> {
    std::env::var_os(FAKE_ENV)
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
}

async fn fake_script(path: &std::path::Path) -> Response {
    match tokio::fs::read(path).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            bytes,
        )
            .into_response(),
        Err(err) => {
            tracing::error!(path = %path.display(), %err, "the fake video API script is missing");
            (StatusCode::INTERNAL_SERVER_ERROR, "fake video API missing").into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn without_test_mode_the_route_redirects_to_the_video_service() {
        let response = router::<()>(None)
            .oneshot(Request::get(VIDEO_API_PATH).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT);
        assert_eq!(response.headers()[header::LOCATION], IFRAME_API_URL);
    }

    #[tokio::test]
    async fn in_test_mode_the_route_serves_the_fake_script() {
        let dir = std::env::temp_dir().join(format!("sa-fake-video-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("fake.js");
        std::fs::write(&file, "window.YT = {};").unwrap();
        let response = router::<()>(Some(file))
            .oneshot(Request::get(VIDEO_API_PATH).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/javascript"));
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        assert_eq!(&body[..], b"window.YT = {};");
        std::fs::remove_dir_all(dir).ok();
    }
}
