use axum::body::Body;
use axum::http::{Request, StatusCode};
use sound_atlas_contract::catalog::{
    api as catalog, ARTIST_LIST_LIMIT, MAX_ARTIST_LIST_LIMIT, MAX_SEARCH_RESULTS,
};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{app, get, id_of, read, refreshed_artists, send};

/// The list answers a page at a time (never the whole catalogue); its pages, walked by
/// their `next`, are every artist by title.
async fn the_artist_list_is_paged_sorted_and_complete(db: &TestDb) {
    let app = app(db).await;
    let list = refreshed_artists(&app).await;
    let titles: Vec<String> = list
        .iter()
        .map(|a| a["title"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(titles.len() >= 300);
    assert!(titles.windows(2).all(|w| w[0] <= w[1]));

    let first = read(&app, catalog::ARTISTS.path(&[])).await.value();
    assert_eq!(first.artists.len(), ARTIST_LIST_LIMIT);
    assert_eq!(first.total, list.len());
    assert!(first.next.is_some());
    let most = get(
        &app,
        &format!(
            "{}?limit={MAX_ARTIST_LIST_LIMIT}",
            catalog::ARTISTS.path(&[])
        ),
    )
    .await;
    assert_eq!(most.json()["artists"].as_array().unwrap().len(), list.len());
    assert!(most.json()["next"].is_null());
    for query in [
        format!("limit={}", MAX_ARTIST_LIST_LIMIT + 1),
        "limit=0".into(),
        "limit=ten".into(),
        "after=not-a-cursor".into(),
    ] {
        let answer = get(&app, &format!("{}?{query}", catalog::ARTISTS.path(&[]))).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer.json()["status"], 400, "{query}");
    }
}

async fn one_artist_has_the_spec_fields_in_camel_case(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let queen = read(&app, catalog::ARTIST.path(&[&id])).await.json();
    for field in [
        "id",
        "title",
        "imageUrl",
        "genres",
        "bio",
        "bioSourceLink",
        "soloVideoLink",
        "spotifyLink",
        "appleLink",
        "amazonLink",
        "tidalLink",
        "funFact",
        "externalId",
        "kind",
        "year",
        "origin",
        "realName",
    ] {
        assert!(queen.get(field).is_some(), "missing {field}");
    }
    assert_eq!(queen["kind"], "band");
}

async fn unknown_and_malformed_ids_answer_404_in_the_error_shape(db: &TestDb) {
    let app = app(db).await;
    for uri in [
        "/api/artists/999999",
        "/api/artists/abc",
        "/api/artists/-1",
        "/api/artists/1%00",
        "/api/artists/99999999999999999999",
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(
            answer.json()["message"],
            "This artist could not be found. It may have been removed or the ID is incorrect."
        );
        assert_eq!(answer.json()["status"], 404);
    }
}

async fn search_needs_a_query(db: &TestDb) {
    let app = app(db).await;
    for uri in [
        "/api/artists/search",
        "/api/artists/search?query=",
        "/api/artists/search?query=%20%20",
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(answer.json()["message"], "Search query is required");
    }
    let long = get(
        &app,
        &format!("/api/artists/search?query={}", "a".repeat(101)),
    )
    .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert!(long.json()["message"]
        .as_str()
        .unwrap()
        .contains("too long"));
}

async fn search_ranks_and_forgives_typos(db: &TestDb) {
    let app = app(db).await;
    let hits = read(&app, catalog::SEARCH.path(&[&"beatels"])).await.json();
    assert_eq!(hits[0]["title"], "The Beatles");
    let hits = read(&app, catalog::SEARCH.path(&[&"<script>alert(1)</script>"])).await;
    assert_eq!(hits.status, StatusCode::OK);
}

async fn card_search_pages_the_same_ranked_matches_as_cards(db: &TestDb) {
    let app = app(db).await;
    let full = read(&app, catalog::SEARCH.path(&[&"rock"])).await.json();
    let full = full.as_array().unwrap();
    let first = get(&app, "/api/artists/search/cards?query=%20rock%20")
        .await
        .json();
    assert_eq!(first["query"], "rock");
    assert_eq!(first["page"], 1);
    assert_eq!(first["pageSize"], 12);
    // The full list holds at most the best 100 (MAX_SEARCH_RESULTS); the cards count all.
    assert_eq!(
        full.len(),
        (first["total"].as_u64().unwrap() as usize).min(MAX_SEARCH_RESULTS)
    );
    let second = read(&app, catalog::SEARCH_CARDS.path(&[&"rock", &2]))
        .await
        .json();
    let ids: Vec<&serde_json::Value> = first["artists"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["artists"].as_array().unwrap())
        .map(|card| &card["id"])
        .collect();
    let expected: Vec<&serde_json::Value> = full.iter().take(24).map(|a| &a["id"]).collect();
    assert_eq!(ids, expected, "the same order as the full search, in pages");
    assert!(first["artists"][0].get("bio").is_none(), "cards only");
    for (uri, message) in [
        (
            "/api/artists/search/cards?page=1",
            "Search query is required",
        ),
        (
            "/api/artists/search/cards?query=rock&page=0",
            "Page must be a whole number from 1 to 200000",
        ),
        (
            "/api/artists/search/cards?query=rock&page=x",
            "Page must be a whole number from 1 to 200000",
        ),
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(answer.json()["message"], message, "{uri}");
    }
}

async fn browse_answers_one_page_of_one_letter(db: &TestDb) {
    let app = app(db).await;
    let page = read(&app, catalog::BROWSE.path(&[&"#", &1])).await.json();
    assert_eq!(page["letter"], "#");
    assert_eq!(page["pageSize"], 12);
    assert!(page["artists"].as_array().unwrap().len() <= 12);
    for bad in [
        "letter=AB",
        "letter=%3Cscript%3E",
        "letter=A&page=0",
        "letter=A&page=x",
        "letter=A&page=99999999",
    ] {
        let answer = get(&app, &format!("/api/artists/browse?{bad}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn neighbors_related_and_random_answer(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "Queen").await;
    let neighbors = read(&app, catalog::NEIGHBORS.path(&[&id])).await.json();
    assert!(neighbors["position"].as_u64().unwrap() >= 1);
    assert!(neighbors["total"].as_u64().unwrap() >= 300);
    let related = read(&app, catalog::RELATED.path(&[&id])).await.json();
    assert!(!related.as_array().unwrap().is_empty());
    let random = read(&app, catalog::RANDOM.path(&[])).await;
    assert_eq!(random.status, StatusCode::OK);
    assert!(random.json()["id"].as_i64().is_some());
}

async fn other_api_paths_and_methods_answer_in_the_error_shape(db: &TestDb) {
    let app = app(db).await;
    let missing = get(&app, "/api/nothing-here").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["status"], 404);
    let post = send(
        &app,
        Request::post("/api/artists").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(post.json()["status"], 405);
}

async fn oversized_addresses_are_refused_with_414(db: &TestDb) {
    let app = app(db).await;
    let answer = get(&app, &format!("/search/{}", "x".repeat(3000))).await;
    assert_eq!(answer.status, StatusCode::URI_TOO_LONG);
    assert_eq!(answer.json()["status"], 414);
}

db_tests!(
    the_artist_list_is_paged_sorted_and_complete,
    one_artist_has_the_spec_fields_in_camel_case,
    unknown_and_malformed_ids_answer_404_in_the_error_shape,
    search_needs_a_query,
    card_search_pages_the_same_ranked_matches_as_cards,
    search_ranks_and_forgives_typos,
    browse_answers_one_page_of_one_letter,
    neighbors_related_and_random_answer,
    other_api_paths_and_methods_answer_in_the_error_shape,
    oversized_addresses_are_refused_with_414,
);
