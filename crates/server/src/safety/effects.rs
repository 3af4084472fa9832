//! What some moderators' actions change beyond the log, written in the
//! action's own transaction on either store:
//!
//! - **A cheater marked.** Every rating point an opponent lost to the
//!   cheater in a rated game is given back (`rating_moves`, each game
//!   once), and the cheater's own ratings are deleted. The opponents keep
//!   what they won. Games rated before `rating_moves` existed have no
//!   record of what moved and are left as they are.
//! - **A rename.** The account's key is its name in lower case, so every
//!   column that holds it ([`KEY_COLUMNS`]) moves to the new key, and the
//!   account keeps its games, ratings, sessions, reports and relations.
//! - **Chat deleted.** The reported player's kept lines in the reported
//!   game go.

use rusqlite::params;

use crate::storage::numbered;
use crate::storage::sqlite::StoreError;

/// What an action changes besides the log and its sanction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    /// The player cheated: refund their opponents, drop their ratings.
    Refund,
    /// The account takes this key and name.
    Rename {
        key: String,
        name: String,
    },
    /// The player's lines in this game go.
    DeleteChat {
        game: String,
    },
}

/// Every column that holds an account's key, by table: a rename moves each.
/// (A test checks the list against the migrations.)
pub const KEY_COLUMNS: [(&str, &str); 30] = [
    ("sessions", "user_key"),
    ("devices", "user_key"),
    ("seeks", "user_key"),
    ("seeks", "target"),
    ("ratings", "user_key"),
    ("abandons", "user_key"),
    ("moderators", "user_key"),
    ("sanctions", "user_key"),
    ("notices_read", "user_key"),
    ("rating_moves", "user_key"),
    ("rating_moves", "opponent"),
    ("games", "white_user"),
    ("games", "black_user"),
    ("reports", "reporter"),
    ("reports", "reported"),
    ("relations", "owner"),
    ("relations", "other"),
    ("mod_actions", "moderator"),
    ("mod_actions", "player"),
    ("rated_ends", "white_user"),
    ("rated_ends", "black_user"),
    ("flags", "player"),
    ("flags", "other"),
    ("tournaments", "creator"),
    ("tournament_players", "user_key"),
    ("tournament_chat", "user_key"),
    ("follows", "follower"),
    ("follows", "followed"),
    ("push_subscriptions", "user_key"),
    ("users", "key"),
];

/// The moves an opponent lost to `?1` that were not given back yet.
const LOST_TO: &str = "FROM rating_moves m WHERE m.user_key = ratings.user_key
     AND m.game = ratings.game AND m.opponent = ?1 AND m.rating_after < m.rating_before
     AND m.refunded IS NULL";
const MARK_REFUNDED: &str = "UPDATE rating_moves SET refunded = ?2
     WHERE opponent = ?1 AND rating_after < rating_before AND refunded IS NULL";
const DROP_RATINGS: &str = "DELETE FROM ratings WHERE user_key = ?1";
const COPY_USER: &str = "INSERT INTO users (key, name, hash, created, bot, seen)
     SELECT ?2, ?3, hash, created, bot, seen FROM users WHERE key = ?1";
const DROP_USER: &str = "DELETE FROM users WHERE key = ?1";
const IN_PLAY: &str = "SELECT count(*) FROM games
     WHERE (white_user = ?1 OR black_user = ?1) AND result IS NULL";
const TAKEN: &str = "SELECT count(*) FROM users WHERE key = ?1";
const DELETE_CHAT: &str = "DELETE FROM chat_lines WHERE game = ?1 AND side = (
     SELECT CASE WHEN white_user = ?2 THEN 'white' WHEN black_user = ?2 THEN 'black' END
     FROM games WHERE id = ?1)";

fn refund_sql() -> String {
    format!(
        "UPDATE ratings SET rating = rating + (SELECT sum(m.rating_before - m.rating_after) {LOST_TO})
         WHERE EXISTS (SELECT 1 {LOST_TO})"
    )
}

/// Every column moved to the new key, the account's row last but one:
/// the new row is made first, the old one deleted last.
fn moves() -> impl Iterator<Item = String> {
    KEY_COLUMNS
        .iter()
        .filter(|(table, _)| *table != "users")
        .map(|(table, column)| format!("UPDATE {table} SET {column} = ?2 WHERE {column} = ?1"))
}

/// Why a rename cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenameRefused {
    /// The new name is another account's.
    Taken,
    /// The player has a game in play (its players are held in memory).
    InPlay,
}

/// Why a rename cannot be made, from the accounts holding the new key, the
/// player's games in play, and whether the key stays the same.
fn refusal(taken: i64, playing: i64, same_key: bool) -> Option<RenameRefused> {
    if taken > 0 && !same_key {
        Some(RenameRefused::Taken)
    } else if playing > 0 {
        Some(RenameRefused::InPlay)
    } else {
        None
    }
}

