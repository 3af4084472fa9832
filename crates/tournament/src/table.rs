//! A tournament as it stands, from what is stored of it: its players (in
//! the order they joined) and its games. From these alone come the
//! standings ([`standings`]) and who plays next ([`arena_wave`],
//! [`swiss_round`]), so any process can direct it after another, and the
//! standings can be checked again from the stored games.

use std::collections::HashSet;

use crate::arena_pairing::{self, Free};
use crate::swiss::{self, Entrant, Round};
use crate::tiebreak::{self, Played};
use crate::{arena, Colour, Outcome, PlayerId};

/// Arena or Swiss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Arena,
    Swiss,
}

/// A player as stored; their [`PlayerId`] is their place in joining order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Their rating when they joined (for Swiss order and arena
    /// performance).
    pub rating: i32,
    /// Not to be paired for now (arena), by their own press or after
    /// missing a game.
    pub paused: bool,
    /// Out of the tournament for good.
    pub withdrawn: bool,
}

/// How a tournament game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played to a result.
    Played(Outcome),
    /// Lost by the side who did not make their move: `Outcome::Loss` for
    /// White (White missed it) or `Outcome::Win` (Black missed it).
    Forfeit(Outcome),
}

/// A game as stored: its players, the round (Swiss), how it ended (none
/// while in play), its length, and who went berserk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub white: PlayerId,
    /// `None` for a Swiss bye.
    pub black: Option<PlayerId>,
    pub round: u32,
    pub ending: Option<Ending>,
    pub plies: u32,
    pub berserk: [bool; 2],
}

impl Game {
    /// The result for `player` if they played it and it ended, and
    /// whether it was by forfeit.
    fn for_player(&self, player: PlayerId) -> Option<(Outcome, bool)> {
        let flip = |o: Outcome| match o {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        };
        let (outcome, forfeit) = match self.ending? {
            Ending::Played(o) => (o, false),
            Ending::Forfeit(o) => (o, true),
        };
        if self.white == player {
            Some((outcome, forfeit))
        } else if self.black == Some(player) {
            Some((flip(outcome), forfeit))
        } else {
            None
        }
    }

    fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        if self.white == player {
            self.black
        } else if self.black == Some(player) {
            Some(self.white)
        } else {
            None
        }
    }

    fn colour_of(&self, player: PlayerId) -> Option<Colour> {
        if self.black.is_none() {
            None
        } else if self.white == player {
            Some(Colour::White)
        } else if self.black == Some(player) {
            Some(Colour::Black)
        } else {
            None
        }
    }
}

/// One mark on a player's sheet: the game's points (arena) or half-points
/// (Swiss), and whether they were on fire in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub outcome: Outcome,
    pub points: u32,
    pub on_fire: bool,
    pub forfeit: bool,
    /// A Swiss bye.
    pub bye: bool,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub player: PlayerId,
    /// Arena points, or Swiss half-points.
    pub points: u32,
    /// On fire now (arena).
    pub on_fire: bool,
    /// Arena: the performance rating; Swiss: Buchholz (half-points).
    pub first_tiebreak: Option<i32>,
    /// Swiss: Sonneborn–Berger (quarter-points).
    pub second_tiebreak: Option<i32>,
    pub sheet: Vec<Mark>,
}

/// The standings, first place first.
pub fn standings(kind: Kind, players: &[Player], games: &[Game]) -> Vec<Line> {
    match kind {
        Kind::Arena => arena_standings(players, games),
        Kind::Swiss => swiss_standings(players, games),
    }
}

fn arena_standings(players: &[Player], games: &[Game]) -> Vec<Line> {
    let mut lines: Vec<Line> = (0..players.len())
        .map(|p| {
            // Forfeits are neither scored nor streaks: a game not played.
            let played: Vec<(&Game, Outcome)> = games
                .iter()
                .filter_map(|g| match g.for_player(p)? {
                    (o, false) => Some((g, o)),
                    (_, true) => None,
                })
                .collect();
            let scored_games: Vec<arena::Game> = played
                .iter()
                .map(|(g, o)| arena::Game {
                    outcome: *o,
                    plies: g.plies,
                    berserk: g.berserk[usize::from(g.white != p)],
                })
                .collect();
            let scored = arena::score(&scored_games);
            let results: Vec<(i32, Outcome)> = played
                .iter()
                .filter_map(|(g, o)| Some((players[g.opponent_of(p)?].rating, *o)))
                .collect();
            Line {
                player: p,
                points: scored.iter().map(|s| s.points).sum(),
                on_fire: arena::on_fire(&scored_games),
                first_tiebreak: arena::performance(&results),
                second_tiebreak: None,
                sheet: played
                    .iter()
                    .zip(&scored)
                    .map(|((_, o), s)| Mark {
                        outcome: *o,
                        points: s.points,
                        on_fire: s.on_fire,
                        forfeit: false,
                        bye: false,
                    })
                    .collect(),
            }
        })
        .collect();
    let order: Vec<PlayerId> = arena::standings(
        lines
            .iter()
            .map(|l| arena::Line {
                player: l.player,
                points: l.points,
                performance: l.first_tiebreak,
            })
            .collect(),
    )
    .into_iter()
    .map(|l| l.player)
    .collect();
    order
        .into_iter()
        .map(|p| std::mem::replace(&mut lines[p], empty_line(p)))
        .collect()
}

