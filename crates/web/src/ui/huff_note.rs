//! A huff explained. When a turn huffs a piece (removes it for a capture it
//! skipped), the page says so in words once, under the board, with the
//! rule a press away, and marks the emptied point on the board until the
//! next turn. A piece of the person's is "your piece"; on a shared device
//! or while watching, the side's.

use engine::Point;

use super::Ui;
use crate::t;

impl Ui {
    /// After a change of the game's turn count from `before` turns: a huff
    /// by the turn just played is noted; any other change forgets the note.
    pub(super) fn note_huff(&mut self, before: Option<usize>) {
        let huffed = self.shared.session.as_ref().and_then(|session| {
            let game = &session.game;
            let one_more = before.is_some_and(|b| b + 1 == game.ply());
            one_more.then(|| game.last_huff()).flatten()
        });
        if let Some(screen) = self.screen.game_mut() {
            screen.huffed = huffed;
        }
    }

    /// The point huffed by the last turn, while it is the position shown.
    pub(super) fn huff_mark(&self) -> Option<Point> {
        let session = self.shared.session.as_ref()?;
        self.screen
            .game()
            .and_then(|g| g.huffed)
            .filter(|_| session.review.is_none())
    }

    /// The note in words: whose piece went, and why.
    pub(super) fn huff_note(&self) -> Option<String> {
        let point = self.huff_mark()?;
        let session = self.shared.session.as_ref()?;
        let name = session.game.geometry().name(point).to_string();
        // The huffed piece was the side's now to move.
        let owner = session.game.side_to_move();
        Some(match session.mode.person() {
            Some(me) if me == owner => t!("huff-note-you", point = &name),
            _ => t!(
                crate::i18n::by_side(owner, "huff-note-white", "huff-note-black"),
                point = &name
            ),
        })
    }
}
