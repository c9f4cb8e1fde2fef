//! The addresses and browsers each account has signed in from (hashed), so that limits an
//! outsider can fill never refuse the owner there.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum KnownClients {
    Table,
    Id,
    UserId,
    KeyHash,
    LastSeen,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(KnownClients::Table)
                    .col(
                        ColumnDef::new(KnownClients::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(KnownClients::UserId).integer().not_null())
                    .col(ColumnDef::new(KnownClients::KeyHash).string().not_null())
                    .col(
                        ColumnDef::new(KnownClients::LastSeen)
                            .big_integer()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("known_clients_user_key")
                    .table(KnownClients::Table)
                    .col(KnownClients::UserId)
                    .col(KnownClients::KeyHash)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(KnownClients::Table).to_owned())
            .await
    }
}
