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
        require_contact(contact().as_deref(), &[source])?;
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

/// `SOUND_ATLAS_CONTACT`: how to reach the site's operator, if set.
pub fn contact() -> Option<String> {
    std::env::var("SOUND_ATLAS_CONTACT")
        .ok()
        .map(|contact| contact.trim().to_owned())
        .filter(|contact| !contact.is_empty())
}

/// The open data services whose API policies ask every client to name a way to reach
/// its operator (MusicBrainz, and the Wikimedia projects: the knowledge base, Commons,
/// the encyclopedia), by their domains.
const CONTACT_REQUIRED_BY: [&str; 5] = [
    "musicbrainz.org",
    "wikidata.org",
    "wikimedia.org",
    "wikipedia.org",
    "mediawiki.org",
];

/// Whether `url` is one of the open data services themselves (not a local imitation).
pub fn is_open_data_service(url: &str) -> bool {
    reqwest::Url::parse(url)
        .ok()
        .and_then(|url| url.host_str().map(str::to_owned))
        .is_some_and(|host| {
            CONTACT_REQUIRED_BY
                .iter()
                .any(|domain| host == *domain || host.ends_with(&format!(".{domain}")))
        })
}

/// Checks that a run calling `urls` names a contact: without one, a run against the
/// services that ask for it is refused before any request, and any other is warned of.
pub fn require_contact(contact: Option<&str>, urls: &[&str]) -> Result<(), ImportError> {
    if contact.is_some() {
        return Ok(());
    }
    if let Some(url) = urls.iter().find(|url| is_open_data_service(url)) {
        return Err(ImportError::Input(format!(
            "Set SOUND_ATLAS_CONTACT (an email address or URL) before calling {url}: \
             MusicBrainz and the Wikimedia APIs ask every client to say how to reach its operator."
        )));
    }
    tracing::warn!(
        "SOUND_ATLAS_CONTACT is not set: the services called cannot reach this site's operator"
    );
    Ok(())
}

/// Names the site and, when `SOUND_ATLAS_CONTACT` is set, how to reach its operator to
/// the services we call, as the encyclopedia's and MusicBrainz's API policies ask.
pub fn user_agent() -> String {
    let setting = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let site = setting("SOUND_ATLAS_PUBLIC_URL")
        .unwrap_or_else(|| "https://github.com/sound-atlas".into());
    let contact = contact()
        .map(|contact| format!("; {contact}"))
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

/// How many records were not imported for one reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    pub reason: String,
    pub count: usize,
}

/// The outcome of one import.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub what: String,
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub skipped: Vec<Skipped>,
    /// Facts left out of rows that were written (an identifier its service did not confirm).
    pub left_out: Vec<Skipped>,
    /// Records deliberately not imported, counted by reason: for sources too large to
    /// list them one by one (a dump's lines that name no artist of the catalogue).
    pub passed_over: Vec<Tally>,
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

    pub fn leave_out(&mut self, at: impl Into<String>, reason: impl Into<String>) {
        self.left_out.push(Skipped {
            at: at.into(),
            reason: reason.into(),
        });
    }

    /// Counts one record not imported for `reason`.
    pub fn pass_over(&mut self, reason: &str) {
        match self.passed_over.iter_mut().find(|t| t.reason == reason) {
            Some(tally) => tally.count += 1,
            None => self.passed_over.push(Tally {
                reason: reason.to_owned(),
                count: 1,
            }),
        }
    }

    /// How many records were passed over, for every reason.
    pub fn passed_over_count(&self) -> usize {
        self.passed_over.iter().map(|t| t.count).sum()
    }

    /// "Articles: 2 inserted, 1 updated, 10 unchanged, 1 skipped" (and ", 30 passed
    /// over" when some were), then one line per skip, per reason records were passed
    /// over and per fact left out.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "{}: {} inserted, {} updated, {} unchanged, {} skipped",
            self.what,
            self.inserted,
            self.updated,
            self.unchanged,
            self.skipped.len()
        );
        if !self.passed_over.is_empty() {
            out.push_str(&format!(", {} passed over", self.passed_over_count()));
        }
        for skip in &self.skipped {
            out.push_str(&format!("\n  skipped {}: {}", skip.at, skip.reason));
        }
        for tally in &self.passed_over {
            out.push_str(&format!(
                "\n  passed over {}: {}",
                tally.count, tally.reason
            ));
        }
        for left in &self.left_out {
            out.push_str(&format!("\n  left out {}: {}", left.at, left.reason));
        }
        for next in &self.then {
            out.push('\n');
            out.push_str(&next.summary());
        }
        out
    }
}

