//! The `sound-atlas` subcommands of the catalogue: `import artists`, the open
//! catalogue's `import wikidata-dump|wikidata-sparql|musicbrainz-dump`, and `enrich`. The
//! binary parses them with clap, next to the content's, and hands them to [`import`]
//! and [`run`] with an open database.

use std::time::Duration;

use clap::{Subcommand, ValueEnum};
use sea_orm::DatabaseConnection;
use sound_atlas_import::records::Format;
use sound_atlas_import::{open_source, read_source, ImportError, Report};

use crate::artists;
use crate::enrich::{self, EnrichConfig};
use crate::musicbrainz_dump;
use crate::sparql::{self, SparqlConfig};
use crate::wiki::WikiConfig;
use crate::wikidata_dump;

/// What `sound-atlas import` reads into the catalogue.
#[derive(Debug, Subcommand)]
pub enum Import {
    /// Artists from a public spreadsheet query answer (JSON wrapped in text) or CSV.
    Artists {
        /// A file path or an http(s) URL.
        source: String,
        /// Default: csv for *.csv, else the spreadsheet query format.
        #[arg(long, value_enum)]
        format: Option<ArtistFormat>,
    },
    /// Every musical group and musician with an English encyclopedia article from the
    /// knowledge base's JSON entity dump (gzip, bzip2 or plain), read as a stream.
    WikidataDump {
        /// The dump file (latest-all.json.gz or .bz2).
        file: String,
        /// Count what would be imported; write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Completes the catalogue's artists from MusicBrainz's artist JSON dump (the
    /// artist.tar.xz archive, or its mbdump/artist file, plain or xz), found by their
    /// MusicBrainz id or Wikidata item: dates, where from, country, genres and other
    /// names, where missing.
    MusicbrainzDump {
        /// The dump file.
        file: String,
        /// Count what would be changed; write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Also add the dump's persons and groups the catalogue lacks that have a name
        /// and a date or an area (pages without a biography, credited to MusicBrainz).
        #[arg(long)]
        add_new: bool,
    },
    /// The same artists from the knowledge base's query service, a page at a time;
    /// an interrupted run is continued by the next one.
    WikidataSparql {
        /// The SPARQL endpoint.
        #[arg(long, default_value = "https://query.wikidata.org/sparql")]
        endpoint: String,
        /// Items per request.
        #[arg(long, default_value_t = 200)]
        page_size: usize,
        /// Count what would be imported; write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Start from the first item, not where the last run stopped.
        #[arg(long)]
        restart: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArtistFormat {
    Sheet,
    Csv,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read what the open music data sources say about each artist with an
    /// encyclopedia link (photos with their credit, identifiers, links to the artist on
    /// the streaming services, date born or formed, studio albums, band members) and
    /// fill missing biographies. Resumable: artists read recently are left out.
    Enrich {
        /// Read at most this many artists.
        #[arg(long)]
        limit: Option<usize>,
        /// Overwrite fields the seed or an import set.
        #[arg(long)]
        force: bool,
        /// Leave out artists read within this many days (0: read every one again).
        #[arg(long, default_value_t = 30)]
        max_age_days: u64,
        /// The knowledge base's action API.
        #[arg(long, default_value = "https://www.wikidata.org/w/api.php")]
        wikidata_api: String,
        /// MusicBrainz's web service.
        #[arg(long, default_value = "https://musicbrainz.org/ws/2")]
        musicbrainz_api: String,
        /// Commons' action API.
        #[arg(long, default_value = "https://commons.wikimedia.org/w/api.php")]
        commons_api: String,
        /// The encyclopedia's summary API (default: from each link, e.g.
        /// https://en.wikipedia.org/api/rest_v1).
        #[arg(long)]
        summary_api: Option<String>,
        /// The encyclopedia's action API, which resolves redirects (default: from each
        /// link, e.g. https://en.wikipedia.org/w/api.php).
        #[arg(long)]
        encyclopedia_api: Option<String>,
        /// Milliseconds between requests to the Wikimedia APIs (never under 250 against
        /// the real services).
        #[arg(long, default_value_t = 250)]
        wikimedia_pace_ms: u64,
        /// Milliseconds between requests to MusicBrainz (never under 1000 against the
        /// real service).
        #[arg(long, default_value_t = 1000)]
        musicbrainz_pace_ms: u64,
    },
}

impl Import {
    /// Whether the import only counts what it would write.
    pub fn dry_run(&self) -> bool {
        match self {
            Import::WikidataDump { dry_run, .. }
            | Import::MusicbrainzDump { dry_run, .. }
            | Import::WikidataSparql { dry_run, .. } => *dry_run,
            Import::Artists { .. } => false,
        }
    }
}

/// Runs one import against `db` and returns its report.
pub async fn import(db: &DatabaseConnection, what: Import) -> Result<Report, ImportError> {
    match what {
        Import::Artists { source, format } => {
            let format = format.unwrap_or(if Format::of(&source) == Format::Csv {
                ArtistFormat::Csv
            } else {
                ArtistFormat::Sheet
            });
            match format {
                ArtistFormat::Sheet => {
                    let rows = artists::parse_sheet(&read_source(&source).await?)?;
                    artists::import(db, rows.into_iter().map(Ok)).await
                }
                ArtistFormat::Csv => {
                    artists::import(db, artists::csv_rows(open_source(&source).await?)).await
                }
            }
        }
        Import::WikidataDump { file, dry_run } => wikidata_dump::import(db, &file, dry_run).await,
        Import::MusicbrainzDump {
            file,
            dry_run,
            add_new,
        } => musicbrainz_dump::import(db, &file, dry_run, add_new).await,
        Import::WikidataSparql {
            endpoint,
            page_size,
            dry_run,
            restart,
        } => {
            let config = SparqlConfig {
                endpoint,
                page_size,
                dry_run,
                restart,
                ..SparqlConfig::default()
            };
            sparql::import(db, &config).await
        }
    }
}

/// Runs one subcommand against `db` and returns its report.
pub async fn run(db: &DatabaseConnection, command: Command) -> Result<Report, ImportError> {
    match command {
        Command::Enrich {
            limit,
            force,
            max_age_days,
            wikidata_api,
            musicbrainz_api,
            commons_api,
            summary_api,
            encyclopedia_api,
            wikimedia_pace_ms,
            musicbrainz_pace_ms,
        } => {
            let config = EnrichConfig {
                wikidata_api,
                musicbrainz_api,
                commons_api,
                limit,
                force,
                max_age: (max_age_days > 0).then(|| Duration::from_secs(max_age_days * 24 * 3600)),
                summaries: WikiConfig {
                    api_base: summary_api,
                    action_api: encyclopedia_api,
                    ..WikiConfig::default()
                },
                ..EnrichConfig::default()
            }
            .paced(
                Duration::from_millis(wikimedia_pace_ms),
                Duration::from_millis(musicbrainz_pace_ms),
            );
            enrich::run(db, &config).await
        }
    }
}
