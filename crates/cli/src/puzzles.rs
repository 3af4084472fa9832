//! `alquerque puzzles`: positions where one turn wins, found in the
//! computer's games against itself. A position is kept when the best turn
//! wins clearly and every other turn is worse by a clear margin, and a
//! second, deeper look by a fresh searcher agrees (docs/puzzles.md).

use std::fmt::Write as _;
use std::time::Instant;

use engine::search::{Level, Limits, Score};
use engine::{Analyser, AnyGame, GameKind, Playable};

use crate::command::PuzzlesArgs;

/// How much the best turn must win, and by how much it must beat the
/// second best (hundredths of a man; of a pawn in Chesquerque).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bar {
    pub gain: i32,
    pub margin: i32,
}

/// The bar for each game: a man and a half in the draughts games, and a
/// minor piece's worth in Chesquerque.
pub fn bar(kind: GameKind) -> Bar {
    match kind {
        GameKind::Chesquerque => Bar {
            gain: 250,
            margin: 200,
        },
        _ => Bar {
            gain: 150,
            margin: 150,
        },
    }
}

/// Whether scores (for the side to move) make a puzzle: the best wins by
/// force or by `bar.gain`, and the second best is a forced win no longer
/// and trails by `bar.margin`.
pub fn is_puzzle(best: Score, second: Option<Score>, bar: Bar) -> bool {
    let wins = (best.is_decided() && best.0 > 0) || best.0 >= bar.gain;
    let Some(second) = second else {
        return false;
    };
    let second_wins_too = second.is_decided() && second.0 > 0;
    let clear = if best.is_decided() && best.0 > 0 {
        !second_wins_too && second.0 <= bar.gain
    } else {
        best.0 - second.0 >= bar.margin
    };
    wins && clear
}

/// A puzzle found: its line of the data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub position: String,
    pub best: String,
    pub line: Vec<String>,
    pub theme: &'static str,
    pub score: i32,
    pub margin: i32,
}

impl Found {
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.position,
            self.best,
            self.line.join(" "),
            self.theme,
            self.score,
            self.margin
        )
    }
}

const QUICK: Limits = Limits {
    depth: engine::search::Depth(6),
    nodes: 40_000,
};
const DEEP: Limits = Limits {
    depth: engine::search::Depth(10),
    nodes: 400_000,
};
/// The third look: the plain search, as `alquerque search` runs it.
const CONFIRM: Limits = Limits {
    depth: engine::search::Depth(12),
    nodes: 1_000_000,
};
/// Chesquerque's second look: a chess node costs thirty draughts nodes of
/// the budget, so it gets ten times the nodes to look as far.
const DEEP_CHESS: Limits = Limits {
    depth: engine::search::Depth(10),
    nodes: 4_000_000,
};

/// Looks at the last position of `game`: a puzzle, if it is one.
pub fn examine(game: &AnyGame, quick: &mut Analyser) -> Option<Found> {
    if game.outcome().is_some() || game.legal_turns().len() < 2 {
        return None;
    }
    // The puzzle is the position alone: judged without the game's history,
    // whose repetitions could make a turn look better than it is.
    let game = &AnyGame::from_position_text(game.rules(), &game.position_text()).ok()?;
    let kind = game.kind();
    let bar = bar(kind);
    let ply = game.ply();
    let first = quick.analyse(game, ply, QUICK, 2);
    let scores = |a: &engine::Analysis| {
        (
            a.candidates.first().map(|c| c.score),
            a.candidates.get(1).map(|c| c.score),
        )
    };
    let (Some(best), second) = scores(&first) else {
        return None;
    };
    if !is_puzzle(best, second, bar) {
        return None;
    }
    // A second look, deeper, by a searcher that has seen nothing before.
    let deep_limits = if kind == GameKind::Chesquerque {
        DEEP_CHESS
    } else {
        DEEP
    };
    let deep = Analyser::new().analyse(game, ply, deep_limits, 2);
    let (Some(deep_best), deep_second) = scores(&deep) else {
        return None;
    };
    let winner = deep.candidates.first()?;
    if winner.turn != first.candidates.first()?.turn || !is_puzzle(deep_best, deep_second, bar) {
        return None;
    }
    // A third look, deeper still and alone on the best turn: a short mate
    // or a refutation just beyond the second look's horizon drops it.
    let third = game.search(CONFIRM);
    let third_wins = third.score.0 >= bar.gain || (third.score.is_decided() && third.score.0 > 0);
    if third.best != Some(winner.turn) || !third_wins {
        return None;
    }
    let mut after = game.clone();
    let mut line = Vec::new();
    for &turn in winner.line.iter().take(7) {
        line.push(after.turn_text(turn));
        if after.play(turn).is_err() {
            break;
        }
    }
    let best_text = line.remove(0);
    let captures = game
        .entries()
        .iter()
        .any(|e| e.turn == winner.turn && !e.captured.is_empty());
    let pieces = game.piece_count(engine::Side::White) + game.piece_count(engine::Side::Black);
    let theme = if kind == GameKind::Chesquerque && deep_best.is_decided() {
        "mate"
    } else if pieces <= if kind == GameKind::Chesquerque { 8 } else { 6 } {
        "endgame"
    } else if captures {
        "capture"
    } else {
        "quiet"
    };
    Some(Found {
        position: game.position_text(),
        best: best_text,
        line,
        theme,
        score: deep_best.0,
        margin: deep_best.0.saturating_sub(deep_second.map_or(0, |s| s.0)),
    })
}

