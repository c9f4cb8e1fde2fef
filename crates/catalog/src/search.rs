//! Ranked, typo-tolerant search over titles and genres.
//!
//! Text is folded first (lowercase, accents removed, punctuation to spaces), so
//! "AC/DC", "ac dc" and "acdc" meet. Matches rank in tiers: exact title, title
//! prefix, a title word starting with the query, title substring, exact genre,
//! genre substring, then near misses (Damerau-Levenshtein, so "beatels" finds
//! The Beatles) on titles and then genres. Within a tier, closer misses come
//! first, then catalogue order (title, case-insensitive).
//!
//! At catalogue scale (two million artists) no query walks every artist or every
//! distinct word. The index keeps the distinct title words as a finite-state
//! transducer ([`fst::Map`], word to its rank in text order: a compact sorted set
//! that a Levenshtein automaton walks without visiting every word), the distinct
//! genres, each word and genre with the artists that have it, every folded title in
//! one buffer and every distinct word in another, the artists by each junction of two
//! adjacent words, and the artists by title length. A query finds its words' near
//! misses by walking the words with automata from `levenshtein_automata` (a
//! superset, then the exact distance), the words it starts as one run of ranks,
//! gathers the artists whose title can match at all (a word holding the query, a
//! title crossing one of its junctions that holds it, a word the query reaches, a
//! title of about the query's length) and ranks only those; the artists a genre alone
//! matches are counted, and only the first of each genre ranked.
//! `tests::the_index_ranks_every_seed_query_as_the_per_artist_comparison_does`
//! holds it to comparing every artist the slow way.

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
#[derive(Clone, Serialize, Deserialize)]
pub struct SearchIndex {
    docs: Vec<SearchDoc>,
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

/// Candidate flags (see [`SearchIndex::title_candidates`]).
const CANDIDATE: u8 = 1;
const IN_TITLE: u8 = 2;
const IN_COMPACT: u8 = 4;
/// Counted as a match through its genres alone (see [`SearchIndex::search_best`]).
const BY_GENRE: u8 = 8;

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
        self.docs.len()
    }

    /// The index of the artists' titles and genres, in catalogue order.
    pub fn new<'a, G>(artists: impl IntoIterator<Item = (&'a str, G)>) -> Self
    where
        G: IntoIterator<Item = &'a str>,
    {
        let mut docs = Vec::new();
        let mut terms = Vec::new();
        let mut word_ids: HashMap<String, u32> = HashMap::new();
        // Genres by their text as written (each folded once) and by their folded text.
        let mut genre_of_name: HashMap<String, u32> = HashMap::new();
        let mut genre_ids: HashMap<String, u32> = HashMap::new();
        let mut titles = String::new();
        let mut title_starts = Vec::new();
        for (title, genres) in artists {
            let title = fold(title);
            let title_core = title.strip_prefix("the ").unwrap_or(&title);
            let start = terms.len();
            terms.extend(title.split(' ').map(|w| intern(&mut word_ids, w)));
            let words = terms.len() - start;
            for name in genres {
                let genre = match genre_of_name.get(name) {
                    Some(&id) => id,
                    None => {
                        let id = intern(&mut genre_ids, &fold(name));
                        genre_of_name.insert(name.to_owned(), id);
                        id
                    }
                };
                terms.push(genre);
            }
            docs.push(SearchDoc {
                title_chars: char_set(&title),
                core_chars: char_set(title_core),
                has_article: title_core.len() != title.len(),
                terms: start as u32,
                // Past 255 words or genres the rest are not searched.
                words: words.min(255) as u8,
                genres: (terms.len() - start - words).min(255) as u8,
            });
            title_starts.push(titles.len() as u32);
            titles.push_str(&title);
            titles.push('\n');
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
            terms,
            words,
            word_docs: Vec::new(),
            word_doc_starts: Vec::new(),
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

    /// The artists whose compact title (the title without spaces) holds `compact`, in
    /// no particular order and possibly repeated: those with a word holding it (found
    /// in the distinct words), and those where it spans words (it crosses a junction
    /// of two of its characters: the titles with that junction are checked).
    fn compact_matches(&self, compact: &str) -> Vec<u32> {
        let finder = memchr::memmem::Finder::new(compact.as_bytes());
        let mut found = Vec::new();
        let mut last = usize::MAX;
        for at in finder.find_iter(self.word_text.as_bytes()) {
            let w = self.word_starts.partition_point(|&s| s as usize <= at) - 1;
            if w != last {
                last = w;
                found.extend_from_slice(self.docs_with_word(w));
            }
        }
        let mut title = Vec::new();
        for pair in compact.as_bytes().windows(2) {
            for &d in self.docs_with_junction(junction(pair[0], pair[1])) {
                title.clear();
                title.extend(self.title(d as usize).bytes().filter(|&b| b != b' '));
                if finder.find(&title).is_some() {
                    found.push(d);
                }
            }
        }
        found
    }

    /// The artists whose title can rank for `query`, ranked in full (their genres
    /// alone are seen to by [`SearchIndex::search_best`]): flags per artist,
    /// [`CANDIDATE`] plus [`IN_TITLE`] / [`IN_COMPACT`] where the title holds the query
    /// or the compact title the compact query (so ranking need not search each title
    /// again), and the candidates, each once.
    fn title_candidates(&self, query: &Query) -> (Vec<u8>, Vec<u32>) {
        let mut flags = vec![0u8; self.docs.len()];
        let mut listed = Vec::new();
        let mut mark = |d: u32, flag: u8| {
            let f = &mut flags[d as usize];
            if *f == 0 {
                listed.push(d);
            }
            *f |= CANDIDATE | flag;
        };
        // Tiers 0, 1 and 3: the query in the title (so also in a title without its
        // article), or the compact query in the compact title. A title holding the
        // query has a compact title holding the compact query.
        for d in self.compact_matches(&query.compact) {
            let in_title = self.title(d as usize).contains(query.text);
            mark(d, IN_COMPACT | if in_title { IN_TITLE } else { 0 });
        }
        // Tier 2 needs the first query word to start some title word; tier 6 (word by
        // word) needs it near some title word.
        let first = 0;
        let near = query.word_misses[first].iter().map(|&(w, _)| w);
        for w in query.word_prefixes[first].clone().chain(near) {
            for &d in self.docs_with_word(w as usize) {
                mark(d, 0);
            }
        }
        // Tier 6 (whole title): a title within tolerance of the query's length and
        // holding all but that many of its characters.
        let tolerance = tolerance(query.text.len());
        let lengths = query.text.len().saturating_sub(tolerance)..=query.text.len() + tolerance;
        for bucket in lengths.filter_map(|len| self.by_length.get(len)) {
            for (&d, &chars) in bucket.docs.iter().zip(&bucket.chars) {
                if query.within_reach(chars) {
                    mark(d, 0);
                }
            }
        }
        (flags, listed)
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
        let hit = |(tier, d): (u8, usize), i: u32| {
            (tier as u64) << 56 | (d.min(0xff_ffff) as u64) << 32 | i as u64
        };
        let (mut flags, candidates) = self.title_candidates(&query);
        let mut hits: Vec<u64> = candidates
            .into_iter()
            .filter_map(|i| Some(hit(query.rank(self, i as usize, flags[i as usize])?, i)))
            .collect();
        let mut total = hits.len();
        // The artists matched through their genres alone (a common genre holds hundreds
        // of thousands at two million): counted, and only the first `limit` of each
        // genre kept, the genres taken best tier first so an artist counts at its best.
        // An artist's tier is its best genre's, so the best `limit` of all are among
        // those kept.
        let mut by_genre: Vec<((u8, usize), usize)> = (0..self.genres.len())
            .filter_map(|g| Some((query.genre_tier(g)?, g)))
            .collect();
        by_genre.sort_unstable();
        for (rank, g) in by_genre {
            let mut kept = 0;
            for &d in &self.genre_docs[g] {
                let f = &mut flags[d as usize];
                if *f != 0 {
                    continue;
                }
                *f = BY_GENRE;
                total += 1;
                if kept < limit {
                    kept += 1;
                    hits.push(hit(rank, d));
                }
            }
        }
        if limit < hits.len() {
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
        let genres = index
            .genres
            .iter()
            .map(|g| (g == text, g.contains(text), near_miss(text, g)))
            .collect();
        Query {
            text,
            chars: char_set(text),
            compact: text.replace(' ', ""),
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

    /// Tier (lower is better) and distance of `doc`.
    /// `flags` are the artist's [`SearchIndex::candidates`] flags: an exact title or
    /// a title prefix contains the query, so without [`IN_TITLE`] or [`IN_COMPACT`]
    /// tiers 0, 1 and 3 cannot hold.
    /// The titles are looked up only where a tier needs them (most candidates of a
    /// common word are decided by their words or genres).
    fn rank(&self, index: &SearchIndex, i: usize, flags: u8) -> Option<(u8, usize)> {
        let text = self.text;
        let doc = &index.docs[i];
        let (words, genre_ids) = (index.doc_words(doc), index.doc_genres(doc));
        let (in_title, in_compact) = (flags & IN_TITLE != 0, flags & IN_COMPACT != 0);
        if in_title || in_compact {
            let (title, core) = (index.title(i), index.core_title(i));
            if (in_title && (title == text || core == text))
                || (in_compact && compact_equals(title, &self.compact))
            {
                return Some((0, 0));
            }
            if in_title && (title.starts_with(text) || core.starts_with(text)) {
                return Some((1, 0));
            }
        }
        if self
            .word_prefixes
            .iter()
            .all(|prefixes| words.iter().any(|w| prefixes.contains(w)))
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
                assert_eq!(total, all.len(), "{query} at {limit}");
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
        assert_eq!(found("s1"), 2);
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
}
