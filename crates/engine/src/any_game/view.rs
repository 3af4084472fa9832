//! What a front end draws: the pieces on the points, the ways to enter each
//! legal turn, and the points the last turn touched.

use alloc::vec::Vec;

use super::{AnyTurn, Entry, PieceKind, PieceView};
use crate::chesquerque::{ChessMove, ChessPosition};
use crate::game::Game;
use crate::geometry::{Point, ALQUERQUE_9};
use crate::position::{Position, Role, Turn};
use crate::Bits;

pub(super) fn draughts_piece<B: Bits>(p: &Position<B>, q: Point) -> Option<PieceView> {
    p.piece_at(q).map(|piece| PieceView {
        side: piece.side,
        kind: match piece.role {
            Role::Man => PieceKind::Man,
            Role::King => PieceKind::King,
        },
    })
}

pub(super) fn chess_piece(p: &ChessPosition, q: Point) -> Option<PieceView> {
    p.piece_at(q).map(|(side, role)| PieceView {
        side,
        kind: PieceKind::Chess(role),
    })
}

/// The point of the piece a Chesquerque move takes (en passant included).
pub(super) fn chess_captured(p: &ChessPosition, mv: ChessMove) -> Vec<Point> {
    if !p.is_capture(mv) {
        return Vec::new();
    }
    let enemy = p.side_to_move().other();
    let after = p.play(mv);
    ALQUERQUE_9
        .points()
        .filter(|&q| {
            p.piece_at(q).is_some_and(|(s, _)| s == enemy)
                && after.piece_at(q).is_none_or(|(s, _)| s != enemy)
        })
        .collect()
}

pub(super) fn draughts_entries<B: Bits>(
    p: &Position<B>,
    wrap: fn(Turn<B>) -> AnyTurn,
) -> Vec<Entry> {
    let mut out = Vec::new();
    for turn in p.legal_turns() {
        let (mover, huffed) = match turn.huff {
            Some(h) => (p.huff(h), Some(h)),
            None => (*p, None),
        };
        let Some(mv) = turn.mv else {
            out.push(Entry {
                huff: huffed,
                path: Vec::new(),
                captured: Vec::new(),
                promotion: None,
                turn: wrap(turn),
            });
            continue;
        };
        for path in mover.paths(mv) {
            out.push(Entry {
                huff: huffed,
                path,
                captured: mv.captured.points().collect(),
                promotion: None,
                turn: wrap(turn),
            });
        }
    }
    out
}

pub(super) fn last_draughts_move<B: Bits>(g: &Game<B>) -> Option<(Vec<Point>, Vec<Point>)> {
    let turn = *g.turns().last()?;
    let before = &g.positions()[g.turns().len() - 1];
    let mut captured: Vec<Point> = turn.huff.into_iter().collect();
    let path = match turn.mv {
        Some(mv) => {
            let mover = turn.huff.map_or(*before, |h| before.huff(h));
            captured.extend(mv.captured.points());
            mover.paths(mv).into_iter().next().unwrap_or_default()
        }
        None => Vec::new(),
    };
    Some((path, captured))
}
