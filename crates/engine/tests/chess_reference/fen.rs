//! Position text: the start position, and reading and writing the six-field
//! FEN-like form `<board> <side> <castling> <en passant> <halfmove> <fullmove>`.

use super::{
    movegen, offset, parse_point, point, point_name, rank_of, Board, Color, Kind, RefChess,
    CASTLING_LETTERS, POINTS, SIZE,
};

/// The start position in position text.
pub const START_FEN: &str = "rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1";

/// The back rank from file a to file i.
const BACK_RANK: [Kind; 9] = [
    Kind::Rook,
    Kind::Knight,
    Kind::Bishop,
    Kind::Queen,
    Kind::King,
    Kind::Archbishop,
    Kind::Bishop,
    Kind::Knight,
    Kind::Rook,
];

impl RefChess {
    /// White Ra1 Nb1 Bc1 Qd1 Ke1 Af1 Bg1 Nh1 Ri1 and pawns a2-i2; Black the
    /// same on ranks 9 and 8. White to move, all castling rights.
    pub fn start() -> RefChess {
        let mut board: Board = [None; POINTS];
        for (file, kind) in BACK_RANK.iter().enumerate() {
            let file = file as i32;
            for (color, back, pawns) in [(Color::White, 0, 1), (Color::Black, 8, 7)] {
                if let Some(p) = point(file, back) {
                    board[p] = Some((color, *kind));
                }
                if let Some(p) = point(file, pawns) {
                    board[p] = Some((color, Kind::Pawn));
                }
            }
        }
        RefChess {
            board,
            to_move: Color::White,
            castling: [true; 4],
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Reads position text. Never panics: anything malformed or inconsistent
    /// is an Err.
    pub fn from_fen(text: &str) -> Result<RefChess, String> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 6 {
            return Err(format!(
                "expected 6 fields separated by single spaces, found {}",
                fields.len()
            ));
        }
        let board = parse_board(fields[0])?;
        let to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("side to move must be `w` or `b`, not `{other}`")),
        };
        let castling = parse_castling(fields[2], &board)?;
        let en_passant = parse_en_passant(fields[3], &board, to_move)?;
        let halfmove = parse_number(fields[4], "halfmove clock")?;
        let fullmove = parse_number(fields[5], "fullmove number")?;
        if fullmove == 0 {
            return Err("fullmove number starts at 1".to_string());
        }
        if movegen::king_attacked(&board, to_move.other()) {
            return Err("the side not to move is in check".to_string());
        }
        let mut pos = RefChess {
            board,
            to_move,
            castling,
            en_passant,
            halfmove,
            fullmove,
        };
        // The en-passant point is kept only while a capture onto it is legal.
        if !pos.has_legal_en_passant() {
            pos.en_passant = None;
        }
        Ok(pos)
    }

    /// Writes position text; the en-passant point appears only when the side
    /// to move can legally capture onto it.
    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..SIZE).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..SIZE {
                let piece = point(file, rank).and_then(|p| self.board[p]);
                match piece {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(match color {
                            Color::White => kind.letter(),
                            Color::Black => kind.letter().to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = match self.to_move {
            Color::White => "w",
            Color::Black => "b",
        };
        let mut castling: String = CASTLING_LETTERS
            .iter()
            .zip(self.castling)
            .filter(|(_, held)| *held)
            .map(|(letter, _)| *letter)
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        let en_passant = match self.en_passant {
            Some(p) if self.has_legal_en_passant() => point_name(p),
            _ => "-".to_string(),
        };
        format!(
            "{} {} {} {} {} {}",
            rows.join("/"),
            side,
            castling,
            en_passant,
            self.halfmove,
            self.fullmove
        )
    }
}

/// Ranks 9 down to 1 separated by `/`, files a..i, digits 1-9 for runs of
/// empty points (two digits in a row are refused, as the writer never makes
/// them). Exactly one king a side; no pawn on rank 1 or rank 9.
fn parse_board(text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != SIZE as usize {
        return Err(format!("expected 9 ranks, found {}", rows.len()));
    }
    let mut board: Board = [None; POINTS];
    for (i, row) in rows.iter().enumerate() {
        let rank = SIZE - 1 - i as i32;
        let mut file = 0;
        let mut last_was_digit = false;
        for ch in row.chars() {
            if let Some(run) = ch.to_digit(10) {
                if run == 0 || last_was_digit {
                    return Err(format!("bad empty-point count in rank {}", rank + 1));
                }
                file += run as i32;
                last_was_digit = true;
            } else {
                let kind =
                    Kind::from_letter(ch).ok_or_else(|| format!("unknown piece letter `{ch}`"))?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let p =
                    point(file, rank).ok_or_else(|| format!("rank {} is too long", rank + 1))?;
                board[p] = Some((color, kind));
                file += 1;
                last_was_digit = false;
            }
            if file > SIZE {
                return Err(format!("rank {} is too long", rank + 1));
            }
        }
        if file != SIZE {
            return Err(format!("rank {} has {} points, not 9", rank + 1, file));
        }
    }
    for color in [Color::White, Color::Black] {
        let kings = board
            .iter()
            .filter(|&&s| s == Some((color, Kind::King)))
            .count();
        if kings != 1 {
            return Err(format!("{color:?} has {kings} kings, not 1"));
        }
    }
    for (p, slot) in board.iter().enumerate() {
        if matches!(slot, Some((_, Kind::Pawn))) && (rank_of(p) == 0 || rank_of(p) == SIZE - 1) {
            return Err(format!("pawn on {}", point_name(p)));
        }
    }
    Ok(board)
}

/// `-` or some of K, Q, k, q in that order, each at most once. A right needs
/// its king on e1 / e9 and its rook on the corner.
fn parse_castling(text: &str, board: &Board) -> Result<[bool; 4], String> {
    let mut rights = [false; 4];
    if text == "-" {
        return Ok(rights);
    }
    if text.is_empty() {
        return Err("empty castling field".to_string());
    }
    let mut next_index = 0;
    for ch in text.chars() {
        let index = CASTLING_LETTERS
            .iter()
            .position(|&l| l == ch)
            .ok_or_else(|| format!("bad castling letter `{ch}`"))?;
        if index < next_index {
            return Err(format!("castling rights `{text}` not in the order KQkq"));
        }
        rights[index] = true;
        next_index = index + 1;
    }
    let needs = [
        (Color::White, 0, SIZE - 1),
        (Color::White, 0, 0),
        (Color::Black, SIZE - 1, SIZE - 1),
        (Color::Black, SIZE - 1, 0),
    ];
    for (index, (color, rank, rook_file)) in needs.iter().enumerate() {
        if !rights[index] {
            continue;
        }
        let king = point(4, *rank).and_then(|p| board[p]);
        let rook = point(*rook_file, *rank).and_then(|p| board[p]);
        if king != Some((*color, Kind::King)) || rook != Some((*color, Kind::Rook)) {
            return Err(format!(
                "castling right `{}` without its king and rook at home",
                CASTLING_LETTERS[index]
            ));
        }
    }
    Ok(rights)
}

/// `-` or the point skipped by the opponent's double step just played: on
/// rank 7 with White to move (rank 3 with Black to move), an enemy pawn
/// directly beyond it, the point itself and the one behind it empty.
fn parse_en_passant(text: &str, board: &Board, to_move: Color) -> Result<Option<usize>, String> {
    if text == "-" {
        return Ok(None);
    }
    let p = parse_point(text).ok_or_else(|| format!("bad en-passant point `{text}`"))?;
    let mover = to_move.other();
    let skipped_rank = mover.pawn_rank() + mover.forward();
    let beyond = offset(p, 0, mover.forward());
    let behind = offset(p, 0, -mover.forward());
    let consistent = rank_of(p) == skipped_rank
        && board[p].is_none()
        && behind.is_some_and(|b| board[b].is_none())
        && beyond.is_some_and(|b| board[b] == Some((mover, Kind::Pawn)));
    if !consistent {
        return Err(format!(
            "en-passant point {text} does not follow a double step"
        ));
    }
    Ok(Some(p))
}

/// A non-negative decimal number made of ASCII digits only.
fn parse_number(text: &str, what: &str) -> Result<u32, String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad {what} `{text}`"));
    }
    text.parse::<u32>()
        .map_err(|_| format!("{what} `{text}` is too large"))
}
