//! A page's declared reads, made through the API: which keys a page carries, with which
//! statuses, for the values its route binds (fallbacks, reads that wait for the first
//! answer, spans of pages, values read leniently).

use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_contract::content::api as content;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::state;
use crate::{app, get};

/// The keys a page carries, each with its status.
async fn reads(app: &axum::Router, url: &str) -> Vec<(String, u64)> {
    let page = get(app, url).await;
    state(&page.body)["prefetched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|read| {
            (
                read["key"].as_str().unwrap().to_owned(),
                read["status"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn keys(reads: &[(String, u64)]) -> Vec<&str> {
    reads.iter().map(|(key, _)| key.as_str()).collect()
}

async fn a_refused_week_carries_the_latest_week_too(db: &TestDb) {
    let app = app(db).await;
    let latest = content::WEEKLY_TOP_TEN.path(&[]).into_string();
    let home = reads(&app, "/").await;
    assert!(home.contains(&(latest.clone(), 200)), "{home:?}");
    let asked = content::WEEKLY_TOP_TEN_OF
        .path(&[&"2001-01-01"])
        .into_string();
    let refused = reads(&app, "/?week=2001-01-01").await;
    assert!(refused.contains(&(asked, 404)), "{refused:?}");
    assert!(refused.contains(&(latest.clone(), 200)), "{refused:?}");
    let malformed = reads(&app, "/?week=soon").await;
    assert!(keys(&malformed).contains(&latest.as_str()), "{malformed:?}");
    let shown = reads(&app, "/?week=2026-11-23").await;
    let shown_keys = keys(&shown);
    assert!(!shown_keys.contains(&latest.as_str()), "{shown:?}");
    assert!(shown_keys.contains(&content::WEEKLY_TOP_TEN_OF.path(&[&"2026-11-23"]).as_str()));
}

async fn reads_that_wait_for_the_first_answer_are_not_made_without_it(db: &TestDb) {
    let app = app(db).await;
    let missing = reads(&app, "/artist/999999").await;
    assert_eq!(
        missing,
        [(catalog::ARTIST.path(&[&"999999"]).into_string(), 404)]
    );
    let found = reads(&app, "/artist/1").await;
    assert_eq!(
        keys(&found)[..5],
        [
            catalog::ARTIST.path(&[&1]).as_str(),
            catalog::NEIGHBORS.path(&[&1]).as_str(),
            catalog::RELATED.path(&[&1]).as_str(),
            catalog::ARTIST_DETAILS.path(&[&1]).as_str(),
            catalog::ARTIST_GENRES.path(&[&1]).as_str(),
        ]
    );
}

async fn a_span_of_pages_is_read_in_order_and_values_as_the_page_reads_them(db: &TestDb) {
    let app = app(db).await;
    // The letter read leniently, pages from..=page, `refresh` never in a key, and a
    // parameter the route does not read changes nothing.
    let browse = reads(
        &app,
        "/browse?letter=%20b%20&from=1&page=2&refresh=true&utm_source=x",
    )
    .await;
    assert_eq!(
        keys(&browse),
        [
            catalog::BROWSE.path(&[&"B", &1]).as_str(),
            catalog::BROWSE.path(&[&"B", &2]).as_str(),
            catalog::COUNTRIES.path(&[]).as_str(),
        ]
    );
    // Filtered to a country: that country's part of the letter; an unknown country is
    // no filter.
    let filtered = reads(&app, "/browse?country=united-kingdom&letter=b").await;
    assert_eq!(
        keys(&filtered),
        [
            catalog::BROWSE_IN_COUNTRY
                .path(&[&"united-kingdom", &"B", &1])
                .as_str(),
            catalog::COUNTRIES.path(&[]).as_str(),
        ]
    );
    let unknown = reads(&app, "/browse?country=atlantis&letter=b").await;
    assert_eq!(
        keys(&unknown),
        [
            catalog::BROWSE_IN_COUNTRY
                .path(&[&"atlantis", &"B", &1])
                .as_str(),
            catalog::BROWSE.path(&[&"B", &1]).as_str(),
            catalog::COUNTRIES.path(&[]).as_str(),
        ]
    );
    // A search's query is read trimmed; its genres wait for its first page.
    let search = reads(&app, "/search/%20rock%20").await;
    assert_eq!(
        keys(&search),
        [
            catalog::SEARCH_CARDS.path(&[&"rock", &1]).as_str(),
            catalog::GENRES.path(&[&"rock"]).as_str(),
        ]
    );
    let too_long = "x".repeat(101);
    let refused = reads(&app, &format!("/search/{too_long}")).await;
    assert_eq!(
        refused,
        [(
            catalog::SEARCH_CARDS.path(&[&too_long, &1]).into_string(),
            400
        )]
    );
}

db_tests!(
    a_refused_week_carries_the_latest_week_too,
    reads_that_wait_for_the_first_answer_are_not_made_without_it,
    a_span_of_pages_is_read_in_order_and_values_as_the_page_reads_them,
);
