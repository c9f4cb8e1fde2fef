//! Reading image credits from Wikimedia Commons (`action=query&prop=imageinfo&iiprop=
//! url|extmetadata`): author, licence name and link. An image whose licence is not
//! free, or whose author cannot be read, is not used.

use std::collections::HashMap;

use crate::links;
use serde::Deserialize;
use sound_atlas_catalog::artist_lists::CreditedImage;

/// The width of the rendition the site shows (the artist page's photo is 640 px wide;
/// this leaves room for dense screens, and is a raster image whatever the original's
/// format).
pub const RENDITION_WIDTH: &str = "960";

/// The answer with `formatversion=2`.
#[derive(Debug, Deserialize)]
pub struct Answer {
    #[serde(default)]
    pub query: Query,
}

#[derive(Debug, Default, Deserialize)]
pub struct Query {
    #[serde(default)]
    pub normalized: Vec<Normalized>,
    #[serde(default)]
    pub pages: Vec<Page>,
}

#[derive(Debug, Deserialize)]
pub struct Normalized {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Deserialize)]
pub struct Page {
    pub title: String,
    #[serde(default)]
    pub missing: bool,
    #[serde(default)]
    pub imageinfo: Vec<ImageInfo>,
}

#[derive(Debug, Deserialize)]
pub struct ImageInfo {
    pub url: Option<String>,
    pub thumburl: Option<String>,
    pub descriptionurl: Option<String>,
    #[serde(default)]
    pub extmetadata: HashMap<String, MetaValue>,
}

#[derive(Debug, Deserialize)]
pub struct MetaValue {
    pub value: serde_json::Value,
}

