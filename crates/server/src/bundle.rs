//! The UI bundles produced by `build.rs` and embedded in the binary: the server script
//! the engine runs and the manifest of hashed client files the document links to.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::critical_css::CriticalCss;

/// The UI bundle the engine runs: defines `globalThis.render(requestJson)`.
pub const SERVER_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/server.js"));
const MANIFEST_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/ui/manifest.json"));

/// The hashed client files the document links to.
#[derive(Debug, Clone, Deserialize)]
pub struct Manifest {
    /// The document's one script of its own, inline: starts the rest once the page has painted.
    pub boot: Boot,
    /// The entry, a classic script: preloaded in the head, started by the boot.
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
    /// The file of each lazily loaded module (a page, a dialog, the player) by name
    /// (written by ui/build.mjs): a page's document preloads the ones its render used.
    /// The route walk (tests/server/route_walk.rs) fails if the two sides disagree.
    pub lazy: BTreeMap<String, String>,
    /// The stylesheet's rules, for the critical CSS each document inlines.
    pub critical: CriticalCss,
}

/// The boot script and the id of the `<template>` it takes the entry from.
#[derive(Debug, Clone, Deserialize)]
pub struct Boot {
    /// Its text, which every document inlines at the end of its body (ui/src/boot.ts).
    pub script: String,
    pub template: String,
}

impl Boot {
    /// The policy's source that allows the inline boot and no other inline script: its
    /// text's SHA-256 (`'sha256-<base64>'`).
    pub fn policy_source(&self) -> String {
        use base64::Engine;
        use sha2::Digest;
        let digest = sha2::Sha256::digest(self.script.as_bytes());
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest)
        )
    }
}

impl Manifest {
    /// The files of the lazily loaded modules a render used. A name the build did not
    /// write is left out (the browser then fetches the module when it needs it); the
    /// route-walk test keeps every page's names known.
    pub fn lazy_files<'a>(&'a self, modules: &[String]) -> Vec<&'a str> {
        modules
            .iter()
            .filter_map(|name| self.lazy.get(name).map(String::as_str))
            .collect()
    }

    pub fn embedded() -> Manifest {
        static MANIFEST: LazyLock<Manifest> = LazyLock::new(|| {
            serde_json::from_str(MANIFEST_JSON).expect("build.rs writes a valid manifest")
        });
        MANIFEST.clone()
    }
}

/// What every page needs to know about the deployment.
#[derive(Debug, Clone)]
pub struct Site {
    /// Origin for canonical and Open Graph URLs, without a trailing slash.
    pub public_url: String,
    pub manifest: Manifest,
    /// Marketplace links carry the site's affiliate tag, so the footer's affiliate
    /// notice is true (it is left out otherwise).
    pub affiliate: bool,
    /// Brand New Songs' window in weeks (the page's state carries it to the UI).
    pub new_songs_window_weeks: u32,
    /// The site's account on X (Twitter) as `@name`, for `twitter:site`; none when
    /// the site has no account (`SOUND_ATLAS_TWITTER_SITE`).
    pub twitter_site: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::Boot;

    #[test]
    fn the_boot_is_allowed_by_the_digest_browsers_compute() {
        // The digest of an empty script, as CSP's own examples give it.
        let boot = Boot {
            script: String::new(),
            template: String::new(),
        };
        assert_eq!(
            boot.policy_source(),
            "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
        );
    }
}
