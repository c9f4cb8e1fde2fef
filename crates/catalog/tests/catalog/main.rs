//! The catalogue crate's integration tests, one binary: reads, the country and decade lists, the quiz, the seed's
//! content and the share pictures, on SQLite and PostgreSQL.

mod facets;
mod patches;
mod quiz;
mod reads;
mod seed_content;
mod share_picture;

/// Waits for the next unix second: a snapshot read then holds no row stamped in the
/// second it was read in, so no check follows it to settle that second.
async fn after_this_second() {
    let now = sound_atlas_catalog::write::now_unix();
    while sound_atlas_catalog::write::now_unix() == now {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
