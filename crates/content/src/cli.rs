//! The `sound-atlas` subcommands this crate provides (importers and enrichment).
//! The binary parses them with clap and hands them to [`run`] with an open database.

use std::time::Duration;

use clap::{Subcommand, ValueEnum};
use sea_orm::DatabaseConnection;

use crate::import::enrich::{self, EnrichConfig};
use crate::import::records::{self, Format};
use crate::import::wiki::WikiConfig;
use crate::import::{artists, read_source, ImportError, Report};
use crate::records::ChartWeekRecord;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Import artists or content. Re-running updates rows in place; bad rows are
    /// reported with their line and skipped; the import commits whole or not at all.
    Import {
        #[command(subcommand)]
        what: Import,
    },
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
    },
}

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
    /// One week's Top 10 (ranks 1 to 10): adds the week, or replaces the same week
    /// imported before; other weeks stay readable.
    TopTen {
        source: String,
        /// The first day of the chart week, YYYY-MM-DD.
        #[arg(long)]
        week: String,
        /// Whose list it is, as the site shows it (e.g. the chart's name).
        #[arg(long = "chart")]
        chart: String,
        /// The list is an editors' selection, not a measured chart.
        #[arg(long)]
        picks: bool,
        #[arg(long, value_enum)]
        format: Option<Format>,
    },
    /// Brand New Songs, keyed by externalId (default: artist and song name).
    NewSongs {
        source: String,
        #[arg(long, value_enum)]
        format: Option<Format>,
    },
    /// Articles, keyed by externalId (default: a slug of the title).
    Articles {
        source: String,
        #[arg(long, value_enum)]
        format: Option<Format>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArtistFormat {
    Sheet,
    Csv,
}

/// Runs one subcommand against `db` and returns its report.
pub async fn run(db: &DatabaseConnection, command: Command) -> Result<Report, ImportError> {
    match command {
        Command::Import { what } => match what {
            Import::Artists { source, format } => {
                let format = format.unwrap_or(if Format::of(&source) == Format::Csv {
                    ArtistFormat::Csv
                } else {
                    ArtistFormat::Sheet
                });
                let text = read_source(&source).await?;
                let rows = match format {
                    ArtistFormat::Sheet => artists::parse_sheet(&text)?,
                    ArtistFormat::Csv => artists::parse_csv(&text)?,
                };
                artists::import(db, rows).await
            }
            Import::TopTen {
                source,
                week,
                chart,
                picks,
                format,
            } => {
                let week = ChartWeekRecord {
                    week_of: week,
                    source: chart,
                    picks,
                };
                let items = parsed(&source, format).await?;
                records::import_top_ten(db, week, items).await
            }
            Import::NewSongs { source, format } => {
                let items = parsed(&source, format).await?;
                records::import_new_songs(db, items).await
            }
            Import::Articles { source, format } => {
                let items = parsed(&source, format).await?;
                records::import_articles(db, items).await
            }
        },
        Command::Enrich {
            limit,
            force,
            max_age_days,
            wikidata_api,
            musicbrainz_api,
            commons_api,
            summary_api,
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
                    ..WikiConfig::default()
                },
                ..EnrichConfig::default()
            };
            enrich::run(db, &config).await
        }
    }
}

async fn parsed(
    source: &str,
    format: Option<Format>,
) -> Result<Vec<(String, serde_json::Value)>, ImportError> {
    let text = read_source(source).await?;
    records::parse(&text, format.unwrap_or_else(|| Format::of(source)))
}
