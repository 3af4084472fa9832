//! Where tournaments are kept, on either store. A director's changes are
//! fenced by its lease ([`rows::FENCE`]) in their own transaction, and a
//! pairing checks in that transaction that neither player is in a game
//! already: of two processes that each think they direct, one pairs.

use rusqlite::{params, OptionalExtension};

use super::rows::{self, EntryRow, Joined, NewPairing, PairingRow, TournamentRow};
use crate::storage::numbered;
use crate::storage::postgres::storage;
use crate::storage::sqlite::StoreError;

fn tournament_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.get(0)?,
        kind: r.get(1)?,
        name: r.get(2)?,
        header: r.get(3)?,
        clock: r.get(4)?,
        rated: r.get(5)?,
        minutes: r.get(6)?,
        rounds: r.get(7)?,
        starts: r.get(8)?,
        ends: r.get(9)?,
        status: r.get(10)?,
        password: r.get(11)?,
        min_rated_games: r.get(12)?,
        rating_low: r.get(13)?,
        rating_high: r.get(14)?,
        max_players: r.get(15)?,
        creator: r.get(16)?,
        schedule_key: r.get(17)?,
        version: r.get(18)?,
        created: r.get(19)?,
    })
}

fn pg_tournament_of(r: &tokio_postgres::Row) -> TournamentRow {
    TournamentRow {
        id: r.get(0),
        kind: r.get(1),
        name: r.get(2),
        header: r.get(3),
        clock: r.get(4),
        rated: r.get(5),
        minutes: r.get(6),
        rounds: r.get(7),
        starts: r.get(8),
        ends: r.get(9),
        status: r.get(10),
        password: r.get(11),
        min_rated_games: r.get(12),
        rating_low: r.get(13),
        rating_high: r.get(14),
        max_players: r.get(15),
        creator: r.get(16),
        schedule_key: r.get(17),
        version: r.get(18),
        created: r.get(19),
    }
}

fn entry_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<EntryRow> {
    Ok(EntryRow {
        seq: r.get(0)?,
        user: r.get(1)?,
        name: r.get(2)?,
        token: r.get(3)?,
        rating: r.get(4)?,
        paused: r.get(5)?,
        withdrawn: r.get(6)?,
    })
}

fn pg_entry_of(r: &tokio_postgres::Row) -> EntryRow {
    EntryRow {
        seq: r.get(0),
        user: r.get(1),
        name: r.get(2),
        token: r.get(3),
        rating: r.get(4),
        paused: r.get(5),
        withdrawn: r.get(6),
    }
}

fn pairing_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<PairingRow> {
    Ok(PairingRow {
        round: r.get(0)?,
        white: r.get(1)?,
        black: r.get(2)?,
        game: r.get(3)?,
        ending: r.get(4)?,
        plies: r.get(5)?,
        berserk: [r.get(6)?, r.get(7)?],
        started: r.get(8)?,
    })
}

fn pg_pairing_of(r: &tokio_postgres::Row) -> PairingRow {
    PairingRow {
        round: r.get(0),
        white: r.get(1),
        black: r.get(2),
        game: r.get(3),
        ending: r.get(4),
        plies: r.get(5),
        berserk: [r.get(6), r.get(7)],
        started: r.get(8),
    }
}

