//! The first screen's styles, inlined in each document: the stylesheet's rules whose
//! classes the document's markup has (ui/critical-css.mjs indexes them at build time), so
//! a page paints with its document alone. The whole stylesheet is added by the boot once
//! the page has painted (ui/src/boot.ts; a `<noscript>` links it without scripts): it
//! never delays the first paint, and the page's scripts (and so anything they show
//! later) wait for it. A function of the markup's classes only, so a page stays the
//! same bytes for every visitor, and the pages with the same classes share one copy,
//! compressed once (crate::encoding::CompressedPart).

use std::collections::HashSet;
use std::sync::Arc;

use serde::Deserialize;

use crate::encoding::CompressedPart;

/// The stylesheet's rules in order, each with what keeps it (written by ui/build.mjs),
/// and the rules chosen for each set of classes met so far.
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "Vec<Rule>")]
pub struct CriticalCss {
    rules: Vec<Rule>,
    /// By the markup's classes, sorted: a site's pages have a few hundred sets at most
    /// (the cards, the artist page with or without a photo, ...).
    chosen: moka::sync::Cache<String, Arc<CompressedPart>>,
}

/// How many sets of classes keep their chosen rules (16 KB of text and 4 KB
/// compressed for an artist page's).
const CHOSEN_SETS: u64 = 512;

impl From<Vec<Rule>> for CriticalCss {
    fn from(rules: Vec<Rule>) -> CriticalCss {
        CriticalCss {
            rules,
            chosen: moka::sync::Cache::new(CHOSEN_SETS),
        }
    }
}

impl Default for CriticalCss {
    fn default() -> CriticalCss {
        Vec::new().into()
    }
}

#[derive(Debug, Clone, Deserialize)]
struct Rule {
    /// The rule as the stylesheet has it.
    css: String,
    /// The at-rules around it, outermost first (`@media (min-width:800px)`).
    within: Vec<String>,
    /// Kept when the markup has every class of any one of these (an empty one: always).
    when: Vec<Vec<String>>,
}

impl CriticalCss {
    /// The rules `markup` can use, in the stylesheet's order: chosen once for each set
    /// of classes.
    pub fn for_markup(&self, markup: &str) -> Arc<CompressedPart> {
        let classes = classes_in(markup);
        let mut key: Vec<&str> = classes.iter().copied().collect();
        key.sort_unstable();
        self.chosen.get_with(key.join(" "), || {
            Arc::new(CompressedPart::shared(self.chosen_for(&classes)))
        })
    }

    fn chosen_for(&self, classes: &HashSet<&str>) -> String {
        let mut css = String::new();
        let mut open: &[String] = &[];
        for rule in &self.rules {
            let needed = rule
                .when
                .iter()
                .any(|all| all.iter().all(|class| classes.contains(class.as_str())));
            if !needed {
                continue;
            }
            if rule.within != open {
                css.extend(open.iter().map(|_| "}"));
                for at_rule in &rule.within {
                    css.push_str(at_rule);
                    css.push('{');
                }
                open = &rule.within;
            }
            css.push_str(&rule.css);
        }
        css.extend(open.iter().map(|_| "}"));
        css
    }
}

/// The class names of `markup`'s elements (React writes every `class` attribute
/// double-quoted; a quote inside a value or text is an entity).
fn classes_in(markup: &str) -> HashSet<&str> {
    markup
        .split(" class=\"")
        .skip(1)
        .flat_map(|rest| rest[..rest.find('"').unwrap_or(rest.len())].split_ascii_whitespace())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> CriticalCss {
        serde_json::from_value(serde_json::json!([
            { "css": ":root{--a:1}", "within": [], "when": [[]] },
            { "css": ".card{color:red}", "within": [], "when": [["card"]] },
            { "css": ".card.wide,.modal{width:9em}", "within": [], "when": [["card", "wide"], ["modal"]] },
            { "css": ".card{margin:0}", "within": ["@media (min-width:800px)"], "when": [["card"]] },
            { "css": ".menu{margin:0}", "within": ["@media (min-width:800px)"], "when": [["menu"]] },
            { "css": ".hero{gap:0}", "within": ["@media (min-width:800px)"], "when": [["hero"]] },
            { "css": "@keyframes in{0%{opacity:0}}", "within": [], "when": [["hero"]] },
        ]))
        .unwrap()
    }

    #[test]
    fn keeps_the_rules_the_markup_can_match_in_order() {
        let markup =
            r#"<div class="card"><p class="hero  x">a class=&quot;modal&quot; b</p></div>"#;
        assert_eq!(
            index().for_markup(markup).text(),
            ":root{--a:1}.card{color:red}@media (min-width:800px){.card{margin:0}.hero{gap:0}}@keyframes in{0%{opacity:0}}"
        );
    }

    #[test]
    fn a_selector_needs_all_its_classes_and_a_list_any_selector() {
        let css = index();
        assert!(css
            .for_markup(r#"<a class="wide card">"#)
            .text()
            .contains(".card.wide,.modal"));
        assert!(!css
            .for_markup(r#"<a class="wide">"#)
            .text()
            .contains(".card.wide,.modal"));
        assert!(css
            .for_markup(r#"<a class="modal">"#)
            .text()
            .contains(".card.wide,.modal"));
    }

    #[test]
    fn pages_with_the_same_classes_share_one_choice() {
        let css = index();
        let first = css.for_markup(r#"<div class="card"><p class="hero">a</p></div>"#);
        let same = css.for_markup(r#"<p class="hero card hero">b</p>"#);
        let other = css.for_markup(r#"<p class="hero">c</p>"#);
        assert!(Arc::ptr_eq(&first, &same));
        assert_ne!(first.text(), other.text());
    }

    #[test]
    fn without_markup_only_the_unconditional_rules() {
        assert_eq!(index().for_markup("").text(), ":root{--a:1}");
    }
}
