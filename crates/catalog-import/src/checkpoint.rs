//! Where a resumable import stopped (`import_checkpoints`), by the import's name: a
//! position each import reads and writes in its own terms, saved in the transaction
//! of what it wrote up to there, so the two never disagree.

use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};
use sound_atlas_catalog::write::now_unix;
use sound_atlas_entity::import_checkpoint;

/// The position saved under `name`, if any.
pub async fn read<C: ConnectionTrait>(
    db: &C,
    name: &str,
) -> Result<Option<String>, sea_orm::DbErr> {
    Ok(import_checkpoint::Entity::find_by_id(name)
        .one(db)
        .await?
        .map(|c| c.position))
}

/// Saves `position` under `name`, or (None) forgets it: the import read to the end.
pub async fn save<C: ConnectionTrait>(
    db: &C,
    name: &str,
    position: Option<&str>,
) -> Result<(), sea_orm::DbErr> {
    let Some(position) = position else {
        import_checkpoint::Entity::delete_by_id(name)
            .exec(db)
            .await?;
        return Ok(());
    };
    import_checkpoint::Entity::insert(import_checkpoint::ActiveModel {
        name: Set(name.to_owned()),
        position: Set(position.to_owned()),
        updated_at: Set(now_unix()),
    })
    .on_conflict(
        OnConflict::column(import_checkpoint::Column::Name)
            .update_columns([
                import_checkpoint::Column::Position,
                import_checkpoint::Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}
