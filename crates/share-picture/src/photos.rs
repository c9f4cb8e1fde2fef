//! Reading a share picture's photo. Its address comes from an editor's file or an
//! import, and anyone may ask for a picture, so the server reads a photo only from
//! where the site's images come from, never from its own network:
//! - over HTTPS from Wikimedia's media server (`upload.wikimedia.org`), where every
//!   catalogue photo comes from, and only at an address on the public internet once its
//!   name is resolved (no loopback, private, link-local or other special-use address);
//!   a redirect is followed only to that same host;
//! - the site's own assets (`{public URL}/assets/...`), from the binary, not over HTTP.
//!
//! The body is read up to a byte cap, and connecting and the whole read have time limits.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

use crate::Photo;

/// The hosts photos are read from (over HTTPS, on its own port).
const PHOTO_HOSTS: [&str; 1] = ["upload.wikimedia.org"];
/// Largest photo read for a picture.
const MAX_PHOTO_BYTES: usize = 8 * 1024 * 1024;
/// A host that does not answer is given up on quickly.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// A slow photo host does not hold a crawler: the picture is drawn without it.
const PHOTO_TIMEOUT: Duration = Duration::from_secs(4);
/// Most redirects followed (each to an allowed host).
const MAX_REDIRECTS: usize = 3;

/// The site's own assets, read from the binary rather than over HTTP.
#[derive(Clone)]
pub struct SiteAssets {
    /// The site's public origin, as `https://example.org` (no trailing slash).
    pub origin: String,
    /// A file under `/assets/` by its path there, or None.
    pub read: fn(&str) -> Option<Vec<u8>>,
}

/// Why a photo was not read: the picture is then drawn without it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NotRead {
    /// Not an address photos may come from.
    Source,
    /// One of the site's addresses under `/assets/` with no file.
    NoSuchAsset,
    Status(u16),
    TooLarge,
    NotAnImage,
    /// The request failed: the error and its causes (a refused address or redirect, a
    /// timeout).
    Failed(String),
}

/// Where photos may be read from over HTTP: [`PHOTO_HOSTS`], and in tests a local
/// photo server.
#[derive(Default)]
struct Sources {
    /// Tests only: a `host:port` read over plain HTTP.
    host: Option<String>,
    /// Tests only: whether addresses on the server's own network may be connected to.
    local_addresses: bool,
}

impl Sources {
    /// Whether photos may be read from `url` over HTTP.
    fn allows(&self, url: &Url) -> bool {
        let allowed_host = match (url.scheme(), url.host_str()) {
            ("https", Some(host)) => PHOTO_HOSTS.contains(&host) && url.port().is_none(),
            ("http", Some(host)) => self.host.as_deref().is_some_and(|allowed| {
                url.port_or_known_default()
                    .is_some_and(|port| allowed == format!("{host}:{port}"))
            }),
            _ => false,
        };
        // An address written out is never resolved: it is checked here.
        let address_ok = match url.host() {
            Some(Host::Ipv4(ip)) => self.may_connect(ip.into()),
            Some(Host::Ipv6(ip)) => self.may_connect(ip.into()),
            _ => true,
        };
        allowed_host && address_ok
    }

    fn may_connect(&self, ip: IpAddr) -> bool {
        self.local_addresses || is_public(ip)
    }
}

/// Whether `ip` is an address on the public internet: not unspecified, loopback,
/// private, link-local, carrier-grade NAT, documentation, benchmarking, multicast,
/// broadcast or reserved; for IPv6 only global unicast (2000::/3) outside the
/// documentation and protocol-assignment ranges and 6to4 (which embeds an IPv4
/// address), and an IPv4-mapped address as its IPv4 one. (The standard library's
/// `is_global` is not stable yet.)
fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => {
            let [a, b, c, _] = ip.octets();
            !(ip.is_unspecified()
                || ip.is_loopback()
                || ip.is_private()
                || ip.is_link_local()
                || ip.is_broadcast()
                || ip.is_documentation()
                || ip.is_multicast()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 192 && b == 0 && c == 0)
                || (a == 198 && (18..20).contains(&b))
                || a >= 240)
        }
        IpAddr::V6(ip) => {
            if let Some(v4) = ip.to_ipv4_mapped() {
                return is_public(v4.into());
            }
            let [first, second, ..] = ip.segments();
            first & 0xe000 == 0x2000
                && !(first == 0x2001 && (second == 0x0db8 || second < 0x0200))
                && first != 0x2002
        }
    }
}

/// Resolves names as the system does and keeps only the addresses photos may be read
/// from, so a name pointing into the server's own network is refused (checked on the
/// addresses connected to, not on a separate lookup).
struct PublicAddresses(Arc<Sources>);

impl Resolve for PublicAddresses {
    fn resolve(&self, name: Name) -> Resolving {
        let sources = self.0.clone();
        Box::pin(async move {
            let name = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((name.as_str(), 0))
                .await?
                .filter(|address| sources.may_connect(address.ip()))
                .collect();
            if found.is_empty() {
                return Err(format!("{name} has no public address").into());
            }
            Ok(Box::new(found.into_iter()) as Addrs)
        })
    }
}

