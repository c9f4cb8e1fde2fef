//! The search index alone on the synthetic catalogue, query by query: what each kind of
//! query costs to rank (the best 120, as a search page's ranking asks for), without the
//! server around it.
//!
//!   node e2e/perf/search-kinds.mjs | cargo run --release -p sound-atlas-catalog \
//!     --example search_kinds -- 2000000
//!
//! The catalogue is `e2e/perf/synthetic-catalogue.mjs`'s for the same size (the same
//! generator, words and picks; biographies and links left out), sorted as the snapshot
//! sorts it. Queries come on stdin, one `kind<TAB>query` a line. Prints per kind the
//! p50, p95, largest and mean of each query's time, the least of three runs (so the
//! machine's other work adds little: one thread, nothing waited on, it is CPU time).
use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::Instant;

use sound_atlas_catalog::search::SearchIndex;

const FIRST: [&str; 35] = [
    "The", "Velvet", "Electric", "Silver", "Midnight", "Golden", "Broken", "Neon", "Paper", "Iron",
    "Crystal", "Wild", "Quiet", "Burning", "Lonely", "Atomic", "Blue", "Scarlet", "Hollow",
    "Young", "Kid", "DJ", "MC", "Lady", "Uncle", "Zero", "Xenon", "Yellow", "Ocean", "Jade",
    "Northern", "Eastern", "99", "Gravity", "Funky",
];
const SECOND: [&str; 20] = [
    "Foxes",
    "Rivers",
    "Echoes",
    "Machines",
    "Hearts",
    "Wolves",
    "Lights",
    "Sparrows",
    "Drums",
    "Ghosts",
    "Kings",
    "Saints",
    "Tigers",
    "Waves",
    "Mirrors",
    "Satellites",
    "Roses",
    "Engines",
    "Shadows",
    "Pilots",
];
const GENRES: [&str; 30] = [
    "Rock",
    "Pop",
    "Hip-Hop",
    "Jazz",
    "Blues",
    "Soul",
    "Funk",
    "Country",
    "Folk",
    "Metal",
    "Punk",
    "Reggae",
    "Electronic",
    "House",
    "Techno",
    "Classical",
    "R&B",
    "Disco",
    "Gospel",
    "Indie Rock",
    "Alternative",
    "Grunge",
    "Ska",
    "Latin",
    "Afrobeat",
    "K-Pop",
    "Synth-pop",
    "Ambient",
    "Trap",
    "Bossa Nova",
];

/// mulberry32, as the JavaScript generator.
fn generator(seed: u32) -> impl FnMut() -> f64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x6d2b_79f5);
        let mut t = state;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }
}

/// The synthetic catalogue's titles and genres, as `syntheticCatalogue(count)` draws them.
fn catalogue(count: u32) -> Vec<(String, Vec<&'static str>)> {
    let mut random = generator(count);
    let mut pick = |list: &[&'static str]| list[(random() * list.len() as f64) as usize];
    (1..=count)
        .map(|i| {
            let title = format!("{} {} {i}", pick(&FIRST), pick(&SECOND));
            let drawn = [pick(&GENRES), pick(&GENRES), pick(&GENRES)];
            let kept = 1 + (pick(&["0", "1", "2"]).parse::<usize>().unwrap_or(0));
            let mut genres: Vec<&str> = Vec::new();
            for g in &drawn[..kept] {
                if !genres.contains(g) {
                    genres.push(g);
                }
            }
            // The kind and the biography's year draw twice more per artist.
            pick(&["kind"]);
            pick(&["year"]);
            (title, genres)
        })
        .collect()
}

/// The time one query takes to rank its best 120: the least of three runs (a run the
/// machine's other work interrupted is longer, never shorter).
fn least_of_three(index: &SearchIndex, artists: &[(String, Vec<&str>)], query: &str) -> f64 {
    (0..3)
        .map(|_| {
            let began = Instant::now();
            std::hint::black_box(index.search_best(query, |i| &artists[i].0, 120));
            began.elapsed().as_secs_f64() * 1000.0
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let count: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("usage: search_kinds <artists> < queries");
    let began = Instant::now();
    let mut artists = catalogue(count);
    artists.sort_by_cached_key(|(title, _)| title.to_lowercase());
    let index = SearchIndex::new(artists.iter().map(|(t, g)| (t.as_str(), g.iter().copied())));
    eprintln!(
        "{count} artists indexed in {:.1} s",
        began.elapsed().as_secs_f64()
    );
    let mut kinds: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if let Some((kind, query)) = line.split_once('\t') {
            kinds
                .entry(kind.to_owned())
                .or_default()
                .push(query.to_owned());
        }
    }
    println!("| artists | kind (queries) | p50 | p95 | largest | mean |");
    println!("|---|---|---|---|---|---|");
    for (kind, queries) in kinds {
        let mut times: Vec<f64> = queries
            .iter()
            .map(|query| least_of_three(&index, &artists, query))
            .collect();
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        times.sort_by(f64::total_cmp);
        let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
        println!(
            "| {count} | {kind} ({}) | {:.2} ms | {:.2} ms | {:.2} ms | {mean:.2} ms |",
            times.len(),
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}
