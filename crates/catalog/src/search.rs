//! Ranked, typo-tolerant search over titles and genres.
//!
//! Text is folded first (lowercase, accents removed, punctuation to spaces), so
//! "AC/DC", "ac dc" and "acdc" meet. Matches rank in tiers: exact title, title
//! prefix, a title word starting with the query, title substring, exact genre,
//! genre substring, then near misses (Damerau-Levenshtein, so "beatels" finds
//! The Beatles) on titles and then genres. Within a tier, closer misses come
//! first, then catalogue order (title, case-insensitive).
//!
//! At catalogue scale (100,000 artists) no query walks every artist. The
//! index keeps the distinct title words and the distinct genres, each with the
//! artists that have it, every folded title in one buffer, and the artists by title
//! length. A query works out its words' near misses once per distinct word
//! (skipping, by a character-set bound, words that cannot be within reach), gathers
//! the artists that can match at all (a substring of the titles buffer, an artist
//! with a word or genre the query reaches, a title of about the query's length) and
//! ranks only those. `tests::the_index_ranks_every_seed_query_as_the_per_artist_comparison_does`
//! holds it to comparing every artist the slow way.

/// An artist's searchable text, folded once when the snapshot is built. Its folded and
/// compact titles live in [`SearchIndex::titles`] ([`SearchIndex::title`]): held once,
/// a 100,000-artist snapshot is 15 MB smaller.
///
/// Its words and genres are a run of [`SearchIndex::terms`] (one buffer for every
/// artist rather than two allocations each: 24 bytes an artist instead of about 120).
#[derive(Debug, Clone)]
struct SearchDoc {
    /// The characters of `title` and of `title_core` (see [`char_set`]).
    title_chars: u64,
    core_chars: u64,
    /// Where its run of [`SearchIndex::terms`] starts: `words` title words (indexes into
    /// [`SearchIndex::words`]), then `genres` genres (into [`SearchIndex::genres`]).
    terms: u32,
    words: u8,
    genres: u8,
    /// Whether the title starts with "the " (its core, without it, matches exactly too:
    /// "beatles").
    has_article: bool,
}

/// Every artist's folded text, in catalogue order, with the distinct words and genres.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    docs: Vec<SearchDoc>,
    /// Every artist's words and genres, one run each (see [`SearchDoc`]).
    terms: Vec<u32>,
    words: Vec<Word>,
    /// Word ids in the words' text order (for prefix look-ups).
    words_sorted: Vec<u32>,
    /// The artists whose title has each word, in catalogue order: word `w`'s are
    /// `word_docs[word_doc_starts[w]..word_doc_starts[w + 1]]` (one list for every word:
    /// most words of a large catalogue belong to one artist).
    word_docs: Vec<u32>,
    word_doc_starts: Vec<u32>,
    genres: Vec<String>,
    /// Per genre: the artists that list it, in catalogue order.
    genre_docs: Vec<Vec<u32>>,
    /// Every folded title, then every compact title, each followed by a newline (which
    /// folded text never holds), and where each begins (then where the buffer ends).
    titles: String,
    title_starts: Vec<u32>,
    /// Per length: the artists whose folded title, or title without its article, is
    /// that long (whole-title near misses need a length within tolerance).
    by_length: Vec<Vec<u32>>,
}

/// A distinct folded title word, with the set of characters it contains.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    chars: u64,
}

/// Candidate flags (see [`SearchIndex::candidates`]).
const CANDIDATE: u8 = 1;
const IN_TITLE: u8 = 2;
const IN_COMPACT: u8 = 4;

/// A bit per character of folded text (a–z, 0–9).
fn char_set(text: &str) -> u64 {
    text.bytes().fold(0, |set, b| match b {
        b'a'..=b'z' => set | 1 << (b - b'a'),
        b'0'..=b'9' => set | 1 << (26 + b - b'0'),
        _ => set,
    })
}

/// Appends `doc` unless it is already the last entry (lists are built in doc order).
fn push_once(docs: &mut Vec<u32>, doc: u32) {
    if docs.last() != Some(&doc) {
        docs.push(doc);
    }
}

/// The distinct items of a short list (a title's words), in order.
fn distinct(items: &[u32]) -> impl Iterator<Item = u32> + '_ {
    items
        .iter()
        .enumerate()
        .filter(|&(j, w)| !items[..j].contains(w))
        .map(|(_, &w)| w)
}

