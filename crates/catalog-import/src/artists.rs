//! Artists from the public-spreadsheet query format (JSON wrapped in text) or CSV.
//!
//! Spreadsheet columns: title, solo video link, bio source link,
//! bio, genres, image, and the four streaming links. The first row is a header and
//! is skipped; its labels choose the columns when they name them, else the columns
//! are read in the order above. Rows without a title are skipped.
//!
//! Four optional columns, read only when the header names them (the spec's sheet has
//! none): `externalId`, the key a row updates; `kind` (`band` or `solo`); `country`,
//! by its common English name ("United Kingdom"); and `year`, born or formed. Without
//! an `externalId` a row updates the artist whose id its title forms as the seed's ids
//! are formed (`write::external_id_for`), else a present artist with the same title
//! (case and accents aside), else it is a new artist. A new artist without a `kind` is
//! stored as a band (the sheet cannot say; fix it with a `kind` column); a present one
//! keeps its kind.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter,
    TransactionTrait,
};
use serde_json::Value;
use sound_atlas_catalog::genres::GenreRef;
use sound_atlas_catalog::model::{normalize_image_url, ArtistKind};
use sound_atlas_catalog::write::{
    self, ArtistUpsert, Image, Outcome, Overwrite, Source, TitleExceptions, UpsertCounts,
};
use sound_atlas_import::video_link::ChannelRef;
use sound_atlas_import::{ImportError, Progress, Report};

use crate::links::Service;

/// The error text of a sheet that cannot be parsed.
pub const SHEETS_PARSE_ERROR: &str = "Could not parse Google Sheets data";

/// The artist fields a sheet or CSV can carry, in the spec's column order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Title,
    SoloVideoLink,
    BioSourceLink,
    Bio,
    Genres,
    Image,
    Spotify,
    Apple,
    Amazon,
    Tidal,
    /// Only when the header names it.
    ExternalId,
    /// Only when the header names it: "band" or "solo".
    Kind,
    /// Only when the header names it: the country by its common English name.
    Country,
    /// Only when the header names it: the year born (solo) or formed (band).
    Year,
}

const ORDER: [Field; 10] = [
    Field::Title,
    Field::SoloVideoLink,
    Field::BioSourceLink,
    Field::Bio,
    Field::Genres,
    Field::Image,
    Field::Spotify,
    Field::Apple,
    Field::Amazon,
    Field::Tidal,
];

impl Field {
    /// Recognises a header label ("Solo Video Link", "soloVideoLink", "image_url", ...).
    fn from_label(label: &str) -> Option<Field> {
        let key: String = label
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        Some(match key.as_str() {
            "title" | "name" | "artist" => Field::Title,
            "solovideolink" | "videolink" | "youtube" | "youtubelink" => Field::SoloVideoLink,
            "biosourcelink" | "biosource" | "wikipedia" | "wikipedialink" => Field::BioSourceLink,
            "bio" | "biography" => Field::Bio,
            "genres" | "genre" => Field::Genres,
            "image" | "imageurl" | "photo" => Field::Image,
            "spotify" | "spotifylink" => Field::Spotify,
            "apple" | "applelink" | "applemusic" => Field::Apple,
            "amazon" | "amazonlink" | "amazonmusic" => Field::Amazon,
            "tidal" | "tidallink" => Field::Tidal,
            "externalid" => Field::ExternalId,
            "kind" | "type" | "artisttype" => Field::Kind,
            "country" => Field::Country,
            "year" | "formed" | "born" => Field::Year,
            _ => return None,
        })
    }
}

/// Genres: a bracketed, quoted list (`["Rock", "Pop"]`) is read as a list;
/// otherwise the text is split on commas and trimmed.
pub fn parse_genres(text: &str) -> Vec<String> {
    let text = text.trim();
    if text.starts_with('[') && text.ends_with(']') {
        if let Ok(list) = serde_json::from_str::<Vec<String>>(text) {
            return clean(list);
        }
        // Single quotes are common in hand-written sheets: ['Rock', 'Pop'].
        let inner = &text[1..text.len() - 1];
        return clean(
            inner
                .split(',')
                .map(|g| g.trim().trim_matches(|c| c == '"' || c == '\'').to_owned())
                .collect(),
        );
    }
    clean(text.split(',').map(str::to_owned).collect())
}

