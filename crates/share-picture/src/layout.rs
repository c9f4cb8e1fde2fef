//! Breaking a picture's words into lines that fit, measured with the font the picture
//! is drawn in (its glyphs' advances), not by counting characters: "WWW" and "iii" are
//! not the same width.

use std::sync::OnceLock;

use crate::FONT;

const ELLIPSIS: char = '…';

fn face() -> &'static ttf_parser::Face<'static> {
    static FACE: OnceLock<ttf_parser::Face<'static>> = OnceLock::new();
    FACE.get_or_init(|| ttf_parser::Face::parse(FONT, 0).expect("the bundled font parses"))
}

/// How wide `text` is drawn at `size` pixels (kerning left out: it only narrows a line).
pub(crate) fn width(text: &str, size: f32) -> f32 {
    let face = face();
    let units: u32 = text
        .chars()
        .map(|c| {
            let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            u32::from(face.glyph_hor_advance(glyph).unwrap_or(0))
        })
        .sum();
    units as f32 * size / f32::from(face.units_per_em())
}

/// Lines of `text` at `size` pixels, none wider than `max_width`, at most `max_lines`.
/// Lines break between words. When the words need more lines, the last line ends on a
/// whole word and an ellipsis (a separator such as "·" before it is dropped); only a
/// single word wider than a whole line is cut inside.
pub(crate) fn wrap(text: &str, size: f32, max_width: f32, max_lines: usize) -> Lines {
    let fits = |line: &str| width(line, size) <= max_width;
    let mut lines: Vec<Vec<&str>> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if fits(&[line.join(" ").as_str(), word].join(" ")) => line.push(word),
            _ => lines.push(vec![word]),
        }
    }
    let cut = lines.len() > max_lines;
    lines.truncate(max_lines);
    let mut lines: Vec<String> = lines.iter().map(|words| words.join(" ")).collect();
    if cut {
        if let Some(last) = lines.last_mut() {
            *last = with_ellipsis(last, &fits);
        }
    }
    // A word wider than a line on its own.
    for line in &mut lines {
        if !fits(line) {
            *line = cut_inside(line, &fits);
        }
    }
    Lines { lines, cut }
}

/// `line`'s leading words that fit followed by an ellipsis.
fn with_ellipsis(line: &str, fits: &impl Fn(&str) -> bool) -> String {
    let mut words: Vec<&str> = line.split(' ').collect();
    loop {
        while words.len() > 1
            && words
                .last()
                .is_some_and(|w| !w.chars().any(char::is_alphanumeric))
        {
            words.pop();
        }
        let candidate = format!(
            "{}{ELLIPSIS}",
            words
                .join(" ")
                .trim_end_matches([',', ';', ':', '.', '-', '–', '—'])
        );
        if words.len() == 1 || fits(&candidate) {
            return candidate;
        }
        words.pop();
    }
}

/// The longest start of `line` that fits with an ellipsis after it.
fn cut_inside(line: &str, fits: &impl Fn(&str) -> bool) -> String {
    let mut kept: String = line.trim_end_matches(ELLIPSIS).to_owned();
    while !kept.is_empty() && !fits(&format!("{kept}{ELLIPSIS}")) {
        kept.pop();
    }
    format!("{kept}{ELLIPSIS}")
}

/// Lines laid out by [`wrap`].
#[derive(Debug, PartialEq)]
pub(crate) struct Lines {
    pub lines: Vec<String>,
    /// Whether words were left out (the last line ends with an ellipsis).
    pub cut: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    const TITLE: &str =
        "Record Labels Announce New Measures to Support Independent Artists Across Europe";

    #[test]
    fn widths_come_from_the_font() {
        assert!(width("WWWW", 40.0) > 2.0 * width("iiii", 40.0));
        assert_eq!(width("ab", 40.0), width("a", 40.0) + width("b", 40.0));
        assert_eq!(width("a", 80.0), 2.0 * width("a", 40.0));
    }

    #[test]
    fn a_title_that_fits_keeps_every_word() {
        let lines = wrap(TITLE, 52.0, 640.0, 6);
        assert!(!lines.cut);
        assert_eq!(lines.lines.join(" "), TITLE);
        assert!(lines.lines.len() > 1);
        assert!(lines.lines.iter().all(|line| width(line, 52.0) <= 640.0));
    }

    #[test]
    fn a_long_title_ends_on_a_whole_word_and_an_ellipsis() {
        let words: Vec<&str> = TITLE.split(' ').collect();
        let lines = wrap(TITLE, 60.0, 640.0, 2);
        assert!(lines.cut);
        assert_eq!(lines.lines.len(), 2);
        assert!(lines.lines.iter().all(|line| width(line, 60.0) <= 640.0));
        let last = lines.lines[1]
            .strip_suffix('…')
            .expect("ends with an ellipsis");
        // Every line is made of the title's whole words, in order.
        let shown = format!("{} {last}", lines.lines[0]);
        assert!(TITLE.starts_with(&shown), "{shown}");
        assert!(
            words.contains(&shown.rsplit(' ').next().unwrap()),
            "{shown}"
        );
        assert!(lines.lines[0].split(' ').all(|word| words.contains(&word)));
    }

    #[test]
    fn a_genre_line_wraps_onto_a_second_line_before_it_is_cut() {
        let genres = "Soft Rock · Progressive Rock · Singer-Songwriter";
        let lines = wrap(genres, 34.0, 640.0, 2);
        assert!(!lines.cut);
        assert_eq!(lines.lines.len(), 2);
        assert_eq!(lines.lines.join(" "), genres);
        // Cut, it drops the separator before the ellipsis.
        let one = wrap(genres, 34.0, 640.0, 1);
        assert!(one.cut);
        assert!(one.lines[0].ends_with("Rock…"), "{:?}", one.lines);
    }

    #[test]
    fn only_a_word_wider_than_a_line_is_cut_inside() {
        let lines = wrap("Supercalifragilisticexpialidocious band", 60.0, 400.0, 3);
        assert!(lines.lines[0].ends_with('…'));
        assert!(width(&lines.lines[0], 60.0) <= 400.0);
        assert_eq!(lines.lines[1], "band");
    }

    #[test]
    fn short_text_is_one_line_and_empty_text_none() {
        assert_eq!(wrap("Queen", 76.0, 1040.0, 3).lines, ["Queen"]);
        assert!(wrap("  ", 76.0, 1040.0, 3).lines.is_empty());
    }
}
