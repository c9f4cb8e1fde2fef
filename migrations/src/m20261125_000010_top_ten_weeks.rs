//! The Weekly Top 10 belongs to a week and a source: each place carries the first day
//! of its chart week, whose list it is, and whether that list is an editors' selection
//! rather than a measured chart. Places are unique per week, so an import adds a week
//! and past weeks stay. SQLite cannot drop the old one-chart `UNIQUE(rank)`, so the
//! table is rebuilt; the places already there were the seed's editors' picks, kept as
//! such under the week the seed now names (`assets/seed/content/top-ten.json`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WeeklyTopTen {
    Table,
    Id,
    WeekOf,
    Source,
    Picks,
    Rank,
    SongName,
    Artist,
    YoutubeLink,
    AmazonLink,
    ThumbnailUrl,
}

/// The table being built, renamed to `weekly_top_ten` once the old one is gone (so no
/// index or sequence name of the old table is in the way).
#[derive(DeriveIden)]
enum Rebuilt {
    #[sea_orm(iden = "weekly_top_ten_rebuilt")]
    Table,
}

/// The seed's week and source (kept in step with `assets/seed/content/top-ten.json`).
const SEED_WEEK: &str = "2026-11-23";
const SEED_SOURCE: &str = "Sound Atlas";

const PLACE_COLUMNS: &str = "rank, song_name, artist, youtube_link, amazon_link, thumbnail_url";

fn place_columns(table: &mut TableCreateStatement) -> &mut TableCreateStatement {
    table
        .col(ColumnDef::new(WeeklyTopTen::SongName).text().not_null())
        .col(ColumnDef::new(WeeklyTopTen::Artist).text().not_null())
        .col(ColumnDef::new(WeeklyTopTen::YoutubeLink).text())
        .col(ColumnDef::new(WeeklyTopTen::AmazonLink).text())
        .col(ColumnDef::new(WeeklyTopTen::ThumbnailUrl).text())
}

fn id() -> ColumnDef {
    ColumnDef::new(WeeklyTopTen::Id)
        .integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

/// Builds the new shape beside the old table, copies with `copy` (an `INSERT ...
/// SELECT` from `weekly_top_ten` into `weekly_top_ten_rebuilt`), then swaps.
async fn rebuild(
    manager: &SchemaManager<'_>,
    mut table: TableCreateStatement,
    copy: String,
) -> Result<(), DbErr> {
    manager
        .create_table(table.table(Rebuilt::Table).to_owned())
        .await?;
    manager.get_connection().execute_unprepared(&copy).await?;
    manager
        .drop_table(Table::drop().table(WeeklyTopTen::Table).to_owned())
        .await?;
    manager
        .rename_table(
            Table::rename()
                .table(Rebuilt::Table, WeeklyTopTen::Table)
                .to_owned(),
        )
        .await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut table = Table::create();
        table
            .col(id())
            .col(ColumnDef::new(WeeklyTopTen::WeekOf).string().not_null())
            .col(ColumnDef::new(WeeklyTopTen::Source).text().not_null())
            .col(ColumnDef::new(WeeklyTopTen::Picks).boolean().not_null())
            .col(ColumnDef::new(WeeklyTopTen::Rank).integer().not_null());
        place_columns(&mut table).index(
            Index::create()
                .name("weekly_top_ten_week_rank")
                .col(WeeklyTopTen::WeekOf)
                .col(WeeklyTopTen::Rank)
                .unique(),
        );
        let copy = format!(
            "INSERT INTO weekly_top_ten_rebuilt (week_of, source, picks, {PLACE_COLUMNS}) \
             SELECT '{SEED_WEEK}', '{SEED_SOURCE}', TRUE, {PLACE_COLUMNS} FROM weekly_top_ten"
        );
        rebuild(manager, table, copy).await
    }

    /// Back to one chart: the newest week's places.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut table = Table::create();
        table.col(id()).col(
            ColumnDef::new(WeeklyTopTen::Rank)
                .integer()
                .not_null()
                .unique_key(),
        );
        place_columns(&mut table);
        let copy = format!(
            "INSERT INTO weekly_top_ten_rebuilt ({PLACE_COLUMNS}) SELECT {PLACE_COLUMNS} \
             FROM weekly_top_ten WHERE week_of = (SELECT MAX(week_of) FROM weekly_top_ten)"
        );
        rebuild(manager, table, copy).await
    }
}
