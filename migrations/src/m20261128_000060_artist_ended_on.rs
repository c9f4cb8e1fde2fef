//! When an artist's life or band ended: died (solo) or dissolved (band), ISO 8601 to
//! its known precision, as `began_on` is.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    EndedOn,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::EndedOn).text())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .drop_column(Artists::EndedOn)
                    .to_owned(),
            )
            .await
    }
}
