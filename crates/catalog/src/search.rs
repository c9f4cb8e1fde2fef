//! Ranked, typo-tolerant search over titles and genres.
//!
//! Text is folded first (lowercase, accents removed, punctuation to spaces), so
//! "AC/DC", "ac dc" and "acdc" meet. Matches rank in tiers: exact title, title
//! prefix, a title word starting with the query, title substring, exact genre,
//! genre substring, then near misses (Damerau-Levenshtein, so "beatels" finds
//! The Beatles) on titles and then genres. Within a tier, closer misses come
//! first, then catalogue order (title, case-insensitive). A query of fewer than
//! [`MIN_SUBSTRING`] characters matches by prefix only (a title or genre word
//! starting with it): one or two letters are inside most titles.
//!
//! A query's work goes with the page asked for, not with its matches (a letter
//! matches most of two million artists). The index keeps the distinct title words
//! as a finite-state transducer ([`fst::Map`], word to its rank in text order: a
//! compact sorted set that a Levenshtein automaton walks without visiting every
//! word), the distinct genres, and lists of artists in catalogue order: by title
//! word, by the word a title begins with, by genre, by junction of two adjacent
//! words, and by title length, with every compact title hashed. Each class of
//! match (tier, then distance) has lists holding all its members (the exact
//! title's hash; the titles beginning with the query's word; the artists of the
//! words it starts; of the words holding it and the junctions it may cross; of
//! its words' near misses, by automata from `levenshtein_automata`, and the titles
//! of about its length; the genres'), and the best are found by walking a class's
//! lists merged in catalogue order, ranking each artist met, until the page is
//! full. The count goes on the same way up to [`COUNT_BOUND`] and says "at least"
//! past it.
//! `tests::the_index_ranks_every_seed_query_as_the_per_artist_comparison_does`
//! holds it to comparing every artist the slow way.
//!
//! An artist's aliases (other names: "The Fab Four") are indexed as names of their
//! own, each a document right after its artist's title, so documents stay in
//! catalogue order and an artist's are met one after another; an artist ranks as its
//! best name, and is listed once.

use std::collections::HashMap;
use std::ops::Range;

use fst::{Automaton, IntoStreamer, Streamer};
use levenshtein_automata::{Distance, LevenshteinAutomatonBuilder, DFA};
use serde::{Deserialize, Serialize};

/// The words' `fst` as its bytes (checked when read back).
mod fst_bytes {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(map: &fst::Map<Vec<u8>>, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_bytes(map.as_fst().as_bytes())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<fst::Map<Vec<u8>>, D::Error> {
        let bytes = serde_bytes::ByteBuf::deserialize(from)?;
        fst::Map::new(bytes.into_vec()).map_err(D::Error::custom)
    }
}

/// An artist's searchable text, folded once when the snapshot is built. Its folded and
/// compact titles live in [`SearchIndex::titles`] ([`SearchIndex::title`]): held once,
/// a 100,000-artist snapshot is 15 MB smaller.
///
/// Its words and genres are a run of [`SearchIndex::terms`] (one buffer for every
/// artist rather than two allocations each: 24 bytes an artist instead of about 120).
#[derive(Debug, Clone, Serialize, Deserialize)]
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
/// It serializes as it is held (the catalogue keeps it on disk with its snapshot).
///
/// Its documents are names: each artist's title (with its genres), then its aliases
/// (words only). Where a list below says "artists" it holds documents.
#[derive(Clone, Serialize, Deserialize)]
pub struct SearchIndex {
    docs: Vec<SearchDoc>,
    /// The documents that are aliases, ascending, and the artist of each: an index
    /// without aliases spends nothing on them.
    alias_docs: Vec<u32>,
    alias_artists: Vec<u32>,
    /// Every artist's words and genres, one run each (see [`SearchDoc`]).
    terms: Vec<u32>,
    /// The distinct title words, each to its id: its rank in text order (so the words
    /// starting with some text are a run of ids).
    #[serde(with = "fst_bytes")]
    words: fst::Map<Vec<u8>>,
    /// The artists whose title has each word, in catalogue order: word `w`'s are
    /// `word_docs[word_doc_starts[w]..word_doc_starts[w + 1]]` (one list for every word:
    /// most words of a large catalogue belong to one artist).
    word_docs: Vec<u32>,
    word_doc_starts: Vec<u32>,
    /// The artists whose title, or title without its article, begins with each word,
    /// in catalogue order (as `word_docs`): a title prefix's candidates.
    first_docs: Vec<u32>,
    first_doc_starts: Vec<u32>,
    /// Every title's and article-less title's compact form (no spaces), hashed: each
    /// `hash << 32 | artist`, sorted; an exact title is looked up here.
    exact: Vec<u64>,
    genres: Vec<String>,
    /// Per genre: the artists that list it, in catalogue order.
    genre_docs: Vec<Vec<u32>>,
    /// Every folded title, each followed by a newline (which folded text never holds),
    /// and where each begins (then where the buffer ends).
    titles: String,
    title_starts: Vec<u32>,
    /// The distinct title words in rank order, each followed by a newline, and where
    /// each begins (then where the buffer ends): a query inside a word is looked for
    /// here, a fraction of the titles' length.
    word_text: String,
    word_starts: Vec<u32>,
    /// Per junction of two adjacent title words (the last character of one and the
    /// first of the next, see [`junction`]): the artists whose title has it, in
    /// catalogue order, as `junction_docs[junction_starts[j]..junction_starts[j + 1]]`.
    /// A query spanning words crosses one, so only these titles are checked for it.
    junction_docs: Vec<u32>,
    junction_starts: Vec<u32>,
    /// Per length: the artists whose folded title, or title without its article, is
    /// that long (whole-title near misses need a length within tolerance).
    by_length: Vec<LengthBucket>,
}

/// The artists with a title (or title without its article) of one length, with the
/// characters of that title (see [`char_set`]; read in order, not looked up per artist).
#[derive(Clone, Default, Serialize, Deserialize)]
struct LengthBucket {
    docs: Vec<u32>,
    chars: Vec<u64>,
}

/// Queries shorter than this (without spaces) match by prefix only: a title word or
/// a genre word starting with them, never inside a word (one or two letters are in
/// most titles; what a user typing them wants is the names they start).
pub const MIN_SUBSTRING: usize = 3;
/// Most aliases of one artist indexed (ranking an artist reads each of its names).
pub const MAX_ALIASES: usize = 16;
/// Matches counted exactly; past it the count says "at least" this many (a page
/// shows the best 120 at most).
pub const COUNT_BOUND: usize = 1_000;
/// Candidates a count looks at before it stops (then it is a lower bound too).
const COUNT_EXAMINED: usize = 4 * COUNT_BOUND;

/// The junctions of two adjacent words: 36 × 36 pairs of characters.
const JUNCTIONS: usize = 36 * 36;

/// A folded character's number (a–z, then 0–9).
fn char_code(b: u8) -> usize {
    match b {
        b'a'..=b'z' => (b - b'a') as usize,
        _ => 26 + b.wrapping_sub(b'0') as usize % 10,
    }
}

/// The junction of two adjacent words of folded text: the last character of the first
/// and the first of the second.
fn junction(last: u8, first: u8) -> usize {
    char_code(last) * 36 + char_code(first)
}

/// The junctions of a folded title, in order (repeats included).
fn junctions(title: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = title.as_bytes();
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b' ')
        .map(move |(at, _)| junction(bytes[at - 1], bytes[at + 1]))
}

