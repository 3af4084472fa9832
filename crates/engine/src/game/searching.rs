//! The draughts family as the search sees it ([`Searchable`]): turns,
//! rule verdicts, what the quiescence search follows, and the static
//! evaluation from the side to move's point of view: material (a king is
//! worth several men), how far men have advanced, and for rule sets with
//! kings a bonus for men close to crowning.

use alloc::vec::Vec;

use super::{material_outcome, Outcome};
use crate::bitboard::Bits;
use crate::kind::DraughtsKind;
use crate::movegen::Chains;
use crate::position::{Move, Position, Turn};
use crate::rules::{Capturing, NoProgress};
use crate::search::{Score, Searchable, Verdict};
use crate::side::Side;

impl<B: Bits> Searchable for Position<B> {
    type Turn = Turn<B>;
    type Scratch = Vec<Move<B>>;

    fn turns_into(&self, scratch: &mut Vec<Move<B>>, out: &mut Vec<Turn<B>>) {
        Position::turns_into(self, Chains::Distinct, scratch, out);
    }

    fn play(&self, turn: Turn<B>) -> Position<B> {
        self.play_turn(turn)
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn repeats(&self, earlier: &Self) -> bool {
        earlier.hash() == self.hash() && earlier.same_state(self)
    }

    fn evaluate(&self) -> Score {
        evaluate(self)
    }

    fn rule_verdict(&self) -> Option<Verdict> {
        if let Some(outcome) = material_outcome(self) {
            let winner = match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw { .. } => None,
            };
            return Some(Verdict::for_side(winner, self.side_to_move()));
        }
        let rules = self.rules();
        (rules.no_progress != NoProgress::None
            && self.no_progress_plies() >= rules.no_progress_limit)
            .then_some(Verdict::Draw)
    }

    fn no_turn_verdict(&self) -> Verdict {
        let both_blocked = self.rules().both_blocked_draw
            && !self.pieces(self.side_to_move()).is_empty()
            && !self.pass().has_legal_turn();
        if both_blocked {
            Verdict::Draw
        } else {
            Verdict::Loss
        }
    }

    fn is_tactical(&self, turn: &Turn<B>) -> bool {
        turn.huff.is_some() || turn.mv.is_some_and(|m| m.is_capture())
    }

    fn may_stand_pat(&self) -> bool {
        self.rules().capturing == Capturing::OptionalWithHuff
    }

    fn gain(&self, turn: &Turn<B>) -> i32 {
        (turn.mv.map_or(0, |m| m.captured.count()) + u32::from(turn.huff.is_some())) as i32
    }

    fn history_index(turn: &Turn<B>) -> usize {
        turn.mv.map_or(0, |m| {
            m.from.index() * crate::geometry::MAX_POINTS + m.to.index()
        })
    }

    fn is_huff(turn: &Turn<B>) -> bool {
        turn.huff.is_some()
    }

    fn is_dead(&self) -> bool {
        let rules = self.rules();
        let (white, black) = (self.men(Side::White), self.men(Side::Black));
        if rules.key != DraughtsKind::Classic || white.is_empty() || black.is_empty() {
            return false;
        }
        // Points are numbered rank by rank, so the lowest white man stands on
        // White's lowest rank and the highest black man on Black's highest.
        let rank = |p| rules.geometry.coords(p).1;
        rank(white.lowest()) >= rank(black.highest()) + 2
    }
}

/// One man.
const MAN: i32 = 100;
/// One king: it slides and captures from afar.
const KING: i32 = 300;
/// Per rank a man has advanced.
const ADVANCE: i32 = 3;
/// Per step a side's men could make.
const MOBILITY: i32 = 2;
/// What a man frozen on the far rank (Bell) loses.
const FROZEN: i32 = 40;

fn side_value<B: Bits>(position: &Position<B>, side: Side) -> i32 {
    let rules = position.rules();
    let g = rules.geometry;
    let men = position.men(side);
    let kings = position.kings(side);
    let mut value = men.count() as i32 * MAN + kings.count() as i32 * KING;
    let last = g.ranks() as i32 - 1;
    for p in men.points() {
        let rank = g.coords(p).1 as i32;
        let advanced = match side {
            Side::White => rank,
            Side::Black => last - rank,
        };
        if rules.far_rank_freeze && advanced == last {
            // It may only capture from now on.
            value -= FROZEN;
            continue;
        }
        value += advanced * ADVANCE;
        // A man one step from being crowned is nearly a king.
        if rules.kings.is_some() && advanced == last - 1 {
            value += (KING - MAN) / 4;
        }
    }
    value + MOBILITY * position.step_mobility(side) as i32
}

/// The value of `position` for the side to move.
pub fn evaluate<B: Bits>(position: &Position<B>) -> Score {
    let us = position.side_to_move();
    Score(side_value(position, us) - side_value(position, us.other()))
}
