//! Editorial content: the Weekly Top 10, Brand New Songs, channel videos and articles.
//!
//! - `model`: the JSON shapes of the API (camelCase) and parsed values (video ids,
//!   channel links, categories).
//! - `store`: the content service: database reads behind short caches.
//! - `video`: the video service client, with stored videos as the fallback.
//! - `seed`: the content shipped in `assets/seed/content/`, loaded on start.
//! - `reads`: one function per API read, shared by `/api` handlers and page prefetch.
//! - `api`: the axum routes.
//! - `records`: the content's records as the seed files and the importers give them;
//!   `import`: the importers of charts, new songs and articles; `cli`: their
//!   subcommands (`sound-atlas import top-ten|new-songs|articles`).
//! - `share_picture`: an article's share picture (`/og/article/{id}.jpg`).

pub mod api;
pub mod cli;
pub mod import;
pub mod marketplace;
pub mod model;
pub mod reads;
pub mod records;
pub mod seed;
pub mod share_picture;
pub mod store;
pub mod video;

pub use model::{
    Article, ArticleSummary, Category, ChannelRef, ChannelVideo, ChartWeek, NewSong, TopTenEntry,
    VideoId,
};
pub use store::{Content, ContentSettings};
pub use video::{VideoConfig, VideoService};