/// Where each word's run of [`SearchIndex::word_docs`] starts (then where the last ends).
fn word_doc_starts(index: &SearchIndex) -> Vec<u32> {
    let mut starts = vec![0u32; index.words.len() + 1];
    for doc in &index.docs {
        for w in distinct(index.doc_words(doc)) {
            starts[w as usize + 1] += 1;
        }
    }
    for w in 0..index.words.len() {
        starts[w + 1] += starts[w];
    }
    starts
}

/// Interns `text` in `list`, returning its index.
fn intern<T>(
    ids: &mut std::collections::HashMap<String, u32>,
    list: &mut Vec<T>,
    text: &str,
    make: impl FnOnce(&str) -> T,
) -> u32 {
    if let Some(&id) = ids.get(text) {
        return id;
    }
    let id = list.len() as u32;
    list.push(make(text));
    ids.insert(text.to_owned(), id);
    id
}

impl SearchIndex {
    /// The index of the artists' titles and genres, in catalogue order.
    pub fn new<'a, G>(artists: impl IntoIterator<Item = (&'a str, G)>) -> Self
    where
        G: IntoIterator<Item = &'a str>,
    {
        let mut index = SearchIndex::default();
        let mut word_ids = std::collections::HashMap::new();
        let mut genre_ids = std::collections::HashMap::new();
        let mut compact_titles = Vec::new();
        for (title, genres) in artists {
            let title = fold(title);
            let title_core = title.strip_prefix("the ").unwrap_or(&title);
            let terms = index.terms.len();
            for w in title.split(' ') {
                let id = intern(&mut word_ids, &mut index.words, w, |w| Word {
                    text: w.to_owned(),
                    chars: char_set(w),
                });
                index.terms.push(id);
            }
            let words = index.terms.len() - terms;
            for g in genres {
                let id = intern(&mut genre_ids, &mut index.genres, &fold(g), str::to_owned);
                index.terms.push(id);
            }
            index.docs.push(SearchDoc {
                title_chars: char_set(&title),
                core_chars: char_set(title_core),
                has_article: title_core.len() != title.len(),
                terms: terms as u32,
                // Past 255 words or genres the rest are not searched.
                words: words.min(255) as u8,
                genres: (index.terms.len() - terms - words).min(255) as u8,
            });
            index.push_title(&title);
            compact_titles.push(title.replace(' ', ""));
        }
        for compact in compact_titles {
            index.push_title(&compact);
        }
        index.title_starts.push(index.titles.len() as u32);
        index.words_sorted = (0..index.words.len() as u32).collect();
        index.words_sorted.sort_unstable_by(|a, b| {
            index.words[*a as usize]
                .text
                .cmp(&index.words[*b as usize].text)
        });
        index.word_doc_starts = word_doc_starts(&index);
        let mut word_docs = vec![0; *index.word_doc_starts.last().unwrap_or(&0) as usize];
        let mut filled = index.word_doc_starts.clone();
        let mut genre_docs = vec![Vec::new(); index.genres.len()];
        let longest = (0..index.docs.len())
            .map(|i| index.title(i).len())
            .max()
            .unwrap_or(0);
        let mut by_length = vec![Vec::new(); longest + 1];
        for (i, doc) in index.docs.iter().enumerate() {
            let (title, core) = (index.title(i).len(), index.core_title(i).len());
            let i = i as u32;
            for w in distinct(index.doc_words(doc)) {
                let slot = &mut filled[w as usize];
                word_docs[*slot as usize] = i;
                *slot += 1;
            }
            for &g in index.doc_genres(doc) {
                push_once(&mut genre_docs[g as usize], i);
            }
            push_once(&mut by_length[title], i);
            push_once(&mut by_length[core], i);
        }
        index.word_docs = word_docs;
        index.genre_docs = genre_docs;
        index.by_length = by_length;
        index
    }

    /// The title words of `doc`.
    fn doc_words(&self, doc: &SearchDoc) -> &[u32] {
        let start = doc.terms as usize;
        &self.terms[start..start + doc.words as usize]
    }

    /// The genres of `doc`.
    fn doc_genres(&self, doc: &SearchDoc) -> &[u32] {
        let start = doc.terms as usize + doc.words as usize;
        &self.terms[start..start + doc.genres as usize]
    }

    /// The artists whose title has word `w`, in catalogue order.
    fn docs_with_word(&self, w: usize) -> &[u32] {
        let (start, end) = (self.word_doc_starts[w], self.word_doc_starts[w + 1]);
        &self.word_docs[start as usize..end as usize]
    }

    /// Appends one entry of the titles buffer.
    fn push_title(&mut self, text: &str) {
        self.title_starts.push(self.titles.len() as u32);
        self.titles.push_str(text);
        self.titles.push('\n');
    }

    /// Artist `i`'s folded title.
    fn title(&self, i: usize) -> &str {
        self.entry(i)
    }

    /// Entry `n` of the titles buffer.
    fn entry(&self, n: usize) -> &str {
        let (start, end) = (self.title_starts[n], self.title_starts[n + 1]);
        &self.titles[start as usize..end as usize - 1]
    }

    /// Artist `i`'s folded title without a leading "the ".
    fn core_title(&self, i: usize) -> &str {
        let title = self.title(i);
        if self.docs[i].has_article {
            &title[4..]
        } else {
            title
        }
    }

    /// Artist `i`'s folded title without spaces.
    fn compact_title(&self, i: usize) -> &str {
        self.entry(self.docs.len() + i)
    }

    /// Every artist that can rank for `query` (a superset of the matches), as flags per
    /// artist: [`CANDIDATE`], plus [`IN_TITLE`] / [`IN_COMPACT`] where the titles
    /// buffer holds the query there (so ranking need not search each title again).
    fn candidates(&self, query: &Query) -> Vec<u8> {
        let mut flags = vec![0u8; self.docs.len()];
        // Tiers 0, 1 and 3: the query in the title (so also in a title without its
        // article), or the compact query in the compact title.
        for (needle, flag) in [(query.text, IN_TITLE), (query.compact.as_str(), IN_COMPACT)] {
            for at in memchr::memmem::find_iter(self.titles.as_bytes(), needle.as_bytes()) {
                let entry = self.title_starts.partition_point(|&s| s as usize <= at) - 1;
                // The buffer holds every title, then every compact title.
                if (entry < self.docs.len()) == (flag == IN_TITLE) {
                    flags[entry % self.docs.len()] |= CANDIDATE | flag;
                }
            }
        }
        let mut mark = |docs: &[u32]| docs.iter().for_each(|&d| flags[d as usize] |= CANDIDATE);
        let first = 0;
        for w in 0..self.words.len() {
            // Tier 2 needs the first query word to start some title word; tier 6 (word
            // by word) needs it near some title word.
            if query.word_prefixes[first][w] || query.word_misses[first][w].is_some() {
                mark(self.docs_with_word(w));
            }
        }
        for (g, docs) in self.genre_docs.iter().enumerate() {
            let (equal, contains, near) = query.genres[g];
            if equal || contains || near.is_some() {
                mark(docs);
            }
        }
        // Tier 6 (whole title): a title within tolerance of the query's length and
        // holding all but that many of its characters.
        let tolerance = tolerance(query.text.len());
        let lengths = query.text.len().saturating_sub(tolerance)..=query.text.len() + tolerance;
        for docs in lengths.filter_map(|len| self.by_length.get(len)) {
            for &d in docs {
                let doc = &self.docs[d as usize];
                if query.within_reach(doc.title_chars) || query.within_reach(doc.core_chars) {
                    flags[d as usize] |= CANDIDATE;
                }
            }
        }
        flags
    }

    /// Indices of the matching artists (catalogue order), best first; `title_of(i)` is
    /// artist `i`'s title as written.
    pub fn search<'t>(&self, query: &str, title_of: impl Fn(usize) -> &'t str) -> Vec<usize> {
        self.search_best(query, title_of, usize::MAX).0
    }

    /// The best `limit` matches, best first, and how many matches there are in all
    /// (only the best are sorted: a common word matches much of a large catalogue).
    pub fn search_best<'t>(
        &self,
        query: &str,
        title_of: impl Fn(usize) -> &'t str,
        limit: usize,
    ) -> (Vec<usize>, usize) {
        let folded = fold(query);
        if folded.is_empty() {
            // A query of symbols only ("!!!"): plain case-insensitive substring on titles.
            let needle = query.trim().to_lowercase();
            let hits: Vec<usize> = (0..self.docs.len())
                .filter(|&i| title_of(i).to_lowercase().contains(&needle))
                .collect();
            let total = hits.len();
            return (hits.into_iter().take(limit).collect(), total);
        }
        let query = Query::new(&folded, self);
        // Each hit as one number ordered as (tier, distance, position), which sorts fast.
        let mut hits: Vec<u64> = self
            .candidates(&query)
            .into_iter()
            .enumerate()
            .filter(|&(_, flags)| flags & CANDIDATE != 0)
            .filter_map(|(i, flags)| {
                let titles = (self.title(i), self.core_title(i), self.compact_title(i));
                let doc = &self.docs[i];
                let terms = (self.doc_words(doc), self.doc_genres(doc));
                let (tier, d) = query.rank(doc, terms, titles, flags)?;
                Some((tier as u64) << 56 | (d.min(0xff_ffff) as u64) << 32 | i as u64)
            })
            .collect();
        let total = hits.len();
        if limit < total {
            hits.select_nth_unstable(limit);
            hits.truncate(limit);
        }
        hits.sort_unstable();
        let best = hits
            .into_iter()
            .map(|hit| (hit & 0xffff_ffff) as usize)
            .collect();
        (best, total)
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

/// Damerau-Levenshtein distance (unrestricted: adjacent transpositions, and edits
/// between them). Folded text is ASCII; short strings (every word) are computed on
/// the stack without allocating, longer ones by `strsim`.
fn distance(a: &str, b: &str) -> usize {
    const MAX: usize = 32;
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() > MAX || b.len() > MAX {
        return strsim::damerau_levenshtein(
            std::str::from_utf8(a).unwrap_or_default(),
            std::str::from_utf8(b).unwrap_or_default(),
        );
    }
    // Lowrance-Wagner with the "last row where this character was seen" table.
    let inf = a.len() + b.len();
    let mut d = [[0usize; MAX + 2]; MAX + 2];
    let mut last_row = [0usize; 256];
    d[0][0] = inf;
    for i in 0..=a.len() {
        d[i + 1][0] = inf;
        d[i + 1][1] = i;
    }
    for j in 0..=b.len() {
        d[0][j + 1] = inf;
        d[1][j + 1] = j;
    }
    for i in 1..=a.len() {
        let mut last_col = 0;
        for j in 1..=b.len() {
            let k = last_row[b[j - 1] as usize];
            let l = last_col;
            let cost = if a[i - 1] == b[j - 1] {
                last_col = j;
                0
            } else {
                1
            };
            d[i + 1][j + 1] = (d[i][j] + cost)
                .min(d[i + 1][j] + 1)
                .min(d[i][j + 1] + 1)
                .min(d[k][l] + (i - k - 1) + 1 + (j - l - 1));
        }
        last_row[a[i - 1] as usize] = i;
    }
    d[a.len() + 1][b.len() + 1]
}

/// A near miss of `query` against `target`: the edit distance if within tolerance,
/// comparing whole strings, or every query word against some target word.
fn near_miss(query: &str, target: &str) -> Option<usize> {
    let whole = distance(query, target);
    if whole <= tolerance(query.len()) {
        return Some(whole);
    }
    let target_words: Vec<&str> = target.split(' ').collect();
    let mut total = 0;
    for word in query.split(' ') {
        let best = target_words.iter().map(|t| word_miss(word, t)).min()?;
        if best > tolerance(word.len()) {
            return None;
        }
        total += best;
    }
    Some(total)
}

/// How far `word` is from the target word `t`: the edit distance, or the distance to
/// `t`'s prefix of the same length plus one (a slightly misspelled prefix, "zeppe" of
/// "zeppelin").
fn word_miss(word: &str, t: &str) -> usize {
    let prefix = &t[..word.len().min(t.len())];
    distance(word, t).min(distance(word, prefix) + usize::from(prefix.len() < t.len()))
}

/// A folded query, with its words' near misses against the index's words and genres
/// worked out once.
struct Query<'a> {
    text: &'a str,
    /// The characters of `text` (see [`char_set`]).
    chars: u64,
    compact: String,
    /// Per query word, per index word: the near-miss distance, or `None` past tolerance.
    word_misses: Vec<Vec<Option<u8>>>,
    /// Per query word, per index word: whether the index word starts with it.
    word_prefixes: Vec<Vec<bool>>,
    /// Per genre: equal to the query, contains it, its near-miss distance.
    genres: Vec<(bool, bool, Option<usize>)>,
}

