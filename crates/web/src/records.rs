//! Game records with tags, to copy, download and read back: the game, the
//! date, the players and the result as `[Name "value"]` lines, then the
//! numbered turns and the result, as draughts and chess players keep them.
//!
//! ```text
//! [Game "classic"]
//! [Date "2026.11.25"]
//! [White "You"]
//! [Black "Computer (Hard)"]
//! [Result "1-0"]
//!
//! 1. d3-c3 b3xd3 2. e2xc4 …  1-0
//! ```
//!
//! `Option` and `Position` tags carry a rule option and a start other than
//! the usual one. Reading takes any order of tags, skips `{…}` comments,
//! move numbers and the result, and replays the turns; a plain record line
//! (`classic moves d3-c3 b3xd3`) is read too.

use engine::AnyGame;

use crate::t;

/// The tags a record is written with besides the game's own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// `YYYY.MM.DD`.
    pub date: String,
    pub white: String,
    pub black: String,
}

fn quote(value: &str) -> String {
    let clean: String = value
        .chars()
        .map(|c| if c == '"' || c == '\n' { '\'' } else { c })
        .collect();
    format!("\"{clean}\"")
}

/// The game's record with `tags`.
pub fn write(game: &AnyGame, tags: &Tags) -> String {
    let line = game.to_record_line();
    let head = line.split(" moves ").next().unwrap_or_default();
    let mut words = head.split_ascii_whitespace();
    let kind = words.next().unwrap_or_default();
    let mut options = Vec::new();
    let mut position = None;
    while let Some(word) = words.next() {
        match word {
            "option" => options.extend(words.next()),
            "position" => {
                position = Some(words.by_ref().collect::<Vec<_>>().join(" "));
            }
            _ => {}
        }
    }
    let result = game.outcome().map_or("*", |o| o.result_text());
    let mut out = format!("[Game {}]\n", quote(kind));
    for option in options {
        out.push_str(&format!("[Option {}]\n", quote(option)));
    }
    out.push_str(&format!("[Date {}]\n", quote(&tags.date)));
    out.push_str(&format!("[White {}]\n", quote(&tags.white)));
    out.push_str(&format!("[Black {}]\n", quote(&tags.black)));
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if let Some(outcome) = game.outcome() {
        out.push_str(&format!("[Termination {}]\n", quote(outcome.reason_text())));
    }
    if let Some(position) = position {
        out.push_str(&format!("[Position {}]\n", quote(&position)));
    }
    out.push('\n');
    let mut start = game.clone();
    while start.undo() {}
    let black_first = start.side_to_move() == engine::Side::Black;
    let mut line = String::new();
    for (i, turn) in game.history().iter().enumerate() {
        let ply = i + usize::from(black_first);
        if ply % 2 == 0 {
            line.push_str(&format!("{}. ", ply / 2 + 1));
        } else if i == 0 {
            line.push_str(&format!("{}... ", ply / 2 + 1));
        }
        line.push_str(turn);
        line.push(' ');
    }
    line.push_str(result);
    // Lines of at most about 80 characters.
    let mut width = 0;
    for word in line.split(' ') {
        if width > 0 && width + word.len() > 78 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
    out
}

/// A record read back: the game, or why it cannot be read, in words.
pub fn read(text: &str) -> Result<AnyGame, String> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if !text.starts_with('[') {
        return AnyGame::from_record_line(text)
            .map_err(|e| t!("link-bad-record", why = &e.to_string()));
    }
    let (tags, movetext) =
        engine::record::split_record(text).map_err(|line| t!("record-bad-tag", line = line))?;
    let tag = |name: &'static str| tags.iter().filter(move |(n, _)| n == name).map(|(_, v)| v);
    let game = tag("Game").next().ok_or_else(|| t!("record-no-game"))?;
    // The result the rules give is the game's to find again from its
    // turns; one they do not give was declared (below).
    let (turns, _) = engine::record::movetext_turns(&movetext);
    let mut line = game.clone();
    for option in tag("Option") {
        line.push_str(&format!(" option {option}"));
    }
    if let Some(position) = tag("Position").next() {
        line.push_str(&format!(" position {position}"));
    }
    if !turns.is_empty() {
        line.push_str(" moves ");
        line.push_str(&turns);
    }
    let mut game = AnyGame::from_record_line(&line)
        .map_err(|e| t!("link-bad-record", why = &e.to_string()))?;
    // A result the turns do not reach was declared: a resignation or a draw
    // agreed, unless the record names another ending.
    if game.outcome().is_none() {
        let termination = tag("Termination").next().map(String::as_str);
        let declared = |reason: &str| termination.is_none_or(|t| t == reason);
        let _ = match tag("Result").next().map(String::as_str) {
            Some("1-0") if declared("resignation") => game.resign(engine::Side::Black),
            Some("0-1") if declared("resignation") => game.resign(engine::Side::White),
            Some("1/2-1/2") if declared("agreement") => game.agree_draw(),
            _ => Ok(()),
        };
    }
    Ok(game)
}

/// The players a record names (its `White` and `Black` tags), if it names
/// both.
pub fn players(text: &str) -> Option<[String; 2]> {
    let (tags, _) = engine::record::split_record(text.trim_start_matches('\u{feff}')).ok()?;
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.trim().is_empty() && v != "?")
    };
    Some([tag("White")?, tag("Black")?])
}

