//! sea-orm entities, one module per table. Hand-written queries live in the
//! feature crates (e.g. `sound-atlas-catalog`), never here.

pub mod article;
pub mod artist;
pub mod artist_album;
pub mod artist_field_source;
pub mod artist_member;
pub mod auth_session;
pub mod auth_token;
pub mod channel_video;
pub mod favorite;
pub mod favorite_folder;
pub mod genre;
pub mod identity;
pub mod import_checkpoint;
pub mod known_client;
pub mod new_song;
pub mod top_ten_entry;
pub mod user;
pub mod video_favorite;
