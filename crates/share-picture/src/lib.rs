//! Share pictures: a 1200x630 JPEG per page, drawn by the server from the page's data
//! (name or title, genres or category, a photo, the site's mark) with resvg, so a
//! shared link unfurls with a picture of that page and not a generic logo. The
//! catalogue draws its artists' (`/og/artist/{id}.jpg`), the content its articles'
//! (`/og/article/{id}.jpg`); each says what its card shows, this crate draws it.
//! JPEG keeps every picture under [`MAX_BYTES`], photo or not (docs/performance.md).
//!
//! A crate of its own, not a part of either feature nor of the importers' shared crate:
//! it is the drawing (a font, the rasteriser, the cache of rendered pictures, the photo
//! client and the picture's answer), which both features need and neither owns, and it has
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

mod layout;
mod photos;
use photos::Photos;
pub use photos::SiteAssets;

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// The pictures' format (`og:image:type`): JPEG, see [`encode_jpeg`].
pub const MEDIA_TYPE: &str = "image/jpeg";
/// Most bytes a share picture may have: messengers show a larger one as a small
/// thumbnail, or not at all (WhatsApp's large preview stops near 300 KB).
pub const MAX_BYTES: usize = 300_000;
/// High enough that letters stay sharp, low enough that a photo card stays well
/// under [`MAX_BYTES`].
const JPEG_QUALITY: u8 = 85;
/// The one font the pictures use, shipped with the binary (DejaVu, free licence).
static FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
/// Most rendered pictures kept (each is some tens of kilobytes).
const CACHE_ENTRIES: u64 = 2_000;

// Where the words go: from the left edge to the right one, or to the photo's frame.
const TEXT_X: f32 = 80.0;
const TEXT_RIGHT: f32 = 1120.0;
const TEXT_RIGHT_BESIDE_PHOTO: f32 = 720.0;
/// The title's first baseline, and the sizes tried, largest first, until it fits.
const TITLE_TOP: f32 = 205.0;
const TITLE_SIZES: [f32; 3] = [76.0, 64.0, 56.0];
const TITLE_SIZES_BESIDE_PHOTO: [f32; 3] = [60.0, 52.0, 44.0];
const TITLE_LINES: usize = 3;
const TITLE_LEADING: f32 = 14.0;
/// From the title's last baseline to the genres' or category's first.
const SUBTITLE_GAP: f32 = 66.0;
const SUBTITLE_SIZE: f32 = 34.0;
const SUBTITLE_LINES: usize = 2;
const SUBTITLE_LEADING: f32 = 10.0;
// The photo's frame (as drawn in `svg_with`) and its credit's lines under it.
const PHOTO_X: f32 = 760.0;
const PHOTO_SIZE: f32 = 360.0;
const CREDIT_TOP: f32 = 494.0;
const CREDIT_SIZE: f32 = 18.0;

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

