//! When an article's row last changed (unix seconds), so the articles' sitemap can give
//! search engines a true `<lastmod>`. Rows from before this column have none (the
//! sitemap then gives the article's own date); the seed and the importer set it.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Articles {
    Table,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Articles::Table)
                    .add_column(ColumnDef::new(Articles::UpdatedAt).big_integer())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Articles::Table)
                    .drop_column(Articles::UpdatedAt)
                    .to_owned(),
            )
            .await
    }
}
