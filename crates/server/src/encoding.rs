//! Content codings: which ones a request accepts, and documents compressed once, their
//! shared part apart from their tail.
//!
//! A cached page is its shared part (cached) and its tail, the module script tags (the
//! same for every page of a release; they once carried a per-response CSP nonce).
//! Compressing the whole page per response cost more than serving it; instead the shared
//! part is compressed once per coding, flushed to a byte boundary and left open, and each
//! response appends the tail:
//! - brotli (RFC 7932): the tail as an uncompressed meta-block, then an empty last one;
//! - gzip (RFC 1952): the tail as its own final deflate block, with the CRC-32 and size
//!   of the whole document in the trailer.

use std::io::Write;
use std::sync::OnceLock;

use axum::http::{header, HeaderMap};
use flate2::{Compression, Crc};

/// Brotli's quality for a cached page: compressed once, on its first compressed request
/// (a crawler's only one), so fast rather than smallest.
const BROTLI_QUALITY: u32 = 5;

/// The smallest window that holds the whole document (brotli allows 2^10 to 2^24 bytes):
/// the same output as the largest, without allocating and clearing a 4 MiB ring buffer
/// for a 20 KB page (a third of the compression's time, a tenth of a cold render's).
fn brotli_window_bits(len: usize) -> u32 {
    (usize::BITS - len.leading_zeros()).clamp(10, 24)
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

/// A document's shared part, with its compressed forms made on first use.
pub struct SharedPart {
    text: String,
    brotli: OnceLock<Vec<u8>>,
    gzip: OnceLock<(Vec<u8>, Crc)>,
}

impl SharedPart {
    pub fn new(text: String) -> SharedPart {
        SharedPart {
            text,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// The uncompressed size, in bytes.
    pub fn size(&self) -> usize {
        self.text.len()
    }

    /// The part's text (its digest is the document's entity tag).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The whole document (this part, then `tail`) in the best coding `accepted`
    /// allows: the coding's name (None: identity) and the bytes.
    pub fn with_tail(&self, tail: &str, accepted: Accepted) -> (Option<&'static str>, Vec<u8>) {
        if accepted.br {
            (Some("br"), self.brotli_with_tail(tail.as_bytes()))
        } else if accepted.gzip {
            (Some("gzip"), self.gzip_with_tail(tail.as_bytes()))
        } else {
            (None, [self.text.as_str(), tail].concat().into_bytes())
        }
    }

    fn brotli_with_tail(&self, tail: &[u8]) -> Vec<u8> {
        let open = self.brotli.get_or_init(|| {
            let mut writer = brotli::CompressorWriter::new(
                Vec::with_capacity(self.text.len() / 4),
                4096,
                BROTLI_QUALITY,
                brotli_window_bits(self.text.len()),
            );
            // Writing to a Vec cannot fail. The flush ends the stream on a byte boundary
            // without its last meta-block; what dropping the writer adds is not kept.
            writer.write_all(self.text.as_bytes()).expect("in memory");
            writer.flush().expect("in memory");
            writer.get_ref().clone()
        });
        let mut out = Vec::with_capacity(open.len() + tail.len() + 4);
        out.extend_from_slice(open);
        for chunk in tail.chunks(1 << 16) {
            // ISLAST = 0, MNIBBLES = 0 (four nibbles), MLEN - 1 in 16 bits,
            // ISUNCOMPRESSED = 1: 20 bits, padded with zeros to three bytes.
            let header = ((chunk.len() as u32 - 1) << 3) | (1 << 19);
            out.extend_from_slice(&header.to_le_bytes()[..3]);
            out.extend_from_slice(chunk);
        }
        // ISLAST = 1, ISLASTEMPTY = 1.
        out.push(0b11);
        out
    }

    fn gzip_with_tail(&self, tail: &[u8]) -> Vec<u8> {
        let (open, crc) = self.gzip.get_or_init(|| {
            let mut encoder = flate2::write::DeflateEncoder::new(
                Vec::with_capacity(self.text.len() / 4),
                Compression::default(),
            );
            // A sync flush: every block so far, non-final, ending on a byte boundary.
            encoder.write_all(self.text.as_bytes()).expect("in memory");
            encoder.flush().expect("in memory");
            let mut crc = Crc::new();
            crc.update(self.text.as_bytes());
            (encoder.get_ref().clone(), crc)
        });
        // ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS.
        const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];
        let mut out = Vec::with_capacity(HEADER.len() + open.len() + tail.len() + 16);
        out.extend_from_slice(&HEADER);
        out.extend_from_slice(open);
        let mut encoder = flate2::write::DeflateEncoder::new(out, Compression::fast());
        encoder.write_all(tail).expect("in memory");
        let mut out = encoder.finish().expect("in memory");
        let mut whole = Crc::new();
        whole.combine(crc);
        let mut tail_crc = Crc::new();
        tail_crc.update(tail);
        whole.combine(&tail_crc);
        out.extend_from_slice(&whole.sum().to_le_bytes());
        out.extend_from_slice(&whole.amount().to_le_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use axum::http::{HeaderMap, HeaderValue};

    use super::{Accepted, SharedPart};

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

    /// A page-like text of `items` lines: several blocks, with repeats across the seam.
    fn shared_text(items: usize) -> String {
        (0..items)
            .map(|i| format!("<li><a href=\"/artist/{i}\">Artist {i}</a></li>"))
            .collect()
    }

    #[test]
    fn the_brotli_window_holds_the_document() {
        assert_eq!(super::brotli_window_bits(0), 10);
        assert_eq!(super::brotli_window_bits(20_000), 15);
        assert_eq!(super::brotli_window_bits(32_768), 16);
        assert_eq!(super::brotli_window_bits(100 << 20), 24);
    }

    #[test]
    fn each_coding_decodes_to_the_shared_part_then_the_tail() {
        // Empty to 3 MB: windows from the smallest to larger than any page.
        for items in [0, 2_000, 60_000] {
            decodes_to_the_shared_part_then_the_tail(&shared_text(items));
        }
    }

    fn decodes_to_the_shared_part_then_the_tail(shared: &str) {
        let part = SharedPart::new(shared.to_owned());
        for tail in [
            "<script type=\"module\" src=\"/static/entry.js\" nonce=\"abc\"></script></body></html>",
            "x",
            "",
        ] {
            let expected = format!("{shared}{tail}");
            // Twice each: the second response reuses the compressed part.
            for _ in 0..2 {
                let (coding, bytes) = part.with_tail(tail, Accepted { br: true, gzip: true });
                assert_eq!(coding, Some("br"));
                let mut decoded = String::new();
                brotli::Decompressor::new(bytes.as_slice(), 4096)
                    .read_to_string(&mut decoded)
                    .expect("valid brotli");
                assert_eq!(decoded, expected);

                let (coding, bytes) = part.with_tail(tail, Accepted { br: false, gzip: true });
                assert_eq!(coding, Some("gzip"));
                assert!(bytes.len() < expected.len() / 4 || shared.is_empty(), "compressed");
                let mut decoded = String::new();
                // The decoder checks the trailer's CRC-32 and size.
                flate2::read::GzDecoder::new(bytes.as_slice())
                    .read_to_string(&mut decoded)
                    .expect("valid gzip");
                assert_eq!(decoded, expected);

                let (coding, bytes) = part.with_tail(tail, Accepted::default());
                assert_eq!(coding, None);
                assert_eq!(String::from_utf8(bytes).unwrap(), expected);
            }
        }
    }

    #[test]
    fn a_tail_longer_than_one_uncompressed_meta_block_is_split() {
        let part = SharedPart::new("head".into());
        let tail = "t".repeat((1 << 16) * 2 + 5);
        let (_, bytes) = part.with_tail(
            &tail,
            Accepted {
                br: true,
                gzip: false,
            },
        );
        let mut decoded = String::new();
        brotli::Decompressor::new(bytes.as_slice(), 4096)
            .read_to_string(&mut decoded)
            .expect("valid brotli");
        assert_eq!(decoded, format!("head{tail}"));
    }
}
