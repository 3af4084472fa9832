//! A game's moves with their side lines, for the analysis board: a tree
//! whose root is the starting position and each of whose nodes is a turn
//! (as the move list writes it). A node's first child continues its main
//! line; the others are side lines. Lines can be stepped through, promoted
//! and deleted.

/// A node of the tree (the root is the starting position).
pub type NodeId = usize;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    turn: String,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

/// The tree. Deleted nodes stay in the arena, unreachable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    nodes: Vec<Node>,
}

impl Default for MoveTree {
    fn default() -> MoveTree {
        MoveTree::new()
    }
}

impl MoveTree {
    pub const ROOT: NodeId = 0;

    /// A tree with only the starting position.
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Node {
                turn: String::new(),
                parent: None,
                children: Vec::new(),
            }],
        }
    }

    /// A tree holding one line of turns as its main line; its last node.
    pub fn from_line<S: AsRef<str>>(turns: &[S]) -> (MoveTree, NodeId) {
        let mut tree = MoveTree::new();
        let mut at = MoveTree::ROOT;
        for turn in turns {
            at = tree.play(at, turn.as_ref());
        }
        (tree, at)
    }

    /// The node after `turn` from `at`: the existing one if that turn was
    /// tried there before, else a new one (the main line if `at` had none,
    /// else a side line).
    pub fn play(&mut self, at: NodeId, turn: &str) -> NodeId {
        if let Some(&found) = self.nodes[at]
            .children
            .iter()
            .find(|&&c| self.nodes[c].turn == turn)
        {
            return found;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            turn: turn.to_string(),
            parent: Some(at),
            children: Vec::new(),
        });
        self.nodes[at].children.push(id);
        id
    }

    /// The turn a node stands for (empty for the root).
    pub fn turn(&self, id: NodeId) -> &str {
        &self.nodes[id].turn
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].parent
    }

    /// The turns tried after `id`, its main line first.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id].children
    }

    /// The next node on `id`'s main line.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].children.first().copied()
    }

    /// The nodes from the start to `id`, the first turn first (none for
    /// the start).
    pub fn nodes_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut nodes = Vec::new();
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            nodes.push(at);
            at = parent;
        }
        nodes.reverse();
        nodes
    }

    /// The line through `id`: the nodes to it, then on along main lines.
    pub fn line_through(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = self.nodes_to(id);
        let mut at = id;
        while let Some(next) = self.next(at) {
            line.push(next);
            at = next;
        }
        line
    }

    /// The turns from the start to `id`.
    pub fn path(&self, id: NodeId) -> Vec<&str> {
        self.nodes_to(id)
            .into_iter()
            .map(|n| self.turn(n))
            .collect()
    }

    /// The last node of the line through `id`, following main lines.
    pub fn line_end(&self, id: NodeId) -> NodeId {
        self.line_through(id).last().copied().unwrap_or(id)
    }

    /// The main line from the start.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_through(MoveTree::ROOT)
    }

    /// Whether `id` is on the main line.
    pub fn on_main_line(&self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            if self.next(parent) != Some(at) {
                return false;
            }
            at = parent;
        }
        true
    }

    /// Makes the line through `id` the main line: at each branching above
    /// it, its branch goes first.
    pub fn promote(&mut self, id: NodeId) {
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            let children = &mut self.nodes[parent].children;
            if let Some(i) = children.iter().position(|&c| c == at) {
                let node = children.remove(i);
                children.insert(0, node);
            }
            at = parent;
        }
    }

    /// Deletes `id` and every turn after it; the node to show instead (its
    /// parent). The start itself cannot be deleted.
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.nodes[id].parent?;
        self.nodes[parent].children.retain(|&c| c != id);
        // Unreachable now; their children are dropped so nothing walks them.
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            stack.extend(std::mem::take(&mut self.nodes[n].children));
            self.nodes[n].parent = None;
        }
        Some(parent)
    }

    /// Whether `id` is still in the tree.
    pub fn contains(&self, id: NodeId) -> bool {
        id == MoveTree::ROOT || (id < self.nodes.len() && self.nodes[id].parent.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(tree: &'a MoveTree, ids: &[NodeId]) -> Vec<&'a str> {
        ids.iter().map(|&i| tree.turn(i)).collect()
    }

    #[test]
    fn turns_played_make_a_main_line_and_a_new_turn_a_side_line() {
        let (mut tree, end) = MoveTree::from_line(&["c2-c3", "b4xd2", "e1xc3"]);
        assert_eq!(texts(&tree, &tree.main_line()), ["c2-c3", "b4xd2", "e1xc3"]);
        assert_eq!(tree.path(end), ["c2-c3", "b4xd2", "e1xc3"]);
        // Back one, another reply: a side line beside e1xc3.
        let reply = tree.parent(end).expect("a parent");
        let side = tree.play(reply, "d1xd3");
        assert_eq!(texts(&tree, tree.children(reply)), ["e1xc3", "d1xd3"]);
        assert!(!tree.on_main_line(side));
        assert!(tree.on_main_line(end));
        // Playing a turn tried before goes to it, adding nothing.
        assert_eq!(tree.play(reply, "d1xd3"), side);
        assert_eq!(tree.play(reply, "e1xc3"), end);
        assert_eq!(tree.children(reply).len(), 2);
        // A line continues.
        let further = tree.play(side, "a3-b3");
        assert_eq!(tree.path(further), ["c2-c3", "b4xd2", "d1xd3", "a3-b3"]);
        assert_eq!(tree.line_end(MoveTree::ROOT), end);
        assert_eq!(tree.line_end(side), further);
    }

    #[test]
    fn a_side_line_promoted_becomes_the_main_line() {
        let (mut tree, end) = MoveTree::from_line(&["c2-c3", "b4xd2", "e1xc3"]);
        let first = tree.main_line()[0];
        let other = tree.play(MoveTree::ROOT, "d2-c3");
        let deeper = tree.play(other, "d4xd2");
        tree.promote(deeper);
        assert_eq!(texts(&tree, &tree.main_line()), ["d2-c3", "d4xd2"]);
        assert!(tree.on_main_line(deeper));
        assert!(!tree.on_main_line(end));
        assert_eq!(
            texts(&tree, tree.children(MoveTree::ROOT)),
            ["d2-c3", "c2-c3"]
        );
        // And back.
        tree.promote(end);
        assert_eq!(texts(&tree, &tree.main_line()), ["c2-c3", "b4xd2", "e1xc3"]);
        assert_eq!(tree.next(MoveTree::ROOT), Some(first));
    }

    #[test]
    fn a_deleted_turn_takes_its_line_with_it() {
        let (mut tree, end) = MoveTree::from_line(&["c2-c3", "b4xd2", "e1xc3"]);
        let second = tree.parent(end).expect("a parent");
        let side = tree.play(second, "d1xd3");
        let after_side = tree.play(side, "a3-b3");
        assert_eq!(tree.delete(side), Some(second));
        assert!(!tree.contains(side) && !tree.contains(after_side));
        assert_eq!(texts(&tree, tree.children(second)), ["e1xc3"]);
        // Deleting the main line's turn leaves the side line as main.
        let side = tree.play(second, "d1xd3");
        assert_eq!(tree.delete(end), Some(second));
        assert_eq!(texts(&tree, &tree.main_line()), ["c2-c3", "b4xd2", "d1xd3"]);
        assert!(tree.on_main_line(side));
        // Deleting the first turn empties the tree; the start stays.
        let first = tree.main_line()[0];
        assert_eq!(tree.delete(first), Some(MoveTree::ROOT));
        assert!(tree.main_line().is_empty());
        assert_eq!(tree.delete(MoveTree::ROOT), None);
        assert!(tree.contains(MoveTree::ROOT));
        // The tree goes on growing after deletions.
        let again = tree.play(MoveTree::ROOT, "c2-c3");
        assert_eq!(tree.path(again), ["c2-c3"]);
    }
}
