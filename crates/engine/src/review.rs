//! Judging the moves of a game once it is analysed: the engine's scores
//! become winning chances, and a move is marked by the chances it threw
//! away against the best move.
//!
//! A score `s` (hundredths of a man, or a forced result) counts as the
//! chances `½ + ½·s/(|s| + k)` for the side it favours, where `k` is the
//! game's [`scale`]: an edge of `k` is three chances in four. The per-mille
//! thresholds of [`Thresholds`] mark inaccuracies, mistakes and blunders
//! (docs/review.md gives each game's figures).

use crate::kind::{DraughtsKind, GameKind};
use crate::search::Score;
use crate::side::Side;

/// How deep and how far a review searches each position of a game: a
/// whole game in a few seconds on a phone (`scripts/bench.sh` times it).
pub const REVIEW_LIMITS: crate::search::Limits = crate::search::Limits {
    depth: crate::search::Depth(10),
    nodes: 30_000,
};

/// How a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The chances (per mille) a move must throw away to be marked so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub inaccuracy: i32,
    pub mistake: i32,
    pub blunder: i32,
}

/// The edge (hundredths of a man, or of a pawn in Chesquerque) worth three
/// chances in four. On the 5×5 boards one man decides more than on 8×8,
/// and in Chesquerque a pawn is worth less than a man.
pub const fn scale(kind: GameKind) -> i32 {
    match kind {
        GameKind::Draughts(DraughtsKind::Turkish) => 150,
        GameKind::Draughts(_) => 100,
        GameKind::Chesquerque => 250,
    }
}

/// The marks' thresholds in `kind`.
pub const fn thresholds(kind: GameKind) -> Thresholds {
    match kind {
        // Qirkat and Bell are races for the last move: small edges swing
        // more, so a mark needs a bigger loss.
        GameKind::Draughts(DraughtsKind::Qirkat | DraughtsKind::Bell) => Thresholds {
            inaccuracy: 120,
            mistake: 250,
            blunder: 400,
        },
        _ => Thresholds {
            inaccuracy: 100,
            mistake: 200,
            blunder: 300,
        },
    }
}

/// White's chances (per mille) in a position White's score is `white`.
pub fn chances(kind: GameKind, white: Score) -> i32 {
    if white.is_decided() {
        return if white.0 > 0 { 1000 } else { 0 };
    }
    let s = i64::from(white.0);
    let k = i64::from(scale(kind));
    (500 + 500 * s / (s.abs() + k)) as i32
}

/// The chances `mover` threw away: from the position's score with the best
/// move (`best`, White's side) to its score after the move played
/// (`played`, White's side). Never below zero.
pub fn loss(kind: GameKind, mover: Side, best: Score, played: Score) -> i32 {
    let (before, after) = (chances(kind, best), chances(kind, played));
    let lost = match mover {
        Side::White => before - after,
        Side::Black => after - before,
    };
    lost.max(0)
}

/// The mark a move deserves, if any.
pub fn classify(kind: GameKind, mover: Side, best: Score, played: Score) -> Option<Mark> {
    let lost = loss(kind, mover, best, played);
    let t = thresholds(kind);
    if lost >= t.blunder {
        Some(Mark::Blunder)
    } else if lost >= t.mistake {
        Some(Mark::Mistake)
    } else if lost >= t.inaccuracy {
        Some(Mark::Inaccuracy)
    } else {
        None
    }
}

/// The marks of a whole game, from White's score of each position (the
/// start first, then after each turn): for each turn, its mark if any.
/// White moves first.
pub fn marks(kind: GameKind, white_scores: &[Score]) -> alloc::vec::Vec<Option<Mark>> {
    white_scores
        .windows(2)
        .enumerate()
        .map(|(i, pair)| {
            let mover = if i % 2 == 0 { Side::White } else { Side::Black };
            classify(kind, mover, pair[0], pair[1])
        })
        .collect()
}

/// A side's tally: its marks, and its average loss per move (per mille).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    pub moves: u32,
    pub average_loss: i32,
}

