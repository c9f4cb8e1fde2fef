//! The signed-in user's library: favorite folders, favorites and video
//! favorites. Every row belongs to a user and goes with them (ON DELETE CASCADE).
//!
//! `folder_key` is `folder_id` or 0 for the top level: NULLs are distinct in unique
//! indexes on both SQLite and PostgreSQL, so the unique keys need a non-null column to
//! make "one row per user, artist (or video) and folder" hold at the top level too.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Artists {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum FavoriteFolders {
    Table,
    Id,
    UserId,
    Name,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Favorites {
    Table,
    Id,
    UserId,
    ArtistId,
    FolderId,
    FolderKey,
    CreatedAt,
}

#[derive(DeriveIden)]
enum VideoFavorites {
    Table,
    Id,
    UserId,
    ArtistId,
    VideoId,
    FolderId,
    FolderKey,
    Title,
    Description,
    Thumbnail,
    Url,
    ArtistName,
    PublishedAt,
    CreatedAt,
}

fn id_column<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
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
                    .table(FavoriteFolders::Table)
                    .col(id_column(FavoriteFolders::Id))
                    .col(ColumnDef::new(FavoriteFolders::UserId).integer().not_null())
                    .col(ColumnDef::new(FavoriteFolders::Name).string().not_null())
                    .col(
                        ColumnDef::new(FavoriteFolders::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(FavoriteFolders::Table, FavoriteFolders::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_favorite_folders_user")
                    .table(FavoriteFolders::Table)
                    .col(FavoriteFolders::UserId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Favorites::Table)
                    .col(id_column(Favorites::Id))
                    .col(ColumnDef::new(Favorites::UserId).integer().not_null())
                    .col(ColumnDef::new(Favorites::ArtistId).integer().not_null())
                    .col(ColumnDef::new(Favorites::FolderId).integer())
                    .col(ColumnDef::new(Favorites::FolderKey).integer().not_null())
                    .col(
                        ColumnDef::new(Favorites::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Favorites::Table, Favorites::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Favorites::Table, Favorites::ArtistId)
                            .to(Artists::Table, Artists::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Favorites::Table, Favorites::FolderId)
                            .to(FavoriteFolders::Table, FavoriteFolders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_favorites_user_artist_folder")
                    .table(Favorites::Table)
                    .col(Favorites::UserId)
                    .col(Favorites::ArtistId)
                    .col(Favorites::FolderKey)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VideoFavorites::Table)
                    .col(id_column(VideoFavorites::Id))
                    .col(ColumnDef::new(VideoFavorites::UserId).integer().not_null())
                    .col(
                        ColumnDef::new(VideoFavorites::ArtistId)
                            .integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(VideoFavorites::VideoId).string().not_null())
                    .col(ColumnDef::new(VideoFavorites::FolderId).integer())
                    .col(
                        ColumnDef::new(VideoFavorites::FolderKey)
                            .integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(VideoFavorites::Title).text().not_null())
                    .col(
                        ColumnDef::new(VideoFavorites::Description)
                            .text()
                            .not_null(),
                    )
                    .col(ColumnDef::new(VideoFavorites::Thumbnail).text().not_null())
                    .col(ColumnDef::new(VideoFavorites::Url).text().not_null())
                    .col(ColumnDef::new(VideoFavorites::ArtistName).text().not_null())
                    .col(
                        ColumnDef::new(VideoFavorites::PublishedAt)
                            .string()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(VideoFavorites::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(VideoFavorites::Table, VideoFavorites::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(VideoFavorites::Table, VideoFavorites::FolderId)
                            .to(FavoriteFolders::Table, FavoriteFolders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_video_favorites_user_video_folder")
                    .table(VideoFavorites::Table)
                    .col(VideoFavorites::UserId)
                    .col(VideoFavorites::ArtistId)
                    .col(VideoFavorites::VideoId)
                    .col(VideoFavorites::FolderKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            VideoFavorites::Table.into_iden(),
            Favorites::Table.into_iden(),
            FavoriteFolders::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
