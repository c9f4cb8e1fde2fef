//! The UI bundles produced by `build.rs` and embedded in the binary: the server script
//! the engine runs and the manifest of hashed client files the document links to.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

/// The UI bundle the engine runs: defines `globalThis.render(requestJson)`.
pub const SERVER_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/server.js"));
const MANIFEST_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/manifest.json"));

/// The hashed client files the document links to.
#[derive(Debug, Clone, Deserialize)]
pub struct Manifest {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
    #[serde(default)]
    pub preloads: Vec<String>,
    /// Per page route id, the chunks of that page's code (loaded on demand in the
    /// browser; the document of a page preloads its own, so hydration waits for no
    /// extra round trip).
    #[serde(default)]
    pub routes: HashMap<String, Vec<String>>,
}

impl Manifest {
    pub fn embedded() -> Manifest {
        static MANIFEST: LazyLock<Manifest> = LazyLock::new(|| {
            serde_json::from_str(MANIFEST_JSON).expect("build.rs writes a valid manifest")
        });
        MANIFEST.clone()
    }
}

/// What every page needs to know about the deployment.
#[derive(Debug)]
pub struct Site {
    /// Origin for canonical and Open Graph URLs, without a trailing slash.
    pub public_url: String,
    pub manifest: Manifest,
}

#[cfg(test)]
mod tests {
    use super::Manifest;
    use sound_atlas_contract::pages::routes;

    #[test]
    fn every_page_route_has_its_chunks_in_the_manifest() {
        let manifest = Manifest::embedded();
        for route in routes::ALL {
            let chunks = manifest.routes.get(route.id);
            assert!(
                chunks.is_some_and(|c| !c.is_empty()),
                "no chunks for {}",
                route.id
            );
        }
    }
}