/// Whether `title` without its spaces holds `compact`.
fn compact_holds(title: &str, compact: &str) -> bool {
    if title.contains(compact) {
        return true;
    }
    if !title.contains(' ') {
        return false;
    }
    let mut buffer = [0u8; 128];
    let mut heap = Vec::new();
    let bytes = if title.len() <= buffer.len() {
        let mut n = 0;
        for b in title.bytes().filter(|&b| b != b' ') {
            buffer[n] = b;
            n += 1;
        }
        &buffer[..n]
    } else {
        heap.extend(title.bytes().filter(|&b| b != b' '));
        &heap[..]
    };
    memchr::memmem::find(bytes, compact.as_bytes()).is_some()
}

/// Whether `title` without its spaces is `compact`.
fn compact_equals(title: &str, compact: &str) -> bool {
    title.bytes().filter(|&b| b != b' ').eq(compact.bytes())
}

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

/// The words a title, or the title without its article, begins with (once each).
fn first_words(index: &SearchIndex, doc: &SearchDoc) -> impl Iterator<Item = u32> {
    let words = index.doc_words(doc);
    let core = if doc.has_article { words.get(1) } else { None };
    words
        .first()
        .copied()
        .into_iter()
        .chain(core.copied().filter(|&w| w != words[0]))
}

/// The artists by the word their title begins with (see [`SearchIndex::first_docs`]):
/// the list, and where each word's run starts (then where the last ends).
fn first_docs(index: &SearchIndex) -> (Vec<u32>, Vec<u32>) {
    let mut starts = vec![0u32; index.words.len() + 1];
    for doc in &index.docs {
        for w in first_words(index, doc) {
            starts[w as usize + 1] += 1;
        }
    }
    for w in 0..index.words.len() {
        starts[w + 1] += starts[w];
    }
    let mut docs = vec![0u32; *starts.last().unwrap_or(&0) as usize];
    let mut filled = starts.clone();
    for (i, doc) in index.docs.iter().enumerate() {
        for w in first_words(index, doc) {
            docs[filled[w as usize] as usize] = i as u32;
            filled[w as usize] += 1;
        }
    }
    (docs, starts)
}

/// The hash of folded text without its spaces (see [`SearchIndex::exact`]).
fn compact_hash(text: &str) -> u64 {
    crate::stable_hash::fnv1a(text.bytes().filter(|&b| b != b' ')) >> 32
}

/// Every title's and article-less title's compact hash with its artist, sorted.
fn exact_titles(index: &SearchIndex) -> Vec<u64> {
    let mut exact = Vec::with_capacity(index.docs.len());
    for (i, doc) in index.docs.iter().enumerate() {
        exact.push(compact_hash(index.title(i)) << 32 | i as u64);
        if doc.has_article {
            exact.push(compact_hash(index.core_title(i)) << 32 | i as u64);
        }
    }
    exact.sort_unstable();
    exact
}

/// The artists by junction (see [`SearchIndex::junction_docs`]): the list, and where
/// each junction's run starts (then where the last ends).
fn junction_docs(index: &SearchIndex) -> (Vec<u32>, Vec<u32>) {
    // Counted, then filled; an artist is listed once per junction however often its
    // title has it (its last entry there is itself).
    let mut last = vec![u32::MAX; JUNCTIONS];
    let mut starts = vec![0u32; JUNCTIONS + 1];
    for i in 0..index.docs.len() {
        for j in junctions(index.title(i)) {
            if last[j] != i as u32 {
                last[j] = i as u32;
                starts[j + 1] += 1;
            }
        }
    }
    for j in 0..JUNCTIONS {
        starts[j + 1] += starts[j];
    }
    let mut docs = vec![0u32; starts[JUNCTIONS] as usize];
    let mut filled = starts.clone();
    last.fill(u32::MAX);
    for i in 0..index.docs.len() {
        for j in junctions(index.title(i)) {
            if last[j] != i as u32 {
                last[j] = i as u32;
                docs[filled[j] as usize] = i as u32;
                filled[j] += 1;
            }
        }
    }
    (docs, starts)
}

/// Interns `key` in `ids`, a new key getting the next id.
fn intern(ids: &mut HashMap<String, u32>, key: &str) -> u32 {
    if let Some(&id) = ids.get(key) {
        return id;
    }
    let id = ids.len() as u32;
    ids.insert(key.to_owned(), id);
    id
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("artists", &self.docs.len())
            .field("words", &self.words.len())
            .field("genres", &self.genres.len())
            .finish()
    }
}

impl SearchIndex {
    /// How many artists it indexes.
    pub(crate) fn len(&self) -> usize {
        self.docs.len() - self.alias_docs.len()
    }

