//! Share pictures: a 1200x630 PNG per page, drawn by the server from the page's data
//! (name or title, genres or category, a photo, the site's mark) with resvg, so a
//! shared link unfurls with a picture of that page and not a generic logo. The
//! catalogue draws its artists' (`/og/artist/{id}.png`), the content its articles'
//! (`/og/article/{id}.png`); each says what its card shows, this crate draws it.
//!
//! A crate of its own, not a part of either feature nor of the importers' shared crate:
//! it is the drawing (a font, the rasteriser, the cache of rendered pictures, the photo
//! client and the PNG answer), which both features need and neither owns, and it has
//! nothing to do with importing.
//!
//! The colours and the placement of the shapes derive from a hash of the page's
//! kind, id and title, so two artists (or two articles) never share a picture even
//! when their names look alike. Renders are cached by that same data: an edit to a
//! title makes a new picture.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, OnceLock};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use resvg::{tiny_skia, usvg};
use sound_atlas_contract::pages::ImageRoute;
use sound_atlas_web::ApiError;

mod photos;
use photos::Photos;
pub use photos::SiteAssets;

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// The one font the pictures use, shipped with the binary (DejaVu, free licence).
static FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
/// Most rendered pictures kept (each is some tens of kilobytes).
const CACHE_ENTRIES: u64 = 2_000;

/// What one picture shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShareCard {
    /// "Band", "Artist" (a solo artist) or "Article": shown small above the title.
    pub kind: &'static str,
    pub id: i32,
    pub title: String,
    /// Genres joined, or the category.
    pub subtitle: String,
    /// The artist's photo or the article's lead image (http or https), when there is one.
    pub image_url: Option<String>,
    /// The photo's credit ("Photo: author · licence"), drawn under it.
    pub photo_credit: Option<String>,
}

impl ShareCard {
    /// Colours and shapes follow the words and the id (not the photo's address).
    fn seed(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        (self.kind, self.id, &self.title, &self.subtitle).hash(&mut hasher);
        hasher.finish()
    }
}

/// The picture's alt text (for `og:image:alt`).
pub fn alt_text(card: &ShareCard) -> String {
    sound_atlas_contract::pages::image_alts::of_card(card.kind, &card.title, &card.subtitle)
}

fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = usvg::Options {
            font_family: "DejaVu Sans".into(),
            ..usvg::Options::default()
        };
        options.fontdb_mut().load_font_data(FONT.to_vec());
        options
    })
}

fn escape(text: &str) -> String {
    html_escape::encode_text(text).into_owned()
}

/// Breaks a title into at most `max_lines` lines of about `width` characters,
/// ending with an ellipsis when it does not fit.
fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let word: String = if word.chars().count() > width {
            word.chars().take(width - 1).chain(['…']).collect()
        } else {
            word.to_owned()
        };
        if current.is_empty() {
            current = word;
        } else if current.chars().count() + 1 + word.chars().count() <= width {
            current.push(' ');
            current.push_str(&word);
        } else {
            lines.push(std::mem::take(&mut current));
            current = word;
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        let last = lines.last_mut().expect("max_lines > 0");
        while last.chars().count() + 1 > width {
            last.pop();
        }
        last.push('…');
    }
    lines
}

/// A photo to place on the picture: its bytes and media type.
#[derive(Debug, Clone)]
pub struct Photo {
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

impl Photo {
    /// The bytes as a photo, when they start like a PNG, JPEG, GIF or WebP file.
    pub fn sniff(bytes: Vec<u8>) -> Option<Photo> {
        let mime = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            "image/png"
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            "image/jpeg"
        } else if bytes.starts_with(b"GIF8") {
            "image/gif"
        } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            "image/webp"
        } else {
            return None;
        };
        Some(Photo { mime, bytes })
    }
}

/// The picture as SVG (what [`render_png`] rasterises), without a photo.
pub fn svg(card: &ShareCard) -> String {
    svg_with(card, None)
}

