//! Biographies from the encyclopedia's page-summary endpoint
//! (`/api/rest_v1/page/summary/{title}`) for artists that have none, from each one's
//! bioSourceLink. No images: a summary names no author or licence, and the site shows
//! no photo without the credit its licence asks for (photos come from Commons, in
//! `enrich`). Paced and retried by the polite client; an artist whose request fails
//! or takes longer than `timeout` is skipped (and reported) while the rest go on.
//!
//! A link may name a redirect (an old or alternative title): titles are first resolved
//! to the article they lead to with the action API (`action=query&redirects=1`, 50 a
//! request), and the summary asked of that article. A redirect to a section of another
//! article (a member's name leading to the band's page) is not the artist's own
//! article: that artist is skipped and reported, never given another page's summary.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use sea_orm::{DatabaseConnection, TransactionTrait};
use serde::Deserialize;
use sound_atlas_catalog::enrichment;

use sound_atlas_catalog::write::Source;
use sound_atlas_import::polite::{Polite, Politeness};
use sound_atlas_import::{ImportError, Progress, Report};

#[derive(Debug, Clone)]
pub struct WikiConfig {
    /// Base of the summary API, e.g. `https://en.wikipedia.org/api/rest_v1`.
    /// `None`: derived from each bioSourceLink's host.
    pub api_base: Option<String>,
    /// The encyclopedia's action API, which resolves redirects, e.g.
    /// `https://en.wikipedia.org/w/api.php`. `None`: derived from each link's host.
    pub action_api: Option<String>,
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
            action_api: None,
            pace: Duration::from_millis(250),
            timeout: Duration::from_secs(15),
            limit: None,
            retries: 2,
            max_retry_wait: Duration::from_secs(60),
        }
    }
}

/// The summary endpoint's answer: `type` is "standard" for an article, else
/// "disambiguation", "mainpage" or "no-extract".
#[derive(Deserialize)]
struct Summary {
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    extract: String,
}

/// The encyclopedia page a bioSourceLink names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Base of the encyclopedia's summary API (`https://en.wikipedia.org/api/rest_v1`).
    pub rest_api: String,
    /// Its action API (`https://en.wikipedia.org/w/api.php`).
    pub action_api: String,
    /// As the link has it (percent-encoded, underscores for spaces).
    pub link_title: String,
}

impl Page {
    /// The title as the APIs name the page ("Queen (band)").
    pub fn title(&self) -> String {
        super::enrich::wikidata::title_of(&self.link_title)
    }
}

/// The page a bioSourceLink names, when it is an encyclopedia article.
pub fn page_of(link: &str) -> Option<Page> {
    let url = url::Url::parse(link).ok()?;
    let host = url.host_str()?;
    if url.scheme() != "https" || !host.ends_with(".wikipedia.org") {
        return None;
    }
    let title = url.path().strip_prefix("/wiki/")?;
    if title.is_empty() {
        return None;
    }
    Some(Page {
        rest_api: format!("https://{host}/api/rest_v1"),
        action_api: format!("https://{host}/w/api.php"),
        link_title: title.to_owned(),
    })
}

/// Where a title leads.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Resolved {
    /// An article: the title itself, or the article it redirects to.
    Article(String),
    /// A redirect to a section of another article, or to another wiki: not an article
    /// of its own.
    Elsewhere { target: String },
}

impl Resolved {
    /// The article, or why there is none (for a report).
    fn article(self, title: &str) -> Result<String, String> {
        match self {
            Resolved::Article(article) => Ok(article),
            Resolved::Elsewhere { target } => Err(format!(
                "the page {title:?} redirects to {target:?}, not to an article of its own"
            )),
        }
    }
}

/// The answer of `action=query&redirects=1` (`formatversion=2`): how each title was
/// written in its normal form, and where each redirect leads.
#[derive(Debug, Default, Deserialize)]
struct QueryAnswer {
    #[serde(default)]
    query: QueryPart,
}

#[derive(Debug, Default, Deserialize)]
struct QueryPart {
    #[serde(default)]
    normalized: Vec<TitleMove>,
    #[serde(default)]
    redirects: Vec<TitleMove>,
}

