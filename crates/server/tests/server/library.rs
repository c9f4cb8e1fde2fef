//! A signed-in visitor's pages: their library is in the first HTML, and such
//! pages never go through the render cache, so no anonymous page shows anyone's favorites.

use axum::http::{header, StatusCode};
use sound_atlas_contract::accounts::api as accounts;
use sound_atlas_contract::library::{api as library, NewFavorite, NewFolder, NewVideoFavorite};
use sound_atlas_test_db::{db_tests, TestDb};

use crate::{
    app_with_bundle, confirmed_user, get, id_of, sign_in, Answer, Browser, COUNTING_BUNDLE,
};

/// Signs in a confirmed user made for the test; returns the session cookie.
pub async fn signed_in(app: &axum::Router, db: &TestDb, email: &str) -> String {
    confirmed_user(&db.conn, email).await;
    sign_in(app, email).await
}

/// Adds `artist` to the visitor's favorites, at the top level or in `folder`.
pub async fn add_favorite(app: &axum::Router, cookie: &str, artist: i32, folder: Option<i32>) {
    let favorite = NewFavorite {
        artist_id: artist,
        folder_id: folder,
    };
    let added = Browser::with_session(app.clone(), cookie)
        .call(&library::ADD_FAVORITE, &[], &favorite)
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
}

/// Makes a folder in the visitor's library; its id.
pub async fn create_folder(app: &axum::Router, cookie: &str, name: &str) -> i32 {
    let folder = NewFolder {
        name: name.to_owned(),
    };
    let created = Browser::with_session(app.clone(), cookie)
        .call(&library::CREATE_FOLDER, &[], &folder)
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    created.value().id
}

pub async fn as_user(
    app: &axum::Router,
    cookie: &str,
    method: &str,
    uri: &str,
    json: Option<serde_json::Value>,
) -> Answer {
    Browser::with_session(app.clone(), cookie)
        .ask(method, uri, json)
        .await
}

async fn a_signed_in_page_carries_the_library_and_skips_the_render_cache(db: &TestDb) {
    let app = app_with_bundle(db, COUNTING_BUNDLE).await;
    let queen = id_of(&app, "Queen").await;
    let cookie = signed_in(&app, db, "ann@example.com").await;
    add_favorite(&app, &cookie, queen, None).await;
    let page = format!("/artist/{queen}");

    let first = as_user(&app, &cookie, "GET", &page, None).await;
    assert!(first.body.contains("<p>render 1</p>"));
    assert!(
        first.body.contains(library::FAVORITES.path(&[]).as_str()),
        "her favorites are in the page state"
    );
    assert!(first.body.contains(library::FOLDERS.path(&[]).as_str()));
    assert!(first.body.contains("ann@example.com"), "and who she is");
    assert_eq!(first.headers[header::CACHE_CONTROL], "private, no-store");
    assert!(
        first.headers.get(header::ETAG).is_none(),
        "nothing for a cache to revalidate"
    );
    let again = as_user(&app, &cookie, "GET", &page, None).await;
    assert!(
        again.body.contains("<p>render 2</p>"),
        "never served from the cache"
    );

    let anonymous = get(&app, &page).await;
    assert!(
        anonymous.body.contains("<p>render 3</p>"),
        "a signed-in render was not cached for anyone"
    );
    assert!(!anonymous
        .body
        .contains(library::FAVORITES.path(&[]).as_str()));
    assert!(!anonymous.body.contains("ann@example.com"));
    assert!(anonymous.headers[header::CACHE_CONTROL]
        .to_str()
        .unwrap()
        .starts_with("public"));
    let anonymous_again = get(&app, &page).await;
    assert!(
        anonymous_again.body.contains("<p>render 3</p>"),
        "anonymous pages stay cached"
    );

    // And a signed-in visit after that is still her own render, not the cached one.
    let later = as_user(&app, &cookie, "GET", &page, None).await;
    assert!(later.body.contains("<p>render 4</p>"));
    assert!(later.body.contains("ann@example.com"));
}

