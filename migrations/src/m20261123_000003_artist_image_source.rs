//! Where an artist's image came from: a thumbnail beside the full image, and the
//! source ("wikimedia" when the encyclopedia enrichment set it), so pages can show
//! "Source: Wikimedia" and fall back between the two.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    ImageThumbnailUrl,
    ImageSource,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::ImageThumbnailUrl).text())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::ImageSource).string())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Artists::ImageSource, Artists::ImageThumbnailUrl] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Artists::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
