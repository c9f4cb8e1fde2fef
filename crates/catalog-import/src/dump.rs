//! Reading a data dump as a stream of lines: plain, or compressed with gzip, bzip2 or
//! xz (told by the file's first bytes, not its name), never held whole.

use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sound_atlas_import::ImportError;

/// The dump at `path`, decompressed as it is read.
pub fn open(path: &str) -> Result<Box<dyn BufRead + Send>, ImportError> {
    Ok(open_measured(path)?.0)
}

/// How far a reading of a dump has come: the bytes read of the file (compressed, as
/// it is on disk) against its size, the one fraction known before the end.
#[derive(Clone)]
pub struct ReadSoFar {
    read: Arc<AtomicU64>,
    pub size: u64,
}

impl ReadSoFar {
    pub fn bytes(&self) -> u64 {
        self.read.load(Ordering::Relaxed)
    }
}

/// Counts the bytes taken from the file.
struct Counted<R>(R, Arc<AtomicU64>);

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.read(buf)?;
        self.1.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// [`open`], with how far the reading has come.
pub fn open_measured(path: &str) -> Result<(Box<dyn BufRead + Send>, ReadSoFar), ImportError> {
    let unreadable = |err: std::io::Error| ImportError::Input(format!("reading {path}: {err}"));
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let so_far = ReadSoFar {
        read: Arc::default(),
        size: file.metadata().map_err(unreadable)?.len(),
    };
    let mut file = BufReader::with_capacity(1 << 16, Counted(file, so_far.read.clone()));
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
        return Ok((Box::new(file), so_far));
    };
    Ok((Box::new(BufReader::with_capacity(1 << 16, reader)), so_far))
}

/// Longest line read, in bytes: a line is buffered whole, so a small compressed file
/// holding one enormous line must not take memory in proportion. The largest entities
/// of the knowledge base's dump, and the largest artists of MusicBrainz's, are a few
/// megabytes of JSON on their line; 64 MiB leaves ten times that and more.
pub const MAX_LINE: usize = 64 << 20;

/// The lines of a stream, one at a time, with their numbers (from 1); a line longer
/// than [`MAX_LINE`] stops the reading with an error naming it, having read no more of
/// it than that.
pub struct Lines<R> {
    reader: R,
    line: Vec<u8>,
    number: usize,
    path: String,
    max_line: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, path: &str) -> Self {
        Lines {
            reader,
            line: Vec::with_capacity(1 << 16),
            number: 0,
            path: path.to_owned(),
            max_line: MAX_LINE,
        }
    }

    /// Lines of at most `max_line` bytes: a cap small enough to test.
    #[cfg(test)]
    fn with_max_line(reader: R, path: &str, max_line: usize) -> Self {
        Lines {
            max_line,
            ..Self::new(reader, path)
        }
    }

    /// Lines read so far.
    pub fn number(&self) -> usize {
        self.number
    }

    pub fn path(&self) -> &str {
        &self.path
    }

    /// The next line (without its line break) and its number, or None at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &[u8])>, ImportError> {
        self.line.clear();
        // The line and its break, or one byte more than a line may have.
        let limit = self.max_line as u64 + 1;
        let read = (&mut self.reader)
            .take(limit)
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
        if read as u64 == limit && self.line.last() != Some(&b'\n') {
            return Err(ImportError::Input(format!(
                "{}: line {} is longer than {} bytes, the most a line may have; nothing was imported",
                self.path, self.number, self.max_line
            )));
        }
        while self.line.last().is_some_and(|b| matches!(b, b'\n' | b'\r')) {
            self.line.pop();
        }
        Ok(Some((self.number, &self.line)))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use super::*;

    /// Counts the bytes the line reader takes from its stream.
    struct Counting<R>(R, Arc<AtomicUsize>);

    impl<R: Read> Read for Counting<R> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1.fetch_add(n, Ordering::Relaxed);
            Ok(n)
        }
    }

    #[test]
    fn a_line_past_the_cap_is_reported_by_number_without_being_read_whole() {
        let max_line = 64 << 10;
        // A 16 MiB third line, never in memory as a whole.
        let stream = (&b"[\n{\"id\":\"Q1\"},\n"[..])
            .chain(std::io::repeat(b'x').take(16 << 20))
            .chain(&b"\n]\n"[..]);
        let taken = Arc::new(AtomicUsize::new(0));
        let reader = BufReader::new(Counting(stream, taken.clone()));
        let mut lines = Lines::with_max_line(reader, "dump.json", max_line);
        assert_eq!(lines.next_line().unwrap().unwrap(), (1, &b"["[..]));
        assert_eq!(lines.next_line().unwrap().unwrap().0, 2);
        let err = lines.next_line().unwrap_err().to_string();
        assert_eq!(
            err,
            "dump.json: line 3 is longer than 65536 bytes, the most a line may have; nothing was imported"
        );
        // No more than the cap (and a read-ahead buffer) was read, nor held.
        let taken = taken.load(Ordering::Relaxed);
        assert!(taken < 2 * max_line, "{taken} bytes read");
        assert!(lines.line.capacity() <= 2 * (max_line + 1));
    }

    #[test]
    fn a_line_of_exactly_the_cap_is_read_one_more_byte_is_not() {
        let mut lines = Lines::with_max_line(&b"0123456789\n0123456789"[..], "dump", 10);
        assert_eq!(lines.next_line().unwrap().unwrap(), (1, &b"0123456789"[..]));
        assert_eq!(lines.next_line().unwrap().unwrap(), (2, &b"0123456789"[..]));
        assert!(lines.next_line().unwrap().is_none());
        let mut lines = Lines::with_max_line(&b"ok\n0123456789a\n"[..], "dump", 10);
        assert_eq!(lines.next_line().unwrap().unwrap().0, 1);
        let err = lines.next_line().unwrap_err().to_string();
        assert!(
            err.starts_with("dump: line 2 is longer than 10 bytes"),
            "{err}"
        );
    }
}
