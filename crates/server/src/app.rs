//! Router composition: each feature's `/api` routes, the server-rendered pages,
//! static files, and the layers every response passes through.

use axum::extract::{MatchedPath, Request};
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use sound_atlas_share_picture::{ShareImages, SiteAssets};
use sound_atlas_web::ApiError;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::MakeRequestId;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::state::AppState;

/// Longest request target accepted; longer ones get 414 before any routing.
pub const MAX_URI_BYTES: usize = 2048;
/// Most bytes of header names and values accepted in one request; more get 431 before
/// any routing. Ours are a session cookie and a few short headers; 16 KiB leaves room
/// for a proxy's and a browser's own (HTTP/1's parser stops far later, at ~400 KiB).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The artists' and the articles' share pictures, drawn and cached by one renderer; a
/// photo at one of the site's own asset addresses is read from the binary.
fn share_pictures(public_url: &str) -> Router<AppState> {
    let images = ShareImages::new(&sound_atlas_import::user_agent()).with_site_assets(SiteAssets {
        origin: public_url.to_owned(),
        read: crate::static_files::public_asset,
    });
    Router::new()
        .merge(sound_atlas_catalog::share_picture::router(images.clone()))
        .merge(sound_atlas_content::share_picture::router(images))
}

pub fn build_app(state: AppState) -> Router {
    let sessions = state.accounts.session_layer();
    let https = state.renderer.site().public_url.starts_with("https://");
    let health = state.health.clone();
    // Every feature's API under /api; anything else there answers in the JSON error shape.
    let api = Router::new()
        .merge(sound_atlas_catalog::api::router())
        .merge(sound_atlas_accounts::router())
        .merge(sound_atlas_content::api::router())
        .merge(sound_atlas_library::router())
        .merge(crate::ops::api_router()) // /api/openapi.json
        .fallback(|| async { ApiError::not_found("There is no such API endpoint.") })
        .method_not_allowed_fallback(|| async {
            ApiError::MethodNotAllowed("This endpoint does not accept that method.".into())
        });
    // The same API, for the pages' reads in process
    let api_for_pages = crate::pages::Api(
        Router::new()
            .nest(sound_atlas_contract::operation::API_PREFIX, api.clone())
            .with_state(state.clone()),
    );
    Router::new()
        .merge(crate::ops::router()) // /healthz, /readyz
        .nest(sound_atlas_contract::operation::API_PREFIX, api)
        .merge(crate::static_files::router())
        .merge(crate::installable::router())
        // the video service's iframe API for the player (a local fake in test mode)
        .merge(crate::video_api::router(crate::video_api::fake_from_env()))
        .merge(crate::artwork::router())
        .merge(share_pictures(&state.renderer.site().public_url))
        // a signed-in visitor's pages carry their library and are private
        .merge(
            crate::pages::router()
                .layer(middleware::from_fn_with_state(
                    state.clone(),
                    crate::pages::library::viewer,
                ))
                .layer(axum::Extension(api_for_pages))
                // cached pages go out compressed once, those confirmed for the current
                // data generations without their handler
                .layer(middleware::from_fn_with_state(
                    crate::render::PagesLayer {
                        renderer: state.renderer.clone(),
                        session_cookie: state.accounts.config().cookie_name(),
                        data: crate::render::DataSources {
                            catalog: state.catalog.clone(),
                            content: state.content.clone(),
                        },
                    },
                    crate::render::serve_pages,
                )),
        )
        .with_state(state)
        // /metrics: requests by route pattern and status, latencies
        .layer(middleware::from_fn(crate::metrics::record))
        .layer(sessions)
        .layer(middleware::map_response(private_when_setting_a_cookie))
        // Fast 503s while the database is away (wraps the
        // session layer, which reads the database too)
        .layer(middleware::from_fn_with_state(health, crate::ops::guard))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(reject_oversized_requests))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static(crate::security::NOSNIFF),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static(crate::security::REFERRER_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static(crate::security::NO_FRAMING),
        ))
        // CSP (scripts from our origin), HSTS over https
        .layer(middleware::from_fn(move |request, next| {
            crate::security::headers(https, request, next)
        }))
        // Every request gets an id (or keeps a well-formed one a proxy sent), its log
        // line carries it and the response returns it (x-request-id).
        .layer(
            tower_http::trace::TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(
                    tower_http::trace::DefaultOnResponse::new()
                        .level(tracing::Level::INFO)
                        .latency_unit(tower_http::LatencyUnit::Millis),
                ),
        )
        .layer(tower_http::request_id::PropagateRequestIdLayer::x_request_id())
        .layer(tower::util::MapRequestLayer::new(ensure_request_id))
}

/// The log span of one request: its id, method, route pattern and path. Never the query
/// string: emailed links carry their tokens there (`/api/auth/confirm?token=`), and any
/// other parameter may hold something as private (a search, a code).
fn request_span<B>(request: &Request<B>) -> tracing::Span {
    let id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("-", MatchedPath::as_str);
    tracing::info_span!("request", request_id = %id, method = %request.method(), route = %route, path = %request.uri().path())
}

const REQUEST_ID: &str = "x-request-id";
/// Longest request id taken from a client or proxy.
pub const MAX_REQUEST_ID_CHARS: usize = 64;

/// Keeps the request's `x-request-id` when it is one value of 1 to
/// [`MAX_REQUEST_ID_CHARS`] characters of `[A-Za-z0-9._-]` (from anyone: it goes into
/// logs and back out, so nothing else may pass), else sets a fresh UUID.
fn ensure_request_id<B>(mut request: Request<B>) -> Request<B> {
    let mut sent = request.headers().get_all(REQUEST_ID).iter();
    let well_formed = match (sent.next(), sent.next()) {
        (Some(id), None) => is_well_formed_request_id(id.as_bytes()),
        _ => false,
    };
    if !well_formed {
        let id = tower_http::request_id::MakeRequestUuid
            .make_request_id(&request)
            .expect("a UUID is always made");
        request
            .headers_mut()
            .insert(REQUEST_ID, id.header_value().clone());
    }
    request
}

fn is_well_formed_request_id(id: &[u8]) -> bool {
    (1..=MAX_REQUEST_ID_CHARS).contains(&id.len())
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// An answer that sets a cookie (the session layer signing in, out, or ending an expired
/// session) is for its one recipient: never stored by a shared cache, never revalidated.
async fn private_when_setting_a_cookie(mut response: Response) -> Response {
    let headers = response.headers_mut();
    if headers.contains_key(header::SET_COOKIE) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-store"),
        );
        headers.remove(header::ETAG);
    }
    response
}

async fn reject_oversized_requests(request: Request, next: Next) -> Response {
    if request.uri().to_string().len() > MAX_URI_BYTES {
        return ApiError::UriTooLong(format!(
            "The address is longer than {MAX_URI_BYTES} characters."
        ))
        .into_response();
    }
    let header_bytes: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        return ApiError::HeadersTooLarge(format!(
            "The request's headers are longer than {MAX_HEADER_BYTES} bytes."
        ))
        .into_response();
    }
    // A body announced larger than any route takes is refused before it is waited for.
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.trim().parse::<u64>().ok());
    if announced.is_some_and(|length| length > sound_atlas_web::MAX_BODY_BYTES as u64) {
        return ApiError::PayloadTooLarge(sound_atlas_web::BODY_TOO_LARGE.into()).into_response();
    }
    next.run(request).await
}
