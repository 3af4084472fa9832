//! How an arena scores a player's games, in the order they were played:
//!
//! - a win scores [`WIN`], a draw [`DRAW`], a loss nothing;
//! - after two wins in a row the player is **on fire**: each game scores
//!   double until one is not won (the game that is not won still scores
//!   double if it is a draw, and ends the fire);
//! - a draw in fewer than [`SHORT_DRAW_PLIES`] plies scores nothing (and
//!   ends the fire);
//! - **berserk**: a player who halved their own clock at the start scores
//!   one more point for winning, if the game lasted at least
//!   [`BERSERK_MIN_PLIES`] plies.
//!
//! A game lost by not moving counts as a loss like any other.

use crate::Outcome;

/// Points for a win and for a draw.
pub const WIN: u32 = 2;
pub const DRAW: u32 = 1;

/// A draw shorter than this many plies scores nothing.
pub const SHORT_DRAW_PLIES: u32 = 20;

/// A berserk win scores its extra point only after this many plies.
pub const BERSERK_MIN_PLIES: u32 = 14;

/// Wins in a row that light the fire.
pub const FIRE_AFTER: usize = 2;

/// One game of a player's, as an arena scores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub outcome: Outcome,
    /// Plies the game lasted.
    pub plies: u32,
    /// The player went berserk in it.
    pub berserk: bool,
}

/// A game as scored: its points, and whether the player was on fire in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    pub points: u32,
    pub on_fire: bool,
}

/// Scores a player's games, oldest first.
pub fn score(games: &[Game]) -> Vec<Scored> {
    let mut wins_in_a_row = 0;
    games
        .iter()
        .map(|game| {
            let on_fire = wins_in_a_row >= FIRE_AFTER;
            let base = match game.outcome {
                Outcome::Win => WIN,
                Outcome::Draw if game.plies < SHORT_DRAW_PLIES => 0,
                Outcome::Draw => DRAW,
                Outcome::Loss => 0,
            };
            let berserk = u32::from(
                game.berserk && game.outcome == Outcome::Win && game.plies >= BERSERK_MIN_PLIES,
            );
            wins_in_a_row = if game.outcome == Outcome::Win {
                wins_in_a_row + 1
            } else {
                0
            };
            Scored {
                points: base * if on_fire { 2 } else { 1 } + berserk,
                on_fire,
            }
        })
        .collect()
}

/// A player's total.
pub fn total(games: &[Game]) -> u32 {
    score(games).iter().map(|s| s.points).sum()
}

/// Whether the player is on fire for their next game.
pub fn on_fire(games: &[Game]) -> bool {
    games.len() >= FIRE_AFTER
        && games[games.len() - FIRE_AFTER..]
            .iter()
            .all(|g| g.outcome == Outcome::Win)
}

/// A player's performance rating over their games: the mean of their
/// opponents' ratings, plus 400 × (wins − losses) / games (the linear
/// estimate players know from the arena sites). None before a game.
pub fn performance(results: &[(i32, Outcome)]) -> Option<i32> {
    if results.is_empty() {
        return None;
    }
    let n = results.len() as i64;
    let ratings: i64 = results.iter().map(|&(r, _)| i64::from(r)).sum();
    let margin: i64 = results
        .iter()
        .map(|&(_, o)| match o {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        })
        .sum();
    i32::try_from((ratings + 400 * margin).div_euclid(n)).ok()
}

/// An arena player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub player: crate::PlayerId,
    pub points: u32,
    pub performance: Option<i32>,
}

/// The standings: points, then performance rating, then the order the
/// players joined in (`player`).
pub fn standings(mut lines: Vec<Line>) -> Vec<Line> {
    lines.sort_by_key(|l| {
        (
            std::cmp::Reverse(l.points),
            std::cmp::Reverse(l.performance.unwrap_or(i32::MIN)),
            l.player,
        )
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    #[test]
    fn ties_on_points_break_on_performance() {
        assert_eq!(performance(&[]), None);
        assert_eq!(performance(&[(1500, Win), (1700, Loss)]), Some(1600));
        assert_eq!(performance(&[(1500, Win), (1500, Win)]), Some(1900));
        assert_eq!(performance(&[(1600, Draw)]), Some(1600));
        let line = |player, points, performance| Line {
            player,
            points,
            performance,
        };
        let order: Vec<usize> = standings(vec![
            line(0, 4, Some(1500)),
            line(1, 6, Some(1400)),
            line(2, 4, Some(1700)),
            line(3, 4, None),
            line(4, 4, Some(1700)),
        ])
        .iter()
        .map(|l| l.player)
        .collect();
        assert_eq!(order, [1, 2, 4, 0, 3]);
    }

    fn game(outcome: Outcome) -> Game {
        Game {
            outcome,
            plies: 40,
            berserk: false,
        }
    }

    fn points(games: &[Game]) -> Vec<u32> {
        score(games).iter().map(|s| s.points).collect()
    }

    #[test]
    fn wins_light_the_fire_and_a_game_not_won_puts_it_out() {
        let games = [Win, Win, Win, Draw, Win, Win, Win, Loss, Win].map(game);
        assert_eq!(points(&games), [2, 2, 4, 2, 2, 2, 4, 0, 2]);
        assert_eq!(total(&games), 20);
        assert!(!on_fire(&games));
        assert!(on_fire(&[Win, Win].map(game)));
        let fire: Vec<bool> = score(&games).iter().map(|s| s.on_fire).collect();
        assert_eq!(
            fire,
            [false, false, true, true, false, false, true, true, false]
        );
    }

    #[test]
    fn a_short_draw_scores_nothing_and_berserk_wins_a_point_when_long_enough() {
        let short = Game {
            outcome: Draw,
            plies: SHORT_DRAW_PLIES - 1,
            berserk: false,
        };
        assert_eq!(points(&[short]), [0]);
        let long = Game {
            plies: SHORT_DRAW_PLIES,
            ..short
        };
        assert_eq!(points(&[long]), [1]);
        let berserk = |plies| Game {
            outcome: Win,
            plies,
            berserk: true,
        };
        assert_eq!(points(&[berserk(BERSERK_MIN_PLIES)]), [3]);
        assert_eq!(points(&[berserk(BERSERK_MIN_PLIES - 1)]), [2]);
        // On fire, the base doubles and the berserk point does not.
        assert_eq!(points(&[game(Win), game(Win), berserk(30)]), [2, 2, 5]);
        // A berserk loss or draw earns nothing more.
        let lost = Game {
            outcome: Loss,
            ..berserk(30)
        };
        assert_eq!(points(&[lost]), [0]);
    }

    /// Against a second reading of the rules, on random histories.
    #[test]
    fn random_histories_score_as_the_rules_read_game_by_game() {
        let mut seed = 17u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        for _ in 0..2000 {
            let len = next(12) as usize;
            let games: Vec<Game> = (0..len)
                .map(|_| Game {
                    outcome: [Win, Draw, Loss][next(3) as usize],
                    plies: next(60) as u32,
                    berserk: next(3) == 0,
                })
                .collect();
            let mut expected = 0;
            for (i, g) in games.iter().enumerate() {
                let fire = i >= 2 && games[i - 2..i].iter().all(|p| p.outcome == Win);
                let mult = if fire { 2 } else { 1 };
                expected += match g.outcome {
                    Win => 2 * mult + u32::from(g.berserk && g.plies >= 14),
                    Draw if g.plies >= 20 => mult,
                    _ => 0,
                };
            }
            assert_eq!(total(&games), expected, "{games:?}");
        }
    }
}
