//! Playing without a mouse: a cursor moved over the points with the arrow
//! keys, and the words a screen reader says about the board. Plain Rust,
//! tested natively; the page forwards key presses and speaks the words
//! through a live region.

use engine::chesquerque::Role as ChessRole;
use engine::{AnyGame, Geometry, Point, Side};

use crate::i18n::by_side;
use crate::t;
use crate::words::piece_words;

/// What a key does on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Move the cursor one point in a direction as seen on screen: (right,
    /// up) in {-1, 0, 1}.
    Move(i8, i8),
    /// Press the point under the cursor (select, land, move).
    Press,
    /// Huff the piece under the cursor (Special).
    Huff,
    /// Drop the turn being entered.
    Cancel,
}

impl Key {
    /// The board's meaning of a `KeyboardEvent.key`, if any.
    pub fn from_name(name: &str) -> Option<Key> {
        Some(match name {
            "ArrowUp" => Key::Move(0, 1),
            "ArrowDown" => Key::Move(0, -1),
            "ArrowLeft" => Key::Move(-1, 0),
            "ArrowRight" => Key::Move(1, 0),
            "Enter" | " " => Key::Press,
            "h" | "H" => Key::Huff,
            "Escape" => Key::Cancel,
            _ => return None,
        })
    }
}

/// The point one step from `from` in a direction on screen, staying on the
/// board (a board drawn turned round has its files and ranks reversed).
pub fn step(geometry: &Geometry, from: Point, right: i8, up: i8, flipped: bool) -> Point {
    let (file, rank) = geometry.coords(from);
    let (df, dr) = if flipped { (-right, -up) } else { (right, up) };
    let file = (i16::from(file) + i16::from(df)).clamp(0, i16::from(geometry.files()) - 1);
    let rank = (i16::from(rank) + i16::from(dr)).clamp(0, i16::from(geometry.ranks()) - 1);
    geometry.point(file as u8, rank as u8).unwrap_or(from)
}

/// A chess piece's name as the page's controls know it (`data-role`).
pub fn role_name(role: ChessRole) -> &'static str {
    match role {
        ChessRole::Pawn => "pawn",
        ChessRole::Knight => "knight",
        ChessRole::Bishop => "bishop",
        ChessRole::Rook => "rook",
        ChessRole::Archbishop => "archbishop",
        ChessRole::Queen => "queen",
        ChessRole::King => "king",
    }
}

/// The point under the cursor in words: "c3, white man" or "c3, empty".
pub fn point_words(game: &AnyGame, p: Point) -> String {
    let name = game.geometry().name(p).to_string();
    match game.board().get(p.index()).copied().flatten() {
        Some(piece) => t!(
            "point-piece",
            point = &name,
            piece = &piece_words(game, piece)
        ),
        None => t!("point-empty", point = &name),
    }
}

/// The last turn in words: "White played c2-c3, taking 1 piece.", given
/// its notation (the last of [`AnyGame::history`]).
pub fn last_turn_words(game: &AnyGame, text: Option<&str>) -> Option<String> {
    let ply = game.ply();
    let text = text?;
    let mover = if ply % 2 == 1 {
        Side::White
    } else {
        Side::Black
    };
    let taken = game.last_move().map_or(0, |(_, captured)| captured.len());
    Some(match taken {
        0 => t!(by_side(mover, "white-played", "black-played"), move = text),
        n => t!(
            by_side(mover, "white-played-taking", "black-played-taking"),
            move = text,
            n = n
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{DraughtsKind, GameKind};

    #[test]
    fn the_cursor_moves_as_seen_and_stays_on_the_board() {
        let game = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
        let g = game.geometry();
        let c3 = g.point(2, 2).expect("c3");
        assert_eq!(g.name(step(g, c3, 1, 0, false)).to_string(), "d3");
        assert_eq!(g.name(step(g, c3, 0, 1, false)).to_string(), "c4");
        // Turned round, right on screen is towards file a.
        assert_eq!(g.name(step(g, c3, 1, 0, true)).to_string(), "b3");
        assert_eq!(g.name(step(g, c3, 0, 1, true)).to_string(), "c2");
        let a1 = g.point(0, 0).expect("a1");
        assert_eq!(step(g, a1, -1, -1, false), a1);
    }

    #[test]
    fn keys_have_meanings() {
        assert_eq!(Key::from_name("ArrowLeft"), Some(Key::Move(-1, 0)));
        assert_eq!(Key::from_name(" "), Some(Key::Press));
        assert_eq!(Key::from_name("h"), Some(Key::Huff));
        assert_eq!(Key::from_name("Tab"), None);
    }

    #[test]
    fn the_board_in_words() {
        let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Turkish));
        let g = game.geometry();
        let b2 = g.point(1, 1).expect("b2");
        assert_eq!(point_words(&game, b2), "b2, white man");
        let d4 = g.point(3, 3).expect("d4");
        assert_eq!(point_words(&game, d4), "d4, empty");
        assert_eq!(last_turn_words(&game, None), None);
        let turn = game.entries()[0].turn;
        let text = game.turn_text(turn);
        game.play(turn).expect("a legal turn");
        let history = game.history();
        assert_eq!(
            last_turn_words(&game, history.last().map(String::as_str)),
            Some(format!("White played {text}."))
        );
        let chess = AnyGame::new(GameKind::Chesquerque);
        let e1 = chess.geometry().point(4, 0).expect("e1");
        assert!(point_words(&chess, e1).starts_with("e1, white "));
    }
}
