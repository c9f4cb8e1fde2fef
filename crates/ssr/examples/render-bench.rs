//! Times renders of a server bundle in this crate's engine, one worker, one at a time:
//! the engine-side number behind the release table's "cold render" row, without HTTP, database
//! or cache. States come from pages the server rendered (`e2e/perf/bench.mjs` writes
//! them; any JSON object `{ url: state }` whose states are the contract's `RenderState`).
//!
//!   cargo run --release -p sound-atlas-ssr --example render-bench -- \
//!     <server.js> <states.json> [renders=600] [url-prefix=/artist/]
use std::collections::BTreeMap;
use std::time::Instant;

use sound_atlas_contract::render::{RenderRequest, RenderState};
use sound_atlas_ssr::{SsrConfig, SsrPool};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "render-bench <server.js> <states.json> [renders] [url-prefix]";
    let bundle = std::fs::read_to_string(args.get(1).expect(usage)).expect("read the bundle");
    let states: BTreeMap<String, RenderState> = serde_json::from_str(
        &std::fs::read_to_string(args.get(2).expect(usage)).expect("read the states"),
    )
    .expect("states: a JSON object of url -> the contract's RenderState");
    let renders: usize = args
        .get(3)
        .map_or(600, |n| n.parse().expect("renders: a number"));
    let prefix = args.get(4).map_or("/artist/", String::as_str);
    let requests: Vec<String> = states
        .iter()
        .filter(|(url, _)| url.starts_with(prefix))
        .map(|(url, state)| {
            serde_json::to_string(&RenderRequest { url, state }).expect("a request serializes")
        })
        .collect();
    assert!(!requests.is_empty(), "no state under {prefix}");

    let started = Instant::now();
    let config = SsrConfig {
        workers: 1,
        ..SsrConfig::default()
    };
    let pool = SsrPool::start(bundle, config).expect("start the engine");
    println!(
        "bundle evaluated in {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut cpu_ms = 0.0;
    let mut times = runtime.block_on(async {
        // Warm-up: the first renders compile the bundle's functions lazily.
        for request in requests.iter().cycle().take(50) {
            pool.render(request.clone()).await.expect("render");
        }
        let mut times = Vec::with_capacity(renders);
        let cpu_before = process_cpu_ms();
        for request in requests.iter().cycle().take(renders) {
            let start = Instant::now();
            pool.render(request.clone()).await.expect("render");
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        cpu_ms = process_cpu_ms() - cpu_before;
        times
    });
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "{} renders of {} pages under {prefix}: p50 {:.2} ms, p95 {:.2} ms, mean {:.2} ms",
        times.len(),
        requests.len(),
        at(0.5),
        at(0.95),
        mean
    );
    // Wall time suffers when other processes share the cores; CPU time much less.
    println!(
        "CPU time per render (process, mean): {:.2} ms",
        cpu_ms / renders as f64
    );
}

/// User + system CPU time of this process so far (Linux `/proc/self/stat`, 100 Hz ticks).
fn process_cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) * 10.0
}
