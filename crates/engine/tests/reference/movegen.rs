//! Turn generation and play, straight from docs/rules.md.

use std::collections::HashSet;

use super::{
    file_of, is_diagonal_point, parse_point, point, point_name, rank_of, Board, Piece, RefGame,
    RefPosition, RefTurn, Side, POINTS,
};

/// A direction as (file change, rank change).
type Dir = (i32, i32);

const ORTHOGONAL: [Dir; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [Dir; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A move on the board, without any huff: the points visited (origin first)
/// and the points of the captured pieces in the order they were jumped.
#[derive(Clone, Debug)]
struct BoardMove {
    path: Vec<usize>,
    captured: Vec<usize>,
}

/// One jump of a chain: the piece jumped, where the jumper lands, and the
/// direction of the jump.
#[derive(Clone, Copy, Debug)]
struct Jump {
    victim: usize,
    landing: usize,
    dir: Dir,
}

/// The line directions leaving `from`: the four orthogonal ones, plus the
/// four diagonal ones on a diagonal point of a board with diagonals.
fn directions(game: RefGame, from: usize) -> Vec<Dir> {
    let mut dirs = ORTHOGONAL.to_vec();
    if game.has_diagonals() && is_diagonal_point(from) {
        dirs.extend(DIAGONAL);
    }
    dirs
}

/// The point `n` steps from `from` in direction `dir`, if on the board.
fn along(from: usize, dir: Dir, n: i32) -> Option<usize> {
    point(file_of(from) + dir.0 * n, rank_of(from) + dir.1 * n)
}

/// Forward, diagonally forward or sideways: every direction except the
/// backward ones.
fn is_moving_direction(side: Side, dir: Dir) -> bool {
    dir.1 == 0 || dir.1 == side.forward()
}

/// The single jumps open to `piece` standing on `at` on `board` (where the
/// jumping piece itself has already been lifted off its origin). `first`
/// tells whether this is the first jump of the turn; `last` is the direction
/// of the previous jump of the chain.
fn jumps(
    game: RefGame,
    board: &Board,
    piece: Piece,
    at: usize,
    first: bool,
    last: Option<Dir>,
) -> Vec<Jump> {
    let mut found = Vec::new();
    for dir in directions(game, at) {
        match game {
            RefGame::Classic | RefGame::Qirkat => {}
            RefGame::Bell => {
                if first && !is_moving_direction(piece.side, dir) {
                    continue;
                }
            }
            RefGame::Special => {
                if piece.king {
                    if last == Some((-dir.0, -dir.1)) {
                        // A king may not reverse straight back between jumps.
                        continue;
                    }
                    king_jumps(board, piece, at, dir, &mut found);
                    continue;
                }
                if !is_moving_direction(piece.side, dir) {
                    continue;
                }
            }
        }
        // A short jump: enemy on the next point, empty point right behind it.
        let (Some(victim), Some(landing)) = (along(at, dir, 1), along(at, dir, 2)) else {
            continue;
        };
        let enemy = matches!(board[victim], Some(other) if other.side != piece.side);
        if enemy && board[landing].is_none() {
            found.push(Jump {
                victim,
                landing,
                dir,
            });
        }
    }
    found
}

/// A Special king's long-range jumps in one direction: past any number of
/// empty points, over one enemy, onto any empty point before the next
/// occupied point or the edge.
fn king_jumps(board: &Board, piece: Piece, at: usize, dir: Dir, found: &mut Vec<Jump>) {
    let mut n = 1;
    let victim = loop {
        match along(at, dir, n) {
            None => return,
            Some(p) => match board[p] {
                None => n += 1,
                Some(other) if other.side != piece.side => break p,
                Some(_) => return,
            },
        }
    };
    n += 1;
    while let Some(landing) = along(at, dir, n) {
        if board[landing].is_some() {
            break;
        }
        found.push(Jump {
            victim,
            landing,
            dir,
        });
        n += 1;
    }
}

/// Every capture path of the piece on `origin`. A chain goes on while the
/// piece can jump again and ends only where it cannot.
fn capture_paths(game: RefGame, board: &Board, origin: usize) -> Vec<BoardMove> {
    let Some(piece) = board[origin] else {
        return Vec::new();
    };
    let mut work = *board;
    work[origin] = None; // the origin is vacated as soon as the piece leaves
    let mut found = Vec::new();
    let mut path = vec![origin];
    let mut captured = Vec::new();
    extend_chain(
        game,
        &mut work,
        piece,
        &mut path,
        &mut captured,
        None,
        &mut found,
    );
    found
}

fn extend_chain(
    game: RefGame,
    board: &mut Board,
    piece: Piece,
    path: &mut Vec<usize>,
    captured: &mut Vec<usize>,
    last: Option<Dir>,
    found: &mut Vec<BoardMove>,
) {
    let Some(&at) = path.last() else {
        return;
    };
    let options = jumps(game, board, piece, at, captured.is_empty(), last);
    if options.is_empty() {
        if !captured.is_empty() {
            found.push(BoardMove {
                path: path.clone(),
                captured: captured.clone(),
            });
        }
        return;
    }
    for jump in options {
        // The jumped piece is removed at once, so it cannot be jumped again
        // and its point may be crossed or landed on later in the chain.
        let removed = board[jump.victim].take();
        path.push(jump.landing);
        captured.push(jump.victim);
        extend_chain(game, board, piece, path, captured, Some(jump.dir), found);
        captured.pop();
        path.pop();
        board[jump.victim] = removed;
    }
}

impl RefPosition {
    /// The non-capturing moves of the piece on `origin`.
    fn steps_from(&self, origin: usize) -> Vec<BoardMove> {
        let Some(piece) = self.board[origin] else {
            return Vec::new();
        };
        let mut found = Vec::new();
        let mut add = |to: usize| {
            found.push(BoardMove {
                path: vec![origin, to],
                captured: Vec::new(),
            })
        };
        if piece.king {
            // Special king: slide over any number of empty points.
            for dir in ORTHOGONAL {
                let mut n = 1;
                while let Some(to) = along(origin, dir, n) {
                    if self.board[to].is_some() {
                        break;
                    }
                    add(to);
                    n += 1;
                }
            }
            return found;
        }
        if self.game == RefGame::Bell && rank_of(origin) == piece.side.far_rank() {
            // Bell: a man on the opponent's back rank is frozen.
            return found;
        }
        for dir in directions(self.game, origin) {
            if !is_moving_direction(piece.side, dir) {
                continue;
            }
            let Some(to) = along(origin, dir, 1) else {
                continue;
            };
            if self.board[to].is_some() {
                continue;
            }
            if self.game.has_memory() && self.memory[origin] == Some(to) {
                // No return: not straight back to where it just came from.
                continue;
            }
            add(to);
        }
        found
    }

    fn pieces_of(&self, side: Side) -> Vec<usize> {
        (0..POINTS)
            .filter(|&p| matches!(self.board[p], Some(piece) if piece.side == side))
            .collect()
    }

    /// The moves of the side to move, ignoring huffs. Captures are mandatory
    /// except in Special.
    fn board_moves(&self) -> Vec<BoardMove> {
        let mine = self.pieces_of(self.side);
        let mut captures = Vec::new();
        for &p in &mine {
            captures.extend(capture_paths(self.game, &self.board, p));
        }
        if !captures.is_empty() && self.game != RefGame::Special {
            return captures;
        }
        let mut moves = captures;
        for &p in &mine {
            moves.extend(self.steps_from(p));
        }
        moves
    }

    /// The pieces of the side to move that have at least one capture.
    fn pieces_with_captures(&self) -> Vec<usize> {
        self.pieces_of(self.side)
            .into_iter()
            .filter(|&p| !capture_paths(self.game, &self.board, p).is_empty())
            .collect()
    }

    /// This position with the piece on `p` removed (a huff).
    fn without(&self, p: usize) -> RefPosition {
        let mut next = self.clone();
        next.board[p] = None;
        next.memory[p] = None;
        next
    }

    /// Every legal turn, every capture path listed separately.
    pub fn turn_paths(&self) -> Vec<RefTurn> {
        let mut turns: Vec<RefTurn> = self
            .board_moves()
            .into_iter()
            .map(|m| to_turn(None, &m))
            .collect();
        if self.game == RefGame::Special {
            for &h in &self.huffable {
                let after = self.without(h);
                if after.pieces_of(self.side.other()).is_empty() {
                    // Huffing the last piece is a whole turn by itself.
                    turns.push(RefTurn {
                        huff: Some(point_name(h)),
                        path: Vec::new(),
                        captured: Vec::new(),
                    });
                    continue;
                }
                for m in after.board_moves() {
                    turns.push(to_turn(Some(h), &m));
                }
            }
        }
        turns
    }

    /// Every legal turn, one path per (huff, origin, destination, captured
    /// set); the first path found is kept.
    pub fn turns(&self) -> Vec<RefTurn> {
        let mut seen = HashSet::new();
        self.turn_paths()
            .into_iter()
            .filter(|turn| seen.insert(turn.key()))
            .collect()
    }

    /// The position after `turn`. The turn is trusted to be legal (any path
    /// of a legal move identity gives the same result); a turn naming points
    /// that do not exist or an empty origin is a bug of the caller and panics.
    pub fn play(&self, turn: &RefTurn) -> RefPosition {
        let mut next = self.clone();
        next.huffable.clear();
        if let Some(h) = &turn.huff {
            let p = must_parse(h);
            next.board[p] = None;
            next.memory[p] = None;
        }
        let mover = self.side;
        next.side = mover.other();

        let (Some(from_text), Some(to_text)) = (turn.path.first(), turn.path.last()) else {
            // A huff alone.
            if next.game.has_counter() {
                next.counter = 0;
            }
            return next;
        };
        let from = must_parse(from_text);
        let to = must_parse(to_text);
        let captured: Vec<usize> = turn.captured.iter().map(|c| must_parse(c)).collect();

        // Special: pieces that could have captured where the mover moved
        // (after the mover's own huff), in case the move is not a capture.
        let could_capture = if next.game == RefGame::Special && captured.is_empty() {
            let mut before = next.clone();
            before.side = mover;
            before.pieces_with_captures()
        } else {
            Vec::new()
        };

        let Some(mut piece) = next.board[from].take() else {
            panic!("play: no piece on {from_text} for turn {}", turn.key());
        };
        let was_man = !piece.king;
        next.memory[from] = None;
        for &c in &captured {
            next.board[c] = None;
            next.memory[c] = None;
        }
        if next.game == RefGame::Special && !piece.king && rank_of(to) == mover.far_rank() {
            piece.king = true;
        }
        next.board[to] = Some(piece);

        // No-return memory: only a sideways regular move can ever matter.
        next.memory[to] = if next.game.has_memory()
            && captured.is_empty()
            && rank_of(from) == rank_of(to)
            && from != to
        {
            Some(from)
        } else {
            None
        };

        next.counter = match next.game {
            RefGame::Qirkat | RefGame::Bell => 0,
            RefGame::Classic => {
                if !captured.is_empty() || rank_of(to) - rank_of(from) == mover.forward() {
                    0
                } else {
                    // The game is drawn at 50; the count goes no higher.
                    (self.counter + 1).min(50)
                }
            }
            RefGame::Special => {
                if turn.huff.is_some() || !captured.is_empty() || was_man {
                    0
                } else {
                    (self.counter + 1).min(50)
                }
            }
        };

        if next.game == RefGame::Special && captured.is_empty() {
            let mut huffable: Vec<usize> = could_capture
                .into_iter()
                .map(|p| if p == from { to } else { p })
                .collect();
            huffable.sort_unstable();
            next.huffable = huffable;
        }
        next
    }
}

fn to_turn(huff: Option<usize>, m: &BoardMove) -> RefTurn {
    let mut captured = m.captured.clone();
    captured.sort_unstable();
    RefTurn {
        huff: huff.map(point_name),
        path: m.path.iter().map(|&p| point_name(p)).collect(),
        captured: captured.into_iter().map(point_name).collect(),
    }
}

fn must_parse(text: &str) -> usize {
    parse_point(text).unwrap_or_else(|| panic!("play: `{text}` is not a point"))
}
