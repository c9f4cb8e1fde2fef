//! Every route: what it does for its owner, and that nobody else can read, change, move
//! into or delete another user's things.

use axum::http::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::json;
use sound_atlas_contract::accounts::api as accounts_api;
use sound_atlas_contract::library::{api, MoveFavorite, NewFolder, NewVideoFavorite};
use sound_atlas_library::UserId;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{Browser, Site};

const VIDEO: &str = "dQw4w9WgXcQ";

/// A move of `artist` from one place to another (None: the top level).
fn moving(artist: i32, from: Option<i32>, to: Option<i32>) -> MoveFavorite {
    MoveFavorite {
        artist_id: artist,
        from_folder_id: from,
        to_folder_id: to,
    }
}

/// `VIDEO` of `artist` as a new video favorite, with only its title given.
fn new_video(artist: i32, title: String) -> NewVideoFavorite {
    NewVideoFavorite {
        video_id: VIDEO.into(),
        artist_id: artist,
        title,
        description: String::new(),
        thumbnail: String::new(),
        url: String::new(),
        artist_name: String::new(),
        published_at: String::new(),
        folder_id: None,
    }
}

db_tests!(
    a_signed_out_visitor_is_asked_to_sign_in_on_every_route,
    favorites_are_added_listed_and_removed,
    adding_an_existing_favorite_returns_the_existing_row,
    unknown_artists_and_bad_ids_are_refused_and_nothing_is_written,
    another_users_things_are_404_and_stay_unchanged,
    a_claimed_user_id_that_is_not_the_session_is_refused,
    folders_are_created_renamed_and_deleted,
    deleting_a_folder_returns_what_it_held_to_the_main_favorites,
    deleting_a_folder_leaves_what_the_shared_cases_say,
    folder_names_are_trimmed_checked_and_stored_as_given,
    moves_take_the_artist_out_of_one_place_into_another_at_once,
    video_favorites_are_added_checked_and_removed,
    a_video_favorite_links_only_to_the_video_service,
    folder_count_is_limited_with_a_clear_answer,
    favorite_count_is_limited_with_a_clear_answer,
    video_favorite_count_is_limited_with_a_clear_answer,
    the_export_lists_favorites_folders_and_video_favorites,
    deleting_the_account_deletes_the_library_with_it,
    an_artist_is_found_by_its_external_id_for_a_signed_in_user,
);

async fn a_signed_out_visitor_is_asked_to_sign_in_on_every_route(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut visitor = site.anonymous();
    let artist = site.artists[0];
    let answers = [
        visitor.call(&api::FAVORITES, &[], &()).await.answer,
        visitor.favorite(artist, None).await,
        visitor
            .call(&api::REMOVE_FAVORITE, &[&artist], &())
            .await
            .answer,
        visitor
            .call(&api::MOVE_FAVORITE, &[], &moving(artist, None, Some(1)))
            .await
            .answer,
        visitor.call(&api::FOLDERS, &[], &()).await.answer,
        visitor
            .call(&api::CREATE_FOLDER, &[], &NewFolder { name: "x".into() })
            .await
            .answer,
        visitor
            .call(&api::RENAME_FOLDER, &[&1], &NewFolder { name: "x".into() })
            .await
            .answer,
        visitor.call(&api::DELETE_FOLDER, &[&1], &()).await.answer,
        visitor.call(&api::VIDEO_FAVORITES, &[], &()).await.answer,
        visitor
            .call(&api::VIDEO_FAVORITE_CHECK, &[&artist, &VIDEO], &())
            .await
            .answer,
        visitor.video(artist, VIDEO, None).await,
        visitor
            .call(&api::REMOVE_VIDEO_FAVORITE, &[&artist, &VIDEO], &())
            .await
            .answer,
        visitor
            .call(&api::ARTIST_BY_EXTERNAL_ID, &[&"queen"], &())
            .await
            .answer,
    ];
    for answer in answers {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.body);
        assert_eq!(answer.message(), "You must be signed in to do this.");
    }
}

