//! The video service client: a channel's latest uploads with statistics and
//! durations, from the public Data API (v3).
//!
//! Every answer is cached per channel for the artist-channel freshness (30 minutes)
//! and kept in the `channel_videos` table, so when the API key is
//! missing, or the service fails or is slow, the last stored videos are served
//! instead (for a short while, so a failing service is not asked on every request).
//! A reader waits at most [`VideoConfig::wait`] for the service; past that it gets the
//! stale or stored videos while the one fetch per channel finishes in the background.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::{BoxFuture, FutureExt, Shared};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};
use serde::Deserialize;
use sound_atlas_entity::channel_video;
use tokio::sync::Mutex;

use crate::model::{ChannelRef, ChannelVideo, VideoId};

/// Freshness of a channel's videos fetched from the service.
pub const CHANNEL_TTL: Duration = Duration::from_secs(30 * 60);
/// How long stored videos stand in after a failure before the service is asked again.
pub const FALLBACK_TTL: Duration = Duration::from_secs(60);
/// Videos asked for per channel.
pub const MAX_VIDEOS: usize = 12;
/// The key under which the product's own channel is stored.
pub const SITE_CHANNEL_KEY: &str = "site";
/// Most channels kept in memory at once (each is at most `MAX_VIDEOS` videos).
const MAX_CACHED_CHANNELS: usize = 1024;

/// Settings, from the environment (see [`VideoConfig::from_env`]).
#[derive(Clone)]
pub struct VideoConfig {
    /// `SOUND_ATLAS_YOUTUBE_API_KEY`; without it only stored videos are served.
    pub api_key: Option<String>,
    /// `SOUND_ATLAS_YOUTUBE_API_URL`, default the public Data API v3.
    pub base_url: String,
    /// `SOUND_ATLAS_YOUTUBE_CHANNEL`: the product's channel (a handle like "@name",
    /// a "UC..." id, or its URL).
    pub site_channel: Option<ChannelRef>,
    /// The whole fetch of one channel (three calls) must finish within this.
    pub timeout: Duration,
    /// How long a reader (a page's prefetch, an API call) waits for a fetch before it
    /// answers from what is stored; the fetch goes on, up to `timeout`, and fills the
    /// cache for the next reader. A slow service thus never holds a page up for long.
    pub wait: Duration,
}

/// Says whether an API key is set, never the key.
impl std::fmt::Debug for VideoConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VideoConfig")
            .field("api_key", &self.api_key.as_ref().map(|_| "(set)"))
            .field("base_url", &self.base_url)
            .field("site_channel", &self.site_channel)
            .field("timeout", &self.timeout)
            .field("wait", &self.wait)
            .finish()
    }
}

impl Default for VideoConfig {
    fn default() -> Self {
        VideoConfig {
            api_key: None,
            base_url: "https://www.googleapis.com/youtube/v3".into(),
            site_channel: None,
            timeout: Duration::from_secs(6),
            wait: Duration::from_millis(400),
        }
    }
}

impl VideoConfig {
    pub fn from_env() -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let mut config = VideoConfig {
            api_key: var("SOUND_ATLAS_YOUTUBE_API_KEY"),
            ..VideoConfig::default()
        };
        if let Some(url) = var("SOUND_ATLAS_YOUTUBE_API_URL") {
            config.base_url = url.trim_end_matches('/').to_owned();
        }
        if let Some(channel) = var("SOUND_ATLAS_YOUTUBE_CHANNEL") {
            config.site_channel = Some(ChannelRef::parse(&channel).ok_or_else(|| {
                format!("SOUND_ATLAS_YOUTUBE_CHANNEL: {channel:?} names no channel")
            })?);
        }
        Ok(config)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("the video service did not answer within {0:?}")]
    Timeout(Duration),
    /// Without its URL, which carries the API key (`key=`): errors are logged.
    #[error("the video service: {0}")]
    Http(reqwest::Error),
    #[error("the video service knows no such channel")]
    NoSuchChannel,
    #[error("no API key is configured")]
    NoKey,
}

impl From<reqwest::Error> for FetchError {
    fn from(err: reqwest::Error) -> Self {
        FetchError::Http(err.without_url())
    }
}

struct Entry {
    at: Instant,
    ttl: Duration,
    videos: Arc<Vec<ChannelVideo>>,
}

