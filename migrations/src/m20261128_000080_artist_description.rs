//! The short description the knowledge base gives an artist ("English rock band"): what
//! tells two artists of one name apart, under the title and in structured data.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    Description,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .add_column(ColumnDef::new(Artists::Description).text())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Artists::Table)
                    .drop_column(Artists::Description)
                    .to_owned(),
            )
            .await
    }
}
