//! Content codings: which ones a request accepts, and documents compressed once.
//!
//! A cached page is the same bytes for every visitor (no per-response part), so each
//! coding of it is made once and every later response sends those bytes without a copy,
//! as a static file is sent.

use std::io::{Read, Write};
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue};
use base64::Engine;
use flate2::Compression;
use sha2::Digest;

/// Brotli's quality for a cached page: compressed once, when it is made
/// (a crawler's only one), so fast rather than smallest.
const BROTLI_QUALITY: u32 = 5;

/// The smallest window that holds the whole document, and at least 2^17 bytes (brotli
/// allows 2^10 to 2^24): the same output as the largest, without allocating and
/// clearing a 4 MiB ring buffer for a 40 KB page. Never 2^16 or less: at qualities 5 to
/// 9 the brotli crate then takes a hasher (its type 40) that allocates and clears 33 MB
/// for each document, 12 ms for an artist page instead of 0.5 ms.
fn brotli_window_bits(len: usize) -> u32 {
    (usize::BITS - len.leading_zeros()).clamp(17, 24)
}

/// The content codings a request accepts, of those the server sends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Accepted {
    pub br: bool,
    pub gzip: bool,
}

impl Accepted {
    /// From the request's `Accept-Encoding` (`q=0` refuses a coding).
    pub fn from_headers(headers: &HeaderMap) -> Accepted {
        let mut accepted = Accepted::default();
        let codings = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','));
        for coding in codings {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            if refused {
                continue;
            }
            if name.eq_ignore_ascii_case("br") {
                accepted.br = true;
            } else if name.eq_ignore_ascii_case("gzip") {
                accepted.gzip = true;
            }
        }
        accepted
    }
}

/// A document kept compressed, with its entity tags. Brotli is made at once and is the
/// only copy of the document kept (a fifth of its size: most of a page is its shell and
/// state, which compress well), since browsers and crawlers ask for it; gzip is made on
/// its first request and kept, and the identity is decoded for each rare request that
/// accepts neither.
pub struct Encoded {
    brotli: Bytes,
    gzip: OnceLock<Bytes>,
    /// Strong entity tags of the identity, brotli and gzip bytes: one digest of the
    /// document, then the coding (each coding's bytes are a representation of their own).
    tags: [HeaderValue; 3],
}

impl Encoded {
    pub fn new(text: String) -> Encoded {
        let digest = sha2::Sha256::digest(text.as_bytes());
        let digest = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&digest[..18]);
        let tag = |suffix: &str| {
            HeaderValue::from_str(&format!("\"{digest}{suffix}\""))
                .expect("a digest is a valid tag")
        };
        Encoded {
            tags: [tag(""), tag("-br"), tag("-gzip")],
            brotli: compressed_brotli(text.as_bytes()),
            gzip: OnceLock::new(),
        }
    }

    /// The brotli bytes' size (what is kept of every document).
    pub fn size(&self) -> usize {
        self.brotli.len()
    }

    /// The document in the best coding `accepted` allows: the coding's name (None:
    /// identity), the bytes and their entity tag.
    pub fn best(&self, accepted: Accepted) -> (Option<&'static str>, Bytes, &HeaderValue) {
        if accepted.br {
            (Some("br"), self.brotli.clone(), &self.tags[1])
        } else if accepted.gzip {
            let bytes = self.gzip.get_or_init(|| compressed_gzip(&self.identity()));
            (Some("gzip"), bytes.clone(), &self.tags[2])
        } else {
            (None, self.identity(), &self.tags[0])
        }
    }

    /// The document, decoded from its brotli bytes.
    fn identity(&self) -> Bytes {
        let mut text = Vec::with_capacity(self.brotli.len() * 5);
        brotli::Decompressor::new(self.brotli.as_ref(), 4096)
            .read_to_end(&mut text)
            .expect("our own brotli decodes");
        Bytes::from(text)
    }
}

fn compressed_brotli(text: &[u8]) -> Bytes {
    let mut writer = brotli::CompressorWriter::new(
        Vec::with_capacity(text.len() / 4),
        4096,
        BROTLI_QUALITY,
        brotli_window_bits(text.len()),
    );
    // Writing to a Vec cannot fail.
    writer.write_all(text).expect("in memory");
    Bytes::from(writer.into_inner())
}

