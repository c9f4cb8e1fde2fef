//! When this server first served each crawler file (robots.txt, the sitemaps) with its
//! current content: their `Last-Modified`. Held in the app's state, read by the pages
//! that answer those files.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

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
