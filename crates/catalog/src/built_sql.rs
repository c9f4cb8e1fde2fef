//! SQL written once. sea-query writes a query's SQL anew on every call: 0.16 ms of CPU
//! for a cold artist page's six or seven queries, an eighth of its reads' work outside
//! the database. The reads every artist page and card list makes keep their SQL, per
//! backend and shape, and bind each call's values to it.

use std::collections::HashMap;
use std::sync::{LazyLock, PoisonError, RwLock};

use sea_orm::{ConnectionTrait, QueryTrait, Statement, Value};

/// One query's SQL by backend and shape (what else its text depends on: the length of
/// an `IN` list, at most a chunk's).
pub(crate) struct BuiltSql(LazyLock<RwLock<HashMap<(u8, usize), String>>>);

impl BuiltSql {
    pub const fn new() -> BuiltSql {
        BuiltSql(LazyLock::new(Default::default))
    }

    /// `query`'s statement for `db`, built on the first call of its backend and `shape`.
    /// `values` are the values `query` binds, in its order: debug builds (so every
    /// database test) build it anew on each call and check both.
    pub fn statement<Q: QueryTrait>(
        &self,
        db: &impl ConnectionTrait,
        shape: usize,
        values: Vec<Value>,
        query: impl FnOnce() -> Q,
    ) -> Statement {
        let backend = db.get_database_backend();
        let key = (backend as u8, shape);
        let kept = self
            .0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned();
        let sql = match kept {
            Some(sql) if !cfg!(debug_assertions) => sql,
            kept => {
                let built = query().build(backend);
                debug_assert_eq!(
                    built.values.as_ref().map(|built| &built.0),
                    Some(&values),
                    "the values given are the ones the query binds, in its order"
                );
                if let Some(sql) = kept {
                    debug_assert_eq!(sql, built.sql, "the SQL depends only on the shape");
                }
                self.0
                    .write()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(key, built.sql.clone());
                built.sql
            }
        };
        Statement::from_sql_and_values(backend, sql, values)
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{DatabaseConnection, DbBackend, EntityTrait, QueryFilter, QuerySelect};
    use sound_atlas_entity::artist;

    use super::*;

    fn by_ids(ids: &[i32]) -> sea_orm::Select<artist::Entity> {
        use sea_orm::ColumnTrait;
        artist::Entity::find().filter(artist::Column::Id.is_in(ids.iter().copied()))
    }

    #[tokio::test]
    async fn each_shape_keeps_its_own_sql_and_binds_each_calls_values() {
        let db: DatabaseConnection = sea_orm::Database::connect("sqlite::memory:").await.unwrap();
        static BY_IDS: BuiltSql = BuiltSql::new();
        let statement = |ids: &[i32]| {
            let values = ids.iter().map(|&id| id.into()).collect();
            BY_IDS.statement(&db, ids.len(), values, || by_ids(ids))
        };
        let (two, other_two, three) = (
            statement(&[1, 2]),
            statement(&[7, 9]),
            statement(&[1, 2, 3]),
        );
        assert_eq!(two.sql, other_two.sql);
        assert_ne!(two.sql, three.sql);
        assert_eq!(
            other_two.values.unwrap().0,
            vec![Value::from(7), Value::from(9)]
        );
        assert_eq!(three.sql, by_ids(&[1, 2, 3]).build(DbBackend::Sqlite).sql);
    }

    #[tokio::test]
    #[should_panic(expected = "the values given are the ones the query binds")]
    async fn values_out_of_the_querys_order_are_caught_in_tests() {
        let db: DatabaseConnection = sea_orm::Database::connect("sqlite::memory:").await.unwrap();
        static ONE: BuiltSql = BuiltSql::new();
        // `.limit(1)` binds its 1 after the id.
        ONE.statement(&db, 0, vec![1u64.into(), 5.into()], || {
            artist::Entity::find_by_id(5).limit(1)
        });
    }
}
