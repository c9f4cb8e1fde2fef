//! The other names an artist is known by (a JSON list of names, as `genres` is): shown
//! in structured data and searched as the title is.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    Aliases,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::Aliases).text())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .drop_column(Artists::Aliases)
                    .to_owned(),
            )
            .await
    }
}
