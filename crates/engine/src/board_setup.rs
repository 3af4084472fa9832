//! The board editor's board: a position of any game set up by hand (what
//! stands on each point, the side to move and the rule state), written out
//! as position text and checked against the rules. Every reason a setup is refused is a
//! [`SetupError`] that names what is wrong.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::any_game::{AnyGame, PieceKind, PieceView, StartError};
use crate::chesquerque::Role as ChessRole;
use crate::game::Playable;
use crate::geometry::{Geometry, Point};
use crate::kind::GameKind;
use crate::side::Side;

/// The most pieces a Chesquerque side can have, and the most pawns.
pub const CHESS_PIECES: u32 = 18;
pub const CHESS_PAWNS: u32 = 9;

/// Why a setup cannot be played from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The rules refuse the position (a king where there are none, a man
    /// on its crowning rank, a pawn on a back rank, two kings…).
    Rules(StartError),
    /// A side has more pieces than it starts with.
    TooManyPieces { side: Side, found: u32, limit: u32 },
    /// Chesquerque: a side has more pawns than it starts with.
    TooManyPawns { side: Side, found: u32 },
    /// A draughts side has no piece at all.
    NoPieces(Side),
    /// A piece that does not belong to this game.
    WrongPiece(Point),
    /// The game is already over in this position (no legal turn).
    AlreadyOver,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Rules(e) => write!(f, "{e}"),
            SetupError::TooManyPieces { side, found, limit } => write!(
                f,
                "{} has {found} pieces; a side starts with {limit}",
                side.name()
            ),
            SetupError::TooManyPawns { side, found } => write!(
                f,
                "{} has {found} pawns; a side starts with {CHESS_PAWNS}",
                side.name()
            ),
            SetupError::NoPieces(side) => write!(f, "{} has no pieces", side.name()),
            SetupError::WrongPiece(p) => {
                write!(f, "the piece on point {} is not of this game", p.index())
            }
            SetupError::AlreadyOver => f.write_str("the game is already over in this position"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetupError {}

/// Chesquerque's castling rights, in the order of position text: White's
/// king side and queen side, then Black's.
pub const CASTLING_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// A position being set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardSetup {
    pub kind: GameKind,
    /// What stands on each point, by point index.
    pub board: Vec<Option<PieceView>>,
    pub side: Side,
    /// Draughts: the no-return memory and the huffable pieces, as position
    /// text writes them (`-` for none), and the no-progress counter.
    pub memory: String,
    pub huffable: String,
    pub counter: u16,
    /// Chesquerque: the castling rights ([`CASTLING_LETTERS`]) and the
    /// en-passant point.
    pub castling: [bool; 4],
    pub en_passant: Option<Point>,
}

impl BoardSetup {
    /// The setup of the position a game shows now.
    pub fn of(game: &AnyGame) -> BoardSetup {
        let text = game.position_text();
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or("-");
        let mut setup = BoardSetup {
            kind: game.kind(),
            board: game.board(),
            side: game.side_to_move(),
            memory: String::from("-"),
            huffable: String::from("-"),
            counter: 0,
            castling: [false; 4],
            en_passant: None,
        };
        match game.kind() {
            GameKind::Chesquerque => {
                for (i, letter) in CASTLING_LETTERS.iter().enumerate() {
                    setup.castling[i] = field(2).contains(*letter);
                }
                setup.en_passant = game.geometry().parse_point(field(3));
            }
            GameKind::Draughts(_) => {
                setup.memory = String::from(field(2));
                setup.huffable = String::from(field(3));
                setup.counter = field(4).parse().unwrap_or(0);
            }
        }
        setup
    }

    /// The start position of `kind`.
    pub fn start(kind: GameKind) -> BoardSetup {
        BoardSetup::of(&AnyGame::new(kind))
    }