/// Each side's tally, White first.
pub fn summary(kind: GameKind, white_scores: &[Score]) -> [Summary; 2] {
    let mut sides = [Summary::default(); 2];
    let mut total = [0i64; 2];
    for (i, pair) in white_scores.windows(2).enumerate() {
        let mover = if i % 2 == 0 { Side::White } else { Side::Black };
        let side = &mut sides[i % 2];
        side.moves += 1;
        total[i % 2] += i64::from(loss(kind, mover, pair[0], pair[1]));
        match classify(kind, mover, pair[0], pair[1]) {
            Some(Mark::Inaccuracy) => side.inaccuracies += 1,
            Some(Mark::Mistake) => side.mistakes += 1,
            Some(Mark::Blunder) => side.blunders += 1,
            None => {}
        }
    }
    for (side, total) in sides.iter_mut().zip(total) {
        if side.moves > 0 {
            side.average_loss = (total / i64::from(side.moves)) as i32;
        }
    }
    sides
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);

    fn scores(v: &[i32]) -> alloc::vec::Vec<Score> {
        v.iter().map(|&s| Score(s)).collect()
    }

    #[test]
    fn chances_grow_with_the_score_and_are_certain_for_a_forced_result() {
        assert_eq!(chances(CLASSIC, Score(0)), 500);
        assert_eq!(chances(CLASSIC, Score(100)), 750);
        assert_eq!(chances(CLASSIC, Score(-100)), 250);
        assert_eq!(chances(CLASSIC, Score::win_in(crate::search::Ply(7))), 1000);
        assert_eq!(chances(CLASSIC, Score::loss_in(crate::search::Ply(3))), 0);
        let mut last = -1;
        for s in (-2000..=2000).step_by(50) {
            let c = chances(CLASSIC, Score(s));
            assert!(c >= last && (0..=1000).contains(&c), "{s}: {c}");
            last = c;
        }
        // The same edge counts for less on the bigger board.
        let turkish = GameKind::Draughts(DraughtsKind::Turkish);
        assert!(chances(turkish, Score(100)) < chances(CLASSIC, Score(100)));
    }

    #[test]
    fn moves_are_marked_by_the_chances_they_throw_away() {
        // White keeps the balance; Black drops a man (from even to three
        // chances in four for White: 250 thrown away, a mistake); White
        // gives two back (+100 to -100: 500, a blunder); Black lets a
        // little slip (about 60: nothing); White finds a forced win, Black
        // can do nothing about it, and White then walks into a forced loss.
        let white = scores(&[
            0,
            0,
            100,
            -100,
            -60,
            Score::win_in(crate::search::Ply(9)).0,
            Score::win_in(crate::search::Ply(8)).0,
            Score::loss_in(crate::search::Ply(5)).0,
        ]);
        let marks = marks(CLASSIC, &white);
        assert_eq!(
            marks,
            [
                None,
                Some(Mark::Mistake),
                Some(Mark::Blunder),
                None,
                None,
                None,
                Some(Mark::Blunder)
            ]
        );
    }

    #[test]
    fn each_threshold_is_where_its_mark_begins() {
        let t = thresholds(CLASSIC);
        // Find White scores whose loss from even is just below and at each
        // threshold, and check the mark changes there.
        for (threshold, mark, below) in [
            (t.inaccuracy, Some(Mark::Inaccuracy), None),
            (t.mistake, Some(Mark::Mistake), Some(Mark::Inaccuracy)),
            (t.blunder, Some(Mark::Blunder), Some(Mark::Mistake)),
        ] {
            let at = (0..1000)
                .map(|s| Score(-s))
                .find(|&s| loss(CLASSIC, Side::White, Score(0), s) >= threshold)
                .expect("reached");
            assert_eq!(classify(CLASSIC, Side::White, Score(0), at), mark);
            assert_eq!(
                classify(CLASSIC, Side::White, Score(0), Score(at.0 + 1)),
                below
            );
        }
        // A better move than the engine's best is no loss.
        assert_eq!(loss(CLASSIC, Side::White, Score(0), Score(300)), 0);
        assert_eq!(loss(CLASSIC, Side::Black, Score(0), Score(-300)), 0);
    }

    #[test]
    fn the_summary_counts_each_sides_marks_and_average_loss() {
        let white = scores(&[0, 0, 100, -100, -60]);
        let [w, b] = summary(CLASSIC, &white);
        assert_eq!(
            (w.moves, w.inaccuracies, w.mistakes, w.blunders),
            (2, 0, 0, 1)
        );
        assert_eq!(
            (b.moves, b.inaccuracies, b.mistakes, b.blunders),
            (2, 0, 1, 0)
        );
        assert_eq!(w.average_loss, 250, "(0 + 500) / 2");
        // 250, and 313 - 250 = 63 for the slip from -100 to -60.
        assert_eq!(b.average_loss, (250 + 63) / 2);
        let qirkat = GameKind::Draughts(DraughtsKind::Qirkat);
        // Qirkat needs more for the same mark: 200 thrown away (even to
        // +67 for White, Black to move) is a mistake in Classic only.
        assert_eq!(loss(CLASSIC, Side::Black, Score(0), Score(67)), 200);
        assert_eq!(
            classify(CLASSIC, Side::Black, Score(0), Score(67)),
            Some(Mark::Mistake)
        );
        assert_eq!(
            classify(qirkat, Side::Black, Score(0), Score(67)),
            Some(Mark::Inaccuracy)
        );
    }
}
