use sea_orm::entity::prelude::*;

/// A single-use secret sent by email (confirmation link, recovery link, sign-in code).
/// Only its SHA-256 is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "auth_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    /// "confirm", "recover" or "code".
    pub purpose: String,
    /// Hex SHA-256 of the secret.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub created_at: i64,
    /// Guesses made at a sign-in code, or wrong passwords typed with a confirmation link
    /// (see the accounts crate's `MAX_GUESSES`).
    pub attempts: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
