//! Catalogue reads against a real database, on SQLite and PostgreSQL.

use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use sound_atlas_catalog::{
    reads, seed, ArtistId, Catalog, GenreSlug, Letter, ListCursor, ListRequest, PageNumber,
    SearchQuery,
};
use sound_atlas_entity::artist;
use sound_atlas_test_db::{db_tests, TestDb};
use sound_atlas_web::ApiError;

fn id(n: i32) -> ArtistId {
    ArtistId::parse(&n.to_string()).unwrap()
}

fn q(text: &str) -> SearchQuery {
    SearchQuery::parse(Some(text)).unwrap()
}

fn page(n: usize) -> PageNumber {
    PageNumber::parse(&n.to_string()).unwrap()
}

async fn seeded(db: &TestDb) -> Catalog {
    seed::load(&db.conn).await.expect("seed loads");
    Catalog::new(db.conn.clone())
}

/// Every artist in list order, read whole.
async fn every_artist(catalog: &Catalog) -> Vec<sound_atlas_catalog::model::Artist> {
    let snapshot = catalog.snapshot(false).await.unwrap();
    let ids: Vec<i32> = snapshot.entries().map(|e| e.id).collect();
    catalog.artists(&ids).await.unwrap()
}

async fn seed_loads_every_artist_once(db: &TestDb) {
    let expected = seed::seed_artists().unwrap().len();
    assert_eq!(seed::load(&db.conn).await.unwrap(), expected);
    assert_eq!(
        seed::load(&db.conn).await.unwrap(),
        0,
        "a second load inserts nothing"
    );
    let catalog = Catalog::new(db.conn.clone());
    assert_eq!(every_artist(&catalog).await.len(), expected);
}

/// The seed's facts are the editors', dated by the day each entry states it was
/// checked; a catalogue seeded before writes were recorded gets those records on the
/// next load, for the fields that still hold the seed's value, and only those.
async fn the_seed_s_facts_are_recorded_as_the_editors_on_the_day_checked(db: &TestDb) {
    use sea_orm::{ColumnTrait, QueryFilter};
    use sound_atlas_catalog::enrichment::{self, FieldSource};
    use sound_atlas_catalog::write::{Field, Source};
    use sound_atlas_entity::artist_field_source;
    seed::load(&db.conn).await.unwrap();
    let row = artist::Entity::find()
        .filter(artist::Column::ExternalId.eq("van-halen"))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    let checked = 1_795_824_000; // 2026-11-28, the entry's checkedOn
    let seeded = |field| FieldSource {
        field,
        source: Source::Seed,
        at: checked,
    };
    let recorded = enrichment::sources_of(&db.conn, row.id).await.unwrap();
    for field in [Field::Year, Field::Origin, Field::Genres, Field::FunFact] {
        assert!(
            recorded.contains(&seeded(field)),
            "{field:?} in {recorded:?}"
        );
    }

    // As a catalogue seeded before: no records, and an origin changed since.
    artist_field_source::Entity::delete_many()
        .exec(&db.conn)
        .await
        .unwrap();
    artist::ActiveModel {
        id: Set(row.id),
        origin: Set(Some("Pasadena".into())),
        ..Default::default()
    }
    .update(&db.conn)
    .await
    .unwrap();
    assert_eq!(seed::load(&db.conn).await.unwrap(), 0, "nothing inserted");
    let recorded = enrichment::sources_of(&db.conn, row.id).await.unwrap();
    for field in [Field::Year, Field::Genres, Field::FunFact] {
        assert!(
            recorded.contains(&seeded(field)),
            "{field:?} in {recorded:?}"
        );
    }
    assert!(
        recorded.iter().all(|r| r.field != Field::Origin),
        "not the seed's origin: {recorded:?}"
    );
}