/// A progress bar on a terminal (indicatif draws nothing when stderr is not one).
/// Bars shown at once (steps that run side by side) stack, each on its own line.
pub struct Progress(indicatif::ProgressBar);

static BARS: std::sync::LazyLock<indicatif::MultiProgress> =
    std::sync::LazyLock::new(indicatif::MultiProgress::new);

impl Progress {
    pub fn new(label: &str, total: usize) -> Self {
        let bar = indicatif::ProgressBar::new(total as u64);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} ({eta} left)")
        {
            bar.set_style(style);
        }
        bar.set_message(label.to_owned());
        Progress(BARS.add(bar))
    }

    /// A counter for an input whose size is not known before it is read (a stream).
    pub fn counting(label: &str) -> Self {
        let bar = indicatif::ProgressBar::no_length();
        if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} {pos} ({per_sec})") {
            bar.set_style(style);
        }
        bar.set_message(label.to_owned());
        Progress(BARS.add(bar))
    }

    /// A stream read from a file of `size` bytes: the bytes read give the fraction done
    /// and the time left; the message counts the records read and their rate.
    pub fn reading(label: &str, size: u64) -> Self {
        let bar = indicatif::ProgressBar::new(size);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{prefix} {msg} {wide_bar} {percent}% ({eta} left)",
        ) {
            bar.set_style(style);
        }
        bar.set_prefix(label.to_owned());
        Progress(bar)
    }

    /// For [`Progress::reading`]: `bytes` of the file read, `records` read in all.
    pub fn tick_read(&self, bytes: u64, records: usize) {
        let seconds = self.0.elapsed().as_secs_f64().max(1e-3);
        self.0
            .set_message(format!("{records} ({:.0}/s)", records as f64 / seconds));
        self.0.set_position(bytes);
    }

    /// `done` of the total are done.
    pub fn tick(&self, done: usize) {
        self.0.set_position(done as u64);
    }

    pub fn finish(&self) {
        self.0.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_against_the_services_that_ask_name_a_contact() {
        let real = [
            "https://musicbrainz.org/ws/2",
            "https://www.wikidata.org/w/api.php",
            "https://commons.wikimedia.org/w/api.php",
            "https://en.wikipedia.org/api/rest_v1",
        ];
        for url in real {
            let refused = require_contact(None, &[url]).unwrap_err().to_string();
            assert!(refused.starts_with("Set SOUND_ATLAS_CONTACT"), "{refused}");
            assert!(require_contact(Some("ops@example.com"), &[url]).is_ok());
        }
        // A local imitation, or another source: a warning, not a refusal.
        assert!(require_contact(
            None,
            &[
                "http://127.0.0.1:8080/ws/2",
                "https://musicbrainz.org.example/x"
            ]
        )
        .is_ok());
    }

    #[test]
    fn records_passed_over_are_counted_by_reason_in_the_summary() {
        let mut report = Report::new("Lines");
        report.updated = 1;
        for reason in ["unknown", "too short", "unknown"] {
            report.pass_over(reason);
        }
        assert_eq!(report.passed_over_count(), 3);
        assert_eq!(
            report.summary(),
            "Lines: 0 inserted, 1 updated, 0 unchanged, 0 skipped, 3 passed over\n  \
             passed over 2: unknown\n  passed over 1: too short"
        );
        // Nothing passed over: the summary says nothing of it.
        assert_eq!(
            Report::new("Rows").summary(),
            "Rows: 0 inserted, 0 updated, 0 unchanged, 0 skipped"
        );
    }
}
