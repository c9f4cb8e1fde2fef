use super::*;

#[test]
fn router_paths_use_react_router_syntax() {
    assert_eq!(routes::HOME.router_path(), "");
    assert_eq!(routes::ARTIST.router_path(), "artist/:id");
    assert_eq!(routes::SEARCH_RESULTS.href(&[&"AC/DC"]), "/search/AC%2FDC");
    assert_eq!(titles::HOME.0, "Sound Atlas - Explore Your World of Music");
    assert!(titles::HOME.0.ends_with(TAGLINE));
}

/// Every hole of every page read has somewhere to take its value from, and every
/// condition names a read the page makes before it.
#[test]
fn every_page_read_is_bound() {
    for route in routes::ALL {
        let path_holes = route.path.holes();
        for (i, read) in route.reads.iter().enumerate() {
            let name = format!("{}: {}", route.id, read.operation.name);
            assert_eq!(
                read.operation.method,
                crate::operation::Method::Get,
                "{name}"
            );
            for hole in read.operation.template.holes() {
                let bound = if hole == PAGE_HOLE {
                    route.query.contains(&PAGE_HOLE)
                } else {
                    path_holes.contains(&hole)
                        || route.query.contains(&hole)
                        || read.from_first_answer.is_some_and(|(h, _)| h == hole)
                };
                assert!(bound, "{name}: nothing fills {{{hole}}}");
            }
            match read.when {
                When::Always => {}
                When::FirstAnswered => assert!(i > 0, "{name} is the first read"),
                When::InsteadOf(other) => assert!(
                    route.reads[..i]
                        .iter()
                        .any(|earlier| earlier.operation.name == other),
                    "{name}: {other} is not read before it"
                ),
            }
            assert!(
                read.from_first_answer.is_none() || read.when == When::FirstAnswered,
                "{name} reads the first answer without waiting for it"
            );
        }
    }
    for read in VIEWER_READS {
        assert!(read.operation.template.holes().is_empty());
    }
}

#[test]
fn descriptions_are_cut_at_a_word() {
    use descriptions::{from_text, truncate_words, MAX_CHARS};
    assert_eq!(truncate_words("short", 160), "short");
    let long = "word ".repeat(60);
    let cut = truncate_words(&long, 160);
    assert!(cut.chars().count() <= 160 && cut.ends_with("word…"));
    let tail = format!("{} end, tail words here more", "a".repeat(150));
    assert_eq!(
        truncate_words(&tail, 160),
        format!("{} end…", "a".repeat(150))
    );
    assert_eq!(from_text(Some(&long), String::new()), cut);
    assert_eq!(MAX_CHARS, 160);
}

#[test]
fn a_page_without_its_own_text_is_described_by_its_fallback() {
    assert_eq!(
        descriptions::from_text(Some("  "), descriptions::ARTIST.fill(&[&"Nirvana"])),
        "Nirvana on Sound Atlas: genres, biography, fun facts and where to listen."
    );
    assert_eq!(
        descriptions::from_text(None, descriptions::ARTICLE.fill(&[&"Gear"])),
        "Gear on Sound Atlas."
    );
    assert_eq!(
        descriptions::from_text(Some(" A summary. "), String::new()),
        "A summary."
    );
}

#[test]
fn description_cases_stay_within_the_limit() {
    for case in descriptions::cases() {
        assert!(
            case.expected.chars().count() <= descriptions::MAX_CHARS,
            "{case:?}"
        );
        assert!(!case.expected.is_empty(), "{case:?}");
    }
}

#[test]
fn a_picture_is_routed_by_its_file_and_its_holes_read_back() {
    let artist = images::ARTIST_SHARE_PICTURE;
    assert_eq!(artist.href(&[&12]), "/og/artist/12.jpg");
    assert_eq!(artist.route(), "/og/artist/{file}");
    assert_eq!(artist.read("12.jpg"), Some(vec!["12"]));
    for bad in ["12", ".jpg", "12.jpg.x", "x/12.jpg"] {
        assert_eq!(artist.read(bad), None, "{bad}");
    }
    let artwork = images::ARTWORK;
    assert_eq!(artwork.href(&[&210, &"É♪"]), "/art/210/%C3%89%E2%99%AA.svg");
    assert_eq!(artwork.route(), "/art/{*file}");
    assert_eq!(artwork.read("210/AB.svg"), Some(vec!["210", "AB"]));
    for bad in ["210/AB", "AB.svg", "/AB.svg", "210/.svg", "1/2/AB.svg"] {
        assert_eq!(artwork.read(bad), None, "{bad}");
    }
}

/// The artwork's cases the UI's test reads too (its `artworkPicture` is generated from
/// the same template, its two rules written by the generator): the dark end turns past
/// 360 back to the start of the wheel, two letters are smaller than one; and the most
/// characters of initials the server draws, which the UI's test holds its initials to.
#[test]
fn the_artwork_is_drawn_from_its_hue_and_initials_as_the_shared_cases_say() {
    let cases: serde_json::Value =
        serde_json::from_str(include_str!("../../cases/artwork-pictures.json")).unwrap();
    assert_eq!(cases["maxInitials"], images::ARTWORK_MAX_INITIALS);
    for case in cases["cases"].as_array().unwrap() {
        let hue = u16::try_from(case["hue"].as_u64().unwrap()).unwrap();
        let initials = case["initials"].as_str().unwrap();
        let picture = images::artwork_picture(hue, initials);
        assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(picture.contains(&format!("stop-color=\"hsl({hue} 70% 46%)\"")));
        let end = &case["end"];
        assert!(
            picture.contains(&format!("stop-color=\"hsl({end} 65% 20%)\"")),
            "{case}"
        );
        let size = &case["size"];
        assert!(picture.contains(&format!("font-size=\"{size}\"")), "{case}");
        assert!(picture.ends_with(&format!(">{initials}</text></svg>")));
    }
}
