//! Guesses counted on each emailed sign-in code (the last wrong one ends it), and the
//! rate limits' state where several instances share one database: per key, the GCRA's
//! theoretical arrival time of the next attempt (Unix milliseconds).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AuthTokens {
    Table,
    Attempts,
}

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    Key,
    Tat,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(AuthTokens::Table)
                    .add_column(
                        ColumnDef::new(AuthTokens::Attempts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RateLimits::Table)
                    .col(
                        ColumnDef::new(RateLimits::Key)
                            .string()
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(RateLimits::Tat).big_integer().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(RateLimits::Table).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(AuthTokens::Table)
                    .drop_column(AuthTokens::Attempts)
                    .to_owned(),
            )
            .await
    }
}
