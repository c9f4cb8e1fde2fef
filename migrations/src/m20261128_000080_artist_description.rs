//! The short description the knowledge base gives an artist ("English rock band"): what
//! tells two artists of one name apart, under the title and in structured data.

use sea_orm_migration::prelude::*;

use crate::one_column;

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
        one_column::add(
            manager,
            Artists::Table,
            ColumnDef::new(Artists::Description).text(),
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        one_column::drop(manager, Artists::Table, Artists::Description).await
    }
}
