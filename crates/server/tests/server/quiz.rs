//! The music quiz page and its data: a shared seed URL is rendered at its first question.

use axum::http::StatusCode;
use sound_atlas_contract::quiz::{api::QUIZ_FACTS, QUIZ_SAMPLE_SIZE};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, read, ORIGIN};

/// The injected state, parsed.
fn state(html: &str) -> serde_json::Value {
    let marker = r#"<script id="sa-state" type="application/json""#;
    let json = &html[html.find(marker).expect("state script")..];
    // After the tag's attributes (this response's CSP nonce among them).
    let json = &json[json.find('>').unwrap() + 1..];
    serde_json::from_str(&json[..json.find("</script>").unwrap()]).expect("state parses")
}

async fn a_quiz_url_is_rendered_at_its_first_question_from_its_seeds_facts(db: &TestDb) {
    let app = app(db).await;
    let page = get(&app, "/quiz?seed=server-test").await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    assert!(html.contains("<title>Music Quiz - Sound Atlas</title>"));
    assert!(html.contains(&format!(r#"<link rel="canonical" href="{ORIGIN}/quiz">"#)));
    // A schema.org Quiz about music, part of the site.
    let marker = r#"<script type="application/ld+json">"#;
    let ld = &html[html.find(marker).expect("JSON-LD on /quiz") + marker.len()..];
    let ld: serde_json::Value =
        serde_json::from_str(&ld[..ld.find("</script>").unwrap()]).expect("JSON-LD parses");
    assert_eq!(ld["@type"], "Quiz");
    assert_eq!(ld["name"], "Music Quiz");
    assert_eq!(ld["url"], format!("{ORIGIN}/quiz"));
    assert_eq!(ld["isPartOf"]["url"], format!("{ORIGIN}/"));
    assert!(html.contains("Question 1 of 10"), "first question shown");
    assert!(html.contains("Submit Answer"));
    assert!(!html.contains("Loading quiz..."));
    let report = crate::prefetch(&page).expect("rendered by the engine");
    assert!(report.missed.is_empty() && report.unread.is_empty());
    // The page carries the same facts the API serves for that seed.
    let facts = read(&app, QUIZ_FACTS.path(&[&"server-test"])).await.json();
    assert_eq!(facts.as_array().unwrap().len(), QUIZ_SAMPLE_SIZE);
    let state = state(html);
    let entry = state["prefetched"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["key"] == QUIZ_FACTS.path(&[&"server-test"]).as_str())
        .expect("the seed's facts are prefetched");
    assert_eq!(entry["body"], facts);
}

/// Without a valid seed the page is the quiz of the day, its seed today's date (the page
/// state's `today`): its first question is in the HTML, its facts carried, nothing
/// left for the browser to read from the API (which robots.txt keeps crawlers out of).
async fn a_quiz_url_without_a_valid_seed_is_the_quiz_of_the_day(db: &TestDb) {
    let app = app(db).await;
    for url in ["/quiz", "/quiz?seed=", "/quiz?seed=not%20a%20seed"] {
        let page = get(&app, url).await;
        assert_eq!(page.status, StatusCode::OK, "{url}");
        let html = &page.body;
        assert!(html.contains("Question 1 of"), "{url}");
        assert!(!html.contains("Loading quiz..."), "{url}");
        assert!(html.contains("<title>Music Quiz - Sound Atlas</title>"));
        let report = crate::prefetch(&page).expect("rendered by the engine");
        assert!(report.missed.is_empty(), "{url}: {:?}", report.missed);
        let state = state(html);
        let today = state["today"].as_str().unwrap().to_owned();
        let keys: Vec<&str> = state["prefetched"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["key"].as_str().unwrap())
            .collect();
        assert_eq!(keys, [QUIZ_FACTS.path(&[&today]).as_str()], "{url}");
    }
}

async fn the_quiz_facts_api_refuses_a_missing_or_malformed_seed(db: &TestDb) {
    let app = app(db).await;
    for url in ["/api/quiz/facts", "/api/quiz/facts?seed=a%2Fb"] {
        let answer = get(&app, url).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{url}");
        let body = answer.json();
        assert_eq!(body["status"], 400);
        assert_eq!(body["message"], sound_atlas_catalog::quiz::INVALID_SEED);
    }
}

db_tests!(
    a_quiz_url_is_rendered_at_its_first_question_from_its_seeds_facts,
    a_quiz_url_without_a_valid_seed_is_the_quiz_of_the_day,
    the_quiz_facts_api_refuses_a_missing_or_malformed_seed,
);