/// A small random generator (xorshift), for the games' openings.
struct Random(u64);

impl Random {
    fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below.max(1) as u64) as usize
    }
}

/// Puzzles of `kind` from self-play games until `count` are found.
pub fn find(kind: GameKind, count: usize, seed: u64) -> Vec<Found> {
    let mut random = Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut found: Vec<Found> = Vec::new();
    let mut quick = Analyser::new();
    // The games need variety more than strength: the quick levels.
    let levels = [Level::Beginner, Level::Easy, Level::Medium];
    for round in 0..count * 20 {
        if found.len() >= count {
            break;
        }
        let mut game = AnyGame::new(kind);
        let opening = 2 + random.next(6);
        let level = levels[round % levels.len()];
        let mut last_kept = 0usize;
        let mut kept = 0;
        for ply in 0..160 {
            if game.outcome().is_some() {
                break;
            }
            if ply >= 4 && kept < 2 && ply >= last_kept + 6 {
                if let Some(puzzle) = examine(&game, &mut quick) {
                    if !found.iter().any(|f| f.position == puzzle.position) {
                        eprintln!(
                            "{}: {} found (game {})",
                            kind.as_str(),
                            found.len() + 1,
                            round + 1
                        );
                        found.push(puzzle);
                        kept += 1;
                        last_kept = ply;
                    }
                }
            }
            let turns = game.legal_turns();
            let turn = if ply < opening {
                turns[random.next(turns.len())]
            } else {
                match game.computer_turn(level.settings(kind), seed ^ round as u64, None) {
                    Some(turn) => turn,
                    None => break,
                }
            };
            if game.play(turn).is_err() {
                break;
            }
        }
    }
    found.truncate(count);
    found
}

pub fn run(args: &PuzzlesArgs) -> Result<(), String> {
    let kind = args.game.0;
    let started = Instant::now();
    let found = find(kind, args.count, args.seed);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# {} puzzles: each position has one turn that wins (docs/puzzles.md).",
        kind.as_str()
    );
    let _ = writeln!(
        text,
        "# generated by: cargo run --release -p alquerque-cli -- puzzles --game {} --count {} --seed {}",
        kind.as_str(),
        args.count,
        args.seed
    );
    let _ = writeln!(
        text,
        "# position\\tbest turn\\tline after it\\ttheme\\tscore\\tmargin over the second best"
    );
    for puzzle in &found {
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| format!("cannot write {path}: {e}"))?
        }
        None => say!("{}", text.trim_end()),
    }
    eprintln!(
        "{}: {} puzzles in {:.1} s",
        kind.as_str(),
        found.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::DraughtsKind;

    const DRAUGHTS: Bar = Bar {
        gain: 150,
        margin: 150,
    };

    #[test]
    fn a_puzzle_needs_a_clear_win_and_a_clear_margin() {
        // Two men up, the next best even: a puzzle.
        assert!(is_puzzle(Score(200), Some(Score(0)), DRAUGHTS));
        // Winning, but another turn wins nearly as much.
        assert!(!is_puzzle(Score(300), Some(Score(200)), DRAUGHTS));
        // A clear margin but no win.
        assert!(!is_puzzle(Score(100), Some(Score(-300)), DRAUGHTS));
        // A forced win against a turn that does not force it.
        assert!(is_puzzle(
            Score::win_in(engine::search::Ply(7)),
            Some(Score(120)),
            DRAUGHTS
        ));
        // Two forced wins: not unique.
        assert!(!is_puzzle(
            Score::win_in(engine::search::Ply(7)),
            Some(Score::win_in(engine::search::Ply(9))),
            DRAUGHTS
        ));
        // A forced win against a turn that still wins well: not clear.
        assert!(!is_puzzle(
            Score::win_in(engine::search::Ply(7)),
            Some(Score(400)),
            DRAUGHTS
        ));
        // One legal turn: nothing to find.
        assert!(!is_puzzle(Score(500), None, DRAUGHTS));
        assert_eq!(bar(GameKind::Chesquerque).gain, 250);
        assert_eq!(bar(GameKind::Draughts(DraughtsKind::Turkish)), DRAUGHTS);
    }
}