fn empty_line(player: PlayerId) -> Line {
    Line {
        player,
        points: 0,
        on_fire: false,
        first_tiebreak: None,
        second_tiebreak: None,
        sheet: Vec::new(),
    }
}

/// Each player's Swiss rounds as the tie-breaks read them, ended games
/// only, in round order.
fn swiss_history(players: &[Player], games: &[Game]) -> Vec<Vec<(Played, bool)>> {
    let mut ended: Vec<&Game> = games.iter().filter(|g| g.ending.is_some()).collect();
    ended.sort_by_key(|g| g.round);
    (0..players.len())
        .map(|p| {
            ended
                .iter()
                .filter_map(|g| {
                    let (outcome, forfeit) = g.for_player(p)?;
                    Some((
                        Played {
                            opponent: g.opponent_of(p),
                            outcome,
                        },
                        forfeit,
                    ))
                })
                .collect()
        })
        .collect()
}

fn swiss_standings(players: &[Player], games: &[Game]) -> Vec<Line> {
    let with_forfeits = swiss_history(players, games);
    let history: Vec<Vec<Played>> = with_forfeits
        .iter()
        .map(|rounds| rounds.iter().map(|(r, _)| *r).collect())
        .collect();
    tiebreak::standings(&history)
        .into_iter()
        .map(|p| Line {
            player: p,
            points: tiebreak::score(&history[p]),
            on_fire: false,
            first_tiebreak: i32::try_from(tiebreak::buchholz(&history, p)).ok(),
            second_tiebreak: i32::try_from(tiebreak::sonneborn_berger(&history, p)).ok(),
            sheet: with_forfeits[p]
                .iter()
                .map(|(r, forfeit)| Mark {
                    outcome: r.outcome,
                    points: tiebreak::score(std::slice::from_ref(r)),
                    on_fire: false,
                    forfeit: *forfeit,
                    bye: r.opponent.is_none(),
                })
                .collect(),
        })
        .collect()
}

/// The players in a game not ended.
pub fn busy(games: &[Game]) -> HashSet<PlayerId> {
    games
        .iter()
        .filter(|g| g.ending.is_none())
        .flat_map(|g| [Some(g.white), g.black])
        .flatten()
        .collect()
}

/// The colours `player` had, oldest first.
fn colours(games: &[Game], player: PlayerId) -> Vec<Colour> {
    games.iter().filter_map(|g| g.colour_of(player)).collect()
}

/// The next arena wave: every free player (in, not paused, not in a game)
/// paired by [`arena_pairing::pair`], never two that `apart` keeps apart
/// (a block).
pub fn arena_wave(
    players: &[Player],
    games: &[Game],
    apart: &dyn Fn(PlayerId, PlayerId) -> bool,
) -> Vec<(PlayerId, PlayerId)> {
    let busy = busy(games);
    let ranks: Vec<usize> = {
        let order = arena_standings(players, games);
        let mut ranks = vec![0; players.len()];
        for (rank, line) in order.iter().enumerate() {
            ranks[line.player] = rank;
        }
        ranks
    };
    let free: Vec<Free> = (0..players.len())
        .filter(|&p| !players[p].paused && !players[p].withdrawn && !busy.contains(&p))
        .map(|p| Free {
            id: p,
            rank: ranks[p],
            last_opponent: games.iter().rev().find_map(|g| g.opponent_of(p)),
            colours: colours(games, p),
            apart: (0..players.len())
                .filter(|&o| o != p && apart(p, o))
                .collect(),
        })
        .collect();
    arena_pairing::pair(&free)
        .into_iter()
        .filter(|&(a, b)| !apart(a, b))
        .collect()
}

/// Rounds a player missed (lost by forfeit) in a Swiss.
pub fn missed(games: &[Game], player: PlayerId) -> u32 {
    let n = games
        .iter()
        .filter(|g| {
            matches!(g.for_player(player), Some((Outcome::Loss, true))) && g.black.is_some()
        })
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The Swiss round after the last one paired, once every game of it has
/// ended: `None` while one is in play, or when `rounds` are done.
pub fn swiss_round(players: &[Player], games: &[Game], rounds: u32) -> Option<(u32, Round)> {
    if games.iter().any(|g| g.ending.is_none()) {
        return None;
    }
    let round = games.iter().map(|g| g.round).max().unwrap_or(0) + 1;
    if round > rounds {
        return None;
    }
    let history = swiss_history(players, games);
    let field: Vec<(Entrant, bool, u32)> = (0..players.len())
        .map(|p| {
            let rounds: Vec<Played> = history[p].iter().map(|(r, _)| *r).collect();
            (
                Entrant {
                    id: p,
                    score: tiebreak::score(&rounds),
                    rating: players[p].rating,
                    opponents: rounds.iter().filter_map(|r| r.opponent).collect(),
                    colours: colours(games, p),
                    had_bye: rounds.iter().any(|r| r.opponent.is_none()),
                },
                players[p].withdrawn,
                missed(games, p),
            )
        })
        .collect();
    let entrants = swiss::in_round(&field);
    if entrants.len() < 2 {
        return None;
    }
    Some((round, swiss::pair_round(&entrants)))
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