async fn the_data_export_holds_the_callers_library_and_nobody_elses(db: &TestDb) {
    let app = crate::app(db).await;
    let queen = id_of(&app, "Queen").await;
    let adele = id_of(&app, "Adele").await;
    let ann = signed_in(&app, db, "ann@example.com").await;
    let bob = signed_in(&app, db, "bob@example.com").await;
    add_favorite(&app, &ann, queen, None).await;
    add_favorite(&app, &bob, adele, None).await;
    create_folder(&app, &ann, "Road trip").await;

    let export = as_user(&app, &ann, "GET", accounts::EXPORT.path(&[]).as_str(), None).await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.body);
    let file = export.json();
    let favorites = file["favorites"].as_array().unwrap();
    assert_eq!(favorites.len(), 1, "{favorites:?}");
    assert_eq!(favorites[0]["artistId"], queen);
    assert_eq!(file["folders"].as_array().unwrap().len(), 1);
    assert_eq!(file["folders"][0]["name"], "Road trip");
    assert!(!export.body.contains("bob@example.com"));
    assert!(!export.body.contains(&format!("\"artistId\":{adele}")));
}

/// The `<title>` of a page.
fn title_of(body: &str) -> &str {
    let start = body.find("<title>").expect("a title") + "<title>".len();
    let end = body[start..].find("</title>").expect("a closed title") + start;
    &body[start..end]
}

async fn the_favorites_screens_signed_out_ask_for_a_login_and_stay_private(db: &TestDb) {
    let app = crate::app(db).await;
    for url in ["/favorites", "/favorites/folder/1"] {
        let page = get(&app, url).await;
        assert_eq!(page.status, StatusCode::OK, "{url}");
        assert_eq!(
            page.headers[header::CACHE_CONTROL],
            "private, no-store",
            "{url}"
        );
        assert_eq!(title_of(&page.body), "My Favorites - Sound Atlas", "{url}");
        assert!(page.body.contains("Login Required"), "{url}");
        assert!(page.body.contains("noindex"), "{url}");
        assert!(!page.body.contains("My Folders"), "{url}");
    }
}

