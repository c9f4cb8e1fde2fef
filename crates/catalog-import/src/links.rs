//! The addresses of the streaming services and of the photo library, held to each one's
//! exact hosts: a link from a source we do not control (an open-data relation, a
//! spreadsheet) is stored only when it is that service's page, in one normal form
//! (https, host in lower case; no user, port, query or fragment). A prefix check would
//! take `music.amazon.com.evil.example` for Amazon Music.

use url::Url;

/// A streaming service an artist page links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    Spotify,
    AppleMusic,
    Tidal,
    AmazonMusic,
}

impl Service {
    pub const ALL: [Service; 4] = [
        Service::Spotify,
        Service::AppleMusic,
        Service::Tidal,
        Service::AmazonMusic,
    ];

    fn hosts(self) -> &'static [&'static str] {
        match self {
            Service::Spotify => &["open.spotify.com"],
            Service::AppleMusic => &["music.apple.com"],
            Service::Tidal => &["tidal.com", "listen.tidal.com"],
            // Amazon Music's storefronts.
            Service::AmazonMusic => &[
                "music.amazon.com",
                "music.amazon.ca",
                "music.amazon.com.mx",
                "music.amazon.com.br",
                "music.amazon.co.uk",
                "music.amazon.de",
                "music.amazon.fr",
                "music.amazon.it",
                "music.amazon.es",
                "music.amazon.in",
                "music.amazon.co.jp",
                "music.amazon.com.au",
            ],
        }
    }

    /// Whether `path` is an artist's page on this service.
    fn is_artist_path(self, path: &str) -> bool {
        match self {
            Service::Spotify => path.starts_with("/artist/"),
            Service::AppleMusic | Service::Tidal => path.contains("/artist/"),
            Service::AmazonMusic => path.starts_with("/artists/"),
        }
    }

    /// `url` in its normal form when it is a page of this service (any page: an owner's
    /// spreadsheet may link a search), else None.
    pub fn page(self, url: &str) -> Option<String> {
        normal_form(url, self.hosts())
    }

    /// `url` in its normal form when it is an artist's page of this service.
    pub fn artist_page(self, url: &str) -> Option<String> {
        self.page(url)
            .filter(|page| Url::parse(page).is_ok_and(|parsed| self.is_artist_path(parsed.path())))
    }

    /// The service whose artist page `url` is, with its normal form.
    pub fn of_artist_page(url: &str) -> Option<(Service, String)> {
        Service::ALL
            .into_iter()
            .find_map(|service| Some((service, service.artist_page(url)?)))
    }
}

/// A photo's page on Wikimedia Commons (`https://commons.wikimedia.org/wiki/File:…`), the
/// only place a photo credit links to, in its normal form.
pub fn commons_file_page(url: &str) -> Option<String> {
    normal_form(url, &["commons.wikimedia.org"]).filter(|page| {
        Url::parse(page).is_ok_and(|parsed| parsed.path().starts_with("/wiki/File:"))
    })
}

/// A photo file on Wikimedia's media server, in its normal form.
pub fn wikimedia_file(url: &str) -> Option<String> {
    normal_form(url, &["upload.wikimedia.org"])
}

/// The deed of a free licence a photo is under (Creative Commons, the GNU licences, the
/// Free Art License), in its normal form.
pub fn licence_deed(url: &str) -> Option<String> {
    normal_form(
        url,
        &[
            "creativecommons.org",
            "www.gnu.org",
            "artlibre.org",
            "en.wikipedia.org",
        ],
    )
}

/// `url` as `https://host/path` when its host is one of `hosts` exactly: http becomes
/// https; a user, a password, a port, a query or a fragment makes it no link of ours.
fn normal_form(url: &str, hosts: &[&str]) -> Option<String> {
    let parsed = Url::parse(url.trim()).ok()?;
    let plain = matches!(parsed.scheme(), "https" | "http")
        && parsed.username().is_empty()
        && parsed.password().is_none()
        && parsed.port().is_none()
        && parsed.query().is_none()
        && parsed.fragment().is_none();
    let host = parsed.host_str()?;
    (plain && hosts.contains(&host)).then(|| format!("https://{host}{}", parsed.path()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaming_links_are_held_to_each_services_exact_hosts() {
        let artist = |url| Service::of_artist_page(url);
        assert_eq!(
            artist("https://music.amazon.co.uk/artists/B000QJO5KA"),
            Some((
                Service::AmazonMusic,
                "https://music.amazon.co.uk/artists/B000QJO5KA".into()
            ))
        );
        assert_eq!(
            artist("http://OPEN.SPOTIFY.COM/artist/4Z8W4fKeB5YxbusRsdQVPb"),
            Some((
                Service::Spotify,
                "https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb".into()
            ))
        );
        for foreign in [
            "https://music.amazon.com.evil.example/artists/B000QJO5KA",
            "https://evil.example/music.amazon.com/artists/B000QJO5KA",
            "https://music.amazon.com@evil.example/artists/B000QJO5KA",
            "https://user@music.amazon.com/artists/B000QJO5KA",
            "https://music.amazon.com:8443/artists/B000QJO5KA",
            "https://open.spotify.com/artist/x?redirect=https://evil.example",
            "https://open.spotify.com/artist/x#frag",
            "javascript:alert(1)//open.spotify.com/artist/x",
            "ftp://open.spotify.com/artist/x",
            "https://open.spotify.com/album/x",
            "https://xopen.spotify.com/artist/x",
        ] {
            assert_eq!(artist(foreign), None, "{foreign}");
        }
        assert_eq!(
            Service::AmazonMusic.page("https://music.amazon.com/search/Fixture"),
            Some("https://music.amazon.com/search/Fixture".into())
        );
        assert_eq!(Service::AmazonMusic.page("https://www.amazon.com/s"), None);
    }

    #[test]
    fn photo_credits_link_only_to_commons_file_pages() {
        assert_eq!(
            commons_file_page("https://commons.wikimedia.org/wiki/File:The_Beatles.jpg").as_deref(),
            Some("https://commons.wikimedia.org/wiki/File:The_Beatles.jpg")
        );
        for bad in [
            "javascript:alert(document.cookie)",
            "https://commons.wikimedia.org.evil.example/wiki/File:X.jpg",
            "https://commons.wikimedia.org/wiki/Special:Search",
            "https://commons.wikimedia.org/wiki/File:X.jpg?action=edit",
            "data:text/html,<script>alert(1)</script>",
        ] {
            assert_eq!(commons_file_page(bad), None, "{bad}");
        }
        assert!(
            wikimedia_file("https://upload.wikimedia.org/wikipedia/commons/a/ab/X.jpg").is_some()
        );
        assert!(wikimedia_file("https://upload.wikimedia.org.evil.example/X.jpg").is_none());
        assert!(licence_deed("https://creativecommons.org/licenses/by-sa/4.0").is_some());
        assert!(licence_deed("javascript:alert(1)").is_none());
    }
}
