//! An artist the enrichment has read: its page shows the photo with its credit, the
//! date formed, listen links (direct, or named as a search), the discography and the
//! members' timeline, in the server's HTML and JSON-LD; an artist without any of it
//! shows none of those sections. The facts are a fixture band's, written for this test.

use axum::http::StatusCode;
use sound_atlas_catalog::artist_lists::{Album, CreditedImage, MemberSpell};
use sound_atlas_catalog::enrichment;
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::model::ArtistKind;
use sound_atlas_catalog::write::{self, ArtistUpsert, Image, Source, Sourced};
use sound_atlas_contract::catalog::api as catalog;
use sound_atlas_contract::catalog::YearPrecision;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::pages::{json_ld, state};
use crate::{app, get, id_of, read, refreshed_artists};

const PHOTO: &str =
    "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Fixture.jpg/960px-Fixture.jpg";

async fn enriched_band(db: &TestDb) -> i32 {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-band".into(),
            title: sheet("Fixture Band"),
            kind: sheet(ArtistKind::Band),
            genres: sheet(vec![GenreRef::named("Rock")]),
            bio: sheet("Fixture Band is a band made up for this test, long enough to show."),
            bio_source_link: sheet("https://en.wikipedia.org/wiki/Fixture_Band"),
            apple_link: sheet("https://music.apple.com/us/search?term=Fixture%20Band"),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    use sea_orm::EntityTrait;
    let id = sound_atlas_entity::artist::Entity::find()
        .all(&db.conn)
        .await
        .unwrap()
        .into_iter()
        .find(|a| a.external_id == "fixture-band")
        .unwrap()
        .id;
    let spell = |name: &str, begin, end: Option<i32>, roles: &[&str]| MemberSpell {
        name: name.into(),
        begin_year: Some(begin),
        end_year: end,
        ended: end.is_some(),
        roles: roles.iter().map(|r| r.to_string()).collect(),
        ..MemberSpell::default()
    };
    let found = ArtistUpsert {
        wikidata_id: Some(Source::Wikidata.of("Q9001".into())),
        musicbrainz_id: Some(Source::Wikidata.of("0383dadf-2a4e-4d10-a46a-e9e041da8eb3".into())),
        began_on: Some(Source::Wikidata.of("1970-06".into())),
        ended_on: Some(Source::Wikidata.of("1995-02".into())),
        aliases: Some(Source::Wikidata.of(vec!["The Fixtures".into(), "FXB".into()])),
        description: Some(Source::Wikidata.of("fixture rock band".into())),
        spotify_link: Some(
            Source::Wikidata.of("https://open.spotify.com/artist/1dfeR4HaWDbWqFHLkxsg1d".into()),
        ),
        image: Some(Sourced::new(
            Image::Credited(CreditedImage {
                url: PHOTO.into(),
                author: "Carl Lender".into(),
                license: "CC BY-SA 4.0".into(),
                license_url: Some("https://creativecommons.org/licenses/by-sa/4.0".into()),
                page_url: "https://commons.wikimedia.org/wiki/File:Fixture.jpg".into(),
            }),
            Source::Commons,
        )),
        albums: Some(Sourced::new(
            vec![
                Album {
                    title: "First Record".into(),
                    year: Some(1973),
                    musicbrainz_id: Some("f5093c06-23e3-404f-aeaa-40f72885ee3a".into()),
                },
                Album {
                    title: "Second Record".into(),
                    year: Some(1974),
                    musicbrainz_id: None,
                },
            ],
            Source::Musicbrainz,
        )),
        members: Some(Sourced::new(
            vec![
                spell("Ada Fixture", 1970, None, &["lead vocals", "piano"]),
                spell("Ben Fixture", 1970, Some(1991), &["guitar"]),
                // Left at an unknown date; left in the 1980s; named in Japanese only.
                MemberSpell {
                    ended: true,
                    ..spell("Tony Fixture", 1987, None, &[])
                },
                MemberSpell {
                    end_precision: YearPrecision::Decade,
                    ..spell("Tina Fixture", 1975, Some(1980), &[])
                },
                MemberSpell {
                    name_language: Some("ja".into()),
                    ..spell("坂本龍一", 1978, Some(1993), &[])
                },
            ],
            Source::Musicbrainz,
        )),
        ..ArtistUpsert::default()
    };
    enrichment::apply(&db.conn, id, found, write::now_unix(), false)
        .await
        .unwrap();
    id
}

