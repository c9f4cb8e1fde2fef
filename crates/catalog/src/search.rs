//! Ranked, typo-tolerant search over titles and genres.
//!
//! Text is folded first (lowercase, accents removed, punctuation to spaces), so
//! "AC/DC", "ac dc" and "acdc" meet. Matches rank in tiers: exact title, title
//! prefix, a title word starting with the query, title substring, exact genre,
//! genre substring, then near misses (Damerau-Levenshtein, so "beatels" finds
//! The Beatles) on titles and then genres. Within a tier, closer misses come
//! first, then catalogue order (title, case-insensitive).

use crate::model::Artist;

/// An artist's searchable text, folded once when the snapshot is built.
#[derive(Debug, Clone)]
pub struct SearchDoc {
    title: String,
    /// Title without a leading "the ", so "beatles" is an exact match too.
    title_core: String,
    title_compact: String,
    title_words: Vec<String>,
    genres: Vec<String>,
}

impl SearchDoc {
    pub fn new(artist: &Artist) -> Self {
        let title = fold(&artist.title);
        let title_core = title.strip_prefix("the ").unwrap_or(&title).to_owned();
        SearchDoc {
            title_compact: title.replace(' ', ""),
            title_words: title.split(' ').map(str::to_owned).collect(),
            genres: artist.genres.iter().map(|g| fold(g)).collect(),
            title,
            title_core,
        }
    }
}

/// Lowercase, accents folded, every run of non-alphanumerics one space, trimmed.
pub fn fold(text: &str) -> String {
    let ascii = deunicode::deunicode(text).to_lowercase();
    let mut out = String::with_capacity(ascii.len());
    for word in ascii
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Edits tolerated for a word of this many characters.
fn tolerance(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    }
}

fn distance(a: &str, b: &str) -> usize {
    strsim::damerau_levenshtein(a, b)
}

/// A near miss of `query` against `target`: the edit distance if within tolerance,
/// comparing whole strings, or every query word against some target word.
fn near_miss(query: &str, target: &str) -> Option<usize> {
    let whole = distance(query, target);
    if whole <= tolerance(query.chars().count()) {
        return Some(whole);
    }
    let target_words: Vec<&str> = target.split(' ').collect();
    let mut total = 0;
    for word in query.split(' ') {
        let best = target_words
            .iter()
            .map(|t| {
                // A word may also be a slightly misspelled prefix ("zeppe" of "zeppelin").
                let prefix: String = t.chars().take(word.chars().count()).collect();
                distance(word, t).min(distance(word, &prefix) + usize::from(prefix.len() < t.len()))
            })
            .min()?;
        if best > tolerance(word.chars().count()) {
            return None;
        }
        total += best;
    }
    Some(total)
}

/// Tier (lower is better) and distance of `doc` for a folded, non-empty query.
fn rank(query: &str, query_compact: &str, doc: &SearchDoc) -> Option<(u8, usize)> {
    let q_words: Vec<&str> = query.split(' ').collect();
    if doc.title == query || doc.title_core == query || doc.title_compact == query_compact {
        return Some((0, 0));
    }
    if doc.title.starts_with(query) || doc.title_core.starts_with(query) {
        return Some((1, 0));
    }
    if q_words
        .iter()
        .all(|q| doc.title_words.iter().any(|w| w.starts_with(q)))
    {
        return Some((2, 0));
    }
    if doc.title.contains(query) || doc.title_compact.contains(query_compact) {
        return Some((3, 0));
    }
    if doc.genres.iter().any(|g| g == query) {
        return Some((4, 0));
    }
    if doc.genres.iter().any(|g| g.contains(query)) {
        return Some((5, 0));
    }
    if let Some(d) = [&doc.title, &doc.title_core]
        .iter()
        .filter_map(|t| near_miss(query, t))
        .min()
    {
        return Some((6, d));
    }
    doc.genres
        .iter()
        .filter_map(|g| near_miss(query, g))
        .min()
        .map(|d| (7, d))
}

