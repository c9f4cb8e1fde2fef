//! Enrichment from the encyclopedia's page-summary endpoint
//! (`/api/rest_v1/page/summary/{title}`) for each artist's bioSourceLink: the lead
//! image (original and thumbnail, marked as a wiki source) and, only where the
//! artist has no biography, the summary. One request at a time, at least `pace`
//! apart, with a User-Agent naming the site, as the encyclopedia's API etiquette asks;
//! a 429 is retried after its `Retry-After` (bounded), and an artist whose request
//! fails or takes longer than `timeout` is skipped (and reported) while the rest go on.

use std::time::Duration;

use sea_orm::{DatabaseConnection, TransactionTrait};
use serde::Deserialize;
use sound_atlas_catalog::write::{self, Enrichment};

use super::{user_agent, ImportError, Progress, Report};

/// The image source recorded for encyclopedia images.
pub const WIKI_SOURCE: &str = "wikimedia";

#[derive(Debug, Clone)]
pub struct WikiConfig {
    /// Base of the summary API, e.g. `https://en.wikipedia.org/api/rest_v1`.
    /// `None`: derived from each bioSourceLink's host.
    pub api_base: Option<String>,
    /// Pause between requests.
    pub pace: Duration,
    /// How long one request may take; past it the artist is skipped and the next asked.
    pub timeout: Duration,
    /// Enrich at most this many artists.
    pub limit: Option<usize>,
    /// After a 429 ("too many requests") the request is retried at most this many times,
    /// each after the answer's `Retry-After` ...
    pub retries: u32,
    /// ... but never waiting longer than this (nor less than `pace`).
    pub max_retry_wait: Duration,
}

impl Default for WikiConfig {
    fn default() -> Self {
        WikiConfig {
            api_base: None,
            pace: Duration::from_millis(250),
            timeout: Duration::from_secs(15),
            limit: None,
            retries: 2,
            max_retry_wait: Duration::from_secs(60),
        }
    }
}

/// The wait a 429 asks for: `Retry-After` in seconds or as an HTTP date, bounded to
/// `pace ..= max`; without a readable one, `max` (the service asked us to slow down).
pub fn retry_wait(retry_after: Option<&str>, pace: Duration, max: Duration) -> Duration {
    let asked = retry_after.map(str::trim).and_then(|value| {
        if let Ok(seconds) = value.parse::<u64>() {
            return Some(Duration::from_secs(seconds));
        }
        let when =
            time::OffsetDateTime::parse(value, &time::format_description::well_known::Rfc2822)
                .ok()?;
        let left = when - time::OffsetDateTime::now_utc();
        Some(Duration::try_from(left).unwrap_or(Duration::ZERO))
    });
    asked.unwrap_or(max).clamp(pace.min(max), max)
}

/// Why one artist's summary could not be had.
#[derive(Debug)]
enum AskError {
    /// Still 429 after every retry.
    Throttled(u32),
    Timeout(Duration),
    Other(reqwest::Error),
}

impl std::fmt::Display for AskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AskError::Throttled(retries) => write!(
                f,
                "still too many requests (429) after {retries} retries; try again later"
            ),
            AskError::Timeout(limit) => write!(f, "no answer within {} ms", limit.as_millis()),
            AskError::Other(err) => write!(f, "{err}"),
        }
    }
}

/// One request at a time, at least `pace` apart (retries included).
struct Pacer {
    pace: Duration,
    last: Option<tokio::time::Instant>,
}

impl Pacer {
    async fn wait(&mut self, at_least: Duration) {
        if let Some(last) = self.last {
            tokio::time::sleep_until(last + at_least.max(self.pace)).await;
        }
        self.last = Some(tokio::time::Instant::now());
    }
}

/// Asks for one summary: paced, each request cut at `timeout`, 429s retried after
/// their bounded `Retry-After`.
async fn ask(
    client: &reqwest::Client,
    url: &str,
    config: &WikiConfig,
    pacer: &mut Pacer,
) -> Result<Summary, AskError> {
    let mut wait = Duration::ZERO;
    let mut retried = 0;
    loop {
        pacer.wait(wait).await;
        let answer = async {
            let response = client.get(url).send().await?;
            if response.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
                let after = response
                    .headers()
                    .get(reqwest::header::RETRY_AFTER)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned);
                return Ok(Err(after));
            }
            let summary = response.error_for_status()?.json::<Summary>().await?;
            Ok::<Result<Summary, Option<String>>, reqwest::Error>(Ok(summary))
        };
        match tokio::time::timeout(config.timeout, answer).await {
            Err(_) => return Err(AskError::Timeout(config.timeout)),
            Ok(Err(err)) if err.is_timeout() => return Err(AskError::Timeout(config.timeout)),
            Ok(Err(err)) => return Err(AskError::Other(err)),
            Ok(Ok(Ok(summary))) => return Ok(summary),
            Ok(Ok(Err(retry_after))) => {
                if retried == config.retries {
                    return Err(AskError::Throttled(retried));
                }
                retried += 1;
                wait = retry_wait(retry_after.as_deref(), config.pace, config.max_retry_wait);
                tracing::info!(
                    url,
                    wait_ms = wait.as_millis() as u64,
                    "the encyclopedia asked us to slow down (429)"
                );
            }
        }
    }
}

