//! The bridge to the JS engine, kept to what SSR needs: create a runtime with a heap
//! limit, run the prelude and the bundle, call `render(string) -> string`, and expose a
//! thread-safe handle to terminate a running call. Only deno_core/rusty_v8 API that both
//! backends (V8 and QuickJS-ng through v8x) implement is used here.
//!
//! Memory bound. Both engines honour `CreateParams::heap_limits`, and what happens at
//! the limit differs:
//! - QuickJS-ng (v8x) counts every allocation of the runtime against the limit (the
//!   bundle's bytecode, strings, ArrayBuffers). When an allocation would cross it and no
//!   near-heap-limit callback is registered, v8x itself requests termination and lets
//!   the heap grow by a fixed 16 MiB so the script can unwind: the render ends as
//!   terminated although the watchdog never fired. We register no callback there: with
//!   one, v8x measures the whole heap (`JS_ComputeMemoryUsage`) on every failed
//!   allocation, and a script that catches its "out of memory" errors in a loop then
//!   kept its worker for over 10 s before termination landed (0.3 s without).
//! - V8 aborts the process at its limit, so there a near-heap-limit callback requests
//!   termination and raises the limit by `oom_slack` to let the script unwind.
//!
//! Either way a runtime that hit the limit is replaced (see worker.rs): its limit has
//! been raised and its heap is full.

use std::cell::Cell;
use std::rc::Rc;

use deno_core::error::JsError;
use deno_core::{v8, JsRuntime, RuntimeOptions};

use crate::SsrError;

const PRELUDE: &str = include_str!("prelude.js");

/// How far V8's heap limit is raised each time a render reaches it.
#[cfg(feature = "v8")]
fn oom_slack(limit: usize) -> usize {
    (limit / 4).max(32 << 20)
}

/// Why a render call did not return a string.
pub(crate) enum Failure {
    /// The script threw (or returned something other than a string).
    Threw(String),
    /// Execution was terminated: by the watchdog or at the heap limit (`Engine::settle`
    /// tells which).
    Terminated,
}

pub(crate) struct Engine {
    runtime: JsRuntime,
    render: v8::Global<v8::Function>,
    /// Set by V8's near-heap-limit callback.
    heap_limit_hit: Rc<Cell<bool>>,
}

deno_core::extension!(sound_atlas_ssr, ops = [op_ssr_log]);

/// console.* from the bundle (see prelude.js).
#[deno_core::op2(fast)]
fn op_ssr_log(#[smi] level: u32, #[string] message: &str) {
    match level {
        0 => tracing::debug!(target: "ssr::console", "{message}"),
        1 => tracing::info!(target: "ssr::console", "{message}"),
        2 => tracing::warn!(target: "ssr::console", "{message}"),
        _ => tracing::error!(target: "ssr::console", "{message}"),
    }
}

impl Engine {
    /// A fresh runtime with the prelude and `bundle` evaluated and `globalThis.render`
    /// looked up.
    pub fn new(bundle: &str, max_heap_bytes: usize) -> Result<Engine, SsrError> {
        let mut runtime = JsRuntime::try_new(RuntimeOptions {
            extensions: vec![sound_atlas_ssr::init()],
            create_params: Some(v8::CreateParams::default().heap_limits(0, max_heap_bytes)),
            ..Default::default()
        })
        .map_err(|e| SsrError::Engine(e.to_string()))?;

        let heap_limit_hit = Rc::new(Cell::new(false));
        #[cfg(feature = "v8")]
        {
            let hit = heap_limit_hit.clone();
            let handle = runtime.v8_isolate().thread_safe_handle();
            runtime.add_near_heap_limit_callback(move |current, _initial| {
                hit.set(true);
                handle.terminate_execution();
                current + oom_slack(current)
            });
        }

        runtime
            .execute_script("ssr:prelude.js", PRELUDE)
            .map_err(|e| SsrError::Engine(format!("prelude failed: {e}")))?;
        let evaluated = runtime.execute_script("ssr:bundle.js", bundle.to_owned());
        // No watchdog runs during start-up, so a termination can only be the heap limit.
        if heap_limit_hit.get() || runtime.v8_isolate().is_execution_terminating() {
            return Err(SsrError::Bundle(
                "evaluating it exhausted the heap limit".into(),
            ));
        }
        evaluated.map_err(|e| SsrError::Bundle(e.to_string()))?;

        let render = {
            deno_core::scope!(scope, runtime);
            let global = scope.get_current_context().global(scope);
            let key = v8::String::new(scope, "render").expect("short string");
            global
                .get(scope, key.into())
                .and_then(|value| v8::Local::<v8::Function>::try_from(value).ok())
                .map(|function| v8::Global::new(scope, function))
                .ok_or(SsrError::NoRender)?
        };
        Ok(Engine {
            runtime,
            render,
            heap_limit_hit,
        })
    }

    /// A handle that can stop this runtime's running script from another thread.
    pub fn terminate_handle(&mut self) -> v8::IsolateHandle {
        self.runtime.v8_isolate().thread_safe_handle()
    }

    /// Call after each script run: clears any pending termination (the watchdog may
    /// have fired just after the script returned; QuickJS keeps its flag set until
    /// cancelled) and returns whether the run reached the heap limit, after which the
    /// runtime must be replaced.
    pub fn settle(&mut self, watchdog_fired: bool) -> bool {
        let isolate = self.runtime.v8_isolate();
        // Only QuickJS can still be terminating here (V8 clears its termination once
        // the call has unwound): a termination the watchdog did not request is v8x's
        // response to the heap limit.
        let terminating = isolate.is_execution_terminating();
        if terminating || watchdog_fired {
            isolate.cancel_terminate_execution();
        }
        self.heap_limit_hit.get() || (terminating && !watchdog_fired)
    }

    /// A full collection (on QuickJS-ng: its cycle collector, which reference counting
    /// leaves to run when the heap has grown by half since the last one). Called by an
    /// idle worker between renders. Not on V8, whose full collection is far dearer and
    /// which schedules its own incremental work.
    pub fn collect_garbage(&mut self) {
        if cfg!(feature = "v8") {
            return;
        }
        self.runtime.v8_isolate().low_memory_notification();
    }

    /// Calls `globalThis.render(request)`; then runs queued microtasks, which deno_core
    /// would otherwise only run from its event loop (never polled here), so that they
    /// cannot pile up between renders.
    pub fn render(&mut self, request: &str) -> Result<String, Failure> {
        deno_core::scope!(scope, self.runtime);
        v8::tc_scope!(let scope, scope);
        let render = v8::Local::new(scope, &self.render);
        let Some(arg) = v8::String::new(scope, request) else {
            return Err(Failure::Threw("request is too long for a JS string".into()));
        };
        let this = v8::undefined(scope).into();
        let result = render.call(scope, this, &[arg.into()]);
        if result.is_some() {
            scope.perform_microtask_checkpoint();
        }
        if scope.has_terminated() || scope.is_execution_terminating() {
            return Err(Failure::Terminated);
        }
        if let Some(exception) = scope.exception() {
            return Err(Failure::Threw(
                JsError::from_v8_exception(scope, exception).to_string(),
            ));
        }
        match result {
            Some(value) if value.is_string() => Ok(value.to_rust_string_lossy(scope)),
            Some(value) => Err(Failure::Threw(format!(
                "render returned {} instead of a string",
                value.type_repr()
            ))),
            None => Err(Failure::Threw("render failed without an exception".into())),
        }
    }
}
