//! The country an artist comes from (a band's country of origin, a person's country of
//! citizenship), by its common English name: what the country pages and the browse
//! filter list artists by.

use sea_orm_migration::prelude::*;

use crate::one_column;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    Country,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        one_column::add(
            manager,
            Artists::Table,
            ColumnDef::new(Artists::Country).text(),
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        one_column::drop(manager, Artists::Table, Artists::Country).await
    }
}