async fn favorites_are_added_listed_and_removed(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let (first, second) = (site.artists[3], site.artists[1]);
    assert_eq!(ann.favorite(first, None).await.status, StatusCode::CREATED);
    let saved = ann.favorite(second, None).await;
    assert_eq!(saved.status, StatusCode::CREATED);
    assert_eq!(saved.json()["artistId"], json!(second));
    assert_eq!(saved.json()["folderId"], json!(null));
    assert_eq!(
        ann.favorite_ids().await,
        vec![first, second],
        "oldest first"
    );

    let removed = ann.call(&api::REMOVE_FAVORITE, &[&first], &()).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    assert_eq!(ann.favorite_ids().await, vec![second]);
    let again = ann.call(&api::REMOVE_FAVORITE, &[&first], &()).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(again.message(), "This favorite could not be found.");
}

async fn adding_an_existing_favorite_returns_the_existing_row(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let artist = site.artists[0];
    let first = ann.favorite(artist, None).await;
    let second = ann.favorite(artist, None).await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(second.status, StatusCode::OK);
    assert_eq!(first.json()["id"], second.json()["id"]);
    assert_eq!(ann.favorite_ids().await, vec![artist]);
}

async fn unknown_artists_and_bad_ids_are_refused_and_nothing_is_written(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let unknown = ann.favorite(99_999_999, None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown.message(),
        "This artist could not be found. It may have been removed or the ID is incorrect."
    );
    let garbage = ann
        .call_json(&api::ADD_FAVORITE, &[], json!({ "artistId": "seven" }))
        .await;
    assert_eq!(garbage.status, StatusCode::BAD_REQUEST);
    let not_json = ann
        .send(
            Browser::request(Method::POST, api::ADD_FAVORITE.path(&[]).as_str())
                .header("content-type", "application/json")
                .body("{".into())
                .unwrap(),
        )
        .await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        ann.call(&api::REMOVE_FAVORITE, &[&"abc"], &()).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        ann.call_with(&api::REMOVE_FAVORITE, &[&1], &[("folderId", &"abc")], &())
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // Written out: a hole's value is encoded, and the bytes on the wire are the point.
    let not_utf8 = ann.delete("/api/favorites/%FF").await;
    assert_eq!(not_utf8.status, StatusCode::NOT_FOUND);
    assert_eq!(
        not_utf8.json()["message"],
        json!("This address names nothing here."),
        "in the one error shape"
    );
    let bad_video = ann.video(site.artists[0], "short", None).await;
    assert_eq!(bad_video.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_video.message(), "Invalid YouTube URL");
    assert!(ann.favorite_ids().await.is_empty());
    assert!(ann.folders().await.is_empty());
    let videos = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    assert_eq!(videos, json!([]));
}

async fn another_users_things_are_404_and_stay_unchanged(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let mut bob = site.user("bob@example.com").await;
    let (a1, a2) = (site.artists[0], site.artists[1]);
    let folder = ann.new_folder("Ann's").await;
    ann.favorite(a1, None).await;
    ann.favorite(a1, Some(folder)).await;
    ann.video(a1, VIDEO, Some(folder)).await;
    bob.favorite(a2, None).await;

    // Bob reads only his own.
    assert_eq!(bob.favorite_ids().await, vec![a2]);
    assert!(bob.folders().await.is_empty());
    assert_eq!(
        bob.call(&api::VIDEO_FAVORITES, &[], &()).await.json(),
        json!([])
    );
    let check = bob
        .call(&api::VIDEO_FAVORITE_CHECK, &[&a1, &VIDEO], &())
        .await;
    assert_eq!(
        check.json(),
        json!({ "isFavorited": false, "folderId": null })
    );

    // Bob cannot change, move into or delete Ann's things: 404 as if they did not exist.
    let refused = [
        bob.call(
            &api::RENAME_FOLDER,
            &[&folder],
            &NewFolder {
                name: "Mine".into(),
            },
        )
        .await
        .answer,
        bob.call(&api::DELETE_FOLDER, &[&folder], &()).await.answer,
        bob.favorite(a2, Some(folder)).await,
        bob.call_with(&api::REMOVE_FAVORITE, &[&a1], &[("folderId", &folder)], &())
            .await
            .answer,
        bob.call(&api::MOVE_FAVORITE, &[], &moving(a2, None, Some(folder)))
            .await
            .answer,
        bob.call(&api::MOVE_FAVORITE, &[], &moving(a1, Some(folder), None))
            .await
            .answer,
        bob.video(a2, VIDEO, Some(folder)).await,
        bob.call_with(
            &api::REMOVE_VIDEO_FAVORITE,
            &[&a1, &VIDEO],
            &[("folderId", &folder)],
            &(),
        )
        .await
        .answer,
    ];
    for answer in refused {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.body);
        assert_eq!(answer.message(), "This folder could not be found.");
    }
    // Ann's top-level favorite is not Bob's to remove either.
    assert_eq!(
        bob.call(&api::REMOVE_FAVORITE, &[&a1], &()).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        bob.call(&api::REMOVE_VIDEO_FAVORITE, &[&a1, &VIDEO], &())
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Nothing of Ann's changed; Bob still has only his one favorite.
    assert_eq!(ann.favorite_ids().await, vec![a1]);
    let folders = ann.folders().await;
    assert_eq!(folders[&folder], ("Ann's".to_owned(), vec![a1]));
    let videos = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    assert_eq!(videos.as_array().unwrap().len(), 1);
    assert_eq!(bob.favorite_ids().await, vec![a2]);
    assert!(bob.folders().await.is_empty());
}

