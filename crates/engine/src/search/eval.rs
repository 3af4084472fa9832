//! Static evaluation for the draughts family, from the side to move's point
//! of view: material (a king is worth several men), how far men have
//! advanced, and for rule sets with kings a bonus for men close to crowning.

use crate::bitboard::Bits;
use crate::position::Position;
use crate::side::Side;

use super::Score;

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
