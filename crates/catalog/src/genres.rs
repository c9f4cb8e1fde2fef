//! The catalogue's genres and the slugs of their pages (`/genre/{slug}`).
//!
//! A genre is a name as the artists list it ("R&B", "Hip-Hop"). Its slug is
//! [`slug_of`] its name; two names with one slug ("Hip Hop", "Hip-Hop") are told apart
//! deterministically: the name most artists list keeps the slug (on a tie, the first
//! by bytes), and each other takes the first free `-2`, `-3`, ... in that order
//! ([`GenreIndex::new`]). A new spelling of a genre therefore never moves the address
//! of the one most artists use.
//!
//! Every spelling of one genre is stored as one name, though: the writer resolves what
//! a source gives (a [`GenreRef`], a name with the knowledge base's item where the
//! source knows it) to the catalogue's genre by item, else by [`key_of`] its name
//! (`genre_rows`), so two names with one slug are rare. An address by a spelling
//! merged away (`/genre/rock-music`, `/genre/punk-rock-2`) finds its genre by key
//! ([`GenreIndex::named_loosely`]).

use std::collections::{HashMap, HashSet};

use sound_atlas_contract::catalog::{Genre, MAX_GENRE_MATCHES};

/// The slug of a genre name: ASCII-folded ("Música" -> "musica"), lower case, "&" read
/// as "and", and every run of other characters a single hyphen, none at either end
/// ("R&B" -> "r-and-b", "Drum & Bass" -> "drum-and-bass"). A name with no letter or
/// digit left is "genre".
pub fn slug_of(name: &str) -> String {
    let slug = words_of(name);
    if slug.is_empty() {
        "genre".into()
    } else {
        slug
    }
}

/// A genre as a source names it: its name, and its item in the open knowledge base
/// ("Q11399") where the source knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenreRef {
    pub name: String,
    pub item: Option<String>,
}

impl GenreRef {
    /// A genre by its name alone (the seed, an editor, MusicBrainz).
    pub fn named(name: impl Into<String>) -> GenreRef {
        GenreRef {
            name: name.into(),
            item: None,
        }
    }

    /// A genre by its item and the label the source gives it.
    pub fn of_item(name: impl Into<String>, item: impl Into<String>) -> GenreRef {
        GenreRef {
            name: name.into(),
            item: Some(item.into()),
        }
    }
}

/// The key every spelling of a genre folds to: its [`slug_of`] words without a
/// trailing "music" that is not the whole name ("Rock music", "rock" and "Rock" are
/// `rock`; "Punk rock" and "Punk Rock" are `punk-rock`; "Music" is `music`). A slug
/// has its name's key.
pub fn key_of(name: &str) -> String {
    let words = words_of(name);
    match words.strip_suffix("-music") {
        Some(genre) => genre.to_owned(),
        None => words,
    }
}

/// [`slug_of`] without its fallback: empty when no letter or digit is left.
fn words_of(name: &str) -> String {
    let folded = deunicode::deunicode(&name.replace('&', " and "));
    let mut slug = String::with_capacity(folded.len());
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    slug
}

/// Every genre of a snapshot with its slug and artist count, found by slug or by name.
#[derive(Debug)]
pub struct GenreIndex {
    /// By name (bytes), each once.
    genres: Vec<Genre>,
    /// Each genre's [`words_of`] its name, for search.
    words: Vec<String>,
    by_slug: HashMap<String, u32>,
    by_name: HashMap<String, u32>,
    /// By [`key_of`] its name; the one most artists list where two share a key.
    by_key: HashMap<String, u32>,
}

