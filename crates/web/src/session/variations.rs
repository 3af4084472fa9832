//! The analysis board's lines: every turn tried is kept in a [`MoveTree`],
//! the main line and the side lines. The session's game holds the line
//! shown (the turns to the position shown and the main line on from it);
//! stepping back and forth walks that line, a turn played anywhere on it
//! starts or follows a side line, and a line can be promoted or deleted.

use engine::{AnyGame, AnyTurn, Outcome};

use super::{Session, Update};
use crate::tree::{MoveTree, NodeId};

/// The tree of turns tried, and the line shown.
#[derive(Clone, Debug)]
pub struct Variations {
    tree: MoveTree,
    /// The game at the tree's root.
    start: AnyGame,
    /// The nodes of the line shown, the first turn first.
    line: Vec<NodeId>,
}

/// A turn tried from the position shown, for the list of choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tried {
    pub node: NodeId,
    pub text: String,
    /// Whether it continues the line shown.
    pub next: bool,
}

/// The analysis board's lines as the panel shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinesView {
    /// The turns tried from the position shown (when more than one).
    pub tried: Vec<Tried>,
    /// Whether the line shown is the main line.
    pub main: bool,
    /// Whether a turn is shown (the start cannot be deleted).
    pub deletable: bool,
    /// How the line ends, when its last position is a finished game.
    pub end: Option<Outcome>,
}

impl Session {
    /// Keeps the turns tried from now on as a tree, this game's turns its
    /// main line, showing the position after `shown` turns.
    pub fn keep_variations(&mut self, shown: usize) {
        let mut start = self.game.clone();
        while start.undo() {}
        let (tree, _) = MoveTree::from_line(&self.game.history());
        let line = tree.main_line();
        self.variations = Some(Box::new(Variations { tree, start, line }));
        self.review = (shown < self.game.ply()).then_some(shown);
    }

    /// The node of the position shown (the root at the start).
    fn shown_node(&self) -> Option<NodeId> {
        let v = self.variations.as_ref()?;
        let ply = self.review.unwrap_or(self.game.ply());
        Some(match ply {
            0 => MoveTree::ROOT,
            n => v.line.get(n - 1).copied().unwrap_or(MoveTree::ROOT),
        })
    }

    /// Shows `node`: its line (on along main lines) is the game, and the
    /// position after it is shown.
    pub fn show_node(&mut self, node: NodeId) {
        let Some(v) = self.variations.as_mut() else {
            return;
        };
        if !v.tree.contains(node) {
            return;
        }
        let depth = v.tree.nodes_to(node).len();
        let line = v.tree.line_through(node);
        let mut game = v.start.clone();
        for &n in &line {
            match game.parse(v.tree.turn(n)).map(|t| game.play(t)) {
                Ok(Ok(())) => {}
                // Every turn in the tree was legal where it was tried.
                _ => break,
            }
        }
        v.line = line;
        self.game = game;
        self.review = (depth < self.game.ply()).then_some(depth);
        self.selection.clear();
        self.proposed = None;
        self.refresh();
    }

    /// A turn played on the analysis board, from the position shown: the
    /// line it starts or follows is shown after it.
    pub(super) fn play_variation(&mut self, turn: AnyTurn) -> Update {
        let Some(from) = self.shown_node() else {
            return Update::Nothing;
        };
        let ply = self.review.unwrap_or(self.game.ply());
        let mut game = self.game.clone();
        while game.ply() > ply && game.undo() {}
        if game.clone().play(turn).is_err() {
            return Update::Nothing;
        }
        let text = game.turn_text(turn);
        let Some(v) = self.variations.as_mut() else {
            return Update::Nothing;
        };
        let node = v.tree.play(from, &text);
        self.draw_offer = None;
        self.show_node(node);
        Update::Played(ply)
    }

    /// Before a press on the analysis board: a position stepped back to
    /// takes input, as the end of its line.
    pub(super) fn input_here(&mut self) {
        let Some(ply) = self.review.filter(|_| self.variations.is_some()) else {
            return;
        };
        while self.game.ply() > ply && self.game.undo() {}
        self.review = None;
        self.refresh();
    }

    /// One turn on along the line shown (its main line past its end).
    pub(super) fn variation_forward(&mut self) {
        let ply = self.review.unwrap_or(self.game.ply());
        let Some(v) = self.variations.as_ref() else {
            return;
        };
        let next = match v.line.get(ply) {
            Some(&node) => Some(node),
            None => self.shown_node().and_then(|n| v.tree.next(n)),
        };
        if let Some(node) = next {
            self.show_node(node);
        }
    }

    /// Makes the line shown the main line.
    pub fn promote_line(&mut self) {
        if let Some(v) = self.variations.as_mut() {
            if let Some(&end) = v.line.last() {
                v.tree.promote(end);
            }
        }
    }

    /// Deletes the turn shown and every turn after it; shows the position
    /// before it.
    pub fn delete_line(&mut self) {
        let Some(node) = self.shown_node() else {
            return;
        };
        let parent = self.variations.as_mut().and_then(|v| v.tree.delete(node));
        if let Some(parent) = parent {
            self.show_node(parent);
        }
    }

    /// The lines as the panel shows them, on the analysis board.
    pub fn lines_view(&self) -> Option<LinesView> {
        let v = self.variations.as_ref()?;
        let node = self.shown_node()?;
        let ply = self.review.unwrap_or(self.game.ply());
        let children = v.tree.children(node);
        let tried = if children.len() > 1 {
            children
                .iter()
                .map(|&c| Tried {
                    node: c,
                    text: v.tree.turn(c).to_string(),
                    next: v.line.get(ply) == Some(&c),
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(LinesView {
            tried,
            main: v.line.last().is_none_or(|&end| v.tree.on_main_line(end)),
            deletable: node != MoveTree::ROOT,
            end: self.game.outcome(),
        })
    }
}

#[cfg(test)]
mod tests;
