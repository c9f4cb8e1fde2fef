//! The search index alone on the synthetic catalogue, query by query: what each kind of
//! query costs to rank (the best 120, as a search page's ranking asks for), without the
//! server around it.
//!
//!   node e2e/perf/synthetic-catalogue.mjs 2000000 > /tmp/artists-2m.csv
//!   node e2e/perf/search-kinds.mjs | cargo run --release -p sound-atlas-catalog-import \
//!     --example search_kinds -- /tmp/artists-2m.csv
//!
//! The catalogue is the generator's file, its titles and genres read as the artist
//! importer reads them, and sorted as the snapshot sorts it. Queries come on stdin, one
//! `kind<TAB>query` a line. Prints per kind the p50, p95, largest and mean of each
//! query's time, the least of three runs (so the machine's other work adds little: one
//! thread, nothing waited on, it is CPU time).
use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::Instant;

use sound_atlas_catalog::search::SearchIndex;
use sound_atlas_catalog_import::artists::{self, Field};

/// The titles and genres of the artist importer's CSV at `path`, as the importer reads
/// them.
fn catalogue(path: &str) -> Vec<(String, Vec<String>)> {
    let file = std::fs::File::open(path).expect("the catalogue's CSV opens");
    artists::csv_rows(std::io::BufReader::new(file))
        .map(|row| {
            let (_, cells) = row.expect("a row of the artist importer's CSV");
            let title = artists::cell(&cells, Field::Title).expect("a title");
            let genres = artists::cell(&cells, Field::Genres);
            (
                title,
                genres.map_or_else(Vec::new, |g| artists::parse_genres(&g)),
            )
        })
        .collect()
}

/// The time one query takes to rank its best 120: the least of three runs (a run the
/// machine's other work interrupted is longer, never shorter).
fn least_of_three(index: &SearchIndex, artists: &[(String, Vec<String>)], query: &str) -> f64 {
    (0..3)
        .map(|_| {
            let began = Instant::now();
            std::hint::black_box(index.search_best(query, |i| &artists[i].0, 120));
            began.elapsed().as_secs_f64() * 1000.0
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: search_kinds <catalogue.csv> < queries");
    let began = Instant::now();
    let mut artists = catalogue(&path);
    let count = artists.len();
    artists.sort_by_cached_key(|(title, _)| title.to_lowercase());
    let index = SearchIndex::new(
        artists
            .iter()
            .map(|(t, g)| (t.as_str(), g.iter().map(String::as_str))),
    );
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