/// The client and its cache. Cheap to clone.
#[derive(Clone)]
pub struct VideoService(Arc<Inner>);

struct Inner {
    config: VideoConfig,
    http: reqwest::Client,
    cache: Mutex<HashMap<String, Entry>>,
    /// Fetches under way, one per channel: later readers join one instead of asking
    /// the service again. `None` is a fetch that could not even fall back (database).
    fetching: std::sync::Mutex<HashMap<String, Fetching>>,
}

type Fetching = Shared<BoxFuture<'static, Option<Arc<Vec<ChannelVideo>>>>>;

impl VideoService {
    pub fn new(config: VideoConfig) -> Self {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(3)))
            .user_agent(concat!("SoundAtlas/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect("a TLS-capable HTTP client builds");
        VideoService(Arc::new(Inner {
            config,
            http,
            cache: Mutex::new(HashMap::new()),
            fetching: std::sync::Mutex::new(HashMap::new()),
        }))
    }

    pub fn config(&self) -> &VideoConfig {
        &self.0.config
    }

    /// The product's own channel: fetched when configured, else what is stored.
    pub async fn site_videos(
        &self,
        db: &DatabaseConnection,
    ) -> Result<Arc<Vec<ChannelVideo>>, sea_orm::DbErr> {
        let channel = self.0.config.site_channel.clone();
        self.videos(db, channel.as_ref(), SITE_CHANNEL_KEY).await
    }

    /// An artist's channel (or single video) named by its soloVideoLink.
    pub async fn channel_videos(
        &self,
        db: &DatabaseConnection,
        channel: &ChannelRef,
    ) -> Result<Arc<Vec<ChannelVideo>>, sea_orm::DbErr> {
        self.videos(db, Some(channel), &channel.key()).await
    }

    async fn videos(
        &self,
        db: &DatabaseConnection,
        channel: Option<&ChannelRef>,
        key: &str,
    ) -> Result<Arc<Vec<ChannelVideo>>, sea_orm::DbErr> {
        let stale = match self.0.cache.lock().await.get(key) {
            Some(entry) if entry.at.elapsed() < entry.ttl => return Ok(entry.videos.clone()),
            Some(entry) => Some(entry.videos.clone()),
            None => None,
        };
        let Some(channel) = channel.filter(|_| self.0.config.api_key.is_some()) else {
            // Nothing to ask: what is stored, read directly.
            return self.refresh(db, channel, key).await;
        };
        let fetching = self.fetching(db, channel, key);
        if let Ok(Some(videos)) = tokio::time::timeout(self.0.config.wait, fetching).await {
            return Ok(videos);
        }
        match stale {
            Some(videos) => Ok(videos),
            None => Ok(Arc::new(fallback(db, Some(channel), key).await?)),
        }
    }

    /// The fetch of `key` under way, or a new one, spawned so that it finishes (and
    /// fills the cache) however soon its first reader stops waiting.
    fn fetching(&self, db: &DatabaseConnection, channel: &ChannelRef, key: &str) -> Fetching {
        let mut fetching = self.0.fetching.lock().expect("video fetches lock");
        if let Some(under_way) = fetching.get(key) {
            return under_way.clone();
        }
        let (service, db, channel, owned_key) =
            (self.clone(), db.clone(), channel.clone(), key.to_owned());
        // The task removes itself only after this function has registered it (the lock).
        let task = tokio::spawn(async move {
            let result = service.refresh(&db, Some(&channel), &owned_key).await;
            service
                .0
                .fetching
                .lock()
                .expect("video fetches lock")
                .remove(&owned_key);
            result
        });
        let under_way = async move {
            match task.await {
                Ok(Ok(videos)) => Some(videos),
                Ok(Err(err)) => {
                    tracing::warn!(%err, "channel videos: no fallback either");
                    None
                }
                Err(_) => None,
            }
        }
        .boxed()
        .shared();
        fetching.insert(key.to_owned(), under_way.clone());
        under_way
    }

    /// Asks the service (when it can be asked), stores and caches the answer; on any
    /// failure caches what is stored for a short while instead.
    async fn refresh(
        &self,
        db: &DatabaseConnection,
        channel: Option<&ChannelRef>,
        key: &str,
    ) -> Result<Arc<Vec<ChannelVideo>>, sea_orm::DbErr> {
        let fetched = match channel {
            Some(channel) => {
                let budget = self.0.config.timeout;
                match tokio::time::timeout(budget, self.fetch(channel)).await {
                    Ok(result) => result,
                    Err(_) => Err(FetchError::Timeout(budget)),
                }
            }
            None => Err(FetchError::NoKey),
        };
        let (videos, ttl) = match fetched {
            Ok(videos) => {
                store(db, key, &videos).await?;
                (videos, CHANNEL_TTL)
            }
            Err(err) => {
                if !matches!(err, FetchError::NoKey) {
                    tracing::warn!(channel = key, %err, "serving stored channel videos");
                }
                (fallback(db, channel, key).await?, FALLBACK_TTL)
            }
        };
        let videos = Arc::new(videos);
        let mut cache = self.0.cache.lock().await;
        if cache.len() >= MAX_CACHED_CHANNELS {
            cache.retain(|_, e| e.at.elapsed() < e.ttl);
            if cache.len() >= MAX_CACHED_CHANNELS {
                cache.clear();
            }
        }
        cache.insert(
            key.to_owned(),
            Entry {
                at: Instant::now(),
                ttl,
                videos: videos.clone(),
            },
        );
        Ok(videos)
    }

    /// Asks the service: the channel's uploads playlist, its latest items, then
    /// those videos' statistics and durations.
    pub async fn fetch(&self, channel: &ChannelRef) -> Result<Vec<ChannelVideo>, FetchError> {
        let key = self.0.config.api_key.as_deref().ok_or(FetchError::NoKey)?;
        let ids: Vec<String> = match channel {
            ChannelRef::Video(id) => vec![id.to_string()],
            _ => {
                let uploads = self.uploads_playlist(key, channel).await?;
                let items: ListResponse<PlaylistItem> = self
                    .get(
                        "playlistItems",
                        &[
                            ("part", "contentDetails"),
                            ("playlistId", &uploads),
                            ("maxResults", &MAX_VIDEOS.to_string()),
                            ("key", key),
                        ],
                    )
                    .await?;
                items
                    .items
                    .into_iter()
                    .map(|i| i.content_details.video_id)
                    .filter(|id| VideoId::parse(id).is_some())
                    .collect()
            }
        };
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let videos: ListResponse<Video> = self
            .get(
                "videos",
                &[
                    ("part", "snippet,statistics,contentDetails"),
                    ("id", &ids.join(",")),
                    ("maxResults", &MAX_VIDEOS.to_string()),
                    ("key", key),
                ],
            )
            .await?;
        let mut out: Vec<ChannelVideo> = videos
            .items
            .into_iter()
            .filter_map(Video::into_channel_video)
            .collect();
        out.sort_by(|a, b| b.published_at.cmp(&a.published_at));
        Ok(out)
    }

    async fn uploads_playlist(
        &self,
        key: &str,
        channel: &ChannelRef,
    ) -> Result<String, FetchError> {
        let (filter, value) = match channel {
            ChannelRef::Handle(h) => ("forHandle", h.as_str()),
            ChannelRef::Id(id) => ("id", id.as_str()),
            ChannelRef::User(u) => ("forUsername", u.as_str()),
            ChannelRef::Video(_) => unreachable!("a video has no uploads playlist"),
        };
        let channels: ListResponse<Channel> = self
            .get(
                "channels",
                &[("part", "contentDetails"), (filter, value), ("key", key)],
            )
            .await?;
        channels
            .items
            .into_iter()
            .next()
            .map(|c| c.content_details.related_playlists.uploads)
            .ok_or(FetchError::NoSuchChannel)
    }

    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        resource: &str,
        query: &[(&str, &str)],
    ) -> Result<T, FetchError> {
        let url = format!("{}/{resource}", self.0.config.base_url);
        Ok(self
            .0
            .http
            .get(url)
            .query(query)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?)
    }
}

