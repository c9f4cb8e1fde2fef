//! Editorial content: the weekly top 10, new songs, channel videos and articles.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WeeklyTopTen {
    Table,
    Id,
    Rank,
    SongName,
    Artist,
    YoutubeLink,
    AmazonLink,
    ThumbnailUrl,
}

#[derive(DeriveIden)]
enum NewSongs {
    Table,
    Id,
    ExternalId,
    SongName,
    ArtistName,
    Thumbnail,
    VideoId,
    AmazonLink,
    ReleaseDate,
}

#[derive(DeriveIden)]
enum ChannelVideos {
    Table,
    Id,
    Channel,
    VideoId,
    Title,
    Description,
    Thumbnail,
    Url,
    PublishedAt,
    ViewCount,
    Duration,
}

#[derive(DeriveIden)]
enum Articles {
    Table,
    Id,
    ExternalId,
    Title,
    Summary,
    Date,
    Category,
    Content,
    Tags,
    FeaturedImage,
    FeaturedImageCaption,
    Image1,
    Image1Caption,
    Image2,
    Image2Caption,
    YoutubeVideo,
    Product1Name,
    Product1Link,
    Product1Image,
    Product2Name,
    Product2Link,
    Product2Image,
    Product3Name,
    Product3Link,
    Product3Image,
}

fn id<T: IntoIden>(col: T) -> ColumnDef {
    ColumnDef::new(col)
        .integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WeeklyTopTen::Table)
                    .col(id(WeeklyTopTen::Id))
                    .col(
                        ColumnDef::new(WeeklyTopTen::Rank)
                            .integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(WeeklyTopTen::SongName).text().not_null())
                    .col(ColumnDef::new(WeeklyTopTen::Artist).text().not_null())
                    .col(ColumnDef::new(WeeklyTopTen::YoutubeLink).text())
                    .col(ColumnDef::new(WeeklyTopTen::AmazonLink).text())
                    .col(ColumnDef::new(WeeklyTopTen::ThumbnailUrl).text())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NewSongs::Table)
                    .col(id(NewSongs::Id))
                    .col(
                        ColumnDef::new(NewSongs::ExternalId)
                            .string()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(NewSongs::SongName).text().not_null())
                    .col(ColumnDef::new(NewSongs::ArtistName).text().not_null())
                    .col(ColumnDef::new(NewSongs::Thumbnail).text())
                    .col(ColumnDef::new(NewSongs::VideoId).string())
                    .col(ColumnDef::new(NewSongs::AmazonLink).text())
                    .col(ColumnDef::new(NewSongs::ReleaseDate).string())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ChannelVideos::Table)
                    .col(id(ChannelVideos::Id))
                    .col(ColumnDef::new(ChannelVideos::Channel).string().not_null())
                    .col(ColumnDef::new(ChannelVideos::VideoId).string().not_null())
                    .col(ColumnDef::new(ChannelVideos::Title).text().not_null())
                    .col(ColumnDef::new(ChannelVideos::Description).text().not_null())
                    .col(ColumnDef::new(ChannelVideos::Thumbnail).text())
                    .col(ColumnDef::new(ChannelVideos::Url).text().not_null())
                    .col(
                        ColumnDef::new(ChannelVideos::PublishedAt)
                            .string()
                            .not_null(),
                    )
                    .col(ColumnDef::new(ChannelVideos::ViewCount).big_integer())
                    .col(ColumnDef::new(ChannelVideos::Duration).string())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_channel_videos_channel_video")
                    .table(ChannelVideos::Table)
                    .col(ChannelVideos::Channel)
                    .col(ChannelVideos::VideoId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        let text = |col: Articles| ColumnDef::new(col).text().to_owned();
        manager
            .create_table(
                Table::create()
                    .table(Articles::Table)
                    .col(id(Articles::Id))
                    .col(
                        ColumnDef::new(Articles::ExternalId)
                            .string()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Articles::Title).text().not_null())
                    .col(ColumnDef::new(Articles::Summary).text().not_null())
                    .col(ColumnDef::new(Articles::Date).string().not_null())
                    .col(ColumnDef::new(Articles::Category).string().not_null())
                    .col(ColumnDef::new(Articles::Content).text().not_null())
                    .col(ColumnDef::new(Articles::Tags).text().not_null())
                    .col(text(Articles::FeaturedImage))
                    .col(text(Articles::FeaturedImageCaption))
                    .col(text(Articles::Image1))
                    .col(text(Articles::Image1Caption))
                    .col(text(Articles::Image2))
                    .col(text(Articles::Image2Caption))
                    .col(ColumnDef::new(Articles::YoutubeVideo).string())
                    .col(text(Articles::Product1Name))
                    .col(text(Articles::Product1Link))
                    .col(text(Articles::Product1Image))
                    .col(text(Articles::Product2Name))
                    .col(text(Articles::Product2Link))
                    .col(text(Articles::Product2Image))
                    .col(text(Articles::Product3Name))
                    .col(text(Articles::Product3Link))
                    .col(text(Articles::Product3Image))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_articles_date")
                    .table(Articles::Table)
                    .col(Articles::Date)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Articles::Table.into_iden(),
            ChannelVideos::Table.into_iden(),
            NewSongs::Table.into_iden(),
            WeeklyTopTen::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
