//! The `sound-atlas import` subcommands of the content (a week's chart, new songs,
//! articles). The binary parses them with clap, next to the catalogue's, and hands them
//! to [`import`] with an open database.

use clap::Subcommand;
use sea_orm::DatabaseConnection;
use sound_atlas_import::records::{self, Format};
use sound_atlas_import::{read_source, ImportError, Report};

use crate::import;
use crate::records::ChartWeekRecord;

/// What `sound-atlas import` reads into the content.
#[derive(Debug, Subcommand)]
pub enum Import {
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

/// Runs one import against `db` and returns its report.
pub async fn import(db: &DatabaseConnection, what: Import) -> Result<Report, ImportError> {
    match what {
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
            import::import_top_ten(db, week, items).await
        }
        Import::NewSongs { source, format } => {
            let items = parsed(&source, format).await?;
            import::import_new_songs(db, items).await
        }
        Import::Articles { source, format } => {
            let items = parsed(&source, format).await?;
            import::import_articles(db, items).await
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