    /// The index of the artists' titles and genres, in catalogue order.
    pub fn new<'a, G>(artists: impl IntoIterator<Item = (&'a str, G)>) -> Self
    where
        G: IntoIterator<Item = &'a str>,
    {
        Self::with_aliases(
            artists
                .into_iter()
                .map(|(title, genres)| (title, std::iter::empty(), genres)),
        )
    }

    /// The index of the artists' titles, aliases and genres, in catalogue order.
    pub fn with_aliases<'a, A, G>(artists: impl IntoIterator<Item = (&'a str, A, G)>) -> Self
    where
        A: IntoIterator<Item = &'a str>,
        G: IntoIterator<Item = &'a str>,
    {
        let mut docs = Vec::new();
        let mut alias_docs = Vec::new();
        let mut alias_artists = Vec::new();
        let mut terms = Vec::new();
        let mut word_ids: HashMap<String, u32> = HashMap::new();
        // Genres by their text as written (each folded once) and by their folded text.
        let mut genre_of_name: HashMap<String, u32> = HashMap::new();
        let mut genre_ids: HashMap<String, u32> = HashMap::new();
        let mut titles = String::new();
        let mut title_starts = Vec::new();
        for (artist, (title, aliases, genres)) in artists.into_iter().enumerate() {
            // The title first, with the genres; then each alias not already a name.
            let mut genres = Some(genres);
            let mut names: Vec<String> = Vec::new();
            for name in std::iter::once(title).chain(aliases) {
                let name = fold(name);
                let alias = !names.is_empty();
                if alias && (name.is_empty() || names.contains(&name) || names.len() > MAX_ALIASES)
                {
                    continue;
                }
                let core = name.strip_prefix("the ").unwrap_or(&name);
                let start = terms.len();
                terms.extend(name.split(' ').map(|w| intern(&mut word_ids, w)));
                let words = terms.len() - start;
                for genre_name in genres.take().into_iter().flatten() {
                    let genre = match genre_of_name.get(genre_name) {
                        Some(&id) => id,
                        None => {
                            let id = intern(&mut genre_ids, &fold(genre_name));
                            genre_of_name.insert(genre_name.to_owned(), id);
                            id
                        }
                    };
                    terms.push(genre);
                }
                if alias {
                    alias_docs.push(docs.len() as u32);
                    alias_artists.push(artist as u32);
                }
                docs.push(SearchDoc {
                    title_chars: char_set(&name),
                    core_chars: char_set(core),
                    has_article: core.len() != name.len(),
                    terms: start as u32,
                    // Past 255 words or genres the rest are not searched.
                    words: words.min(255) as u8,
                    genres: (terms.len() - start - words).min(255) as u8,
                });
                title_starts.push(titles.len() as u32);
                titles.push_str(&name);
                titles.push('\n');
                names.push(name);
            }
        }
        drop(genre_of_name);
        title_starts.push(titles.len() as u32);
        // Word ids become ranks in text order.
        let mut sorted: Vec<(String, u32)> = word_ids.into_iter().collect();
        sorted.sort_unstable();
        let mut rank_of = vec![0u32; sorted.len()];
        let mut word_text = String::new();
        let mut word_starts = Vec::with_capacity(sorted.len() + 1);
        for (rank, (word, id)) in sorted.iter().enumerate() {
            rank_of[*id as usize] = rank as u32;
            word_starts.push(word_text.len() as u32);
            word_text.push_str(word);
            word_text.push('\n');
        }
        word_starts.push(word_text.len() as u32);
        let words = fst::Map::from_iter(
            sorted
                .into_iter()
                .enumerate()
                .map(|(rank, (word, _))| (word, rank as u64)),
        )
        .expect("the words are sorted and distinct");
        for doc in &docs {
            let start = doc.terms as usize;
            for w in &mut terms[start..start + doc.words as usize] {
                *w = rank_of[*w as usize];
            }
        }
        drop(rank_of);
        let mut genres = vec![String::new(); genre_ids.len()];
        for (genre, id) in genre_ids {
            genres[id as usize] = genre;
        }
        let mut index = SearchIndex {
            docs,
            alias_docs,
            alias_artists,
            terms,
            words,
            word_docs: Vec::new(),
            word_doc_starts: Vec::new(),
            first_docs: Vec::new(),
            first_doc_starts: Vec::new(),
            exact: Vec::new(),
            genre_docs: vec![Vec::new(); genres.len()],
            genres,
            titles,
            title_starts,
            word_text,
            word_starts,
            junction_docs: Vec::new(),
            junction_starts: Vec::new(),
            by_length: Vec::new(),
        };
        index.word_doc_starts = word_doc_starts(&index);
        (index.first_docs, index.first_doc_starts) = first_docs(&index);
        index.exact = exact_titles(&index);
        (index.junction_docs, index.junction_starts) = junction_docs(&index);
        let mut word_docs = vec![0; *index.word_doc_starts.last().unwrap_or(&0) as usize];
        let mut filled = index.word_doc_starts.clone();
        let mut genre_docs = std::mem::take(&mut index.genre_docs);
        let longest = (0..index.docs.len())
            .map(|i| index.title(i).len())
            .max()
            .unwrap_or(0);
        let mut by_length = vec![LengthBucket::default(); longest + 1];
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
            by_length[title].docs.push(i);
            by_length[title].chars.push(doc.title_chars);
            if core != title {
                by_length[core].docs.push(i);
                by_length[core].chars.push(doc.core_chars);
            }
        }
        index.word_docs = word_docs;
        index.genre_docs = genre_docs;
        index.by_length = by_length;
        index
    }

    /// The artist whose name document `d` is.
    fn artist_of(&self, d: u32) -> u32 {
        d - self.alias_docs.partition_point(|&a| a <= d) as u32
    }

    /// Artist `a`'s documents: its title, then its aliases.
    fn docs_of(&self, a: u32) -> Range<usize> {
        let before = self.alias_artists.partition_point(|&b| b < a);
        let own = self.alias_artists[before..].partition_point(|&b| b == a);
        let first = a as usize + before;
        first..first + 1 + own
    }

    /// [`walk_in_order`] over lists of documents, visiting each artist once (an
    /// artist's names are adjacent documents).
    fn walk_artists(&self, lists: &[&[u32]], mut visit: impl FnMut(u32) -> bool) -> bool {
        let mut last = None;
        walk_in_order(lists, |d| {
            let a = self.artist_of(d);
            if last == Some(a) {
                return true;
            }
            last = Some(a);
            visit(a)
        })
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

    /// Artist `i`'s folded title.
    fn title(&self, i: usize) -> &str {
        let (start, end) = (self.title_starts[i], self.title_starts[i + 1]);
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

    /// The artists whose title has junction `j` (see [`junction`]), in catalogue order.
    fn docs_with_junction(&self, j: usize) -> &[u32] {
        let (start, end) = (self.junction_starts[j], self.junction_starts[j + 1]);
        &self.junction_docs[start as usize..end as usize]
    }

    /// The artists whose title, or title without its article, begins with word `w`.
    fn docs_first_with_word(&self, w: usize) -> &[u32] {
        let (start, end) = (self.first_doc_starts[w], self.first_doc_starts[w + 1]);
        &self.first_docs[start as usize..end as usize]
    }

    /// The artists whose compact title, or compact title without its article, hashes
    /// as `compact` does (every exact title among them), in catalogue order.
    fn exact_candidates(&self, compact: &str) -> Vec<u32> {
        let hash = compact_hash(compact);
        let from = self.exact.partition_point(|&e| e >> 32 < hash);
        let mut docs: Vec<u32> = self.exact[from..]
            .iter()
            .take_while(|&&e| e >> 32 == hash)
            .map(|&e| e as u32)
            .collect();
        docs.sort_unstable();
        docs.dedup();
        docs
    }

    /// Lists holding every artist whose title can begin with the query: those whose
    /// title begins with a word the single query word starts, or with the first of
    /// several query words.
    fn first_lists(&self, query: &Query) -> Vec<&[u32]> {
        let words: Range<u32> = if query.word_prefixes.len() == 1 {
            query.word_prefixes[0].clone()
        } else {
            let first = query.text.split(' ').next().unwrap_or_default();
            self.words
                .get(first)
                .map_or(0..0, |w| w as u32..w as u32 + 1)
        };
        words
            .map(|w| self.docs_first_with_word(w as usize))
            .filter(|docs| !docs.is_empty())
            .collect()
    }

    /// Lists holding every artist with a title word starting each query word: the
    /// artists of the words one query word starts (the query word with the fewest).
    fn word_lists(&self, query: &Query) -> Vec<&[u32]> {
        let artists = |words: &Range<u32>| {
            self.word_doc_starts[words.end as usize] - self.word_doc_starts[words.start as usize]
        };
        let Some(words) = query
            .word_prefixes
            .iter()
            .min_by_key(|words| artists(words))
        else {
            return Vec::new();
        };
        words
            .clone()
            .map(|w| self.docs_with_word(w as usize))
            .collect()
    }

    /// Lists holding every artist whose compact title holds `compact`: the artists of
    /// each word holding it (found in the distinct words), and of each junction of two
    /// of its adjacent characters (where it may span words).
    fn inside_lists(&self, compact: &str) -> Vec<&[u32]> {
        let finder = memchr::memmem::Finder::new(compact.as_bytes());
        let mut lists = Vec::new();
        let mut last = usize::MAX;
        for at in finder.find_iter(self.word_text.as_bytes()) {
            let w = self.word_starts.partition_point(|&s| s as usize <= at) - 1;
            if w != last {
                last = w;
                lists.push(self.docs_with_word(w));
            }
        }
        let mut pairs: Vec<usize> = compact
            .as_bytes()
            .windows(2)
            .map(|pair| junction(pair[0], pair[1]))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        lists.extend(pairs.into_iter().map(|j| self.docs_with_junction(j)));
        lists
    }

    /// The artists whose title, or title without its article, is within the query's
    /// tolerance in length and characters (whole-title near misses), in catalogue order.
    fn whole_candidates(&self, query: &Query) -> Vec<u32> {
        let tolerance = tolerance(query.text.len());
        // Within no tolerance is the exact title, found as such.
        if tolerance == 0 {
            return Vec::new();
        }
        let lengths = query.text.len().saturating_sub(tolerance)..=query.text.len() + tolerance;
        let mut docs = Vec::new();
        for bucket in lengths.filter_map(|len| self.by_length.get(len)) {
            for (&d, &chars) in bucket.docs.iter().zip(&bucket.chars) {
                if query.within_reach(chars) {
                    docs.push(d);
                }
            }
        }
        docs.sort_unstable();
        docs.dedup();
        docs
    }

    /// The ids of the words starting with `prefix` (a run, ids being ranks in text order).
    fn words_starting(&self, prefix: &str) -> Range<u32> {
        let rank_from = |bound: &[u8]| {
            let mut after = self.words.range().ge(bound).into_stream();
            after
                .next()
                .map_or(self.words.len() as u32, |(_, id)| id as u32)
        };
        // Folded text is ASCII letters and digits: its last byte plus one bounds the run.
        let mut end = prefix.as_bytes().to_vec();
        match end.last_mut() {
            Some(last) => *last += 1,
            None => return 0..self.words.len() as u32,
        }
        rank_from(prefix.as_bytes())..rank_from(&end)
    }

    /// The words within tolerance of `word` as [`word_miss`] measures (ids in
    /// ascending order, with the distance).
    fn near_words(&self, word: &str) -> Vec<(u32, u8)> {
        let tolerance = tolerance(word.len());
        if tolerance == 0 {
            // Only the word itself is within reach.
            return self
                .words
                .get(word)
                .map(|id| (id as u32, 0))
                .into_iter()
                .collect();
        }
        // A superset from the automata, then the exact distance.
        let (whole, prefix) = automata(tolerance);
        let whole = Dfa(whole.build_dfa(word));
        let prefix = Dfa(prefix.build_prefix_dfa(word));
        let mut stream = self.words.search(whole.union(prefix)).into_stream();
        let mut near = Vec::new();
        while let Some((text, id)) = stream.next() {
            let miss = word_miss(word, std::str::from_utf8(text).unwrap_or_default());
            if miss <= tolerance {
                near.push((id as u32, miss as u8));
            }
        }
        near
    }

    /// Indices of the matching artists (catalogue order), best first; `title_of(i)` is
    /// artist `i`'s title as written.
    pub fn search<'t>(&self, query: &str, title_of: impl Fn(usize) -> &'t str) -> Vec<usize> {
        self.search_best(query, title_of, usize::MAX).0
    }

    /// The best `limit` matches, best first, and how many matches there are in all
    /// (exactly up to [`COUNT_BOUND`]). Its work goes with `limit`, not the matches:
    /// each class of match (tier, then distance) is walked in catalogue order from
    /// lists that hold it, and only until the page is full.
    pub fn search_best<'t>(
        &self,
        query: &str,
        title_of: impl Fn(usize) -> &'t str,
        limit: usize,
    ) -> (Vec<usize>, Count) {
        let (best, count) = self.search_classed(query, title_of, limit);
        (best.into_iter().map(|(_, a)| a as usize).collect(), count)
    }

    /// [`SearchIndex::search_best`] with each match's class (tier, then distance):
    /// matches of two indexes merge by class, then catalogue order.
    pub(crate) fn search_classed<'t>(
        &self,
        query: &str,
        title_of: impl Fn(usize) -> &'t str,
        limit: usize,
    ) -> (Vec<(Class, u32)>, Count) {
        let folded = fold(query);
        if let Some(symbols) = symbols_only(query) {
            let hits: Vec<(Class, u32)> = (0..self.len())
                .filter(|&i| symbols.matches(title_of(i)))
                .map(|i| ((0, 0), i as u32))
                .collect();
            let count = Count::exact(hits.len());
            return (hits.into_iter().take(limit).collect(), count);
        }
        let query = Query::new(&folded, self);
        // An artist ranks as its best name.
        let rank = |a: u32, worst: u8| {
            self.docs_of(a)
                .filter_map(|d| query.rank(self, d, worst))
                .min()
        };

        let exact = self.exact_candidates(&query.compact);
        let words = self.word_lists(&query);
        // The artists of the first query word's near words, those at most `d` away.
        let near = |d: usize| -> Vec<&[u32]> {
            query.word_misses[0]
                .iter()
                .filter(|&&(_, miss)| miss as usize <= d)
                .map(|&(w, _)| self.docs_with_word(w as usize))
                .collect()
        };
        let inside = std::cell::OnceCell::new();
        let inside = || -> &Vec<&[u32]> {
            inside.get_or_init(|| {
                if query.short {
                    Vec::new()
                } else {
                    self.inside_lists(&query.compact)
                }
            })
        };
        let whole = std::cell::OnceCell::new();
        let whole = || -> &Vec<u32> { whole.get_or_init(|| self.whole_candidates(&query)) };
        let genres = |class: (u8, usize)| -> Vec<&[u32]> {
            (0..self.genres.len())
                .filter(|&g| query.genre_tier(g) == Some(class))
                .map(|g| &self.genre_docs[g][..])
                .collect()
        };
        let mut best: Vec<(Class, u32)> = Vec::new();
        for class in query.classes() {
            if best.len() >= limit {
                break;
            }
            let lists: Vec<&[u32]> = match class.0 {
                0 => vec![&exact],
                1 => self.first_lists(&query),
                2 => words.clone(),
                3 => inside().clone(),
                // A title `d` away by its words has a first word at most `d` away.
                6 => near(class.1).into_iter().chain([&whole()[..]]).collect(),
                _ => genres(class),
            };
            self.walk_artists(&lists, |a| {
                if rank(a, class.0) == Some(class) {
                    best.push((class, a));
                }
                best.len() < limit
            });
        }
        // A page not filled holds every match.
        if best.len() < limit {
            let count = Count::exact(best.len());
            return (best, count);
        }
        // Counted in catalogue order until the bound: first from the lists that hold
        // most matches, then, if those end first, with the costlier ones.
        let count = |lists: &[&[u32]]| {
            let (mut n, mut examined) = (0, 0);
            let ended = self.walk_artists(lists, |a| {
                examined += 1;
                n += usize::from(rank(a, u8::MAX).is_some());
                n < COUNT_BOUND && examined < COUNT_EXAMINED
            });
            Count {
                n: n.max(best.len()),
                exact: ended,
            }
        };
        let mut lists: Vec<&[u32]> = [&exact[..]]
            .into_iter()
            .chain(words)
            .chain(near(usize::MAX))
            .collect();
        for g in 0..self.genres.len() {
            if query.genre_tier(g).is_some() {
                lists.push(&self.genre_docs[g]);
            }
        }
        let mut counted = count(&lists);
        if counted.exact && !(query.short && whole().is_empty()) {
            lists.extend(inside().iter().copied().chain([&whole()[..]]));
            counted = count(&lists);
        }
        (best, counted)
    }
}

