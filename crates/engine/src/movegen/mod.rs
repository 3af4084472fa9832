//! Legal move generation.
//!
//! Steps are generated for all men at once by shifting bitboards
//! (`steps`); capture chains are followed piece by piece by one walker
//! (`walker`) that lifts the moving piece off the board and removes each
//! captured piece as it is jumped. What is done with each chain found is the
//! walker's one parameter: move generation lists the chains (one per move
//! identity, or every one), notation keeps their paths, and bulk perft
//! counts them without listing (`captures`).
//!
//! Every function takes its rule set from a [`RuleSource`]: the public entry
//! points read it from the position at run time, while perft and the search
//! pass a compile-time constant, so each rule set gets its own copy of the
//! code with the rules folded in.

mod captures;
mod chain;
mod steps;
mod walker;

use alloc::vec::Vec;

use crate::bitboard::Bits;
use crate::position::{Move, Position, Turn};
use crate::rules::{Capturing, RuleSource};
#[cfg(feature = "fast")]
use crate::{rules::Moving, side::Side};

/// Whether chains that make the same move are listed once or once per path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chains {
    /// One move per (origin, destination, captured set): the engine's
    /// convention and that of its perft tables.
    Distinct,
    /// Every capture path separately, as some other engines count.
    EveryPath,
}

impl<B: Bits> Position<B> {
    /// Every legal move of the side to move (huffs not included), appended
    /// to `out`.
    pub fn generate(&self, chains: Chains, out: &mut Vec<Move<B>>) {
        // With `fast`, one copy of the generator per rule set and
        // side to move, each with its rules and directions folded in.
        #[cfg(feature = "fast")]
        crate::rules::with_rule_source!(self.rules, src => match self.side {
            Side::White => self.generate_in(Moving::<_, false>(src), chains, out),
            Side::Black => self.generate_in(Moving::<_, true>(src), chains, out),
        });
        #[cfg(not(feature = "fast"))]
        self.generate_in(crate::rules::Dynamic(self.rules), chains, out);
    }

    /// [`Position::generate`] with the rules from `src`, which must be this
    /// position's.
    #[inline(always)]
    pub(crate) fn generate_in<S: RuleSource>(
        &self,
        src: S,
        chains: Chains,
        out: &mut Vec<Move<B>>,
    ) {
        debug_assert!(core::ptr::eq(src.rules(), self.rules));
        let start = out.len();
        self.generate_captures(src, chains, out);
        let found_capture = out.len() > start;
        if !found_capture || src.rules().capturing == Capturing::OptionalWithHuff {
            self.generate_steps(src, out);
        }
    }

    /// The legal moves, each once.
    pub fn legal_moves(&self) -> Vec<Move<B>> {
        let mut out = Vec::new();
        self.generate(Chains::Distinct, &mut out);
        out
    }

    /// Every legal turn: the moves, and in Special each huff followed by each
    /// move of the position it leaves (or alone, when it takes the last piece).
    ///
    /// A capture chain is one move however its path runs; every path is
    /// there with [`Chains::EveryPath`]:
    ///
    /// ```
    /// use engine::{Chains, DraughtsKind, Position, Small};
    ///
    /// // White's man on a1 against four Black men: capturing is compulsory
    /// // and chains go on to the end. Five paths make three moves, told
    /// // apart by where they end and what they take.
    /// let rules = DraughtsKind::Classic.rules();
    /// let position = Position::<Small>::from_text(rules, "5/5/1b3/bb3/wb3 w").expect("a position");
    /// let turns: Vec<String> = position
    ///     .legal_turns()
    ///     .into_iter()
    ///     .map(|turn| position.turn_text(turn))
    ///     .collect();
    /// assert_eq!(turns.len(), 3);
    /// assert!(turns.iter().all(|text| text.starts_with("a1x")));
    /// assert_eq!(position.turns(Chains::EveryPath).len(), 5);
    /// // Any path of a move is read as that move.
    /// let one = position.parse_turn("a1xa3xc3xa1xc1").expect("legal");
    /// let other = position.parse_turn("a1xc3xa3xa1xc1").expect("legal");
    /// assert_eq!(one, other);
    /// ```
    pub fn legal_turns(&self) -> Vec<Turn<B>> {
        self.turns(Chains::Distinct)
    }

