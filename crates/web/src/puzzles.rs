//! Practice puzzles: positions where one turn wins, found by the engine in
//! its own games (`alquerque puzzles`, docs/puzzles.md). Each game's set is
//! a text file fetched when first opened; the person's progress is kept in
//! storage as the puzzles solved and failed.

use std::collections::BTreeSet;

use engine::{AnyGame, GameKind};

use crate::t;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub position: String,
    /// The winning turn as the move list writes it, and the line after it.
    pub best: String,
    pub line: Vec<String>,
    /// "capture", "quiet", "endgame", "mate"…
    pub theme: String,
}

impl Puzzle {
    /// The game at the puzzle's position.
    pub fn game(&self, kind: GameKind) -> Result<AnyGame, String> {
        let rules = match kind {
            GameKind::Draughts(d) => Some(d.rules()),
            GameKind::Chesquerque => None,
        };
        AnyGame::from_position_text(rules, &self.position).map_err(|e| e.to_string())
    }
}

/// Reads a set: comment lines start with `#`; each other line is a
/// puzzle's tab-separated fields (position, best turn, line, theme, and
/// figures the page does not need). A line that cannot be read is an error
/// naming it.
pub fn parse(kind: GameKind, text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let bad = || t!("puzzles-bad-line", line = i + 1);
        let [position, best, after, theme, ..] = fields[..] else {
            return Err(bad());
        };
        let puzzle = Puzzle {
            position: position.to_string(),
            best: best.to_string(),
            line: engine::notation::split_turns(after),
            theme: theme.to_string(),
        };
        // The position must be one of this game's, and the turn legal in it.
        let game = puzzle.game(kind).map_err(|_| bad())?;
        game.parse(&puzzle.best).map_err(|_| bad())?;
        puzzles.push(puzzle);
    }
    if puzzles.is_empty() {
        return Err(t!("puzzles-none"));
    }
    Ok(puzzles)
}

/// The person's progress over every game's puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    solved: BTreeSet<(String, usize)>,
    failed: BTreeSet<(String, usize)>,
}

impl Progress {
    /// Progress as stored: `classic:+0,-3,+7;turkish:+1`. Anything
    /// unreadable is skipped.
    pub fn from_text(text: &str) -> Progress {
        let mut progress = Progress::default();
        for part in text.split(';') {
            let Some((game, marks)) = part.split_once(':') else {
                continue;
            };
            for mark in marks.split(',') {
                let (set, number) = match mark.split_at_checked(1) {
                    Some(("+", n)) => (&mut progress.solved, n),
                    Some(("-", n)) => (&mut progress.failed, n),
                    _ => continue,
                };
                if let Ok(n) = number.parse() {
                    set.insert((game.to_string(), n));
                }
            }
        }
        progress
    }

    pub fn to_text(&self) -> String {
        let mut games: Vec<&str> = self
            .solved
            .iter()
            .chain(&self.failed)
            .map(|(g, _)| g.as_str())
            .collect();
        games.sort();
        games.dedup();
        games
            .iter()
            .map(|game| {
                let marks: Vec<String> = self
                    .solved
                    .iter()
                    .filter(|(g, _)| g == game)
                    .map(|(_, n)| format!("+{n}"))
                    .chain(
                        self.failed
                            .iter()
                            .filter(|(g, _)| g == game)
                            .map(|(_, n)| format!("-{n}")),
                    )
                    .collect();
                format!("{game}:{}", marks.join(","))
            })
            .collect::<Vec<_>>()
            .join(";")
    }

    /// A puzzle answered: solved, or failed (a puzzle solved once stays
    /// solved).
    pub fn answer(&mut self, kind: GameKind, index: usize, right: bool) {
        let key = (kind.as_str().to_string(), index);
        if right {
            self.failed.remove(&key);
            self.solved.insert(key);
        } else if !self.solved.contains(&key) {
            self.failed.insert(key);
        }
    }

    pub fn solved(&self, kind: GameKind, index: usize) -> bool {
        self.solved.contains(&(kind.as_str().to_string(), index))
    }

    /// How many of a game's puzzles are solved.
    pub fn solved_in(&self, kind: GameKind) -> usize {
        self.solved
            .iter()
            .filter(|(g, _)| g == kind.as_str())
            .count()
    }

    /// The first puzzle after `from` (wrapping round) not yet solved, else
    /// the one after `from`.
    pub fn next(&self, kind: GameKind, from: Option<usize>, total: usize) -> usize {
        if total == 0 {
            return 0;
        }
        let start = from.map_or(0, |f| f + 1);
        (0..total)
            .map(|i| (start + i) % total)
            .find(|&i| !self.solved(kind, i))
            .unwrap_or(start % total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::DraughtsKind;

    const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);

    #[test]
    fn a_set_is_read_and_a_bad_line_named() {
        let text = "# made by hand\n1w2b/5/1b2b/4b/b3w b - - 1\te5-d5\tb1-c1 d5-e4\tquiet\t999990\t999000\n";
        let puzzles = parse(CLASSIC, text).expect("readable");
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].best, "e5-d5");
        assert_eq!(puzzles[0].line, ["b1-c1", "d5-e4"]);
        let bad = format!("{text}5/5/5/5/5 w\tc2-c3\t\tquiet\n");
        assert_eq!(
            parse(CLASSIC, &bad),
            Err("Puzzle line 3 cannot be read.".into())
        );
        let illegal = "1w2b/5/1b2b/4b/b3w b - - 1\ta1-a2\t\tquiet\n";
        assert!(parse(CLASSIC, illegal).is_err());
        assert_eq!(
            parse(CLASSIC, "# nothing\n"),
            Err("There are no puzzles here.".into())
        );
    }

    #[test]
    fn progress_round_trips_and_a_solved_puzzle_stays_solved() {
        let mut progress = Progress::default();
        progress.answer(CLASSIC, 3, false);
        progress.answer(CLASSIC, 0, true);
        progress.answer(GameKind::Chesquerque, 7, true);
        progress.answer(CLASSIC, 0, false);
        assert!(progress.solved(CLASSIC, 0));
        assert_eq!(progress.solved_in(CLASSIC), 1);
        let text = progress.to_text();
        assert_eq!(text, "chesquerque:+7;classic:+0,-3");
        assert_eq!(Progress::from_text(&text), progress);
        // Solving a failed one moves it.
        progress.answer(CLASSIC, 3, true);
        assert_eq!(progress.to_text(), "chesquerque:+7;classic:+0,+3");
        assert_eq!(Progress::from_text("junk;classic:+x,+2,?"), {
            let mut p = Progress::default();
            p.answer(CLASSIC, 2, true);
            p
        });
    }

    #[test]
    fn the_next_puzzle_is_the_first_unsolved_after_this_one() {
        let mut progress = Progress::default();
        assert_eq!(progress.next(CLASSIC, None, 3), 0);
        progress.answer(CLASSIC, 0, true);
        progress.answer(CLASSIC, 2, true);
        assert_eq!(progress.next(CLASSIC, None, 3), 1);
        assert_eq!(progress.next(CLASSIC, Some(1), 3), 1, "only 1 is left");
        progress.answer(CLASSIC, 1, true);
        assert_eq!(
            progress.next(CLASSIC, Some(1), 3),
            2,
            "all solved: the next"
        );
    }
}
