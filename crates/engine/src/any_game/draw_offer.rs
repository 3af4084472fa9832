//! How a computer player answers a draw offer: by its own search of the
//! position, and by how far the game has gone. No level takes a draw in the
//! opening, where nothing has been decided yet; in the middle of a game it
//! takes one only when it sees itself worse; in a long game, unless it sees
//! itself clearly better. A forced result decides alone: a player that sees
//! a forced loss takes the draw, one that sees a forced win plays on. (A
//! position the endgame tables know as drawn is the page's to accept: the
//! tables live there.)

use super::AnyGame;
use crate::game::GamePosition;
use crate::search::{Depth, Level, LevelSettings, Limits, Score, Search, Searchable};
use crate::Side;

/// Plies of the opening: no level takes a draw before this many turns.
pub const DRAW_OPENING_PLIES: usize = 20;
/// From this many turns on the game is long: a level takes a draw unless
/// it sees itself clearly better.
pub const DRAW_LONG_GAME_PLIES: usize = 80;
/// "Clearly better": a third of a man.
const CLEARLY_BETTER: i32 = 33;

/// The answer to a draw offer of a player who values the position at
/// `ours`, `length` turns into the game.
fn answer(ours: Score, length: usize) -> bool {
    if ours.is_decided() {
        return ours < Score::ZERO;
    }
    let margin = match length {
        length if length < DRAW_OPENING_PLIES => return false,
        length if length < DRAW_LONG_GAME_PLIES => 0,
        _ => CLEARLY_BETTER,
    };
    ours.0 < margin
}

impl AnyGame {
    /// Whether a computer player of `level` playing `side` accepts a draw
    /// offer now (see the module's account).
    pub fn accepts_draw(&self, level: Level, side: Side) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        answer(self.draw_judgement(level, side), self.length())
    }

    /// How far the game has gone, for a draw offer: its turns, and a game
    /// set up from a position of its own counts as past the opening.
    fn length(&self) -> usize {
        let usual = dispatch!(self, g => g.positions()[0].is_usual_start(), c => c.positions()[0].is_usual_start());
        self.ply() + if usual { 0 } else { DRAW_OPENING_PLIES }
    }

    /// The position's value for `side`, as `level` searches it.
    fn draw_judgement(&self, level: Level, side: Side) -> Score {
        fn score<P: Searchable>(positions: &[P], settings: LevelSettings) -> Score {
            let mut search = Search::<P>::new();
            let limits = Limits {
                depth: settings.depth.min(Depth(8)),
                nodes: (settings.nodes / P::NODE_COST).max(1_000),
            };
            search.run(positions, limits).score
        }
        let settings = level.settings(self.kind());
        let to_move = dispatch!(self, g => score(g.positions(), settings), c => score(c.positions(), settings));
        if side == self.side_to_move() {
            to_move
        } else {
            -to_move
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::{DraughtsKind, GameKind};

    const LEVELS: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// `n` turns of `kind`, each the first legal one.
    fn first_turns(kind: GameKind, n: usize) -> AnyGame {
        let mut game = AnyGame::new(kind);
        for _ in 0..n {
            let Some(entry) = game.entries().into_iter().next() else {
                break;
            };
            game.play(entry.turn).expect("legal");
        }
        game
    }

    #[test]
    fn no_level_takes_a_draw_in_the_opening() {
        for kind in GameKind::ALL {
            for ply in [0, 1, 2, 5] {
                let game = first_turns(kind, ply);
                for level in LEVELS {
                    for side in [Side::White, Side::Black] {
                        assert!(
                            !game.accepts_draw(level, side),
                            "{kind:?} after {ply} turns, {level:?} as {side:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_player_that_sees_itself_worse_takes_a_draw_and_a_forced_result_decides() {
        // Classic, Black to move with one man against White's three: Black is
        // lost and takes the draw; White, far ahead, plays on. Past the
        // opening (the position text says nothing of the turns before, so
        // the judgement counts from here: it is a forced result or nothing).
        let rules = DraughtsKind::Classic.rules();
        let game = AnyGame::from_position_text(Some(rules), "5/5/1w3/1w1b1/w4 b - - 0")
            .expect("a position");
        assert!(game.accepts_draw(Level::Medium, Side::Black));
        assert!(!game.accepts_draw(Level::Medium, Side::White));
    }

    #[test]
    fn the_answer_weighs_the_judgement_against_the_games_length() {
        use crate::search::Ply;
        let (win, loss) = (Score::win_in(Ply(9)), Score::loss_in(Ply(9)));
        for (ours, length, takes) in [
            // The opening: never, unless a loss is forced.
            (Score(-500), 0, false),
            (Score(0), 19, false),
            (loss, 2, true),
            (win, 2, false),
            // The middle: only when worse.
            (Score(-1), 20, true),
            (Score(0), 20, false),
            (Score(20), 79, false),
            (Score(-300), 79, true),
            // A long game: unless clearly better.
            (Score(0), 80, true),
            (Score(32), 120, true),
            (Score(33), 120, false),
            (win, 200, false),
            (loss, 200, true),
        ] {
            assert_eq!(answer(ours, length), takes, "{ours:?} after {length} turns");
        }
    }
}
