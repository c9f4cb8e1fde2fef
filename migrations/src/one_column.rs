//! The shape most later migrations take: one nullable column added to a table, and
//! dropped again on the way down.

use sea_orm_migration::prelude::*;

pub async fn add(
    manager: &SchemaManager<'_>,
    table: impl IntoTableRef,
    column: &mut ColumnDef,
) -> Result<(), DbErr> {
    manager
        .alter_table(Table::alter().table(table).add_column(column).to_owned())
        .await
}

pub async fn drop(
    manager: &SchemaManager<'_>,
    table: impl IntoTableRef,
    column: impl IntoIden,
) -> Result<(), DbErr> {
    manager
        .alter_table(Table::alter().table(table).drop_column(column).to_owned())
        .await
}
