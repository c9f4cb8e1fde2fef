//! Importers: artists from the public-spreadsheet query format or CSV, encyclopedia
//! enrichment, and charts, new songs and articles from JSON or CSV.
//!
//! Every import reads and checks its whole input first, reports each bad row with
//! its line and skips it, then writes the good rows in one transaction: it commits
//! whole or changes nothing. Re-running updates rows in place (keyed by rank or
//! `externalId`), never duplicates them.

pub mod artists;
pub mod records;
pub mod wiki;

use std::io::{IsTerminal, Write};
use std::time::Duration;

/// Where an import reads from: a local file or an http(s) URL.
pub async fn read_source(source: &str) -> Result<String, ImportError> {
    if source.starts_with("http://") || source.starts_with("https://") {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .user_agent(user_agent())
            .build()?;
        let response = client.get(source).send().await?.error_for_status()?;
        Ok(response.text().await?)
    } else {
        std::fs::read_to_string(source)
            .map_err(|err| ImportError::Input(format!("reading {source}: {err}")))
    }
}

/// Names the site to the services we call, as the encyclopedia's API policy asks.
pub fn user_agent() -> String {
    let site = std::env::var("SOUND_ATLAS_PUBLIC_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| "https://github.com/sound-atlas".into());
    format!(
        "SoundAtlas/{} ({site}; music encyclopedia importer)",
        env!("CARGO_PKG_VERSION")
    )
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The input as a whole cannot be read (nothing was written).
    #[error("{0}")]
    Input(String),
    #[error("fetching the input: {0}")]
    Http(#[from] reqwest::Error),
    #[error("database: {0}")]
    Db(#[from] sea_orm::DbErr),
}

/// A row that was left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// Where the row is: "line 4" (the CSV row, the spreadsheet row, or the line a JSON
    /// record starts on).
    pub at: String,
    pub reason: String,
}

/// The outcome of one import.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub what: String,
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub skipped: Vec<Skipped>,
}

impl Report {
    pub fn new(what: &str) -> Self {
        Report {
            what: what.to_owned(),
            ..Report::default()
        }
    }

    pub fn skip(&mut self, at: impl Into<String>, reason: impl Into<String>) {
        self.skipped.push(Skipped {
            at: at.into(),
            reason: reason.into(),
        });
    }

    /// "Articles: 2 inserted, 1 updated, 10 unchanged, 1 skipped", then one line per skip.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "{}: {} inserted, {} updated, {} unchanged, {} skipped",
            self.what,
            self.inserted,
            self.updated,
            self.unchanged,
            self.skipped.len()
        );
        for skip in &self.skipped {
            out.push_str(&format!("\n  skipped {}: {}", skip.at, skip.reason));
        }
        out
    }
}

/// Progress on a terminal ("\r{label} 12/350"); silent when stderr is not one.
pub struct Progress {
    label: String,
    total: usize,
    on_terminal: bool,
}

impl Progress {
    pub fn new(label: &str, total: usize) -> Self {
        Progress {
            label: label.to_owned(),
            total,
            on_terminal: std::io::stderr().is_terminal(),
        }
    }

    pub fn tick(&self, done: usize) {
        if self.on_terminal {
            let mut err = std::io::stderr();
            let _ = write!(err, "\r{} {done}/{}", self.label, self.total);
            let _ = err.flush();
        }
    }

    pub fn finish(&self) {
        if self.on_terminal {
            let _ = writeln!(std::io::stderr());
        }
    }
}
