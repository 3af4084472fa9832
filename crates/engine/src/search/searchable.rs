//! What the search needs from a game, so one search plays them all. Each
//! game implements it beside its own rules: the draughts family in
//! `game::searching`, Chesquerque in `chesquerque::searching`. The search
//! knows only this trait.

use alloc::vec::Vec;
use core::fmt::Debug;

use super::Score;
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

impl Verdict {
    /// The verdict for the side to move, `us`, of a game that ended with
    /// `winner` winning (`None`: drawn).
    pub fn for_side(winner: Option<Side>, us: Side) -> Verdict {
        match winner {
            None => Verdict::Draw,
            Some(winner) if winner == us => Verdict::Win,
            Some(_) => Verdict::Loss,
        }
    }
}