impl ImageInfo {
    fn meta(&self, name: &str) -> Option<String> {
        match &self.extmetadata.get(name)?.value {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }
}

/// Text of an HTML fragment: tags (and what script and style elements hold) dropped,
/// entities decoded, spaces collapsed. Escaped markup decodes to markup, which is
/// cleaned as markup again (a few rounds), so a credit reads a name, never tag text.
pub fn plain_text(html: &str) -> String {
    let mut text = html.to_owned();
    for _ in 0..3 {
        let cleaned = strip_tags_once(&text);
        if cleaned == text {
            break;
        }
        text = cleaned;
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn strip_tags_once(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut tag: Option<String> = None;
    // Inside a script or style element: its text is code, not words.
    let mut in_code = false;
    for c in html.chars() {
        match (&mut tag, c) {
            (None, '<') => tag = Some(String::new()),
            (Some(name), '>') => {
                let closing = name.starts_with('/');
                let name = name
                    .trim_start_matches('/')
                    .trim_end_matches('/')
                    .to_ascii_lowercase();
                let element = name.split_whitespace().next().unwrap_or("");
                if matches!(element, "script" | "style") {
                    in_code = !closing;
                }
                // Line and block breaks separate words; inline tags do not.
                if matches!(element, "br" | "p" | "div" | "li" | "td") {
                    text.push(' ');
                }
                tag = None;
            }
            (Some(name), c) => name.push(c),
            (None, _) if in_code => {}
            (None, c) => text.push(c),
        }
    }
    html_escape::decode_html_entities(&text).into_owned()
}

/// Whether a licence (its short name) lets anyone reuse the image: a Creative Commons
/// licence without NonCommercial or NoDerivatives terms, CC0, public domain, the GFDL
/// or the Free Art License.
pub fn is_free_license(short_name: &str) -> bool {
    let name = short_name.trim().to_lowercase();
    let words: Vec<&str> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.iter().any(|w| *w == "nc" || *w == "nd") {
        return false;
    }
    name.starts_with("cc by")
        || name.starts_with("cc-by")
        || name.starts_with("cc0")
        || name.starts_with("public domain")
        || name.starts_with("pd")
        || name.starts_with("gfdl")
        || name.starts_with("free art license")
}

/// The credited image of one answered page, or why it is not used.
pub fn credited(page: &Page) -> Result<CreditedImage, String> {
    if page.missing {
        return Err("no such file on Commons".into());
    }
    let info = page.imageinfo.first().ok_or("no image information")?;
    if info
        .meta("NonFree")
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
    {
        return Err("the image is not free (NonFree)".into());
    }
    let license = info
        .meta("LicenseShortName")
        .map(|l| plain_text(&l))
        .filter(|l| !l.is_empty())
        .ok_or("the image names no licence")?;
    if !is_free_license(&license) {
        return Err(format!("the licence {license:?} is not free"));
    }
    let author = info
        .meta("Artist")
        .map(|a| plain_text(&a))
        .filter(|a| {
            !a.is_empty() && a.chars().count() <= 200 && !a.to_lowercase().starts_with("unknown")
        })
        .ok_or("the image's author cannot be read")?;
    // Every address held to Wikimedia's and the licences' own hosts: the credit links
    // only to the photo's Commons page and its licence's deed.
    let license_url = info
        .meta("LicenseUrl")
        .and_then(|u| links::licence_deed(&u));
    let page_url = info
        .descriptionurl
        .as_deref()
        .and_then(links::commons_file_page)
        .ok_or("the file has no Commons page")?;
    let url = info
        .thumburl
        .as_deref()
        .or(info.url.as_deref())
        .and_then(links::wikimedia_file)
        .ok_or("the image has no address on Wikimedia's media server")?;
    Ok(CreditedImage {
        url,
        author,
        license,
        license_url,
        page_url,
    })
}

impl Answer {
    /// Each asked title ("File:…", as asked) with its credited image or why not.
    pub fn by_title(&self, asked: &[String]) -> HashMap<String, Result<CreditedImage, String>> {
        let renamed: HashMap<&str, &str> = self
            .query
            .normalized
            .iter()
            .map(|n| (n.from.as_str(), n.to.as_str()))
            .collect();
        let pages: HashMap<&str, &Page> = self
            .query
            .pages
            .iter()
            .map(|p| (p.title.as_str(), p))
            .collect();
        asked
            .iter()
            .map(|title| {
                let name = renamed.get(title.as_str()).copied().unwrap_or(title);
                let found = pages.get(name).map_or_else(
                    || Err("Commons did not answer for the file".to_owned()),
                    |p| credited(p),
                );
                (title.clone(), found)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_author_in_escaped_markup_reads_as_the_name() {
        assert_eq!(
            plain_text("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;Carl Lender"),
            "Carl Lender"
        );
        assert_eq!(
            plain_text(
                "<a href=\"//commons.wikimedia.org/wiki/User:Carl\">Carl&amp;nbsp;Lender</a>"
            ),
            "Carl Lender"
        );
        assert_eq!(plain_text("<style>a{}</style>Ann <b>Lee</b>"), "Ann Lee");
    }

    #[test]
    fn authors_are_read_as_plain_text() {
        assert_eq!(
            plain_text("<a href=\"//commons.wikimedia.org/wiki/User:X\" title=\"User:X\">Carl&nbsp;Lender</a>\n (<i>photo</i>)"),
            "Carl Lender (photo)"
        );
        assert_eq!(plain_text("One<br/>Two<br>Three"), "One Two Three");
        assert_eq!(plain_text("Tom &amp; Jerry"), "Tom & Jerry");
    }

    #[test]
    fn only_free_licences_are_free() {
        for free in [
            "CC BY-SA 4.0",
            "CC BY 2.0",
            "CC0",
            "Public domain",
            "PD-US",
            "GFDL",
            "cc-by-sa-3.0",
        ] {
            assert!(is_free_license(free), "{free}");
        }
        for not_free in [
            "CC BY-NC 2.0",
            "CC BY-NC-SA 3.0",
            "CC BY-ND 4.0",
            "Fair use",
            "All rights reserved",
            "",
        ] {
            assert!(!is_free_license(not_free), "{not_free}");
        }
    }
}