/// A file name for a game's record or picture: `classic-2026-11-25`.
pub fn file_name(game: &AnyGame, date: &str) -> String {
    format!("{}-{}", game.kind().as_str(), date.replace('.', "-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{DraughtsKind, GameKind};

    fn tags() -> Tags {
        Tags {
            date: "2026.11.25".into(),
            white: "Ann \"the bold\"".into(),
            black: "Computer (Hard)".into(),
        }
    }

    /// A game of `n` turns of each kind, chosen to vary.
    fn played(kind: GameKind, n: usize) -> AnyGame {
        let mut game = AnyGame::new(kind);
        for i in 0..n {
            let entries = game.entries();
            if entries.is_empty() {
                break;
            }
            let turn = entries[(i * 7) % entries.len()].turn;
            game.play(turn).expect("legal");
        }
        game
    }

    #[test]
    fn every_games_record_reads_back_as_the_same_game() {
        for kind in GameKind::ALL {
            let game = played(kind, 30);
            let text = write(&game, &tags());
            assert!(
                text.starts_with(&format!("[Game \"{}\"]\n", kind.as_str())),
                "{text}"
            );
            assert!(text.contains("[Date \"2026.11.25\"]"));
            assert!(text.contains("[White \"Ann 'the bold'\"]"), "{text}");
            assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
            let back = read(&text).unwrap_or_else(|e| panic!("{kind:?}: {e}\n{text}"));
            assert_eq!(back.to_record_line(), game.to_record_line(), "{kind:?}");
        }
    }

    #[test]
    fn a_finished_game_carries_its_result_and_a_position_its_start() {
        let mut game = played(GameKind::Draughts(DraughtsKind::Classic), 6);
        game.resign(engine::Side::Black).expect("resigned");
        let text = write(&game, &tags());
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.trim_end().ends_with("1-0"), "{text}");
        let position = "1w2b/5/1b2b/4b/b3w b - - 1";
        let rules = DraughtsKind::Classic.rules();
        let mut from = AnyGame::from_position_text(Some(rules), position).expect("valid");
        let turn = from.entries()[0].turn;
        from.play(turn).expect("legal");
        let text = write(&from, &tags());
        assert!(
            text.contains(&format!("[Position \"{position}\"]")),
            "{text}"
        );
        assert!(text.contains("\n1... "), "Black moved first: {text}");
        let back = read(&text).expect("readable");
        assert_eq!(back.to_record_line(), from.to_record_line());
    }

    #[test]
    fn a_declared_ending_and_the_players_come_back_from_the_record() {
        let kind = GameKind::Draughts(DraughtsKind::Bell);
        for (loser, result) in [(engine::Side::White, "0-1"), (engine::Side::Black, "1-0")] {
            let mut game = played(kind, 3);
            game.resign(loser).expect("resigned");
            let text = write(&game, &tags());
            let back = read(&text).expect("readable");
            assert_eq!(back.outcome(), game.outcome(), "{text}");
            assert_eq!(back.outcome().map(|o| o.result_text()), Some(result));
            assert_eq!(back.ply(), 3);
        }
        let mut drawn = played(kind, 4);
        drawn.agree_draw().expect("agreed");
        let back = read(&write(&drawn, &tags())).expect("readable");
        assert_eq!(back.outcome(), drawn.outcome());
        // A game in play stays in play; an ending the record names but the
        // turns do not reach is not taken for a resignation.
        let open = played(kind, 3);
        assert_eq!(
            read(&write(&open, &tags())).expect("readable").outcome(),
            None
        );
        let timed =
            "[Game \"bell\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. d3-c3 1-0";
        assert_eq!(read(timed).expect("readable").outcome(), None);
        assert_eq!(
            players(&write(&open, &tags())),
            Some(["Ann 'the bold'".to_string(), "Computer (Hard)".to_string()])
        );
        assert_eq!(
            players("[Game \"bell\"]\n[White \"?\"]\n[Black \"Bo\"]"),
            None
        );
        assert_eq!(players("bell moves d3-c3"), None);
    }

    #[test]
    fn records_from_elsewhere_are_read_and_bad_ones_refused_in_words() {
        let text = "[Event \"Club night\"]\r\n[Game \"qirkat\"]\r\n[Option \"no_return=off\"]\r\n\r\n1. d3-c3 {a usual start} b3xd3 2. e3xc3 *\r\n";
        let game = read(text).expect("readable");
        assert_eq!(game.ply(), 3);
        assert!(game.to_record_line().contains("option no_return=off"));
        // A plain record line.
        assert_eq!(
            read("classic moves d3-c3 b3xd3").expect("readable").ply(),
            2
        );
        assert_eq!(
            read("[Game classic]").expect_err("refused"),
            "Line 1 of the record is not a tag like [Name \"value\"]."
        );
        assert_eq!(
            read("[White \"Ann\"]\n\n1. d3-c3").expect_err("refused"),
            "The record does not say which game it is (a [Game \"…\"] tag)."
        );
        assert!(read("[Game \"classic\"]\n\n1. d3-c4")
            .expect_err("refused")
            .starts_with("This record cannot be read"));
        assert!(read("[Game \"chess\"]").is_err());
    }
}
