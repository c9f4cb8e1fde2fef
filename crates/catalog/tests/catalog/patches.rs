//! A change to the table is brought into a catalogue's snapshot from the changed rows
//! alone (a patch), and the patched snapshot answers every list and search as one read
//! whole from the table does. On SQLite and PostgreSQL.

use std::time::Duration;

use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::positions::Positions;
use sound_atlas_catalog::store::{Snapshot, SnapshotReads, MOST_PATCHED};
use sound_atlas_catalog::write::{self, ArtistUpsert, Source};
use sound_atlas_catalog::{seed, Catalog, Letter};
use sound_atlas_test_db::{db_tests, TestDb};

/// Queries of every kind: exact titles, prefixes of one and two letters, words, typos,
/// genres, aliases, symbols, and the changed artists' old and new names.
const QUERIES: &[&str] = &[
    "queen",
    "queen patched",
    "q",
    "qu",
    "the",
    "a",
    "beatels",
    "rock",
    "jazz",
    "patch",
    "patchcore",
    "the patchers",
    "fxp",
    "zabba",
    "abba",
    "band",
    "!!!",
    "r&b",
    "beatles",
];

/// Everything a snapshot answers but its lists' change times, in a form two snapshots
/// compare by (positions and the genre and country indexes behind the entries may
/// differ; the artists and names they stand for may not).
fn answers(s: &Snapshot) -> Vec<String> {
    let ids =
        |positions: &Positions| -> Vec<i32> { positions.iter().map(|p| s.at(p).id).collect() };
    let mut out = Vec::new();
    for e in s.entries() {
        let genres: Vec<&str> = s.genres_of(e).collect();
        out.push(format!(
            "{} {} {:?} {} {:?} {} {:?}",
            e.id,
            e.title,
            e.updated_at(),
            e.bio_chars,
            e.year,
            e.external_key,
            genres
        ));
    }
    for letter in Letter::all() {
        out.push(format!("{letter}: {:?}", ids(s.under_letter(letter))));
    }
    for genre in s.genres().all() {
        out.push(format!("{genre:?}: {:?}", ids(s.with_genre(&genre.name))));
    }
    for index in [s.countries(), s.decades()] {
        out.extend(index.all().iter().map(|list| {
            let (name, slug, at) = (&list.name, &list.slug, ids(&list.positions));
            format!("{name} {slug} {at:?}")
        }));
    }
    let listed: Vec<i32> = s.sitemap_range(0, usize::MAX).map(|e| e.id).collect();
    out.push(format!(
        "sitemap {} {listed:?} {:?}",
        s.sitemap_len(),
        s.sitemap_newest(0, s.sitemap_len())
    ));
    out.push(format!("channel {}", s.uses_channel("UCpatchfixture")));
    for query in QUERIES {
        for limit in [3, usize::MAX] {
            let ranked = s.ranked(query, limit);
            let best: Vec<i32> = ranked.best.iter().map(|&p| s.at(p).id).collect();
            out.push(format!(
                "{query} {limit}: {best:?} {} {}",
                ranked.total, ranked.total_exact
            ));
        }
    }
    out
}

/// The newest change of each letter's, genre's, country's and decade's artists.
fn list_dates(s: &Snapshot) -> Vec<(String, Option<i64>)> {
    let letters = s
        .letter_changes()
        .iter()
        .map(|(letter, &at)| (letter.to_string(), Some(at)));
    let genres = s
        .genre_changes()
        .map(|(name, at)| (format!("genre {name}"), at));
    let facets = [s.countries(), s.decades()]
        .into_iter()
        .flat_map(|index| index.all())
        .map(|list| (list.slug.to_string(), list.newest));
    let mut dates: Vec<_> = letters.chain(genres).chain(facets).collect();
    dates.sort();
    dates
}

/// The catalogue's snapshot, checked now, answers as a snapshot read whole does. Its
/// lists' change times are the same, or later where an artist left a list (the list
/// changed then; a whole read sees only the artists there now).
async fn answers_as_read_whole(catalog: &Catalog, db: &TestDb, change: &str) {
    catalog.check().await.unwrap();
    let patched = catalog.snapshot(false).await.unwrap();
    let whole = Catalog::new(db.conn.clone()).snapshot(false).await.unwrap();
    let (patched_dates, whole_dates) = (list_dates(&patched), list_dates(&whole));
    let (patched, whole) = (answers(&patched), answers(&whole));
    for (p, w) in patched.iter().zip(&whole) {
        assert_eq!(p, w, "after {change}");
    }
    assert_eq!(patched.len(), whole.len(), "after {change}");
    assert_eq!(patched_dates.len(), whole_dates.len(), "after {change}");
    for ((list, p), (whole_list, w)) in patched_dates.iter().zip(&whole_dates) {
        assert_eq!(list, whole_list, "after {change}");
        assert!(
            p >= w,
            "after {change}: {list} changed at {p:?}, read whole {w:?}"
        );
    }
}

fn upsert(external_id: &str, change: impl FnOnce(&mut ArtistUpsert)) -> ArtistUpsert {
    let mut artist = ArtistUpsert {
        external_id: external_id.into(),
        ..Default::default()
    };
    change(&mut artist);
    artist
}

async fn write(db: &TestDb, artist: ArtistUpsert) {
    write::upsert(&db.conn, vec![artist]).await.unwrap();
}

