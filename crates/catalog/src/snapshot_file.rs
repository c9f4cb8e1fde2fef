//! The catalogue's snapshot kept in a file beside the database, so that the first read
//! after a start loads it (about a second at two million artists) instead of reading
//! and indexing every artist (tens of seconds).
//!
//! The file holds the artists in list order, their genre names, the video channels and
//! the search index, after a header saying what it was written from: the build of the
//! program (a rebuilt program may lay the snapshot out otherwise), the database and the
//! table's change marker. Only the same build loads it, for the same database, while
//! the table's marker is still the one it was written at; a missing, older, foreign,
//! cut short or damaged file is passed over and the table read as before. After every
//! read of the table the file is written again in the background (to a temporary file,
//! then renamed over the old one, so a reader never meets half a file).

use std::fs::File;
use std::io::{BufWriter, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::UNIX_EPOCH;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What a kept snapshot starts with (the layout's version is in it) and ends with (a
/// file without its end was cut short).
const START: &[u8; 8] = b"SASNAP03";
const END: &[u8; 8] = b"SASNAPEN";
/// Enough of the file's start to hold its header.
const HEADER_BYTES: usize = 4096;

/// What a file was written from (`M`: the table's change marker): it is loaded only
/// when all of it is the reader's own.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Header<M> {
    build: String,
    database: String,
    marker: M,
}

/// Where a catalogue keeps its snapshot, and for which database.
#[derive(Debug, Clone)]
pub struct SnapshotFile {
    path: PathBuf,
    database: String,
    /// Held while the file is written (one writer at a time).
    writing: Arc<Mutex<()>>,
}

impl SnapshotFile {
    /// The file in `dir` for the database at `database_url` (none: the SQLite file in
    /// that directory). A server database's file is named by a hash of its address
    /// without the password, which is never written.
    pub fn in_dir(dir: &Path, database_url: Option<&str>) -> SnapshotFile {
        let (name, database) = match database_url {
            None => ("catalog-snapshot.bin".to_owned(), "sqlite".to_owned()),
            Some(address) => {
                let database = match url::Url::parse(address) {
                    Ok(mut url) => {
                        let _ = url.set_password(None);
                        url.to_string()
                    }
                    Err(_) => "unparsed database address".to_owned(),
                };
                let hash = crate::stable_hash::fnv1a(database.bytes());
                (format!("catalog-snapshot-{hash:016x}.bin"), database)
            }
        };
        SnapshotFile {
            path: dir.join(name),
            database,
            writing: Arc::new(Mutex::new(())),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn header<M>(&self, marker: M) -> Option<Header<M>> {
        Some(Header {
            build: this_build()?,
            database: self.database.clone(),
            marker,
        })
    }

    /// The snapshot kept for the table at `marker`, when the file holds one this build
    /// wrote for this database at that marker (blocking: reads the whole file).
    pub(crate) fn load<M, T>(&self, marker: M) -> Option<T>
    where
        M: DeserializeOwned + PartialEq,
        T: DeserializeOwned,
    {
        let expected = self.header(marker)?;
        let mut file = match File::open(&self.path) {
            Ok(file) => file,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return None,
            Err(err) => return self.passed_over(&err.to_string()),
        };
        let mut head = Vec::with_capacity(HEADER_BYTES);
        if let Err(err) = (&mut file).take(HEADER_BYTES as u64).read_to_end(&mut head) {
            return self.passed_over(&err.to_string());
        }
        let Some(after_start) = head.strip_prefix(START) else {
            return self.passed_over("not a snapshot of this layout");
        };
        let Ok((header, rest)) = postcard::take_from_bytes::<Header<M>>(after_start) else {
            return self.passed_over("an unreadable header");
        };
        if header != expected {
            // Another build's, database's or table's: the usual case after a change.
            return None;
        }
        let mut body = rest.to_vec();
        drop(head);
        if let Err(err) = file.read_to_end(&mut body) {
            return self.passed_over(&err.to_string());
        }
        let Some(body) = body.strip_suffix(END) else {
            return self.passed_over("cut short");
        };
        match postcard::from_bytes(body) {
            Ok(kept) => Some(kept),
            Err(err) => self.passed_over(&err.to_string()),
        }
    }

    /// Nothing loaded, with a warning saying why.
    pub(crate) fn passed_over<T>(&self, why: &str) -> Option<T> {
        tracing::warn!(path = %self.path.display(), why, "passed over the kept catalogue snapshot");
        None
    }

    /// Writes `snapshot`, read from the table at `marker`, over the kept one (blocking).
    pub(crate) fn keep<M: Serialize>(
        &self,
        marker: M,
        snapshot: &impl Serialize,
    ) -> std::io::Result<()> {
        let Some(header) = self.header(marker) else {
            return Ok(()); // no build to name: nothing could load it
        };
        let _writing = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let temporary = self.path.with_extension("bin.tmp");
        let mut out = BufWriter::with_capacity(1 << 20, File::create(&temporary)?);
        out.write_all(START)?;
        let io = |err: postcard::Error| std::io::Error::other(err.to_string());
        let mut out = postcard::to_io(&header, out).map_err(io)?;
        postcard::to_io(snapshot, &mut out).map_err(io)?;
        out.write_all(END)?;
        out.flush()?;
        drop(out);
        std::fs::rename(&temporary, &self.path)
    }
}

/// This program's build, as its executable's size and modification time (none when
/// the executable cannot be found).
fn this_build() -> Option<String> {
    let metadata = std::fs::metadata(std::env::current_exe().ok()?).ok()?;
    let modified = metadata.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!(
        "{} bytes, {} ns",
        metadata.len(),
        modified.as_nanos()
    ))
}