    pub fn geometry(&self) -> &'static Geometry {
        match self.kind {
            GameKind::Draughts(d) => d.rules().geometry,
            GameKind::Chesquerque => &crate::geometry::ALQUERQUE_9,
        }
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        self.board.iter_mut().for_each(|p| *p = None);
        self.forget();
        self.castling = [false; 4];
    }

    /// Clears the rule state carried from the position the setup began
    /// from: the no-return memory, huffable pieces, the counter and the
    /// en-passant point.
    pub fn forget(&mut self) {
        self.memory = String::from("-");
        self.huffable = String::from("-");
        self.counter = 0;
        self.en_passant = None;
    }

    /// Puts `piece` on `point`, or empties it; the same piece pressed again
    /// comes off.
    pub fn place(&mut self, point: Point, piece: Option<PieceView>) {
        if let Some(cell) = self.board.get_mut(point.index()) {
            *cell = if *cell == piece { None } else { piece };
        }
    }

    /// The setup as position text (draughts position text, or Chesquerque's
    /// FEN-like text). A piece of the wrong game is an error.
    pub fn to_text(&self) -> Result<String, SetupError> {
        let g = self.geometry();
        let chess = self.kind == GameKind::Chesquerque;
        let mut text = String::new();
        for row in 0..g.ranks() {
            let rank = g.ranks() - 1 - row;
            if row > 0 {
                text.push('/');
            }
            let mut empty = 0;
            for file in 0..g.files() {
                let Some(p) = g.point(file, rank) else {
                    continue;
                };
                let Some(piece) = self.board.get(p.index()).copied().flatten() else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    let _ = write!(text, "{empty}");
                    empty = 0;
                }
                text.push(letter(piece, chess).ok_or(SetupError::WrongPiece(p))?);
            }
            if empty > 0 {
                let _ = write!(text, "{empty}");
            }
        }
        let side = if self.side == Side::White { 'w' } else { 'b' };
        if chess {
            let castling: String = CASTLING_LETTERS
                .iter()
                .zip(self.castling)
                .filter_map(|(&c, on)| on.then_some(c))
                .collect();
            let castling = if castling.is_empty() {
                String::from("-")
            } else {
                castling
            };
            let ep = match self.en_passant {
                Some(p) => g.name(p).to_string(),
                None => String::from("-"),
            };
            let _ = write!(text, " {side} {castling} {ep} 0 1");
        } else {
            let _ = write!(
                text,
                " {side} {} {} {}",
                self.memory, self.huffable, self.counter
            );
        }
        Ok(text)
    }

    /// Checks the setup: a game starting from it, or what is wrong.
    pub fn validate(&self) -> Result<AnyGame, SetupError> {
        let text = self.to_text()?;
        self.check_counts()?;
        let rules = match self.kind {
            GameKind::Draughts(d) => Some(d.rules()),
            GameKind::Chesquerque => None,
        };
        let game = AnyGame::from_position_text(rules, &text).map_err(SetupError::Rules)?;
        if game.outcome().is_some() {
            return Err(SetupError::AlreadyOver);
        }
        Ok(game)
    }

    fn check_counts(&self) -> Result<(), SetupError> {
        let limit = match self.kind {
            GameKind::Draughts(_) => {
                let start = BoardSetup::start(self.kind);
                start.count(Side::White, |_| true)
            }
            GameKind::Chesquerque => CHESS_PIECES,
        };
        for side in [Side::White, Side::Black] {
            let pawns = self.count(side, |k| k == PieceKind::Chess(ChessRole::Pawn));
            if pawns > CHESS_PAWNS {
                return Err(SetupError::TooManyPawns { side, found: pawns });
            }
            let found = self.count(side, |_| true);
            if found > limit {
                return Err(SetupError::TooManyPieces { side, found, limit });
            }
            if found == 0 && self.kind != GameKind::Chesquerque {
                return Err(SetupError::NoPieces(side));
            }
        }
        Ok(())
    }

    /// How many of `side`'s pieces are of a kind `which` accepts.
    pub fn count(&self, side: Side, which: impl Fn(PieceKind) -> bool) -> u32 {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.side == side && which(p.kind))
            .count() as u32
    }
}

/// A piece's letter in position text, if it belongs to the game.
fn letter(piece: PieceView, chess: bool) -> Option<char> {
    let white = piece.side == Side::White;
    Some(match (piece.kind, chess) {
        (PieceKind::Man, false) => {
            if white {
                'w'
            } else {
                'b'
            }
        }
        (PieceKind::King, false) => {
            if white {
                'W'
            } else {
                'B'
            }
        }
        (PieceKind::Chess(role), true) if white => role.letter(),
        (PieceKind::Chess(role), true) => role.letter().to_ascii_lowercase(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