/// Seeds the catalogue and waits for the next second: its first snapshot then holds
/// no row stamped in the second it was read in (the check that settles that second
/// would count here).
async fn seeded(db: &TestDb) -> Catalog {
    seed::load(&db.conn).await.unwrap();
    sound_atlas_test_db::after_this_second().await;
    let catalog = Catalog::new(db.conn.clone());
    catalog.snapshot(false).await.unwrap();
    catalog
}

async fn a_change_is_patched_in_from_its_rows_alone(db: &TestDb) {
    let catalog = seeded(db).await;
    let sheet = |value: &str| Some(Source::Sheet.of(value.to_owned()));

    write(
        db,
        upsert("patch-fixture", |a| {
            a.title = sheet("Patch Fixture");
            a.genres =
                Some(Source::Sheet.of(vec![GenreRef::named("Rock"), GenreRef::named("Patchcore")]));
            a.aliases = Some(Source::Sheet.of(vec!["The Patchers".into(), "FXP".into()]));
            a.country = sheet("Iceland");
            a.year = Some(Source::Sheet.of(1994));
            a.bio = sheet("A band made for this test, with a biography.");
            a.solo_video_link = sheet("https://www.youtube.com/channel/UCpatchfixture");
        }),
    )
    .await;
    answers_as_read_whole(&catalog, db, "a new artist").await;

    write(db, upsert("queen", |a| a.title = sheet("Queen Patched"))).await;
    answers_as_read_whole(&catalog, db, "a retitle within its letter").await;

    write(db, upsert("abba", |a| a.title = sheet("Zabba"))).await;
    answers_as_read_whole(&catalog, db, "a retitle to another letter").await;

    write(
        db,
        upsert("the-beatles", |a| {
            a.genres = Some(Source::Sheet.of(vec![GenreRef::named("Jazz")]));
            a.country = sheet("Ireland");
            a.year = Some(Source::Sheet.of(1999));
        }),
    )
    .await;
    answers_as_read_whole(&catalog, db, "new genres, country and year").await;

    // Changed again (most often within the second the last check read it in: change
    // times cannot tell which of that second's rows came after, so they are read again).
    write(
        db,
        upsert("patch-fixture", |a| {
            a.aliases = Some(Source::Sheet.of(vec!["Fixture Patch Band".into()]));
            a.solo_video_link = sheet("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
            a.genres = Some(Source::Sheet.of(vec![GenreRef::named("Pop")]));
        }),
    )
    .await;
    answers_as_read_whole(&catalog, db, "one artist changed twice").await;

    let reads = catalog.reads();
    assert_eq!(reads.whole, 1, "the table was read whole only at first");
    assert!(reads.patches >= 5, "{reads:?}");
    // Each check reads the rows stamped since the second the check before it began
    // in: at most every row changed so far (this test's changes come within a second
    // or two), never the table's hundreds.
    let changed_so_far = [1, 2, 3, 4, 4];
    assert!(
        reads.rows_patched <= changed_so_far.iter().sum(),
        "{reads:?}"
    );
}

/// Past [`MOST_PATCHED`] changed artists (an import) the table is read whole: a patch
/// stays small.
async fn many_changes_are_read_whole(db: &TestDb) {
    let catalog = seeded(db).await;
    let many: Vec<ArtistUpsert> = (0..=MOST_PATCHED)
        .map(|n| {
            upsert(&format!("bulk-{n}"), |a| {
                a.title = Some(Source::Sheet.of(format!("Bulk Band {n}")))
            })
        })
        .collect();
    write::upsert(&db.conn, many).await.unwrap();
    answers_as_read_whole(&catalog, db, "an import").await;
    assert_eq!(
        catalog.reads(),
        SnapshotReads {
            whole: 2,
            patches: 0,
            rows_patched: 0,
            checks: 1,
        }
    );
}

/// An instance that reads the catalogue in the second an import ended (so its snapshot
/// holds rows stamped in that second, more than a patch takes) patches the next change
/// from its rows alone: once that second is over, a check finds no write since and
/// settles it.
async fn the_second_a_snapshot_was_read_in_is_settled(db: &TestDb) {
    use sea_orm::ConnectionTrait;
    seed::load(&db.conn).await.unwrap();
    sound_atlas_test_db::after_this_second().await;
    let imported_in = write::now_unix();
    let import = format!(
        "INSERT INTO artists (external_id, title, kind, genres, updated_at) \
         WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {MOST_PATCHED}) \
         SELECT 'bulk-' || i, 'Bulk Band ' || i, 'band', '[]', {imported_in} FROM n"
    );
    db.conn.execute_unprepared(&import).await.unwrap();
    let catalog = Catalog::new(db.conn.clone());
    catalog.snapshot(false).await.unwrap();
    assert_eq!(
        write::now_unix(),
        imported_in,
        "read in the import's second"
    );

    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while catalog.reads().checks == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "no check settled the second"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    write(
        db,
        upsert("queen", |a| {
            a.title = Some(Source::Sheet.of("Queen Settled".into()))
        }),
    )
    .await;
    answers_as_read_whole(&catalog, db, "a change after the import").await;
    let reads = catalog.reads();
    assert_eq!(
        (reads.whole, reads.patches, reads.rows_patched),
        (1, 1, 1),
        "{reads:?}"
    );
}

db_tests!(
    a_change_is_patched_in_from_its_rows_alone,
    many_changes_are_read_whole,
    the_second_a_snapshot_was_read_in_is_settled,
);
