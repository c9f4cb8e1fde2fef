//! Accounts: users, provider identities, browser sessions and emailed one-time tokens.
//! Times are Unix seconds in BIGINT columns so SQLite and PostgreSQL read them alike.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    EmailKey,
    PasswordHash,
    ConfirmedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Identities {
    Table,
    Id,
    UserId,
    Issuer,
    Subject,
    Email,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    Data,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum AuthTokens {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(
                        ColumnDef::new(Users::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Users::Email).string().not_null())
                    .col(
                        ColumnDef::new(Users::EmailKey)
                            .string()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Users::PasswordHash).string())
                    .col(ColumnDef::new(Users::ConfirmedAt).big_integer())
                    .col(ColumnDef::new(Users::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Identities::Table)
                    .col(
                        ColumnDef::new(Identities::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Identities::UserId).integer().not_null())
                    .col(ColumnDef::new(Identities::Issuer).string().not_null())
                    .col(ColumnDef::new(Identities::Subject).string().not_null())
                    .col(ColumnDef::new(Identities::Email).string())
                    .col(
                        ColumnDef::new(Identities::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Identities::Table, Identities::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("identities_issuer_subject")
                    .table(Identities::Table)
                    .col(Identities::Issuer)
                    .col(Identities::Subject)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // No foreign key on sessions.user_id: signed-out sessions have none, and
        // account deletion removes the user's sessions explicitly in its transaction.
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(
                        ColumnDef::new(Sessions::Id)
                            .string()
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Sessions::UserId).integer())
                    .col(ColumnDef::new(Sessions::Data).text().not_null())
                    .col(ColumnDef::new(Sessions::ExpiresAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("sessions_user_id")
                    .table(Sessions::Table)
                    .col(Sessions::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuthTokens::Table)
                    .col(
                        ColumnDef::new(AuthTokens::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(AuthTokens::UserId).integer().not_null())
                    .col(ColumnDef::new(AuthTokens::Purpose).string().not_null())
                    .col(
                        ColumnDef::new(AuthTokens::TokenHash)
                            .string()
                            .not_null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(AuthTokens::ExpiresAt)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(AuthTokens::UsedAt).big_integer())
                    .col(
                        ColumnDef::new(AuthTokens::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AuthTokens::Table, AuthTokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AuthTokens::Table.into_iden(),
            Sessions::Table.into_iden(),
            Identities::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
