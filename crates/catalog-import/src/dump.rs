//! Reading a data dump as a stream of lines: plain, or compressed with gzip, bzip2 or
//! xz (told by the file's first bytes, not its name), never held whole.

use std::io::{BufRead, BufReader, Read};

use sound_atlas_import::ImportError;

/// The dump at `path`, decompressed as it is read.
pub fn open(path: &str) -> Result<Box<dyn BufRead + Send>, ImportError> {
    let unreadable = |err: std::io::Error| ImportError::Input(format!("reading {path}: {err}"));
    let mut file =
        BufReader::with_capacity(1 << 16, std::fs::File::open(path).map_err(unreadable)?);
    let magic = file.fill_buf().map_err(unreadable)?;
    let reader: Box<dyn Read + Send> = if magic.starts_with(&[0x1f, 0x8b]) {
        // Several gzip members in a row read as one stream.
        Box::new(flate2::bufread::MultiGzDecoder::new(file))
    } else if magic.starts_with(b"BZh") {
        // The knowledge base's .bz2 dumps are written in parallel: many bzip2 streams.
        Box::new(bzip2::bufread::MultiBzDecoder::new(file))
    } else if magic.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        Box::new(xz2::bufread::XzDecoder::new_multi_decoder(file))
    } else {
        return Ok(Box::new(file));
    };
    Ok(Box::new(BufReader::with_capacity(1 << 16, reader)))
}

/// The lines of a stream, one at a time, with their numbers (from 1).
pub struct Lines<R> {
    reader: R,
    line: Vec<u8>,
    number: usize,
    path: String,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, path: &str) -> Self {
        Lines {
            reader,
            line: Vec::with_capacity(1 << 16),
            number: 0,
            path: path.to_owned(),
        }
    }

    /// The next line (without its line break) and its number, or None at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &[u8])>, ImportError> {
        self.line.clear();
        let read = self
            .reader
            .read_until(b'\n', &mut self.line)
            .map_err(|err| {
                ImportError::Input(format!(
                    "reading {} after line {}: {err}",
                    self.path, self.number
                ))
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        while self.line.last().is_some_and(|b| matches!(b, b'\n' | b'\r')) {
            self.line.pop();
        }
        Ok(Some((self.number, &self.line)))
    }
}
