//! The UI bundles produced by `build.rs` and embedded in the binary: the server script
//! the engine runs and the manifest of hashed client files the document links to.

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