impl<'a> Query<'a> {
    fn new(text: &'a str, index: &SearchIndex) -> Self {
        let words: Vec<&str> = text.split(' ').collect();
        let word_misses = words
            .iter()
            .map(|word| {
                let tolerance = tolerance(word.len());
                let chars = char_set(word);
                index
                    .words
                    .iter()
                    .map(|w| {
                        // Each edit removes at most one character of `word` from the
                        // target, so more missing characters than the tolerance rule
                        // the word (and any prefix of it) out.
                        if (chars & !w.chars).count_ones() as usize > tolerance {
                            return None;
                        }
                        let miss = word_miss(word, &w.text);
                        (miss <= tolerance).then_some(miss as u8)
                    })
                    .collect()
            })
            .collect();
        let word_prefixes = words
            .iter()
            .map(|word| {
                // The words starting with `word` are one run of the sorted words.
                let sorted = &index.words_sorted;
                let text_of = |id: &u32| index.words[*id as usize].text.as_str();
                let from = sorted.partition_point(|id| text_of(id) < *word);
                let mut starts = vec![false; index.words.len()];
                for id in sorted[from..]
                    .iter()
                    .take_while(|id| text_of(id).starts_with(word))
                {
                    starts[*id as usize] = true;
                }
                starts
            })
            .collect();
        let genres = index
            .genres
            .iter()
            .map(|g| (g == text, g.contains(text), near_miss(text, g)))
            .collect();
        Query {
            text,
            chars: char_set(text),
            compact: text.replace(' ', ""),
            word_misses,
            word_prefixes,
            genres,
        }
    }

