//! One worker: an OS thread owning one `Engine` (a `JsRuntime` is not `Send`), taking
//! jobs from the pool's shared queue, plus a watchdog thread that terminates a render
//! that runs past its deadline.
//!
//! Deadline. The watchdog calls `terminate_execution` on the isolate's thread-safe
//! handle. On QuickJS-ng (v8x) that sets a flag polled by QuickJS's interrupt handler
//! (at loop back-edges and calls), so even `while (true) {}` stops within microseconds
//! of the deadline, as an uncatchable error. After `cancel_terminate_execution` the same
//! runtime keeps working, but a terminated script skipped its `finally` blocks, which
//! can leave the bundle's module state (React's current dispatcher, say) inconsistent;
//! so a worker whose render was terminated replaces its runtime with a fresh one before
//! it takes the next job. The caller has its answer by then.

use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

use deno_core::v8::IsolateHandle;
use tokio::sync::oneshot;

use crate::engine::{Engine, Failure};
use crate::{RenderError, SsrError};

pub(crate) struct Job {
    pub request: String,
    pub queued: Instant,
    /// When the caller stops waiting: the pool's deadline counted from enqueueing, so
    /// time spent in the queue counts too.
    pub deadline: Instant,
    pub reply: oneshot::Sender<Result<String, RenderError>>,
}

pub(crate) type Queue = Arc<Mutex<Receiver<Job>>>;

/// How long a worker waits without a job before collecting its garbage.
const IDLE_COLLECTION_DELAY: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs on the worker's own thread until the pool (every sender) is gone. Reports the
/// first engine's construction result on `ready` before taking jobs.
pub(crate) fn run(
    id: usize,
    bundle: Arc<str>,
    max_heap_bytes: usize,
    queue: Queue,
    ready: std::sync::mpsc::Sender<Result<(), SsrError>>,
    restarts: Arc<std::sync::atomic::AtomicU64>,
) {
    let mut engine = match Engine::new(&bundle, max_heap_bytes) {
        Ok(engine) => engine,
        Err(error) => {
            let _ = ready.send(Err(error));
            return;
        }
    };
    let watchdog = Watchdog::spawn(id, engine.terminate_handle());
    let _ = ready.send(Ok(()));
    drop(ready);

    // Whether renders ran since the last idle collection.
    let mut garbage = false;
    loop {
        // Statements of their own, so the lock is held only while taking or waiting
        // for a job (in a `while let` scrutinee the guard would live through the render).
        let next = lock(&queue).try_recv();
        let next = match next {
            Ok(job) => Ok(job),
            Err(TryRecvError::Disconnected) => return,
            Err(TryRecvError::Empty) if garbage => {
                // Idle for a while: collect the renders' garbage now, so that the
                // engine's own collections (triggered by heap growth) seldom land inside
                // a render. Not at once: a full collection costs a fifth of a render, and
                // a request arriving just after a render (a crawler's next page) would
                // wait for it.
                let next = lock(&queue).recv_timeout(IDLE_COLLECTION_DELAY);
                match next {
                    Ok(job) => Ok(job),
                    Err(RecvTimeoutError::Disconnected) => return,
                    Err(RecvTimeoutError::Timeout) => {
                        engine.collect_garbage();
                        garbage = false;
                        lock(&queue).recv()
                    }
                }
            }
            Err(TryRecvError::Empty) => lock(&queue).recv(),
        };
        let Ok(job) = next else { return };
        if job.reply.is_closed() {
            continue; // the caller went away while the job was queued
        }
        let started = Instant::now();
        let (result, replace) = if started >= job.deadline {
            (Err(RenderError::Timeout), false)
        } else {
            watchdog.arm(job.deadline);
            let result = engine.render(&job.request);
            garbage = true;
            let heap_limit_hit = engine.settle(watchdog.disarm());
            let replace = heap_limit_hit || matches!(result, Err(Failure::Terminated));
            let result = result.map_err(|failure| match failure {
                _ if heap_limit_hit => RenderError::OutOfMemory,
                Failure::Threw(message) => RenderError::Threw(message),
                Failure::Terminated => RenderError::Timeout,
            });
            (result, replace)
        };
        if let Err(error) = &result {
            tracing::warn!(
                worker = id,
                queued_ms = (started - job.queued).as_secs_f64() * 1e3,
                render_ms = started.elapsed().as_secs_f64() * 1e3,
                "SSR render failed: {error}"
            );
        }
        let _ = job.reply.send(result);

        if replace {
            let restarting = Instant::now();
            drop(engine); // free the old heap before building the new one
            engine = match Engine::new(&bundle, max_heap_bytes) {
                Ok(engine) => engine,
                Err(error) => {
                    tracing::error!(worker = id, "SSR worker could not restart: {error}");
                    return;
                }
            };
            watchdog.watch(engine.terminate_handle());
            restarts.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            tracing::info!(
                worker = id,
                restart_ms = restarting.elapsed().as_secs_f64() * 1e3,
                "SSR worker replaced its runtime"
            );
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Nothing holding these locks can leave the data half-updated.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

struct Watched {
    isolate: IsolateHandle,
    deadline: Option<Instant>,
    fired: bool,
    shutdown: bool,
}

/// A thread that terminates the watched isolate's script when an armed deadline passes.
struct Watchdog {
    shared: Arc<(Mutex<Watched>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    fn spawn(id: usize, isolate: IsolateHandle) -> Watchdog {
        let shared = Arc::new((
            Mutex::new(Watched {
                isolate,
                deadline: None,
                fired: false,
                shutdown: false,
            }),
            Condvar::new(),
        ));
        let thread = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("ssr-watchdog-{id}"))
                .spawn(move || Self::watch_loop(&shared))
                .expect("spawn SSR watchdog thread")
        };
        Watchdog {
            shared,
            thread: Some(thread),
        }
    }

    fn watch_loop(shared: &(Mutex<Watched>, Condvar)) {
        let (state, wake) = shared;
        let mut watched = lock(state);
        while !watched.shutdown {
            watched = match watched.deadline {
                None => wake.wait(watched).unwrap_or_else(PoisonError::into_inner),
                Some(deadline) => {
                    let now = Instant::now();
                    if now >= deadline {
                        watched.isolate.terminate_execution();
                        watched.fired = true;
                        watched.deadline = None;
                        continue;
                    }
                    wake.wait_timeout(watched, deadline - now)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0
                }
            };
        }
    }

    /// Replaces the watched isolate (after the worker rebuilt its runtime).
    fn watch(&self, isolate: IsolateHandle) {
        lock(&self.shared.0).isolate = isolate;
    }

    fn arm(&self, deadline: Instant) {
        let mut watched = lock(&self.shared.0);
        watched.deadline = Some(deadline);
        watched.fired = false;
        self.shared.1.notify_one();
    }

    /// Disarms; returns whether the deadline passed and termination was requested.
    fn disarm(&self) -> bool {
        let mut watched = lock(&self.shared.0);
        watched.deadline = None;
        watched.fired
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        lock(&self.shared.0).shutdown = true;
        self.shared.1.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
