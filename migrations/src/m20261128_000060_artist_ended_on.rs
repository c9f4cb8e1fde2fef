//! When an artist's life or band ended: died (solo) or dissolved (band), ISO 8601 to
//! its known precision, as `began_on` is.

use sea_orm_migration::prelude::*;

use crate::one_column;

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
        one_column::add(
            manager,
            Artists::Table,
            ColumnDef::new(Artists::EndedOn).text(),
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        one_column::drop(manager, Artists::Table, Artists::EndedOn).await
    }
}