/// The picture as SVG; a photo goes on the right in a rounded frame, the words beside it.
pub fn svg_with(card: &ShareCard, photo: Option<&Photo>) -> String {
    let seed = card.seed();
    let hue = seed % 360;
    let hue2 = (hue + 40 + (seed >> 9) % 80) % 360;
    let bits = |shift: u32, range: u64| (seed >> shift) % range;
    let (cx1, cy1, r1) = (700 + bits(17, 450), bits(23, 630), 160 + bits(29, 180));
    let (cx2, cy2, r2) = (900 + bits(35, 300), bits(41, 630), 80 + bits(47, 140));
    let angle = bits(53, 360);
    let title_size = if photo.is_some() {
        56
    } else if card.title.chars().count() > 40 {
        60
    } else {
        76
    };
    let width = match title_size {
        56 => 19,
        60 => 30,
        _ => 24,
    };
    let lines = wrap(&card.title, width, 3);
    let mut title = String::new();
    for (i, line) in lines.iter().enumerate() {
        let y = 205 + i as u32 * (title_size + 14);
        title.push_str(&format!(
            r##"<text x="80" y="{y}" font-size="{title_size}" fill="#ffffff">{}</text>"##,
            escape(line)
        ));
    }
    let subtitle_y = 205 + lines.len() as u32 * (title_size + 14) + 26;
    let subtitle: String = wrap(&card.subtitle, if photo.is_some() { 30 } else { 48 }, 1).join("");
    let photo = photo.map_or(String::new(), |photo| {
        use base64::Engine as _;
        // The credit its licence asks for, legible under the photo (two lines at most).
        let credit: String = card
            .photo_credit
            .as_deref()
            .map(|credit| wrap(credit, 34, 2))
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, line)| {
                format!(
                    r##"<text x="760" y="{}" font-size="18" font-weight="normal" fill="#ffffff" fill-opacity="0.92">{}</text>"##,
                    494 + i * 24,
                    escape(line)
                )
            })
            .collect();
        format!(
            r##"<clipPath id="frame"><rect x="760" y="95" width="360" height="360" rx="36"/></clipPath>
<rect x="752" y="87" width="376" height="376" rx="42" fill="#ffffff" fill-opacity="0.2"/>
<image x="760" y="95" width="360" height="360" preserveAspectRatio="xMidYMid slice" clip-path="url(#frame)" href="data:{};base64,{}"/>
{credit}"##,
            photo.mime,
            base64::engine::general_purpose::STANDARD.encode(&photo.bytes)
        )
    });
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans" font-weight="bold">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate({angle} 0.5 0.5)">
<stop offset="0" stop-color="hsl({hue}, 62%, 22%)"/>
<stop offset="1" stop-color="hsl({hue2}, 70%, 38%)"/>
</linearGradient>
</defs>
<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>
<circle cx="{cx1}" cy="{cy1}" r="{r1}" fill="hsl({hue2}, 80%, 60%)" fill-opacity="0.22"/>
<circle cx="{cx2}" cy="{cy2}" r="{r2}" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="14"/>
{photo}
<text x="80" y="110" font-size="30" fill="#ffffff" fill-opacity="0.75" letter-spacing="4">{kind}</text>
{title}
<text x="80" y="{subtitle_y}" font-size="34" fill="#ffffff" fill-opacity="0.85">{subtitle}</text>
<rect x="80" y="540" width="56" height="56" rx="14" fill="#ffffff"/>
<path d="M98 582 v-16 M108 588 v-28 M118 582 v-16" stroke="hsl({hue}, 62%, 30%)" stroke-width="6" stroke-linecap="round"/>
<text x="156" y="580" font-size="32" fill="#ffffff">Sound Atlas</text>
</svg>"##,
        kind = escape(&card.kind.to_uppercase()),
        subtitle = escape(&subtitle),
    )
}

/// Rasterises the picture to PNG.
pub fn render_png(card: &ShareCard) -> Result<Vec<u8>, String> {
    render_png_with(card, None)
}

