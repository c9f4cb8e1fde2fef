//! Content codings: which ones a request accepts, and documents compressed once.
//!
//! A cached page is the same bytes for every visitor (no per-response part), so each
//! coding of it is made once and every later response sends those bytes without a copy,
//! as a static file is sent. A page made on a visitor's path is first compressed fast
//! (most pages a crawler asks for are asked for once); the smaller copy it keeps is made
//! in the background when it is asked for again. Its parts compressed apart (the critical
//! CSS many documents share, compressed once; its state, compressed while the engine
//! renders) are joined to the rest's brotli as they are.

use std::borrow::Cow;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue};
use base64::Engine;
use brotli::concat::{BroCatli, BroCatliResult};
use brotli::enc::BrotliEncoderParams;
use flate2::Compression;
use sha2::Digest;

/// Brotli's quality for a page's first answer, made while its visitor waits: a seventh
/// of quality 5's time, for a document a third larger (and 3% larger than quality 1's,
/// in a third of its time).
const FIRST_QUALITY: u32 = 0;
/// Brotli's quality for the copy a document keeps (made once, off the visitor's path):
/// fast rather than smallest, since every change of the data makes it again.
const KEPT_QUALITY: u32 = 5;

/// How each form of a document's brotli is named in its entity tag (`"<digest>.<form>"`):
/// the kept copy; a first answer compressed whole (at [`FIRST_QUALITY`]); and one with
/// parts compressed apart joined (each at its own quality: the same bytes whenever the
/// same document is made).
const KEPT: &str = "br";
const FIRST: &str = "br0";
const FIRST_JOINED: &str = "br0s";

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

/// The entity tag of a document's representation: `"<digest>"` for the document as it
/// is, `"<digest>.<coding>"` for each coding's bytes (a representation of their own).
/// The digest is URL-safe base64, which has no `.`.
fn entity_tag(digest: &str, coding: &str) -> HeaderValue {
    let tag = match coding {
        "" => format!("\"{digest}\""),
        coding => format!("\"{digest}.{coding}\""),
    };
    HeaderValue::from_str(&tag).expect("a digest is a valid tag")
}

/// The document's digest in an entity tag of [`Encoded`]'s (`W/` and the coding left
/// out, as the weak comparison `If-None-Match` asks for).
pub fn tagged_digest(tag: &str) -> &str {
    let tag = tag.trim().trim_start_matches("W/").trim_matches('"');
    tag.split('.').next().unwrap_or_default()
}

/// A document kept compressed, with its entity tags. Brotli is made at once and is the
/// only copy of the document kept (a fifth of its size: most of a page is its shell and
/// state, which compress well), since browsers and crawlers ask for it; gzip is made on
/// its first request and kept, and the identity is decoded for each rare request that
/// accepts neither.
pub struct Encoded {
    brotli: Arc<RwLock<Brotli>>,
    /// Whether the document has been sent once: the next answer has the kept brotli made.
    answered: AtomicBool,
    gzip: OnceLock<Bytes>,
    digest: Arc<str>,
    /// Strong entity tags of the identity and gzip bytes.
    tags: [HeaderValue; 2],
}

/// The brotli bytes sent now, and their tag.
struct Brotli {
    bytes: Bytes,
    tag: HeaderValue,
    made: Made,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Made {
    First,
    /// The kept copy is being made.
    Keeping,
    Kept,
}

/// A run of a document's text compressed apart, as a stream made to be joined to the
/// rest's (brotli joins such streams without compressing them again): a part many
/// documents share (their critical CSS), compressed once, or a part of one document (its
/// state) compressed while the rest is being made.
#[derive(Debug)]
pub struct CompressedPart {
    text: String,
    quality: u32,
    brotli: OnceLock<Vec<u8>>,
}

impl CompressedPart {
    /// A part many documents share: compressed once, at the kept copies' quality, when a
    /// document first joins it.
    pub fn shared(text: String) -> CompressedPart {
        CompressedPart::new(text, KEPT_QUALITY)
    }

    /// A part of one document: compressed at a first answer's quality, now if
    /// [`CompressedPart::compress`] says so, else when the document joins it.
    pub fn own(text: String) -> CompressedPart {
        CompressedPart::new(text, FIRST_QUALITY)
    }