async fn a_claimed_user_id_that_is_not_the_session_is_refused(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let other = ann.user_id.unwrap() + 1;
    let answer = ann
        .send(
            Browser::request(Method::GET, api::FAVORITES.path(&[]).as_str())
                .header("x-user-id", other.to_string())
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    let own_id = ann.user_id.unwrap();
    let own = ann
        .send(
            Browser::request(Method::GET, api::FAVORITES.path(&[]).as_str())
                .header("x-user-id", own_id.to_string())
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(own.status, StatusCode::OK);
}

async fn folders_are_created_renamed_and_deleted(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let (a1, a2) = (site.artists[0], site.artists[1]);
    let created = ann
        .call(
            &api::CREATE_FOLDER,
            &[],
            &NewFolder {
                name: "Road trip".into(),
            },
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let folder = created.json()["id"].as_i64().unwrap() as i32;
    assert_eq!(created.json()["name"], json!("Road trip"));
    assert!(created.json()["createdAt"]
        .as_str()
        .unwrap()
        .starts_with("20"));

    ann.favorite(a1, None).await;
    ann.favorite(a1, Some(folder)).await;
    ann.favorite(a2, Some(folder)).await;
    ann.video(a1, VIDEO, Some(folder)).await;
    assert_eq!(ann.folders().await[&folder].1, vec![a1, a2]);
    // A folder's copy is its own: the top level keeps only what was added there.
    assert_eq!(ann.favorite_ids().await, vec![a1]);

    let renamed = ann
        .call(
            &api::RENAME_FOLDER,
            &[&folder],
            &NewFolder {
                name: " Drive ".into(),
            },
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK);
    assert_eq!(renamed.json()["name"], json!("Drive"));
    assert_eq!(ann.folders().await[&folder].0, "Drive");

    let removed = ann
        .call_with(&api::REMOVE_FAVORITE, &[&a2], &[("folderId", &folder)], &())
        .await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    assert_eq!(ann.folders().await[&folder].1, vec![a1]);

    let deleted = ann.call(&api::DELETE_FOLDER, &[&folder], &()).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert!(ann.folders().await.is_empty());
    assert_eq!(ann.favorite_ids().await, vec![a1], "the top level stays");
    let again = ann.call(&api::DELETE_FOLDER, &[&folder], &()).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}

async fn deleting_a_folder_returns_what_it_held_to_the_main_favorites(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let (a1, a2, a3) = (site.artists[0], site.artists[1], site.artists[2]);
    let folder = ann.new_folder("Road trip").await;
    let other = ann.new_folder("Other").await;
    // a1 moved from the main favorites into the folder; a2 filed in it and also kept at
    // the top level; a3 only in the folder; a video moved in; the other folder untouched.
    ann.favorite(a1, None).await;
    let moved = ann
        .call(&api::MOVE_FAVORITE, &[], &moving(a1, None, Some(folder)))
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    ann.favorite(a2, None).await;
    ann.favorite(a2, Some(folder)).await;
    ann.favorite(a3, Some(folder)).await;
    ann.favorite(a3, Some(other)).await;
    ann.video(a1, VIDEO, Some(folder)).await;
    assert_eq!(ann.favorite_ids().await, vec![a2]);

    let deleted = ann.call(&api::DELETE_FOLDER, &[&folder], &()).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.body);
    let folders = ann.folders().await;
    assert_eq!(folders.keys().copied().collect::<Vec<_>>(), vec![other]);
    assert_eq!(folders[&other].1, vec![a3]);
    // Each once, in the order they were first saved.
    assert_eq!(ann.favorite_ids().await, vec![a1, a2, a3]);
    let videos = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    assert_eq!(videos.as_array().unwrap().len(), 1, "{videos}");
    assert_eq!(videos[0]["videoId"], json!(VIDEO));
    assert_eq!(videos[0]["folderId"], json!(null));

    // A video already at the top level is kept once.
    let again = ann.new_folder("Again").await;
    ann.video(a1, VIDEO, Some(again)).await;
    ann.call(&api::DELETE_FOLDER, &[&again], &()).await;
    assert_eq!(
        ann.call(&api::VIDEO_FAVORITES, &[], &())
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

/// The cases the UI's optimistic update of a deleted folder is tested on too
/// (`crates/contract/cases/folder-deletion.json`).
async fn deleting_a_folder_leaves_what_the_shared_cases_say(db: &TestDb) {
    use std::collections::{BTreeMap, BTreeSet};
    let cases: serde_json::Value =
        serde_json::from_str(include_str!("../../../contract/cases/folder-deletion.json")).unwrap();
    let site = Site::new(&db.conn).await;
    let artist = |n: &serde_json::Value| site.artists[n.as_u64().unwrap() as usize - 1];
    let artists = |list: &serde_json::Value| -> BTreeSet<i32> {
        list.as_array().unwrap().iter().map(artist).collect()
    };
    for (n, case) in cases["cases"].as_array().unwrap().iter().enumerate() {
        let mut fan = site.user(&format!("case{n}@example.com")).await;
        let mut folder_ids = BTreeMap::new();
        for (name, held) in case["folders"].as_object().unwrap() {
            let id = fan.new_folder(name).await;
            folder_ids.insert(name.clone(), id);
            for a in held.as_array().unwrap() {
                fan.favorite(artist(a), Some(id)).await;
            }
        }
        for a in case["favorites"].as_array().unwrap() {
            fan.favorite(artist(a), None).await;
        }
        let folder_of = |name: &serde_json::Value| name.as_str().map(|name| folder_ids[name]);
        for video in case["videos"].as_array().unwrap() {
            let added = fan
                .video(
                    artist(&video["artist"]),
                    video["video"].as_str().unwrap(),
                    folder_of(&video["folder"]),
                )
                .await;
            assert!(added.status.is_success(), "case {n}: {}", added.body);
        }
        let deleted = folder_ids[case["deleted"].as_str().unwrap()];
        let answer = fan.call(&api::DELETE_FOLDER, &[&deleted], &()).await;
        assert_eq!(
            answer.status,
            StatusCode::NO_CONTENT,
            "case {n}: {}",
            answer.body
        );

        let after = &case["after"];
        let favorites: BTreeSet<i32> = fan.favorite_ids().await.into_iter().collect();
        assert_eq!(favorites, artists(&after["favorites"]), "case {n}");
        let folders: BTreeMap<i32, BTreeSet<i32>> = fan
            .folders()
            .await
            .into_iter()
            .map(|(id, (_, held))| (id, held.into_iter().collect()))
            .collect();
        let expected: BTreeMap<i32, BTreeSet<i32>> = after["folders"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(name, held)| (folder_ids[name], artists(held)))
            .collect();
        assert_eq!(folders, expected, "case {n}");
        let videos: BTreeSet<(i32, String, Option<i32>)> = fan
            .call(&api::VIDEO_FAVORITES, &[], &())
            .await
            .json()
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                let folder = v["folderId"].as_i64().map(|id| id as i32);
                (
                    v["artistId"].as_i64().unwrap() as i32,
                    v["videoId"].as_str().unwrap().to_owned(),
                    folder,
                )
            })
            .collect();
        let expected: BTreeSet<(i32, String, Option<i32>)> = after["videos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    artist(&v["artist"]),
                    v["video"].as_str().unwrap().to_owned(),
                    folder_of(&v["folder"]),
                )
            })
            .collect();
        assert_eq!(videos, expected, "case {n}");
    }
}