#[derive(Debug, Deserialize)]
struct TitleMove {
    from: String,
    to: String,
    /// The section a redirect leads to.
    tofragment: Option<String>,
    /// The other wiki a redirect leads to.
    tointerwiki: Option<String>,
}

/// Most titles the action API takes in one request.
const TITLES_PER_REQUEST: usize = 50;

/// Where each of `titles` leads on the encyclopedia whose action API is `action_api`
/// (one request per 50 titles), by title. A title that is no redirect (or names no
/// page) leads to itself.
async fn resolve(
    polite: &Polite,
    action_api: &str,
    titles: &[String],
) -> Result<HashMap<String, Resolved>, sound_atlas_import::polite::AskError> {
    let mut resolved = HashMap::with_capacity(titles.len());
    for chunk in titles.chunks(TITLES_PER_REQUEST) {
        let joined = chunk.join("|");
        let answer: QueryAnswer = polite
            .get_json(
                action_api,
                &[
                    ("action", "query"),
                    ("format", "json"),
                    ("formatversion", "2"),
                    ("redirects", "1"),
                    ("titles", &joined),
                ],
            )
            .await?;
        let normalized: HashMap<&str, &str> = answer
            .query
            .normalized
            .iter()
            .map(|m| (m.from.as_str(), m.to.as_str()))
            .collect();
        let redirects: HashMap<&str, &TitleMove> = answer
            .query
            .redirects
            .iter()
            .map(|m| (m.from.as_str(), m))
            .collect();
        for title in chunk {
            let normal = normalized.get(title.as_str()).copied().unwrap_or(title);
            let leads_to = match redirects.get(normal) {
                None => Resolved::Article(normal.to_owned()),
                Some(TitleMove {
                    to,
                    tofragment: None,
                    tointerwiki: None,
                    ..
                }) => Resolved::Article(to.clone()),
                Some(m) => Resolved::Elsewhere {
                    target: match (&m.tointerwiki, &m.tofragment) {
                        (Some(wiki), _) => format!("{wiki}:{}", m.to),
                        (None, Some(section)) => format!("{}#{section}", m.to),
                        (None, None) => m.to.clone(),
                    },
                },
            };
            resolved.insert(title.clone(), leads_to);
        }
    }
    Ok(resolved)
}

/// The encyclopedia article each target's bioSourceLink leads to, with the page the
/// link names: the titles resolved on their encyclopedia (`action_api` when given, else
/// each link's own), one request per encyclopedia and 50 titles. Targets without one
/// (not an encyclopedia link, a redirect to a section, an encyclopedia that did not
/// answer) are reported as skipped and left out.
pub async fn articles<'t>(
    polite: &Polite,
    action_api: Option<&str>,
    targets: &'t [enrichment::Target],
    report: &mut Report,
) -> Vec<(&'t enrichment::Target, Page, String)> {
    let at = |t: &enrichment::Target| format!("artist {} ({})", t.id, t.title);
    let mut paged = Vec::with_capacity(targets.len());
    for target in targets {
        match page_of(&target.bio_source_link) {
            Some(page) => paged.push((target, page)),
            None => report.skip(at(target), "bioSourceLink is not an encyclopedia article"),
        }
    }
    let api_of = |page: &Page| action_api.unwrap_or(&page.action_api).to_owned();
    let mut by_api: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (_, page) in &paged {
        by_api.entry(api_of(page)).or_default().push(page.title());
    }
    let mut answers = HashMap::new();
    for (api, titles) in by_api {
        let answer = resolve(polite, &api, &titles)
            .await
            .map_err(|err| format!("the encyclopedia: {err}"));
        answers.insert(api, answer);
    }
    let mut found = Vec::with_capacity(paged.len());
    for (target, page) in paged {
        let title = page.title();
        let article = match &answers[&api_of(&page)] {
            Ok(resolved) => resolved[&title].clone().article(&title),
            Err(why) => Err(why.clone()),
        };
        match article {
            Ok(article) => found.push((target, page, article)),
            Err(why) => report.skip(at(target), why),
        }
    }
    found
}