    pub fn turns(&self, chains: Chains) -> Vec<Turn<B>> {
        let mut turns = Vec::new();
        self.turns_into(chains, &mut Vec::new(), &mut turns);
        turns
    }

    /// Appends every legal turn to `turns`, using `moves` as scratch space
    /// (both keep their capacity, so a caller that reuses them allocates
    /// nothing once they have grown).
    pub fn turns_into(&self, chains: Chains, moves: &mut Vec<Move<B>>, turns: &mut Vec<Turn<B>>) {
        moves.clear();
        self.generate(chains, moves);
        turns.extend(moves.iter().map(|&mv| Turn::plain(mv)));
        for huff in self.huffable.points() {
            if self.huff_takes_last_piece(huff) {
                turns.push(Turn {
                    huff: Some(huff),
                    mv: None,
                });
                continue;
            }
            moves.clear();
            self.huff(huff).generate(chains, moves);
            turns.extend(moves.iter().map(|&mv| Turn {
                huff: Some(huff),
                mv: Some(mv),
            }));
        }
    }

    /// Whether the side to move has any legal turn (a huff counts when a
    /// move can follow it, or when it takes the opponent's last piece).
    pub fn has_legal_turn(&self) -> bool {
        let mut moves = Vec::new();
        self.generate(Chains::Distinct, &mut moves);
        !moves.is_empty()
            || self.huffable.points().any(|huff| {
                moves.clear();
                self.huff(huff).generate(Chains::Distinct, &mut moves);
                !moves.is_empty() || self.huff_takes_last_piece(huff)
            })
    }

    /// How many moves [`Position::generate_in`] would list, counted without
    /// listing the steps (`scratch` holds the captures).
    #[inline(always)]
    pub(crate) fn count_in<S: RuleSource>(
        &self,
        src: S,
        chains: Chains,
        scratch: &mut Vec<Move<B>>,
    ) -> u64 {
        let captures = if chains == Chains::EveryPath {
            self.count_capture_paths(src)
        } else {
            scratch.clear();
            self.generate_captures(src, chains, scratch);
            scratch.len() as u64
        };
        if captures > 0 && src.rules().capturing != Capturing::OptionalWithHuff {
            return captures;
        }
        captures + u64::from(self.count_steps(src))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Dynamic, Rules};

    /// Every position met on a few seeded random games.
    fn positions<B: Bits>(rules: &'static Rules, games: u64) -> Vec<Position<B>> {
        let mut seen = Vec::new();
        for game in 0..games {
            let mut position = Position::<B>::start(rules);
            let mut state = crate::zobrist::mix(game + 1);
            for _ in 0..200 {
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                seen.push(position);
                state = crate::zobrist::mix(state);
                position = position.play_turn(turns[(state % turns.len() as u64) as usize]);
            }
        }
        seen
    }

    /// The generator built for run-time rules (the page's, without the
    /// feature `fast`) finds the same moves, in the same order, as
    /// the one `generate` uses.
    #[test]
    fn the_run_time_rules_generator_agrees_with_generate() {
        fn check<B: Bits>(rules: &'static Rules) -> usize {
            let all = positions::<B>(rules, 12);
            for position in &all {
                for chains in [Chains::Distinct, Chains::EveryPath] {
                    let (mut fast, mut plain) = (Vec::new(), Vec::new());
                    position.generate(chains, &mut fast);
                    position.generate_in(Dynamic(rules), chains, &mut plain);
                    assert_eq!(fast, plain, "{:?}", rules.key);
                }
            }
            all.len()
        }
        for rules in Rules::all() {
            let checked = crate::with_bits!(rules, B => check::<B>(rules));
            assert!(checked > 100, "{:?}: only {checked} positions", rules.key);
        }
    }
}