/// What stands in for the service's answer: the stored videos, or for a link to one
/// video that video alone (it still plays without the service).
async fn fallback(
    db: &DatabaseConnection,
    channel: Option<&ChannelRef>,
    key: &str,
) -> Result<Vec<ChannelVideo>, sea_orm::DbErr> {
    let mut stored = stored(db, key).await?;
    if stored.is_empty() {
        if let Some(ChannelRef::Video(id)) = channel {
            stored.push(bare_video(id));
        }
    }
    Ok(stored)
}

fn bare_video(id: &VideoId) -> ChannelVideo {
    ChannelVideo {
        id: id.to_string(),
        title: String::new(),
        description: String::new(),
        thumbnail: Some(id.thumbnail_url()),
        url: id.watch_url(),
        published_at: String::new(),
        view_count: None,
        duration: None,
    }
}

/// The stored videos of one channel, newest first.
pub async fn stored(
    db: &DatabaseConnection,
    key: &str,
) -> Result<Vec<ChannelVideo>, sea_orm::DbErr> {
    Ok(channel_video::Entity::find()
        .filter(channel_video::Column::Channel.eq(key))
        .order_by_desc(channel_video::Column::PublishedAt)
        .order_by_asc(channel_video::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(crate::model::channel_video_from_row)
        .collect())
}

/// Replaces the stored videos of one channel, in one transaction.
pub async fn store(
    db: &DatabaseConnection,
    key: &str,
    videos: &[ChannelVideo],
) -> Result<(), sea_orm::DbErr> {
    let txn = db.begin().await?;
    channel_video::Entity::delete_many()
        .filter(channel_video::Column::Channel.eq(key))
        .exec(&txn)
        .await?;
    let rows: Vec<channel_video::ActiveModel> = videos
        .iter()
        .map(|v| channel_video::ActiveModel {
            id: sea_orm::ActiveValue::NotSet,
            channel: Set(key.to_owned()),
            video_id: Set(v.id.clone()),
            title: Set(v.title.clone()),
            description: Set(v.description.clone()),
            thumbnail: Set(v.thumbnail.clone()),
            url: Set(v.url.clone()),
            published_at: Set(v.published_at.clone()),
            view_count: Set(v.view_count),
            duration: Set(v.duration.clone()),
        })
        .collect();
    if !rows.is_empty() {
        channel_video::Entity::insert_many(rows).exec(&txn).await?;
    }
    txn.commit().await
}

// The Data API's shapes (only the fields used).

#[derive(Deserialize)]
struct ListResponse<T> {
    #[serde(default = "Vec::new")]
    items: Vec<T>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Channel {
    content_details: ChannelDetails,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChannelDetails {
    related_playlists: RelatedPlaylists,
}

#[derive(Deserialize)]
struct RelatedPlaylists {
    uploads: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaylistItem {
    content_details: PlaylistItemDetails,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaylistItemDetails {
    video_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Video {
    id: String,
    snippet: Option<Snippet>,
    statistics: Option<Statistics>,
    content_details: Option<VideoDetails>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Snippet {
    #[serde(default)]
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    published_at: String,
    #[serde(default)]
    thumbnails: HashMap<String, Thumbnail>,
}

#[derive(Deserialize)]
struct Thumbnail {
    url: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Statistics {
    /// The API sends counts as strings.
    view_count: Option<String>,
}

#[derive(Deserialize)]
struct VideoDetails {
    duration: Option<String>,
}

impl Video {
    fn into_channel_video(self) -> Option<ChannelVideo> {
        let id = VideoId::parse(&self.id)?;
        let snippet = self.snippet?;
        let thumbnail = ["high", "medium", "standard", "default", "maxres"]
            .iter()
            .find_map(|size| snippet.thumbnails.get(*size))
            .map(|t| t.url.clone())
            .or_else(|| Some(id.thumbnail_url()));
        Some(ChannelVideo {
            url: id.watch_url(),
            id: id.to_string(),
            title: decode_entities(&snippet.title),
            description: decode_entities(&snippet.description),
            thumbnail,
            published_at: snippet.published_at,
            view_count: self
                .statistics
                .and_then(|s| s.view_count)
                .and_then(|v| v.parse().ok()),
            duration: self.content_details.and_then(|d| d.duration),
        })
    }
}

/// Titles may hold HTML entities ("Rock &amp; Roll", "Don&#39;t"); shown decoded.
pub fn decode_entities(text: &str) -> String {
    html_escape::decode_html_entities(text).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_entities_in_titles_are_decoded() {
        assert_eq!(
            decode_entities("Rock &amp; Roll Don&#39;t &quot;Stop&quot; &lt;3"),
            "Rock & Roll Don't \"Stop\" <3"
        );
    }
}
