//! Opening books: for each position of a game's first plies, every legal
//! turn with the score a deep search gave it, for the side to move.
//! `alquerque book` builds them (docs/book.md); [`builtin`] holds the books
//! that ship with the computer player.
//!
//! A book is text, one position a line: the position text, then a tab and
//! `turn score` for each turn, best first, tab-separated. A score is in
//! hundredths of a man, or beyond ±900 000 a forced result (as
//! [`Score`](crate::search::Score)).

use alloc::vec::Vec;
use core::fmt;

use crate::kind::DraughtsKind;

/// One position of a book and its scored turns, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    pub position: &'a str,
    pub turns: Vec<(&'a str, i32)>,
}

impl Entry<'_> {
    /// The turn with the highest score (the first of equals), and its
    /// score.
    pub fn best(&self) -> Option<(&str, i32)> {
        let mut best: Option<(&str, i32)> = None;
        for &(turn, score) in &self.turns {
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((turn, score));
            }
        }
        best
    }
}

/// A line of a book that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    pub line: usize,
    pub why: &'static str,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

/// A book read from its text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book<'a> {
    entries: Vec<Entry<'a>>,
}

impl<'a> Book<'a> {
    /// Reads a book. Lines starting with `#` and blank lines are skipped.
    pub fn parse(text: &'a str) -> Result<Book<'a>, BookError> {
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |why| BookError { line: i + 1, why };
            let mut fields = line.split('\t');
            let position = fields.next().filter(|p| !p.is_empty());
            let position = position.ok_or(error("no position"))?;
            let mut turns = Vec::new();
            for field in fields {
                // A turn may hold spaces (a huff and then a move); the score
                // is the last word.
                let (turn, score) = field
                    .rsplit_once(' ')
                    .ok_or(error("a turn without a score"))?;
                let score = score
                    .parse()
                    .map_err(|_| error("a score that is not a number"))?;
                turns.push((turn, score));
            }
            if turns.is_empty() {
                return Err(error("a position without turns"));
            }
            entries.push(Entry { position, turns });
        }
        Ok(Book { entries })
    }

    pub fn entries(&self) -> &[Entry<'a>] {
        &self.entries
    }

    /// The book's entry for a position, by its position text.
    pub fn get(&self, position: &str) -> Option<&Entry<'a>> {
        self.entries.iter().find(|e| e.position == position)
    }
}

/// The text of the book that ships for `game`, if it has one.
pub fn builtin_text(game: DraughtsKind) -> Option<&'static str> {
    match game {
        DraughtsKind::Classic => Some(include_str!("../book/classic.book")),
        DraughtsKind::Special => Some(include_str!("../book/special.book")),
        DraughtsKind::Qirkat => Some(include_str!("../book/qirkat.book")),
        DraughtsKind::Bell => Some(include_str!("../book/bell.book")),
        DraughtsKind::Turkish => None,
    }
}

/// The book that ships for `game`, if it has one and it reads.
pub fn builtin(game: DraughtsKind) -> Option<Book<'static>> {
    builtin_text(game).and_then(|text| Book::parse(text).ok())
}

/// The shipped book's best turn for `game`'s position, and its score,
/// when the game has a book that knows the position.
pub fn best_turn(game: &crate::AnyGame) -> Option<(crate::AnyTurn, i32)> {
    let crate::GameKind::Draughts(kind) = game.kind() else {
        return None;
    };
    let book = builtin(kind)?;
    let entry = book.get(&crate::Playable::position_text(game))?;
    let (best, score) = entry.best()?;
    let turn = game.parse(best).ok()?;
    Some((turn, score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_reads_its_lines_and_names_a_bad_one() {
        let text = "# a comment\n\na b c\tx-y 10\tz-w 30\n";
        let book = Book::parse(text).expect("a book");
        let entry = book.get("a b c").expect("the entry");
        assert_eq!(entry.turns, [("x-y", 10), ("z-w", 30)]);
        assert_eq!(entry.best(), Some(("z-w", 30)));
        assert!(book.get("a b").is_none());
        assert_eq!(
            Book::parse("p\tx-y ten").map(|_| ()),
            Err(BookError {
                line: 1,
                why: "a score that is not a number"
            })
        );
        assert!(Book::parse("p\n").is_err());
        assert!(Book::parse("p\tx-y").is_err());
    }
}
