//! The music quiz page. `/quiz?seed=...` is rendered at its first question: the seed's
//! facts are the page's read, and the UI generates the same quiz
//! from them on the server and in the browser. Without a valid seed the page is the
//! quiz of the day: its seed is today's date (UTC, the page state's `today`), so its
//! first question is in the server's HTML too, and the browser needs no API call to
//! show it (a crawler barred from `/api` sees the quiz).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde_json::json;
use sound_atlas_catalog::QuizSeed;
use sound_atlas_contract::pages::{routes, titles, SITE_NAME};

use super::{origin, render, PageReads};
use crate::head::Head;
use crate::render::{iso_day, PageRequest};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route(routes::QUIZ.path.0, get(quiz_page))
}

async fn quiz_page(
    State(state): State<AppState>,
    request: PageRequest,
    reads: PageReads,
) -> Response {
    // A malformed seed is treated as none, never as an error page.
    let reads = match QuizSeed::parse(reads.value("seed")) {
        Ok(_) => reads,
        Err(_) => reads.with("seed", iso_day(time::OffsetDateTime::now_utc())),
    };
    let answers = reads.fill(&routes::QUIZ).await;
    let head = head(origin(&state));
    render(
        &state,
        &request,
        &routes::QUIZ,
        StatusCode::OK,
        head,
        answers,
    )
    .await
}

const DESCRIPTION: &str = "Test your music knowledge: a quiz on genres, birth years, origins and \
real names of the artists and bands in Sound Atlas.";

/// Every seed is one page for indexes: the canonical URL is `/quiz`. Typed as a
/// schema.org `Quiz` (a learning resource) about music, part of the site.
fn head(origin: &str) -> Head {
    let url = format!("{origin}{}", routes::QUIZ.href(&[]));
    Head {
        json_ld: vec![json!({
            "@context": "https://schema.org",
            "@type": "Quiz",
            "name": "Music Quiz",
            "description": DESCRIPTION,
            "url": url,
            "inLanguage": "en",
            "about": { "@type": "Thing", "name": "Music artists and bands" },
            "isPartOf": { "@type": "WebSite", "name": SITE_NAME, "url": format!("{origin}/") },
        })],
        ..Head::website(titles::QUIZ.fill(&[]), DESCRIPTION, routes::QUIZ.href(&[]))
    }
}