/// The list's pages, walked by their `next`, hold every artist once, by title
/// ignoring case; a cursor still places a page after its artist has gone.
async fn the_list_is_paged_by_title_ignoring_case(db: &TestDb) {
    let catalog = seeded(db).await;
    let page = |after: Option<String>, limit: usize| {
        let catalog = catalog.clone();
        async move {
            let request = ListRequest {
                after: after.map(|raw| ListCursor::parse(&raw).unwrap()),
                limit,
                refresh: false,
            };
            reads::list(&catalog, &request).await.unwrap()
        }
    };
    let mut walked = Vec::new();
    let mut after = None;
    loop {
        let page = page(after, 7).await;
        assert!(page.artists.len() <= 7);
        walked.extend(page.artists);
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    let all = every_artist(&catalog).await;
    assert_eq!(walked, all);
    let titles: Vec<String> = all.iter().map(|a| a.title.to_lowercase()).collect();
    let mut sorted = titles.clone();
    sorted.sort();
    assert_eq!(titles, sorted);
    assert_eq!(page(None, 1000).await.total, all.len());

    let first = page(None, 3).await;
    let next = first.next.clone().unwrap();
    artist::Entity::delete_by_id(first.artists[2].id)
        .exec(&db.conn)
        .await
        .unwrap();
    catalog.invalidate().await;
    assert_eq!(page(Some(next), 1).await.artists[0], all[3]);
}

async fn an_artist_reads_back_with_its_links_and_facts(db: &TestDb) {
    let catalog = seeded(db).await;
    let hits = reads::search(&catalog, &q("The Beatles")).await.unwrap();
    let beatles = reads::artist(&catalog, id(hits[0].id)).await.unwrap();
    assert_eq!(beatles.title, "The Beatles");
    assert_eq!(beatles.kind, "band");
    assert_eq!(beatles.year, Some(1960));
    assert!(beatles.genres.iter().any(|g| g == "Rock"));
    assert_eq!(
        beatles.bio_source_link.as_deref(),
        Some("https://en.wikipedia.org/wiki/The_Beatles")
    );
    assert_eq!(
        beatles.spotify_link.as_deref(),
        Some("https://open.spotify.com/search/The%20Beatles")
    );
}

async fn an_unknown_artist_is_not_found(db: &TestDb) {
    let catalog = seeded(db).await;
    let err = reads::artist(&catalog, id(999_999)).await.unwrap_err();
    assert!(matches!(err, ApiError::NotFound(ref m) if m == reads::ARTIST_NOT_FOUND));
    assert!(reads::neighbors(&catalog, id(999_999)).await.is_err());
}

async fn neighbors_wrap_around_the_full_list(db: &TestDb) {
    let catalog = seeded(db).await;
    let all = every_artist(&catalog).await;
    let first = reads::neighbors(&catalog, id(all[0].id)).await.unwrap();
    assert_eq!((first.position, first.total), (1, all.len()));
    assert_eq!(first.previous_id, all.last().unwrap().id);
    assert_eq!(first.next_id, all[1].id);
    let last = reads::neighbors(&catalog, id(all.last().unwrap().id))
        .await
        .unwrap();
    assert_eq!(last.next_id, all[0].id);
}

async fn browse_pages_hold_twelve_artists_of_one_letter(db: &TestDb) {
    let catalog = seeded(db).await;
    let b = Letter::parse("B").unwrap();
    let first = reads::browse(&catalog, b, page(1), false).await.unwrap();
    assert_eq!(first.artists.len(), 12.min(first.total));
    assert!(first
        .artists
        .iter()
        .all(|a| a.title.to_uppercase().starts_with('B')));
    let pages = first.total.div_ceil(12);
    let last = reads::browse(&catalog, b, page(pages), false)
        .await
        .unwrap();
    assert_eq!(last.artists.len(), first.total - (pages - 1) * 12);
    let beyond = reads::browse(&catalog, b, page(pages + 1), false)
        .await
        .unwrap();
    assert!(beyond.artists.is_empty());
    let digits = reads::browse(&catalog, Letter::parse("#").unwrap(), page(1), false)
        .await
        .unwrap();
    assert!(digits
        .artists
        .iter()
        .all(|a| a.title.starts_with(|c: char| c.is_ascii_digit())));
}

/// An artist row with these genres (and a biography or none), for the genre reads.
async fn insert_artist(db: &TestDb, title: &str, genres: &[&str], bio: Option<&str>) -> i32 {
    artist::ActiveModel {
        external_id: Set(format!("test-{title}")),
        title: Set(title.into()),
        kind: Set("band".into()),
        genres: Set(serde_json::to_string(genres).unwrap()),
        bio: Set(bio.map(str::to_owned)),
        ..Default::default()
    }
    .insert(&db.conn)
    .await
    .unwrap()
    .id
}

fn slug(text: &str) -> GenreSlug {
    GenreSlug::parse(text).unwrap()
}

/// A genre's pages, walked to the end, hold exactly the artists that list it, by
/// title, twelve a page; the slug is the genre's name made plain.
async fn genre_pages_walk_the_artists_of_one_genre(db: &TestDb) {
    let catalog = seeded(db).await;
    let snapshot = catalog.snapshot(false).await.unwrap();
    let expected: Vec<i32> = snapshot
        .entries()
        .filter(|a| snapshot.genres_of(a).any(|g| g == "R&B"))
        .map(|a| a.id)
        .collect();
    assert!(expected.len() > 24, "the seed has several pages of R&B");
    let first = reads::genre(&catalog, &slug("r-and-b"), page(1))
        .await
        .unwrap();
    assert_eq!(first.genre.name, "R&B");
    assert_eq!(first.genre.artists, expected.len());
    assert_eq!((first.total, first.page_size), (expected.len(), 12));
    // Some list R&B after another genre; on its page every card names it first.
    assert!(snapshot.entries().any(|a| snapshot
        .genres_of(a)
        .position(|g| g == "R&B")
        .is_some_and(|i| i > 0)));
    let mut walked = Vec::new();
    for n in 1..=first.total.div_ceil(12) {
        let page = reads::genre(&catalog, &slug("r-and-b"), page(n))
            .await
            .unwrap();
        assert!(page.artists.len() <= 12);
        for card in &page.artists {
            assert_eq!(
                card.genres.first().map(String::as_str),
                Some("R&B"),
                "{}",
                card.title
            );
        }
        walked.extend(page.artists.iter().map(|a| a.id));
    }
    assert_eq!(walked, expected);
    let beyond = reads::genre(&catalog, &slug("r-and-b"), page(99))
        .await
        .unwrap();
    assert!(beyond.artists.is_empty());
    let unknown = reads::genre(&catalog, &slug("no-such-genre"), page(1))
        .await
        .unwrap_err();
    assert_eq!(unknown.status().as_u16(), 404);
    assert_eq!(unknown.to_string(), reads::GENRE_NOT_FOUND);
}

/// Two names with one slug each get a page of their own (the one most artists list
/// keeps the slug); an artist's chips and a search name each genre's page.
async fn genres_sharing_a_slug_each_have_their_page(db: &TestDb) {
    seed::load(&db.conn).await.unwrap();
    let lone = insert_artist(
        db,
        "Zz Lone Hip Hopper",
        &["Hip Hop", "Rock"],
        Some("A bio."),
    )
    .await;
    let catalog = Catalog::new(db.conn.clone());
    let spaced = reads::genre(&catalog, &slug("hip-hop-2"), page(1))
        .await
        .unwrap();
    assert_eq!(spaced.genre.name, "Hip Hop");
    assert_eq!(
        spaced.artists.iter().map(|a| a.id).collect::<Vec<_>>(),
        [lone]
    );
    let hyphened = reads::genre(&catalog, &slug("hip-hop"), page(1))
        .await
        .unwrap();
    assert_eq!(hyphened.genre.name, "Hip-Hop");
    assert!(hyphened.total > 30 && !hyphened.artists.iter().any(|a| a.id == lone));
    let chips = reads::artist_genres(&catalog, id(lone)).await.unwrap();
    let chips: Vec<(&str, &str)> = chips
        .iter()
        .map(|g| (g.name.as_str(), g.slug.as_str()))
        .collect();
    assert_eq!(chips, [("Hip Hop", "hip-hop-2"), ("Rock", "rock")]);
    let offered = reads::genres_matching(&catalog, &q("hip hop"))
        .await
        .unwrap();
    assert_eq!(
        offered[0].name, "Hip-Hop",
        "the exact matches, most artists first"
    );
    assert_eq!(offered[1].name, "Hip Hop");
    assert_eq!(
        reads::artist_genres(&catalog, id(999_999))
            .await
            .unwrap_err()
            .status()
            .as_u16(),
        404
    );
}

/// An artist without a biography yet is left out of the sitemap's artists; its genres
/// are still listed, dated by their artists' newest change.
async fn thin_artists_stay_out_of_the_sitemap(db: &TestDb) {
    seed::load(&db.conn).await.unwrap();
    let thin = insert_artist(db, "Thin Band", &["Thin Wave"], None).await;
    let blank = insert_artist(db, "Blank Band", &["Thin Wave"], Some("  \n ")).await;
    let full = insert_artist(db, "Full Band", &["Thin Wave"], Some("A real biography.")).await;
    let catalog = Catalog::new(db.conn.clone());
    let listed: Vec<i32> = reads::artist_sitemap_file(&catalog, 1, 50_000)
        .await
        .unwrap()
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert!(listed.contains(&full));
    assert!(!listed.contains(&thin) && !listed.contains(&blank));
    let genres = reads::genre_sitemap_entries(&catalog).await.unwrap();
    assert!(genres.iter().any(|(slug, _)| slug == "thin-wave"));
    assert!(genres.iter().any(|(slug, _)| slug == "r-and-b"));
}

/// Over several thousand artists (some thin, each changed at its own time), the artists'
/// sitemap files split what a walk over the whole list finds, in list order, and each
/// file is dated by the newest change among its own artists, whatever the file's size
/// against the snapshot's blocks.
async fn sitemap_files_split_the_listed_artists_exactly(db: &TestDb) {
    const ARTISTS: i64 = 2_600;
    let rows: Vec<artist::ActiveModel> = (0..ARTISTS)
        .map(|i| artist::ActiveModel {
            external_id: Set(format!("sitemap-{i}")),
            title: Set(format!("Sitemap Band {:05}", (i * 7_919) % ARTISTS)),
            kind: Set("band".into()),
            genres: Set(r#"["Rock"]"#.into()),
            // Every fifth is thin, in runs that cross the snapshot's blocks unevenly.
            bio: Set((i % 5 != 3).then(|| format!("Band {i} plays."))),
            // Unrelated to the title order, so each file's newest is its own.
            updated_at: Set(Some(1_700_000_000 + (i * 104_729) % 1_000_003)),
            ..Default::default()
        })
        .collect();
    for batch in rows.chunks(500) {
        artist::Entity::insert_many(batch.to_vec())
            .exec(&db.conn)
            .await
            .unwrap();
    }
    let catalog = Catalog::new(db.conn.clone());
    let snapshot = catalog.snapshot(false).await.unwrap();
    let listed: Vec<(i32, Option<i64>)> = snapshot
        .entries()
        .filter(|a| a.bio_chars > 0)
        .map(|a| (a.id, a.updated_at()))
        .collect();
    assert_eq!(listed.len(), 2_080);
    for per_file in [1, 99, 1_000, 1_024, 1_025, 2_079, 2_080, 50_000] {
        let files = reads::artist_sitemap_files(&catalog, per_file)
            .await
            .unwrap();
        let expected: Vec<&[(i32, Option<i64>)]> = listed.chunks(per_file).collect();
        assert_eq!(files.len(), expected.len(), "{per_file} a file");
        for (n, (newest, part)) in (1..).zip(files.iter().zip(&expected)) {
            let newest_expected = part.iter().filter_map(|(_, at)| *at).max();
            assert_eq!(*newest, newest_expected, "file {n} of {per_file}: dated");
            let file = reads::artist_sitemap_file(&catalog, n, per_file)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(file, *part, "file {n} of {per_file}: its artists");
        }
        let past = reads::artist_sitemap_file(&catalog, files.len() + 1, per_file).await;
        assert_eq!(
            past.unwrap(),
            None,
            "none past the last of {per_file} a file"
        );
    }
}

/// Whether the catalogue's snapshot lists an artist titled `title`.
async fn snapshot_lists(catalog: &Catalog, title: &str) -> bool {
    let snapshot = catalog.snapshot(false).await.unwrap();
    let listed = snapshot.entries().any(|e| &*e.title == title);
    listed
}

/// The first read of a new catalogue loads the snapshot kept on disk while the table's
/// change marker is the one it was kept at: a title rewritten behind the marker's back
/// (without its change time, and on PostgreSQL with the marker's triggers off: no write
/// of ours does that) shows which was read. A
/// file cut short, a moved marker and an invalidation read the table.
async fn the_first_read_loads_the_kept_snapshot_while_the_table_is_unchanged(db: &TestDb) {
    use sea_orm::sea_query::Expr;
    use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};
    use sound_atlas_catalog::snapshot_file::SnapshotFile;
    // Waits for a background write to put a file of another length than `before`.
    let kept = |path: std::path::PathBuf, before: Option<u64>| async move {
        for _ in 0..600 {
            let now = std::fs::metadata(&path).ok().map(|m| m.len());
            if now.is_some() && now != before {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the snapshot read from the table is kept");
    };
    seed::load(&db.conn).await.unwrap();
    let dir = std::env::temp_dir().join(format!(
        "sound-atlas-kept-{}-{:?}-{}",
        std::process::id(),
        db.conn.get_database_backend(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    let file = SnapshotFile::in_dir(&dir, None);
    let with_file = || {
        let catalog = Catalog::new(db.conn.clone());
        catalog.keep_snapshot_in(file.clone());
        catalog
    };
    let first = with_file();
    let read = first.snapshot(false).await.unwrap();
    kept(file.path().to_owned(), None).await;

    let postgres = db.conn.get_database_backend() == sea_orm::DbBackend::Postgres;
    let marker_triggers = |on: &str| {
        let sql = format!("ALTER TABLE artists {on} TRIGGER artist_change_marker_update");
        async move {
            if postgres {
                db.conn.execute_unprepared(&sql).await.unwrap();
            }
        }
    };
    marker_triggers("DISABLE").await;
    artist::Entity::update_many()
        .col_expr(artist::Column::Title, Expr::value("Queen Unseen"))
        .filter(artist::Column::Title.eq("Queen"))
        .exec(&db.conn)
        .await
        .unwrap();
    marker_triggers("ENABLE").await;
    let loaded = with_file();
    assert!(
        snapshot_lists(&loaded, "Queen").await,
        "loaded from the file"
    );
    let loaded = loaded.snapshot(false).await.unwrap();
    let ids = |s: &sound_atlas_catalog::store::Snapshot| -> Vec<(i32, String, Option<i64>)> {
        s.entries()
            .map(|e| (e.id, e.title.to_string(), e.updated_at()))
            .collect()
    };
    assert_eq!(
        ids(&loaded),
        ids(&read),
        "the same artists in the same order"
    );
    let titles = |s: &sound_atlas_catalog::store::Snapshot, query: &str| -> Vec<u32> {
        s.ranked(query, usize::MAX).best.clone()
    };
    for query in ["queen", "beatels", "jazz", "r&b"] {
        assert_eq!(titles(&loaded, query), titles(&read, query), "{query}");
    }
    let facets = |s: &sound_atlas_catalog::store::Snapshot| -> Vec<(String, Vec<u32>)> {
        [s.countries(), s.decades()]
            .into_iter()
            .flat_map(|index| index.all())
            .map(|list| (list.name.to_string(), list.positions.iter().collect()))
            .collect()
    };
    assert!(facets(&read)
        .iter()
        .any(|(name, _)| name == "United Kingdom"));
    assert_eq!(
        facets(&loaded),
        facets(&read),
        "the same countries and decades"
    );
    assert!(
        snapshot_lists(&Catalog::new(db.conn.clone()), "Queen Unseen").await,
        "the table has the new title"
    );

    let whole = std::fs::read(file.path()).unwrap();
    let half = &whole[..whole.len() / 2];
    std::fs::write(file.path(), half).unwrap();
    assert!(
        snapshot_lists(&with_file(), "Queen Unseen").await,
        "a file cut short is passed over"
    );
    kept(file.path().to_owned(), Some(half.len() as u64)).await;

    std::fs::write(file.path(), &whole).unwrap();
    let invalidated = with_file();
    assert!(snapshot_lists(&invalidated, "Queen").await, "loaded again");
    invalidated.invalidate().await;
    assert!(
        snapshot_lists(&invalidated, "Queen Unseen").await,
        "an invalidation reads the table"
    );

    std::fs::write(file.path(), &whole).unwrap();
    artist::Entity::update_many()
        .col_expr(artist::Column::UpdatedAt, Expr::value(2_000_000_000_i64))
        .filter(artist::Column::Title.eq("Queen Unseen"))
        .exec(&db.conn)
        .await
        .unwrap();
    assert!(
        snapshot_lists(&with_file(), "Queen Unseen").await,
        "a moved change marker reads the table"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A server database's kept snapshot is named by its address, never by its password.
#[test]
fn a_kept_snapshot_never_names_the_database_password() {
    use sound_atlas_catalog::snapshot_file::SnapshotFile;
    let dir = std::path::Path::new("/data");
    let sqlite = SnapshotFile::in_dir(dir, None);
    let one = SnapshotFile::in_dir(dir, Some("postgres://atlas:secret@db.example/atlas"));
    let other = SnapshotFile::in_dir(dir, Some("postgres://atlas:secret@db.example/other"));
    let reset = SnapshotFile::in_dir(dir, Some("postgres://atlas:changed@db.example/atlas"));
    assert_eq!(sqlite.path(), dir.join("catalog-snapshot.bin"));
    assert_ne!(one.path(), other.path(), "one file a database");
    assert_eq!(one.path(), reset.path(), "a new password keeps the file");
    assert!(!one.path().to_string_lossy().contains("secret"));
}

async fn search_finds_typos_genres_and_ranks_exact_first(db: &TestDb) {
    let catalog = seeded(db).await;
    assert_eq!(
        reads::search(&catalog, &q("beatels")).await.unwrap()[0].title,
        "The Beatles"
    );
    assert_eq!(
        reads::search(&catalog, &q("QUEEN")).await.unwrap()[0].title,
        "Queen"
    );
    let jazz = reads::search(&catalog, &q("jazz")).await.unwrap();
    assert!(
        jazz.len() >= 3
            && jazz.iter().all(
                |a| a.genres.iter().any(|g| g.to_lowercase().contains("jazz"))
                    || a.title.to_lowercase().contains("jazz")
            )
    );
    assert!(reads::search(&catalog, &q("qqqqqqqqqq"))
        .await
        .unwrap()
        .is_empty());
}

async fn an_artist_is_found_by_every_name_it_has(db: &TestDb) {
    use sound_atlas_catalog::write::{self, ArtistUpsert, Source};
    let catalog = seeded(db).await;
    let wd = |name: &str| Some(Source::Wikidata.of(name.to_owned()));
    write::upsert(
        &db.conn,
        vec![
            ArtistUpsert {
                external_id: "q9001".into(),
                title: wd("Fixture Band"),
                aliases: Some(Source::Wikidata.of(vec!["The Fixtures".into(), "FXB".into()])),
                ..Default::default()
            },
            ArtistUpsert {
                external_id: "q9106".into(),
                title: wd("坂本龍一"),
                ..Default::default()
            },
        ],
    )
    .await
    .unwrap();
    let titles = |query: &'static str| {
        let catalog = catalog.clone();
        async move {
            reads::search(&catalog, &q(query))
                .await
                .unwrap()
                .into_iter()
                .map(|a| a.title)
                .collect::<Vec<_>>()
        }
    };
    // The table changed: a refresh rereads it.
    catalog.snapshot(true).await.unwrap();
    assert_eq!(titles("the fixtures").await, ["Fixture Band"]);
    assert_eq!(titles("fxb").await, ["Fixture Band"]);
    assert_eq!(titles("坂本龍一").await, ["坂本龍一"]);
    let cards = reads::search_cards(&catalog, &q("the fixtures"), page(1))
        .await
        .unwrap();
    assert_eq!((cards.total, cards.artists.len()), (1, 1));
}

async fn related_artists_share_a_genre(db: &TestDb) {
    let catalog = seeded(db).await;
    let queen = &reads::search(&catalog, &q("Queen")).await.unwrap()[0];
    let related = reads::related(&catalog, id(queen.id)).await.unwrap();
    assert!(!related.is_empty() && related.len() <= 6);
    assert!(related
        .iter()
        .all(|r| r.id != queen.id && r.genres.iter().any(|g| queen.genres.contains(g))));
}

/// Every artist's related list is what a walk over the whole catalogue gives: most
/// shared genres first, then list order, never the artist itself.
async fn related_artists_are_the_most_alike_for_every_artist(db: &TestDb) {
    let catalog = seeded(db).await;
    let all = every_artist(&catalog).await;
    for artist in all.iter() {
        let mut scored: Vec<(usize, usize)> = all
            .iter()
            .enumerate()
            .filter(|(_, other)| other.id != artist.id)
            .map(|(i, other)| {
                let shared = artist
                    .genres
                    .iter()
                    .filter(|g| other.genres.contains(g))
                    .count();
                (shared, i)
            })
            .filter(|(shared, _)| *shared > 0)
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let expected: Vec<i32> = scored.iter().take(6).map(|&(_, i)| all[i].id).collect();
        let related: Vec<i32> = reads::related(&catalog, id(artist.id))
            .await
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(related, expected, "{}", artist.title);
    }
}

async fn search_answers_at_most_the_best_hundred(db: &TestDb) {
    let catalog = seeded(db).await;
    let all = reads::search_cards(&catalog, &q("a"), page(1))
        .await
        .unwrap();
    assert!(all.total > 100, "'a' matches most of the seed");
    let full = reads::search(&catalog, &q("a")).await.unwrap();
    assert_eq!(full.len(), 100);
    assert_eq!(full[0].id, all.artists[0].id);
}

async fn browse_lists_each_letter_as_a_walk_over_the_list_would(db: &TestDb) {
    let catalog = seeded(db).await;
    let all = every_artist(&catalog).await;
    for letter in Letter::all() {
        let expected: Vec<i32> = all
            .iter()
            .filter(|a| a.letter() == letter)
            .map(|a| a.id)
            .collect();
        let mut seen = Vec::new();
        for n in 1.. {
            let browse = reads::browse(&catalog, letter, page(n), false)
                .await
                .unwrap();
            assert_eq!(browse.total, expected.len());
            if browse.artists.is_empty() {
                break;
            }
            seen.extend(browse.artists.iter().map(|a| a.id));
        }
        assert_eq!(seen, expected, "letter {letter}");
    }
}

async fn random_picks_from_the_catalogue(db: &TestDb) {
    let catalog = seeded(db).await;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..40 {
        seen.insert(reads::random(&catalog).await.unwrap().id);
    }
    assert!(
        seen.len() > 10,
        "40 uniform picks from 300+ should rarely repeat much"
    );
}

/// Past its freshness a snapshot answers at once while the table is checked in the
/// background: unchanged, the same snapshot goes on serving; changed, the next one
/// follows a moment later.
async fn a_stale_snapshot_serves_while_its_successor_is_read(db: &TestDb) {
    use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
    seed::load(&db.conn).await.unwrap();
    // One artist last changed a while before the rest (the newest change's second).
    let rows = artist::Entity::find().all(&db.conn).await.unwrap();
    let newest = rows.iter().filter_map(|r| r.updated_at).max().unwrap();
    let earlier = rows[0].clone();
    let mut row = earlier.clone().into_active_model();
    row.updated_at = Set(Some(newest - 100));
    row.update(&db.conn).await.unwrap();
    // No check but the ones this test waits for: none to settle the seed's second.
    sound_atlas_test_db::after_this_second().await;

    // Long enough that the half-ttl pause below stays within it on a loaded machine: a
    // check started by a late read would otherwise meet the edit below and answer fresh.
    let ttl = std::time::Duration::from_millis(400);
    let catalog = Catalog::new(db.conn.clone()).with_ttl(ttl);
    let first = catalog.snapshot(false).await.unwrap();
    tokio::time::sleep(ttl * 2).await;
    // Unchanged: checked, kept.
    assert!(std::sync::Arc::ptr_eq(
        &catalog.snapshot(false).await.unwrap(),
        &first
    ));
    tokio::time::sleep(ttl / 2).await;
    assert!(std::sync::Arc::ptr_eq(
        &catalog.snapshot(false).await.unwrap(),
        &first
    ));

    // Edited within the second of the newest change: neither the count nor the newest
    // change moves, the marker still does.
    let mut row = earlier.clone().into_active_model();
    row.title = Set(format!("{} (Live)", earlier.title));
    row.updated_at = Set(Some(newest));
    row.update(&db.conn).await.unwrap();
    tokio::time::sleep(ttl * 2).await;
    let stale = catalog.snapshot(false).await.unwrap();
    assert!(
        std::sync::Arc::ptr_eq(&stale, &first),
        "answered at once, stale"
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let now = catalog.snapshot(false).await.unwrap();
        if let Some(changed) = now.get(earlier.id) {
            if *changed.title == *format!("{} (Live)", earlier.title) {
                break;
            }
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the change never arrived"
        );
        tokio::time::sleep(ttl / 4).await;
    }
}

/// A client's refresh (anyone can send one) never rereads a catalogue whose table did
/// not change, however often and however many at once: it checks the change marker and
/// rereads only when that moved.
async fn a_refresh_rereads_the_catalogue_only_when_its_table_changed(db: &TestDb) {
    use sound_atlas_catalog::store::MIN_REFRESH_INTERVAL;
    use std::sync::Arc;
    let catalog = seeded(db).await;
    let first = catalog.snapshot(true).await.unwrap();
    let past_the_interval = MIN_REFRESH_INTERVAL + std::time::Duration::from_millis(100);
    for _ in 0..2 {
        tokio::time::sleep(past_the_interval).await;
        let refreshed =
            futures_util::future::join_all((0..8).map(|_| catalog.snapshot(true))).await;
        for snapshot in refreshed {
            assert!(
                Arc::ptr_eq(&snapshot.unwrap(), &first),
                "an unchanged table was read again"
            );
        }
    }

    let added = artist::ActiveModel {
        external_id: Set("refresh-added".into()),
        title: Set("Refresh Added Band".into()),
        kind: Set("band".into()),
        genres: Set(r#"["Rock"]"#.into()),
        ..Default::default()
    }
    .insert(&db.conn)
    .await
    .unwrap();
    tokio::time::sleep(past_the_interval).await;
    let changed = catalog.snapshot(true).await.unwrap();
    assert!(changed.get(added.id).is_some(), "the change was picked up");
}

async fn an_empty_catalogue_has_no_random_artist(db: &TestDb) {
    let catalog = Catalog::new(db.conn.clone());
    assert!(matches!(
        reads::random(&catalog).await,
        Err(ApiError::NotFound(_))
    ));
    assert!(catalog.snapshot(false).await.unwrap().is_empty());
}

/// A card carries its photo's author and licence where they are known (browse, search,
/// a genre's page alike): never without a photo, never half a credit.
async fn cards_carry_their_photos_credit(db: &TestDb) {
    // (title, photo, author, licence, credit on the card)
    let cases = [
        (
            "Zq Credited",
            Some("https://upload.wikimedia.org/a/ab/Zq.jpg"),
            Some("Carl Lender"),
            Some("CC BY-SA 4.0"),
            true,
        ),
        (
            "Zq Seeded Photo",
            Some("https://upload.wikimedia.org/a/ab/Zs.jpg"),
            None,
            None,
            false,
        ),
        (
            "Zq No Licence",
            Some("https://upload.wikimedia.org/a/ab/Zn.jpg"),
            Some("Carl Lender"),
            None,
            false,
        ),
        (
            "Zq No Photo",
            None,
            Some("Carl Lender"),
            Some("CC BY-SA 4.0"),
            false,
        ),
    ];
    for (title, photo, author, license, _) in cases {
        let id = insert_artist(db, title, &["Zq Credit Rock"], None).await;
        let mut row: artist::ActiveModel = artist::Entity::find_by_id(id)
            .one(&db.conn)
            .await
            .unwrap()
            .unwrap()
            .into();
        row.image_url = Set(photo.map(str::to_owned));
        row.image_author = Set(author.map(str::to_owned));
        row.image_license = Set(license.map(str::to_owned));
        row.update(&db.conn).await.unwrap();
    }
    let catalog = Catalog::new(db.conn.clone());
    let browsed = reads::browse(&catalog, Letter::parse("Z").unwrap(), page(1), false)
        .await
        .unwrap()
        .artists;
    let searched = reads::search_cards(&catalog, &q("Zq"), page(1))
        .await
        .unwrap()
        .artists;
    let genre = reads::genre(&catalog, &slug("zq-credit-rock"), page(1))
        .await
        .unwrap()
        .artists;
    for cards in [browsed, searched, genre] {
        for (title, _, _, _, credited) in cases {
            let card = cards.iter().find(|c| c.title == title).unwrap();
            let expected = credited.then(|| sound_atlas_catalog::model::PhotoCredit {
                author: "Carl Lender".into(),
                license: "CC BY-SA 4.0".into(),
            });
            assert_eq!(card.photo_credit, expected, "{title}");
        }
    }
    // And in the JSON the UI reads.
    let credited = reads::search_cards(&catalog, &q("Zq Credited"), page(1))
        .await
        .unwrap();
    assert_eq!(
        serde_json::to_value(&credited.artists[0]).unwrap()["photoCredit"],
        serde_json::json!({ "author": "Carl Lender", "license": "CC BY-SA 4.0" })
    );
}

db_tests!(
    cards_carry_their_photos_credit,
    seed_loads_every_artist_once,
    the_seed_s_facts_are_recorded_as_the_editors_on_the_day_checked,
    the_list_is_paged_by_title_ignoring_case,
    an_artist_reads_back_with_its_links_and_facts,
    an_unknown_artist_is_not_found,
    neighbors_wrap_around_the_full_list,
    browse_pages_hold_twelve_artists_of_one_letter,
    search_finds_typos_genres_and_ranks_exact_first,
    an_artist_is_found_by_every_name_it_has,
    related_artists_share_a_genre,
    related_artists_are_the_most_alike_for_every_artist,
    search_answers_at_most_the_best_hundred,
    browse_lists_each_letter_as_a_walk_over_the_list_would,
    random_picks_from_the_catalogue,
    an_empty_catalogue_has_no_random_artist,
    a_stale_snapshot_serves_while_its_successor_is_read,
    a_refresh_rereads_the_catalogue_only_when_its_table_changed,
    genre_pages_walk_the_artists_of_one_genre,
    genres_sharing_a_slug_each_have_their_page,
    thin_artists_stay_out_of_the_sitemap,
    sitemap_files_split_the_listed_artists_exactly,
    the_first_read_loads_the_kept_snapshot_while_the_table_is_unchanged,
);
