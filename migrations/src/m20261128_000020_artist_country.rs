//! The country an artist comes from (a band's country of origin, a person's country of
//! citizenship), by its common English name: what the country pages and the browse
//! filter list artists by.

use sea_orm_migration::prelude::*;

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
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::Country).text())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .drop_column(Artists::Country)
                    .to_owned(),
            )
            .await
    }
}
