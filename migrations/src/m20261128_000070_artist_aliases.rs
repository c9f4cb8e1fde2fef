//! The other names an artist is known by (a JSON list of names, as `genres` is): shown
//! in structured data and searched as the title is.

use sea_orm_migration::prelude::*;

use crate::one_column;

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
        one_column::add(
            manager,
            Artists::Table,
            ColumnDef::new(Artists::Aliases).text(),
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        one_column::drop(manager, Artists::Table, Artists::Aliases).await
    }
}