impl SearchIndex {
    /// How many of `artists` match `query` (each checked on its own: for a few).
    pub(crate) fn matching<'t>(
        &self,
        query: &str,
        title_of: impl Fn(usize) -> &'t str,
        artists: &[u32],
    ) -> usize {
        let folded = fold(query);
        if let Some(symbols) = symbols_only(query) {
            return artists
                .iter()
                .filter(|&&a| symbols.matches(title_of(a as usize)))
                .count();
        }
        let query = Query::new(&folded, self);
        artists
            .iter()
            .filter(|&&a| {
                self.docs_of(a)
                    .any(|d| query.rank(self, d, u8::MAX).is_some())
            })
            .count()
    }
}

/// A query of symbols only ("!!!"), which folds to nothing: it matches a title that
/// holds it, case-insensitively (the words' index has nothing to look it up by).
pub(crate) struct SymbolsOnly(String);

impl SymbolsOnly {
    pub(crate) fn matches(&self, title: &str) -> bool {
        title.to_lowercase().contains(&self.0)
    }
}

/// The query as [`SymbolsOnly`], when it is one.
pub(crate) fn symbols_only(query: &str) -> Option<SymbolsOnly> {
    fold(query)
        .is_empty()
        .then(|| SymbolsOnly(query.trim().to_lowercase()))
}

