//! The video service's link shapes: a video (its id inside any usual link) and a
//! channel (by handle, id or user name, or one video). An artist's solo video link and
//! the content's songs and charts are checked against them on import; the content's
//! video service reads the channels.

use serde::{Deserialize, Serialize};
use sound_atlas_contract::content::INVALID_YOUTUBE_URL;
use sound_atlas_contract::video::is_video_id;

/// An 11-character video id (letters, digits, '-' and '_').
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct VideoId(String);

impl VideoId {
    /// A bare id, or the id inside a watch, short, embed, shorts or live URL.
    /// Anything else is `None` ("Invalid YouTube URL").
    pub fn parse(input: &str) -> Option<VideoId> {
        let input = input.trim();
        if is_video_id(input) {
            return Some(VideoId(input.to_owned()));
        }
        let url = url::Url::parse(input).ok()?;
        let host = url
            .host_str()?
            .trim_start_matches("www.")
            .trim_start_matches("m.");
        let candidate = match host {
            "youtu.be" => url.path_segments()?.next().map(str::to_owned),
            "youtube.com" | "youtube-nocookie.com" | "music.youtube.com" => {
                let mut segments = url.path_segments()?;
                match segments.next() {
                    Some("watch") => url
                        .query_pairs()
                        .find(|(k, _)| k == "v")
                        .map(|(_, v)| v.into_owned()),
                    Some("embed" | "shorts" | "live" | "v") => segments.next().map(str::to_owned),
                    _ => None,
                }
            }
            _ => None,
        }?;
        is_video_id(&candidate).then_some(VideoId(candidate))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn watch_url(&self) -> String {
        sound_atlas_contract::video::watch_url(&self.0)
    }

    /// The service's standard thumbnail for this video.
    pub fn thumbnail_url(&self) -> String {
        sound_atlas_contract::video::thumbnail_url(&self.0)
    }
}

impl TryFrom<String> for VideoId {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        VideoId::parse(&text).ok_or_else(|| INVALID_YOUTUBE_URL.to_owned())
    }
}

impl From<VideoId> for String {
    fn from(id: VideoId) -> String {
        id.0
    }
}

impl std::fmt::Display for VideoId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a channel link names: a channel (by handle, id or legacy user name) or one video.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ChannelRef {
    /// "@name".
    Handle(String),
    /// "UC..." channel id.
    Id(String),
    /// Legacy /user/name.
    User(String),
    /// A link to a single video: the "channel" is that one video.
    Video(VideoId),
}

impl ChannelRef {
    /// Parses an artist's soloVideoLink (a channel or video URL) or a bare handle/channel id.
    pub fn parse(input: &str) -> Option<ChannelRef> {
        let input = input.trim();
        let ok_name = |s: &str| {
            !s.is_empty()
                && s.len() <= 100
                && s.chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
        };
        if let Some(handle) = input.strip_prefix('@') {
            return ok_name(handle).then(|| ChannelRef::Handle(format!("@{handle}")));
        }
        if input.starts_with("UC") && input.len() == 24 && ok_name(input) {
            return Some(ChannelRef::Id(input.to_owned()));
        }
        if let Some(video) = VideoId::parse(input) {
            return Some(ChannelRef::Video(video));
        }
        let url = url::Url::parse(input).ok()?;
        if !matches!(url.scheme(), "http" | "https") {
            return None;
        }
        let host = url
            .host_str()?
            .trim_start_matches("www.")
            .trim_start_matches("m.");
        if host != "youtube.com" {
            return None;
        }
        let mut segments = url.path_segments()?;
        let first = segments.next()?;
        if let Some(handle) = first.strip_prefix('@') {
            let handle = percent_decode(handle);
            return ok_name(&handle).then(|| ChannelRef::Handle(format!("@{handle}")));
        }
        let second = segments.next().filter(|s| ok_name(s))?;
        match first {
            "channel" if second.starts_with("UC") && second.len() == 24 => {
                Some(ChannelRef::Id(second.to_owned()))
            }
            "user" => Some(ChannelRef::User(second.to_owned())),
            _ => None,
        }
    }

    /// The key stored with cached videos of this channel.
    pub fn key(&self) -> String {
        match self {
            ChannelRef::Handle(h) => h.to_lowercase(),
            ChannelRef::Id(id) => id.clone(),
            ChannelRef::User(u) => format!("user:{}", u.to_lowercase()),
            ChannelRef::Video(v) => format!("video:{v}"),
        }
    }
}

fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn video_ids_are_found_in_every_usual_link_shape() {
        for link in [
            "dQw4w9WgXcQ",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=1",
            "https://youtu.be/dQw4w9WgXcQ?si=abc",
            "https://www.youtube.com/embed/dQw4w9WgXcQ",
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
            "https://youtube.com/shorts/dQw4w9WgXcQ",
            "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
        ] {
            assert_eq!(
                VideoId::parse(link).map(String::from).as_deref(),
                Some("dQw4w9WgXcQ"),
                "{link}"
            );
        }
    }

    #[test]
    fn anything_but_an_eleven_character_id_is_an_invalid_link() {
        for link in [
            "",
            "dQw4w9WgXc",
            "dQw4w9WgXcQQ",
            "dQw4w9WgX!Q",
            "https://www.youtube.com/watch?v=short",
            "https://example.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/@coldplay",
            "javascript:alert(1)",
        ] {
            assert_eq!(VideoId::parse(link), None, "{link}");
        }
        assert_eq!(
            VideoId::try_from("nope".to_owned()).unwrap_err(),
            INVALID_YOUTUBE_URL
        );
    }

    #[test]
    fn channel_links_name_a_handle_an_id_a_user_or_a_video() {
        assert_eq!(
            ChannelRef::parse("https://www.youtube.com/@coldplay"),
            Some(ChannelRef::Handle("@coldplay".into()))
        );
        assert_eq!(
            ChannelRef::parse("https://www.youtube.com/@coldplay/videos"),
            Some(ChannelRef::Handle("@coldplay".into()))
        );
        assert_eq!(
            ChannelRef::parse("https://www.youtube.com/channel/UCIaFw5VBEK8qaW6nRpx_qnw"),
            Some(ChannelRef::Id("UCIaFw5VBEK8qaW6nRpx_qnw".into()))
        );
        assert_eq!(
            ChannelRef::parse("https://www.youtube.com/user/someone"),
            Some(ChannelRef::User("someone".into()))
        );
        assert!(matches!(
            ChannelRef::parse("https://youtu.be/dQw4w9WgXcQ"),
            Some(ChannelRef::Video(_))
        ));
        for bad in [
            "",
            "https://example.com/@coldplay",
            "https://www.youtube.com/",
            "https://www.youtube.com/channel/nope",
            "ftp://www.youtube.com/@x",
            "https://www.youtube.com/@bad<name>",
        ] {
            assert_eq!(ChannelRef::parse(bad), None, "{bad}");
        }
    }
}
