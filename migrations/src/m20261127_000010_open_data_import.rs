//! The open catalogue's imports: artists found by their knowledge-base and MusicBrainz
//! ids (indexed, so a batch's lookup stays one index probe per row at millions of
//! rows), and where a paged import stopped (`import_checkpoints`), so a rerun
//! continues from there.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    WikidataId,
    MusicbrainzId,
}

#[derive(DeriveIden)]
enum ImportCheckpoints {
    Table,
    Name,
    Position,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, column) in [
            ("idx_artists_wikidata_id", Artists::WikidataId),
            ("idx_artists_musicbrainz_id", Artists::MusicbrainzId),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Artists::Table)
                        .col(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(ImportCheckpoints::Table)
                    .col(
                        ColumnDef::new(ImportCheckpoints::Name)
                            .string()
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(ImportCheckpoints::Position)
                            .text()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ImportCheckpoints::UpdatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ImportCheckpoints::Table).to_owned())
            .await?;
        for name in ["idx_artists_wikidata_id", "idx_artists_musicbrainz_id"] {
            manager
                .drop_index(Index::drop().name(name).table(Artists::Table).to_owned())
                .await?;
        }
        Ok(())
    }
}
