//! The engine's view of a position, for review and analysis: its best
//! turns, each with its score and the line that follows, from a searcher
//! kept across positions (its table makes the next, deeper look cheap).

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;

use super::{AnyGame, AnyTurn};
use crate::chesquerque::ChessPosition;
use crate::position::Position;
use crate::search::{Depth, Limits, Score, Search, Searchable, Verdict};

/// One of the best turns found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub turn: AnyTurn,
    /// Its score for the side to move.
    pub score: Score,
    /// The expected line, this turn first.
    pub line: Vec<AnyTurn>,
}

/// What the engine makes of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position's score for the side to move (a finished game's
    /// result when it has no turns).
    pub score: Score,
    /// The depth the best turn was searched to, and the nodes it took.
    pub depth: Depth,
    pub nodes: u64,
    /// The best turns, best first.
    pub candidates: Vec<Candidate>,
}

/// A searcher for one kind of board.
enum Inner {
    Alquerque(Search<Position<crate::Small>>),
    Turkish(Search<Position<u64>>),
    Chesquerque(Search<ChessPosition>),
}

/// What knows exact values of positions of the 5×5 board (endgame tables),
/// shared by each searcher made.
pub type SmallOracle = Rc<dyn Fn(&Position<crate::Small>) -> Option<(Verdict, u32)>>;

/// Analyses positions, keeping what it learned for the next one.
pub struct Analyser {
    inner: Inner,
    oracle: Option<SmallOracle>,
}

impl core::fmt::Debug for Analyser {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Analyser")
    }
}

impl Default for Analyser {
    fn default() -> Analyser {
        Analyser {
            inner: Inner::Alquerque(Search::new()),
            oracle: None,
        }
    }
}

impl Analyser {
    pub fn new() -> Analyser {
        Analyser::default()
    }

    /// Takes `oracle`'s values of positions of the 5×5 board as exact.
    pub fn set_oracle(&mut self, oracle: SmallOracle) {
        self.oracle = Some(oracle);
        self.inner = Inner::Alquerque(self.small_search());
    }

    fn small_search(&self) -> Search<Position<crate::Small>> {
        let mut search = Search::new();
        if let Some(oracle) = &self.oracle {
            let oracle = Rc::clone(oracle);
            search.set_oracle(Box::new(move |position| oracle(position)));
        }
        search
    }

    /// The position after the first `ply` turns of `game` (its last
    /// position if `ply` is beyond it): its `multi` best turns, each
    /// searched within `limits` (nodes counted as a draughts search counts
    /// them; a chess node costs more).
    pub fn analyse(
        &mut self,
        game: &AnyGame,
        ply: usize,
        limits: Limits,
        multi: usize,
    ) -> Analysis {
        macro_rules! run {
            ($variant:ident, $positions:expr, $wrap:expr, $make:expr) => {{
                if !matches!(self.inner, Inner::$variant(_)) {
                    self.inner = Inner::$variant($make);
                }
                let Inner::$variant(search) = &mut self.inner else {
                    unreachable!("just made")
                };
                let positions = $positions;
                let upto = &positions[..=ply.min(positions.len() - 1)];
                best_turns(search, upto, limits, multi, $wrap)
            }};
        }
        match game {
            AnyGame::Alquerque(g) => run!(
                Alquerque,
                g.positions(),
                AnyTurn::Alquerque,
                self.small_search()
            ),
            AnyGame::Turkish(g) => run!(Turkish, g.positions(), AnyTurn::Turkish, Search::new()),
            AnyGame::Chesquerque(c) => run!(
                Chesquerque,
                c.positions(),
                AnyTurn::Chesquerque,
                Search::new()
            ),
        }
    }
}

/// Up to `multi` best turns of the last of `positions`: the best, then the
/// best of the rest, and so on.
fn best_turns<P: Searchable>(
    search: &mut Search<P>,
    positions: &[P],
    limits: Limits,
    multi: usize,
    wrap: fn(P::Turn) -> AnyTurn,
) -> Analysis {
    let limits = Limits {
        depth: limits.depth,
        nodes: (limits.nodes / P::NODE_COST).max(1),
    };
    let mut found: Vec<P::Turn> = Vec::new();
    let mut analysis = Analysis {
        score: Score::ZERO,
        depth: Depth::ZERO,
        nodes: 0,
        candidates: Vec::new(),
    };
    for i in 0..multi.max(1) {
        let report = search.run_among(positions, limits, |t| !found.contains(t));
        analysis.nodes += report.nodes;
        if i == 0 {
            analysis.score = report.score;
            analysis.depth = report.depth;
        }
        // Every turn already found: the search fell back to all of them.
        let Some(best) = report.best.filter(|b| !found.contains(b)) else {
            break;
        };
        found.push(best);
        analysis.candidates.push(Candidate {
            turn: wrap(best),
            score: report.score,
            line: report.line.into_iter().map(wrap).collect(),
        });
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DraughtsKind, GameKind};

    fn limits() -> Limits {
        Limits {
            depth: Depth(6),
            nodes: 200_000,
        }
    }

    #[test]
    fn the_best_turns_are_distinct_legal_and_best_first() {
        for kind in [
            GameKind::Draughts(DraughtsKind::Classic),
            GameKind::Draughts(DraughtsKind::Turkish),
            GameKind::Chesquerque,
        ] {
            let game = AnyGame::new(kind);
            let mut analyser = Analyser::new();
            let analysis = analyser.analyse(&game, 0, limits(), 3);
            assert_eq!(analysis.candidates.len(), 3, "{kind:?}");
            let legal: Vec<AnyTurn> = game.entries().iter().map(|e| e.turn).collect();
            for (i, c) in analysis.candidates.iter().enumerate() {
                assert!(legal.contains(&c.turn), "{kind:?}: a legal turn");
                assert_eq!(c.line.first(), Some(&c.turn), "the line starts with it");
                assert!(
                    analysis.candidates[..i].iter().all(|d| d.turn != c.turn),
                    "distinct"
                );
                if i > 0 {
                    assert!(
                        c.score <= analysis.candidates[0].score,
                        "{kind:?}: best first"
                    );
                }
            }
            assert_eq!(analysis.score, analysis.candidates[0].score);
            assert!(analysis.depth >= Depth(1));
        }
    }

    #[test]
    fn a_position_earlier_in_the_game_is_analysed_as_it_was() {
        let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
        for _ in 0..4 {
            let turn = game.entries()[0].turn;
            game.play(turn).expect("legal");
        }
        let mut analyser = Analyser::new();
        let at_start = analyser.analyse(&game, 0, limits(), 1);
        let fresh = Analyser::new().analyse(
            &AnyGame::new(GameKind::Draughts(DraughtsKind::Classic)),
            0,
            limits(),
            1,
        );
        assert_eq!(at_start.candidates[0].turn, fresh.candidates[0].turn);
        // Past the end: the last position.
        let last = analyser.analyse(&game, 99, limits(), 1);
        let legal: Vec<AnyTurn> = game.entries().iter().map(|e| e.turn).collect();
        assert!(legal.contains(&last.candidates[0].turn));
    }
}