/// Indices into `docs` (which are in catalogue order) of the matches, best first.
pub fn search(query: &str, docs: &[SearchDoc], titles: &[&str]) -> Vec<usize> {
    let folded = fold(query);
    if folded.is_empty() {
        // A query of symbols only ("!!!"): plain case-insensitive substring on titles.
        let needle = query.trim().to_lowercase();
        return (0..titles.len())
            .filter(|&i| titles[i].to_lowercase().contains(&needle))
            .collect();
    }
    let compact = folded.replace(' ', "");
    let mut hits: Vec<(u8, usize, usize)> = docs
        .iter()
        .enumerate()
        .filter_map(|(i, doc)| rank(&folded, &compact, doc).map(|(tier, d)| (tier, d, i)))
        .collect();
    hits.sort_unstable();
    hits.into_iter().map(|(_, _, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn artist(title: &str, genres: &[&str]) -> Artist {
        Artist {
            id: 0,
            title: title.into(),
            image_url: None,
            image_thumbnail_url: None,
            image_source: None,
            genres: genres.iter().map(|g| g.to_string()).collect(),
            bio: None,
            bio_source_link: None,
            solo_video_link: None,
            spotify_link: None,
            apple_link: None,
            amazon_link: None,
            tidal_link: None,
            fun_fact: None,
            external_id: String::new(),
            kind: crate::model::ArtistKind::Band,
            year: None,
            origin: None,
            real_name: None,
        }
    }

    /// Titles found for `query` in a small catalogue, best first.
    fn find(query: &str) -> Vec<&'static str> {
        let catalogue = [
            ("ABBA", &["Pop", "Disco"][..]),
            ("AC/DC", &["Hard Rock"][..]),
            ("Beastie Boys", &["Hip-Hop"][..]),
            ("Beck", &["Alternative Rock"][..]),
            ("Led Zeppelin", &["Hard Rock", "Blues Rock"][..]),
            ("Queen", &["Rock"][..]),
            ("Queens of the Stone Age", &["Alternative Rock"][..]),
            ("The Beatles", &["Rock", "Pop"][..]),
            ("Beatles Tribute", &["Rock"][..]),
            ("Björk", &["Electronic"][..]),
        ];
        let artists: Vec<Artist> = catalogue.iter().map(|(t, g)| artist(t, g)).collect();
        let docs: Vec<SearchDoc> = artists.iter().map(SearchDoc::new).collect();
        let titles: Vec<&str> = artists.iter().map(|a| a.title.as_str()).collect();
        search(query, &docs, &titles)
            .into_iter()
            .map(|i| catalogue[i].0)
            .collect()
    }

    #[test]
    fn exact_title_ranks_before_prefix_before_substring() {
        assert_eq!(find("queen"), ["Queen", "Queens of the Stone Age"]);
        assert_eq!(find("beatles")[..2], ["The Beatles", "Beatles Tribute"]);
    }

    #[test]
    fn search_is_case_insensitive_and_folds_accents_and_punctuation() {
        assert_eq!(find("BJORK"), ["Björk"]);
        assert_eq!(find("acdc"), ["AC/DC"]);
        assert_eq!(find("ac/dc"), ["AC/DC"]);
    }

    #[test]
    fn typos_still_find_the_artist() {
        assert_eq!(find("beatels")[0], "The Beatles");
        assert_eq!(find("led zepelin"), ["Led Zeppelin"]);
        assert_eq!(find("zepelin"), ["Led Zeppelin"]);
    }

    #[test]
    fn genres_match_after_titles() {
        let hits = find("hard rock");
        assert_eq!(hits, ["AC/DC", "Led Zeppelin"]);
        assert!(find("hip hop").contains(&"Beastie Boys"));
    }

    #[test]
    fn short_queries_are_not_fuzzy() {
        assert_eq!(find("xyz"), Vec::<&str>::new());
    }

    #[test]
    fn symbol_only_queries_match_literally() {
        assert_eq!(find("/"), ["AC/DC"]);
        assert_eq!(find("<script>"), Vec::<&str>::new());
    }
}
