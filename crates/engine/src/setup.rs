//! A draughts position as written, before the rules have looked at it:
//! [`Setup`] is what position text parses into ([`crate::text`]), and what
//! [`crate::Position::from_setup`] validates. The editor's board, which
//! holds any game's pieces as a person places them, is
//! [`crate::board_setup`].

use crate::position::Sideways;
use crate::side::BySide;

/// A position as written, not yet checked against the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Setup<B> {
    pub men: BySide<B>,
    pub kings: BySide<B>,
    pub white_to_move: bool,
    pub came_from: Sideways<B>,
    pub huffable: B,
    pub counter: u16,
}
