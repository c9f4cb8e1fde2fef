//! Several instances on one PostgreSQL. In process: two app
//! states (each its own pool, caches and render cache) over one database; a session and
//! a favorite made through one are good on the other at once, and a change announced by
//! one (as an import does) brings every instance up to date at once, from the changed
//! rows alone.

use std::time::{Duration, Instant};

use sea_orm::Database;
use sound_atlas::{build_app, AppState};
use sound_atlas_catalog::write::{self, ArtistUpsert, Source};
use sound_atlas_contract::accounts::api as accounts;
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_contract::library::api as library;
use sound_atlas_test_db::TestDb;

use crate::library::{add_favorite, as_user};
use crate::{confirmed_user, get, id_of, read, sign_in, ORIGIN, SSR};

struct Instance {
    app: axum::Router,
    state: AppState,
    listener: tokio::task::JoinHandle<()>,
}

impl Drop for Instance {
    fn drop(&mut self) {
        self.listener.abort();
    }
}

async fn instance(url: &str) -> Instance {
    let conn = Database::connect(url).await.unwrap();
    sound_atlas::db::prepare(&conn).await.unwrap();
    let state = AppState::new(conn, SSR.clone(), ORIGIN.into());
    let listener = sound_atlas::changes::spawn_listener(url, state.clone());
    Instance {
        app: build_app(state.clone()),
        state,
        listener,
    }
}

#[tokio::test]
async fn a_session_and_a_favorite_made_through_one_instance_are_good_on_the_other() {
    let db = TestDb::postgres().await;
    let url = db.url().unwrap();
    let (one, two) = (instance(&url).await, instance(&url).await);
    confirmed_user(&db.conn, "two@example.com").await;
    let cookie = sign_in(&one.app, "two@example.com").await;

    let me = as_user(
        &two.app,
        &cookie,
        "GET",
        accounts::USER.path(&[]).as_str(),
        None,
    )
    .await;
    assert_eq!(
        me.json()["email"],
        "two@example.com",
        "the session is good on the other instance"
    );
    let queen = id_of(&one.app, "Queen").await;
    add_favorite(&one.app, &cookie, queen, None).await;
    let read = as_user(
        &two.app,
        &cookie,
        "GET",
        library::FAVORITES.path(&[]).as_str(),
        None,
    )
    .await;
    assert_eq!(
        read.json()[0]["id"],
        queen,
        "read through the other at once"
    );
    drop((one, two));
    db.cleanup().await;
}

/// The title on artist `id`'s card under Q (the catalogue snapshot's copy).
async fn card_title(app: &axum::Router, id: i32) -> String {
    let page = read(app, catalog::BROWSE.path(&[&"Q", &1])).await;
    let cards = page.json()["artists"].as_array().unwrap().clone();
    let card = cards
        .iter()
        .find(|card| card["id"] == id)
        .expect("the card");
    card["title"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_change_announced_by_one_instance_refreshes_every_instance_at_once() {
    let db = TestDb::postgres().await;
    let url = db.url().unwrap();
    let (one, two) = (instance(&url).await, instance(&url).await);
    // The snapshots are first read in a later second than the seed's rows were
    // stamped in (change times cannot tell which of that second's rows came after a
    // read, so a check would read them again).
    sound_atlas_test_db::after_this_second().await;
    let id = id_of(&one.app, "Queen").await;
    for app in [&one.app, &two.app] {
        assert_eq!(
            read(app, catalog::ARTIST.path(&[&id])).await.json()["title"],
            "Queen"
        );
        assert!(get(app, &format!("/artist/{id}"))
            .await
            .body
            .contains("<title>Queen - Sound Atlas</title>"));
    }
    // A change as an import makes it: the rows, then the announcement.
    let retitled = ArtistUpsert {
        external_id: "queen".into(),
        title: Some(Source::Sheet.of("Queen (Remastered)".into())),
        ..Default::default()
    };
    write::upsert(&db.conn, vec![retitled]).await.unwrap();
    // Without the announcement the snapshot (the browse cards' titles) and the cached
    // page are served (for up to their TTL).
    assert_eq!(card_title(&two.app, id).await, "Queen");
    assert!(get(&two.app, &format!("/artist/{id}"))
        .await
        .body
        .contains("<title>Queen - Sound Atlas</title>"));
    sound_atlas::changes::announce(&db.conn).await.unwrap();
    for app in [&one.app, &two.app] {
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let title = card_title(app, id).await;
            if title == "Queen (Remastered)" {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "still {title} two seconds after the announcement"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let page = get(app, &format!("/artist/{id}")).await;
        assert!(page
            .body
            .contains("<title>Queen (Remastered) - Sound Atlas</title>"));
    }
    for instance in [&one, &two] {
        let reads = instance.state.catalog.reads();
        assert_eq!(
            (reads.whole, reads.patches),
            (1, 1),
            "the change came as a patch, not another whole read"
        );
        assert!(reads.rows_patched < 10, "{reads:?}");
    }
    drop((one, two));
    db.cleanup().await;
}
