use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Artists {
    Table,
    Id,
    ExternalId,
    Title,
    Kind,
    Year,
    Origin,
    RealName,
    Genres,
    ImageUrl,
    Bio,
    BioSourceLink,
    SoloVideoLink,
    SpotifyLink,
    AppleLink,
    AmazonLink,
    TidalLink,
    FunFact,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Artists::Table)
                    .col(
                        ColumnDef::new(Artists::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Artists::ExternalId)
                            .string()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Artists::Title).string().not_null())
                    .col(ColumnDef::new(Artists::Kind).string().not_null())
                    .col(ColumnDef::new(Artists::Year).integer())
                    .col(ColumnDef::new(Artists::Origin).string())
                    .col(ColumnDef::new(Artists::RealName).string())
                    .col(ColumnDef::new(Artists::Genres).text().not_null())
                    .col(ColumnDef::new(Artists::ImageUrl).text())
                    .col(ColumnDef::new(Artists::Bio).text())
                    .col(ColumnDef::new(Artists::BioSourceLink).text())
                    .col(ColumnDef::new(Artists::SoloVideoLink).text())
                    .col(ColumnDef::new(Artists::SpotifyLink).text())
                    .col(ColumnDef::new(Artists::AppleLink).text())
                    .col(ColumnDef::new(Artists::AmazonLink).text())
                    .col(ColumnDef::new(Artists::TidalLink).text())
                    .col(ColumnDef::new(Artists::FunFact).text())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_artists_title")
                    .table(Artists::Table)
                    .col(Artists::Title)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Artists::Table).to_owned())
            .await
    }
}
