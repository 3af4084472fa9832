//! Fair-play flags, raised by the server for moderators and never acted on
//! by themselves, on either store. Each rated game's end is kept as fair
//! play reads it (`rated_ends`), and two rules read them:
//!
//! - **Rating farming.** A player who loses [`FARM_GAMES`] rated games of
//!   at most [`FARM_PLIES`] plies (a resignation, a flag left to fall, a
//!   game walked away from) to the same opponent within [`FARM_DAYS`] days
//!   is flagged with that opponent. One network or one browser already
//!   plays unrated (`lobby::fair_play`); this catches two accounts apart.
//! - **Engine use**: [`super::engine_use`].
//!
//! A flag is raised once while open: a moderator dismisses it, having
//! looked, and the same rule may raise it again later.

use online_play::api::{Flag, FlagKind};
use rusqlite::params;

use super::engine_use::Tally;
use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

/// Short losses to one opponent that make a flag.
pub const FARM_GAMES: u32 = 3;
/// The most plies of a short loss.
pub const FARM_PLIES: u32 = 10;
/// The days the losses fall in.
pub const FARM_DAYS: u32 = 7;

/// A rated game's end, as fair play keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedEnd {
    pub game_id: String,
    pub game: String,
    /// White's account, Black's.
    pub players: [String; 2],
    /// `white_wins`, `black_wins` or `draw`.
    pub result: String,
    pub plies: u32,
    pub ended: i64,
    pub tallies: [Tally; 2],
}

impl RatedEnd {
    /// The loser and the winner, in a game won.
    pub fn loser_and_winner(&self) -> Option<(&str, &str)> {
        let [white, black] = &self.players;
        match self.result.as_str() {
            "white_wins" => Some((black, white)),
            "black_wins" => Some((white, black)),
            _ => None,
        }
    }
}

const KEEP_END: &str = "INSERT INTO rated_ends (game_id, game, white_user, black_user, result,
     plies, ended, white_decisive, white_perfect, black_decisive, black_perfect)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT DO NOTHING";
const SHORT_LOSSES: &str = "SELECT count(*) FROM rated_ends
     WHERE ((white_user = ?1 AND black_user = ?2 AND result = 'black_wins')
         OR (black_user = ?1 AND white_user = ?2 AND result = 'white_wins'))
       AND plies <= ?3 AND ended > ?4";
const TALLY: &str = "SELECT
     CAST(coalesce(sum(CASE WHEN white_user = ?1 THEN white_decisive ELSE black_decisive END), 0)
       AS BIGINT),
     CAST(coalesce(sum(CASE WHEN white_user = ?1 THEN white_perfect ELSE black_perfect END), 0)
       AS BIGINT)
     FROM rated_ends WHERE white_user = ?1 OR black_user = ?1";
const RAISE: &str = "INSERT INTO flags (id, kind, player, other, detail, created)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE NOT EXISTS (SELECT 1 FROM flags
       WHERE kind = ?2 AND player = ?3 AND coalesce(other, '') = coalesce(?4, '')
         AND handled IS NULL)";
const OPEN: &str = "SELECT id, kind, player, other, detail, created FROM flags
     WHERE handled IS NULL ORDER BY created, id LIMIT 100";
const DISMISS: &str = "UPDATE flags SET handled = ?2 WHERE id = ?1 AND handled IS NULL";

/// A flag to raise: its kind, player, other player, and figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raised {
    pub kind: FlagKind,
    pub player: String,
    pub other: Option<String>,
    pub figures: [u32; 2],
}

fn kind_code(kind: FlagKind) -> &'static str {
    match kind {
        FlagKind::Farming => "farming",
        FlagKind::EngineUse => "engine_use",
    }
}

/// A flag from its columns (none for a kind this server does not know).
fn flag_of(
    id: String,
    kind: &str,
    player: String,
    other: Option<String>,
    detail: &str,
    created: i64,
) -> Option<Flag> {
    let kind = match kind {
        "farming" => FlagKind::Farming,
        "engine_use" => FlagKind::EngineUse,
        _ => return None,
    };
    let mut figures = detail.split(' ').map(|n| n.parse().unwrap_or(0));
    Some(Flag {
        id,
        kind,
        player,
        other,
        figures: [figures.next().unwrap_or(0), figures.next().unwrap_or(0)],
        created,
    })
}

impl Store {
    fn keep_end(&mut self, e: &RatedEnd) -> Result<(), StoreError> {
        let [w, b] = e.tallies;
        self.db.execute(
            KEEP_END,
            params![
                e.game_id,
                e.game,
                e.players[0],
                e.players[1],
                e.result,
                e.plies,
                e.ended,
                w.decisive,
                w.perfect,
                b.decisive,
                b.perfect
            ],
        )?;
        Ok(())
    }

