//! Server-side rendering of the UI bundle in a pool of JS runtimes (deno_core, on
//! QuickJS-ng with the default `quickjs` feature or V8 with `v8`).
//!
//! The bundle is a classic script defining `globalThis.render(requestJson) -> string`.
//! Each of N worker threads evaluates it once in its own runtime; `SsrPool::render`
//! queues a request (bounded: a full queue is `RenderError::Busy`), and any idle worker
//! takes it. Every render has a deadline and the runtime a heap limit; a render that
//! fails in any way comes back as a `RenderError` and the pool keeps serving.

mod engine;
mod worker;

use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

/// Native stack for worker threads: comfortably above the engines' own JS stack limits
/// (about 1 MiB for both), so deep recursion in a render is a JS RangeError rather than
/// a native stack overflow.
const WORKER_STACK_BYTES: usize = 8 << 20;

/// How long past the deadline `render` still waits for a worker's answer.
const STUCK_GRACE: Duration = Duration::from_secs(1);

#[derive(Debug, Clone)]
pub struct SsrConfig {
    /// Worker threads, each with its own runtime. Zero is treated as one.
    pub workers: usize,
    /// Renders waiting for a worker before `render` returns `Busy`.
    pub queue_capacity: usize,
    /// Longest a render may take, counted from the `render` call (queueing included).
    pub deadline: Duration,
    /// Heap limit of each runtime.
    pub max_heap_bytes: usize,
    /// `start` returns once the first worker is ready (the others come up behind it,
    /// each started after the one before, so the first has the CPU to itself);
    /// otherwise it waits for all of them.
    pub serve_when_first_ready: bool,
}

impl Default for SsrConfig {
    fn default() -> Self {
        SsrConfig {
            workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
            queue_capacity: 64,
            deadline: Duration::from_secs(2),
            max_heap_bytes: 256 << 20,
            serve_when_first_ready: false,
        }
    }
}

/// Why the pool could not start.
#[derive(Debug, thiserror::Error)]
pub enum SsrError {
    #[error("could not create a JS runtime: {0}")]
    Engine(String),
    #[error("the SSR bundle failed to evaluate: {0}")]
    Bundle(String),
    #[error("the SSR bundle does not define globalThis.render as a function")]
    NoRender,
    #[error("could not spawn an SSR worker thread: {0}")]
    Spawn(#[from] std::io::Error),
}

/// Why a render produced no HTML. The caller falls back to the client-rendered shell.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("all SSR workers are busy and the queue is full")]
    Busy,
    #[error("the render exceeded its deadline")]
    Timeout,
    #[error("the render exceeded the heap limit")]
    OutOfMemory,
    #[error("the render threw: {0}")]
    Threw(String),
    #[error("the SSR workers have stopped")]
    WorkerGone,
}

/// A pool of render workers. Cheap to clone; the workers stop when the last clone is
/// dropped (after finishing the jobs already queued).
#[derive(Clone)]
pub struct SsrPool {
    inner: Arc<Inner>,
}

struct Inner {
    jobs: SyncSender<worker::Job>,
    deadline: Duration,
    /// Renders asked for and not yet answered (queued or running).
    pending: std::sync::atomic::AtomicUsize,
    /// Runtimes replaced after a render was cut (deadline or heap limit), since start.
    restarts: Arc<std::sync::atomic::AtomicU64>,
}