/// Renders the picture with its photo (a photo that cannot be decoded is left out).
pub fn render_png_with(card: &ShareCard, photo: Option<&Photo>) -> Result<Vec<u8>, String> {
    let tree =
        usvg::Tree::from_str(&svg_with(card, photo), options()).map_err(|e| e.to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or("no pixmap")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// How long a rendered picture is kept (a photo that failed to load is retried after).
const CACHE_TTL: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Rendered pictures, keyed by what they show, and the client that reads photos.
#[derive(Clone)]
pub struct ShareImages {
    cache: moka::sync::Cache<ShareCard, Arc<Vec<u8>>>,
    photos: Photos,
}

impl ShareImages {
    /// Photos are read naming the site as `user_agent`, from Wikimedia's media server only.
    pub fn new(user_agent: &str) -> Self {
        Self::with_photos(Photos::new(user_agent))
    }

    /// Photos at the site's own `/assets/` addresses are read from `site`, not over HTTP.
    pub fn with_site_assets(mut self, site: SiteAssets) -> Self {
        self.photos.set_site_assets(site);
        self
    }

    /// For tests: photos also from a local server at `host` (`host:port`, over plain
    /// HTTP); with `local_addresses`, its loopback address may be connected to.
    #[cfg(any(test, feature = "test-hosts"))]
    pub fn with_test_host(user_agent: &str, host: &str, local_addresses: bool) -> Self {
        Self::with_photos(Photos::with_test_host(user_agent, host, local_addresses))
    }

    fn with_photos(photos: Photos) -> Self {
        ShareImages {
            cache: moka::sync::Cache::builder()
                .max_capacity(CACHE_ENTRIES)
                .time_to_live(CACHE_TTL)
                .build(),
            photos,
        }
    }

    /// The answer with the PNG of `card`.
    pub async fn response(&self, card: ShareCard) -> Result<Response, ApiError> {
        Ok(png_response(self.png(card).await?))
    }

    /// The PNG for `card` (with its photo when it loads), rendered off the async
    /// threads on a miss.
    async fn png(&self, card: ShareCard) -> Result<Arc<Vec<u8>>, ApiError> {
        if let Some(png) = self.cache.get(&card) {
            return Ok(png);
        }
        let photo = match &card.image_url {
            Some(url) => self.photo(url).await,
            None => None,
        };
        let key = card.clone();
        let png = tokio::task::spawn_blocking(move || render_png_with(&card, photo.as_ref()))
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?;
        let png = Arc::new(png);
        self.cache.insert(key, png.clone());
        Ok(png)
    }

    /// The photo at `url`, or None: the picture is then drawn without it.
    async fn photo(&self, url: &str) -> Option<Photo> {
        self.photos
            .read(url)
            .await
            .inspect_err(|why| tracing::debug!(url, ?why, "share picture: photo not loaded"))
            .ok()
    }
}

/// The page a share picture's route capture names (`"12.png"` at
/// `/og/artist/{id}.png`): a positive id.
pub fn page_id(image: &ImageRoute, file: &str) -> Option<i32> {
    match image.read(file)?.as_slice() {
        [id] => id.parse::<i32>().ok().filter(|id| *id > 0),
        _ => None,
    }
}

fn png_response(png: Arc<Vec<u8>>) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            // Crawlers fetch once; an hour keeps edits visible the same day.
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        png.as_ref().clone(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: i32, title: &str) -> ShareCard {
        ShareCard {
            kind: "Artist",
            id,
            title: title.into(),
            subtitle: "Rock · Pop".into(),
            image_url: None,
            photo_credit: None,
        }
    }

    /// A small PNG: one colour, `size` pixels square.
    fn photo_png(size: u32, rgb: (u8, u8, u8)) -> Vec<u8> {
        let mut pixmap = tiny_skia::Pixmap::new(size, size).unwrap();
        pixmap.fill(tiny_skia::Color::from_rgba8(rgb.0, rgb.1, rgb.2, 255));
        pixmap.encode_png().unwrap()
    }

    #[test]
    fn a_photo_is_drawn_into_the_picture() {
        let photo = Photo::sniff(photo_png(64, (250, 10, 10))).expect("a PNG");
        let with = render_png_with(&card(1, "Queen"), Some(&photo)).unwrap();
        let pixmap = tiny_skia::Pixmap::decode_png(&with).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (1200, 630));
        // The middle of the photo frame is the photo's red.
        let pixel = pixmap.pixel(940, 275).unwrap().demultiply();
        assert_eq!((pixel.red(), pixel.green(), pixel.blue()), (250, 10, 10));
        assert_ne!(with, render_png(&card(1, "Queen")).unwrap());
    }

    #[test]
    fn only_image_bytes_count_as_a_photo() {
        assert!(Photo::sniff(b"<html>not found</html>".to_vec()).is_none());
        assert_eq!(
            Photo::sniff(vec![0xFF, 0xD8, 0xFF, 0xE0]).unwrap().mime,
            "image/jpeg"
        );
        assert_eq!(
            Photo::sniff(photo_png(2, (0, 0, 0))).unwrap().mime,
            "image/png"
        );
    }

    #[test]
    fn a_picture_is_a_1200_by_630_png() {
        let png = render_png(&card(1, "Queen")).unwrap();
        let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (1200, 630));
    }

    #[test]
    fn two_artists_never_share_a_picture() {
        let a = render_png(&card(1, "The Band")).unwrap();
        let b = render_png(&card(2, "The Band")).unwrap();
        assert_ne!(a, b);
        assert_ne!(svg(&card(1, "X")), svg(&card(2, "X")));
    }

    #[test]
    fn hostile_titles_stay_text() {
        let svg = svg(&card(3, "</text><script>alert(1)</script> & co"));
        assert!(!svg.contains("<script>"));
        assert!(usvg::Tree::from_str(&svg, options()).is_ok());
    }

    #[test]
    fn long_titles_wrap_onto_three_lines_at_most() {
        let lines = wrap(
            "A very long article title that goes on and on about many things in music history",
            24,
            3,
        );
        assert_eq!(lines.len(), 3);
        assert!(lines[2].ends_with('…'));
        assert!(lines.iter().all(|l| l.chars().count() <= 24));
    }

    #[test]
    fn only_positive_ids_with_a_png_suffix_name_a_picture() {
        let image = sound_atlas_contract::pages::images::ARTIST_SHARE_PICTURE;
        let id_of = |file| page_id(&image, file);
        assert_eq!(id_of("12.png"), Some(12));
        assert_eq!(id_of("12"), None);
        assert_eq!(id_of("0.png"), None);
        assert_eq!(id_of("x.png"), None);
    }
}
