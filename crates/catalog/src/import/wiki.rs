//! Biographies from the encyclopedia's page-summary endpoint
//! (`/api/rest_v1/page/summary/{title}`) for artists that have none, from each one's
//! bioSourceLink. No images: a summary names no author or licence, and the site shows
//! no photo without the credit its licence asks for (photos come from Commons, in
//! `enrich`). Paced and retried by the polite client; an artist whose request fails
//! or takes longer than `timeout` is skipped (and reported) while the rest go on.

use std::time::Duration;

use crate::enrichment;
use sea_orm::{DatabaseConnection, TransactionTrait};
use serde::Deserialize;

use sound_atlas_import::polite::{Polite, Politeness};
use sound_atlas_import::{ImportError, Progress, Report};

/// The source recorded for biographies read here.
pub const SOURCE: &str = "wikipedia";

#[derive(Debug, Clone)]
pub struct WikiConfig {
    /// Base of the summary API, e.g. `https://en.wikipedia.org/api/rest_v1`.
    /// `None`: derived from each bioSourceLink's host.
    pub api_base: Option<String>,
    /// Pause between requests.
    pub pace: Duration,
    /// How long one request may take; past it the artist is skipped and the next asked.
    pub timeout: Duration,
    /// Ask about at most this many artists.
    pub limit: Option<usize>,
    /// After a 429 the request is retried at most this many times ...
    pub retries: u32,
    /// ... each after the answer's `Retry-After`, never waiting longer than this.
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

#[derive(Deserialize)]
struct Summary {
    #[serde(default)]
    extract: String,
}

/// The (API base, page title) a bioSourceLink names, when it is an encyclopedia article.
/// The title is as the link has it (percent-encoded, underscores for spaces).
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
    Some((format!("https://{host}/api/rest_v1"), title.to_owned()))
}

/// Asks the encyclopedia for a summary of every artist without a biography and sets
/// it, each artist as it is read (so an interrupted run keeps what it did).
pub async fn fill_biographies(
    db: &DatabaseConnection,
    config: &WikiConfig,
) -> Result<Report, ImportError> {
    let mut polite = Polite::new(
        "encyclopedia",
        Politeness {
            pace: config.pace,
            timeout: config.timeout,
            retries: config.retries,
            max_retry_wait: config.max_retry_wait,
        },
    )?;
    let mut report = Report::new("Biographies filled");
    let mut targets: Vec<_> = enrichment::targets(db, None)
        .await?
        .into_iter()
        .filter(|t| !t.has_bio)
        .collect();
    if let Some(limit) = config.limit {
        targets.truncate(limit);
    }
    let progress = Progress::new("Asking the encyclopedia", targets.len());
    for (n, target) in targets.iter().enumerate() {
        progress.tick(n + 1);
        let at = format!("artist {} ({})", target.id, target.title);
        let Some((derived_base, title)) = page_of(&target.bio_source_link) else {
            report.skip(at, "bioSourceLink is not an encyclopedia article");
            continue;
        };
        let base = config.api_base.clone().unwrap_or(derived_base);
        // A title may hold '/' ("AC/DC"); the summary endpoint wants it encoded.
        let url = format!(
            "{}/page/summary/{}",
            base.trim_end_matches('/'),
            title.replace('/', "%2F")
        );
        let summary: Summary = match polite.get_json(&url, &[]).await {
            Ok(summary) => summary,
            Err(err) => {
                report.skip(at, format!("the encyclopedia: {err}"));
                continue;
            }
        };
        let txn = db.begin().await?;
        let filled = enrichment::fill_bio(
            &txn,
            target.id,
            summary.extract.trim().to_owned(),
            SOURCE,
            crate::write::now_unix(),
        )
        .await?;
        txn.commit().await?;
        if filled {
            report.updated += 1;
        } else {
            report.unchanged += 1;
        }
    }
    progress.finish();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "AC/DC"
        );
        assert_eq!(page_of("https://example.com/wiki/Queen"), None);
        assert_eq!(
            page_of("https://en.wikipedia.org/w/index.php?title=X"),
            None
        );
        assert_eq!(page_of("http://en.wikipedia.org/wiki/X"), None);
    }
}
