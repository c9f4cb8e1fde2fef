//! The HTML document around the React markup (askama). It depends on a head value and
//! the site, never on the pages that computed them, and has no per-response part: an
//! anonymous page is the same bytes for every visitor, cached and compressed once
//! (crate::encoding). The JSON blocks (JSON-LD, the page state) are data, never executed.

use std::sync::{Arc, LazyLock};

use askama::Template;
use sound_atlas_contract::render::{RenderState, STATE_ELEMENT_ID};

use crate::bundle::{Manifest, Site};
use crate::encoding::CompressedPart;
use crate::head::{Head, LOCALE};

#[derive(Template)]
#[template(path = "shell.html", config = "crates/server/askama.toml")]
pub struct Shell<'a> {
    head: &'a Head,
    canonical: Option<String>,
    image: String,
    image_size: Option<(u32, u32)>,
    /// The site's own account on X (Twitter), when it has one.
    twitter_site: Option<&'a str>,
    locale: &'static str,
    json_ld: Vec<String>,
    manifest: &'a Manifest,
    /// The stylesheet's rules the markup can use: the first screen paints with them.
    /// Pages with the same classes share them (and their compressed copy).
    critical_css: Arc<CompressedPart>,
    /// The lazily loaded modules the page rendered: the boot starts their download with
    /// the entry's, so hydration waits for none and the first paint for neither.
    module_preloads: Vec<&'a str>,
    root_html: &'a str,
    /// The page's `RenderState` ([`page_state`]), in the element the browser reads it
    /// from.
    state_element_id: &'static str,
    state: &'a CompressedPart,
}

impl<'a> Shell<'a> {
    /// `modules`: the lazily loaded modules the render used (their files are preloaded);
    /// `state`: the page's [`page_state`].
    pub fn new(
        site: &'a Site,
        head: &'a Head,
        root_html: &'a str,
        modules: &[String],
        state: &'a CompressedPart,
    ) -> Self {
        let origin = &site.public_url;
        Shell {
            head,
            canonical: head
                .canonical_path
                .as_ref()
                .map(|path| format!("{origin}{path}")),
            image: if head.image.url.starts_with('/') {
                format!("{origin}{}", head.image.url)
            } else {
                head.image.url.clone()
            },
            image_size: head.image.size,
            twitter_site: site.twitter_site.as_deref(),
            locale: LOCALE,
            json_ld: head
                .json_ld
                .iter()
                .map(|doc| escape_json_for_script(&doc.to_string()))
                .collect(),
            manifest: &site.manifest,
            critical_css: site.manifest.critical.for_markup(root_html),
            module_preloads: site.manifest.lazy_files(modules),
            root_html,
            state_element_id: STATE_ELEMENT_ID,
            state,
        }
    }

    /// The whole document.
    pub fn render(&self) -> String {
        Template::render(self).expect("the shell template renders")
    }

    /// The parts of the document compressed apart (its critical CSS and its state), in
    /// its order, each with the text right before it (see `Encoded::answering`).
    pub fn compressed_parts(&self) -> [(&str, &CompressedPart); 2] {
        [("<style>", &self.critical_css), (&STATE_OPENS, self.state)]
    }
}

/// The element the page's state is in, as the template opens it.
static STATE_OPENS: LazyLock<String> =
    LazyLock::new(|| format!("<script id=\"{STATE_ELEMENT_ID}\" type=\"application/json\">"));

/// The page's state as the document carries it: JSON made safe inside `<script>`.
pub fn page_state(state: &RenderState) -> String {
    escape_json_for_script(&serde_json::to_string(state).expect("render state serializes"))
}

/// Makes JSON safe inside `<script>`: no `</script>`, `<!--` or `]]>` can form, and
/// U+2028/U+2029 (line terminators in older JavaScript) are escaped. `<`, `>` and `&`
/// only occur inside JSON strings, where `\u003c` etc. mean the same characters.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape_json_for_script;

    #[test]
    fn script_breakouts_are_escaped_and_the_json_means_the_same() {
        let original = serde_json::json!({ "bio": "</script><script>alert(1)</script> <!-- & \u{2028}\u{2029}" });
        let escaped = escape_json_for_script(&original.to_string());
        assert!(!escaped.contains('<') && !escaped.contains('>') && !escaped.contains('\u{2028}'));
        let parsed: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(parsed, original);
    }
}
