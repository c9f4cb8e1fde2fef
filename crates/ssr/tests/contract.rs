//! The contract other crates rely on, checked against a hand-written fixture bundle
//! (tests/fixtures/contract.js) on the engine the crate is built with.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sound_atlas_ssr::{RenderError, SsrConfig, SsrError, SsrPool};

const FIXTURE: &str = include_str!("fixtures/contract.js");

fn pool(config: SsrConfig) -> SsrPool {
    SsrPool::start(FIXTURE, config).expect("fixture bundle starts")
}

fn small() -> SsrConfig {
    SsrConfig {
        workers: 1,
        ..SsrConfig::default()
    }
}

async fn render(pool: &SsrPool, request: Value) -> Result<Value, RenderError> {
    let output = pool.render(request.to_string()).await?;
    Ok(serde_json::from_str(&output).expect("fixture returns JSON"))
}

#[test]
fn the_pool_is_a_cheap_handle_shared_across_threads() {
    fn shareable<T: Clone + Send + Sync + 'static>() {}
    shareable::<SsrPool>();
}

#[tokio::test]
async fn a_normal_render_returns_the_string() {
    let pool = pool(small());
    let output = render(&pool, json!({ "text": "hello" })).await.unwrap();
    assert_eq!(output["text"], "hello");
}

#[tokio::test]
async fn a_throwing_render_returns_threw_and_the_next_render_works() {
    let pool = pool(small());
    match render(&pool, json!({ "mode": "throw", "text": "boom" })).await {
        Err(RenderError::Threw(message)) => {
            assert!(message.contains("fixture failure: boom"), "{message}")
        }
        other => panic!("expected Threw, got {other:?}"),
    }
    let output = render(&pool, json!({ "text": "after" })).await.unwrap();
    assert_eq!(output["text"], "after");
    assert_eq!(output["renders"], 2, "the same runtime served both");
}

#[tokio::test]
async fn an_endless_loop_is_cut_at_the_deadline_and_the_pool_then_serves() {
    let pool = pool(SsrConfig {
        deadline: Duration::from_millis(200),
        ..small()
    });
    let started = Instant::now();
    let result = render(&pool, json!({ "mode": "loop" })).await;
    let elapsed = started.elapsed();
    assert!(matches!(result, Err(RenderError::Timeout)), "{result:?}");
    assert!(elapsed >= Duration::from_millis(200), "{elapsed:?}");
    // Cut, not left to spin: well under the loop's forever, with room for a busy machine.
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");

    // The worker replaces its runtime before it takes the next job. A render queued
    // meanwhile counts that replacement against its own 200 ms (a deadline runs from
    // the queue), which a loaded machine can exceed: the next render is asked once the
    // fresh runtime is in place.
    let replacing = Instant::now();
    while pool.restarts() == 0 {
        assert!(
            replacing.elapsed() < Duration::from_secs(30),
            "the worker never replaced its runtime"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let output = render(&pool, json!({ "text": "after" })).await.unwrap();
    assert_eq!(output["text"], "after");
}

#[tokio::test]
async fn concurrent_renders_are_spread_across_workers_and_all_correct() {
    let pool = pool(SsrConfig {
        workers: 2,
        ..SsrConfig::default()
    });
    let renders = (0..20).map(|i| {
        let pool = pool.clone();
        tokio::spawn(async move {
            // Each render holds its worker for a moment, so one worker cannot take all.
            let output = render(&pool, json!({ "mode": "spin", "ms": 20, "text": i }))
                .await
                .unwrap();
            assert_eq!(output["text"], i);
            output["worker"].as_str().unwrap().to_owned()
        })
    });
    let mut workers = HashSet::new();
    for render in renders.collect::<Vec<_>>() {
        workers.insert(render.await.unwrap());
    }
    assert_eq!(workers.len(), 2, "both workers rendered: {workers:?}");
}

#[tokio::test]
async fn data_with_script_end_tags_and_line_separators_round_trips_unchanged() {
    let pool = pool(small());
    let text = "</script><script>alert(1)</script> <!-- \u{2028}\u{2029} \"quoted\" \\ ü 🎵 \u{0}";
    let request = json!({ "mode": "echo", "text": text }).to_string();
    assert_eq!(pool.render(request.clone()).await.unwrap(), request);

    let output = render(&pool, json!({ "text": text })).await.unwrap();
    assert_eq!(output["text"], text);
}

#[tokio::test]
async fn a_memory_bomb_comes_back_as_an_error_and_the_pool_keeps_serving() {
    let pool = pool(SsrConfig {
        max_heap_bytes: 64 << 20,
        deadline: Duration::from_secs(10),
        ..small()
    });
    let result = render(&pool, json!({ "mode": "bomb" })).await;
    assert!(
        matches!(result, Err(RenderError::OutOfMemory)),
        "{result:?}"
    );

    let output = render(&pool, json!({ "text": "after" })).await.unwrap();
    assert_eq!(output["text"], "after");
}

#[tokio::test]
async fn a_full_queue_returns_busy() {
    let config = SsrConfig {
        queue_capacity: 1,
        deadline: Duration::from_secs(5),
        ..small()
    };
    let pool = pool(config);
    let slow = |pool: &SsrPool| {
        let pool = pool.clone();
        tokio::spawn(async move { render(&pool, json!({ "mode": "spin", "ms": 1000 })).await })
    };
    let running = slow(&pool);
    tokio::time::sleep(Duration::from_millis(300)).await; // the worker has taken it
    let queued = slow(&pool);
    tokio::time::sleep(Duration::from_millis(100)).await; // it waits in the queue

    let result = render(&pool, json!({ "text": "one too many" })).await;
    assert!(matches!(result, Err(RenderError::Busy)), "{result:?}");
    assert!(running.await.unwrap().is_ok());
    assert!(queued.await.unwrap().is_ok());
}

#[test]
fn a_bundle_that_throws_does_not_start() {
    let result = SsrPool::start("throw new Error('bad bundle')", small());
    match result {
        Err(SsrError::Bundle(message)) => assert!(message.contains("bad bundle"), "{message}"),
        other => panic!("expected Bundle error, got {:?}", other.err()),
    }
}

#[test]
fn a_bundle_without_render_does_not_start() {
    let result = SsrPool::start("globalThis.rendr = () => ''", small());
    assert!(
        matches!(result, Err(SsrError::NoRender)),
        "{:?}",
        result.err()
    );
}