/// Counts a render as pending for as long as its caller waits.
struct PendingGuard<'a>(&'a std::sync::atomic::AtomicUsize);

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl SsrPool {
    /// Loads `bundle_js` (a classic script, not a module) once per worker. Errors if the
    /// bundle fails to evaluate or does not define globalThis.render.
    ///
    /// Blocks until every worker has evaluated the bundle, or only the first with
    /// `serve_when_first_ready` (a later worker that fails to start is logged).
    pub fn start(bundle_js: impl Into<String>, config: SsrConfig) -> Result<SsrPool, SsrError> {
        let bundle: Arc<str> = bundle_js.into().into();
        let (jobs, queue) = sync_channel(config.queue_capacity);
        let queue: worker::Queue = Arc::new(Mutex::new(queue));
        let workers = config.workers.max(1);
        let restarts = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counter = restarts.clone();
        let spawn = move |id: usize| {
            let (bundle, queue, restarts) = (bundle.clone(), queue.clone(), counter.clone());
            let max_heap_bytes = config.max_heap_bytes;
            let (ready_tx, ready) = std::sync::mpsc::channel();
            std::thread::Builder::new()
                .name(format!("ssr-worker-{id}"))
                .stack_size(WORKER_STACK_BYTES)
                .spawn(move || {
                    worker::run(id, bundle, max_heap_bytes, queue, ready_tx, restarts)
                })?;
            Ok::<_, SsrError>(ready)
        };
        let wait = |ready: std::sync::mpsc::Receiver<Result<(), SsrError>>| {
            ready
                .recv()
                .map_err(|_| SsrError::Engine("an SSR worker panicked while starting".into()))?
        };
        // On an error the workers already started exit once `jobs` is dropped.
        if config.serve_when_first_ready {
            wait(spawn(0)?)?;
            std::thread::Builder::new()
                .name("ssr-start".into())
                .spawn(move || {
                    for id in 1..workers {
                        let started = spawn(id).and_then(wait);
                        if let Err(error) = started {
                            tracing::error!(worker = id, "SSR worker could not start: {error}");
                        }
                    }
                })?;
        } else {
            let readies = (0..workers).map(spawn).collect::<Result<Vec<_>, _>>()?;
            for ready in readies {
                wait(ready)?;
            }
        }
        Ok(SsrPool {
            inner: Arc::new(Inner {
                jobs,
                deadline: config.deadline,
                pending: Default::default(),
                restarts,
            }),
        })
    }

    /// How many times a worker replaced its runtime (a render cut at the deadline or the
    /// heap limit), since start.
    pub fn restarts(&self) -> u64 {
        self.inner
            .restarts
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// True when no render is queued or running: background work (warming a cache)
    /// may take a worker without delaying a request.
    pub fn is_idle(&self) -> bool {
        self.inner
            .pending
            .load(std::sync::atomic::Ordering::Relaxed)
            == 0
    }

    /// Calls globalThis.render(request_json: string) -> string in a worker; returns the
    /// string.
    ///
    /// Needs a tokio runtime with the time driver enabled. Dropping the future abandons
    /// the request; a worker skips it if it is still queued.
    pub async fn render(&self, request_json: String) -> Result<String, RenderError> {
        self.inner
            .pending
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let _pending = PendingGuard(&self.inner.pending);
        let (reply, answer) = oneshot::channel();
        let queued = Instant::now();
        let deadline = queued + self.inner.deadline;
        let job = worker::Job {
            request: request_json,
            queued,
            deadline,
            reply,
        };
        match self.inner.jobs.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                tracing::warn!(queued_ms = 0.0, "SSR render refused: {}", RenderError::Busy);
                return Err(RenderError::Busy);
            }
            Err(TrySendError::Disconnected(_)) => return Err(RenderError::WorkerGone),
        }
        // Termination ends a render within microseconds of its deadline wherever the
        // engine polls for interrupts; should a script still not stop (stuck in native
        // code), the caller stops waiting anyway.
        let give_up = tokio::time::Instant::from_std(deadline + STUCK_GRACE);
        match tokio::time::timeout_at(give_up, answer).await {
            Ok(answer) => answer.unwrap_or(Err(RenderError::WorkerGone)),
            Err(_) => {
                tracing::error!(
                    elapsed_ms = queued.elapsed().as_secs_f64() * 1e3,
                    "SSR render ignored its deadline; its worker stays busy until the script ends"
                );
                Err(RenderError::Timeout)
            }
        }
    }
}