    fn new(text: String, quality: u32) -> CompressedPart {
        CompressedPart {
            text,
            quality,
            brotli: OnceLock::new(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Compresses the part now (once).
    pub fn compress(&self) {
        self.brotli();
    }

    fn brotli(&self) -> &[u8] {
        self.brotli.get_or_init(|| {
            let window = brotli_window_bits(self.text.len());
            joinable_brotli(self.text.as_bytes(), self.quality, window)
        })
    }
}

impl Encoded {
    /// A document made on a visitor's path: compressed fast for the answer at hand, its
    /// kept copy made in the background once it is asked for again. The `parts` compressed
    /// apart, in the document's order, each where it is right after the first `after`
    /// past the one before, are joined as they are (all or none).
    pub fn answering(text: String, parts: &[(&str, &CompressedPart)]) -> Encoded {
        match first_brotli_joining(&text, parts) {
            Some(joined) => Encoded::new(text, joined, FIRST_JOINED, Made::First),
            None => {
                let bytes = compressed_brotli(text.as_bytes(), FIRST_QUALITY);
                Encoded::new(text, bytes, FIRST, Made::First)
            }
        }
    }

    /// A document made off a visitor's path, or once for many answers: compressed for
    /// keeping at once.
    pub fn kept(text: String) -> Encoded {
        let bytes = compressed_brotli(text.as_bytes(), KEPT_QUALITY);
        Encoded::new(text, bytes, KEPT, Made::Kept)
    }

    /// `brotli`: the document's brotli bytes, under the tag `"<digest>.<form>"`.
    fn new(text: String, brotli: Bytes, form: &str, made: Made) -> Encoded {
        let digest = sha2::Sha256::digest(text.as_bytes());
        let digest: Arc<str> = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(&digest[..18])
            .into();
        Encoded {
            brotli: Arc::new(RwLock::new(Brotli {
                bytes: brotli,
                tag: entity_tag(&digest, form),
                made,
            })),
            answered: AtomicBool::new(false),
            gzip: OnceLock::new(),
            tags: [entity_tag(&digest, ""), entity_tag(&digest, "gzip")],
            digest,
        }
    }

    /// The brotli bytes' size (what is kept of every document).
    pub fn size(&self) -> usize {
        self.read_brotli().bytes.len()
    }

    /// The document in the best coding `accepted` allows: the coding's name (None:
    /// identity), the bytes and their entity tag.
    /// A document answered before has its kept brotli made, for the answers after this
    /// one.
    pub fn best(&self, accepted: Accepted) -> (Option<&'static str>, Bytes, HeaderValue) {
        let best = if accepted.br {
            let brotli = self.read_brotli();
            (Some("br"), brotli.bytes.clone(), brotli.tag.clone())
        } else if accepted.gzip {
            let bytes = self.gzip.get_or_init(|| compressed_gzip(&self.identity()));
            (Some("gzip"), bytes.clone(), self.tags[1].clone())
        } else {
            (None, self.identity(), self.tags[0].clone())
        };
        if self.answered.swap(true, Ordering::Relaxed) {
            self.keep_smaller();
        }
        best
    }

    /// Makes the kept brotli in the background (once).
    fn keep_smaller(&self) {
        {
            let mut brotli = self.brotli.write().expect("never poisoned");
            if brotli.made != Made::First {
                return;
            }
            brotli.made = Made::Keeping;
        }
        let slot = Arc::clone(&self.brotli);
        let tag = entity_tag(&self.digest, KEPT);
        let keep = move || {
            let text = decoded(&slot.read().expect("never poisoned").bytes);
            let bytes = compressed_brotli(&text, KEPT_QUALITY);
            *slot.write().expect("never poisoned") = Brotli {
                bytes,
                tag,
                made: Made::Kept,
            };
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn_blocking(keep)),
            Err(_) => keep(),
        }
    }

    fn read_brotli(&self) -> std::sync::RwLockReadGuard<'_, Brotli> {
        self.brotli.read().expect("never poisoned")
    }

    /// The document, decoded from its brotli bytes.
    fn identity(&self) -> Bytes {
        Bytes::from(decoded(&self.read_brotli().bytes))
    }
}

fn decoded(brotli: &[u8]) -> Vec<u8> {
    let mut text = Vec::with_capacity(brotli.len() * 5);
    brotli::Decompressor::new(brotli, 4096)
        .read_to_end(&mut text)
        .expect("our own brotli decodes");
    text
}

fn compressed_brotli(text: &[u8], quality: u32) -> Bytes {
    let mut writer = brotli::CompressorWriter::new(
        Vec::with_capacity(text.len() / 4),
        4096,
        quality,
        brotli_window_bits(text.len()),
    );
    // Writing to a Vec cannot fail.
    writer.write_all(text).expect("in memory");
    Bytes::from(writer.into_inner())
}

/// The document's first brotli with `parts` joined (see [`Encoded::answering`]): None
/// where there are none, or one is not where it is said to be.
fn first_brotli_joining(text: &str, parts: &[(&str, &CompressedPart)]) -> Option<Bytes> {
    if parts.is_empty() {
        return None;
    }
    // The joined stream declares a window holding each part's (brotli's qualities 0 and
    // 1 take 2^18 bytes at least).
    let window = brotli_window_bits(text.len()).max(18);
    let own = |range: &str| joinable_brotli(range.as_bytes(), FIRST_QUALITY, window);
    let mut streams: Vec<Cow<[u8]>> = Vec::with_capacity(parts.len() * 2 + 1);
    let mut done = 0;
    for (after, part) in parts {
        let start =
            done + memchr::memmem::find(&text.as_bytes()[done..], after.as_bytes())? + after.len();
        if !text[start..].starts_with(&part.text) {
            return None;
        }
        streams.push(Cow::Owned(own(&text[done..start])));
        streams.push(Cow::Borrowed(part.brotli()));
        done = start + part.text.len();
    }
    streams.push(Cow::Owned(own(&text[done..])));
    let mut joined = vec![0; streams.iter().map(|s| s.len()).sum::<usize>() + 16];
    let mut written = 0;
    let mut join = BroCatli::new_with_window_size(window as u8);
    for stream in &streams {
        join.new_brotli_file();
        let mut read = 0;
        match join.stream(stream, &mut read, &mut joined, &mut written) {
            BroCatliResult::NeedsMoreInput => {}
            other => unreachable!("our own streams join: {other:?}"),
        }
    }
    match join.finish(&mut joined, &mut written) {
        BroCatliResult::Success => {}
        other => unreachable!("our own streams join: {other:?}"),
    }
    joined.truncate(written);
    Some(Bytes::from(joined))
}

/// `text` as a brotli stream that can be joined to others (by [`BroCatli`]).
fn joinable_brotli(text: &[u8], quality: u32, window: u32) -> Vec<u8> {
    let params = BrotliEncoderParams {
        quality: quality as i32,
        lgwin: window as i32,
        size_hint: text.len(),
        appendable: true,
        catable: true,
        ..BrotliEncoderParams::default()
    };
    let mut writer =
        brotli::CompressorWriter::with_params(Vec::with_capacity(text.len() / 4), 4096, &params);
    writer.write_all(text).expect("in memory");
    writer.into_inner()
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

    use super::{Accepted, CompressedPart, Encoded};

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
        for quality in [super::FIRST_QUALITY, super::KEPT_QUALITY] {
            let (allocated, _) =
                counting::allocated_by(|| super::compressed_brotli(page.as_bytes(), quality));
            assert!(
                allocated < 4 << 20,
                "quality {quality}: {} KB allocated",
                allocated >> 10
            );
        }
    }