impl GenreIndex {
    /// From each genre name and how many artists list it (any order, each name once).
    pub fn new<'a>(counts: impl IntoIterator<Item = (&'a str, usize)>) -> GenreIndex {
        let mut named: Vec<(&str, usize)> = counts.into_iter().collect();
        named.sort_unstable();
        let words: Vec<String> = named.iter().map(|(name, _)| words_of(name)).collect();
        let bases: Vec<String> = named.iter().map(|(name, _)| slug_of(name)).collect();
        // Who claims a slug first: most artists, then by bytes.
        let mut claim_order: Vec<usize> = (0..named.len()).collect();
        claim_order.sort_by_key(|&i| (std::cmp::Reverse(named[i].1), named[i].0));
        let mut slugs: Vec<Option<String>> = vec![None; named.len()];
        let mut taken: HashSet<String> = HashSet::new();
        // Each slug's first claimant keeps it, so a suffix never takes another name's own.
        for &i in &claim_order {
            if taken.insert(bases[i].clone()) {
                slugs[i] = Some(bases[i].clone());
            }
        }
        for &i in &claim_order {
            if slugs[i].is_none() {
                let base = &bases[i];
                let free = (2..)
                    .map(|n| format!("{base}-{n}"))
                    .find(|slug| !taken.contains(slug))
                    .expect("a free suffix");
                taken.insert(free.clone());
                slugs[i] = Some(free);
            }
        }
        let genres: Vec<Genre> = named
            .iter()
            .zip(slugs)
            .map(|((name, artists), slug)| Genre {
                name: (*name).to_owned(),
                slug: slug.expect("every name has a slug"),
                artists: *artists,
            })
            .collect();
        let by_slug = genres
            .iter()
            .enumerate()
            .map(|(i, g)| (g.slug.clone(), i as u32))
            .collect();
        let by_name = genres
            .iter()
            .enumerate()
            .map(|(i, g)| (g.name.clone(), i as u32))
            .collect();
        let mut by_key: HashMap<String, u32> = HashMap::new();
        for &i in claim_order.iter().rev() {
            by_key.insert(key_of(named[i].0), i as u32);
        }
        GenreIndex {
            genres,
            words,
            by_slug,
            by_name,
            by_key,
        }
    }

    /// Every genre, by name.
    pub fn all(&self) -> &[Genre] {
        &self.genres
    }

    pub fn by_slug(&self, slug: &str) -> Option<&Genre> {
        self.by_slug.get(slug).map(|&i| &self.genres[i as usize])
    }

    pub fn by_name(&self, name: &str) -> Option<&Genre> {
        self.by_name.get(name).map(|&i| &self.genres[i as usize])
    }

    /// The genre an address names loosely when no genre has it as its slug: a name
    /// ("R&B", "Hip Hop"), another spelling of it ("rock-music"), or a numbered slug
    /// whose spelling was merged into its genre ("punk-rock-2" once "Punk rock" and
    /// "Punk Rock" are one). None for the slug of a genre, or where none is meant.
    pub fn named_loosely(&self, raw: &str) -> Option<&Genre> {
        if self.by_slug.contains_key(raw) {
            return None;
        }
        if let Some(genre) = self.by_slug(&slug_of(raw)) {
            return Some(genre);
        }
        let key = key_of(raw);
        let unnumbered = key
            .rsplit_once('-')
            .filter(|(_, n)| n.parse::<u32>().is_ok_and(|n| n >= 2))
            .map(|(base, _)| base);
        let at = self
            .by_key
            .get(&key)
            .or_else(|| self.by_key.get(unnumbered?))?;
        Some(&self.genres[*at as usize])
    }

    /// The genres a search for `query` offers: those whose name reads as the query's
    /// words, then those holding them as whole words ("rock" finds "Hard Rock"),
    /// each group by most artists, at most [`MAX_GENRE_MATCHES`]. A walk over the
    /// genres (thousands even for millions of artists), not the artists.
    pub fn matching(&self, query: &str) -> Vec<Genre> {
        let wanted = words_of(query);
        if wanted.is_empty() {
            return Vec::new();
        }
        let inner = format!("-{wanted}-");
        let mut found: Vec<(bool, &Genre)> = self
            .genres
            .iter()
            .zip(&self.words)
            .filter_map(|(genre, words)| {
                let exact = *words == wanted;
                let holds = exact
                    || words.contains(&inner)
                    || words
                        .strip_prefix(&wanted)
                        .is_some_and(|rest| rest.starts_with('-'))
                    || words
                        .strip_suffix(&wanted)
                        .is_some_and(|rest| rest.ends_with('-'));
                holds.then_some((exact, genre))
            })
            .collect();
        found.sort_by(|(exact_a, a), (exact_b, b)| {
            exact_b
                .cmp(exact_a)
                .then(b.artists.cmp(&a.artists))
                .then(a.name.cmp(&b.name))
        });
        found
            .into_iter()
            .take(MAX_GENRE_MATCHES)
            .map(|(_, g)| g.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_ascii_words_joined_by_hyphens() {
        for (name, slug) in [
            ("Pop", "pop"),
            ("Alternative Rock", "alternative-rock"),
            ("R&B", "r-and-b"),
            ("Drum & Bass", "drum-and-bass"),
            ("Hip-Hop", "hip-hop"),
            ("  Música  Popular Brasileira ", "musica-popular-brasileira"),
            ("Électro-Pop!", "electro-pop"),
            ("K-Pop / J-Pop", "k-pop-j-pop"),
            ("90s Eurodance", "90s-eurodance"),
            ("!!!", "genre"),
            ("", "genre"),
        ] {
            assert_eq!(slug_of(name), slug, "{name:?}");
        }
    }

    #[test]
    fn names_sharing_a_slug_are_told_apart_by_artists_then_bytes() {
        let index = GenreIndex::new([
            ("Hip-Hop", 39),
            ("hip hop", 1),
            ("Hip Hop", 4),
            ("Hip Hop 2", 2),
            ("Rock", 52),
        ]);
        let slug = |name: &str| index.by_name(name).unwrap().slug.clone();
        // Most artists first: Hip-Hop keeps the slug; "Hip Hop 2" keeps its own, so
        // Hip Hop (4) skips it; "hip hop" (1) comes last.
        assert_eq!(slug("Hip-Hop"), "hip-hop");
        assert_eq!(slug("Hip Hop 2"), "hip-hop-2");
        assert_eq!(slug("Hip Hop"), "hip-hop-3");
        assert_eq!(slug("hip hop"), "hip-hop-4");
        // On a tie, the first by bytes keeps it.
        let tie = GenreIndex::new([("Synth-Pop", 3), ("Synth Pop", 3)]);
        assert_eq!(tie.by_name("Synth Pop").unwrap().slug, "synth-pop");
        assert_eq!(tie.by_name("Synth-Pop").unwrap().slug, "synth-pop-2");
        assert_eq!(slug("Rock"), "rock");
        assert_eq!(index.by_slug("hip-hop").unwrap().name, "Hip-Hop");
        assert_eq!(index.by_slug("hip-hop").unwrap().artists, 39);
        assert!(index.by_slug("jazz").is_none());
        // The same names in any order give the same slugs.
        let again = GenreIndex::new([
            ("Rock", 52),
            ("hip hop", 1),
            ("Hip Hop 2", 2),
            ("Hip Hop", 4),
            ("Hip-Hop", 39),
        ]);
        assert_eq!(again.all(), index.all());
    }

    #[test]
    fn spellings_of_one_genre_share_a_key() {
        assert_eq!(key_of("Rock music"), "rock");
        assert_eq!(key_of("rock"), key_of("Rock"));
        assert_eq!(key_of("Punk rock"), key_of("Punk Rock"));
        assert_eq!(key_of("Post-punk"), key_of("Post Punk"));
        assert_eq!(key_of("Pop music"), key_of("Pop"));
        assert_eq!(key_of("Rhythm & Blues"), "rhythm-and-blues");
        // "music" alone is a name, not a suffix.
        assert_eq!(key_of("Music"), "music");
        assert_eq!(key_of("rock-music"), key_of(&slug_of("Rock music")));
    }

    #[test]
    fn an_address_by_a_merged_spelling_finds_its_genre() {
        let index = GenreIndex::new([("Rock", 52), ("Punk Rock", 10), ("Blink 182", 1)]);
        let loosely = |raw: &str| index.named_loosely(raw).map(|g| g.slug.clone());
        assert_eq!(loosely("rock-music").as_deref(), Some("rock"));
        assert_eq!(loosely("punk-rock-2").as_deref(), Some("punk-rock"));
        assert_eq!(loosely("Punk%20rock"), None);
        assert_eq!(loosely("Punk rock").as_deref(), Some("punk-rock"));
        // A genre's own slug is no redirect, even one ending in a number.
        assert_eq!(loosely("rock"), None);
        assert_eq!(loosely("blink-182"), None);
        assert_eq!(loosely("jazz"), None);
        assert_eq!(loosely("rock-1"), None);
    }

    #[test]
    fn a_search_offers_the_genre_it_names_then_those_holding_it() {
        let index = GenreIndex::new([
            ("Rock", 52),
            ("Hard Rock", 27),
            ("Alternative Rock", 40),
            ("Rockabilly", 3),
            ("Pop", 89),
            ("R&B", 57),
        ]);
        let names = |query: &str| -> Vec<String> {
            index.matching(query).into_iter().map(|g| g.name).collect()
        };
        assert_eq!(names("ROCK "), ["Rock", "Alternative Rock", "Hard Rock"]);
        assert_eq!(names("r&b"), ["R&B"]);
        assert_eq!(names("R and B"), ["R&B"]);
        assert!(names("Queen").is_empty());
        assert!(names("!!!").is_empty());
    }
}
