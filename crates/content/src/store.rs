//! The content service: database reads behind short in-memory caches, and the
//! video service client. Cheap to clone, shared by handlers and page prefetch.
//!
//! Each list is cached for its freshness (the `*_TTL` constants below) so a page
//! render costs no query; an import made by another process (the `sound-atlas import ...`
//! subcommands) shows within that time, or at once with `refresh=true`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder};
use sound_atlas_entity::{article, new_song, top_ten_entry};
use tokio::sync::Mutex;

use crate::marketplace::Marketplace;
use crate::model::{Article, NewSong, TopTenEntry};
use crate::video::VideoService;

/// Weekly Top 10 freshness.
pub const TOP_TEN_TTL: Duration = Duration::from_secs(5 * 60);
/// New songs freshness.
pub const NEW_SONGS_TTL: Duration = Duration::from_secs(10 * 60);
/// Articles: the spec lets the client keep them; the server rereads every 5 minutes.
pub const ARTICLES_TTL: Duration = Duration::from_secs(5 * 60);
/// A forced refresh within this long of the last read reuses it (cheap flood guard).
const MIN_REFRESH_INTERVAL: Duration = Duration::from_secs(1);

/// One cached value and when it was read.
pub(crate) struct Ttl<T> {
    ttl: Duration,
    slot: Mutex<Option<(Instant, Arc<T>)>>,
}

impl<T> Ttl<T> {
    pub(crate) fn new(ttl: Duration) -> Self {
        Ttl {
            ttl,
            slot: Mutex::new(None),
        }
    }

    /// The cached value, or `load`'s when stale, absent or `refresh` is set.
    /// Holding the lock while loading makes concurrent callers share one load.
    pub(crate) async fn get<E, F, Fut>(&self, refresh: bool, load: F) -> Result<Arc<T>, E>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<T, E>>,
    {
        let mut slot = self.slot.lock().await;
        if let Some((at, value)) = slot.as_ref() {
            let limit = if refresh {
                MIN_REFRESH_INTERVAL
            } else {
                self.ttl
            };
            if at.elapsed() < limit {
                return Ok(value.clone());
            }
        }
        let value = Arc::new(load().await?);
        *slot = Some((Instant::now(), value.clone()));
        Ok(value)
    }

    pub(crate) async fn clear(&self) {
        *self.slot.lock().await = None;
    }
}

/// The content service's settings, from the environment (see [`ContentSettings::from_env`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentSettings {
    /// Brand New Songs leaves out songs released more than this many weeks ago once a
    /// newer one exists.
    pub new_songs_window_weeks: u32,
    /// The affiliate tag every marketplace link carries (none when unset).
    pub marketplace: Marketplace,
}

impl Default for ContentSettings {
    fn default() -> Self {
        ContentSettings {
            new_songs_window_weeks: sound_atlas_contract::content::NEW_SONGS_WINDOW_WEEKS,
            marketplace: Marketplace::default(),
        }
    }
}

impl ContentSettings {
    /// `SOUND_ATLAS_NEW_SONGS_WINDOW_WEEKS` (a positive number of weeks, default 8) and
    /// `SOUND_ATLAS_AFFILIATE_TAG` (unset: no tag).
    pub fn from_env() -> Result<Self, String> {
        let name = "SOUND_ATLAS_NEW_SONGS_WINDOW_WEEKS";
        let new_songs_window_weeks = match std::env::var(name).ok().filter(|v| !v.trim().is_empty())
        {
            None => ContentSettings::default().new_songs_window_weeks,
            Some(v) => v
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=520).contains(n))
                .ok_or_else(|| format!("{name}: expected a number of weeks from 1 to 520"))?,
        };
        Ok(ContentSettings {
            new_songs_window_weeks,
            marketplace: Marketplace::from_env()?,
        })
    }
}

struct Inner {
    db: DatabaseConnection,
    settings: ContentSettings,
    top_ten: Ttl<Vec<TopTenEntry>>,
    new_songs: Ttl<Vec<NewSong>>,
    articles: Ttl<Vec<Article>>,
    videos: VideoService,
}

/// The editorial content service.
#[derive(Clone)]
pub struct Content(Arc<Inner>);

impl Content {
    pub fn new(db: DatabaseConnection, videos: VideoService, settings: ContentSettings) -> Self {
        Content(Arc::new(Inner {
            db,
            settings,
            top_ten: Ttl::new(TOP_TEN_TTL),
            new_songs: Ttl::new(NEW_SONGS_TTL),
            articles: Ttl::new(ARTICLES_TTL),
            videos,
        }))
    }

    pub fn db(&self) -> &DatabaseConnection {
        &self.0.db
    }

    pub fn videos(&self) -> &VideoService {
        &self.0.videos
    }

    pub fn settings(&self) -> &ContentSettings {
        &self.0.settings
    }

    /// Every week's places: newest week first, each by rank (a week is ten rows, so
    /// years of history stay a small list).
    pub async fn top_ten(&self, refresh: bool) -> Result<Arc<Vec<TopTenEntry>>, sea_orm::DbErr> {
        self.0
            .top_ten
            .get(refresh, || async {
                Ok(top_ten_entry::Entity::find()
                    .order_by_desc(top_ten_entry::Column::WeekOf)
                    .order_by_asc(top_ten_entry::Column::Rank)
                    .all(&self.0.db)
                    .await?
                    .into_iter()
                    .map(|row| crate::model::top_ten_from_row(row, &self.0.settings.marketplace))
                    .collect())
            })
            .await
    }

    /// New songs, newest release first (undated last), then latest added.
    pub async fn new_songs(&self, refresh: bool) -> Result<Arc<Vec<NewSong>>, sea_orm::DbErr> {
        self.0
            .new_songs
            .get(refresh, || async {
                let mut songs: Vec<NewSong> = new_song::Entity::find()
                    .all(&self.0.db)
                    .await?
                    .into_iter()
                    .map(|row| crate::model::new_song_from_row(row, &self.0.settings.marketplace))
                    .collect();
                songs.sort_by(|a, b| b.release_date.cmp(&a.release_date).then(b.id.cmp(&a.id)));
                Ok(songs)
            })
            .await
    }

    /// Articles, newest first.
    pub async fn articles(&self, refresh: bool) -> Result<Arc<Vec<Article>>, sea_orm::DbErr> {
        self.0
            .articles
            .get(refresh, || async {
                Ok(article::Entity::find()
                    .order_by_desc(article::Column::Date)
                    .order_by_desc(article::Column::Id)
                    .all(&self.0.db)
                    .await?
                    .into_iter()
                    .map(|row| crate::model::article_from_row(row, &self.0.settings.marketplace))
                    .collect())
            })
            .await
    }

    /// Forgets every cached list (after an import in this process).
    pub async fn invalidate(&self) {
        self.0.top_ten.clear().await;
        self.0.new_songs.clear().await;
        self.0.articles.clear().await;
    }
}
