//! The crawler files' (robots.txt, the sitemaps) state: when this server first served
//! each with its current content (their `Last-Modified`), and the sitemaps as built.
//! Held in the app's state, read by the pages that answer those files.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime};

use sha2::Digest;
use sound_atlas_catalog::store::Snapshot;
use sound_atlas_content::Article;

use crate::encoding::Encoded;

/// When this server first served each crawler file with its current content (to the
/// second, as `Last-Modified` says it): the content's entity tag and that time, by path.
#[derive(Clone, Default)]
pub struct CrawlerFileTimes(Arc<Mutex<HashMap<String, (String, SystemTime)>>>);

impl CrawlerFileTimes {
    /// The file's `Last-Modified` for content `tag`: kept while the tag is, now when new.
    pub fn modified(&self, path: &str, tag: &str) -> SystemTime {
        let mut files = self
            .0
            .lock()
            .expect("the crawler file times are never poisoned");
        match files.get(path) {
            Some((known, since)) if known == tag => *since,
            _ => {
                let seconds = SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .unwrap_or_default()
                    .as_secs();
                let now = SystemTime::UNIX_EPOCH + Duration::from_secs(seconds);
                files.insert(path.to_owned(), (tag.to_owned(), now));
                now
            }
        }
    }
}

/// The sitemaps as built, by path: each is built once per change of the data it lists
/// and kept compressed (a 50,000-URL file is megabytes of XML and tens of milliseconds
/// to write, and crawlers poll it), with the count of builds since the start.
#[derive(Clone, Default)]
pub struct BuiltSitemaps {
    files: Arc<Mutex<HashMap<String, Arc<BuiltFile>>>>,
    builds: Arc<AtomicU64>,
}

impl BuiltSitemaps {
    /// The file at `path` if it was built from `from`, the data in use now.
    pub fn get(&self, path: &str, from: &Sources) -> Option<Arc<BuiltFile>> {
        let files = self
            .files
            .lock()
            .expect("the built sitemaps are never poisoned");
        files
            .get(path)
            .filter(|file| file.from.same_as(from))
            .cloned()
    }

    /// Keeps `file`, just built, for `path`.
    pub fn keep(&self, path: String, file: Arc<BuiltFile>) {
        self.builds.fetch_add(1, Ordering::Relaxed);
        let mut files = self
            .files
            .lock()
            .expect("the built sitemaps are never poisoned");
        files.insert(path, file);
    }

    /// Sitemap files built since the start.
    pub fn builds(&self) -> u64 {
        self.builds.load(Ordering::Relaxed)
    }
}

/// A crawler file's body, compressed once, with its entity tag (a digest of the body)
/// and the data it was made from.
pub struct BuiltFile {
    pub body: Encoded,
    pub tag: String,
    pub from: Sources,
}

impl BuiltFile {
    pub fn new(text: String, from: Sources) -> BuiltFile {
        BuiltFile {
            tag: format!("W/\"{:x}\"", sha2::Sha256::digest(text.as_bytes())),
            body: Encoded::kept(text),
            from,
        }
    }
}

/// The data a crawler file lists, by generation: the catalogue snapshot and the article
/// list in use when it was built (each an `Arc` replaced, never changed in place, when
/// its data is read again; a weak pointer keeps its address from being reused without
/// keeping the data).
#[derive(Clone, Default)]
pub struct Sources {
    pub catalogue: Option<Weak<Snapshot>>,
    pub articles: Option<Weak<Vec<Article>>>,
}

impl Sources {
    fn same_as(&self, now: &Sources) -> bool {
        fn same<T>(a: &Option<Weak<T>>, b: &Option<Weak<T>>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => Weak::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        same(&self.catalogue, &now.catalogue) && same(&self.articles, &now.articles)
    }
}