/// The client that reads photos, and where they may come from.
#[derive(Clone)]
pub(crate) struct Photos {
    http: reqwest::Client,
    sources: Arc<Sources>,
    site: Option<SiteAssets>,
}

impl Photos {
    /// Photos from [`PHOTO_HOSTS`] only, read naming the site as `user_agent`.
    pub(crate) fn new(user_agent: &str) -> Self {
        Self::with_sources(user_agent, Sources::default())
    }

    /// Also from a local photo server at `host` (`host:port`) over plain HTTP; with
    /// `local_addresses`, its loopback address may be connected to.
    #[cfg(any(test, feature = "test-hosts"))]
    pub(crate) fn with_test_host(user_agent: &str, host: &str, local_addresses: bool) -> Self {
        Self::with_sources(
            user_agent,
            Sources {
                host: Some(host.to_owned()),
                local_addresses,
            },
        )
    }

    fn with_sources(user_agent: &str, sources: Sources) -> Self {
        let sources = Arc::new(sources);
        let redirects = sources.clone();
        let http = reqwest::Client::builder()
            .user_agent(user_agent)
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(PHOTO_TIMEOUT)
            // A proxy would resolve the name itself, past the address check.
            .no_proxy()
            .dns_resolver(Arc::new(PublicAddresses(sources.clone())))
            .redirect(reqwest::redirect::Policy::custom(move |attempt| {
                if attempt.previous().len() > MAX_REDIRECTS {
                    attempt.error("too many redirects")
                } else if redirects.allows(attempt.url()) {
                    attempt.follow()
                } else {
                    attempt.error("redirected to an address photos may not come from")
                }
            }))
            .build()
            .expect("an HTTP client");
        Photos {
            http,
            sources,
            site: None,
        }
    }

    /// The site's own assets, read from the binary.
    pub(crate) fn set_site_assets(&mut self, site: SiteAssets) {
        self.site = Some(site);
    }

    /// The photo at `url`, or why not.
    pub(crate) async fn read(&self, url: &str) -> Result<Photo, NotRead> {
        let url = Url::parse(url).map_err(|_| NotRead::Source)?;
        if let Some(site) = &self.site {
            if url.origin().ascii_serialization() == site.origin {
                let file = url.path().strip_prefix("/assets/").ok_or(NotRead::Source)?;
                let bytes = (site.read)(file).ok_or(NotRead::NoSuchAsset)?;
                return Photo::sniff(bytes).ok_or(NotRead::NotAnImage);
            }
        }
        if !self.sources.allows(&url) {
            return Err(NotRead::Source);
        }
        let mut response = self.http.get(url).send().await.map_err(failed)?;
        if !response.status().is_success() {
            return Err(NotRead::Status(response.status().as_u16()));
        }
        if response
            .content_length()
            .is_some_and(|n| n > MAX_PHOTO_BYTES as u64)
        {
            return Err(NotRead::TooLarge);
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if bytes.len() + chunk.len() > MAX_PHOTO_BYTES {
                return Err(NotRead::TooLarge);
            }
            bytes.extend_from_slice(&chunk);
        }
        Photo::sniff(bytes).ok_or(NotRead::NotAnImage)
    }
}