/// The markup React rendered (the document's body before the injected state).
fn root(html: &str) -> &str {
    &html[html.find(r#"<div id="root">"#).unwrap()..html.find(r#"<script id="sa-state""#).unwrap()]
}

async fn an_enriched_artist_page_shows_its_sourced_sections(db: &TestDb) {
    let id = enriched_band(db).await;
    let app = app(db).await;
    refreshed_artists(&app).await;
    let page = get(&app, &format!("/artist/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let markup = root(&page.body);
    assert!(markup.contains("Source: Wikimedia"), "the spec's badge");
    assert!(markup.contains(PHOTO));
    for credit in [
        ">Carl Lender</a>",
        r#"href="https://commons.wikimedia.org/wiki/File:Fixture.jpg""#,
        r#"href="https://creativecommons.org/licenses/by-sa/4.0""#,
        ">CC BY-SA 4.0</a>",
    ] {
        assert!(markup.contains(credit), "{credit}");
    }
    assert!(
        markup.contains("Formed June 1970"),
        "born or formed, to its precision"
    );
    assert!(markup.contains("Disbanded February 1995"), "dissolved");
    assert!(markup.contains(r#"<p class="artist-description">fixture rock band</p>"#));
    assert!(markup.contains(">Spotify<") && markup.contains("Search on Apple Music"));
    let discography = &markup[markup.find(">Discography</h2>").expect("Discography")..];
    let first = discography.find("First Record").unwrap();
    assert!(
        first < discography.find("Second Record").unwrap(),
        "by year"
    );
    let members = &markup[markup.find(">Members</h2>").expect("Members")..];
    assert!(
        members.contains(r#"<ol class="member-list">"#),
        "a list for screen readers"
    );
    assert!(members.contains("lead vocals, piano · since 1970"));
    assert!(members.contains("guitar · 1970–1991"));
    assert!(
        members.contains(r#"class="member-bar" style="left:0%;width:"#),
        "bars over the years"
    );
    // Read on the server, not fetched after: nothing loaded in the browser.
    assert!(state(&page.body)["prefetched"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["key"] == catalog::ARTIST_DETAILS.path(&[&id]).as_str()));

    let group = json_ld(&page.body)
        .into_iter()
        .find(|d| d["@type"] == "MusicGroup")
        .expect("MusicGroup JSON-LD");
    assert_eq!(
        group["sameAs"],
        serde_json::json!([
            "https://en.wikipedia.org/wiki/Fixture_Band",
            "https://www.wikidata.org/wiki/Q9001",
            "https://musicbrainz.org/artist/0383dadf-2a4e-4d10-a46a-e9e041da8eb3",
            "https://open.spotify.com/artist/1dfeR4HaWDbWqFHLkxsg1d",
        ]),
        "identity links, and no search page"
    );
    assert_eq!(group["foundingDate"], "1970-06");
    assert_eq!(group["dissolutionDate"], "1995-02");
    assert_eq!(group["disambiguatingDescription"], "fixture rock band");
    assert_eq!(
        group["alternateName"],
        serde_json::json!(["The Fixtures", "FXB"])
    );
    assert_eq!(
        group["member"],
        serde_json::json!([
            { "@type": "OrganizationRole", "member": { "@type": "Person", "name": "Ada Fixture" },
              "roleName": ["lead vocals", "piano"], "startDate": "1970" },
            { "@type": "OrganizationRole", "member": { "@type": "Person", "name": "Ben Fixture" },
              "roleName": ["guitar"], "startDate": "1970", "endDate": "1991" },
            { "@type": "OrganizationRole", "member": { "@type": "Person", "name": "Tony Fixture" },
              "startDate": "1987" },
            { "@type": "OrganizationRole", "member": { "@type": "Person", "name": "Tina Fixture" },
              "startDate": "1975", "endDate": "198" },
            { "@type": "OrganizationRole",
              "member": { "@type": "Person", "name": { "@value": "坂本龍一", "@language": "ja" } },
              "startDate": "1978", "endDate": "1993" },
        ])
    );
    // A stated end ends a spell, said to its precision; a name in another script is
    // marked with its language.
    let markup = root(&page.body);
    for said in [
        "Tony Fixture</span> <span class=\"member-meta\">from 1987",
        "Tina Fixture</span> <span class=\"member-meta\">1975–1980s",
        "<span class=\"member-name\" lang=\"ja\">坂本龍一</span>",
    ] {
        assert!(markup.contains(said), "{said}: {markup}");
    }
    // Every entity has a stable `@id`: the page's address, and an album's title and year.
    let page_url = format!("{}/artist/{id}", crate::ORIGIN);
    assert_eq!(group["@id"], format!("{page_url}#artist"));
    assert_eq!(
        group["album"],
        serde_json::json!([
            { "@type": "MusicAlbum", "@id": format!("{page_url}#album-first-record-1973"),
              "name": "First Record", "datePublished": "1973",
              "albumProductionType": "https://schema.org/StudioAlbum",
              "albumReleaseType": "https://schema.org/AlbumRelease",
              "sameAs": "https://musicbrainz.org/release-group/f5093c06-23e3-404f-aeaa-40f72885ee3a" },
            { "@type": "MusicAlbum", "@id": format!("{page_url}#album-second-record-1974"),
              "name": "Second Record", "datePublished": "1974",
              "albumProductionType": "https://schema.org/StudioAlbum",
              "albumReleaseType": "https://schema.org/AlbumRelease" },
        ])
    );
    // The page about the artist, dated by the record's last change.
    assert_eq!(group["mainEntityOfPage"]["@type"], "ProfilePage");
    assert_eq!(group["mainEntityOfPage"]["@id"], page_url);
    // The row's own change time, as a date (not the clock now, which may have passed
    // midnight since the write).
    use sea_orm::EntityTrait;
    let changed = sound_atlas_entity::artist::Entity::find_by_id(id)
        .one(&db.conn)
        .await
        .unwrap()
        .unwrap()
        .updated_at
        .unwrap();
    let day = time::OffsetDateTime::from_unix_timestamp(changed)
        .unwrap()
        .date();
    assert_eq!(
        group["mainEntityOfPage"]["dateModified"],
        format!(
            "{:04}-{:02}-{:02}",
            day.year(),
            u8::from(day.month()),
            day.day()
        )
    );
    assert_eq!(group["image"]["@type"], "ImageObject");
    assert_eq!(group["image"]["contentUrl"], PHOTO);
    assert_eq!(group["image"]["creator"]["name"], "Carl Lender");
    assert_eq!(
        group["image"]["license"],
        "https://creativecommons.org/licenses/by-sa/4.0"
    );

    let details = read(&app, catalog::ARTIST_DETAILS.path(&[&id])).await;
    assert_eq!(details.status, StatusCode::OK);
    let details: serde_json::Value = serde_json::from_str(&details.body).unwrap();
    assert_eq!(details["timeline"]["from"], 1970);
    let tony = &details["members"][2];
    assert_eq!(
        (&tony["spells"][0]["until"], &tony["spells"][0]["current"]),
        (&serde_json::Value::Null, &serde_json::json!(false))
    );
    assert_eq!(
        details["members"][3]["spells"][0]["untilPrecision"],
        "decade"
    );
    assert_eq!(details["members"][4]["nameLanguage"], "ja");
    assert_eq!(details["listen"][1]["search"], true);
    assert_eq!(
        read(&app, catalog::ARTIST_DETAILS.path(&[&999999]))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

async fn an_artist_without_enrichment_shows_none_of_its_sections(db: &TestDb) {
    let app = app(db).await;
    let id = id_of(&app, "The Beatles").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    let markup = root(&page.body);
    for absent in ["Discography", "Members", "Photo:", "member-bar"] {
        assert!(!markup.contains(absent), "{absent}");
    }
    // The seed's links open a search, and say so.
    assert!(markup.contains("Search on Spotify"), "{markup}");
    let group = json_ld(&page.body)
        .into_iter()
        .find(|d| d["@type"] == "MusicGroup")
        .unwrap();
    assert!(group.get("member").is_none() && group.get("album").is_none());
    assert!(
        !group["sameAs"].to_string().contains("spotify"),
        "a search page is not the artist's identity"
    );
}

/// A member who has a page of their own (by their knowledge-base item, or their
/// MusicBrainz id) is linked to it from the band's page, in the markup and as the
/// role's `member.@id`; the person's page names the band (`memberOf`).
async fn members_with_pages_of_their_own_are_linked_both_ways(db: &TestDb) {
    let band = enriched_band(db).await;
    let app = app(db).await;
    let person = |title: &str, item: &str, mbid: &str| ArtistUpsert {
        external_id: title.to_lowercase().replace(' ', "-"),
        title: sheet(title),
        kind: sheet(ArtistKind::Solo),
        bio: sheet(format!(
            "{title} is a person made up for this test, long enough to show."
        )),
        wikidata_id: Some(Source::Wikidata.of(item.to_owned())),
        musicbrainz_id: Some(Source::Musicbrainz.of(mbid.to_owned())),
        ..Default::default()
    };
    write::upsert(
        &db.conn,
        vec![
            person(
                "Ada Fixture",
                "Q9101",
                "5b11f4ce-a62d-471e-81fc-a69a8278c7da",
            ),
            person(
                "Ben Fixture",
                "Q9102",
                "6c22f5df-b73e-482f-92fd-b79b9389d8eb",
            ),
        ],
    )
    .await
    .unwrap();
    // The band's members as the open data names them: Ada by her item (the knowledge
    // base), Ben by his MusicBrainz id, Tony by an item no artist of the catalogue has.
    let member = |name: &str, item: Option<&str>, mbid: Option<&str>| MemberSpell {
        name: name.into(),
        begin_year: Some(1970),
        wikidata_id: item.map(str::to_owned),
        musicbrainz_id: mbid.map(str::to_owned),
        ..MemberSpell::default()
    };
    let found = ArtistUpsert {
        members: Some(Sourced::new(
            vec![
                member("Ada Fixture", Some("Q9101"), None),
                member(
                    "Ben Fixture",
                    None,
                    Some("6c22f5df-b73e-482f-92fd-b79b9389d8eb"),
                ),
                member("Tony Fixture", Some("Q404"), None),
            ],
            Source::Musicbrainz,
        )),
        ..ArtistUpsert::default()
    };
    enrichment::apply(&db.conn, band, found, write::now_unix(), true)
        .await
        .unwrap();
    refreshed_artists(&app).await;
    let ada = id_of(&app, "Ada Fixture").await;
    let ben = id_of(&app, "Ben Fixture").await;

    let page = get(&app, &format!("/artist/{band}")).await;
    let markup = root(&page.body);
    assert!(markup.contains(&format!(r#"<a href="/artist/{ada}">Ada Fixture</a>"#)));
    assert!(markup.contains(&format!(r#"<a href="/artist/{ben}">Ben Fixture</a>"#)));
    assert!(!markup.contains(r#">Tony Fixture</a>"#), "no page, no link");
    let docs = json_ld(&page.body);
    let members = docs[0]["member"].as_array().unwrap();
    let id_of_member = |name: &str| {
        members
            .iter()
            .find(|role| role["member"]["name"] == name)
            .map(|role| role["member"]["@id"].clone())
            .unwrap()
    };
    assert_eq!(
        id_of_member("Ada Fixture"),
        format!("{}/artist/{ada}#artist", crate::ORIGIN)
    );
    assert_eq!(id_of_member("Tony Fixture"), serde_json::Value::Null);

    let page = get(&app, &format!("/artist/{ada}")).await;
    assert!(root(&page.body).contains(&format!(
        r#"<a href="/artist/{band}">Member of Fixture Band</a>"#
    )));
    let docs = json_ld(&page.body);
    assert_eq!(
        docs[0]["memberOf"][0]["@id"],
        format!("{}/artist/{band}#artist", crate::ORIGIN)
    );
    assert_eq!(docs[0]["memberOf"][0]["name"], "Fixture Band");
}

async fn a_solo_artist_s_death_and_other_names_are_on_the_page_and_in_json_ld(db: &TestDb) {
    write::upsert(
        &db.conn,
        vec![ArtistUpsert {
            external_id: "fixture-singer".into(),
            title: sheet("Fixture Singer"),
            kind: sheet(ArtistKind::Solo),
            began_on: Some(Source::Wikidata.of("1946-09-05".into())),
            ended_on: Some(Source::Wikidata.of("1991-11-24".into())),
            real_name: sheet("Fixture Person"),
            aliases: Some(Source::Wikidata.of(vec![
                "fixture singer".into(),
                "The Singer".into(),
                "Fixture Person".into(),
            ])),
            ..Default::default()
        }],
    )
    .await
    .unwrap();
    let app = app(db).await;
    refreshed_artists(&app).await;
    let id = id_of(&app, "Fixture Singer").await;
    let page = get(&app, &format!("/artist/{id}")).await;
    assert!(root(&page.body).contains("Died 24 November 1991"));
    let person = json_ld(&page.body)
        .into_iter()
        .find(|d| d["name"] == "Fixture Singer")
        .expect("Person JSON-LD");
    assert_eq!(person["birthDate"], "1946-09-05");
    assert_eq!(person["deathDate"], "1991-11-24");
    assert!(person.get("dissolutionDate").is_none());
    // The birth name, then the aliases that are neither the title nor a repeat.
    assert_eq!(
        person["alternateName"],
        serde_json::json!(["Fixture Person", "The Singer"])
    );
}

db_tests!(
    an_enriched_artist_page_shows_its_sourced_sections,
    a_solo_artist_s_death_and_other_names_are_on_the_page_and_in_json_ld,
    an_artist_without_enrichment_shows_none_of_its_sections,
    members_with_pages_of_their_own_are_linked_both_ways,
);

/// A value as an editor's sheet gives it.
fn sheet<T>(value: impl Into<T>) -> Option<Sourced<T>> {
    Some(Source::Sheet.of(value.into()))
}