/// Tournaments, their players and their games, on either store.
#[async_trait::async_trait]
pub trait TournamentStore: Send + Sync {
    /// Adds a tournament: false when its schedule key was taken (another
    /// process added it first).
    async fn add_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError>;
    async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError>;
    /// Those not finished, and those finished at or after `since`, each
    /// with its number of players.
    async fn listed_tournaments(&self, since: i64)
        -> Result<Vec<(TournamentRow, i64)>, StoreError>;
    /// How many tournaments `user` made at or after `since`.
    async fn made_since(&self, user: &str, since: i64) -> Result<i64, StoreError>;
    async fn entries(&self, id: &str) -> Result<Vec<EntryRow>, StoreError>;
    async fn pairings(&self, id: &str) -> Result<Vec<PairingRow>, StoreError>;
    /// Joins `user` (or brings them back from a pause or withdrawal) with
    /// seat token hash `token`, unless `max` players are in.
    async fn join_tournament(
        &self,
        id: &str,
        user: &str,
        token: &str,
        rating: i64,
        now: i64,
        max: i64,
    ) -> Result<Joined, StoreError>;
    /// Pauses (or unpauses) or withdraws a player: false when not in it.
    async fn set_entry(
        &self,
        id: &str,
        user: &str,
        withdraw: bool,
        on: bool,
    ) -> Result<bool, StoreError>;
    /// Takes or renews the lease to direct `id` until `until` (ms) for
    /// `me`, if nobody else holds one at `now` (ms).
    async fn lease(&self, id: &str, me: &str, now: i64, until: i64) -> Result<bool, StoreError>;
    /// The tournaments started by `now` and not finished.
    async fn to_direct(&self, now: i64) -> Result<Vec<String>, StoreError>;
    /// Stores a wave or round of pairings, fenced by `me`'s lease at `now`
    /// (ms): false, storing nothing, without the lease or when a player
    /// is in a game already.
    async fn pair_tournament(
        &self,
        id: &str,
        me: &str,
        now: i64,
        pairings: Vec<NewPairing>,
    ) -> Result<bool, StoreError>;
    /// Records a game's ending once (false when it was already), pausing
    /// the player `pause` (by seq) in the same transaction.
    async fn record_ending(
        &self,
        id: &str,
        game: &str,
        ending: &str,
        plies: i64,
        berserk: [bool; 2],
        pause: Option<i64>,
    ) -> Result<bool, StoreError>;
    /// The tournament's games that ended and are not recorded yet.
    async fn unrecorded(&self, id: &str) -> Result<Vec<String>, StoreError>;
    /// Sets the status (and end), fenced by `me`'s lease at `now` (ms).
    async fn set_status(
        &self,
        id: &str,
        me: &str,
        now: i64,
        status: &str,
        ends: Option<i64>,
    ) -> Result<bool, StoreError>;
    async fn tournament_version(&self, id: &str) -> Result<Option<i64>, StoreError>;
    /// The tournaments `user` played in, newest first, with their seq.
    async fn tournaments_of(&self, user: &str) -> Result<Vec<(TournamentRow, i64)>, StoreError>;
    /// The blocks between two of the tournament's players (owner, other).
    async fn blocks_in(&self, id: &str) -> Result<Vec<(String, String)>, StoreError>;
    /// Keeps a line `user` said in the tournament's chat at `at`.
    async fn say(&self, id: &str, user: &str, at: i64, line: &str) -> Result<(), StoreError>;
    /// The chat's latest lines (name, line, when), oldest first.
    async fn tournament_chat(&self, id: &str) -> Result<Vec<(String, String, i64)>, StoreError>;
    /// When `user` last said something in the tournament's chat.
    async fn last_said(&self, id: &str, user: &str) -> Result<Option<i64>, StoreError>;
}

fn sqlite_pair(
    store: &mut crate::Store,
    id: &str,
    me: &str,
    now: i64,
    pairings: &[NewPairing],
) -> Result<bool, StoreError> {
    let tx = store.db.transaction()?;
    if tx.execute(rows::FENCE, params![id, me, now])? == 0 {
        return Ok(false);
    }
    tx.execute(
        "UPDATE tournaments SET status = 'running' WHERE id = ?1 AND status = 'starting'",
        params![id],
    )?;
    for p in pairings {
        let r = &p.row;
        if let Some(black) = r.black {
            let busy: i64 =
                tx.query_row(rows::BUSY, params![id, r.white, black], |row| row.get(0))?;
            if busy > 0 {
                return Ok(false);
            }
        }
        if let Some((game, events)) = &p.game {
            crate::storage::sqlite::insert_game_in(&tx, game)?;
            crate::storage::sqlite::append_in(&tx, &game.id, 1, events)?;
        }
        tx.execute(
            rows::ADD_PAIRING,
            params![
                id,
                r.round,
                r.white,
                r.black,
                r.game,
                r.ending,
                r.plies,
                r.berserk[0],
                r.berserk[1],
                r.started
            ],
        )?;
    }
    tx.commit()?;
    Ok(true)
}

