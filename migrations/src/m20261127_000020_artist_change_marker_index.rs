//! The artists' change times indexed: the catalogue's change marker (count, newest and
//! sum of `updated_at`), read after every start and every few minutes, scans this narrow
//! index instead of every row with its biography (at two million artists on SQLite,
//! 606 -> 230 ms).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    UpdatedAt,
}

const NAME: &str = "idx_artists_updated_at";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name(NAME)
                    .table(Artists::Table)
                    .col(Artists::UpdatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name(NAME).table(Artists::Table).to_owned())
            .await
    }
}
