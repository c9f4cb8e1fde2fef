//! A genre is one thing whatever source names it: `genres` holds each genre once, with
//! the one name its pages show (and whether it is the catalogue's own), the key every spelling of it folds to ("Rock music",
//! "rock" and "Rock" fold to `rock`; "Punk rock" and "Punk Rock" to `punk-rock`) and
//! its knowledge-base item once an import names it. The genres artists already list
//! are gathered here, and a genre split in two spellings is merged: each artist lists
//! it once, by its kept name: the catalogue's own spelling (from an artist whose
//! genres no service gave) over a service's, then the one most artists list, then the
//! first by bytes. The items are not known from the names alone; the next import that
//! names them records them.
//!
//! The key is computed here by a copy of the catalogue's rule (`genres::key_of`), so
//! this step keeps meaning what it meant when the rule changes.

use std::collections::HashMap;

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Genres {
    Table,
    Id,
    Name,
    Key,
    WikidataId,
    OwnName,
}

#[derive(DeriveIden)]
enum Artists {
    Table,
    Id,
    Genres,
    UpdatedAt,
}

/// Artists read per query.
const PAGE: i32 = 5000;

/// A genre name's key: ASCII-folded, lower case, "&" read as "and", its words joined
/// by hyphens, without a trailing "music" that is not the whole name.
fn key_of(name: &str) -> String {
    let folded = deunicode::deunicode(&name.replace('&', " and "));
    let mut key = String::with_capacity(folded.len());
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            key.push(c.to_ascii_lowercase());
        } else if !key.is_empty() && !key.ends_with('-') {
            key.push('-');
        }
    }
    let key = key.trim_end_matches('-');
    key.strip_suffix("-music").unwrap_or(key).to_owned()
}

/// One page of artists after `after` (by id): id, genres, and whether a service gave them.
async fn artists_after(
    db: &SchemaManagerConnection<'_>,
    after: i32,
) -> Result<Vec<(i32, Vec<String>, bool)>, DbErr> {
    let sql = format!(
        "SELECT a.id, a.genres, CASE WHEN EXISTS (SELECT 1 FROM artist_field_sources s \
         WHERE s.artist_id = a.id AND s.field = 'genres') THEN 1 ELSE 0 END AS by_service \
         FROM artists a WHERE a.id > {after} ORDER BY a.id LIMIT {PAGE}"
    );
    let rows = db
        .query_all(Statement::from_string(db.get_database_backend(), sql))
        .await?;
    rows.into_iter()
        .map(|row| {
            let id: i32 = row.try_get("", "id")?;
            let genres: String = row.try_get("", "genres")?;
            let by_service: i32 = row.try_get("", "by_service")?;
            // An unreadable list is left as it is (the catalogue reads it as none).
            let genres = serde_json::from_str(&genres).unwrap_or_default();
            Ok((id, genres, by_service != 0))
        })
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Genres::Table)
                    .col(
                        ColumnDef::new(Genres::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Genres::Name).text().not_null())
                    .col(ColumnDef::new(Genres::Key).text().not_null().unique_key())
                    .col(ColumnDef::new(Genres::WikidataId).text().unique_key())
                    .col(
                        ColumnDef::new(Genres::OwnName)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        // Each name: (listed by the catalogue itself, how many artists list it).
        let mut names: HashMap<String, (bool, usize)> = HashMap::new();
        let mut after = 0;
        loop {
            let page = artists_after(db, after).await?;
            let Some(&(last, ..)) = page.last() else {
                break;
            };
            for (_, genres, by_service) in page {
                for name in genres {
                    let seen = names.entry(name).or_default();
                    seen.0 |= !by_service;
                    seen.1 += 1;
                }
            }
            after = last;
        }
        // Each key's kept name: the catalogue's, then most artists, then by bytes.
        let mut kept: HashMap<String, (&str, bool, usize)> = HashMap::new();
        for (name, &(own, count)) in &names {
            let better = |&(was, was_own, was_count): &(&str, bool, usize)| {
                (!own, std::cmp::Reverse(count), name.as_str())
                    < (!was_own, std::cmp::Reverse(was_count), was)
            };
            let key = key_of(name);
            if kept.get(&key).is_none_or(better) {
                kept.insert(key, (name, own, count));
            }
        }
        let mut keys: Vec<(&String, &str, bool)> =
            kept.iter().map(|(k, v)| (k, v.0, v.1)).collect();
        keys.sort_unstable();
        for chunk in keys.chunks(500) {
            let mut insert = Query::insert();
            insert
                .into_table(Genres::Table)
                .columns([Genres::Name, Genres::Key, Genres::OwnName]);
            for &(key, name, own) in chunk {
                insert.values_panic([name.into(), key.into(), own.into()]);
            }
            manager.exec_stmt(insert).await?;
        }
        // Every artist listing a merged-away spelling lists the kept name, once.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let mut after = 0;
        loop {
            let page = artists_after(db, after).await?;
            let Some(&(last, ..)) = page.last() else {
                break;
            };
            for (id, genres, _) in page {
                let mut merged: Vec<&str> = Vec::with_capacity(genres.len());
                for name in &genres {
                    let name = kept[&key_of(name)].0;
                    if !merged.contains(&name) {
                        merged.push(name);
                    }
                }
                if merged != genres {
                    let list = serde_json::to_string(&merged).expect("a list of names");
                    manager
                        .exec_stmt(
                            Query::update()
                                .table(Artists::Table)
                                .values([
                                    (Artists::Genres, list.into()),
                                    (Artists::UpdatedAt, now.into()),
                                ])
                                .and_where(Expr::col(Artists::Id).eq(id))
                                .to_owned(),
                        )
                        .await?;
                }
            }
            after = last;
        }
        Ok(())
    }

    /// The table goes; the merged lists stay merged.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Genres::Table).to_owned())
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::key_of;

    #[test]
    fn spellings_of_one_genre_share_a_key() {
        assert_eq!(key_of("Rock music"), "rock");
        assert_eq!(key_of("Rock"), "rock");
        assert_eq!(key_of("Punk rock"), key_of("Punk Rock"));
        assert_eq!(key_of("Post-punk"), key_of("Post Punk"));
        assert_eq!(key_of("Rhythm & Blues"), "rhythm-and-blues");
        assert_eq!(key_of("Music"), "music");
    }
}
