//! Where the lobby's seeks are kept, in either store, so that every server
//! process sees the same seeks and one accept wins: a seek names the game,
//! its clock, rated or casual, the seeker's colour, the ratings it accepts,
//! and the hash of the seat token the seeker will play with. Accepting
//! closes the seek and stores the game in one transaction
//! ([`Db::create_for_seek`]).
//!
//! A seek lives while its seeker keeps asking after it (the page does every
//! couple of seconds); one not asked after for [`STALE_AFTER`] seconds is
//! no longer listed, and is forgotten.

use rusqlite::{params, OptionalExtension, Row};

use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

/// Seconds a seek stays listed without its seeker asking after it.
pub const STALE_AFTER: i64 = 20;

/// A seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    pub id: String,
    /// The game as a record-line header (`classic`).
    pub header: String,
    /// The time control (`3+2`), if the game has clocks.
    pub clock: Option<String>,
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random`.
    pub side: String,
    /// The opponents' ratings it accepts.
    pub range: Option<(i32, i32)>,
    /// The seeker's account, if signed in.
    pub user: Option<String>,
    /// The name shown: the account's, or a guest's.
    pub name: String,
    /// The hash of the seat token the seeker will play with.
    pub token: String,
    /// Made by quick pairing rather than posted to the lobby.
    pub quick: bool,
    pub created: i64,
    /// When the seeker last asked after it.
    pub seen: i64,
    /// The game it became, once accepted.
    pub game: Option<String>,
    /// Where the seeker came from ([`crate::lobby::fair_play`]).
    pub origin: crate::lobby::fair_play::Origin,
    /// A challenge's challenged player (a key): only they may accept it.
    pub target: Option<String>,
    /// Why a challenge was declined, once it was.
    pub declined: Option<String>,
    /// A quick pairing's seeker who may be paired with a bot.
    pub bots: bool,
}

const COLUMNS: &str = "id, header, clock, rated, side, min_rating, max_rating, user_key, name,
    token, quick, created, seen, game, origin, device, target, declined, bots";
/// An open seek withdrawn by the holder of its token.
const WITHDRAW: &str = "DELETE FROM seeks WHERE id = ?1 AND token = ?2 AND game IS NULL";
/// Seeks no longer asked after (open), or long accepted or declined.
const FORGET: &str = "DELETE FROM seeks
     WHERE (game IS NULL AND declined IS NULL AND seen < ?1)
        OR ((game IS NOT NULL OR declined IS NOT NULL) AND seen < ?2)";
/// A seeker asked after its open seek.
const SEEN: &str = "UPDATE seeks SET seen = ?2 WHERE id = ?1 AND game IS NULL AND declined IS NULL";
/// A value for each column.
const PLACES: &str =
    "?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19";
/// A seeker who now takes a bot.
const TAKE_BOTS: &str = "UPDATE seeks SET bots = ?3
     WHERE id = ?1 AND token = ?2 AND game IS NULL AND quick";
/// A challenge declined by its challenged player.
const DECLINE: &str = "UPDATE seeks SET declined = ?3
     WHERE id = ?1 AND target = ?2 AND game IS NULL AND declined IS NULL";
/// The open challenges made to or by a player, asked after since `?2`.
const CHALLENGES_OF: &str = "WHERE target IS NOT NULL AND game IS NULL AND declined IS NULL
     AND seen >= ?2 AND (target = ?1 OR user_key = ?1) ORDER BY created, id";

fn from_sqlite(r: &Row<'_>) -> rusqlite::Result<Seek> {
    let (min, max): (Option<i32>, Option<i32>) = (r.get(5)?, r.get(6)?);
    Ok(Seek {
        id: r.get(0)?,
        header: r.get(1)?,
        clock: r.get(2)?,
        rated: r.get(3)?,
        side: r.get(4)?,
        range: min.zip(max),
        user: r.get(7)?,
        name: r.get(8)?,
        token: r.get(9)?,
        quick: r.get(10)?,
        created: r.get(11)?,
        seen: r.get(12)?,
        game: r.get(13)?,
        origin: crate::lobby::fair_play::Origin {
            network: r.get(14)?,
            device: r.get(15)?,
        },
        target: r.get(16)?,
        declined: r.get(17)?,
        bots: r.get(18)?,
    })
}

fn from_postgres(r: &tokio_postgres::Row) -> Seek {
    let (min, max): (Option<i32>, Option<i32>) = (r.get(5), r.get(6));
    Seek {
        id: r.get(0),
        header: r.get(1),
        clock: r.get(2),
        rated: r.get(3),
        side: r.get(4),
        range: min.zip(max),
        user: r.get(7),
        name: r.get(8),
        token: r.get(9),
        quick: r.get(10),
        created: r.get(11),
        seen: r.get(12),
        game: r.get(13),
        origin: crate::lobby::fair_play::Origin {
            network: r.get(14),
            device: r.get(15),
        },
        target: r.get(16),
        declined: r.get(17),
        bots: r.get(18),
    }
}

impl Store {
    fn add_seek(&mut self, s: &Seek) -> Result<(), StoreError> {
        let (min, max) = s.range.unzip();
        self.db.execute(
            &format!("INSERT INTO seeks ({COLUMNS}) VALUES ({PLACES})"),
            params![
                s.id,
                s.header,
                s.clock,
                s.rated,
                s.side,
                min,
                max,
                s.user,
                s.name,
                s.token,
                s.quick,
                s.created,
                s.seen,
                s.game,
                s.origin.network,
                s.origin.device,
                s.target,
                s.declined,
                s.bots
            ],
        )?;
        Ok(())
    }

    fn open_seeks(&self, since: i64) -> Result<Vec<Seek>, StoreError> {
        let mut statement = self.db.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM seeks
             WHERE game IS NULL AND declined IS NULL AND seen >= ?1 ORDER BY created, id"
        ))?;
        let seeks = statement
            .query_map([since], from_sqlite)?
            .collect::<rusqlite::Result<Vec<Seek>>>()?;
        Ok(seeks)
    }

    fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        Ok(self
            .db
            .query_row(
                &format!("SELECT {COLUMNS} FROM seeks WHERE id = ?1"),
                [id],
                from_sqlite,
            )
            .optional()?)
    }

    fn seek_seen(&mut self, id: &str, now: i64) -> Result<Option<Seek>, StoreError> {
        self.db.execute(SEEN, params![id, now])?;
        self.seek(id)
    }

    fn withdraw_seek(&mut self, id: &str, token: &str) -> Result<bool, StoreError> {
        let gone = self.db.execute(WITHDRAW, params![id, token])?;
        Ok(gone == 1)
    }

    fn decline(&mut self, id: &str, target: &str, reason: &str) -> Result<bool, StoreError> {
        Ok(self.db.execute(DECLINE, params![id, target, reason])? == 1)
    }

    fn take_bots(&mut self, id: &str, token: &str, bots: bool) -> Result<bool, StoreError> {
        Ok(self.db.execute(TAKE_BOTS, params![id, token, bots])? == 1)
    }

    fn challenges_of(&self, user: &str, since: i64) -> Result<Vec<Seek>, StoreError> {
        let mut statement = self
            .db
            .prepare_cached(&format!("SELECT {COLUMNS} FROM seeks {CHALLENGES_OF}"))?;
        let seeks = statement
            .query_map(params![user, since], from_sqlite)?
            .collect::<rusqlite::Result<Vec<Seek>>>()?;
        Ok(seeks)
    }

    fn forget_seeks(&mut self, open_before: i64, paired_before: i64) -> Result<usize, StoreError> {
        Ok(self
            .db
            .execute(FORGET, params![open_before, paired_before])?)
    }
}

/// The lobby's seeks, on either store.
#[async_trait::async_trait]
pub trait SeekStore: Send + Sync {
    /// Lists a new seek.
    async fn add_seek(&self, seek: &Seek) -> Result<(), StoreError>;

    /// The open seeks whose seekers asked after them at `since` or later,
    /// oldest first.
    async fn open_seeks(&self, since: i64) -> Result<Vec<Seek>, StoreError>;

    /// The seek `id`, its seeker having asked after it at `now` (which
    /// keeps an open seek listed); `None` when there is no such seek.
    async fn seek_seen(&self, id: &str, now: i64) -> Result<Option<Seek>, StoreError>;

    /// The seek `id`, open or accepted; `None` when there is no such seek.
    async fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError>;

    /// Withdraws an open seek, for the holder of its token (its hash);
    /// whether there was one.
    async fn withdraw_seek(&self, id: &str, token: &str) -> Result<bool, StoreError>;

    /// Forgets open seeks last asked after before `open_before`, and
    /// accepted ones before `paired_before`; how many.
    async fn forget_seeks(&self, open_before: i64, paired_before: i64) -> Result<u64, StoreError>;

    /// Declines the open challenge `id` made to `target`, for `reason`;
    /// whether there was one.
    async fn decline(&self, id: &str, target: &str, reason: &str) -> Result<bool, StoreError>;

    /// The open challenges made to or by `user` whose challengers asked
    /// after them at `since` or later, oldest first.
    async fn challenges_of(&self, user: &str, since: i64) -> Result<Vec<Seek>, StoreError>;

    /// Says whether the open quick seek `id`, for the holder of its token
    /// (its hash), may be paired with a bot; whether there was one.
    async fn take_bots(&self, id: &str, token: &str, bots: bool) -> Result<bool, StoreError>;
}

#[async_trait::async_trait]
impl SeekStore for crate::storage::Sqlite {
    async fn decline(&self, id: &str, target: &str, reason: &str) -> Result<bool, StoreError> {
        let (i, t, r) = (id.to_string(), target.to_string(), reason.to_string());
        self.write(move |store| store.decline(&i, &t, &r)).await
    }

    async fn challenges_of(&self, user: &str, since: i64) -> Result<Vec<Seek>, StoreError> {
        let user = user.to_string();
        self.read(move |store| store.challenges_of(&user, since))
            .await
    }

    async fn take_bots(&self, id: &str, token: &str, bots: bool) -> Result<bool, StoreError> {
        let (i, t) = (id.to_string(), token.to_string());
        self.write(move |store| store.take_bots(&i, &t, bots)).await
    }

    async fn add_seek(&self, seek: &Seek) -> Result<(), StoreError> {
        let s = seek.clone();
        self.write(move |store| store.add_seek(&s)).await
    }

    async fn open_seeks(&self, since: i64) -> Result<Vec<Seek>, StoreError> {
        self.read(move |store| store.open_seeks(since)).await
    }

    async fn seek_seen(&self, id: &str, now: i64) -> Result<Option<Seek>, StoreError> {
        let owned = id.to_string();
        self.write(move |store| store.seek_seen(&owned, now)).await
    }

    async fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        let owned = id.to_string();
        self.read(move |store| store.seek(&owned)).await
    }

    async fn withdraw_seek(&self, id: &str, token: &str) -> Result<bool, StoreError> {
        let (i, t) = (id.to_string(), token.to_string());
        self.write(move |store| store.withdraw_seek(&i, &t)).await
    }

    async fn forget_seeks(&self, open_before: i64, paired_before: i64) -> Result<u64, StoreError> {
        self.write(move |store| {
            store
                .forget_seeks(open_before, paired_before)
                .map(|n| n as u64)
        })
        .await
    }
}

#[async_trait::async_trait]
impl SeekStore for crate::storage::Postgres {
    async fn decline(&self, id: &str, target: &str, reason: &str) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let gone = pg
            .execute(&numbered(DECLINE), &[&id, &target, &reason])
            .await?;
        Ok(gone == 1)
    }

    async fn challenges_of(&self, user: &str, since: i64) -> Result<Vec<Seek>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg
            .query(
                &format!("SELECT {COLUMNS} FROM seeks {}", numbered(CHALLENGES_OF)),
                &[&user, &since],
            )
            .await?;
        Ok(rows.iter().map(from_postgres).collect())
    }

    async fn take_bots(&self, id: &str, token: &str, bots: bool) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let changed = pg
            .execute(&numbered(TAKE_BOTS), &[&id, &token, &bots])
            .await?;
        Ok(changed == 1)
    }

    async fn add_seek(&self, seek: &Seek) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        let (min, max) = seek.range.unzip();
        pg.execute(
            &format!(
                "INSERT INTO seeks ({COLUMNS}) VALUES ({})",
                numbered(PLACES)
            ),
            &[
                &seek.id,
                &seek.header,
                &seek.clock,
                &seek.rated,
                &seek.side,
                &min,
                &max,
                &seek.user,
                &seek.name,
                &seek.token,
                &seek.quick,
                &seek.created,
                &seek.seen,
                &seek.game,
                &seek.origin.network,
                &seek.origin.device,
                &seek.target,
                &seek.declined,
                &seek.bots,
            ],
        )
        .await?;
        Ok(())
    }

    async fn open_seeks(&self, since: i64) -> Result<Vec<Seek>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM seeks
                         WHERE game IS NULL AND declined IS NULL AND seen >= $1
                         ORDER BY created, id"
                ),
                &[&since],
            )
            .await?;
        Ok(rows.iter().map(from_postgres).collect())
    }

    async fn seek_seen(&self, id: &str, now: i64) -> Result<Option<Seek>, StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(SEEN), &[&id, &now]).await?;
        self.seek(id).await
    }

    async fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(
                &format!("SELECT {COLUMNS} FROM seeks WHERE id = $1"),
                &[&id],
            )
            .await?;
        Ok(row.as_ref().map(from_postgres))
    }

    async fn withdraw_seek(&self, id: &str, token: &str) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let gone = pg.execute(&numbered(WITHDRAW), &[&id, &token]).await?;
        Ok(gone == 1)
    }

    async fn forget_seeks(&self, open_before: i64, paired_before: i64) -> Result<u64, StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(FORGET), &[&open_before, &paired_before])
            .await
    }
}
