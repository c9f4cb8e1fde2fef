//! The shipped seed catalogue meets its bar: at least 300 valid artists, some under every
//! letter and the digit group, and biographies of two to five sentences with a year.

use std::collections::HashMap;

use sound_atlas_catalog::{seed, Letter};

#[test]
fn the_seed_has_at_least_300_valid_artists() {
    let artists = seed::seed_artists().expect("every seed entry is valid");
    assert!(artists.len() >= 300, "only {} artists", artists.len());
}

#[test]
fn every_letter_and_the_digit_group_has_artists() {
    let mut per_letter: HashMap<Letter, usize> = HashMap::new();
    for artist in seed::seed_artists().unwrap() {
        *per_letter.entry(artist.letter()).or_default() += 1;
    }
    for letter in Letter::all() {
        assert!(
            per_letter.get(&letter).copied().unwrap_or(0) >= 1,
            "no artist under {letter}"
        );
    }
}

#[test]
fn biographies_are_two_to_five_sentences_with_a_year_and_fun_facts_exist() {
    for artist in seed::seed_artists().unwrap() {
        let bio = &artist.bio;
        let sentences =
            bio.matches(". ").count() + usize::from(bio.ends_with('.') || bio.ends_with('!'));
        assert!(
            (2..=6).contains(&sentences),
            "{}: {} sentences",
            artist.title,
            sentences
        );
        assert!(
            artist.year.is_some_and(|y| (1600..=2015).contains(&y)),
            "{}: year",
            artist.title
        );
        assert!(
            artist.origin.as_deref().is_some_and(|o| !o.is_empty()),
            "{}: origin",
            artist.title
        );
        assert!(
            artist.fun_fact.as_deref().is_some_and(|f| f.len() > 20),
            "{}: fun fact",
            artist.title
        );
    }
}

/// Facts a check of the seed corrected, as the sources state them.
#[test]
fn corrected_facts_say_what_the_sources_say() {
    let bio = |title: &str| {
        seed::seed_artists()
            .unwrap()
            .into_iter()
            .find(|a| a.title == title)
            .unwrap()
            .bio
    };
    // Mike Patton joined Faith No More in January 1989.
    let faith_no_more = bio("Faith No More");
    assert!(
        faith_no_more.contains("Patton joined in January 1989"),
        "{faith_no_more}"
    );
    // Hall and Oates have been in a legal dispute since 2023, with no joint work since.
    let hall_and_oates = bio("Hall & Oates");
    assert!(hall_and_oates.contains("since 2023"), "{hall_and_oates}");
}
