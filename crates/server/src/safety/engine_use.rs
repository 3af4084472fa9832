//! How often a player's moves are perfect where perfect play is known and
//! a human seldom finds it: in the endings of Classic, Qirkat and Bell that
//! the endgame tables hold (Classic up to four men, Qirkat and Bell up to
//! three), at each of the player's turns where some move would lose value
//! (a win thrown to a draw or a loss, a draw to a loss) or take longer
//! to win (or hold out less long), a move is perfect when it keeps the
//! value at its best distance, the move the tables would play.
//!
//! A player is flagged to the moderators, never sanctioned, when over their
//! rated games they met at least [`MIN_DECISIVE`] such turns and played at
//! least [`PERFECT_SHARE`] of them perfectly. The unit test measures where
//! a player stands who picks a value-keeping move at random (the kind of
//! player who knows an ending is won but not the shortest way) and one who
//! follows the tables; the threshold sits between, nearer the tables, so
//! that a strong human is not flagged by a handful of easy endings.

use std::sync::OnceLock;

use alquerque_tables::Tables;
use engine::{AnyGame, Bits, DraughtsKind, GameKind, Position, Side, Small};

/// The fewest decisive turns before a share means anything.
pub const MIN_DECISIVE: u32 = 30;

/// The share of perfect turns (per cent) at and above which a player is
/// flagged.
pub const PERFECT_SHARE: u32 = 95;

/// A player's decisive turns and how many were perfect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub decisive: u32,
    pub perfect: u32,
}

impl Tally {
    /// Whether the share is one to flag.
    pub fn flagged(self) -> bool {
        self.decisive >= MIN_DECISIVE && self.perfect * 100 >= self.decisive * PERFECT_SHARE
    }

    fn add(&mut self, perfect: bool) {
        self.decisive += 1;
        self.perfect += u32::from(perfect);
    }
}

/// The games whose endings are judged, with their tables' men.
fn table_men(kind: DraughtsKind) -> Option<u32> {
    match kind {
        DraughtsKind::Classic => Some(4),
        DraughtsKind::Qirkat | DraughtsKind::Bell => Some(3),
        _ => None,
    }
}

/// The tables of `kind`, computed once in the process (about a second
/// each), or none for a game that is not judged.
pub fn tables(kind: DraughtsKind) -> Option<&'static Tables> {
    static CLASSIC: OnceLock<Option<Tables>> = OnceLock::new();
    static QIRKAT: OnceLock<Option<Tables>> = OnceLock::new();
    static BELL: OnceLock<Option<Tables>> = OnceLock::new();
    let men = table_men(kind)?;
    let cell = match kind {
        DraughtsKind::Classic => &CLASSIC,
        DraughtsKind::Qirkat => &QIRKAT,
        _ => &BELL,
    };
    cell.get_or_init(|| Tables::generate(kind, men).ok())
        .as_ref()
}

/// The decisive turns of each side (White's, Black's) in a finished game,
/// judged by the tables (none for a game that is not judged).
pub fn tally_game(game: &AnyGame) -> [Tally; 2] {
    let (AnyGame::Alquerque(history), GameKind::Draughts(kind)) = (game, game.kind()) else {
        return [Tally::default(); 2];
    };
    if table_men(kind).is_none() || !ending_reached(history.positions(), kind) {
        return [Tally::default(); 2];
    }
    match tables(kind) {
        Some(tables) => tally(history.positions(), tables),
        None => [Tally::default(); 2],
    }
}

/// Whether the game came down to the tables' men (else nothing is
/// computed for it).
fn ending_reached(positions: &[Position<Small>], kind: DraughtsKind) -> bool {
    let men = table_men(kind).unwrap_or(0);
    positions.iter().any(|p| p.occupied().count() <= men)
}