fn clean(list: Vec<String>) -> Vec<String> {
    list.into_iter()
        .map(|g| g.trim().to_owned())
        .filter(|g| !g.is_empty())
        .collect()
}

/// A row's value of `field`, trimmed; none when absent or blank.
pub fn cell(cells: &[(Field, String)], field: Field) -> Option<String> {
    cells
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, v)| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

/// Turns the cells of one row into an artist, or says why not. `None`: no title.
fn row_to_artist(cells: &[(Field, String)]) -> Option<Result<ArtistUpsert, String>> {
    let get = |field: Field| cell(cells, field);
    let title = get(Field::Title)?;
    let mut problems = Vec::new();
    let url = |field: Field, name: &str, problems: &mut Vec<String>| {
        let value = get(field)?;
        let value = if field == Field::Image {
            normalize_image_url(&value)
        } else {
            value
        };
        // A streaming link must be on that service's own hosts (stored normalised).
        let service = match field {
            Field::Spotify => Some(Service::Spotify),
            Field::Apple => Some(Service::AppleMusic),
            Field::Amazon => Some(Service::AmazonMusic),
            Field::Tidal => Some(Service::Tidal),
            _ => None,
        };
        if let Some(service) = service {
            let page = service.page(&value);
            if page.is_none() {
                problems.push(format!("{name} is not a page of that service: {value:?}"));
            }
            return page;
        }
        match url::Url::parse(&value) {
            Ok(u) if u.scheme() == "https" || u.scheme() == "http" => Some(value),
            _ => {
                problems.push(format!("{name} is not an http(s) URL: {value:?}"));
                None
            }
        }
    };
    let external_id = match get(Field::ExternalId) {
        Some(id) if is_external_id(&id) => id,
        Some(id) => {
            problems.push(format!(
                "externalId {id:?} must be lower-case letters, digits and hyphens"
            ));
            String::new()
        }
        // Resolved against the present rows by `import`.
        None => String::new(),
    };
    let kind = get(Field::Kind).and_then(|k| match kind_of(&k) {
        Some(kind) => Some(kind),
        None => {
            problems.push(format!("kind {k:?} is not band or solo"));
            None
        }
    });
    let year = get(Field::Year).and_then(|y| match y.parse::<i32>() {
        Ok(year) if (1000..=2100).contains(&year) => Some(year),
        _ => {
            problems.push(format!("year {y:?} is not a year from 1000 to 2100"));
            None
        }
    });
    let sheet = |value: String| Source::Sheet.of(value);
    let artist = ArtistUpsert {
        external_id,
        kind: kind.map(|kind| Source::Sheet.of(kind)),
        genres: get(Field::Genres)
            .map(|g| Source::Sheet.of(parse_genres(&g).into_iter().map(GenreRef::named).collect())),
        image: url(Field::Image, "image", &mut problems)
            .map(|url| Source::Sheet.of(Image::Url(url))),
        bio: get(Field::Bio).map(sheet),
        bio_source_link: url(Field::BioSourceLink, "bio source link", &mut problems).map(sheet),
        solo_video_link: url(Field::SoloVideoLink, "solo video link", &mut problems).map(sheet),
        spotify_link: url(Field::Spotify, "Spotify link", &mut problems).map(sheet),
        apple_link: url(Field::Apple, "Apple Music link", &mut problems).map(sheet),
        amazon_link: url(Field::Amazon, "Amazon link", &mut problems).map(sheet),
        tidal_link: url(Field::Tidal, "TIDAL link", &mut problems).map(sheet),
        country: get(Field::Country).map(sheet),
        year: year.map(|year| Source::Sheet.of(year)),
        title: Some(sheet(title.clone())),
        ..ArtistUpsert::default()
    };
    if let Some(link) = &artist.solo_video_link {
        if ChannelRef::parse(&link.value).is_none() {
            problems.push(format!(
                "solo video link: {}",
                sound_atlas_contract::content::INVALID_YOUTUBE_URL
            ));
        }
    }
    if write::external_id_for(&title).is_empty() && artist.external_id.is_empty() {
        problems.push("the title has no letters or digits".into());
    }
    Some(if problems.is_empty() {
        Ok(artist)
    } else {
        Err(problems.join("; "))
    })
}

