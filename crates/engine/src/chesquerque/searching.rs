//! Chesquerque as the search sees it ([`Searchable`]): turns, the draws
//! the rules give, checks and captures for the quiescence search, and the
//! static evaluation (material and piece placement).

use alloc::vec::Vec;

use super::{ChessMove, ChessPosition, Role, FIFTY_MOVES};
use crate::bitboard::Bits;
use crate::search::{Score, Searchable, Verdict};
use crate::side::Side;

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
        evaluate_chess(self)
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
        let taken = self.role_at(mv.to).map_or(0, chess_value);
        let promoted = mv
            .promotion
            .map_or(0, |r| chess_value(r) - chess_value(Role::Pawn));
        // Most valuable victim first, least valuable attacker first.
        (taken + promoted) * 8 - self.role_at(mv.from).map_or(0, chess_value) / 100
    }

    fn history_index(mv: &ChessMove) -> usize {
        mv.from.index() * crate::geometry::MAX_POINTS + mv.to.index()
    }
}

/// The worth of a Chesquerque piece, in hundredths of a pawn.
pub fn chess_value(role: crate::chesquerque::Role) -> i32 {
    use crate::chesquerque::Role;
    match role {
        Role::Pawn => 100,
        // A lame knight and a bishop that slides only from half the points
        // are weaker than in chess.
        Role::Knight => 250,
        Role::Bishop => 250,
        Role::Rook => 450,
        Role::Archbishop => 550,
        Role::Queen => 800,
        Role::King => 0,
    }
}

/// Chesquerque: material, a bonus for pieces on diagonal points (where they
/// have more lines), and for pawns that have advanced.
pub fn evaluate_chess(position: &crate::chesquerque::ChessPosition) -> Score {
    use crate::chesquerque::Role;
    let g = &crate::geometry::ALQUERQUE_9;
    let side_value = |side: Side| {
        let mut value = 0;
        for p in position.pieces(side).points() {
            let Some(role) = position.role_at(p) else {
                continue;
            };
            value += chess_value(role);
            if g.is_diagonal_point(p) && role != Role::Pawn && role != Role::King {
                value += chess_value(role) / 8;
            }
            if role == Role::Pawn {
                let rank = i32::from(g.coords(p).1);
                value += 4 * match side {
                    Side::White => rank - 1,
                    Side::Black => 7 - rank,
                };
            }
        }
        value
    };
    let us = position.side_to_move();
    Score(side_value(us) - side_value(us.other()))
}