async fn folder_names_are_trimmed_checked_and_stored_as_given(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    for name in [
        "<script>alert(1)</script>",
        "a\u{200B}b",
        "Ünïcödé 🎸 音楽",
        "\"quotes\" & 'apostrophes'",
    ] {
        let id = ann.new_folder(&format!("  {name}\n")).await;
        assert_eq!(ann.folders().await[&id].0, name, "stored exactly as given");
    }
    let refused = [
        ("", "A folder name is required."),
        ("   ", "A folder name is required."),
        ("\u{200B}\u{200B}\u{FEFF}", "A folder name is required."),
        (
            "tab\tinside",
            "A folder name cannot contain control characters.",
        ),
        (
            "nul\0inside",
            "A folder name cannot contain control characters.",
        ),
        (
            "evil\u{202E}gpj.exe",
            "A folder name cannot contain direction overrides or noncharacters.",
        ),
        (
            "isolated \u{2067}name\u{2069}",
            "A folder name cannot contain direction overrides or noncharacters.",
        ),
        (
            "non\u{FFFF}character",
            "A folder name cannot contain direction overrides or noncharacters.",
        ),
        (
            "non\u{FDD0}character",
            "A folder name cannot contain direction overrides or noncharacters.",
        ),
        (
            "plane two \u{2FFFE}",
            "A folder name cannot contain direction overrides or noncharacters.",
        ),
    ];
    for (name, message) in refused {
        let answer = ann
            .call(&api::CREATE_FOLDER, &[], &NewFolder { name: name.into() })
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{name:?}");
        assert_eq!(answer.message(), message);
    }
    let ten_kb = "x".repeat(10 * 1024);
    let long = ann
        .call(
            &api::CREATE_FOLDER,
            &[],
            &NewFolder {
                name: ten_kb.clone(),
            },
        )
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        long.message(),
        "A folder name can be at most 100 characters long."
    );
    let just_fits = ann.new_folder(&"é".repeat(100)).await;
    assert_eq!(ann.folders().await[&just_fits].0.chars().count(), 100);
    let rename = ann
        .call(
            &api::RENAME_FOLDER,
            &[&just_fits],
            &NewFolder { name: ten_kb },
        )
        .await;
    assert_eq!(rename.status, StatusCode::BAD_REQUEST);
    assert_eq!(ann.folders().await.len(), 5, "nothing else was created");
    assert_eq!(ann.folders().await[&just_fits].0, "é".repeat(100));
}

