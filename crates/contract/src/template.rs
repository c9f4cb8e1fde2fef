//! Texts with `{name}` holes: API paths, page links and titles. Rust fills them at run
//! time; the TypeScript generator turns the same text into a template literal, so both
//! languages build byte-identical strings from one definition.

use std::fmt::Display;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template(pub &'static str);

/// One piece of a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Text(&'static str),
    Hole(&'static str),
}

impl Template {
    pub fn parts(&self) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut rest = self.0;
        while let Some(open) = rest.find('{') {
            let close = rest[open..]
                .find('}')
                .map(|i| open + i)
                .unwrap_or_else(|| panic!("unclosed hole in template {:?}", self.0));
            if open > 0 {
                parts.push(Part::Text(&rest[..open]));
            }
            parts.push(Part::Hole(&rest[open + 1..close]));
            rest = &rest[close + 1..];
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest));
        }
        parts
    }

    /// The hole names, in order.
    pub fn holes(&self) -> Vec<&'static str> {
        self.parts()
            .into_iter()
            .filter_map(|part| match part {
                Part::Hole(name) => Some(name),
                Part::Text(_) => None,
            })
            .collect()
    }

    /// Fills the holes in order, passing each value through `escape`.
    pub fn fill_with(&self, values: &[&dyn Display], escape: fn(&str) -> String) -> String {
        let holes = self.holes();
        assert_eq!(
            holes.len(),
            values.len(),
            "template {:?} takes {} values",
            self.0,
            holes.len()
        );
        let mut values = values.iter();
        let mut out = String::with_capacity(self.0.len() + 16);
        for part in self.parts() {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Hole(_) => {
                    let value = values.next().expect("as many values as holes").to_string();
                    out.push_str(&escape(&value));
                }
            }
        }
        out
    }

    /// Fills the holes verbatim (for titles).
    pub fn fill(&self, values: &[&dyn Display]) -> String {
        self.fill_with(values, str::to_owned)
    }
}

/// JavaScript's `encodeURIComponent`, byte for byte: API paths double as the browser's
/// query-cache keys, so both sides must spell them identically. The UI checks the
/// browser's function on [`encode_cases`].
pub fn encode_uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// A text and [`encode_uri_component`]'s spelling of it.
#[derive(Debug, serde::Serialize)]
pub struct EncodeCase {
    pub text: String,
    pub encoded: String,
}

/// Every printable ASCII character alone, and texts in other scripts (two, three and
/// four bytes a character) and with a control character.
pub fn encode_cases() -> Vec<EncodeCase> {
    let ascii = (0x20u8..0x7f).map(|byte| (byte as char).to_string());
    let others = [
        "Beyoncé",
        "坂本龍一",
        "Мумий Тролль",
        "🎸 AC/DC",
        "tab\there",
    ]
    .map(str::to_owned);
    ascii
        .chain(others)
        .map(|text| EncodeCase {
            encoded: encode_uri_component(&text),
            text,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_split_into_text_and_holes() {
        let t = Template("/api/artists/browse?letter={letter}&page={page}");
        assert_eq!(t.holes(), ["letter", "page"]);
        assert_eq!(
            t.fill_with(&[&"#", &2], encode_uri_component),
            "/api/artists/browse?letter=%23&page=2"
        );
        assert_eq!(
            Template("{artist} - Sound Atlas").fill(&[&"AC/DC"]),
            "AC/DC - Sound Atlas"
        );
    }

    #[test]
    #[should_panic(expected = "takes 1 values")]
    fn a_template_refuses_the_wrong_number_of_values() {
        Template("/api/artists/{id}").fill(&[]);
    }

    #[test]
    fn uri_components_are_encoded_like_javascript() {
        assert_eq!(
            encode_uri_component("AC/DC & más!"),
            "AC%2FDC%20%26%20m%C3%A1s!"
        );
        assert_eq!(encode_uri_component("#"), "%23");
        assert_eq!(encode_uri_component("it's (ok)*~"), "it's%20(ok)*~");
    }
}