/// Whether `player` may be renamed to `key` now, on SQLite.
pub(crate) fn may_rename_sqlite(
    db: &rusqlite::Connection,
    player: &str,
    key: &str,
) -> Result<Option<RenameRefused>, StoreError> {
    let taken: i64 = db.query_row(TAKEN, params![key], |r| r.get(0))?;
    let playing: i64 = db.query_row(IN_PLAY, params![player], |r| r.get(0))?;
    Ok(refusal(taken, playing, key == player))
}

/// The same on PostgreSQL.
pub(crate) async fn may_rename_pg(
    tx: &tokio_postgres::Transaction<'_>,
    player: &str,
    key: &str,
) -> Result<Option<RenameRefused>, StoreError> {
    use crate::storage::postgres::storage;
    let count = |row: tokio_postgres::Row| row.get::<_, i64>(0);
    let taken = count(
        tx.query_one(&numbered(TAKEN), &[&key])
            .await
            .map_err(storage)?,
    );
    let playing = count(
        tx.query_one(&numbered(IN_PLAY), &[&player])
            .await
            .map_err(storage)?,
    );
    Ok(refusal(taken, playing, key == player))
}

/// Writes `effect` on `player` in a SQLite transaction, at `now`.
pub(crate) fn apply_sqlite(
    tx: &rusqlite::Transaction<'_>,
    player: &str,
    effect: &Effect,
    now: i64,
) -> Result<(), StoreError> {
    match effect {
        Effect::None => {}
        Effect::Refund => {
            tx.execute(&refund_sql(), params![player])?;
            tx.execute(MARK_REFUNDED, params![player, now])?;
            tx.execute(DROP_RATINGS, params![player])?;
        }
        Effect::Rename { key, name } => {
            if key == player {
                tx.execute(
                    "UPDATE users SET name = ?2 WHERE key = ?1",
                    params![player, name],
                )?;
            } else {
                tx.execute(COPY_USER, params![player, key, name])?;
                for sql in moves() {
                    tx.execute(&sql, params![player, key])?;
                }
                tx.execute(DROP_USER, params![player])?;
            }
        }
        Effect::DeleteChat { game } => {
            tx.execute(DELETE_CHAT, params![game, player])?;
        }
    }
    Ok(())
}

/// The same on PostgreSQL.
pub(crate) async fn apply_pg(
    tx: &tokio_postgres::Transaction<'_>,
    player: &str,
    effect: &Effect,
    now: i64,
) -> Result<(), StoreError> {
    use crate::storage::postgres::storage;
    match effect {
        Effect::None => {}
        Effect::Refund => {
            tx.execute(&numbered(&refund_sql()), &[&player])
                .await
                .map_err(storage)?;
            tx.execute(&numbered(MARK_REFUNDED), &[&player, &now])
                .await
                .map_err(storage)?;
            tx.execute(&numbered(DROP_RATINGS), &[&player])
                .await
                .map_err(storage)?;
        }
        Effect::Rename { key, name } => {
            if key == player {
                tx.execute(
                    "UPDATE users SET name = $2 WHERE key = $1",
                    &[&player, name],
                )
                .await
                .map_err(storage)?;
            } else {
                tx.execute(&numbered(COPY_USER), &[&player, key, name])
                    .await
                    .map_err(storage)?;
                for sql in moves() {
                    tx.execute(&numbered(&sql), &[&player, key])
                        .await
                        .map_err(storage)?;
                }
                tx.execute(&numbered(DROP_USER), &[&player])
                    .await
                    .map_err(storage)?;
            }
        }
        Effect::DeleteChat { game } => {
            tx.execute(&numbered(DELETE_CHAT), &[game, &player])
                .await
                .map_err(storage)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every column of the schema whose name says it holds an account's
    /// key is one a rename moves.
    #[test]
    fn a_rename_moves_every_column_that_holds_an_accounts_key() {
        let mut db = rusqlite::Connection::open_in_memory().expect("opens");
        crate::storage::sqlite::migrate(&mut db).expect("migrates");
        let mut found = Vec::new();
        let tables: Vec<String> = db
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .expect("tables");
        let holds_key = |c: &str| {
            c == "user_key"
                || c.ends_with("_user")
                || [
                    "reporter",
                    "reported",
                    "owner",
                    "other",
                    "moderator",
                    "player",
                    "opponent",
                    "creator",
                    "target",
                    "follower",
                    "followed",
                ]
                .contains(&c)
        };
        for table in tables {
            let columns: Vec<String> = db
                .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
                .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
                .expect("columns");
            for column in columns {
                if holds_key(&column) {
                    found.push((table.clone(), column));
                }
            }
        }
        assert!(found.len() >= 15, "{found:?}");
        for (table, column) in &found {
            assert!(
                KEY_COLUMNS.iter().any(|(t, c)| t == table && c == column),
                "{table}.{column} holds an account's key and a rename leaves it behind"
            );
        }
        // And the list names no column that is not there.
        for (table, column) in KEY_COLUMNS.iter().filter(|(t, _)| *t != "users") {
            assert!(
                found.iter().any(|(t, c)| t == table && c == column),
                "{table}.{column} is not in the schema"
            );
        }
    }
}