async fn moves_take_the_artist_out_of_one_place_into_another_at_once(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let (a1, a2) = (site.artists[0], site.artists[1]);
    let rock = ann.new_folder("Rock").await;
    let jazz = ann.new_folder("Jazz").await;
    ann.favorite(a1, Some(rock)).await;

    let moved = ann
        .call(
            &api::MOVE_FAVORITE,
            &[],
            &moving(a1, Some(rock), Some(jazz)),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    assert_eq!(moved.json()["folderId"], json!(jazz));
    let folders = ann.folders().await;
    assert!(folders[&rock].1.is_empty());
    assert_eq!(folders[&jazz].1, vec![a1]);

    // Into a folder that already has it: the source goes, the target stays one row.
    ann.favorite(a1, Some(rock)).await;
    let merged = ann
        .call(
            &api::MOVE_FAVORITE,
            &[],
            &moving(a1, Some(rock), Some(jazz)),
        )
        .await;
    assert_eq!(merged.status, StatusCode::OK);
    let folders = ann.folders().await;
    assert!(folders[&rock].1.is_empty());
    assert_eq!(folders[&jazz].1, vec![a1]);

    // A missing source changes nothing.
    let missing = ann
        .call(
            &api::MOVE_FAVORITE,
            &[],
            &moving(a2, Some(rock), Some(jazz)),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.message(), "This favorite could not be found.");
    assert_eq!(ann.folders().await[&jazz].1, vec![a1]);

    // A target that is not hers (deleted here) changes nothing either.
    ann.call(&api::DELETE_FOLDER, &[&rock], &()).await;
    let gone = ann
        .call(
            &api::MOVE_FAVORITE,
            &[],
            &moving(a1, Some(jazz), Some(rock)),
        )
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(ann.folders().await[&jazz].1, vec![a1]);

    // To the top level and back.
    let top = ann
        .call(&api::MOVE_FAVORITE, &[], &moving(a1, Some(jazz), None))
        .await;
    assert_eq!(top.status, StatusCode::OK);
    assert_eq!(ann.favorite_ids().await, vec![a1]);
    assert!(ann.folders().await[&jazz].1.is_empty());
}

async fn video_favorites_are_added_checked_and_removed(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let artist = site.artists[2];
    assert_eq!(
        ann.call(&api::VIDEO_FAVORITE_CHECK, &[&artist, &VIDEO], &())
            .await
            .json(),
        json!({ "isFavorited": false, "folderId": null })
    );
    let added = ann.video(artist, VIDEO, None).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    assert_eq!(ann.video(artist, VIDEO, None).await.status, StatusCode::OK);
    let listed = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["artistId"], json!(artist));
    assert_eq!(listed[0]["videoId"], json!(VIDEO));
    assert_eq!(listed[0]["title"], json!("Live at the Hall"));
    assert_eq!(
        ann.call(&api::VIDEO_FAVORITE_CHECK, &[&artist, &VIDEO], &())
            .await
            .json(),
        json!({ "isFavorited": true, "folderId": null })
    );

    let removed = ann
        .call(&api::REMOVE_VIDEO_FAVORITE, &[&artist, &VIDEO], &())
        .await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    assert_eq!(
        ann.call(&api::VIDEO_FAVORITE_CHECK, &[&artist, &VIDEO], &())
            .await
            .json()["isFavorited"],
        json!(false)
    );

    let folder = ann.new_folder("Videos").await;
    ann.video(artist, VIDEO, Some(folder)).await;
    assert_eq!(
        ann.call(&api::VIDEO_FAVORITE_CHECK, &[&artist, &VIDEO], &())
            .await
            .json(),
        json!({ "isFavorited": true, "folderId": folder })
    );
    let long = ann
        .call(
            &api::ADD_VIDEO_FAVORITE,
            &[],
            &new_video(artist, "t".repeat(2001)),
        )
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
}

