//! Schema migrations, applied in order at startup (`Migrator::up`).

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_artists;
mod m20261123_000001_create_accounts;
mod m20261123_000002_create_content;
mod m20261123_000003_artist_image_source;
mod m20261123_000004_create_library;
mod m20261123_000005_artist_updated_at;
mod m20261124_000001_article_updated_at;
mod m20261125_000001_code_guesses_and_rate_limits;
mod m20261125_000010_top_ten_weeks;
mod m20261125_000020_artist_enrichment;
mod m20261127_000001_known_clients;
mod m20261127_000010_open_data_import;
mod m20261127_000020_artist_change_marker_index;
mod m20261127_000030_article_image_credits;
mod m20261128_000010_member_precision_and_language;
mod m20261128_000020_artist_country;
mod m20261128_000030_member_identities;
mod m20261128_000060_artist_ended_on;
mod m20261128_000070_artist_aliases;
mod m20261128_000080_artist_description;
mod m20261128_000090_genres;
mod m20261129_000010_artist_change_marker;
mod one_column;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_create_artists::Migration),
            Box::new(m20261123_000001_create_accounts::Migration),
            Box::new(m20261123_000002_create_content::Migration),
            Box::new(m20261123_000003_artist_image_source::Migration),
            Box::new(m20261123_000004_create_library::Migration),
            Box::new(m20261123_000005_artist_updated_at::Migration),
            Box::new(m20261124_000001_article_updated_at::Migration),
            Box::new(m20261125_000001_code_guesses_and_rate_limits::Migration),
            Box::new(m20261125_000010_top_ten_weeks::Migration),
            Box::new(m20261125_000020_artist_enrichment::Migration),
            Box::new(m20261127_000001_known_clients::Migration),
            Box::new(m20261127_000010_open_data_import::Migration),
            Box::new(m20261127_000020_artist_change_marker_index::Migration),
            Box::new(m20261127_000030_article_image_credits::Migration),
            Box::new(m20261128_000010_member_precision_and_language::Migration),
            Box::new(m20261128_000020_artist_country::Migration),
            Box::new(m20261128_000030_member_identities::Migration),
            Box::new(m20261128_000060_artist_ended_on::Migration),
            Box::new(m20261128_000070_artist_aliases::Migration),
            Box::new(m20261128_000080_artist_description::Migration),
            Box::new(m20261128_000090_genres::Migration),
            Box::new(m20261129_000010_artist_change_marker::Migration),
        ]
    }
}
