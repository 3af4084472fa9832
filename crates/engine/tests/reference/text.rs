//! Position text: reading and writing the five-field format of
//! docs/formats.md, plus the start position.

use super::{
    file_of, parse_point, point, point_name, rank_of, Board, Piece, RefGame, RefPosition, Side,
    POINTS, SIZE,
};

/// Largest value the no-progress counter may have in position text.
const COUNTER_LIMIT: u32 = 50;

impl RefPosition {
    /// `bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0` for every rule set.
    pub fn start(game: RefGame) -> RefPosition {
        let white = Some(Piece {
            side: Side::White,
            king: false,
        });
        let black = Some(Piece {
            side: Side::Black,
            king: false,
        });
        let mut board: Board = [None; POINTS];
        for (p, slot) in board.iter_mut().enumerate() {
            let (file, rank) = (file_of(p), rank_of(p));
            *slot = match rank {
                0 | 1 => white,
                3 | 4 => black,
                // rank 3: a3, b3 black; c3 empty; d3, e3 white
                _ => match file {
                    0 | 1 => black,
                    2 => None,
                    _ => white,
                },
            };
        }
        RefPosition {
            game,
            board,
            side: Side::White,
            memory: [None; POINTS],
            huffable: Vec::new(),
            counter: 0,
        }
    }

    /// Reads `<board> <side> <memory> <huffable> <counter>`; the last three
    /// fields may be left out together. Never panics: bad text is an Err.
    pub fn from_text(game: RefGame, text: &str) -> Result<RefPosition, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 2 && fields.len() != 5 {
            return Err(format!(
                "expected 5 fields (or 2 with `- - 0` left out), found {}",
                fields.len()
            ));
        }
        let board = parse_board(game, fields[0])?;
        let side = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(format!("side to move must be `w` or `b`, not `{other}`")),
        };
        let mut pos = RefPosition {
            game,
            board,
            side,
            memory: [None; POINTS],
            huffable: Vec::new(),
            counter: 0,
        };
        if fields.len() == 5 {
            parse_memory(&mut pos, fields[2])?;
            parse_huffable(&mut pos, fields[3])?;
            parse_counter(&mut pos, fields[4])?;
        }
        Ok(pos)
    }

    /// Writes the position in the docs/formats.md format, all five fields.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                let Some(p) = point(file, rank) else {
                    continue;
                };
                match self.board[p] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(piece_char(piece));
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push(' ');
        text.push(match self.side {
            Side::White => 'w',
            Side::Black => 'b',
        });

        let memories: Vec<String> = (0..POINTS)
            .filter(|&p| self.board[p].is_some())
            .filter_map(|p| {
                self.memory[p].map(|from| format!("{}<{}", point_name(p), point_name(from)))
            })
            .collect();
        text.push(' ');
        text.push_str(&list_or_dash(&memories));

        let huffable: Vec<String> = self.huffable.iter().map(|&p| point_name(p)).collect();
        text.push(' ');
        text.push_str(&list_or_dash(&huffable));

        text.push(' ');
        text.push_str(&self.counter.to_string());
        text
    }
}

fn list_or_dash(items: &[String]) -> String {
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}

fn piece_char(piece: Piece) -> char {
    match (piece.side, piece.king) {
        (Side::White, false) => 'w',
        (Side::Black, false) => 'b',
        (Side::White, true) => 'W',
        (Side::Black, true) => 'B',
    }
}

