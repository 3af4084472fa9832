//! Players' ratings: Glicko-2, one rating per game. The arithmetic is the
//! `skillratings` crate's; the choices (where players start, τ, when a
//! rating is provisional) are here. Every rated game is a rating period of its own, so a rating moves
//! as soon as a game ends. A rating whose deviation is still wide is
//! provisional, and is shown with a question mark.

pub mod players;
pub(crate) mod routes;
pub mod standings;

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Where every player starts: Glickman's suggested rating, deviation and
/// volatility for a player nothing is known about.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
    games: 0,
};

/// A deviation above this marks the rating provisional (after a handful of
/// games against rated opponents it falls below).
pub const PROVISIONAL_ABOVE: f64 = 110.0;

/// The system constant τ, which limits how fast volatility changes
/// (Glickman suggests 0.3 to 1.2; his worked example uses 0.5).
const TAU: f64 = 0.5;

/// One player's rating in one game.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

/// A game's outcome for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    /// The same game seen by the opponent.
    pub fn other(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        START
    }
}

impl Rating {
    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Whether the rating is still provisional.
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }

    /// The rating as the API gives it: rounded, and whether provisional.
    pub fn public(&self) -> online_play::api::Rating {
        online_play::api::Rating {
            value: self.rating.round() as i32,
            provisional: self.is_provisional(),
        }
    }

    /// The rating with the figures behind it, for pages and leaderboards.
    pub fn standing(&self) -> online_play::api::Standing {
        online_play::api::Standing {
            rating: self.public(),
            deviation: self.deviation.round() as i32,
            games: self.games,
        }
    }

    /// The rating after one rating period with these results (the
    /// opponents' ratings as they were at its start).
    pub fn after_period(&self, results: &[(Rating, Score)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|(opponent, score)| (opponent.glicko(), score.outcome()))
            .collect();
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let next = glicko2_rating_period(&self.glicko(), &results, &config);
        Rating {
            rating: next.rating,
            // Never wider than a newcomer's.
            deviation: next.deviation.min(START.deviation),
            volatility: next.volatility,
            games: self.games + results.len() as u32,
        }
    }
}

/// Both players' ratings after a rated game between them; `score` is the
/// first player's.
pub fn after_game(first: &Rating, second: &Rating, score: Score) -> (Rating, Rating) {
    (
        first.after_period(&[(*second, score)]),
        second.after_period(&[(*first, score.other())]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
            games: 10,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system": a 1500 player with
        // RD 200 beats 1400/30 and loses to 1550/100 and 1700/300.
        let player = rating(1500.0, 200.0);
        let next = player.after_period(&[
            (rating(1400.0, 30.0), Score::Win),
            (rating(1550.0, 100.0), Score::Loss),
            (rating(1700.0, 300.0), Score::Loss),
        ]);
        assert!((next.rating - 1464.06).abs() < 0.01, "{next:?}");
        assert!((next.deviation - 151.52).abs() < 0.01, "{next:?}");
        assert!((next.volatility - 0.05999).abs() < 0.00001, "{next:?}");
        assert_eq!(next.games, 13);
    }

    #[test]
    fn a_game_moves_both_ratings_and_narrows_both_deviations() {
        let (winner, loser) = after_game(&START, &START, Score::Win);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        // Symmetric between equals.
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
        assert!(winner.deviation < START.deviation && loser.deviation < START.deviation);
        let (a, b) = after_game(&START, &START, Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        // Beating a much stronger player gains more than beating an equal.
        let (upset, _) = after_game(&START, &rating(1900.0, 60.0), Score::Win);
        assert!(upset.rating > winner.rating);
    }

    #[test]
    fn a_newcomer_is_provisional_until_the_deviation_narrows() {
        assert!(START.is_provisional());
        assert_eq!(
            START.public(),
            online_play::api::Rating {
                value: 1500,
                provisional: true
            }
        );
        let mut player = START;
        let opponent = rating(1500.0, 50.0);
        let mut games = 0;
        while player.is_provisional() {
            let score = if games % 2 == 0 {
                Score::Win
            } else {
                Score::Loss
            };
            player = player.after_period(&[(opponent, score)]);
            games += 1;
            assert!(games < 40, "the deviation narrows");
        }
        assert!(games >= 5, "not after {games} games already");
        assert!(!player.public().provisional);
        assert_eq!(player.standing().games, games);
        assert_eq!(player.games, games);
    }
}
