//! Catalogue reads: the `artists` table, served from an in-memory snapshot.
//!
//! The catalogue is small and read on every page (prev/next needs the position in
//! the full sorted list, search ranks over every title), so each server keeps the
//! whole sorted list in memory and rereads the table when the snapshot is older
//! than the artist list's freshness (5 minutes) or when asked to
//! (`refresh=true`). Several servers on one PostgreSQL database therefore agree
//! within 5 minutes of an edit.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::TryStreamExt;
use sea_orm::{DatabaseConnection, EntityTrait};
use sound_atlas_entity::artist;
use tokio::sync::Mutex;

use crate::genres::GenreIndex;
use crate::model::{artist_from_row, Artist, ArtistSummary, Letter};
use crate::search::SearchIndex;

/// How long a snapshot serves before the table is read again.
pub const SNAPSHOT_TTL: Duration = Duration::from_secs(5 * 60);
/// A forced refresh (`?refresh=true`, which anyone can send) within this long of the
/// last read reuses it, so the flag cannot keep the database busy: concurrent
/// refreshes wait on the one lock and share one read, later ones within the interval
/// get that read too. At 100,000 artists a read costs a few hundred milliseconds.
pub const MIN_REFRESH_INTERVAL: Duration = Duration::from_secs(10);

/// All artists, sorted by title case-insensitively, with lookup and search indexes
/// (so that no read walks the whole list: reads stay fast at 100,000 artists).
#[derive(Debug)]
pub struct Snapshot {
    pub artists: Vec<Artist>,
    position_by_id: HashMap<i32, usize>,
    pub search: SearchIndex,
    /// Positions of each browse letter's artists, in list order.
    by_letter: HashMap<Letter, Vec<u32>>,
    /// Positions of each genre's artists, in list order (for related artists).
    by_genre: HashMap<String, Vec<u32>>,
    /// Every genre with its page's slug and artist count.
    genres: GenreIndex,
    /// When each artist's row last changed (unix seconds), where known: for sitemaps.
    updated_at: HashMap<i32, i64>,
}

impl Snapshot {
    pub fn new(mut artists: Vec<Artist>) -> Self {
        artists.sort_by_cached_key(|a| (a.title.to_lowercase(), a.id));
        let position_by_id = artists.iter().enumerate().map(|(i, a)| (a.id, i)).collect();
        let mut by_letter: HashMap<Letter, Vec<u32>> = HashMap::new();
        let mut by_genre: HashMap<String, Vec<u32>> = HashMap::new();
        for (i, artist) in artists.iter().enumerate() {
            by_letter.entry(artist.letter()).or_default().push(i as u32);
            for genre in &artist.genres {
                let positions = by_genre.entry(genre.clone()).or_default();
                // A genre listed twice for one artist counts once.
                if positions.last() != Some(&(i as u32)) {
                    positions.push(i as u32);
                }
            }
        }
        let genres = GenreIndex::new(by_genre.iter().map(|(name, at)| (name.as_str(), at.len())));
        Snapshot {
            search: SearchIndex::new(&artists),
            genres,
            artists,
            position_by_id,
            by_letter,
            by_genre,
            updated_at: HashMap::new(),
        }
    }

    /// Positions of the artists under `letter`, in list order.
    pub fn under_letter(&self, letter: Letter) -> &[u32] {
        self.by_letter.get(&letter).map_or(&[], Vec::as_slice)
    }

    /// Positions of the artists that list `genre`, in list order.
    pub fn with_genre(&self, genre: &str) -> &[u32] {
        self.by_genre.get(genre).map_or(&[], Vec::as_slice)
    }

    /// Every genre with its page's slug and artist count.
    pub fn genres(&self) -> &GenreIndex {
        &self.genres
    }

    /// Reads the table row by row (streamed, so that a large catalogue is never held
    /// twice, as rows and as artists: at 100,000 artists that was 300 MB more at peak).
    async fn read(db: &DatabaseConnection) -> Result<Self, sea_orm::DbErr> {
        let mut rows = artist::Entity::find().stream(db).await?;
        let mut artists = Vec::new();
        let mut updated_at = HashMap::new();
        while let Some(row) = rows.try_next().await? {
            if let Some(at) = row.updated_at {
                updated_at.insert(row.id, at);
            }
            artists.push(artist_from_row(row));
        }
        let snapshot = Snapshot {
            updated_at,
            ..Snapshot::new(artists)
        };
        release_free_memory();
        Ok(snapshot)
    }

    /// When the artist's row last changed (unix seconds), if known.
    pub fn updated_at(&self, id: i32) -> Option<i64> {
        self.updated_at.get(&id).copied()
    }

    /// 0-based position in the sorted list.
    pub fn position(&self, id: i32) -> Option<usize> {
        self.position_by_id.get(&id).copied()
    }

    pub fn get(&self, id: i32) -> Option<&Artist> {
        self.position(id).map(|i| &self.artists[i])
    }

    /// The card of the artist at `position` in the sorted list (what every list shows).
    pub fn summary(&self, position: u32) -> ArtistSummary {
        self.artists[position as usize].summary()
    }
}

/// The snapshot in use and when it was read.
type Cached = Option<(Instant, Arc<Snapshot>)>;

/// The catalogue service: cheap to clone, shared by handlers.
#[derive(Clone)]
pub struct Catalog {
    db: DatabaseConnection,
    cache: Arc<Mutex<Cached>>,
}

impl Catalog {
    pub fn new(db: DatabaseConnection) -> Self {
        Catalog {
            db,
            cache: Arc::new(Mutex::new(None)),
        }
    }

    /// The database, for reads the snapshot does not hold (an artist's page details).
    pub(crate) fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    /// Forgets the snapshot, so the next read rereads the table (another process, e.g.
    /// an import, changed it; the change notifications between instances call this).
    pub async fn invalidate(&self) {
        *self.cache.lock().await = None;
    }

    /// The current snapshot; rereads the table when stale or when `refresh` is set.
    pub async fn snapshot(&self, refresh: bool) -> Result<Arc<Snapshot>, sea_orm::DbErr> {
        // Holding the lock while reading makes concurrent requests share one read.
        let mut cache = self.cache.lock().await;
        if let Some((loaded_at, snapshot)) = cache.as_ref() {
            let age = loaded_at.elapsed();
            let fresh = if refresh {
                age < MIN_REFRESH_INTERVAL
            } else {
                age < SNAPSHOT_TTL
            };
            if fresh {
                return Ok(snapshot.clone());
            }
        }
        let snapshot = Arc::new(Snapshot::read(&self.db).await?);
        *cache = Some((Instant::now(), snapshot.clone()));
        Ok(snapshot)
    }
}

/// Hands the memory freed while reading a snapshot (the driver's row buffers, the
/// previous snapshot's transient copies) back to the system. glibc keeps freed memory
/// in each thread's arena for reuse; after reading 100,000 rows on the async threads
/// that was ~30 MB of resident memory nothing would reuse soon.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}
