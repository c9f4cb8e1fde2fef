//! An anonymous page is answered from its cached document without running its handler
//! (its reads) while the data generations it was rendered from are current, however long
//! ago it was rendered; a new generation of the catalogue or of the content makes it
//! stale at once, and a request that may be a signed-in visitor's always runs its handler.

use std::time::Duration;

use sea_orm::ConnectionTrait;
use sound_atlas_test_db::{db_tests, TestDb};

use axum::body::Body;
use axum::http::Request;

use crate::{app, get, id_of, refreshed_artists, send, session_cookie};

/// Longer than a page was ever trusted without its reads before generations (a second).
const LATER: Duration = Duration::from_millis(1_200);

/// A change written straight to the table, as another process would (nothing announced):
/// the cached page is still answered while the catalogue's snapshot is the same, and the
/// snapshot read again (the marker moved) makes it stale at once.
async fn a_cached_page_keeps_its_document_until_the_catalogue_changes(db: &TestDb) {
    let app = app(db).await;
    // The catalogue first read after the seed's second: no check follows that read to
    // settle its second, which would find the change below.
    sound_atlas_test_db::after_this_second().await;
    let id = id_of(&app, "Queen").await;
    let url = format!("/artist/{id}");
    let first = get(&app, &url).await;
    assert_eq!(first.status, 200);
    let changed = "A biography written while the page was cached.";
    db.conn
        .execute_unprepared(&format!(
            "UPDATE artists SET bio = '{changed}', updated_at = updated_at + 1 WHERE id = {id}"
        ))
        .await
        .unwrap();
    tokio::time::sleep(LATER).await;
    let again = get(&app, &url).await;
    assert!(
        again.body == first.body,
        "the handler ran: its read found the change"
    );
    // A request with the session cookie runs its handler (its page may be private).
    let with_cookie = Request::get(&url)
        .header("cookie", format!("{}=unknown", session_cookie()))
        .body(Body::empty())
        .unwrap();
    assert!(send(&app, with_cookie).await.body.contains(changed));

    refreshed_artists(&app).await;
    let after = get(&app, &url).await;
    assert!(
        after.body.contains(changed),
        "a stale page after the catalogue changed"
    );
}

/// The same for the content: the home page keeps its document (its Weekly Top 10, and
/// its random artist) while the content lists are the same, and a list read again
/// (`refresh=true`) makes it stale at once.
async fn a_cached_page_keeps_its_document_until_the_content_changes(db: &TestDb) {
    let app = app(db).await;
    let first = get(&app, "/").await;
    assert_eq!(first.status, 200);
    let changed = "A song charted while the page was cached";
    db.conn
        .execute_unprepared(&format!(
            "UPDATE top_ten_places SET song_name = '{changed}' \
             WHERE week_of = (SELECT MAX(week_of) FROM top_ten_places) AND rank = 1"
        ))
        .await
        .unwrap();
    tokio::time::sleep(LATER).await;
    let again = get(&app, "/").await;
    assert!(again.body == first.body, "the handler ran");

    let refreshed = get(&app, "/api/weekly-top-ten?refresh=true").await;
    assert!(refreshed.body.contains(changed));
    let after = get(&app, "/").await;
    assert!(
        after.body.contains(changed),
        "a stale page after the content changed"
    );
}

db_tests!(
    a_cached_page_keeps_its_document_until_the_catalogue_changes,
    a_cached_page_keeps_its_document_until_the_content_changes,
);