    /// Whether a text with these characters can be within the query's tolerance: each
    /// edit removes at most one of the query's characters.
    fn within_reach(&self, chars: u64) -> bool {
        (self.chars & !chars).count_ones() as usize <= tolerance(self.text.len())
    }

    /// The whole-string near miss of the query against `target` (whose characters are
    /// `chars`), if within tolerance.
    fn whole_miss(&self, target: &str, chars: u64) -> Option<usize> {
        let tolerance = tolerance(self.text.len());
        if self.text.len().abs_diff(target.len()) > tolerance || !self.within_reach(chars) {
            return None;
        }
        let whole = distance(self.text, target);
        (whole <= tolerance).then_some(whole)
    }

    /// Every query word near some word of `words`: the summed distances.
    fn words_miss(&self, words: &[u32]) -> Option<usize> {
        let mut total = 0;
        for misses in &self.word_misses {
            total += words.iter().filter_map(|&w| misses[w as usize]).min()? as usize;
        }
        Some(total)
    }

    /// Tier (lower is better) and distance of `doc`.
    /// `flags` are the artist's [`SearchIndex::candidates`] flags: an exact title or
    /// a title prefix contains the query, so without [`IN_TITLE`] or [`IN_COMPACT`]
    /// tiers 0, 1 and 3 cannot hold.
    fn rank(
        &self,
        doc: &SearchDoc,
        (words, genre_ids): (&[u32], &[u32]),
        (title, core, compact): (&str, &str, &str),
        flags: u8,
    ) -> Option<(u8, usize)> {
        let text = self.text;
        let (in_title, in_compact) = (flags & IN_TITLE != 0, flags & IN_COMPACT != 0);
        if (in_title && (title == text || core == text)) || (in_compact && compact == self.compact)
        {
            return Some((0, 0));
        }
        if in_title && (title.starts_with(text) || core.starts_with(text)) {
            return Some((1, 0));
        }
        if self
            .word_prefixes
            .iter()
            .all(|prefixes| words.iter().any(|&w| prefixes[w as usize]))
        {
            return Some((2, 0));
        }
        if in_title || in_compact {
            return Some((3, 0));
        }
        let genres = || genre_ids.iter().map(|&g| &self.genres[g as usize]);
        if genres().any(|g| g.0) {
            return Some((4, 0));
        }
        if genres().any(|g| g.1) {
            return Some((5, 0));
        }
        // The title and the title without its article, as `near_miss` would compare
        // each: the whole string if within tolerance, else word by word.
        let title_miss = self
            .whole_miss(title, doc.title_chars)
            .or_else(|| self.words_miss(words));
        let core_miss = if doc.has_article {
            self.whole_miss(core, doc.core_chars)
                .or_else(|| self.words_miss(&words[1..]))
        } else {
            None
        };
        if let Some(d) = title_miss.into_iter().chain(core_miss).min() {
            return Some((6, d));
        }
        genres().filter_map(|g| g.2).min().map(|d| (7, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Artist;

    fn index_of(artists: &[Artist]) -> SearchIndex {
        SearchIndex::new(
            artists
                .iter()
                .map(|a| (a.title.as_str(), a.genres.iter().map(String::as_str))),
        )
    }

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
            photo_credit: None,
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
        index_of(&artists)
            .search(query, |i| &artists[i].title)
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

    #[test]
    fn the_best_few_are_the_first_of_all_matches() {
        let artists: Vec<Artist> = (0..50)
            .map(|n| artist(&format!("Rock Band {n}"), &["Rock"]))
            .collect();
        let index = index_of(&artists);
        let all = index.search("rock", |i| &artists[i].title);
        for limit in [0, 1, 7, 49, 50, 51] {
            let (best, total) = index.search_best("rock", |i| &artists[i].title, limit);
            assert_eq!(total, 50);
            assert_eq!(best, all[..limit.min(50)]);
        }
    }

    #[test]
    fn the_distance_is_damerau_levenshtein() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "ca",
            "acb",
            "beatles",
            "beatels",
            "zeppelin",
            "zepelin",
            "rock",
            "rokc",
            "queen",
            "qeuen",
            "metallica",
            "2pac",
            "abcdefghijklmnopqrstuvwxyz0123456789",
        ];
        for a in words {
            for b in words {
                assert_eq!(
                    distance(a, b),
                    strsim::damerau_levenshtein(a, b),
                    "{a} / {b}"
                );
            }
        }
    }

    /// The per-artist form of `rank` that the index replaces: every comparison made
    /// afresh for each artist.
    fn reference_rank(query: &str, artist: &Artist) -> Option<(u8, usize)> {
        let title = fold(&artist.title);
        let core = title.strip_prefix("the ").unwrap_or(&title).to_owned();
        let compact = title.replace(' ', "");
        let genres: Vec<String> = artist.genres.iter().map(|g| fold(g)).collect();
        let words: Vec<&str> = title.split(' ').collect();
        if title == query || core == query || compact == query.replace(' ', "") {
            return Some((0, 0));
        }
        if title.starts_with(query) || core.starts_with(query) {
            return Some((1, 0));
        }
        if query
            .split(' ')
            .all(|q| words.iter().any(|w| w.starts_with(q)))
        {
            return Some((2, 0));
        }
        if title.contains(query) || compact.contains(&query.replace(' ', "")) {
            return Some((3, 0));
        }
        if genres.iter().any(|g| g == query) {
            return Some((4, 0));
        }
        if genres.iter().any(|g| g.contains(query)) {
            return Some((5, 0));
        }
        if let Some(d) = [&title, &core]
            .iter()
            .filter_map(|t| near_miss(query, t))
            .min()
        {
            return Some((6, d));
        }
        genres
            .iter()
            .filter_map(|g| near_miss(query, g))
            .min()
            .map(|d| (7, d))
    }

    #[test]
    fn the_index_ranks_every_seed_query_as_the_per_artist_comparison_does() {
        let artists: Vec<Artist> = crate::seed::seed_artists()
            .expect("seed")
            .iter()
            .map(|s| {
                let genres: Vec<&str> = s.genres.iter().map(String::as_str).collect();
                artist(&s.title, &genres)
            })
            .collect();
        let index = index_of(&artists);
        // Queries: every title and genre, and misspelt forms of them (a letter
        // dropped, two swapped, one changed, a prefix).
        let mut queries: Vec<String> = Vec::new();
        for artist in &artists {
            let title = fold(&artist.title);
            queries.push(title.clone());
            queries.extend(artist.genres.iter().map(|g| fold(g)));
            let bytes = title.as_bytes();
            if bytes.len() > 4 {
                let mut dropped = bytes.to_vec();
                dropped.remove(bytes.len() / 2);
                let mut swapped = bytes.to_vec();
                swapped.swap(1, 2);
                let mut changed = bytes.to_vec();
                changed[bytes.len() - 1] = b'x';
                for q in [dropped, swapped, changed, bytes[..bytes.len() - 2].to_vec()] {
                    queries.push(String::from_utf8(q).unwrap());
                }
            }
        }
        queries.sort();
        queries.dedup();
        // A third of them (every query is compared with every artist the slow way).
        for query in queries.iter().step_by(3).filter(|q| !q.trim().is_empty()) {
            let folded = fold(query);
            let mut expected: Vec<(u8, usize, usize)> = artists
                .iter()
                .enumerate()
                .filter_map(|(i, a)| reference_rank(&folded, a).map(|(t, d)| (t, d, i)))
                .collect();
            expected.sort_unstable();
            let expected: Vec<usize> = expected.into_iter().map(|(_, _, i)| i).collect();
            assert_eq!(
                index.search(query, |i| &artists[i].title),
                expected,
                "query {query:?}"
            );
        }
    }
}
