//! Prefetch misses seen in production.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use sound_atlas_contract::render::RenderOutput;

/// Prefetch misses seen in production: each (route, key) is logged once, all counted.
#[derive(Debug, Default)]
pub struct PrefetchAudit {
    logged: Mutex<HashSet<(&'static str, String)>>,
    misses: AtomicU64,
}

impl PrefetchAudit {
    /// Renders that read a key the server did not prefetch, since start.
    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }

    pub(super) fn record(&self, route: &'static str, rendered: &RenderOutput) {
        if rendered.missed.is_empty() {
            return;
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let mut logged = self.logged.lock().unwrap_or_else(|e| e.into_inner());
        for key in &rendered.missed {
            if logged.insert((route, key.clone())) {
                tracing::warn!(route, key, "the page read data the server did not prefetch: its HTML shows a loading state");
            }
        }
    }
}