async fn a_video_favorite_links_only_to_the_video_service(db: &TestDb) {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set};
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let artist = site.artists[1];
    let watch = format!("https://www.youtube.com/watch?v={VIDEO}");
    let thumbnail = format!("https://i.ytimg.com/vi/{VIDEO}/hqdefault.jpg");
    for (url, image) in [
        (
            "javascript:alert(document.cookie)",
            "data:image/svg+xml,<svg onload=alert(1)>",
        ),
        (
            "https://evil.example/watch?v=x",
            "https://evil.example/pixel.gif",
        ),
        ("//evil.example", "http://i.ytimg.com.evil.example/x.jpg"),
    ] {
        let new = NewVideoFavorite {
            url: url.into(),
            thumbnail: image.into(),
            ..new_video(artist, "Hit".into())
        };
        let added = ann.call(&api::ADD_VIDEO_FAVORITE, &[], &new).await;
        assert!(added.status.is_success(), "{}", added.body);
        assert_eq!(added.json()["url"], json!(watch), "{url}");
        assert_eq!(added.json()["thumbnail"], json!(thumbnail), "{image}");
    }
    let listed = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["url"], json!(watch));
    assert_eq!(listed[0]["thumbnail"], json!(thumbnail));

    // A row stored with a foreign address before this held reads back the service's own.
    let other = "aaaaaaaaaaa";
    sound_atlas_entity::video_favorite::ActiveModel {
        user_id: Set(ann.user_id.unwrap()),
        artist_id: Set(artist),
        video_id: Set(other.into()),
        folder_id: Set(None),
        folder_key: Set(0),
        title: Set("Old".into()),
        description: Set(String::new()),
        thumbnail: Set("data:text/html,x".into()),
        url: Set("javascript:alert(1)".into()),
        artist_name: Set(String::new()),
        published_at: Set(String::new()),
        created_at: Set(0),
        ..Default::default()
    }
    .insert(&db.conn)
    .await
    .unwrap();
    let listed = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    let old = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["videoId"] == json!(other))
        .unwrap();
    assert_eq!(
        old["url"],
        json!(format!("https://www.youtube.com/watch?v={other}"))
    );
    assert_eq!(
        old["thumbnail"],
        json!(format!("https://i.ytimg.com/vi/{other}/hqdefault.jpg"))
    );
}