fn parse_board(game: RefGame, text: &str) -> Result<Board, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(format!(
            "board must have {SIZE} ranks separated by `/`, found {}",
            ranks.len()
        ));
    }
    let mut board: Board = [None; POINTS];
    for (i, rank_text) in ranks.iter().enumerate() {
        // The first rank written is the highest.
        let rank = SIZE - 1 - i as i32;
        let mut file = 0;
        let mut previous_was_digit = false;
        for ch in rank_text.chars() {
            if let Some(count) = ch.to_digit(10) {
                if previous_was_digit {
                    return Err(format!("rank {}: two digits in a row", rank + 1));
                }
                if count == 0 {
                    return Err(format!("rank {}: `0` is not a count", rank + 1));
                }
                previous_was_digit = true;
                file += count as i32;
                if file > SIZE {
                    return Err(format!("rank {}: more than {SIZE} points", rank + 1));
                }
                continue;
            }
            previous_was_digit = false;
            let piece = match ch {
                'w' => Piece {
                    side: Side::White,
                    king: false,
                },
                'b' => Piece {
                    side: Side::Black,
                    king: false,
                },
                'W' => Piece {
                    side: Side::White,
                    king: true,
                },
                'B' => Piece {
                    side: Side::Black,
                    king: true,
                },
                other => return Err(format!("rank {}: unknown piece `{other}`", rank + 1)),
            };
            if piece.king && game != RefGame::Special {
                return Err(format!("rank {}: no kings in {}", rank + 1, game.key()));
            }
            if game == RefGame::Special && !piece.king && rank == piece.side.far_rank() {
                return Err(format!(
                    "rank {}: a man cannot stand on its promotion rank",
                    rank + 1
                ));
            }
            let Some(p) = point(file, rank) else {
                return Err(format!("rank {}: more than {SIZE} points", rank + 1));
            };
            board[p] = Some(piece);
            file += 1;
        }
        if file != SIZE {
            return Err(format!(
                "rank {}: {file} points instead of {SIZE}",
                rank + 1
            ));
        }
    }
    Ok(board)
}

fn parse_memory(pos: &mut RefPosition, text: &str) -> Result<(), String> {
    if text == "-" {
        return Ok(());
    }
    if !pos.game.has_memory() {
        return Err(format!("{} has no no-return memory", pos.game.key()));
    }
    for item in text.split(',') {
        let Some((at_text, from_text)) = item.split_once('<') else {
            return Err(format!("memory entry `{item}` is not `<point><<point>`"));
        };
        let at = parse_point(at_text).ok_or(format!("memory: bad point `{at_text}`"))?;
        let from = parse_point(from_text).ok_or(format!("memory: bad point `{from_text}`"))?;
        if pos.board[at].is_none() {
            return Err(format!("memory: no piece on {at_text}"));
        }
        if rank_of(at) != rank_of(from) || (file_of(at) - file_of(from)).abs() != 1 {
            return Err(format!(
                "memory: {from_text} is not a sideways neighbour of {at_text}"
            ));
        }
        if pos.memory[at].is_some() {
            return Err(format!("memory: {at_text} listed twice"));
        }
        pos.memory[at] = Some(from);
    }
    Ok(())
}

fn parse_huffable(pos: &mut RefPosition, text: &str) -> Result<(), String> {
    if text == "-" {
        return Ok(());
    }
    if pos.game != RefGame::Special {
        return Err(format!("{} has no huffing", pos.game.key()));
    }
    let mut points = Vec::new();
    for item in text.split(',') {
        let p = parse_point(item).ok_or(format!("huffable: bad point `{item}`"))?;
        match pos.board[p] {
            Some(piece) if piece.side != pos.side => {}
            _ => {
                return Err(format!(
                    "huffable: {item} is not a piece of the side that just moved"
                ))
            }
        }
        if points.contains(&p) {
            return Err(format!("huffable: {item} listed twice"));
        }
        points.push(p);
    }
    points.sort_unstable();
    pos.huffable = points;
    Ok(())
}

fn parse_counter(pos: &mut RefPosition, text: &str) -> Result<(), String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("counter `{text}` is not a number"));
    }
    let counter: u32 = text
        .parse()
        .map_err(|_| format!("counter `{text}` is not a number"))?;
    if counter > COUNTER_LIMIT {
        return Err(format!("counter {counter} is above {COUNTER_LIMIT}"));
    }
    if !pos.game.has_counter() && counter != 0 {
        return Err(format!("{} has no no-progress counter", pos.game.key()));
    }
    pos.counter = counter;
    Ok(())
}
