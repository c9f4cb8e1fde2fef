//! Each article image's credit (its author and licence, as the licence asks them to be
//! shown), filled by the article importer where the editor's file gives one: shown with
//! the image on the page and drawn on the article's share picture under its lead image.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Articles {
    Table,
    FeaturedImageCredit,
    Image1Credit,
    Image2Credit,
}

const COLUMNS: [Articles; 3] = [
    Articles::FeaturedImageCredit,
    Articles::Image1Credit,
    Articles::Image2Credit,
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for column in COLUMNS {
            manager
                .alter_table(
                    Table::alter()
                        .table(Articles::Table)
                        .add_column(ColumnDef::new(column).text())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in COLUMNS {
            manager
                .alter_table(
                    Table::alter()
                        .table(Articles::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