#[async_trait::async_trait]
impl TournamentStore for crate::storage::Sqlite {
    async fn add_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let t = t.clone();
        self.write(move |s| {
            let added = s.db.execute(
                rows::ADD,
                params![
                    t.id,
                    t.kind,
                    t.name,
                    t.header,
                    t.clock,
                    t.rated,
                    t.minutes,
                    t.rounds,
                    t.starts,
                    t.ends,
                    t.status,
                    t.password,
                    t.min_rated_games,
                    t.rating_low,
                    t.rating_high,
                    t.max_players,
                    t.creator,
                    t.schedule_key,
                    t.version,
                    t.created
                ],
            )?;
            Ok(added == 1)
        })
        .await
    }

    async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            let sql = format!(
                "SELECT {} FROM tournaments WHERE id = ?1",
                rows::TOURNAMENT_COLUMNS
            );
            Ok(s.db
                .query_row(&sql, params![id], tournament_of)
                .optional()?)
        })
        .await
    }

    async fn listed_tournaments(
        &self,
        since: i64,
    ) -> Result<Vec<(TournamentRow, i64)>, StoreError> {
        self.read(move |s| {
            let sql = format!(
                "SELECT {} FROM tournaments {}",
                rows::TOURNAMENT_COLUMNS,
                rows::LISTED
            );
            let found =
                s.db.prepare_cached(&sql)?
                    .query_map(params![since], tournament_of)?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
            let mut out = Vec::with_capacity(found.len());
            for t in found {
                let n: i64 =
                    s.db.query_row(rows::PLAYER_COUNT, params![t.id], |r| r.get(0))?;
                out.push((t, n));
            }
            Ok(out)
        })
        .await
    }

    async fn made_since(&self, user: &str, since: i64) -> Result<i64, StoreError> {
        let user = user.to_string();
        self.read(move |s| {
            Ok(s.db.query_row(rows::MADE_SINCE, params![user, since], |r| r.get(0))?)
        })
        .await
    }

    async fn entries(&self, id: &str) -> Result<Vec<EntryRow>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            Ok(s.db
                .prepare_cached(rows::ENTRIES)?
                .query_map(params![id], entry_of)?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }

    async fn pairings(&self, id: &str) -> Result<Vec<PairingRow>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            Ok(s.db
                .prepare_cached(rows::PAIRINGS)?
                .query_map(params![id], pairing_of)?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }

    async fn join_tournament(
        &self,
        id: &str,
        user: &str,
        token: &str,
        rating: i64,
        now: i64,
        max: i64,
    ) -> Result<Joined, StoreError> {
        let (id, user, token) = (id.to_string(), user.to_string(), token.to_string());
        self.write(move |s| {
            let tx = s.db.transaction()?;
            let had: Option<(bool, bool)> = tx
                .query_row(rows::ENTRY_OF, params![id, user], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?;
            let joined = match had {
                Some((false, false)) => return Ok(Joined::Already),
                Some(_) => {
                    tx.execute(rows::COME_BACK, params![id, user, false, token])?;
                    Joined::Back
                }
                None => {
                    let n: i64 = tx.query_row(rows::PLAYER_COUNT, params![id], |r| r.get(0))?;
                    if n >= max {
                        return Ok(Joined::Full);
                    }
                    tx.execute(
                        rows::ADD_ENTRY,
                        params![id, n, user, token, rating, false, now],
                    )?;
                    Joined::Joined
                }
            };
            tx.execute(rows::BUMP, params![id])?;
            tx.commit()?;
            Ok(joined)
        })
        .await
    }

    async fn set_entry(
        &self,
        id: &str,
        user: &str,
        withdraw: bool,
        on: bool,
    ) -> Result<bool, StoreError> {
        let (id, user) = (id.to_string(), user.to_string());
        self.write(move |s| {
            let tx = s.db.transaction()?;
            let sql = if withdraw {
                rows::SET_WITHDRAWN
            } else {
                rows::SET_PAUSED
            };
            let changed = tx.execute(sql, params![id, user, on])?;
            tx.execute(rows::BUMP, params![id])?;
            tx.commit()?;
            Ok(changed == 1)
        })
        .await
    }

    async fn lease(&self, id: &str, me: &str, now: i64, until: i64) -> Result<bool, StoreError> {
        let (id, me) = (id.to_string(), me.to_string());
        self.write(move |s| Ok(s.db.execute(rows::LEASE, params![id, me, now, until])? == 1))
            .await
    }

    async fn to_direct(&self, now: i64) -> Result<Vec<String>, StoreError> {
        self.read(move |s| {
            Ok(s.db
                .prepare_cached(rows::TO_DIRECT)?
                .query_map(params![now], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }

    async fn pair_tournament(
        &self,
        id: &str,
        me: &str,
        now: i64,
        pairings: Vec<NewPairing>,
    ) -> Result<bool, StoreError> {
        let (id, me) = (id.to_string(), me.to_string());
        self.write(move |s| sqlite_pair(s, &id, &me, now, &pairings))
            .await
    }

    async fn record_ending(
        &self,
        id: &str,
        game: &str,
        ending: &str,
        plies: i64,
        berserk: [bool; 2],
        pause: Option<i64>,
    ) -> Result<bool, StoreError> {
        let (id, game, ending) = (id.to_string(), game.to_string(), ending.to_string());
        self.write(move |s| {
            let tx = s.db.transaction()?;
            let record = params![id, game, ending, plies, berserk[0], berserk[1]];
            if tx.execute(rows::RECORD, record)? == 0 {
                return Ok(false);
            }
            if let Some(seq) = pause {
                tx.execute(rows::PAUSE_SEQ, params![id, seq, true])?;
            }
            tx.execute(rows::BUMP, params![id])?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    async fn unrecorded(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            Ok(s.db
                .prepare_cached(rows::UNRECORDED)?
                .query_map(params![id], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }

    async fn set_status(
        &self,
        id: &str,
        me: &str,
        now: i64,
        status: &str,
        ends: Option<i64>,
    ) -> Result<bool, StoreError> {
        let (id, me, status) = (id.to_string(), me.to_string(), status.to_string());
        self.write(move |s| {
            let tx = s.db.transaction()?;
            if tx.execute(rows::FENCE, params![id, me, now])? == 0 {
                return Ok(false);
            }
            tx.execute(rows::SET_STATUS, params![id, status, ends])?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    async fn tournament_version(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            Ok(s.db
                .query_row(rows::VERSION, params![id], |r| r.get(0))
                .optional()?)
        })
        .await
    }

    async fn tournaments_of(&self, user: &str) -> Result<Vec<(TournamentRow, i64)>, StoreError> {
        let user = user.to_string();
        self.read(move |s| {
            let sql = format!(
                "SELECT {}, p.seq {}",
                rows::TOURNAMENT_COLUMNS,
                rows::OF_PLAYER
            );
            Ok(s.db
                .prepare_cached(&sql)?
                .query_map(params![user], |r| Ok((tournament_of(r)?, r.get(20)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }

    async fn say(&self, id: &str, user: &str, at: i64, line: &str) -> Result<(), StoreError> {
        let (id, user, line) = (id.to_string(), user.to_string(), line.to_string());
        self.write(move |s| {
            let tx = s.db.transaction()?;
            tx.execute(rows::SAY, params![id, at, user, line])?;
            tx.execute(rows::BUMP, params![id])?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    async fn tournament_chat(&self, id: &str) -> Result<Vec<(String, String, i64)>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            let mut lines =
                s.db.prepare_cached(rows::CHAT)?
                    .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
            lines.reverse();
            Ok(lines)
        })
        .await
    }

    async fn last_said(&self, id: &str, user: &str) -> Result<Option<i64>, StoreError> {
        let (id, user) = (id.to_string(), user.to_string());
        self.read(move |s| {
            Ok(s.db.query_row(rows::LAST_SAID, params![id, user], |r| r.get(0))?)
        })
        .await
    }

    async fn blocks_in(&self, id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let id = id.to_string();
        self.read(move |s| {
            Ok(s.db
                .prepare_cached(rows::BLOCKS_IN)?
                .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }
}

#[path = "store_pg.rs"]
mod pg;
