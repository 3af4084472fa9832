//! Breaking ties in a Swiss: by **Buchholz** (the sum of the scores of the
//! player's opponents), then **Sonneborn–Berger** (the scores of the
//! opponents they beat, and half the scores of those they drew). A bye
//! adds nothing to either. Scores are in half-points (a win is 2), so
//! Sonneborn–Berger is given in quarter-points to stay whole.

use crate::{Outcome, PlayerId};

/// One of a player's rounds: the opponent (none for a bye) and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub opponent: Option<PlayerId>,
    pub outcome: Outcome,
}

/// A player's score in half-points.
pub fn score(rounds: &[Played]) -> u32 {
    rounds
        .iter()
        .map(|r| match r.outcome {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        })
        .sum()
}

/// Buchholz, in half-points: `history[p]` is player `p`'s rounds.
pub fn buchholz(history: &[Vec<Played>], player: PlayerId) -> u32 {
    history[player]
        .iter()
        .filter_map(|r| r.opponent)
        .map(|o| score(&history[o]))
        .sum()
}

/// Sonneborn–Berger, in quarter-points.
pub fn sonneborn_berger(history: &[Vec<Played>], player: PlayerId) -> u32 {
    history[player]
        .iter()
        .filter_map(|r| {
            let o = score(&history[r.opponent?]);
            Some(match r.outcome {
                Outcome::Win => 2 * o,
                Outcome::Draw => o,
                Outcome::Loss => 0,
            })
        })
        .sum()
}

/// The players in order: score, then Buchholz, then Sonneborn–Berger,
/// then `id` (a draw of lots the caller made, to be fair).
pub fn standings(history: &[Vec<Played>]) -> Vec<PlayerId> {
    let mut order: Vec<PlayerId> = (0..history.len()).collect();
    order.sort_by_key(|&p| {
        (
            std::cmp::Reverse(score(&history[p])),
            std::cmp::Reverse(buchholz(history, p)),
            std::cmp::Reverse(sonneborn_berger(history, p)),
            p,
        )
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    fn vs(opponent: PlayerId, outcome: Outcome) -> Played {
        Played {
            opponent: Some(opponent),
            outcome,
        }
    }

    #[test]
    fn ties_break_on_buchholz_then_sonneborn_berger() {
        // Four players, three rounds of a round robin.
        let history = vec![
            vec![vs(1, Win), vs(2, Draw), vs(3, Loss)],
            vec![vs(0, Loss), vs(3, Win), vs(2, Win)],
            vec![vs(3, Draw), vs(0, Draw), vs(1, Loss)],
            vec![vs(2, Draw), vs(1, Loss), vs(0, Win)],
        ];
        let scores: Vec<u32> = (0..4).map(|p| score(&history[p])).collect();
        assert_eq!(scores, [3, 4, 2, 3]);
        // Buchholz: 0 met 1, 2, 3 → 4 + 2 + 3; 3 met 2, 1, 0 → 2 + 4 + 3.
        assert_eq!(buchholz(&history, 0), 9);
        assert_eq!(buchholz(&history, 3), 9);
        // Sonneborn–Berger: 0 beat 1 (4 → 8), drew 2 (2); 3 drew 2 (2),
        // beat 0 (3 → 6).
        assert_eq!(sonneborn_berger(&history, 0), 10);
        assert_eq!(sonneborn_berger(&history, 3), 8);
        assert_eq!(standings(&history), [1, 0, 3, 2]);
        // A bye counts for the score and for nothing else.
        let bye = vec![vec![Played {
            opponent: None,
            outcome: Win,
        }]];
        assert_eq!((score(&bye[0]), buchholz(&bye, 0)), (2, 0));
    }
}