/// A match's class: its tier (lower is better), then its distance (near misses).
pub(crate) type Class = (u8, usize);

/// How many matches a query has: exactly, or at least this many (counting stopped at
/// [`COUNT_BOUND`] matches or after as many candidates as it may look at).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub n: usize,
    pub exact: bool,
}

impl Count {
    pub(crate) fn exact(n: usize) -> Self {
        Count { n, exact: true }
    }
}

/// Visits the artists of sorted lists in catalogue order, each once, while `visit`
/// says go on; whether every list was walked to its end.
fn walk_in_order(lists: &[&[u32]], mut visit: impl FnMut(u32) -> bool) -> bool {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    // (next artist, list, where in it)
    let mut heap: BinaryHeap<Reverse<(u32, u32, u32)>> = lists
        .iter()
        .enumerate()
        .filter_map(|(l, docs)| Some(Reverse((*docs.first()?, l as u32, 0))))
        .collect();
    let mut last = None;
    while let Some(mut top) = heap.peek_mut() {
        let Reverse((d, l, at)) = *top;
        match lists[l as usize].get(at as usize + 1) {
            Some(&next) => *top = Reverse((next, l, at + 1)),
            None => drop(std::collections::binary_heap::PeekMut::pop(top)),
        }
        if last != Some(d) {
            last = Some(d);
            if !visit(d) {
                return false;
            }
        }
    }
    true
}

