//! Enrichment from the encyclopedia's page-summary endpoint
//! (`/api/rest_v1/page/summary/{title}`) for each artist's bioSourceLink: the lead
//! image (original and thumbnail, marked as a wiki source) and, only where the
//! artist has no biography, the summary. One request at a time, paced, with a
//! User-Agent naming the site, as the encyclopedia's API etiquette asks.

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
    pub timeout: Duration,
    /// Enrich at most this many artists.
    pub limit: Option<usize>,
}

impl Default for WikiConfig {
    fn default() -> Self {
        WikiConfig {
            api_base: None,
            pace: Duration::from_millis(250),
            timeout: Duration::from_secs(15),
            limit: None,
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
    for (n, target) in targets.iter().enumerate() {
        progress.tick(n + 1);
        if n > 0 {
            tokio::time::sleep(config.pace).await;
        }
        let at = format!("artist {} ({})", target.id, target.title);
        let Some((derived_base, title)) = page_of(&target.bio_source_link) else {
            report.skip(at, "bioSourceLink is not an encyclopedia article");
            continue;
        };
        let base = config.api_base.clone().unwrap_or(derived_base);
        // The title is already percent-encoded as it appears in the article URL.
        let url = format!("{}/page/summary/{title}", base.trim_end_matches('/'));
        let summary: Summary = match async {
            client
                .get(&url)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await
        }
        .await
        {
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
