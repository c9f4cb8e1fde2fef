//! The country and decade lists against a real database, on SQLite and PostgreSQL: each
//! page holds the artists a walk over the whole list would find, in list order.

use sound_atlas_catalog::{reads, seed, Catalog, Letter, PageNumber};
use sound_atlas_contract::catalog::decade_of;
use sound_atlas_test_db::{db_tests, TestDb};

fn page(n: usize) -> PageNumber {
    PageNumber::parse(&n.to_string()).unwrap()
}

async fn seeded(db: &TestDb) -> Catalog {
    seed::load(&db.conn).await.expect("seed loads");
    Catalog::new(db.conn.clone())
}

/// Every artist's id with its country's name and its year, in list order.
async fn every_artist(catalog: &Catalog) -> Vec<(i32, Option<String>, Option<i32>)> {
    let snapshot = catalog.snapshot(false).await.unwrap();
    let ids: Vec<i32> = snapshot.entries().map(|e| e.id).collect();
    catalog
        .artists(&ids)
        .await
        .unwrap()
        .into_iter()
        .map(|a| (a.id, a.country.map(|c| c.name), a.year))
        .collect()
}

/// The ids on every page of a paged read, walked to its last page.
async fn walk<F, Fut>(read: F) -> Vec<i32>
where
    F: Fn(PageNumber) -> Fut,
    Fut: std::future::Future<Output = (usize, Vec<i32>)>,
{
    let (pages, mut ids) = read(page(1)).await;
    for n in 2..=pages {
        ids.extend(read(page(n)).await.1);
    }
    ids
}

/// A country's pages list its artists and a decade's those born or formed in it, by
/// title; the seed's "Liverpool, England" is the United Kingdom.
async fn country_and_decade_pages_walk_their_artists(db: &TestDb) {
    let catalog = seeded(db).await;
    let all = every_artist(&catalog).await;
    let beatles = catalog.snapshot(false).await.unwrap();
    let beatles = beatles
        .entries()
        .find(|e| &*e.title == "The Beatles")
        .unwrap()
        .id;
    let artist = catalog.artists(&[beatles]).await.unwrap().remove(0);
    let uk = artist.country.expect("the Beatles' country");
    assert_eq!(
        (uk.name.as_str(), uk.slug.as_str()),
        ("United Kingdom", "united-kingdom")
    );

    let from_uk: Vec<i32> = all
        .iter()
        .filter(|(_, country, _)| country.as_deref() == Some("United Kingdom"))
        .map(|(id, ..)| *id)
        .collect();
    assert!(from_uk.len() > 24, "several pages of British artists");
    let walked = walk(|n| {
        let catalog = catalog.clone();
        async move {
            let page = reads::country(&catalog, "united-kingdom", n).await.unwrap();
            assert_eq!(page.facet.artists, page.total);
            (page.pages, page.artists.iter().map(|a| a.id).collect())
        }
    })
    .await;
    assert_eq!(walked, from_uk);

    let sixties: Vec<i32> = all
        .iter()
        .filter(|(.., year)| year.is_some_and(|y| decade_of(y) == "1960s"))
        .map(|(id, ..)| *id)
        .collect();
    assert!(sixties.len() > 12);
    let walked = walk(|n| {
        let catalog = catalog.clone();
        async move {
            let page = reads::decade(&catalog, "1960s", n).await.unwrap();
            assert_eq!(page.facet.name, "1960s");
            (page.pages, page.artists.iter().map(|a| a.id).collect())
        }
    })
    .await;
    assert_eq!(walked, sixties);

    let countries = reads::countries(&catalog).await.unwrap();
    let listed = countries
        .iter()
        .find(|c| c.slug == "united-kingdom")
        .unwrap();
    assert_eq!(listed.artists, from_uk.len());
    assert_eq!(
        countries.iter().map(|c| c.artists).sum::<usize>(),
        all.iter().filter(|(_, c, _)| c.is_some()).count(),
        "every artist with a country is under one"
    );
    for (read, text) in [
        (
            reads::country(&catalog, "atlantis", page(1)).await,
            "This country could not be found.",
        ),
        (
            reads::decade(&catalog, "1965s", page(1)).await,
            "This decade could not be found.",
        ),
        (
            reads::decade(&catalog, "2090s", page(1)).await,
            "This decade could not be found.",
        ),
    ] {
        let err = read.unwrap_err();
        assert_eq!(
            (err.status().as_u16(), err.to_string()),
            (404, text.to_owned())
        );
    }
}

/// Browse filtered to a country is, for every letter and page, the letter's list with
/// only that country's artists.
async fn browse_in_a_country_is_the_letter_within_the_country(db: &TestDb) {
    let catalog = seeded(db).await;
    let all = every_artist(&catalog).await;
    let titles: std::collections::HashMap<i32, String> = {
        let snapshot = catalog.snapshot(false).await.unwrap();
        snapshot
            .entries()
            .map(|e| (e.id, e.title.to_string()))
            .collect()
    };
    for letter in Letter::all() {
        let expected: Vec<i32> = all
            .iter()
            .filter(|(id, country, _)| {
                country.as_deref() == Some("United States")
                    && Letter::of_title(&titles[id]) == letter
            })
            .map(|(id, ..)| *id)
            .collect();
        let walked = walk(|n| {
            let catalog = catalog.clone();
            async move {
                let page = reads::browse_in_country(&catalog, "united-states", letter, n, false)
                    .await
                    .unwrap();
                assert_eq!(
                    page.country.as_ref().map(|c| c.name.as_str()),
                    Some("United States")
                );
                (page.pages, page.artists.iter().map(|a| a.id).collect())
            }
        })
        .await;
        assert_eq!(walked, expected, "{letter}");
    }
    let unknown = reads::browse_in_country(&catalog, "atlantis", Letter::DEFAULT, page(1), false)
        .await
        .unwrap_err();
    assert_eq!(unknown.status().as_u16(), 404);
}

db_tests!(
    country_and_decade_pages_walk_their_artists,
    browse_in_a_country_is_the_letter_within_the_country,
);
