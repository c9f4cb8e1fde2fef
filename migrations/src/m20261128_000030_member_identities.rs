//! Who a band member is in the open data (their knowledge-base item, their MusicBrainz
//! id), so a member with a page of their own is linked to it and a person's page names
//! the bands they were in; both lookups go by index (the artists' ids already are).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum ArtistMembers {
    Table,
    WikidataId,
    MusicbrainzId,
}

const MEMBER_COLUMNS: [(&str, ArtistMembers); 2] = [
    ("idx_artist_members_wikidata_id", ArtistMembers::WikidataId),
    (
        "idx_artist_members_musicbrainz_id",
        ArtistMembers::MusicbrainzId,
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for (name, column) in MEMBER_COLUMNS {
            manager
                .alter_table(
                    Table::alter()
                        .table(ArtistMembers::Table)
                        .add_column(ColumnDef::new(column).text())
                        .to_owned(),
                )
                .await?;
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(ArtistMembers::Table)
                        .col(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, column) in MEMBER_COLUMNS {
            manager
                .drop_index(
                    Index::drop()
                        .name(name)
                        .table(ArtistMembers::Table)
                        .to_owned(),
                )
                .await?;
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