    fn short_losses(&self, loser: &str, winner: &str, since: i64) -> Result<u32, StoreError> {
        Ok(self.db.query_row(
            SHORT_LOSSES,
            params![loser, winner, FARM_PLIES, since],
            |r| r.get(0),
        )?)
    }

    fn tally_of(&self, user: &str) -> Result<Tally, StoreError> {
        Ok(self.db.query_row(TALLY, params![user], |r| {
            Ok(Tally {
                decisive: r.get(0)?,
                perfect: r.get(1)?,
            })
        })?)
    }

    fn raise(&mut self, id: &str, f: &Raised, now: i64) -> Result<(), StoreError> {
        let detail = format!("{} {}", f.figures[0], f.figures[1]);
        self.db.execute(
            RAISE,
            params![id, kind_code(f.kind), f.player, f.other, detail, now],
        )?;
        Ok(())
    }

    fn open_flags(&self) -> Result<Vec<Flag>, StoreError> {
        let mut statement = self.db.prepare_cached(OPEN)?;
        let rows = statement
            .query_map([], |r| {
                Ok(flag_of(
                    r.get(0)?,
                    &r.get::<_, String>(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    &r.get::<_, String>(4)?,
                    r.get(5)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows.into_iter().flatten().collect())
    }
}

/// Fair play's records and flags, on either store.
#[async_trait::async_trait]
pub trait FlagStore: Send + Sync {
    async fn keep_end(&self, end: &RatedEnd) -> Result<(), StoreError>;

    /// How many rated games of at most [`FARM_PLIES`] plies `loser` lost
    /// to `winner` after `since`.
    async fn short_losses(&self, loser: &str, winner: &str, since: i64) -> Result<u32, StoreError>;

    /// `user`'s decisive and perfect turns over their rated games.
    async fn tally_of(&self, user: &str) -> Result<Tally, StoreError>;

    /// Raises a flag with this id, unless the same one is open.
    async fn raise(&self, id: &str, flag: &Raised, now: i64) -> Result<(), StoreError>;

    async fn open_flags(&self) -> Result<Vec<Flag>, StoreError>;

    /// Dismisses the open flag `id`; whether there was one.
    async fn dismiss_flag(&self, id: &str, now: i64) -> Result<bool, StoreError>;
}

#[async_trait::async_trait]
impl FlagStore for crate::storage::Sqlite {
    async fn keep_end(&self, end: &RatedEnd) -> Result<(), StoreError> {
        let e = end.clone();
        self.write(move |store| store.keep_end(&e)).await
    }

    async fn short_losses(&self, loser: &str, winner: &str, since: i64) -> Result<u32, StoreError> {
        let (l, w) = (loser.to_string(), winner.to_string());
        self.read(move |store| store.short_losses(&l, &w, since))
            .await
    }

    async fn tally_of(&self, user: &str) -> Result<Tally, StoreError> {
        let u = user.to_string();
        self.read(move |store| store.tally_of(&u)).await
    }

    async fn raise(&self, id: &str, flag: &Raised, now: i64) -> Result<(), StoreError> {
        let (id, f) = (id.to_string(), flag.clone());
        self.write(move |store| store.raise(&id, &f, now)).await
    }

    async fn open_flags(&self) -> Result<Vec<Flag>, StoreError> {
        self.read(|store| store.open_flags()).await
    }

    async fn dismiss_flag(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let id = id.to_string();
        self.write(move |store| Ok(store.db.execute(DISMISS, params![id, now])? == 1))
            .await
    }
}

#[async_trait::async_trait]
impl FlagStore for crate::storage::Postgres {
    async fn keep_end(&self, e: &RatedEnd) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        let [w, b] = e.tallies;
        let n = |x: u32| i64::from(x);
        pg.execute(
            &numbered(KEEP_END),
            &[
                &e.game_id,
                &e.game,
                &e.players[0],
                &e.players[1],
                &e.result,
                &n(e.plies),
                &e.ended,
                &n(w.decisive),
                &n(w.perfect),
                &n(b.decisive),
                &n(b.perfect),
            ],
        )
        .await?;
        Ok(())
    }

    async fn short_losses(&self, loser: &str, winner: &str, since: i64) -> Result<u32, StoreError> {
        let pg = self.opened().await?;
        let plies = i64::from(FARM_PLIES);
        let row = pg
            .query_opt(&numbered(SHORT_LOSSES), &[&loser, &winner, &plies, &since])
            .await?;
        Ok(row.map_or(0, |r| u32::try_from(r.get::<_, i64>(0)).unwrap_or(0)))
    }

    async fn tally_of(&self, user: &str) -> Result<Tally, StoreError> {
        let pg = self.opened().await?;
        let row = pg.query_opt(&numbered(TALLY), &[&user]).await?;
        let count = |i: usize| {
            row.as_ref()
                .map_or(0, |r| u32::try_from(r.get::<_, i64>(i)).unwrap_or(0))
        };
        Ok(Tally {
            decisive: count(0),
            perfect: count(1),
        })
    }

    async fn raise(&self, id: &str, f: &Raised, now: i64) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        let detail = format!("{} {}", f.figures[0], f.figures[1]);
        pg.execute(
            &numbered(RAISE),
            &[&id, &kind_code(f.kind), &f.player, &f.other, &detail, &now],
        )
        .await?;
        Ok(())
    }

    async fn open_flags(&self) -> Result<Vec<Flag>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(OPEN), &[]).await?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                flag_of(
                    r.get(0),
                    r.get::<_, &str>(1),
                    r.get(2),
                    r.get(3),
                    r.get::<_, &str>(4),
                    r.get(5),
                )
            })
            .collect())
    }

    async fn dismiss_flag(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        Ok(pg.execute(&numbered(DISMISS), &[&id, &now]).await? == 1)
    }
}