/// An explicit `externalId`: as the seed's ids are, lower-case letters, digits and hyphens.
fn is_external_id(id: &str) -> bool {
    (1..=120).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// "band" or "solo" (also "group", "solo artist", "person"), any case.
fn kind_of(text: &str) -> Option<ArtistKind> {
    match text.trim().to_ascii_lowercase().as_str() {
        "band" | "group" => Some(ArtistKind::Band),
        "solo" | "solo artist" | "person" => Some(ArtistKind::Solo),
        _ => None,
    }
}

/// One data row with the line it starts on (1 = the header) and its labelled cells.
pub type Row = (usize, Vec<(Field, String)>);
/// A parsed input, every data row.
pub type Rows = Vec<Row>;

fn columns_from_header<S: AsRef<str>>(header: &[S]) -> Vec<Option<Field>> {
    let named: Vec<Option<Field>> = header
        .iter()
        .map(|l| Field::from_label(l.as_ref()))
        .collect();
    if named.contains(&Some(Field::Title)) {
        named
    } else {
        (0..header.len().max(ORDER.len()))
            .map(|i| ORDER.get(i).copied())
            .collect()
    }
}

fn labelled<'a>(
    columns: &[Option<Field>],
    row: impl Iterator<Item = &'a str>,
) -> Vec<(Field, String)> {
    row.enumerate()
        .filter_map(|(c, v)| columns.get(c).copied().flatten().map(|f| (f, v.to_owned())))
        .collect()
}

/// Parses the spreadsheet query answer: `/*O_o*/ google.visualization.Query.setResponse({...});`.
pub fn parse_sheet(text: &str) -> Result<Rows, ImportError> {
    let bad = || ImportError::Input(SHEETS_PARSE_ERROR.to_owned());
    let start = text.find('{').ok_or_else(bad)?;
    let end = text.rfind('}').ok_or_else(bad)?;
    if end < start {
        return Err(bad());
    }
    let json: Value = serde_json::from_str(&text[start..=end]).map_err(|_| bad())?;
    let rows = json
        .pointer("/table/rows")
        .and_then(Value::as_array)
        .ok_or_else(bad)?;
    let cell_text = |cell: &Value| -> String {
        match cell.get("v") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::Bool(b)) => b.to_string(),
            _ => cell
                .get("f")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
        }
    };
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            row.get("c")
                .and_then(Value::as_array)
                .map(|cells| cells.iter().map(cell_text).collect())
                .unwrap_or_default()
        })
        .collect();
    let Some(header) = texts.first() else {
        return Ok(Vec::new());
    };
    let columns = columns_from_header(header);
    Ok(texts
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, row)| (i + 1, labelled(&columns, row.iter().map(String::as_str))))
        .collect())
}

