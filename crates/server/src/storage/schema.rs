//! The schema a database must have, checked when it opens: every table
//! this server uses, with every column, as its own migrations make them. A
//! database another program made (or a newer version of this one) is
//! refused at the start with what is wrong, instead of starting, saying it
//! is healthy, and failing every request that touches it.

use std::sync::OnceLock;

use rusqlite::Connection;

use crate::storage::sqlite::StoreError;

/// A table's name and its columns.
type Tables = Vec<(String, Vec<String>)>;

/// Each table the migrations make, with its columns, in the order SQLite
/// lists them; read once, from a database made in memory by the
/// migrations, so it never disagrees with them (every store that opens
/// is checked against it: SQLite's two connections, PostgreSQL's pool).
pub(crate) fn expected() -> Result<&'static Tables, StoreError> {
    static MADE: OnceLock<Tables> = OnceLock::new();
    if let Some(made) = MADE.get() {
        return Ok(made);
    }
    let mut made = Connection::open_in_memory()?;
    crate::storage::sqlite::migrate(&mut made)?;
    let found = tables(&made)?;
    Ok(MADE.get_or_init(|| found))
}

/// The tables of a SQLite database and their columns (SQLite's own
/// tables aside).
fn tables(db: &Connection) -> Result<Tables, StoreError> {
    let mut names = db.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         ORDER BY name",
    )?;
    let names: Vec<String> = names
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut columns = db.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?;
    names
        .into_iter()
        .map(|table| {
            let found = columns
                .query_map([&table], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok((table, found))
        })
        .collect()
}

/// What `found` (a database's tables and columns) lacks of what the
/// server needs; `None` when nothing.
pub(crate) fn lacking(
    expected: &[(String, Vec<String>)],
    found: &[(String, Vec<String>)],
) -> Option<String> {
    let mut missing = Vec::new();
    for (table, columns) in expected {
        match found.iter().find(|(name, _)| name == table) {
            None => missing.push(format!("no table {table}")),
            Some((_, have)) => {
                let absent: Vec<&str> = columns
                    .iter()
                    .filter(|c| !have.contains(c))
                    .map(String::as_str)
                    .collect();
                if !absent.is_empty() {
                    missing.push(format!("table {table} lacks {}", absent.join(", ")));
                }
            }
        }
    }
    (!missing.is_empty()).then(|| missing.join("; "))
}

/// Refuses a SQLite database that lacks what the server needs.
pub(crate) fn check_sqlite(db: &Connection) -> Result<(), StoreError> {
    match lacking(expected()?, &tables(db)?) {
        None => Ok(()),
        Some(why) => Err(StoreError::Foreign(why)),
    }
}

/// Refuses a PostgreSQL database that lacks what the server needs (the
/// tables of the connection's schema).
pub(crate) async fn check_postgres(client: &tokio_postgres::Client) -> Result<(), StoreError> {
    let rows = client
        .query(
            "SELECT table_name::text, column_name::text FROM information_schema.columns
             WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
            &[],
        )
        .await?;
    let mut found: Tables = Vec::new();
    for row in rows {
        let (table, column): (String, String) = (row.get(0), row.get(1));
        match found.last_mut() {
            Some((last, columns)) if *last == table => columns.push(column),
            _ => found.push((table, vec![column])),
        }
    }
    match lacking(expected()?, &found) {
        None => Ok(()),
        Some(why) => Err(StoreError::Foreign(why)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_is_what_the_migrations_make_and_a_gap_is_named() {
        let expected = expected().expect("the schema");
        let games = expected.iter().find(|(t, _)| t == "games").expect("games");
        assert!(games.1.contains(&"header".to_string()), "{games:?}");
        assert!(expected.iter().any(|(t, _)| t == "sessions"));
        assert_eq!(lacking(expected, expected), None);
        let mut found = expected.clone();
        found.retain(|(t, _)| t != "sessions");
        if let Some((_, columns)) = found.iter_mut().find(|(t, _)| t == "games") {
            columns.retain(|c| c != "header");
        }
        let why = lacking(expected, &found).expect("lacking");
        assert!(why.contains("no table sessions"), "{why}");
        assert!(why.contains("table games lacks header"), "{why}");
    }
}
