//! When an artist's row last changed (unix seconds), so the artists' sitemaps can give
//! search engines a true `<lastmod>`. Rows from before this column have none (unknown,
//! so left out rather than guessed); the seed, importers and enrichment set it.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::UpdatedAt).big_integer())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .drop_column(Artists::UpdatedAt)
                    .to_owned(),
            )
            .await
    }
}
