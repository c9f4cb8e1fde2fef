//! The Weekly Top 10 belongs to a week and a source: each place carries the first day
//! of its chart week, whose list it is, and whether that list is an editors' selection
//! rather than a measured chart. Places are unique per week, so an import adds a week
//! and past weeks stay. The one-chart table (`weekly_top_ten`, with `UNIQUE(rank)`,
//! which SQLite cannot drop) gives way to `top_ten_places`; the places already there
//! were the seed's editors' picks, kept as such under the week the seed now names
//! (`assets/seed/content/top-ten.json`).
//!
//! New names only, never a rename, so each step stands on its own: SQLite migrations
//! run outside a transaction, over a pool of connections.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The places, by week.
#[derive(DeriveIden)]
enum TopTenPlaces {
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

/// The one-chart table this replaces.
#[derive(DeriveIden)]
enum WeeklyTopTen {
    Table,
}

/// The seed's week and source (kept in step with `assets/seed/content/top-ten.json`).
const SEED_WEEK: &str = "2026-11-23";
const SEED_SOURCE: &str = "Sound Atlas";

const PLACE_COLUMNS: &str = "rank, song_name, artist, youtube_link, amazon_link, thumbnail_url";

fn id() -> ColumnDef {
    ColumnDef::new(TopTenPlaces::Id)
        .integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn place_columns(table: &mut TableCreateStatement) -> &mut TableCreateStatement {
    table
        .col(ColumnDef::new(TopTenPlaces::SongName).text().not_null())
        .col(ColumnDef::new(TopTenPlaces::Artist).text().not_null())
        .col(ColumnDef::new(TopTenPlaces::YoutubeLink).text())
        .col(ColumnDef::new(TopTenPlaces::AmazonLink).text())
        .col(ColumnDef::new(TopTenPlaces::ThumbnailUrl).text())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut table = Table::create();
        table
            .table(TopTenPlaces::Table)
            .col(id())
            .col(ColumnDef::new(TopTenPlaces::WeekOf).string().not_null())
            .col(ColumnDef::new(TopTenPlaces::Source).text().not_null())
            .col(ColumnDef::new(TopTenPlaces::Picks).boolean().not_null())
            .col(ColumnDef::new(TopTenPlaces::Rank).integer().not_null());
        place_columns(&mut table).index(
            Index::create()
                .name("top_ten_places_week_rank")
                .col(TopTenPlaces::WeekOf)
                .col(TopTenPlaces::Rank)
                .unique(),
        );
        manager.create_table(table).await?;
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "INSERT INTO top_ten_places (week_of, source, picks, {PLACE_COLUMNS}) \
                 SELECT '{SEED_WEEK}', '{SEED_SOURCE}', TRUE, {PLACE_COLUMNS} FROM weekly_top_ten"
            ))
            .await?;
        manager
            .drop_table(Table::drop().table(WeeklyTopTen::Table).to_owned())
            .await
    }

    /// Back to one chart: the newest week's places.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut table = Table::create();
        table.table(WeeklyTopTen::Table).col(id()).col(
            ColumnDef::new(TopTenPlaces::Rank)
                .integer()
                .not_null()
                .unique_key(),
        );
        place_columns(&mut table);
        manager.create_table(table).await?;
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "INSERT INTO weekly_top_ten ({PLACE_COLUMNS}) SELECT {PLACE_COLUMNS} \
                 FROM top_ten_places WHERE week_of = (SELECT MAX(week_of) FROM top_ten_places)"
            ))
            .await?;
        manager
            .drop_table(Table::drop().table(TopTenPlaces::Table).to_owned())
            .await
    }
}