async fn folder_count_is_limited_with_a_clear_answer(db: &TestDb) {
    use sound_atlas_contract::library::MAX_FOLDERS;
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    for n in 0..MAX_FOLDERS {
        ann.new_folder(&format!("Folder {n}")).await;
    }
    let one_more = ann
        .call(
            &api::CREATE_FOLDER,
            &[],
            &NewFolder {
                name: "One more".into(),
            },
        )
        .await;
    assert_eq!(one_more.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        one_more.message(),
        "You can have at most 200 folders. Delete one to create another."
    );
    assert_eq!(ann.folders().await.len(), MAX_FOLDERS);
}

/// Stores `rows` straight through the entities (thousands of requests would only slow
/// the test), in chunks small enough for any database's parameter limit.
async fn insert_rows<A: sea_orm::ActiveModelTrait + Send>(
    db: &sea_orm::DatabaseConnection,
    rows: Vec<A>,
) where
    A::Entity: sea_orm::EntityTrait<ActiveModel = A>,
{
    use sea_orm::EntityTrait;
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(500).collect();
        <A::Entity as EntityTrait>::insert_many(chunk)
            .exec(db)
            .await
            .unwrap();
    }
}

async fn favorite_count_is_limited_with_a_clear_answer(db: &TestDb) {
    use sea_orm::ActiveValue::Set;
    use sound_atlas_contract::library::MAX_FAVORITES;
    use sound_atlas_entity::favorite;
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let user_id = ann.user_id.unwrap();
    // MAX_FAVORITES rows: every artist at the top level and in as many folders as needed.
    let mut places = vec![None];
    while places.len() * site.artists.len() < MAX_FAVORITES {
        places.push(Some(
            ann.new_folder(&format!("Folder {}", places.len())).await,
        ));
    }
    let last_artist = site.artists[site.artists.len() - 1];
    let rows: Vec<favorite::ActiveModel> = places
        .iter()
        .flat_map(|&folder| site.artists.iter().map(move |&artist| (artist, folder)))
        .filter(|&(artist, folder)| !(artist == last_artist && folder.is_none()))
        .take(MAX_FAVORITES)
        .map(|(artist, folder)| favorite::ActiveModel {
            user_id: Set(user_id),
            artist_id: Set(artist),
            folder_id: Set(folder),
            folder_key: Set(folder.unwrap_or(0)),
            created_at: Set(0),
            ..Default::default()
        })
        .collect();
    assert_eq!(rows.len(), MAX_FAVORITES);
    insert_rows(&db.conn, rows).await;

    let one_more = ann.favorite(last_artist, None).await;
    assert_eq!(
        one_more.status,
        StatusCode::BAD_REQUEST,
        "{}",
        one_more.body
    );
    assert_eq!(
        one_more.message(),
        "You can keep at most 5000 favorites. Remove some to add more."
    );
    assert!(
        !ann.favorite_ids().await.contains(&last_artist),
        "nothing was written"
    );
    // What is already kept still answers as before (an idempotent add is no new row).
    let again = ann.favorite(site.artists[0], None).await;
    assert!(again.status.is_success(), "{}", again.body);
}

async fn video_favorite_count_is_limited_with_a_clear_answer(db: &TestDb) {
    use sea_orm::ActiveValue::Set;
    use sound_atlas_contract::library::MAX_VIDEO_FAVORITES;
    use sound_atlas_entity::video_favorite;
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let user_id = ann.user_id.unwrap();
    let rows: Vec<video_favorite::ActiveModel> = (0..MAX_VIDEO_FAVORITES)
        .map(|n| video_favorite::ActiveModel {
            user_id: Set(user_id),
            artist_id: Set(site.artists[0]),
            video_id: Set(format!("v{n:010}")),
            folder_id: Set(None),
            folder_key: Set(0),
            title: Set(format!("Video {n}")),
            description: Set(String::new()),
            thumbnail: Set(String::new()),
            url: Set(String::new()),
            artist_name: Set("Someone".into()),
            published_at: Set(String::new()),
            created_at: Set(0),
            ..Default::default()
        })
        .collect();
    insert_rows(&db.conn, rows).await;

    let one_more = ann.video(site.artists[1], VIDEO, None).await;
    assert_eq!(
        one_more.status,
        StatusCode::BAD_REQUEST,
        "{}",
        one_more.body
    );
    assert_eq!(
        one_more.message(),
        "You can keep at most 5000 video favorites. Remove some to add more."
    );
    let videos = ann.call(&api::VIDEO_FAVORITES, &[], &()).await.json();
    assert_eq!(
        videos.as_array().unwrap().len(),
        MAX_VIDEO_FAVORITES,
        "nothing was written"
    );
}