/// The decisive turns of each side along `positions` (each the one
/// before after a turn).
pub fn tally(positions: &[Position<Small>], tables: &Tables) -> [Tally; 2] {
    let mut tallies = [Tally::default(); 2];
    for pair in positions.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let (Some(value), Some(turns)) = (tables.value(before), tables.turns(before)) else {
            continue;
        };
        if turns.iter().all(|(_, v)| *v == value) {
            // Every move is perfect here: nothing to tell.
            continue;
        }
        let Some((_, played)) = turns.iter().find(|(t, _)| before.play_turn(*t) == *after) else {
            continue;
        };
        let side = before.side_to_move();
        tallies[side_index(side)].add(*played == value);
    }
    tallies
}

fn side_index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alquerque_tables::sample;

    /// Plays out `position` with White choosing by `white` and Black by
    /// the tables, up to 40 plies; the positions.
    fn play_out(
        mut position: Position<Small>,
        tables: &Tables,
        white: &mut dyn FnMut(&Position<Small>) -> Option<engine::Turn<Small>>,
    ) -> Vec<Position<Small>> {
        let mut positions = vec![position];
        for _ in 0..40 {
            let turn = if position.side_to_move() == Side::White {
                white(&position)
            } else {
                tables.best_turn(&position)
            };
            let Some(turn) = turn else {
                break;
            };
            position = position.play_turn(turn);
            positions.push(position);
        }
        positions
    }

    /// White's share of perfect turns over many endings, playing by
    /// `white`.
    fn share(
        tables: &Tables,
        white: &mut dyn FnMut(&Position<Small>) -> Option<engine::Turn<Small>>,
    ) -> Tally {
        let mut total = Tally::default();
        for start in sample(DraughtsKind::Classic, 4, 300, 7) {
            let [w, _] = tally(&play_out(start, tables, white), tables);
            total.decisive += w.decisive;
            total.perfect += w.perfect;
        }
        total
    }

    #[test]
    fn the_tables_own_play_is_flagged_and_a_value_keeping_guess_is_not() {
        let tables = tables(DraughtsKind::Classic).expect("Classic is judged");
        // Following the tables: every decisive turn perfect.
        let perfect = share(tables, &mut |p| tables.best_turn(p));
        assert!(perfect.decisive >= 100, "{perfect:?}");
        assert_eq!(perfect.perfect, perfect.decisive);
        assert!(perfect.flagged());
        // Keeping the value but not the distance, by lot: a player who knows
        // a won ending is won.
        let mut seed = 1u64;
        let mut keeps = |p: &Position<Small>| {
            let value = tables.value(p)?;
            let turns = tables.turns(p)?;
            let keeping: Vec<_> = turns
                .iter()
                .filter(|(_, v)| same_result(*v, value))
                .map(|(t, _)| *t)
                .collect();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            keeping
                .get((seed >> 33) as usize % keeping.len().max(1))
                .copied()
        };
        let guess = share(tables, &mut keeps);
        let rate = guess.perfect * 100 / guess.decisive.max(1);
        println!(
            "perfect share: the tables {}/{}, a value-keeping guess {}/{} ({rate} %); flagged at {PERFECT_SHARE} % over {MIN_DECISIVE}",
            perfect.perfect, perfect.decisive, guess.perfect, guess.decisive
        );
        assert!(guess.decisive >= MIN_DECISIVE, "{guess:?}");
        assert!(!guess.flagged(), "{guess:?}");
        // Any move at all, by lot.
        let mut seed = 9u64;
        let mut any = |p: &Position<Small>| {
            let turns = p.legal_turns();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            turns
                .get((seed >> 33) as usize % turns.len().max(1))
                .copied()
        };
        assert!(!share(tables, &mut any).flagged());
    }

    fn same_result(a: alquerque_tables::Value, b: alquerque_tables::Value) -> bool {
        use alquerque_tables::Value::*;
        matches!((a, b), (Win(_), Win(_)) | (Loss(_), Loss(_)) | (Draw, Draw))
    }

    #[test]
    fn too_few_decisive_turns_flag_nobody() {
        let few = Tally {
            decisive: MIN_DECISIVE - 1,
            perfect: MIN_DECISIVE - 1,
        };
        assert!(!few.flagged());
        let enough = Tally {
            decisive: 100,
            perfect: 95,
        };
        assert!(enough.flagged());
        assert!(!Tally {
            decisive: 100,
            perfect: 94
        }
        .flagged());
    }
}