    #[test]
    fn each_coding_decodes_to_the_document_with_a_tag_of_its_own() {
        // Empty to 3 MB: windows from the smallest to larger than any page.
        for items in [0, 2_000, 60_000] {
            let text: String = (0..items)
                .map(|i| format!("<li><a href=\"/artist/{i}\">Artist {i}</a></li>"))
                .collect();
            let document = Encoded::kept(text.clone());
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
            Encoded::kept("a".into()).best(Accepted::default()).2,
            Encoded::kept("b".into()).best(Accepted::default()).2,
            "a tag names its document"
        );
    }

    /// A page made while its visitor waits goes out compressed fast; asked for again, it
    /// keeps the smaller copy for the answers after that one, under a tag of its own
    /// (outside a runtime, as here, the copy is made at once; the server makes it in the
    /// background).
    #[test]
    fn a_page_asked_for_again_keeps_a_smaller_copy_under_its_own_tag() {
        let text: String = (0..2_000)
            .map(|i| {
                format!(
                    "<li><a href=\"/artist/{i}\">Artist {i}</a> ({})</li>",
                    1950 + i % 70
                )
            })
            .collect();
        let br = Accepted {
            br: true,
            gzip: true,
        };
        let document = Encoded::answering(text.clone(), &[]);
        let first = document.best(br);
        let again = document.best(br);
        let kept = document.best(br);
        let later = document.best(br);
        for (_, bytes, _) in [&first, &again, &kept] {
            assert_eq!(super::decoded(bytes), text.as_bytes());
        }
        assert!(
            first.2.to_str().unwrap().ends_with(".br0\""),
            "{:?}",
            first.2
        );
        assert_eq!(
            (&again.1, &again.2),
            (&first.1, &first.2),
            "the same answer again"
        );
        assert!(kept.2.to_str().unwrap().ends_with(".br\""), "{:?}", kept.2);
        assert!(
            kept.1.len() < first.1.len(),
            "{} B, first {} B",
            kept.1.len(),
            first.1.len()
        );
        assert_eq!((&later.1, &later.2), (&kept.1, &kept.2), "kept");
        assert_eq!(document.size(), kept.1.len());
        // Both name the document's digest, as the kept copy made at once does.
        let digest = |tag: &HeaderValue| super::tagged_digest(tag.to_str().unwrap()).to_owned();
        assert_eq!(digest(&first.2), digest(&kept.2));
        assert_eq!(digest(&first.2), digest(&Encoded::kept(text).best(br).2));
    }