async fn the_export_lists_favorites_folders_and_video_favorites(db: &TestDb) {
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let mut bob = site.user("bob@example.com").await;
    let artist = site.artists[0];
    let folder = ann.new_folder("Mine").await;
    ann.favorite(artist, None).await;
    ann.favorite(artist, Some(folder)).await;
    ann.video(artist, VIDEO, None).await;
    bob.favorite(site.artists[1], None).await;

    let library = sound_atlas_library::Library::new(
        db.conn.clone(),
        sound_atlas_catalog::Catalog::new(db.conn.clone()),
    );
    let ann_row = sound_atlas_entity::user::Entity::find_by_id(ann.user_id.unwrap())
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    let export = sound_atlas_library::export(&library, UserId::of(&ann_row))
        .await
        .unwrap();
    assert_eq!(export.favorites.len(), 2);
    assert!(export
        .favorites
        .iter()
        .all(|f| f["artistId"] == json!(artist)));
    assert_eq!(export.folders.len(), 1);
    assert_eq!(export.folders[0]["name"], json!("Mine"));
    assert_eq!(export.folders[0]["artistIds"], json!([artist]));
    assert_eq!(export.video_favorites.len(), 1);
    assert_eq!(export.video_favorites[0]["videoId"], json!(VIDEO));
}

async fn deleting_the_account_deletes_the_library_with_it(db: &TestDb) {
    use sea_orm::{EntityTrait, PaginatorTrait};
    use sound_atlas_entity::{favorite, favorite_folder, video_favorite};
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let mut bob = site.user("bob@example.com").await;
    let artist = site.artists[0];
    let folder = ann.new_folder("Mine").await;
    ann.favorite(artist, None).await;
    ann.favorite(artist, Some(folder)).await;
    ann.video(artist, VIDEO, Some(folder)).await;
    bob.favorite(artist, None).await;

    let deleted = ann
        .send(
            Browser::request(
                Method::DELETE,
                accounts_api::DELETE_ACCOUNT.path(&[]).as_str(),
            )
            .header("content-type", "application/json")
            .body(axum::body::Body::empty())
            .unwrap(),
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!(
        favorite::Entity::find().count(&db.conn).await.unwrap(),
        1,
        "only Bob's is left"
    );
    assert_eq!(
        favorite_folder::Entity::find()
            .count(&db.conn)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        video_favorite::Entity::find()
            .count(&db.conn)
            .await
            .unwrap(),
        0
    );
    assert_eq!(bob.favorite_ids().await, vec![artist]);
}

async fn an_artist_is_found_by_its_external_id_for_a_signed_in_user(db: &TestDb) {
    use sea_orm::EntityTrait;
    let site = Site::new(&db.conn).await;
    let mut ann = site.user("ann@example.com").await;
    let row = sound_atlas_entity::artist::Entity::find_by_id(site.artists[2])
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    let found = ann
        .call(&api::ARTIST_BY_EXTERNAL_ID, &[&row.external_id], &())
        .await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.body);
    assert_eq!(found.json(), json!({ "artistId": row.id }));

    // A hole is encoded: "<script>" and "a b" go as %3Cscript%3E and a%20b.
    for unknown in ["no-such-artist", "UPPER", "<script>", "a b"] {
        let answer = ann
            .call(&api::ARTIST_BY_EXTERNAL_ID, &[&unknown], &())
            .await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{unknown}");
        assert_eq!(
            answer.message(),
            "This artist could not be found. It may have been removed or the ID is incorrect."
        );
    }
    let long = "a".repeat(5000);
    let answer = ann.call(&api::ARTIST_BY_EXTERNAL_ID, &[&long], &()).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
}
