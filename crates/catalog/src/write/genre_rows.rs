//! The catalogue's genres as stored (`genres`): what the writer resolves every genre a
//! source gives to, so one genre is one name on every artist whatever source named it.
//!
//! A genre is found by its knowledge-base item where the source gives one and a genre
//! has it; else by [`key_of`] its name, and then it takes the item when it has none
//! yet (so "Rock music" with its item gives the catalogue's "Rock" that item, and a
//! later relabelling of the item still lands on "Rock"). Two items whose labels fold
//! to one key are one genre, as their pages would share a name. A name nothing has
//! yet is a new genre under the source's spelling. The catalogue's own spelling (the
//! seed's or an editor's) replaces a service's once it names the genre, on every
//! artist listing it; a service's never replaces the catalogue's.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait,
    ActiveValue::{NotSet, Set, Unchanged},
    ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
};
use sound_atlas_entity::{artist, genre};

use super::{now_unix, ArtistUpsert};
use crate::genres::{key_of, GenreRef};

/// Values per `IN` list, well under either engine's bound parameters.
const LOOKUP_CHUNK: usize = 500;

/// Resolves every genre the batch's artists give to the catalogue's genre (made when
/// there is none), and writes each artist's list by those genres' names, each once.
/// Genres renamed to the catalogue's spelling are renamed on the artists listing them.
pub(crate) async fn resolve<C: ConnectionTrait>(
    db: &C,
    artists: &mut [ArtistUpsert],
) -> Result<(), sea_orm::DbErr> {
    let given = artists.iter().filter_map(|a| a.genres.as_ref());
    let mut items: Vec<&str> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for genre in given.flat_map(|g| &g.value) {
        items.extend(genre.item.as_deref());
        keys.push(key_of(&genre.name));
    }
    if keys.is_empty() {
        return Ok(());
    }
    items.sort_unstable();
    items.dedup();
    keys.sort_unstable();
    keys.dedup();
    let mut known = Known::default();
    for chunk in items.chunks(LOOKUP_CHUNK) {
        let found = genre::Entity::find()
            .filter(genre::Column::WikidataId.is_in(chunk.iter().copied()))
            .all(db)
            .await?;
        for row in found {
            known.add(row, false);
        }
    }
    for chunk in keys.chunks(LOOKUP_CHUNK) {
        let found = genre::Entity::find()
            .filter(genre::Column::Key.is_in(chunk.iter().cloned()))
            .all(db)
            .await?;
        for row in found {
            known.add(row, false);
        }
    }
    let mut renamed: Vec<(String, String)> = Vec::new();
    for artist in artists.iter_mut() {
        let Some(genres) = artist.genres.as_mut() else {
            continue;
        };
        let own = !genres.source.is_service();
        let mut names: Vec<String> = Vec::with_capacity(genres.value.len());
        for given in &genres.value {
            let name = given.name.trim();
            if name.is_empty() {
                continue;
            }
            let key = key_of(name);
            let at = match given.item.as_ref().and_then(|item| known.by_item.get(item)) {
                Some(&at) => at,
                None => match known.by_key.get(&key) {
                    Some(&at) => {
                        let row = &mut known.rows[at];
                        if let (None, Some(item)) = (&row.0.wikidata_id, &given.item) {
                            row.0.wikidata_id = Some(item.clone());
                            row.1 = true;
                            known.by_item.insert(item.clone(), at);
                        }
                        at
                    }
                    None => known.add(
                        genre::Model {
                            id: 0,
                            name: name.to_owned(),
                            key,
                            wikidata_id: given.item.clone(),
                            own_name: own,
                        },
                        true,
                    ),
                },
            };
            let row = &mut known.rows[at];
            if own && !row.0.own_name {
                row.0.own_name = true;
                row.1 = true;
                if row.0.name != name {
                    renamed.push((
                        std::mem::replace(&mut row.0.name, name.to_owned()),
                        name.to_owned(),
                    ));
                }
            }
            if !names.contains(&row.0.name) {
                names.push(row.0.name.clone());
            }
        }
        genres.value = names.into_iter().map(GenreRef::named).collect();
    }
    // An artist resolved before its genre took the catalogue's spelling lists that.
    if !renamed.is_empty() {
        let to: HashMap<&str, &str> = renamed.iter().map(|(f, t)| (&**f, &**t)).collect();
        for genres in artists.iter_mut().filter_map(|a| a.genres.as_mut()) {
            for genre in &mut genres.value {
                if let Some(&name) = to.get(genre.name.as_str()) {
                    genre.name = name.to_owned();
                }
            }
        }
    }
    let mut new_rows = Vec::new();
    for (row, _) in known.rows.into_iter().filter(|(_, changed)| *changed) {
        let id = if row.id == 0 {
            NotSet
        } else {
            Unchanged(row.id)
        };
        let active = genre::ActiveModel {
            id,
            name: Set(row.name),
            key: Set(row.key),
            wikidata_id: Set(row.wikidata_id),
            own_name: Set(row.own_name),
        };
        if row.id == 0 {
            new_rows.push(active);
        } else {
            active.update(db).await?;
        }
    }
    for chunk in new_rows.chunks(LOOKUP_CHUNK) {
        genre::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    for (from, to) in renamed {
        rename_on_artists(db, &from, &to).await?;
    }
    Ok(())
}

/// The genres a batch finds or makes, by item and by key; each with whether it is
/// new or changed (to write).
#[derive(Default)]
struct Known {
    rows: Vec<(genre::Model, bool)>,
    by_item: HashMap<String, usize>,
    by_key: HashMap<String, usize>,
}

impl Known {
    fn add(&mut self, row: genre::Model, changed: bool) -> usize {
        if let Some(&at) = self.by_key.get(&row.key) {
            return at;
        }
        let at = self.rows.len();
        if let Some(item) = &row.wikidata_id {
            self.by_item.insert(item.clone(), at);
        }
        self.by_key.insert(row.key.clone(), at);
        self.rows.push((row, changed));
        at
    }
}

/// Every artist listing the genre `from` lists it as `to` (once).
async fn rename_on_artists<C: ConnectionTrait>(
    db: &C,
    from: &str,
    to: &str,
) -> Result<(), sea_orm::DbErr> {
    let quoted = serde_json::to_string(from).expect("a name serializes");
    // A LIKE finds a superset ("_" and "%" match more); the list read decides.
    let listing = artist::Entity::find()
        .filter(artist::Column::Genres.contains(&quoted))
        .all(db)
        .await?;
    let now = now_unix();
    for row in listing {
        let before = crate::model::genres_of(row.id, &row.genres);
        if !before.iter().any(|name| name == from) {
            continue;
        }
        let mut after: Vec<&str> = Vec::with_capacity(before.len());
        for name in &before {
            let name = if name == from { to } else { name.as_str() };
            if !after.contains(&name) {
                after.push(name);
            }
        }
        let mut changed = row.into_active_model();
        changed.genres = Set(serde_json::to_string(&after).expect("a list of names"));
        changed.updated_at = Set(Some(now));
        changed.update(db).await?;
    }
    Ok(())
}