/// The flags a rated game's end raises, given the loser's short losses to
/// the winner in the last [`FARM_DAYS`] days (this game counted) and each
/// player's tally over their rated games (this game counted).
pub fn flags_after(end: &RatedEnd, short_losses: u32, tallies: [Tally; 2]) -> Vec<Raised> {
    let mut raised = Vec::new();
    if let Some((loser, winner)) = end.loser_and_winner() {
        if end.plies <= FARM_PLIES && short_losses >= FARM_GAMES {
            raised.push(Raised {
                kind: FlagKind::Farming,
                player: loser.to_string(),
                other: Some(winner.to_string()),
                figures: [short_losses, FARM_DAYS],
            });
        }
    }
    for (player, tally) in end.players.iter().zip(tallies) {
        if tally.flagged() {
            raised.push(Raised {
                kind: FlagKind::EngineUse,
                player: player.clone(),
                other: None,
                figures: [tally.perfect, tally.decisive],
            });
        }
    }
    raised
}

/// Keeps a rated game's end with its players' tallies (judged off the
/// async threads) and raises the flags it calls for; a failure is logged.
pub async fn read_end(db: crate::storage::Db, mut end: RatedEnd, game: engine::AnyGame) {
    let judged = tokio::task::spawn_blocking(move || super::engine_use::tally_game(&game)).await;
    end.tallies = judged.unwrap_or_default();
    let since = end.ended - i64::from(FARM_DAYS) * 24 * 60 * 60;
    let read = async {
        db.keep_end(&end).await?;
        let short = match end.loser_and_winner() {
            Some((loser, winner)) if end.plies <= FARM_PLIES => {
                db.short_losses(loser, winner, since).await?
            }
            _ => 0,
        };
        let tallies = [
            db.tally_of(&end.players[0]).await?,
            db.tally_of(&end.players[1]).await?,
        ];
        for flag in flags_after(&end, short, tallies) {
            db.raise(&crate::ids::game_id(), &flag, end.ended).await?;
            tracing::warn!(kind = ?flag.kind, player = %flag.player, "fair play flag");
        }
        Ok::<(), StoreError>(())
    };
    if let Err(e) = read.await {
        tracing::error!(error = %e, game = %end.game_id, "fair play reading failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(result: &str, plies: u32) -> RatedEnd {
        RatedEnd {
            game_id: "g".into(),
            game: "classic".into(),
            players: ["wes".into(), "bea".into()],
            result: result.into(),
            plies,
            ended: 0,
            tallies: [Tally::default(); 2],
        }
    }

    #[test]
    fn short_losses_to_one_opponent_flag_the_pair() {
        let none = [Tally::default(); 2];
        // The third short loss flags the loser with the winner.
        let raised = flags_after(&end("black_wins", 6), FARM_GAMES, none);
        assert_eq!(
            raised,
            [Raised {
                kind: FlagKind::Farming,
                player: "wes".into(),
                other: Some("bea".into()),
                figures: [FARM_GAMES, FARM_DAYS],
            }]
        );
        // Two are not enough; a long game is no farming; nor is a draw.
        assert!(flags_after(&end("black_wins", 6), FARM_GAMES - 1, none).is_empty());
        assert!(flags_after(&end("black_wins", FARM_PLIES + 1), 5, none).is_empty());
        assert!(flags_after(&end("draw", 4), 5, none).is_empty());
        // An engine's share flags that player alone.
        let perfect = Tally {
            decisive: 40,
            perfect: 40,
        };
        let raised = flags_after(&end("white_wins", 60), 0, [Tally::default(), perfect]);
        assert_eq!(raised.len(), 1);
        assert_eq!(
            (raised[0].kind, raised[0].player.as_str(), raised[0].figures),
            (FlagKind::EngineUse, "bea", [40, 40])
        );
    }
}
