//! Records from JSON (an array of objects) or CSV (a header row naming the fields), each
//! with the line it starts on, and their checks: what the content's importers read
//! (charts, new songs, articles, field names as in the seed files).

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::{ImportError, Progress, Report};

/// The input's format, from the file name unless given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Json,
    Csv,
}

impl Format {
    pub fn of(source: &str) -> Format {
        let path = source.split(['?', '#']).next().unwrap_or(source);
        if path.to_ascii_lowercase().ends_with(".csv") {
            Format::Csv
        } else {
            Format::Json
        }
    }
}

/// Each record with the line it starts on ("line 4"), as JSON objects.
pub fn parse(text: &str, format: Format) -> Result<Vec<(String, Value)>, ImportError> {
    match format {
        Format::Json => Ok(json_records(text)?
            .into_iter()
            .map(|(line, v)| (format!("line {line}"), v))
            .collect()),
        Format::Csv => {
            let mut reader = csv::ReaderBuilder::new()
                .flexible(true)
                .from_reader(text.as_bytes());
            let headers: Vec<String> = reader
                .headers()
                .map_err(|err| ImportError::Input(format!("CSV: {err}")))?
                .iter()
                .map(|h| h.trim().to_owned())
                .collect();
            let mut out = Vec::new();
            for record in reader.records() {
                let record = record.map_err(|err| ImportError::Input(format!("CSV: {err}")))?;
                let line = record.position().map_or(0, |p| p.line());
                // Every cell as text; blank cells are left out (they mean "none").
                let object: Map<String, Value> = headers
                    .iter()
                    .zip(record.iter())
                    .filter(|(_, v)| !v.trim().is_empty())
                    .map(|(h, v)| (h.clone(), Value::String(v.to_owned())))
                    .collect();
                out.push((format!("line {line}"), Value::Object(object)));
            }
            Ok(out)
        }
    }
}

/// The records of a JSON array, each with the line (from 1) its value starts on.
///
/// The array is walked by hand and each record read with serde_json's stream
/// deserializer, whose byte offset says where the record ended; the lines before a
/// record's first byte give its line. Invalid JSON is refused whole, with serde_json's
/// own line and column.
fn json_records(text: &str) -> Result<Vec<(usize, Value)>, ImportError> {
    let bad = |what: String| ImportError::Input(format!("JSON: {what}"));
    let not_array = || bad("expected an array of records".into());
    // A byte order mark is not JSON, but editors write one.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Validates the whole text first, so syntax errors carry serde_json's position.
    let whole: Value = serde_json::from_str(text).map_err(|err| bad(err.to_string()))?;
    if !whole.is_array() {
        return Err(not_array());
    }
    let bytes = text.as_bytes();
    let skip_ws = |mut at: usize| {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        at
    };
    let line_at = |at: usize| 1 + bytes[..at].iter().filter(|b| **b == b'\n').count();
    let mut at = skip_ws(0);
    if bytes.get(at) != Some(&b'[') {
        return Err(not_array());
    }
    at = skip_ws(at + 1);
    let mut records = Vec::new();
    if bytes.get(at) == Some(&b']') {
        return Ok(records);
    }
    loop {
        let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<Value>();
        let value = match stream.next() {
            Some(Ok(value)) => value,
            Some(Err(err)) => return Err(bad(err.to_string())),
            None => return Err(not_array()),
        };
        records.push((line_at(at), value));
        at = skip_ws(at + stream.byte_offset());
        match bytes.get(at) {
            Some(b',') => at = skip_ws(at + 1),
            Some(b']') => return Ok(records),
            _ => return Err(not_array()),
        }
    }
}

/// Deserializes and checks each record; bad ones go to the report, as do records whose
/// `key` an earlier one had.
pub fn check<T: DeserializeOwned>(
    items: Vec<(String, Value)>,
    report: &mut Report,
    problems: impl Fn(&T) -> Vec<String>,
    key: impl Fn(&T) -> String,
) -> Vec<T> {
    let progress = Progress::new(
        &format!("Checking {}", report.what.to_lowercase()),
        items.len(),
    );
    let mut good: Vec<T> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for (n, (at, value)) in items.into_iter().enumerate() {
        progress.tick(n + 1);
        let record: T = match serde_json::from_value(value) {
            Ok(record) => record,
            Err(err) => {
                report.skip(at, err.to_string());
                continue;
            }
        };
        let mut found = problems(&record);
        if keys.contains(&key(&record)) {
            found.push(format!("{} is given twice", key(&record)));
        }
        if found.is_empty() {
            keys.push(key(&record));
            good.push(record);
        } else {
            report.skip(at, found.join("; "));
        }
    }
    progress.finish();
    good
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_records_carry_the_line_they_start_on() {
        let text =
            "[\n  {\"a\": 1},\n  {\n    \"a\": 2\n  }, {\"a\": 3},\n\n  {\"s\": \"x\\ny\"}\n]\n";
        let records = parse(text, Format::Json).unwrap();
        let at: Vec<&str> = records.iter().map(|(at, _)| at.as_str()).collect();
        assert_eq!(at, ["line 2", "line 3", "line 5", "line 7"]);
        assert_eq!(records[1].1["a"], 2);
        assert_eq!(records[3].1["s"], "x\ny");
        let one_line = parse(r#"[{"a":1},{"a":2}]"#, Format::Json).unwrap();
        assert!(one_line.iter().all(|(at, _)| at == "line 1"));
        assert!(parse("\u{feff}[]", Format::Json).unwrap().is_empty());
        assert!(parse(" [ ] ", Format::Json).unwrap().is_empty());
    }

    #[test]
    fn json_that_is_not_an_array_of_records_is_refused_whole() {
        for text in ["{}", "[1,", "", "[{\"a\":1}] x"] {
            let err = parse(text, Format::Json).unwrap_err().to_string();
            assert!(err.starts_with("JSON: "), "{text:?}: {err}");
        }
        let err = parse("[\n{\"a\": 1},\n{\"a\" 2}\n]", Format::Json)
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 3"), "{err}");
    }
}