/// A failed request with the causes reqwest wraps (where a refused address shows).
fn failed(err: reqwest::Error) -> NotRead {
    let mut text = err.to_string();
    let mut cause = std::error::Error::source(&err);
    while let Some(err) = cause {
        text.push_str(": ");
        text.push_str(&err.to_string());
        cause = err.source();
    }
    NotRead::Failed(text)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use axum::body::Body;
    use axum::http::header;
    use axum::response::IntoResponse;
    use axum::routing::get;

    use super::*;

    const AGENT: &str = "SoundAtlas tests";

    fn red_png() -> Vec<u8> {
        let mut pixmap = resvg::tiny_skia::Pixmap::new(8, 8).unwrap();
        pixmap.fill(resvg::tiny_skia::Color::from_rgba8(250, 10, 10, 255));
        pixmap.encode_png().unwrap()
    }

    /// A local photo host on loopback: its port and how many requests it was sent.
    async fn photo_host() -> (u16, Arc<AtomicUsize>) {
        let hits = Arc::new(AtomicUsize::new(0));
        let counted = hits.clone();
        let too_big = || {
            let mut bytes = red_png();
            bytes.resize(MAX_PHOTO_BYTES + 1, 0);
            bytes
        };
        let app = axum::Router::new()
            .route(
                "/red.png",
                get(|| async { ([(header::CONTENT_TYPE, "image/png")], red_png()) }),
            )
            // Too big, saying so up front, and streamed without a length.
            .route("/declared.png", get(move || async move { too_big() }))
            .route(
                "/streamed.png",
                get(move || async move {
                    let chunks = too_big()
                        .chunks(64 * 1024)
                        .map(|chunk| Ok::<_, std::io::Error>(chunk.to_vec()))
                        .collect::<Vec<_>>();
                    Body::from_stream(futures_util::stream::iter(chunks))
                }),
            )
            .route("/same-host", get(|| async { redirect("/red.png") }))
            .route(
                "/metadata",
                get(|| async { redirect("http://169.254.169.254/latest/meta-data/") }),
            )
            .layer(axum::middleware::from_fn(
                move |request: axum::extract::Request, next: axum::middleware::Next| {
                    counted.fetch_add(1, Ordering::SeqCst);
                    next.run(request)
                },
            ));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (port, hits)
    }

    fn redirect(to: &'static str) -> axum::response::Response {
        (axum::http::StatusCode::FOUND, [(header::LOCATION, to)]).into_response()
    }

    #[tokio::test]
    async fn photos_come_from_wikimedias_media_server_and_no_other_host() {
        let (port, hits) = photo_host().await;
        let photos = Photos::new(AGENT);
        for url in [
            format!("http://127.0.0.1:{port}/red.png"),
            format!("http://localhost:{port}/red.png"),
            "http://upload.wikimedia.org/x.png".into(),
            "https://upload.wikimedia.org:8443/x.png".into(),
            "https://upload.wikimedia.org.evil.example/x.png".into(),
            "https://169.254.169.254/latest/meta-data/".into(),
            "file:///etc/passwd".into(),
            "not an address".into(),
        ] {
            assert_eq!(
                photos.read(&url).await.unwrap_err(),
                NotRead::Source,
                "{url}"
            );
        }
        assert_eq!(hits.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn an_allowed_name_that_resolves_to_loopback_is_refused() {
        let (port, hits) = photo_host().await;
        let photos = Photos::with_test_host(AGENT, &format!("localhost:{port}"), false);
        let Err(NotRead::Failed(why)) = photos
            .read(&format!("http://localhost:{port}/red.png"))
            .await
        else {
            panic!("read from loopback");
        };
        assert!(why.contains("localhost has no public address"), "{why}");
        // Written as an address, it is refused without a lookup.
        let photos = Photos::with_test_host(AGENT, &format!("127.0.0.1:{port}"), false);
        let refused = photos
            .read(&format!("http://127.0.0.1:{port}/red.png"))
            .await;
        assert_eq!(refused.unwrap_err(), NotRead::Source);
        assert_eq!(hits.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn an_allowed_local_host_is_read() {
        let (port, _) = photo_host().await;
        for host in ["localhost", "127.0.0.1"] {
            let photos = Photos::with_test_host(AGENT, &format!("{host}:{port}"), true);
            let photo = photos.read(&format!("http://{host}:{port}/red.png")).await;
            assert_eq!(photo.unwrap().bytes, red_png(), "{host}");
            // Its own redirects are followed.
            let photo = photos
                .read(&format!("http://{host}:{port}/same-host"))
                .await;
            assert_eq!(photo.unwrap().mime, "image/png", "{host}");
        }
    }

    #[tokio::test]
    async fn a_redirect_to_another_host_is_refused() {
        let (port, hits) = photo_host().await;
        let photos = Photos::with_test_host(AGENT, &format!("127.0.0.1:{port}"), true);
        let Err(NotRead::Failed(why)) = photos
            .read(&format!("http://127.0.0.1:{port}/metadata"))
            .await
        else {
            panic!("followed a redirect to another host");
        };
        assert!(
            why.contains("redirected to an address photos may not come from"),
            "{why}"
        );
        assert_eq!(hits.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_photo_past_the_byte_cap_is_refused() {
        let (port, _) = photo_host().await;
        let photos = Photos::with_test_host(AGENT, &format!("127.0.0.1:{port}"), true);
        for file in ["declared.png", "streamed.png"] {
            let read = photos
                .read(&format!("http://127.0.0.1:{port}/{file}"))
                .await;
            assert_eq!(read.unwrap_err(), NotRead::TooLarge, "{file}");
        }
    }

    #[tokio::test]
    async fn the_sites_own_assets_are_read_from_the_binary() {
        let mut photos = Photos::new(AGENT);
        photos.set_site_assets(SiteAssets {
            origin: "https://atlas.example".into(),
            read: |path| (path == "og.png").then(red_png),
        });
        let photo = photos.read("https://atlas.example/assets/og.png").await;
        assert_eq!(photo.unwrap().bytes, red_png());
        for (url, why) in [
            (
                "https://atlas.example/assets/none.png",
                NotRead::NoSuchAsset,
            ),
            ("https://atlas.example/og.png", NotRead::Source),
            ("http://atlas.example/assets/og.png", NotRead::Source),
        ] {
            assert_eq!(photos.read(url).await.unwrap_err(), why, "{url}");
        }
    }

    #[test]
    fn only_public_addresses_count_as_public() {
        let public = [
            "208.80.154.240",
            "8.8.8.8",
            "2620:0:860:ed1a::2:b",
            "::ffff:8.8.8.8",
        ];
        let not_public = [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "0.1.2.3",
            "192.0.0.8",
            "192.0.2.1",
            "198.18.0.1",
            "224.0.0.1",
            "240.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12::1",
            "ff02::1",
            "2001:db8::1",
            "2002:7f00:1::1",
            "2001::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::7f00:1",
        ];
        for ip in public {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in not_public {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
    }
}