/// The automaton builders for a word with this tolerance (1 or 2): one for the whole
/// word, one for its prefixes (a word within tolerance by [`word_miss`] is accepted by
/// one of them). Their transposition is the restricted one: two unrestricted edits
/// can take three restricted ones (a swap with a letter put between), so tolerance 2
/// needs distance 3 for the whole word; a prefix counts one edit more, so its
/// automaton needs one less.
fn automata(
    tolerance: usize,
) -> (
    &'static LevenshteinAutomatonBuilder,
    &'static LevenshteinAutomatonBuilder,
) {
    static BUILDERS: std::sync::OnceLock<[LevenshteinAutomatonBuilder; 3]> =
        std::sync::OnceLock::new();
    let [zero, one, three] = BUILDERS
        .get_or_init(|| [0, 1, 3].map(|distance| LevenshteinAutomatonBuilder::new(distance, true)));
    if tolerance == 1 {
        (one, zero)
    } else {
        (three, one)
    }
}

/// A Levenshtein automaton walking the words' transducer.
struct Dfa(DFA);

impl Automaton for Dfa {
    type State = u32;

    fn start(&self) -> u32 {
        self.0.initial_state()
    }

    fn is_match(&self, state: &u32) -> bool {
        matches!(self.0.distance(*state), Distance::Exact(_))
    }

    fn can_match(&self, state: &u32) -> bool {
        *state != levenshtein_automata::SINK_STATE
    }

    fn accept(&self, state: &u32, byte: u8) -> u32 {
        self.0.transition(*state, byte)
    }
}

/// Lowercase, accents folded, every run of non-alphanumerics one space, trimmed.
pub fn fold(text: &str) -> String {
    let ascii = if text.is_ascii() {
        text.to_ascii_lowercase()
    } else {
        deunicode::deunicode(text).to_lowercase()
    };
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
    /// Shorter than [`MIN_SUBSTRING`]: matched by prefix only.
    short: bool,
    /// Per query word: the index words within tolerance (ids ascending, distance).
    word_misses: Vec<Vec<(u32, u8)>>,
    /// Per query word: the ids of the index words starting with it.
    word_prefixes: Vec<Range<u32>>,
    /// Per genre: equal to the query, contains it, its near-miss distance.
    genres: Vec<(bool, bool, Option<usize>)>,
}

impl<'a> Query<'a> {
    fn new(text: &'a str, index: &SearchIndex) -> Self {
        let words: Vec<&str> = text.split(' ').collect();
        let compact = text.replace(' ', "");
        let short = compact.len() < MIN_SUBSTRING;
        let holds = |g: &str| {
            if short {
                g.starts_with(text) || g.contains(&format!(" {text}"))
            } else {
                g.contains(text)
            }
        };
        let genres = index
            .genres
            .iter()
            .map(|g| (g == text, holds(g), near_miss(text, g)))
            .collect();
        Query {
            text,
            chars: char_set(text),
            compact,
            short,
            word_misses: words.iter().map(|w| index.near_words(w)).collect(),
            word_prefixes: words.iter().map(|w| index.words_starting(w)).collect(),
            genres,
        }
    }

    /// The tier and distance genre `g` gives its artists, if any: 4 if it is the query,
    /// 5 if it holds it, 7 if a few edits away.
    fn genre_tier(&self, g: usize) -> Option<(u8, usize)> {
        match self.genres[g] {
            (true, _, _) => Some((4, 0)),
            (_, true, _) => Some((5, 0)),
            (_, _, d) => Some((7, d?)),
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
            let miss = |w: &u32| misses.binary_search_by_key(w, |&(id, _)| id).ok();
            total += words.iter().filter_map(miss).map(|i| misses[i].1).min()? as usize;
        }
        Some(total)
    }

    /// Every class a match can rank in (tier, then distance), best first.
    fn classes(&self) -> impl Iterator<Item = (u8, usize)> {
        let short = self.short;
        let tiers = (0..=5).filter(move |&t| t != 3 || !short);
        let words: usize = self.text.split(' ').map(|w| tolerance(w.len())).sum();
        let farthest = tolerance(self.text.len()).max(words);
        tiers.map(|t| (t, 0)).chain(
            [6, 7]
                .into_iter()
                .flat_map(move |t| (0..=farthest).map(move |d| (t, d))),
        )
    }

