//! What the search needs from a game, so one search plays them all: the
//! draughts family through [`Position`] and Chesquerque through
//! [`ChessPosition`].

use alloc::vec::Vec;
use core::fmt::Debug;

use super::eval;
use super::Score;
use crate::bitboard::Bits;
use crate::chesquerque::{ChessMove, ChessPosition, Role, FIFTY_MOVES};
use crate::game::{material_outcome, Outcome};
use crate::kind::DraughtsKind;
use crate::movegen::Chains;
use crate::position::{Move, Position, Turn};
use crate::rules::{Capturing, NoProgress};
use crate::side::Side;

/// How a position ends without looking further, for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Win,
    Loss,
    Draw,
}

/// A position the search can explore.
pub trait Searchable: Copy + Debug {
    type Turn: Copy + Eq + Debug;
    /// Scratch space for generating turns, kept per ply.
    type Scratch: Default;

    /// Appends every legal turn to `out`.
    fn turns_into(&self, scratch: &mut Self::Scratch, out: &mut Vec<Self::Turn>);
    fn play(&self, turn: Self::Turn) -> Self;
    /// The Zobrist hash of the position.
    fn hash(&self) -> u64;
    /// The same position for the repetition rule.
    fn repeats(&self, earlier: &Self) -> bool;
    /// The static value for the side to move.
    fn evaluate(&self) -> Score;
    /// A result the rules give without looking at moves (material, the
    /// no-progress rule).
    fn rule_verdict(&self) -> Option<Verdict>;
    /// The result when the side to move has no legal turn.
    fn no_turn_verdict(&self) -> Verdict;
    /// Captures and the like: what the quiescence search follows.
    fn is_tactical(&self, turn: &Self::Turn) -> bool;
    /// Whether the side to move may stop at the horizon instead of making a
    /// tactical turn.
    fn may_stand_pat(&self) -> bool;
    /// Pieces a tactical turn gains, for ordering.
    fn gain(&self, turn: &Self::Turn) -> i32;
    /// A small number naming the turn's origin and destination, for the
    /// history heuristic (below [`HISTORY_SIZE`]).
    fn history_index(turn: &Self::Turn) -> usize;

    /// Whether the turn begins with a huff (Special), which weaker levels
    /// sometimes fail to notice.
    fn is_huff(_turn: &Self::Turn) -> bool {
        false
    }

    /// Whether no piece can ever be taken again, so that the game can only
    /// end drawn. Only where that is plain from the pieces' ranks (Classic,
    /// whose men never step back: every white man two ranks above every
    /// black one). A side could still wall itself in on the far ranks and
    /// lose for want of a move, but it never has to.
    fn is_dead(&self) -> bool {
        false
    }

    /// How many times dearer a node is than one of the draughts family, to
    /// scale node budgets so every game answers in about the same time.
    const NODE_COST: u64 = 1;
}

/// Entries of the history table: every origin and destination of the
/// largest board.
pub const HISTORY_SIZE: usize = crate::geometry::MAX_POINTS * crate::geometry::MAX_POINTS;

fn verdict_of(outcome: Outcome, winner_is_us: impl Fn(crate::side::Side) -> bool) -> Verdict {
    match outcome {
        Outcome::Draw { .. } => Verdict::Draw,
        Outcome::Win { winner, .. } if winner_is_us(winner) => Verdict::Win,
        Outcome::Win { .. } => Verdict::Loss,
    }
}

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
        eval::evaluate(self)
    }

    fn rule_verdict(&self) -> Option<Verdict> {
        if let Some(outcome) = material_outcome(self) {
            let us = self.side_to_move();
            return Some(verdict_of(outcome, |winner| winner == us));
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

impl Searchable for ChessPosition {
    type Turn = ChessMove;
    type Scratch = ();

    // Legality by making each move and testing the king makes a node dear.
    const NODE_COST: u64 = 30;

    fn turns_into(&self, _: &mut (), out: &mut Vec<ChessMove>) {
        self.generate(out);
    }

    fn play(&self, mv: ChessMove) -> ChessPosition {
        ChessPosition::play(self, mv)
    }

    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn repeats(&self, earlier: &Self) -> bool {
        earlier.repetition_key() == self.repetition_key()
    }

    fn evaluate(&self) -> Score {
        eval::evaluate_chess(self)
    }

    fn rule_verdict(&self) -> Option<Verdict> {
        let bare = self.occupied() == self.kings_set();
        (bare || self.halfmove_clock() >= FIFTY_MOVES).then_some(Verdict::Draw)
    }

    fn no_turn_verdict(&self) -> Verdict {
        if self.in_check() {
            Verdict::Loss
        } else {
            Verdict::Draw
        }
    }

    fn is_tactical(&self, mv: &ChessMove) -> bool {
        mv.promotion.is_some() || self.is_capture(*mv)
    }

    fn may_stand_pat(&self) -> bool {
        // In check every evasion is searched.
        !self.in_check()
    }

    fn gain(&self, mv: &ChessMove) -> i32 {
        let taken = self.role_at(mv.to).map_or(0, eval::chess_value);
        let promoted = mv
            .promotion
            .map_or(0, |r| eval::chess_value(r) - eval::chess_value(Role::Pawn));
        // Most valuable victim first, least valuable attacker first.
        (taken + promoted) * 8 - self.role_at(mv.from).map_or(0, eval::chess_value) / 100
    }

    fn history_index(mv: &ChessMove) -> usize {
        mv.from.index() * crate::geometry::MAX_POINTS + mv.to.index()
    }
}