#[derive(Deserialize)]
struct Summary {
    #[serde(default)]
    extract: String,
    thumbnail: Option<Image>,
    originalimage: Option<Image>,
}

#[derive(Deserialize)]
struct Image {
    source: String,
}

/// The (API base, page title) a bioSourceLink names, when it is an encyclopedia article.
pub fn page_of(link: &str) -> Option<(String, String)> {
    let url = url::Url::parse(link).ok()?;
    let host = url.host_str()?;
    if url.scheme() != "https" || !host.ends_with(".wikipedia.org") {
        return None;
    }
    let title = url.path().strip_prefix("/wiki/")?;
    if title.is_empty() {
        return None;
    }
    // A title may hold '/' ("AC/DC"); the summary endpoint wants it encoded.
    Some((
        format!("https://{host}/api/rest_v1"),
        title.replace('/', "%2F"),
    ))
}

/// Asks the encyclopedia about every artist with a bioSourceLink, then writes what
/// it found in one transaction.
pub async fn enrich(db: &DatabaseConnection, config: &WikiConfig) -> Result<Report, ImportError> {
    let client = reqwest::Client::builder()
        .timeout(config.timeout)
        .user_agent(user_agent())
        .build()?;
    let mut report = Report::new("Artists enriched");
    let mut targets = write::enrichment_targets(db).await?;
    if let Some(limit) = config.limit {
        targets.truncate(limit);
    }
    let progress = Progress::new("Asking the encyclopedia", targets.len());
    let mut found: Vec<(i32, Enrichment)> = Vec::new();
    let mut pacer = Pacer {
        pace: config.pace,
        last: None,
    };
    for (n, target) in targets.iter().enumerate() {
        progress.tick(n + 1);
        let at = format!("artist {} ({})", target.id, target.title);
        let Some((derived_base, title)) = page_of(&target.bio_source_link) else {
            report.skip(at, "bioSourceLink is not an encyclopedia article");
            continue;
        };
        let base = config.api_base.clone().unwrap_or(derived_base);
        // The title is already percent-encoded as it appears in the article URL.
        let url = format!("{}/page/summary/{title}", base.trim_end_matches('/'));
        let summary = match ask(&client, &url, config, &mut pacer).await {
            Ok(summary) => summary,
            Err(err) => {
                report.skip(at, format!("the encyclopedia: {err}"));
                continue;
            }
        };
        let original = summary.originalimage.map(|i| i.source);
        let thumbnail = summary.thumbnail.map(|i| i.source);
        let extract = summary.extract.trim().to_owned();
        found.push((
            target.id,
            Enrichment {
                image_source: original
                    .as_ref()
                    .or(thumbnail.as_ref())
                    .map(|_| WIKI_SOURCE.to_owned()),
                image_url: original.clone().or_else(|| thumbnail.clone()),
                image_thumbnail_url: thumbnail,
                summary: (!target.has_bio && !extract.is_empty()).then_some(extract),
            },
        ));
    }
    progress.finish();
    let txn = db.begin().await?;
    for (id, enrichment) in found {
        if write::enrich(&txn, id, enrichment).await? {
            report.updated += 1;
        } else {
            report.unchanged += 1;
        }
    }
    txn.commit().await?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_is_read_in_seconds_or_as_a_date_and_bounded() {
        let (pace, max) = (Duration::from_millis(250), Duration::from_secs(60));
        assert_eq!(retry_wait(Some("3"), pace, max), Duration::from_secs(3));
        assert_eq!(retry_wait(Some(" 0 "), pace, max), pace);
        assert_eq!(retry_wait(Some("86400"), pace, max), max);
        assert_eq!(retry_wait(None, pace, max), max);
        assert_eq!(retry_wait(Some("soon"), pace, max), max);
        assert_eq!(
            retry_wait(Some("Wed, 21 Oct 2015 07:28:00 GMT"), pace, max),
            pace,
            "a date in the past"
        );
        let later = (time::OffsetDateTime::now_utc() + time::Duration::seconds(30))
            .format(&time::format_description::well_known::Rfc2822)
            .unwrap();
        let wait = retry_wait(Some(&later), pace, max);
        assert!(
            wait > Duration::from_secs(25) && wait <= Duration::from_secs(30),
            "{wait:?}"
        );
    }

    #[test]
    fn only_encyclopedia_article_links_name_a_page() {
        assert_eq!(
            page_of("https://en.wikipedia.org/wiki/Queen_(band)"),
            Some((
                "https://en.wikipedia.org/api/rest_v1".into(),
                "Queen_(band)".into()
            ))
        );
        assert_eq!(
            page_of("https://en.wikipedia.org/wiki/AC/DC").unwrap().1,
            "AC%2FDC"
        );
        assert_eq!(page_of("https://example.com/wiki/Queen"), None);
        assert_eq!(
            page_of("https://en.wikipedia.org/w/index.php?title=X"),
            None
        );
        assert_eq!(page_of("http://en.wikipedia.org/wiki/X"), None);
    }
}