async fn the_favorites_screens_show_the_visitors_own_library_in_the_first_html(db: &TestDb) {
    let app = crate::app(db).await;
    let queen = id_of(&app, "Queen").await;
    let adele = id_of(&app, "Adele").await;
    let ann = signed_in(&app, db, "ann@example.com").await;
    let bob = signed_in(&app, db, "bob@example.com").await;
    for (cookie, artist) in [(&ann, queen), (&bob, adele)] {
        add_favorite(&app, cookie, artist, None).await;
    }
    let folder_id = create_folder(&app, &ann, "<script>alert(1)</script> Mix").await;

    let top = as_user(&app, &ann, "GET", "/favorites", None).await;
    assert_eq!(top.status, StatusCode::OK);
    assert_eq!(top.headers[header::CACHE_CONTROL], "private, no-store");
    assert!(
        top.body
            .contains("<h1 class=\"library-title\">My Favorites</h1>"),
        "{}",
        top.body
    );
    assert!(top.body.contains("My Folders"));
    assert!(top.body.contains("Search favorites..."));
    assert!(top.body.contains(">Queen</h3>"), "her favorite is listed");
    assert!(!top.body.contains(">Adele</h3>"), "not Bob's");
    assert!(
        !top.body.contains("<script>alert(1)"),
        "the folder name is escaped"
    );
    assert!(top
        .body
        .contains("&lt;script&gt;alert(1)&lt;/script&gt; Mix"));

    let inside = as_user(
        &app,
        &ann,
        "GET",
        &format!("/favorites/folder/{folder_id}"),
        None,
    )
    .await;
    assert_eq!(inside.status, StatusCode::OK);
    let title = title_of(&inside.body);
    assert!(
        title.ends_with("alert(1)&#60;/script&#62; Mix - My Favorites - Sound Atlas"),
        "{title}"
    );
    assert!(
        !inside.body.contains("<script>alert(1)"),
        "escaped everywhere"
    );
    assert!(inside.body.contains("0 tracks"));
    assert!(inside.body.contains("Empty Folder"));
    assert!(
        !inside.body.contains("Search folder tracks..."),
        "no search in an empty folder"
    );

    // Bob cannot open Ann's folder: the same 404 as a folder that never existed.
    let theirs = as_user(
        &app,
        &bob,
        "GET",
        &format!("/favorites/folder/{folder_id}"),
        None,
    )
    .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    assert!(theirs.body.contains("Folder Not Found"));
    assert!(!theirs.body.contains("alert(1)"));
    let none = as_user(&app, &ann, "GET", "/favorites/folder/999999", None).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    // Its own title, and no canonical URL (an error page names none).
    for missing in [&theirs, &none] {
        assert!(
            missing
                .body
                .contains("<title>Folder Not Found - Sound Atlas</title>"),
            "{}",
            &missing.body[..missing.body.len().min(600)]
        );
        assert!(!missing.body.contains("rel=\"canonical\""));
    }

    // The artist page shows her heart filled and the header count, in the first HTML.
    let artist = as_user(&app, &ann, "GET", &format!("/artist/{queen}"), None).await;
    assert!(
        artist.body.contains("Remove from Favorites"),
        "her heart is filled"
    );
    assert!(artist.body.contains("Favorites: 1"));
    let anonymous = get(&app, &format!("/artist/{queen}")).await;
    assert!(anonymous.body.contains("Add to Favorites"));
    assert!(!anonymous.body.contains("Remove from Favorites"));
    assert!(anonymous.body.contains("Favorites: 0"));

    // The header counts what /favorites lists at the top level: a top-level video
    // favorite too (not one filed in a folder), already in the first HTML.
    for folder in [None, Some(folder_id)] {
        let video = NewVideoFavorite {
            video_id: "fJ9rUzIMcZQ".to_owned(),
            artist_id: queen,
            folder_id: folder,
            title: "Bohemian Rhapsody".to_owned(),
            description: String::new(),
            thumbnail: "https://i.ytimg.com/vi/fJ9rUzIMcZQ/hqdefault.jpg".to_owned(),
            url: "https://www.youtube.com/watch?v=fJ9rUzIMcZQ".to_owned(),
            artist_name: "Queen".to_owned(),
            published_at: "2008-08-01T00:00:00Z".to_owned(),
        };
        let saved = Browser::with_session(app.clone(), &ann)
            .call(&library::ADD_VIDEO_FAVORITE, &[], &video)
            .await;
        assert!(saved.status.is_success(), "{}", saved.body);
    }
    let artist = as_user(&app, &ann, "GET", &format!("/artist/{queen}"), None).await;
    assert!(
        artist.body.contains("Favorites: 2"),
        "one artist, one video"
    );

    // Favorites mode: prev/next run through her favorites.
    let mode = as_user(
        &app,
        &ann,
        "GET",
        &format!("/artist/{queen}?list=favorites"),
        None,
    )
    .await;
    let text = mode.body.replace("<!-- -->", "");
    assert!(text.contains("1 / 1 favorites"), "{text}");
    assert!(
        mode.body.contains("href=\"/favorites\""),
        "Back returns to the favorites"
    );
}

/// A page answered with a `Set-Cookie` (here the session of a deleted account ending) is
/// its recipient's alone, though the page is otherwise anonymous.
async fn a_page_that_sets_a_cookie_is_never_for_a_shared_cache(db: &TestDb) {
    use sea_orm::EntityTrait;
    let app = crate::app(db).await;
    let cookie = signed_in(&app, db, "gone@example.com").await;
    sound_atlas_entity::user::Entity::delete_many()
        .exec(&db.conn)
        .await
        .unwrap();
    let page = as_user(&app, &cookie, "GET", "/about", None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.headers.contains_key(header::SET_COOKIE),
        "the session ends"
    );
    assert_eq!(page.headers[header::CACHE_CONTROL], "private, no-store");
    assert!(page.headers.get(header::ETAG).is_none());
    // The same page without the cookie is the shared one.
    let anonymous = get(&app, "/about").await;
    assert!(anonymous.headers.get(header::SET_COOKIE).is_none());
    assert!(anonymous.headers[header::CACHE_CONTROL]
        .to_str()
        .unwrap()
        .starts_with("public"));
}

db_tests!(
    a_page_that_sets_a_cookie_is_never_for_a_shared_cache,
    the_favorites_screens_signed_out_ask_for_a_login_and_stay_private,
    the_favorites_screens_show_the_visitors_own_library_in_the_first_html,
    a_signed_in_page_carries_the_library_and_skips_the_render_cache,
    the_data_export_holds_the_callers_library_and_nobody_elses
);