/// The title's lines and size: the largest size at which the whole title fits its
/// lines, else the smallest, ending on a whole word and an ellipsis. At most three
/// title lines and two subtitle lines always fit above the site's mark.
fn title_lines(title: &str, beside_photo: bool) -> (f32, Vec<String>) {
    let (sizes, right) = if beside_photo {
        (TITLE_SIZES_BESIDE_PHOTO, TEXT_RIGHT_BESIDE_PHOTO)
    } else {
        (TITLE_SIZES, TEXT_RIGHT)
    };
    let smallest = sizes[sizes.len() - 1];
    sizes
        .iter()
        .map(|&size| (size, layout::wrap(title, size, right - TEXT_X, TITLE_LINES)))
        .find(|(size, lines)| !lines.cut || *size == smallest)
        .map(|(size, lines)| (size, lines.lines))
        .expect("the smallest size is always taken")
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

/// The picture as SVG (what [`render`] rasterises), without a photo.
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
    let beside_photo = photo.is_some();
    let text_width = if beside_photo {
        TEXT_RIGHT_BESIDE_PHOTO
    } else {
        TEXT_RIGHT
    } - TEXT_X;
    let (title_size, lines) = title_lines(&card.title, beside_photo);
    let line = |x: f32, y: f32, size: f32, text: &str, extra: &str| {
        format!(
            r##"<text x="{x}" y="{y}" font-size="{size}" fill="#ffffff"{extra}>{}</text>"##,
            escape(text)
        )
    };
    let mut words = String::new();
    let mut y = TITLE_TOP;
    for (i, text) in lines.iter().enumerate() {
        if i > 0 {
            y += title_size + TITLE_LEADING;
        }
        words.push_str(&line(TEXT_X, y, title_size, text, ""));
    }
    if !lines.is_empty() {
        y += SUBTITLE_GAP;
    }
    let subtitle = layout::wrap(&card.subtitle, SUBTITLE_SIZE, text_width, SUBTITLE_LINES);
    for (i, text) in subtitle.lines.iter().enumerate() {
        if i > 0 {
            y += SUBTITLE_SIZE + SUBTITLE_LEADING;
        }
        words.push_str(&line(
            TEXT_X,
            y,
            SUBTITLE_SIZE,
            text,
            r#" fill-opacity="0.85""#,
        ));
    }
    let photo = photo.map_or(String::new(), |photo| {
        use base64::Engine as _;
        // The credit its licence asks for, legible under the photo (two lines at most).
        let credit: String = card
            .photo_credit
            .as_deref()
            .map(|credit| layout::wrap(credit, CREDIT_SIZE, PHOTO_SIZE, 2).lines)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let y = CREDIT_TOP + i as f32 * (CREDIT_SIZE + 6.0);
                line(PHOTO_X, y, CREDIT_SIZE, text, r#" font-weight="normal" fill-opacity="0.92""#)
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
{words}
<rect x="80" y="540" width="56" height="56" rx="14" fill="#ffffff"/>
<path d="M98 582 v-16 M108 588 v-28 M118 582 v-16" stroke="hsl({hue}, 62%, 30%)" stroke-width="6" stroke-linecap="round"/>
<text x="156" y="580" font-size="32" fill="#ffffff">Sound Atlas</text>
</svg>"##,
        kind = escape(&card.kind.to_uppercase()),
    )
}

/// Rasterises the picture to JPEG.
pub fn render(card: &ShareCard) -> Result<Vec<u8>, String> {
    render_with(card, None)
}

/// Renders the picture with its photo (a photo that cannot be decoded is left out).
pub fn render_with(card: &ShareCard, photo: Option<&Photo>) -> Result<Vec<u8>, String> {
    let tree =
        usvg::Tree::from_str(&svg_with(card, photo), options()).map_err(|e| e.to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or("no pixmap")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode_jpeg(&pixmap)
}

/// An opaque picture as JPEG at [`JPEG_QUALITY`], without chroma subsampling (the
/// encoder's default), so coloured edges of letters stay clean.
pub fn encode_jpeg(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    // Every picture starts with an opaque background: the colour is the pixel's own.
    let rgb: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|pixel| [pixel.red(), pixel.green(), pixel.blue()])
        .collect();
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
        .encode(
            &rgb,
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| e.to_string())?;
    Ok(jpeg)
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

    /// The answer with the picture of `card`.
    pub async fn response(&self, card: ShareCard) -> Result<Response, ApiError> {
        Ok(picture_response(self.picture(card).await?))
    }

    /// The JPEG for `card` (with its photo when it loads), rendered off the async
    /// threads on a miss.
    async fn picture(&self, card: ShareCard) -> Result<Arc<Vec<u8>>, ApiError> {
        if let Some(picture) = self.cache.get(&card) {
            return Ok(picture);
        }
        let photo = match &card.image_url {
            Some(url) => self.photo(url).await,
            None => None,
        };
        let key = card.clone();
        let picture = tokio::task::spawn_blocking(move || render_with(&card, photo.as_ref()))
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?;
        let picture = Arc::new(picture);
        self.cache.insert(key, picture.clone());
        Ok(picture)
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

/// The page a share picture's route capture names (`"12.jpg"` at
/// `/og/artist/{id}.jpg`): a positive id.
pub fn page_id(image: &ImageRoute, file: &str) -> Option<i32> {
    match image.read(file)?.as_slice() {
        [id] => id.parse::<i32>().ok().filter(|id| *id > 0),
        _ => None,
    }
}

fn picture_response(picture: Arc<Vec<u8>>) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(MEDIA_TYPE)),
            // Crawlers fetch once; an hour keeps edits visible the same day.
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        picture.as_ref().clone(),
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

    /// A photo as costly to compress as a photo gets: every pixel a random colour.
    fn noise_png(size: u32) -> Vec<u8> {
        let mut pixmap = tiny_skia::Pixmap::new(size, size).unwrap();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        for pixel in pixmap.pixels_mut() {
            // xorshift64: deterministic noise without a dependency.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let [r, g, b, ..] = state.to_le_bytes();
            *pixel = tiny_skia::ColorU8::from_rgba(r, g, b, 255).premultiply();
        }
        pixmap.encode_png().unwrap()
    }

    fn decode(jpeg: &[u8]) -> image::RgbImage {
        image::load_from_memory_with_format(jpeg, image::ImageFormat::Jpeg)
            .expect("a JPEG")
            .to_rgb8()
    }

    #[test]
    fn a_photo_is_drawn_into_the_picture() {
        let photo = Photo::sniff(photo_png(64, (250, 10, 10))).expect("a PNG");
        let with = render_with(&card(1, "Queen"), Some(&photo)).unwrap();
        let picture = decode(&with);
        assert_eq!(picture.dimensions(), (1200, 630));
        // The middle of the photo frame is the photo's red (as near as JPEG keeps it).
        let [r, g, b] = picture.get_pixel(940, 275).0;
        assert!(r >= 240 && g <= 20 && b <= 20, "{:?}", (r, g, b));
        assert_ne!(with, render(&card(1, "Queen")).unwrap());
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
    fn every_kind_of_picture_is_a_1200_by_630_jpeg_under_the_messenger_limit() {
        let noise = Photo::sniff(noise_png(360)).unwrap();
        let long = "Record Labels Announce New Measures to Support Independent Artists Across Europe and Beyond";
        let article = ShareCard {
            kind: "Article",
            subtitle: "News & Updates".into(),
            photo_credit: Some("Photo: A. Photographer · CC BY-SA 4.0".into()),
            ..card(7, long)
        };
        for (name, card, photo) in [
            ("artist", card(1, "Queen"), None),
            ("article", article.clone(), None),
            ("artist with a photo", card(2, "The Beatles"), Some(&noise)),
            ("article with a photo", article, Some(&noise)),
        ] {
            let jpeg = render_with(&card, photo).unwrap();
            assert!(jpeg.len() < MAX_BYTES, "{name}: {} bytes", jpeg.len());
            assert_eq!(decode(&jpeg).dimensions(), (WIDTH, HEIGHT), "{name}");
        }
    }

    #[test]
    fn two_artists_never_share_a_picture() {
        let a = render(&card(1, "The Band")).unwrap();
        let b = render(&card(2, "The Band")).unwrap();
        assert_ne!(a, b);
        assert_ne!(svg(&card(1, "X")), svg(&card(2, "X")));
    }

    #[test]
    fn hostile_titles_stay_text() {
        let svg = svg(&card(3, "</text><script>alert(1)</script> & co"));
        assert!(!svg.contains("<script>"));
        assert!(usvg::Tree::from_str(&svg, options()).is_ok());
    }

    /// The lines of text drawn at `size` pixels.
    fn drawn_lines(svg: &str, size: f32) -> Vec<String> {
        let mark = format!(r##"font-size="{size}" fill="#ffffff">"##);
        svg.split(mark.as_str())
            .skip(1)
            .map(|rest| rest.split("</text>").next().unwrap().to_owned())
            .collect()
    }

    #[test]
    fn a_long_title_beside_a_photo_ends_on_a_whole_word() {
        let title = "Record Labels Announce New Measures to Support Independent Artists Across Europe and Beyond";
        let article = ShareCard {
            kind: "Article",
            subtitle: "Soft Rock · Progressive Rock · Singer-Songwriter".into(),
            ..card(7, title)
        };
        let photo = Photo::sniff(photo_png(8, (0, 0, 0))).unwrap();
        let svg = svg_with(&article, Some(&photo));
        let (size, lines) = title_lines(title, true);
        assert_eq!(lines.len(), TITLE_LINES);
        assert_eq!(drawn_lines(&svg, size), lines);
        let words: Vec<&str> = title.split(' ').collect();
        for line in &lines {
            let line = line.strip_suffix('…').unwrap_or(line);
            assert!(line.split(' ').all(|word| words.contains(&word)), "{line}");
            assert!(layout::width(line, size) <= TEXT_RIGHT_BESIDE_PHOTO - TEXT_X);
        }
        assert!(lines[2].ends_with('…'), "{lines:?}");
        // The genres go on a second line rather than being cut.
        let genres = svg
            .split(r##"font-size="34" fill="#ffffff" fill-opacity="0.85">"##)
            .skip(1)
            .map(|rest| rest.split("</text>").next().unwrap())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(genres, html_escape::encode_text(&article.subtitle));
    }

    #[test]
    fn a_short_title_is_drawn_whole_at_the_largest_size() {
        assert_eq!(
            title_lines("Queen", false),
            (76.0, vec!["Queen".to_owned()])
        );
        assert_eq!(drawn_lines(&svg(&card(1, "Queen")), 76.0), ["Queen"]);
    }

    #[test]
    fn only_positive_ids_with_a_jpg_suffix_name_a_picture() {
        let image = sound_atlas_contract::pages::images::ARTIST_SHARE_PICTURE;
        let id_of = |file| page_id(&image, file);
        assert_eq!(id_of("12.jpg"), Some(12));
        assert_eq!(id_of("12"), None);
        assert_eq!(id_of("12.png"), None);
        assert_eq!(id_of("0.jpg"), None);
        assert_eq!(id_of("x.jpg"), None);
    }
}
