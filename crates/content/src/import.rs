//! The content's importers: a week's chart, new songs and articles from JSON or CSV
//! records (field names as in the seed files), checked whole, then written in one
//! transaction.

use sea_orm::{DatabaseConnection, TransactionTrait};
use serde_json::Value;
use sound_atlas_import::records::check;
use sound_atlas_import::{ImportError, Report};

use crate::records::{
    write_articles, write_new_songs, write_top_ten, ArticleRecord, ChartWeekRecord, Mode,
    NewSongRecord, TopTenRecord, Written, TOP_TEN_SIZE,
};

fn count(report: &mut Report, written: Written) {
    report.inserted = written.inserted;
    report.updated = written.updated;
    report.unchanged = written.unchanged;
}

/// Adds one week's Top 10, or replaces that week's if it was imported before; other
/// weeks stay. The chart must be whole: with a bad week, or a bad or missing place,
/// nothing is written.
pub async fn import_top_ten(
    db: &DatabaseConnection,
    week: ChartWeekRecord,
    items: Vec<(String, Value)>,
) -> Result<Report, ImportError> {
    let problems = week.problems();
    if !problems.is_empty() {
        return Err(ImportError::Input(format!(
            "{}; nothing was changed.",
            problems.join("; ")
        )));
    }
    let mut report = Report::new(&format!("Weekly Top 10, week of {}", week.week_of));
    let good: Vec<TopTenRecord> = check(items, &mut report, TopTenRecord::problems, |r| {
        format!("rank {}", r.rank)
    });
    if !report.skipped.is_empty() || good.len() != TOP_TEN_SIZE as usize {
        return Err(ImportError::Input(format!(
            "{}\nThe chart needs exactly {TOP_TEN_SIZE} valid places, ranks 1 to {TOP_TEN_SIZE}; nothing was changed.",
            report.summary()
        )));
    }
    let txn = db.begin().await?;
    let written = write_top_ten(&txn, &week, good, Mode::Upsert).await?;
    txn.commit().await?;
    count(&mut report, written);
    Ok(report)
}

pub async fn import_new_songs(
    db: &DatabaseConnection,
    items: Vec<(String, Value)>,
) -> Result<Report, ImportError> {
    let mut report = Report::new("New songs");
    let good: Vec<NewSongRecord> = check(
        items,
        &mut report,
        NewSongRecord::problems,
        NewSongRecord::key,
    );
    let txn = db.begin().await?;
    let written = write_new_songs(&txn, good, Mode::Upsert).await?;
    txn.commit().await?;
    count(&mut report, written);
    Ok(report)
}

pub async fn import_articles(
    db: &DatabaseConnection,
    items: Vec<(String, Value)>,
) -> Result<Report, ImportError> {
    let mut report = Report::new("Articles");
    let good: Vec<ArticleRecord> = check(
        items,
        &mut report,
        ArticleRecord::problems,
        ArticleRecord::key,
    );
    let txn = db.begin().await?;
    let written = write_articles(&txn, good, Mode::Upsert).await?;
    txn.commit().await?;
    count(&mut report, written);
    Ok(report)
}
