//! A genre is one thing whatever source names it: the knowledge base's items labelled
//! "rock music" or "punk rock" are the catalogue's "Rock" and "Punk Rock", one genre
//! page each, on SQLite and PostgreSQL.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{self, ArtistUpsert};
use sound_atlas_catalog::{seed, Catalog};
use sound_atlas_entity::{artist, genre};
use sound_atlas_test_db::{db_tests, temp_file, TestDb};

use crate::{by_item, sheet, wikidata_dump};

/// The genres dump (`testdata/make_dumps.py`): two bands naming the items "rock
/// music", "punk rock", "post-punk" and "pop music".
fn genres_dump() -> String {
    let path = format!(
        "{}/tests/testdata/wikidata-genres.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

async fn import_dump(db: &TestDb, text: &str) {
    wikidata_dump(db, temp_file("latest-all.json", text), false).await;
}

async fn genres_of(db: &TestDb, item: &str) -> String {
    by_item(db, item).await.genres
}

async fn genre_named(db: &TestDb, name: &str) -> Option<genre::Model> {
    genre::Entity::find()
        .filter(genre::Column::Name.eq(name))
        .one(&db.conn)
        .await
        .unwrap()
}

/// The dump's genres land on the seed's: each artist lists "Rock", never "Rock music",
/// and the genre index has one page per genre with the seed's artists and the dump's.
async fn a_dumps_genre_items_are_the_catalogues_genres(db: &TestDb) {
    seed::load(&db.conn).await.unwrap();
    let before = Catalog::new(db.conn.clone()).snapshot(false).await.unwrap();
    let seeded = |slug: &str| before.genres().by_slug(slug).unwrap().artists;
    let (rock, punk, post_punk, pop) = (
        seeded("rock"),
        seeded("punk-rock"),
        seeded("post-punk"),
        seeded("pop"),
    );
    import_dump(db, &genres_dump()).await;
    assert_eq!(
        genres_of(db, "Q9201").await,
        r#"["Rock","Punk Rock","Post-Punk"]"#
    );
    assert_eq!(genres_of(db, "Q9202").await, r#"["Pop","Rock"]"#);
    // The catalogue's genre now has the item that named it.
    let rock_row = genre_named(db, "Rock").await.unwrap();
    assert_eq!(rock_row.wikidata_id.as_deref(), Some("Q11399"));
    assert!(genre_named(db, "Rock music").await.is_none());
    assert!(genre_named(db, "Punk rock").await.is_none());

    let after = Catalog::new(db.conn.clone()).snapshot(false).await.unwrap();
    let index = after.genres();
    for (slug, artists) in [
        ("rock", rock + 2),
        ("punk-rock", punk + 1),
        ("post-punk", post_punk + 1),
        ("pop", pop + 1),
    ] {
        assert_eq!(index.by_slug(slug).unwrap().artists, artists, "{slug}");
    }
    for split in ["rock-music", "punk-rock-2", "post-punk-2", "pop-music"] {
        assert!(index.by_slug(split).is_none(), "{split}");
    }
    assert_eq!(
        index.all().len(),
        before.genres().all().len(),
        "no new genre"
    );
}

/// Once a genre has its item, the item finds it: a relabelled item ("punk") still
/// lands on "Punk Rock"; a source without items (MusicBrainz's "rock") finds it by name.
async fn the_item_is_the_genres_key_whatever_its_label(db: &TestDb) {
    seed::load(&db.conn).await.unwrap();
    import_dump(db, &genres_dump()).await;
    let relabelled = genres_dump()
        .replace(r#""value":"punk rock""#, r#""value":"punk""#)
        .replace(
            r#""value":"rock music""#,
            r#""value":"rock and roll music""#,
        );
    import_dump(db, &relabelled).await;
    assert_eq!(
        genres_of(db, "Q9201").await,
        r#"["Rock","Punk Rock","Post-Punk"]"#
    );
    assert!(genre_named(db, "Punk").await.is_none());
    let punk = genre_named(db, "Punk Rock").await.unwrap();
    assert_eq!(punk.wikidata_id.as_deref(), Some("Q7101"));
}

/// A genre a service named first takes the catalogue's spelling once an editor names
/// it, on every artist listing it; a service's spelling never replaces it again.
async fn the_catalogues_spelling_replaces_a_services(db: &TestDb) {
    import_dump(db, &genres_dump()).await;
    assert_eq!(
        genres_of(db, "Q9202").await,
        r#"["Pop music","Rock music"]"#
    );
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "edited-band".into(),
            title: sheet("Edited Band"),
            kind: sheet(ArtistKind::Band),
            genres: sheet(vec![GenreRef::named("Rock"), GenreRef::named("rock")]),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    assert_eq!(genres_of(db, "Q9202").await, r#"["Pop music","Rock"]"#);
    let edited = artist::Entity::find()
        .filter(artist::Column::ExternalId.eq("edited-band"))
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(edited.genres, r#"["Rock"]"#);
    import_dump(db, &genres_dump()).await;
    assert_eq!(
        genres_of(db, "Q9201").await,
        r#"["Rock","Punk rock","Post-punk"]"#
    );
    let rock = genre_named(db, "Rock").await.unwrap();
    assert_eq!(
        (rock.wikidata_id.as_deref(), rock.own_name),
        (Some("Q11399"), true)
    );
}

db_tests!(
    a_dumps_genre_items_are_the_catalogues_genres,
    the_item_is_the_genres_key_whatever_its_label,
    the_catalogues_spelling_replaces_a_services,
);