    /// Tier (lower is better) and distance of artist `i`, if its tier is `worst` or
    /// better (none past it: a class's walk asks no further than the class).
    fn rank(&self, index: &SearchIndex, i: usize, worst: u8) -> Option<(u8, usize)> {
        #[cfg(test)]
        tests::RANKED.with(|ranked| ranked.set(ranked.get() + 1));
        let text = self.text;
        let doc = &index.docs[i];
        let (words, genre_ids) = (index.doc_words(doc), index.doc_genres(doc));
        let (title, core) = (index.title(i), index.core_title(i));
        if title == text || core == text || compact_equals(title, &self.compact) {
            return Some((0, 0));
        }
        if title.starts_with(text) || core.starts_with(text) {
            return Some((1, 0));
        }
        if self
            .word_prefixes
            .iter()
            .all(|prefixes| words.iter().any(|w| prefixes.contains(w)))
        {
            return Some((2, 0));
        }
        if !self.short && worst >= 3 && compact_holds(title, &self.compact) {
            return Some((3, 0));
        }
        if worst < 4 {
            return None;
        }
        let genres = || genre_ids.iter().map(|&g| &self.genres[g as usize]);
        if genres().any(|g| g.0) {
            return Some((4, 0));
        }
        if genres().any(|g| g.1) {
            return Some((5, 0));
        }
        if worst < 6 {
            return None;
        }
        // The title and the title without its article, as `near_miss` would compare
        // each: the whole string if within tolerance, else word by word.
        let title_miss = self
            .whole_miss(index.title(i), doc.title_chars)
            .or_else(|| self.words_miss(words));
        let core_miss = if doc.has_article {
            self.whole_miss(index.core_title(i), doc.core_chars)
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

    thread_local! {
        /// Artists ranked on this thread so far (see [`Query::rank`]).
        pub(super) static RANKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    fn index_of(artists: &[Artist]) -> SearchIndex {
        SearchIndex::new(
            artists
                .iter()
                .map(|a| (a.title.as_str(), a.genres.iter().map(String::as_str))),
        )
    }

    fn artist(title: &str, genres: &[&str]) -> Artist {
        Artist {
            title: title.into(),
            genres: genres.iter().map(|g| g.to_string()).collect(),
            ..Artist::default()
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
    fn every_name_finds_its_artist_once_ranked_as_its_best_name() {
        let catalogue: [(&str, &[&str], &[&str]); 5] = [
            ("Beatles Tribute", &[], &["Rock"]),
            (
                "Prince",
                &["The Artist Formerly Known as Prince", "TAFKAP"],
                &["Funk"],
            ),
            ("Ryuichi Sakamoto", &["坂本龍一"], &["Ambient"]),
            (
                "The Beatles",
                &["The Fab Four", "Beatles", "the fab four"],
                &["Rock"],
            ),
            ("Мумий Тролль", &[], &["Rock"]),
        ];
        let index = SearchIndex::with_aliases(
            catalogue
                .iter()
                .map(|(t, a, g)| (*t, a.iter().copied(), g.iter().copied())),
        );
        assert_eq!(index.len(), catalogue.len());
        let find = |query: &str| -> Vec<&str> {
            let (best, count) = index.search_best(query, |i| catalogue[i].0, 10);
            assert_eq!(count, Count::exact(best.len()), "{query}");
            best.into_iter().map(|i| catalogue[i].0).collect()
        };
        assert_eq!(find("fab four"), ["The Beatles"]);
        assert_eq!(find("tafkap"), ["Prince"]);
        assert_eq!(find("fab fuor"), ["The Beatles"], "a near miss of an alias");
        // Matched by its title and by an alias: listed once, at its best name's rank.
        assert_eq!(find("beatles"), ["The Beatles", "Beatles Tribute"]);
        assert_eq!(find("prince"), ["Prince"]);
        // Names in another script: an alias, a title.
        assert_eq!(find("坂本龍一"), ["Ryuichi Sakamoto"]);
        assert_eq!(find("Мумий Тролль"), ["Мумий Тролль"]);
        assert_eq!(
            find("rock"),
            ["Beatles Tribute", "The Beatles", "Мумий Тролль"]
        );
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
            assert_eq!(total, Count::exact(50));
            assert_eq!(best, all[..limit.min(50)]);
        }
    }

    /// Artists matched through their genres alone are counted once at their best
    /// genre's tier though only the first of each genre are kept: every limit gives the
    /// first of all matches and the count of all.
    #[test]
    fn the_best_few_of_artists_matched_by_genre_are_the_first_of_all_matches() {
        let genres: [&[&str]; 6] = [
            &["Indie Rock"],
            &["Rock", "Indie Rock"],
            &["Jazz"],
            &["Indie Rock", "Rock"],
            &["Rokc Fusion"],
            &["Rock"],
        ];
        let artists: Vec<Artist> = (0..60)
            .map(|n| artist(&format!("Velvet Foxes {n}"), genres[n % genres.len()]))
            .collect();
        let index = index_of(&artists);
        for query in ["rock", "rokc", "indie rock"] {
            let all = index.search(query, |i| &artists[i].title);
            assert!(all.len() > 20, "{query}: {}", all.len());
            for limit in [0, 1, 5, 11, 12, 25, all.len() - 1, all.len(), all.len() + 1] {
                let (best, total) = index.search_best(query, |i| &artists[i].title, limit);
                assert_eq!(total, Count::exact(all.len()), "{query} at {limit}");
                assert_eq!(best, all[..limit.min(all.len())], "{query} at {limit}");
            }
        }
        let queries = ["rock", "rokc", "indie rock", "rock fusion", "indy rock"].map(String::from);
        assert_ranks_as_the_per_artist_comparison(&artists, &queries);
    }

    /// A query inside a word, across words, across several words and across the same
    /// junction twice ranks as the per-artist comparison does.
    #[test]
    fn a_query_spanning_words_is_found_as_in_the_compact_title() {
        let artists: Vec<Artist> = [
            "Rock Ets",
            "Roc Kets",
            "R O C K",
            "Ro Ck Ro Ck",
            "The Rockets",
            "Sparrows 1",
            "Sparrow S1",
            "Ac Dc",
            "Paper Rockets",
            "Electric Kid",
        ]
        .iter()
        .map(|title| artist(title, &["Pop"]))
        .collect();
        let queries = [
            "rock", "rockets", "ocke", "ck", "s1", "rows1", "rockro", "ckro", "acdc", "ac dc",
            "erro", "ickid", "therock", "c k", "rocket s",
        ]
        .map(String::from);
        assert_ranks_as_the_per_artist_comparison(&artists, &queries);
        let index = index_of(&artists);
        let found = |q: &str| index.search(q, |i| &artists[i].title).len();
        assert_eq!(found("rock"), 6);
        // Two characters match a word's start only ("Sparrows 1" holds it inside).
        assert_eq!(found("s1"), 1);
        assert_eq!(found("ckro"), 1);
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
        let short = query.replace(' ', "").len() < MIN_SUBSTRING;
        if !short && (title.contains(query) || compact.contains(&query.replace(' ', ""))) {
            return Some((3, 0));
        }
        if genres.iter().any(|g| g == query) {
            return Some((4, 0));
        }
        let holds = |g: &String| match short {
            true => g.split(' ').any(|w| w.starts_with(query)),
            false => g.contains(query),
        };
        if genres.iter().any(holds) {
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
        let queries: Vec<String> = queries.into_iter().step_by(3).collect();
        assert_ranks_as_the_per_artist_comparison(&artists, &queries);
    }

    /// Holds the index's ranking of each query to [`reference_rank`] over every artist.
    fn assert_ranks_as_the_per_artist_comparison(artists: &[Artist], queries: &[String]) {
        let index = index_of(artists);
        for query in queries.iter().filter(|q| !q.trim().is_empty()) {
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

    /// The automata that find near words count a swap with a letter put between as
    /// three edits ("sparorws" to "sparrows" is two here), and a prefix's miss one
    /// more: misspellings of every kind, two edits deep, find what the slow way finds.
    #[test]
    fn the_index_finds_every_misspelling_the_per_artist_comparison_does() {
        let words = [
            "sparrows",
            "zeppelin",
            "midnight",
            "satellites",
            "rock",
            "velvet",
            "kingdom",
        ];
        let genres = ["Indie Rock", "Hip-Hop", "Synth-pop", "Bossa Nova", "Rock"];
        let artists: Vec<Artist> = (0..words.len() * words.len())
            .map(|n| {
                let (a, b) = (words[n % words.len()], words[n / words.len()]);
                let genre = [genres[n % genres.len()], genres[n * 3 % genres.len()]];
                artist(&format!("{a} {b} {}", n % 4), &genre)
            })
            .collect();
        let mut queries: Vec<String> = Vec::new();
        for text in words
            .iter()
            .chain(&["indierock", "bossa nova", "synthpop", "hiphop"])
        {
            let b = text.as_bytes();
            let mut edits: Vec<Vec<u8>> = Vec::new();
            for i in 0..b.len() - 1 {
                // A swap with a letter between, two swaps, a swap and a change.
                let mut v = b.to_vec();
                v.swap(i, i + 1);
                let mut between = v.clone();
                between.insert(i + 1, b'x');
                edits.push(between);
                if i + 3 < b.len() {
                    let mut two = v.clone();
                    two.swap(i + 2, i + 3);
                    edits.push(two);
                }
                let mut changed = v;
                changed[b.len() - 1] = b'q';
                edits.push(changed);
                // Two letters dropped, a prefix with one changed.
                let mut dropped = b.to_vec();
                dropped.remove(i);
                dropped.remove(i.min(dropped.len() - 1));
                edits.push(dropped);
                let mut prefix = b[..(i + 2).max(4).min(b.len())].to_vec();
                let at = i.min(prefix.len() - 1);
                prefix[at] = b'e';
                edits.push(prefix);
            }
            queries.extend(edits.into_iter().map(|q| String::from_utf8(q).unwrap()));
            queries.push(format!("{text} {}", &text[..3]));
        }
        assert_ranks_as_the_per_artist_comparison(&artists, &queries);
    }

    /// A synthetic catalogue's index as `e2e/perf/synthetic-catalogue.mjs` writes
    /// one: "First Second n", unique, shared words, one to three genres.
    fn synthetic_index(count: usize) -> SearchIndex {
        const FIRST: [&str; 12] = [
            "The", "Velvet", "Electric", "Silver", "Midnight", "Golden", "Kid", "Atomic", "Neon",
            "Paper", "Iron", "Wild",
        ];
        const SECOND: [&str; 8] = [
            "Foxes", "Rivers", "Echoes", "Kings", "Sparrows", "Waves", "Lights", "Saints",
        ];
        const GENRES: [&str; 6] = [
            "Rock",
            "Pop",
            "Indie Rock",
            "Jazz",
            "Ambient",
            "Alternative",
        ];
        let mut titles: Vec<(String, Vec<&str>)> = (1..=count)
            .map(|n| {
                // A fixed scramble of n picks the words and genres.
                let h = (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) as usize;
                let title = format!("{} {} {n}", FIRST[(h >> 40) % 12], SECOND[(h >> 20) % 8]);
                (title, vec![GENRES[(h >> 30) % 6], GENRES[(h >> 50) % 6]])
            })
            .collect();
        titles.sort_by_cached_key(|(t, _)| t.to_lowercase());
        SearchIndex::new(titles.iter().map(|(t, g)| (t.as_str(), g.iter().copied())))
    }

    /// How many artists a search for the best `limit` ranks, and its count.
    fn ranked_for(index: &SearchIndex, query: &str, limit: usize) -> (usize, Count) {
        RANKED.with(|ranked| ranked.set(0));
        let (_, count) = index.search_best(query, |_| "", limit);
        (RANKED.with(|ranked| ranked.get()), count)
    }

    /// A letter, two letters, a common word and two words rank about as many artists
    /// at 200,000 as at 20,000 (at most twice what the count may look at), though
    /// their matches grow tenfold; the count says when it stopped.
    #[test]
    fn a_search_ranks_no_more_artists_as_its_matches_grow() {
        let (small, large) = (synthetic_index(20_000), synthetic_index(200_000));
        let page = 120;
        for query in ["a", "k", "ve", "velvet", "velvet foxes", "1"] {
            let (at_small, _) = ranked_for(&small, query, page);
            let (at_large, count) = ranked_for(&large, query, page);
            assert!(
                at_large <= 2 * COUNT_EXAMINED,
                "{query}: {at_large} artists ranked at 200,000"
            );
            assert!(
                at_large <= at_small.max(page) * 2,
                "{query}: {at_small} artists ranked at 20,000, {at_large} at 200,000"
            );
            assert!(count.n >= page, "{query}: {count:?}");
        }
        // Counted exactly below the bound, else said to be at least so many.
        let matches = small.search("velvet foxes", |_| "").len();
        assert!(matches < COUNT_BOUND, "{matches}");
        assert_eq!(
            ranked_for(&small, "velvet foxes", 12).1,
            Count::exact(matches)
        );
        assert_eq!(
            ranked_for(&large, "a", 12).1,
            Count {
                n: COUNT_BOUND,
                exact: false
            }
        );
    }
}