/// The summary endpoint of the article `title` ("AC/DC": its '/' encoded, spaces as
/// underscores, as the encyclopedia's own links write them).
fn summary_url(base: &str, title: &str) -> Option<url::Url> {
    let mut url = url::Url::parse(base).ok()?;
    url.path_segments_mut().ok()?.pop_if_empty().extend([
        "page",
        "summary",
        &title.replace(' ', "_"),
    ]);
    Some(url)
}

/// Asks the encyclopedia for a summary of every artist without a biography and sets
/// them, one transaction per request of titles (so an interrupted run keeps what it
/// did, and a catalogue being served sees biographies arrive a batch at a time).
pub async fn fill_biographies(
    db: &DatabaseConnection,
    config: &WikiConfig,
) -> Result<Report, ImportError> {
    let polite = Polite::new(
        "encyclopedia",
        Politeness {
            pace: config.pace,
            timeout: config.timeout,
            retries: config.retries,
            max_retry_wait: config.max_retry_wait,
        },
    )?;
    fill_biographies_with(db, config, &polite, &Default::default()).await
}

/// [`fill_biographies`] beside other work: through `polite`, a client whose pace that
/// work shares, and writing while holding `writing`, which that work holds for its own
/// writes (SQLite cannot make a transaction that read first write after another
/// connection's commit, so writers of one process take turns).
pub async fn fill_biographies_with(
    db: &DatabaseConnection,
    config: &WikiConfig,
    polite: &Polite,
    writing: &tokio::sync::Mutex<()>,
) -> Result<Report, ImportError> {
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
    let at = |t: &enrichment::Target| format!("artist {} ({})", t.id, t.title);
    let mut done = 0;
    for chunk in targets.chunks(TITLES_PER_REQUEST) {
        let found = articles(polite, config.action_api.as_deref(), chunk, &mut report).await;
        let mut summaries = Vec::with_capacity(found.len());
        for (target, page, article) in found {
            let base = config.api_base.clone().unwrap_or(page.rest_api);
            let Some(url) = summary_url(&base, &article) else {
                report.skip(at(target), format!("no summary address under {base:?}"));
                continue;
            };
            let summary: Summary = match polite.get_json(url.as_str(), &[]).await {
                Ok(summary) => summary,
                Err(err) => {
                    report.skip(at(target), format!("the encyclopedia: {err}"));
                    continue;
                }
            };
            if summary.kind != "standard" {
                report.skip(
                    at(target),
                    format!(
                        "the encyclopedia's page is no article (its summary is of type {:?})",
                        summary.kind
                    ),
                );
                continue;
            }
            summaries.push((target, summary.extract.trim().to_owned()));
        }
        let _writing = writing.lock().await;
        let txn = db.begin().await?;
        let now = sound_atlas_catalog::write::now_unix();
        for (target, biography) in summaries {
            if enrichment::fill_bio(&txn, target.id, biography, Source::Wikipedia, now).await? {
                report.updated += 1;
            } else {
                report.unchanged += 1;
            }
        }
        txn.commit().await?;
        done += chunk.len();
        progress.tick(done);
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
            Some(Page {
                rest_api: "https://en.wikipedia.org/api/rest_v1".into(),
                action_api: "https://en.wikipedia.org/w/api.php".into(),
                link_title: "Queen_(band)".into(),
            })
        );
        assert_eq!(
            page_of("https://en.wikipedia.org/wiki/AC/DC")
                .unwrap()
                .title(),
            "AC/DC"
        );
        assert_eq!(page_of("https://example.com/wiki/Queen"), None);
        assert_eq!(
            page_of("https://en.wikipedia.org/w/index.php?title=X"),
            None
        );
        assert_eq!(page_of("http://en.wikipedia.org/wiki/X"), None);
    }

    #[test]
    fn a_summary_is_asked_of_the_article_with_its_slashes_encoded() {
        let url = summary_url("https://en.wikipedia.org/api/rest_v1", "AC/DC").unwrap();
        assert_eq!(
            url.as_str(),
            "https://en.wikipedia.org/api/rest_v1/page/summary/AC%2FDC"
        );
        let url = summary_url("http://127.0.0.1:9/", "Queen (band)").unwrap();
        assert_eq!(url.as_str(), "http://127.0.0.1:9/page/summary/Queen_(band)");
    }
}
