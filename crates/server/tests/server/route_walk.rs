//! Every route of the contract's route table, rendered with sample parameters: each
//! page's React tree reads exactly what the server prefetched (no query left loading in
//! the crawler's HTML, no prefetched read sent for nothing).

use axum::http::StatusCode;
use sound_atlas_contract::accounts::api::USER;
use sound_atlas_contract::catalog::MAX_SEARCH_PAGE;
use sound_atlas_contract::library::api as library;
use sound_atlas_contract::pages::routes;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::library::{add_favorite, as_user, create_folder, signed_in};
use crate::{app, get, id_of, Answer};

/// Sample request targets of one route, with the status each answers. A route added to
/// the table without samples here fails the walk.
fn samples(route_id: &str, artist_id: i32) -> Vec<(String, StatusCode)> {
    let ok = StatusCode::OK;
    let owned = |list: &[(&str, StatusCode)]| -> Vec<(String, StatusCode)> {
        list.iter()
            .map(|(url, status)| (url.to_string(), *status))
            .collect()
    };
    match route_id {
        "home" => owned(&[("/", ok), ("/?refresh=true", ok), ("/?week=2026-11-23", ok)]),
        "browse" => owned(&[
            ("/browse", ok),
            ("/browse?letter=B", ok),
            ("/browse?letter=B&page=2", ok),
            ("/browse?letter=%23", ok),
            ("/browse?letter=zz&page=nope", ok),
            ("/browse?country=united-kingdom&letter=T", ok),
            ("/browse?country=united-states&letter=T&page=1", ok),
            ("/browse?country=atlantis&letter=B", ok),
        ]),
        "country" => owned(&[
            ("/country/united-kingdom", ok),
            ("/country/united-kingdom?page=2", ok),
            ("/country/united-states?from=3", ok),
            ("/country/atlantis", StatusCode::NOT_FOUND),
        ]),
        "decade" => owned(&[
            ("/decade/1960s", ok),
            ("/decade/1970s?from=2&page=3", ok),
            ("/decade/1965s", StatusCode::NOT_FOUND),
            ("/decade/2090s", StatusCode::NOT_FOUND),
        ]),
        "genre" => owned(&[
            ("/genre/pop", ok),
            ("/genre/pop?page=2", ok),
            ("/genre/pop?from=3", ok),
            ("/genre/pop?from=2&page=3", ok),
            ("/genre/r-and-b?from=nope&page=-1", ok),
            ("/genre/no-such-genre", StatusCode::NOT_FOUND),
            ("/genre/Not%20A%20Slug", StatusCode::NOT_FOUND),
        ]),
        "artist" => vec![
            (format!("/artist/{artist_id}"), ok),
            ("/artist/999999".into(), StatusCode::NOT_FOUND),
            ("/artist/not-a-number".into(), StatusCode::NOT_FOUND),
        ],
        "search" => owned(&[("/search", ok)]),
        "searchResults" => vec![
            ("/search/rock".into(), ok),
            ("/search/rock?page=2".into(), ok),
            (format!("/search/rock?page={MAX_SEARCH_PAGE}"), ok),
            ("/search/%20rock%20".into(), ok),
            ("/search/qqqqzzzzxxxx".into(), ok),
            (
                format!("/search/{}", "a".repeat(101)),
                StatusCode::BAD_REQUEST,
            ),
        ],
        "quiz" => owned(&[
            ("/quiz", ok),
            ("/quiz?seed=route-walk", ok),
            ("/quiz?seed=not%20a%20seed", ok),
        ]),
        // The privacy pages: signed out, each renders "Login Required" from its prefetch
        "privacySettings" => owned(&[("/privacy-settings", ok)]),
        "dataAccess" => owned(&[("/data-access", ok)]),
        "accountDeletion" => owned(&[("/account-deletion", ok)]),
        "confirmEmail" => owned(&[("/confirm-email?token=abc", ok), ("/confirm-email", ok)]),
        "newPassword" => owned(&[("/new-password?token=abc", ok)]),
        // The favorites: signed out, the screen renders its login prompt
        "favorites" => owned(&[("/favorites", ok)]),
        "favoritesFolder" => owned(&[("/favorites/folder/1", ok), ("/favorites/folder/nope", ok)]),
        // Articles and the site's own pages
        "articles" => owned(&[
            ("/articles", ok),
            ("/articles?category=artist-spotlight", ok),
            ("/articles?category=News%20%26%20Updates", ok),
            ("/articles?category=no-such-category", ok),
        ]),
        "article" => owned(&[
            ("/articles/1", ok),
            ("/articles/999999", StatusCode::NOT_FOUND),
            ("/articles/not-a-number", StatusCode::NOT_FOUND),
        ]),
        "about" => owned(&[("/about", ok)]),
        "privacyPolicy" => owned(&[("/privacy-policy", ok)]),
        "termsOfService" => owned(&[("/terms-of-service", ok)]),
        other => panic!("route {other:?} has no sample URLs: add them to route_walk.rs"),
    }
}