    /// A first answer joins its parts compressed apart (one shared, compressed once; one
    /// its own, compressed before) to the rest's brotli: it decodes to the document,
    /// holds each part's compressed bytes as they are, and has a tag of its own (its bytes
    /// are not the document compressed whole).
    #[test]
    fn a_first_answer_joins_its_parts_compressed_apart() {
        let css: String = (0..400).map(|i| format!(".c{i}{{margin:{i}px}}")).collect();
        let shared = CompressedPart::shared(css.clone());
        let br = Accepted {
            br: true,
            gzip: false,
        };
        let digest = |tag: &HeaderValue| super::tagged_digest(tag.to_str().unwrap()).to_owned();
        let ends = |tag: &HeaderValue, form: &str| tag.to_str().unwrap().ends_with(form);
        let as_they_are = |joined: &[u8], part: &CompressedPart| {
            let stream = part.brotli.get().expect("compressed");
            let aligned = &stream[5..stream.len() - 2];
            joined.windows(aligned.len()).any(|w| w == aligned)
        };
        // Nothing after the parts, a page, and a document past the smallest window.
        for items in [0, 50, 10_000] {
            let body: String = (0..items).map(|i| format!("<li>Artist {i}</li>")).collect();
            let state: String = (0..items + 100)
                .map(|i| format!("{{\"id\":{i}}},"))
                .collect();
            let own = CompressedPart::own(format!("[{state}]"));
            own.compress();
            let text = format!(
                "<title>&lt;style&gt;</title><style>{css}</style>{body}<script>{}</script>",
                own.text()
            );
            let parts = [("<style>", &shared), ("<script>", &own)];
            let (_, joined, tag) = Encoded::answering(text.clone(), &parts).best(br);
            assert_eq!(super::decoded(&joined), text.as_bytes(), "{items} items");
            assert!(as_they_are(&joined, &shared) && as_they_are(&joined, &own));
            assert!(ends(&tag, ".br0s\""), "{tag:?}");
            let (_, _, whole) = Encoded::answering(text, &[]).best(br);
            assert!(ends(&whole, ".br0\""), "{whole:?}");
            assert_eq!(digest(&tag), digest(&whole));
        }
        // A document without a part where it is said to be is compressed whole.
        let text = format!("<style>x</style>{css}");
        let (_, bytes, tag) = Encoded::answering(text.clone(), &[("<style>", &shared)]).best(br);
        assert_eq!(super::decoded(&bytes), text.as_bytes());
        assert!(ends(&tag, ".br0\""), "{tag:?}");
    }

    #[test]
    fn a_tag_names_its_digest_whatever_the_digest_holds() {
        assert_eq!(super::tagged_digest("\"ab-c_d.br\""), "ab-c_d");
        assert_eq!(super::tagged_digest(" W/\"ab-c_d.gzip\""), "ab-c_d");
        assert_eq!(super::tagged_digest("\"ab-c_d\""), "ab-c_d");
        assert_ne!(
            super::tagged_digest("\"ab-cd\""),
            super::tagged_digest("\"ab-xy\"")
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