fn compressed_gzip(text: &[u8]) -> Bytes {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(text.len() / 4), Compression::default());
    encoder.write_all(text).expect("in memory");
    Bytes::from(encoder.finish().expect("in memory"))
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use axum::http::{HeaderMap, HeaderValue};

    use super::{Accepted, Encoded};

    fn accepted(value: &str) -> Accepted {
        let mut headers = HeaderMap::new();
        headers.insert("accept-encoding", HeaderValue::from_str(value).unwrap());
        Accepted::from_headers(&headers)
    }

    #[test]
    fn accept_encoding_is_read_with_refusals() {
        assert_eq!(
            accepted("gzip, deflate, br, zstd"),
            Accepted {
                br: true,
                gzip: true
            }
        );
        assert_eq!(
            accepted("GZIP;q=0.5, br;q=0"),
            Accepted {
                br: false,
                gzip: true
            }
        );
        assert_eq!(accepted("identity"), Accepted::default());
        assert_eq!(
            Accepted::from_headers(&HeaderMap::new()),
            Accepted::default()
        );
    }

    #[test]
    fn the_brotli_window_holds_the_document() {
        assert_eq!(super::brotli_window_bits(0), 17);
        assert_eq!(super::brotli_window_bits(100_000), 17);
        assert_eq!(super::brotli_window_bits(131_072), 18);
        assert_eq!(super::brotli_window_bits(100 << 20), 24);
    }

    /// A page's compression allocates little: what it allocates it also clears, page by
    /// page, and that was most of a cold page's time outside the engine (33 MB, 12 ms
    /// for a 40 KB artist page).
    #[test]
    fn compressing_a_page_allocates_little() {
        let page: String = (0..700)
            .map(|i| {
                format!(
                    "<li><a href=\"/artist/{i}\">Artist {i}</a> ({})</li>",
                    1950 + i % 70
                )
            })
            .collect();
        assert!((30_000..65_536).contains(&page.len()), "{}", page.len());
        let (allocated, _) = counting::allocated_by(|| super::compressed_brotli(page.as_bytes()));
        assert!(allocated < 4 << 20, "{} KB allocated", allocated >> 10);
    }

    #[test]
    fn each_coding_decodes_to_the_document_with_a_tag_of_its_own() {
        // Empty to 3 MB: windows from the smallest to larger than any page.
        for items in [0, 2_000, 60_000] {
            let text: String = (0..items)
                .map(|i| format!("<li><a href=\"/artist/{i}\">Artist {i}</a></li>"))
                .collect();
            let document = Encoded::new(text.clone());
            let mut tags = Vec::new();
            // Twice each: the second response reuses the compressed bytes.
            for _ in 0..2 {
                let (coding, bytes, tag) = document.best(Accepted {
                    br: true,
                    gzip: true,
                });
                assert_eq!(coding, Some("br"));
                let mut decoded = String::new();
                brotli::Decompressor::new(bytes.as_ref(), 4096)
                    .read_to_string(&mut decoded)
                    .expect("valid brotli");
                assert_eq!(decoded, text);
                tags.push(tag.clone());

                let (coding, bytes, tag) = document.best(Accepted {
                    br: false,
                    gzip: true,
                });
                assert_eq!(coding, Some("gzip"));
                assert!(
                    bytes.len() < text.len() / 4 || text.is_empty(),
                    "compressed"
                );
                let mut decoded = String::new();
                flate2::read::GzDecoder::new(bytes.as_ref())
                    .read_to_string(&mut decoded)
                    .expect("valid gzip");
                assert_eq!(decoded, text);
                tags.push(tag.clone());

                let (coding, bytes, tag) = document.best(Accepted::default());
                assert_eq!(coding, None);
                assert_eq!(bytes.as_ref(), text.as_bytes());
                tags.push(tag.clone());
            }
            assert_eq!(tags[..3], tags[3..], "the same tags every time");
            assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2]);
        }
        assert_ne!(
            Encoded::new("a".into()).best(Accepted::default()).2,
            Encoded::new("b".into()).best(Accepted::default()).2,
            "a tag names its document"
        );
    }

    /// The bytes a closure allocates on its own thread (the test binary's allocator
    /// counts each thread's allocations).
    mod counting {
        use std::alloc::{GlobalAlloc, Layout, System};
        use std::cell::Cell;

        struct Counting;

        thread_local! {
            static ALLOCATED: Cell<usize> = const { Cell::new(0) };
        }

        // SAFETY: every call is passed on to the system allocator as it came.
        unsafe impl GlobalAlloc for Counting {
            unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
                let _ = ALLOCATED.try_with(|n| n.set(n.get() + layout.size()));
                System.alloc(layout)
            }

            unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
                System.dealloc(ptr, layout)
            }

            unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
                let _ = ALLOCATED.try_with(|n| n.set(n.get() + layout.size()));
                System.alloc_zeroed(layout)
            }

            unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
                let _ = ALLOCATED.try_with(|n| n.set(n.get() + new_size));
                System.realloc(ptr, layout, new_size)
            }
        }

        #[global_allocator]
        static COUNTING: Counting = Counting;

        pub fn allocated_by<T>(run: impl FnOnce() -> T) -> (usize, T) {
            let before = ALLOCATED.with(Cell::get);
            let made = run();
            (ALLOCATED.with(Cell::get) - before, made)
        }
    }
}
