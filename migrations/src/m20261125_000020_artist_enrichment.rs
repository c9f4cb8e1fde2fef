//! What the open music data sources say about an artist, with where each field came
//! from: identifiers, the photo's credit (author and licence, which its licence asks
//! to be shown), the date born or formed, studio albums, band members and their years,
//! and a row per enriched field naming its source and when it was read.
//!
//! Images set before credits were recorded (the encyclopedia's page-summary images)
//! carry no author or licence, so they are dropped: the site shows no photo without
//! the attribution its licence asks for. The enrichment fills them again, credited.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    Id,
    WikidataId,
    MusicbrainzId,
    BeganOn,
    ImageAuthor,
    ImageLicense,
    ImageLicenseUrl,
    ImagePageUrl,
    EnrichedAt,
}

#[derive(DeriveIden)]
enum ArtistAlbums {
    Table,
    Id,
    ArtistId,
    Title,
    Year,
    MusicbrainzId,
    Position,
}

#[derive(DeriveIden)]
enum ArtistMembers {
    Table,
    Id,
    ArtistId,
    Name,
    BeginYear,
    EndYear,
    Ended,
    Roles,
    Position,
}

#[derive(DeriveIden)]
enum ArtistFieldSources {
    Table,
    ArtistId,
    Field,
    Source,
    RetrievedAt,
}

fn id_column<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn artist_key<T: IntoIden + 'static>(table: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from_tbl(table)
        .from_col(Alias::new("artist_id"))
        .to(Artists::Table, Artists::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        let columns = [
            ColumnDef::new(Artists::WikidataId).string().to_owned(),
            ColumnDef::new(Artists::MusicbrainzId).string().to_owned(),
            ColumnDef::new(Artists::BeganOn).string().to_owned(),
            ColumnDef::new(Artists::ImageAuthor).text().to_owned(),
            ColumnDef::new(Artists::ImageLicense).string().to_owned(),
            ColumnDef::new(Artists::ImageLicenseUrl).text().to_owned(),
            ColumnDef::new(Artists::ImagePageUrl).text().to_owned(),
            ColumnDef::new(Artists::EnrichedAt).big_integer().to_owned(),
        ];
        for mut column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Artists::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE artists SET image_url = NULL, image_thumbnail_url = NULL, image_source = NULL \
                 WHERE image_source = 'wikimedia'",
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ArtistAlbums::Table)
                    .col(id_column(ArtistAlbums::Id))
                    .col(ColumnDef::new(ArtistAlbums::ArtistId).integer().not_null())
                    .col(ColumnDef::new(ArtistAlbums::Title).text().not_null())
                    .col(ColumnDef::new(ArtistAlbums::Year).integer())
                    .col(ColumnDef::new(ArtistAlbums::MusicbrainzId).string())
                    .col(ColumnDef::new(ArtistAlbums::Position).integer().not_null())
                    .foreign_key(&mut artist_key(ArtistAlbums::Table))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ArtistMembers::Table)
                    .col(id_column(ArtistMembers::Id))
                    .col(ColumnDef::new(ArtistMembers::ArtistId).integer().not_null())
                    .col(ColumnDef::new(ArtistMembers::Name).text().not_null())
                    .col(ColumnDef::new(ArtistMembers::BeginYear).integer())
                    .col(ColumnDef::new(ArtistMembers::EndYear).integer())
                    .col(ColumnDef::new(ArtistMembers::Ended).boolean().not_null())
                    // JSON array of role and instrument names, as text (as artists.genres).
                    .col(ColumnDef::new(ArtistMembers::Roles).text().not_null())
                    .col(ColumnDef::new(ArtistMembers::Position).integer().not_null())
                    .foreign_key(&mut artist_key(ArtistMembers::Table))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ArtistFieldSources::Table)
                    .col(
                        ColumnDef::new(ArtistFieldSources::ArtistId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ArtistFieldSources::Field)
                            .string()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ArtistFieldSources::Source)
                            .string()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ArtistFieldSources::RetrievedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(ArtistFieldSources::ArtistId)
                            .col(ArtistFieldSources::Field),
                    )
                    .foreign_key(&mut artist_key(ArtistFieldSources::Table))
                    .to_owned(),
            )
            .await?;
        for (name, table, column) in [
            (
                "idx_artist_albums_artist",
                ArtistAlbums::Table.into_iden(),
                ArtistAlbums::ArtistId.into_iden(),
            ),
            (
                "idx_artist_members_artist",
                ArtistMembers::Table.into_iden(),
                ArtistMembers::ArtistId.into_iden(),
            ),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(table)
                        .col(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            ArtistFieldSources::Table.into_iden(),
            ArtistMembers::Table.into_iden(),
            ArtistAlbums::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        for column in [
            Artists::EnrichedAt,
            Artists::ImagePageUrl,
            Artists::ImageLicenseUrl,
            Artists::ImageLicense,
            Artists::ImageAuthor,
            Artists::BeganOn,
            Artists::MusicbrainzId,
            Artists::WikidataId,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Artists::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
