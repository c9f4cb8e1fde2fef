//! What the importers of every feature share: the catalogue's (artists, enrichment) and
//! the content's (charts, new songs, articles). Each feature owns its importers; this
//! crate holds only what they have in common, so neither feature depends on the other.
//!
//! Every import reports each bad row with its line and skips it, and writes the good
//! rows in one transaction: it commits whole or changes nothing (the artist import
//! streams its rows and writes them in batches inside that transaction). Re-running
//! updates rows in place (keyed by rank or `externalId`), never duplicates them.
//!
//! - this module: reading a source (a file or a URL), the User-Agent, the error, the
//!   report of an import and its progress bar;
//! - `records`: JSON and CSV records with the line each starts on, and their checks;
//! - `polite`: the paced, retrying client for the open data services;
//! - `video_link`: the video service's link shapes (a video, a channel), which both an
//!   artist's solo video link and the content's songs are checked against.

pub mod polite;
pub mod records;
pub mod video_link;

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

/// Where an import reads from, as a stream of bytes: a local file is read as the import
/// goes (so memory does not grow with its size); an http(s) answer is fetched whole first.
pub async fn open_source(source: &str) -> Result<Box<dyn std::io::Read + Send>, ImportError> {
    if source.starts_with("http://") || source.starts_with("https://") {
        return Ok(Box::new(std::io::Cursor::new(read_source(source).await?)));
    }
    let file = std::fs::File::open(source)
        .map_err(|err| ImportError::Input(format!("reading {source}: {err}")))?;
    Ok(Box::new(std::io::BufReader::with_capacity(1 << 16, file)))
}

/// Names the site and, when `SOUND_ATLAS_CONTACT` is set, how to reach its operator to
/// the services we call, as the encyclopedia's and MusicBrainz's API policies ask.
pub fn user_agent() -> String {
    let setting = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let site = setting("SOUND_ATLAS_PUBLIC_URL")
        .unwrap_or_else(|| "https://github.com/sound-atlas".into());
    let contact = setting("SOUND_ATLAS_CONTACT")
        .map(|contact| format!("; {}", contact.trim()))
        .unwrap_or_default();
    format!(
        "SoundAtlas/{} ({site}{contact}; music encyclopedia importer)",
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
    /// Reports of the steps that ran after this one (enrichment, then biographies).
    pub then: Vec<Report>,
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
        for next in &self.then {
            out.push('\n');
            out.push_str(&next.summary());
        }
        out
    }
}

/// A progress bar on a terminal (indicatif draws nothing when stderr is not one).
pub struct Progress(indicatif::ProgressBar);

impl Progress {
    pub fn new(label: &str, total: usize) -> Self {
        let bar = indicatif::ProgressBar::new(total as u64);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} ({eta} left)")
        {
            bar.set_style(style);
        }
        bar.set_message(label.to_owned());
        Progress(bar)
    }

    /// A counter for an input whose size is not known before it is read (a stream).
    pub fn counting(label: &str) -> Self {
        let bar = indicatif::ProgressBar::no_length();
        if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} {pos} ({per_sec})") {
            bar.set_style(style);
        }
        bar.set_message(label.to_owned());
        Progress(bar)
    }

    /// `done` of the total are done.
    pub fn tick(&self, done: usize) {
        self.0.set_position(done as u64);
    }

    pub fn finish(&self) {
        self.0.finish();
    }
}
