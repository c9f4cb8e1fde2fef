//! Band members as the knowledge base states them: how precisely each spell's start and
//! end are known (a member who left "in the 1980s" has left), and the language of a
//! name given only in another script (marked for screen readers).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ArtistMembers {
    Table,
    BeginPrecision,
    EndPrecision,
    NameLanguage,
}

fn columns() -> [ColumnDef; 3] {
    [
        ColumnDef::new(ArtistMembers::BeginPrecision)
            .text()
            .not_null()
            .default("year")
            .to_owned(),
        ColumnDef::new(ArtistMembers::EndPrecision)
            .text()
            .not_null()
            .default("year")
            .to_owned(),
        ColumnDef::new(ArtistMembers::NameLanguage)
            .text()
            .to_owned(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for column in columns() {
            manager
                .alter_table(
                    Table::alter()
                        .table(ArtistMembers::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            ArtistMembers::BeginPrecision,
            ArtistMembers::EndPrecision,
            ArtistMembers::NameLanguage,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(ArtistMembers::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