/// Reads CSV with a header row, one row at a time (the input is never held whole).
/// A row's line is the line it starts on (a quoted cell may span lines).
pub fn csv_rows(input: impl std::io::Read) -> impl Iterator<Item = Result<Row, ImportError>> {
    let mut records = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(input)
        .into_records();
    let mut columns: Option<Vec<Option<Field>>> = None;
    std::iter::from_fn(move || loop {
        let record = match records.next()? {
            Ok(record) => record,
            Err(err) => return Some(Err(ImportError::Input(format!("CSV: {err}")))),
        };
        let Some(columns) = &columns else {
            columns = Some(columns_from_header(&record.iter().collect::<Vec<_>>()));
            continue;
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        return Some(Ok((line, labelled(columns, record.iter()))));
    })
}

/// Checks and writes the rows a batch at a time, all in one transaction: it commits
/// whole or changes nothing (an unreadable input rolls back what was written), and
/// memory holds one batch, not the input. A row that repeats an earlier row's artist
/// replaces it (the later row wins, as when editing a sheet top to bottom).
pub async fn import(
    db: &DatabaseConnection,
    rows: impl Iterator<Item = Result<Row, ImportError>>,
) -> Result<Report, ImportError> {
    let mut report = Report::new("Artists");
    let txn = db.begin().await?;
    let mut batch = Batch::new(TitleExceptions::load(&txn).await?);
    let progress = Progress::counting("Importing artists");
    for (n, row) in rows.enumerate() {
        let (line, cells) = row?;
        progress.tick(n + 1);
        match row_to_artist(&cells) {
            None => report.skip(format!("line {line}"), "no title"),
            Some(Err(reason)) => report.skip(format!("line {line}"), reason),
            Some(Ok(artist)) => {
                batch.push(&txn, line, artist, &mut report).await?;
                if batch.rows.len() >= write::UPSERT_BATCH {
                    batch.write(&txn).await?;
                }
            }
        }
    }
    batch.write(&txn).await?;
    progress.finish();
    txn.commit().await?;
    report.inserted = batch.counts.inserted;
    report.updated = batch.counts.updated;
    report.unchanged = batch.counts.unchanged;
    Ok(report)
}

/// The rows of an import not yet written, and what became of those that were.
struct Batch {
    titles: TitleExceptions,
    rows: Vec<ArtistUpsert>,
    /// The batch's rows by their id's digest, to a repeat's earlier row.
    pending: HashMap<u64, usize>,
    /// What each artist the import wrote became, by its id's digest (not the id: a
    /// 64-bit digest of the ids of millions of rows collides with a chance of about one
    /// in ten million).
    written: WrittenIds,
    counts: UpsertCounts,
}

impl Batch {
    fn new(titles: TitleExceptions) -> Self {
        Batch {
            titles,
            rows: Vec::with_capacity(write::UPSERT_BATCH),
            pending: HashMap::new(),
            written: WrittenIds::default(),
            counts: UpsertCounts::default(),
        }
    }

    /// Adds one checked row, its `externalId` resolved: the one it names, else the one
    /// its title forms, unless that artist does not exist (before or earlier in this
    /// import) and a present artist has the same title (case and accents aside).
    async fn push(
        &mut self,
        db: &DatabaseTransaction,
        line: usize,
        mut artist: ArtistUpsert,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let title = artist.title.clone().map(|t| t.value).unwrap_or_default();
        if artist.external_id.is_empty() {
            let formed = write::external_id_for(&title);
            artist.external_id = match self.titles.get(&title) {
                Some(other) if !self.exists(db, &formed).await? => other.to_owned(),
                _ => formed,
            };
        }
        let key = digest(&artist.external_id);
        if self.pending.contains_key(&key) || self.written.get(key).is_some() {
            report.skip(
                format!("line {line}"),
                format!("repeats the artist {title:?}; the first row is replaced"),
            );
        }
        match self.pending.get(&key) {
            Some(&i) => self.rows[i] = artist,
            None => {
                self.pending.insert(key, self.rows.len());
                self.rows.push(artist);
            }
        }
        Ok(())
    }

    async fn exists(&self, db: &DatabaseTransaction, id: &str) -> Result<bool, ImportError> {
        let key = digest(id);
        if self.pending.contains_key(&key) || self.written.get(key).is_some() {
            return Ok(true);
        }
        Ok(sound_atlas_entity::artist::Entity::find()
            .filter(sound_atlas_entity::artist::Column::ExternalId.eq(id))
            .count(db)
            .await?
            > 0)
    }

    /// Writes the batch. A repeat of an artist written in an earlier batch keeps that
    /// artist's first count, unless it changes an artist the first row left unchanged.
    async fn write(&mut self, db: &DatabaseTransaction) -> Result<(), ImportError> {
        let rows = std::mem::take(&mut self.rows);
        let keys: Vec<u64> = rows.iter().map(|a| digest(&a.external_id)).collect();
        self.pending.clear();
        let mut first_written = Vec::new();
        let written = write::write(db, rows, Overwrite::Always, write::now_unix()).await?;
        for (key, outcome) in keys.into_iter().zip(written.into_iter().map(|w| w.outcome)) {
            match self.written.get_mut(key) {
                None => {
                    first_written.push((key, outcome));
                    self.counts.add(outcome);
                }
                Some(first @ Outcome::Unchanged) if outcome == Outcome::Updated => {
                    *first = Outcome::Updated;
                    self.counts.unchanged -= 1;
                    self.counts.updated += 1;
                }
                Some(_) => {}
            }
        }
        self.written.add(first_written);
        Ok(())
    }
}

/// The digests of the ids an import wrote, each with what its first write did, in sorted
/// runs: a batch's new ids make a run, merged into the run before while that one is not
/// larger, so there are at most log2(batches) runs, each searched by halves. An artist
/// costs 9 bytes (a hash map's slot cost 16, and half again while the map grew): at two
/// million artists 18 MB.
#[derive(Default)]
struct WrittenIds {
    runs: Vec<(Vec<u64>, Vec<Outcome>)>,
}

impl WrittenIds {
    /// The run holding `key`, and where in it.
    fn position(&self, key: u64) -> Option<(usize, usize)> {
        self.runs
            .iter()
            .enumerate()
            .find_map(|(run, (digests, _))| digests.binary_search(&key).ok().map(|at| (run, at)))
    }

    fn get(&self, key: u64) -> Option<Outcome> {
        let (run, at) = self.position(key)?;
        Some(self.runs[run].1[at])
    }

    fn get_mut(&mut self, key: u64) -> Option<&mut Outcome> {
        let (run, at) = self.position(key)?;
        Some(&mut self.runs[run].1[at])
    }

    /// Adds ids none of the runs holds (each once).
    fn add(&mut self, mut new: Vec<(u64, Outcome)>) {
        if new.is_empty() {
            return;
        }
        new.sort_unstable_by_key(|(key, _)| *key);
        let mut run: (Vec<u64>, Vec<Outcome>) = new.into_iter().unzip();
        while let Some(last) = self.runs.last() {
            if last.0.len() > run.0.len() {
                break;
            }
            let last = self.runs.pop().expect("a last run");
            run = merge(last, run);
        }
        self.runs.push(run);
    }
}

/// Two sorted runs of distinct digests as one.
fn merge(
    (a_keys, a_outcomes): (Vec<u64>, Vec<Outcome>),
    (b_keys, b_outcomes): (Vec<u64>, Vec<Outcome>),
) -> (Vec<u64>, Vec<Outcome>) {
    let mut keys = Vec::with_capacity(a_keys.len() + b_keys.len());
    let mut outcomes = Vec::with_capacity(keys.capacity());
    let (mut i, mut j) = (0, 0);
    while i < a_keys.len() || j < b_keys.len() {
        let from_a = j == b_keys.len() || (i < a_keys.len() && a_keys[i] < b_keys[j]);
        if from_a {
            keys.push(a_keys[i]);
            outcomes.push(a_outcomes[i]);
            i += 1;
        } else {
            keys.push(b_keys[j]);
            outcomes.push(b_outcomes[j]);
            j += 1;
        }
    }
    (keys, outcomes)
}

/// A 64-bit digest of an `externalId` (SipHash with fixed keys: the same in every run).
fn digest(id: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    id.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_ids_find_every_id_of_every_batch_with_its_outcome() {
        let mut written = WrittenIds::default();
        let outcome = |key: u64| match key % 3 {
            0 => Outcome::Inserted,
            1 => Outcome::Updated,
            _ => Outcome::Unchanged,
        };
        // Batches of uneven sizes, their ids interleaved: the runs merge as they grow.
        let mut added = Vec::new();
        for batch in 0..40u64 {
            let ids: Vec<u64> = (0..(batch % 7) * 13 + 1)
                .map(|i| (i * 40 + batch) * 2_654_435_761 % 1_000_003)
                .collect();
            let new: Vec<(u64, Outcome)> = ids
                .iter()
                .filter(|&&id| written.get(id).is_none() && !added.contains(&id))
                .map(|&id| (id, outcome(id)))
                .collect();
            added.extend(new.iter().map(|(id, _)| *id));
            written.add(new);
        }
        assert!(written.runs.len() <= 8, "{} runs", written.runs.len());
        for &id in &added {
            assert_eq!(written.get(id), Some(outcome(id)), "{id}");
        }
        assert_eq!(
            written
                .runs
                .iter()
                .map(|(keys, _)| keys.len())
                .sum::<usize>(),
            added.len()
        );
        assert!(written.get(1_000_004).is_none());
        *written.get_mut(added[0]).unwrap() = Outcome::Updated;
        assert_eq!(written.get(added[0]), Some(Outcome::Updated));
    }

    #[test]
    fn genres_read_as_a_quoted_list_or_comma_separated() {
        assert_eq!(parse_genres(r#"["Rock", "Hip-Hop"]"#), ["Rock", "Hip-Hop"]);
        assert_eq!(parse_genres("['Rock', 'Pop']"), ["Rock", "Pop"]);
        assert_eq!(
            parse_genres(" Rock ,Pop,, Lo-Fi "),
            ["Rock", "Pop", "Lo-Fi"]
        );
        assert!(parse_genres("").is_empty());
    }

    #[test]
    fn a_payload_that_is_not_the_query_format_cannot_be_parsed() {
        for text in ["", "<html>", "setResponse({\"status\":\"error\"});", "{]"] {
            let err = parse_sheet(text).unwrap_err();
            assert_eq!(err.to_string(), SHEETS_PARSE_ERROR, "{text}");
        }
    }
}
