//! The content shipped in `assets/seed/content/`, embedded in the binary and loaded
//! on start. Loading is idempotent: rows are keyed (week and rank, `externalId`), those
//! already present are left as they are (an editor or import may have changed
//! them), the missing ones are inserted, all in one transaction.

use rust_embed::Embed;
use sea_orm::{DatabaseConnection, TransactionTrait};
use serde::de::DeserializeOwned;

use crate::records::{
    duplicate_problems, write_articles, write_new_songs, write_top_ten, ArticleRecord,
    ChartWeekRecord, Mode, NewSongRecord, TopTenRecord, TopTenWeekRecord, Written,
};

#[derive(Embed)]
#[folder = "../../assets/seed/content"]
#[include = "*.json"]
struct SeedFiles;

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SeedError(pub String);

/// Every record of the files under one prefix (e.g. "articles/"), in file-name order.
fn read<T: DeserializeOwned>(prefix: &str) -> Result<Vec<T>, SeedError> {
    let mut names: Vec<_> = SeedFiles::iter()
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in names {
        let file = SeedFiles::get(&name).expect("listed seed file exists");
        let part: Vec<T> = serde_json::from_slice(&file.data)
            .map_err(|err| SeedError(format!("seed file {name}: {err}")))?;
        out.extend(part);
    }
    Ok(out)
}

fn validate<T>(
    what: &str,
    records: &[T],
    key: impl Fn(&T) -> String,
    problems: impl Fn(&T) -> Vec<String>,
) -> Result<(), SeedError> {
    let duplicates = duplicate_problems(records, &key);
    for (record, mut dup) in records.iter().zip(duplicates) {
        dup.extend(problems(record));
        if !dup.is_empty() {
            return Err(SeedError(format!(
                "seed {what} {:?}: {}",
                key(record),
                dup.join("; ")
            )));
        }
    }
    Ok(())
}

/// The seed's Top 10 (the editors' picks, under the week they were chosen), validated.
pub fn top_ten() -> Result<(ChartWeekRecord, Vec<TopTenRecord>), SeedError> {
    let name = "top-ten.json";
    let file = SeedFiles::get(name).expect("the seed has a Top 10");
    let seed: TopTenWeekRecord = serde_json::from_slice(&file.data)
        .map_err(|err| SeedError(format!("seed file {name}: {err}")))?;
    let (week, records) = seed.split();
    let problems = week.problems();
    if !problems.is_empty() {
        return Err(SeedError(format!(
            "seed top-10 week: {}",
            problems.join("; ")
        )));
    }
    validate(
        "top-10 entry",
        &records,
        |r| r.rank.to_string(),
        TopTenRecord::problems,
    )?;
    Ok((week, records))
}

/// The seed new songs, validated.
pub fn new_songs() -> Result<Vec<NewSongRecord>, SeedError> {
    let records: Vec<NewSongRecord> = read("new-songs")?;
    validate(
        "new song",
        &records,
        NewSongRecord::key,
        NewSongRecord::problems,
    )?;
    Ok(records)
}

/// The seed articles, validated.
pub fn articles() -> Result<Vec<ArticleRecord>, SeedError> {
    let records: Vec<ArticleRecord> = read("articles/")?;
    validate(
        "article",
        &records,
        ArticleRecord::key,
        ArticleRecord::problems,
    )?;
    Ok(records)
}

/// What a seed load inserted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Loaded {
    pub top_ten: usize,
    pub new_songs: usize,
    pub articles: usize,
}

/// Inserts whatever seed content is missing, in one transaction.
pub async fn load(db: &DatabaseConnection) -> Result<Loaded, SeedError> {
    let ((week, top), songs, articles) = (top_ten()?, new_songs()?, articles()?);
    let db_err = |err: sea_orm::DbErr| SeedError(format!("loading the seed content: {err}"));
    let txn = db.begin().await.map_err(db_err)?;
    let inserted = |w: Written| w.inserted;
    let loaded = Loaded {
        top_ten: inserted(
            write_top_ten(&txn, &week, top, Mode::InsertMissing)
                .await
                .map_err(db_err)?,
        ),
        new_songs: inserted(
            write_new_songs(&txn, songs, Mode::InsertMissing)
                .await
                .map_err(db_err)?,
        ),
        articles: inserted(
            write_articles(&txn, articles, Mode::InsertMissing)
                .await
                .map_err(db_err)?,
        ),
    };
    txn.commit().await.map_err(db_err)?;
    Ok(loaded)
}