async fn every_route_renders_from_its_prefetch_alone(db: &TestDb) {
    let app = app(db).await;
    let artist_id = id_of(&app, "Queen").await;
    let mut walked = Vec::new();
    for route in routes::ALL {
        for (url, status) in samples(route.id, artist_id) {
            walked.push((route.id, url, status));
        }
    }
    walked.push(("notFound", "/no/such/page".into(), StatusCode::NOT_FOUND));

    for (route_id, url, status) in walked {
        let page = get(&app, &url).await;
        assert_eq!(page.status, status, "{url}");
        assert_renders_from_prefetch(&page, route_id, &url, &[]);
        assert_preloads_its_page_module(&app, &page, route_id, &url).await;
    }
}

/// A routed page's document preloads the file of its page's module (named by the render,
/// found in the build's manifest) with the entry, inert until the boot starts both after
/// the first paint, so hydration fetches nothing after the entry.
async fn assert_preloads_its_page_module(
    app: &axum::Router,
    page: &Answer,
    route_id: &str,
    url: &str,
) {
    let template = format!(
        "<template id=\"{}\">",
        sound_atlas::bundle::Manifest::embedded().boot.template
    );
    let scripts = page
        .body
        .split(&template)
        .nth(1)
        .and_then(|rest| rest.split("</template>").next())
        .unwrap_or_else(|| panic!("{url} has no scripts template"));
    assert!(
        !page
            .body
            .split("</head>")
            .next()
            .unwrap()
            .contains("modulepreload"),
        "{url} preloads a module before its first paint"
    );
    let preloads: Vec<&str> = scripts
        .split("<link rel=\"modulepreload\" href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    if route_id == "notFound" {
        assert!(preloads.is_empty(), "{url} preloads {preloads:?}");
        return;
    }
    assert_eq!(preloads.len(), 1, "{url} preloads {preloads:?}");
    let file = get(app, preloads[0]).await;
    assert_eq!(
        file.status,
        StatusCode::OK,
        "{url} preloads {}",
        preloads[0]
    );
    assert!(
        file.body.contains("=globalThis.__soundAtlasShared"),
        "{url}: {} takes the shared code from the entry",
        preloads[0]
    );
}

/// The reads the server adds to every page of a signed-in visitor (pages::library).
fn viewer_keys() -> [String; 4] {
    [
        USER.path(&[]).into_string(),
        library::FAVORITES.path(&[]).into_string(),
        library::FOLDERS.path(&[]).into_string(),
        library::VIDEO_FAVORITES.path(&[]).into_string(),
    ]
}

fn assert_renders_from_prefetch(page: &Answer, route_id: &str, url: &str, may_skip: &[String]) {
    {
        let report =
            crate::prefetch(page).unwrap_or_else(|| panic!("{url} was not rendered by the engine"));
        assert_eq!(report.route, route_id, "{url}");
        assert!(
            report.missed.is_empty(),
            "{url} read without a prefetch: {:?}",
            report.missed
        );
        let unread: Vec<&String> = report
            .unread
            .iter()
            .filter(|key| !may_skip.contains(key))
            .collect();
        assert!(
            unread.is_empty(),
            "{url} prefetched for nothing: {unread:?}"
        );
        for spinner in ["aria-busy=\"true\"", "class=\"skeleton"] {
            assert!(
                !page.body.contains(spinner),
                "{url} renders a loading state ({spinner})"
            );
        }
    }
}

/// Signed in with a favorite, a folder holding it and a second favorite: every route
/// renders from the page's reads plus the visitor's library alone (the hearts, the
/// header count and the favorites screens need no request), privately. The visitor's
/// reads go into every page, so a page may leave some of them unread.
async fn every_route_renders_signed_in_from_its_prefetch_and_the_library(db: &TestDb) {
    let app = app(db).await;
    let artist_id = id_of(&app, "Queen").await;
    let other = id_of(&app, "Adele").await;
    let cookie = signed_in(&app, db, "walker@example.com").await;
    for id in [artist_id, other] {
        add_favorite(&app, &cookie, id, None).await;
    }
    let folder = create_folder(&app, &cookie, "Walk <b>folder</b>").await;
    add_favorite(&app, &cookie, artist_id, Some(folder)).await;

    let mut walked = Vec::new();
    for route in routes::ALL {
        let samples = match route.id {
            "favoritesFolder" => vec![
                (format!("/favorites/folder/{folder}"), StatusCode::OK),
                (
                    format!("/favorites/folder/{}", folder + 1000),
                    StatusCode::NOT_FOUND,
                ),
                ("/favorites/folder/nope".into(), StatusCode::NOT_FOUND),
            ],
            id => samples(id, artist_id),
        };
        for (url, status) in samples {
            walked.push((route.id, url, status));
        }
    }
    walked.push((
        "artist",
        format!("/artist/{artist_id}?list=favorites"),
        StatusCode::OK,
    ));
    walked.push((
        "artist",
        format!("/artist/{artist_id}?list=favorites&folder={folder}"),
        StatusCode::OK,
    ));
    walked.push(("notFound", "/no/such/page".into(), StatusCode::NOT_FOUND));

    for (route_id, url, status) in walked {
        let page = as_user(&app, &cookie, "GET", &url, None).await;
        assert_eq!(page.status, status, "{url}");
        assert_eq!(
            page.headers[axum::http::header::CACHE_CONTROL],
            "private, no-store",
            "{url}"
        );
        assert_renders_from_prefetch(&page, route_id, &url, &viewer_keys());
    }
}

db_tests!(
    every_route_renders_from_its_prefetch_alone,
    every_route_renders_signed_in_from_its_prefetch_and_the_library
);
