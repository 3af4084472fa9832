//! Share links, documented in docs/web.md and stable:
//! - `?review=<record line>` opens a whole game in review, and
//!   `?record=<record>` a whole record (with tags, as a file holds it);
//! - `?analysis=<game>&position=<position text>` opens a position on the
//!   analysis board, and `?analysis=<record line>&ply=<n>` a whole game
//!   there, at the position after `n` turns (by default its last);
//! - `?editor=<game>&position=<position text>` opens the board editor;
//! - `?puzzles=<game>` opens the game's puzzles;
//! - `?online=<game>&side=<white|black|random>[&suggestions=1][&clock=3%2B2]` creates an
//!   online game to play with a friend (the page then leaves the address).
//!
//! All are read and written here; a bad one is refused in words and the
//! page carries on. They are also how the light page opens what it leaves
//! to the whole app's module, which the page loads for them
//! ([`crate::ui::FULL_KEYS`]).

use engine::{AnyGame, GameKind, Playable};
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::embed::query_pairs;
use crate::t;

/// The query keys of the links read here.
pub const LINK_KEYS: [&str; 6] = [
    "review", "record", "analysis", "editor", "puzzles", "online",
];

/// What a share link opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// A game to review (its record line).
    Review(String),
    /// A whole record to review (its text).
    Record(String),
    /// A position to analyse.
    Analysis { game: GameKind, position: String },
    /// A game on the analysis board (its record line), at the position
    /// after `ply` turns.
    AnalysisLine { record: String, ply: usize },
    /// A position in the board editor.
    Editor { game: GameKind, position: String },
    /// A game's puzzles.
    Puzzles(GameKind),
    /// A new online game, the creator on `side` (`white`, `black` or
    /// `random`), with spectators' suggestions or not.
    Online {
        game: GameKind,
        side: String,
        suggestions: bool,
        /// The time control (`3+2`), if the game has clocks.
        clock: Option<String>,
    },
}

/// The characters a link leaves as they are besides letters and digits:
/// enough for record lines and position texts to stay readable.
const KEPT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~')
    .remove(b'/')
    .remove(b':');

pub(crate) fn decode(value: &str) -> String {
    percent_decode_str(&value.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

pub(crate) fn encode(value: &str) -> String {
    utf8_percent_encode(value, KEPT).to_string()
}

/// A game named in a link.
fn game_kind(name: &str) -> Result<GameKind, String> {
    name.trim()
        .parse()
        .map_err(|_| t!("link-bad-game", game = name.trim()))
}

/// The game a link's `position` sets up: the start without one.
fn set_up(kind: GameKind, position: &str) -> Result<AnyGame, String> {
    let position = position.trim();
    if position.is_empty() {
        return Ok(AnyGame::new(kind));
    }
    let rules = match kind {
        GameKind::Draughts(d) => Some(d.rules()),
        GameKind::Chesquerque => None,
    };
    AnyGame::from_position_text(rules, position)
        .map_err(|e| t!("link-bad-position", why = &e.to_string()))
}

/// A link to a position of `game` (`make` makes it from the game and the
/// position as the engine writes it), and the game set up there.
fn position_link(
    game: &str,
    position: &str,
    make: impl FnOnce(GameKind, String) -> Link,
) -> Result<(Link, AnyGame), String> {
    let kind = game_kind(game)?;
    let start = set_up(kind, position)?;
    let position = start.position_text();
    Ok((make(kind, position), start))
}

impl Link {
    /// The link a URL query (`?a=b&c`) names, if any: the link, or why it
    /// cannot be opened.
    pub fn from_query(query: &str) -> Option<Result<(Link, AnyGame), String>> {
        let value = |name: &str| {
            query_pairs(query)
                .find(|(key, _)| *key == name)
                .map(|(_, v)| decode(v))
        };
        let position = || value("position").unwrap_or_default();
        if let Some(record) = value("review") {
            return Some(Link::review(&record));
        }
        if let Some(text) = value("record") {
            return Some(
                crate::records::read(&text).map(|game| (Link::Record(text.clone()), game)),
            );
        }
        if let Some(game) = value("puzzles") {
            return Some(game_kind(&game).map(|kind| (Link::Puzzles(kind), AnyGame::new(kind))));
        }
        if let Some(game) = value("online") {
            return Some(game_kind(&game).map(|kind| {
                let link = Link::Online {
                    game: kind,
                    side: crate::embed::clean(&value("side").unwrap_or_default()),
                    suggestions: value("suggestions").as_deref() == Some("1"),
                    // Checked where the game is created (a control out of
                    // range makes a game without clocks).
                    clock: value("clock")
                        .map(|c| {
                            c.chars()
                                .filter(|c| c.is_ascii_digit() || *c == '+' || *c == 'd')
                                .take(5)
                                .collect()
                        })
                        .filter(|c: &String| !c.is_empty()),
                };
                (link, AnyGame::new(kind))
            }));
        }
        if let Some(game) = value("editor") {
            return Some(position_link(&game, &position(), |game, position| {
                Link::Editor { game, position }
            }));
        }
        let game = value("analysis")?;
        if game.trim().contains(char::is_whitespace) {
            let ply = value("ply");
            return Some(Link::review(&game).and_then(|(_, game)| {
                let ply = match ply {
                    None => game.ply(),
                    Some(n) => n
                        .trim()
                        .parse()
                        .ok()
                        .filter(|&n| n <= game.ply())
                        .ok_or_else(|| t!("link-bad-ply", ply = n.trim()))?,
                };
                let record = game.to_record_line();
                Ok((Link::AnalysisLine { record, ply }, game))
            }));
        }
        Some(position_link(&game, &position(), |game, position| {
            Link::Analysis { game, position }
        }))
    }

    /// A game to review from its record line (a link's, or one pasted).
    pub fn review(record: &str) -> Result<(Link, AnyGame), String> {
        let record = record.trim();
        AnyGame::from_record_line(record)
            .map(|game| (Link::Review(record.to_string()), game))
            .map_err(|e| t!("link-bad-record", why = &e.to_string()))
    }

    /// The link's query, from `?`.
    pub fn to_query(&self) -> String {
        match self {
            Link::Review(record) => format!("?review={}", encode(record)),
            Link::Record(text) => format!("?record={}", encode(text)),
            Link::Analysis { game, position } => {
                format!("?analysis={}&position={}", game.as_str(), encode(position))
            }
            Link::AnalysisLine { record, ply } => {
                format!("?analysis={}&ply={ply}", encode(record))
            }
            Link::Editor { game, position } => {
                format!("?editor={}&position={}", game.as_str(), encode(position))
            }
            Link::Puzzles(game) => format!("?puzzles={}", game.as_str()),
            Link::Online {
                game,
                side,
                suggestions,
                clock,
            } => {
                let mut query = format!("?online={}&side={}", game.as_str(), encode(side));
                if *suggestions {
                    query.push_str("&suggestions=1");
                }
                if let Some(clock) = clock {
                    query.push_str("&clock=");
                    query.push_str(&encode(clock));
                }
                query
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::DraughtsKind;

    #[test]
    fn a_review_link_round_trips_and_opens_its_game() {
        let record = "classic moves d3-c3 b3xd3";
        let link = Link::Review(record.to_string());
        let query = link.to_query();
        assert_eq!(query, "?review=classic%20moves%20d3-c3%20b3xd3");
        let (read, game) = Link::from_query(&query).expect("a link").expect("valid");
        assert_eq!(read, link);
        assert_eq!(game.to_record_line(), record);
        // As typed by hand: spaces as `+`, and other parameters around it.
        let (read, _) = Link::from_query("?lang=fr&review=classic+moves+d3-c3+b3xd3")
            .expect("a link")
            .expect("valid");
        assert_eq!(read, link);
    }

    #[test]
    fn analysis_and_editor_links_round_trip_for_every_game() {
        for kind in GameKind::ALL {
            let mut game = AnyGame::new(kind);
            let turn = game.entries()[0].turn;
            game.play(turn).expect("legal");
            let position = game.position_text();
            for link in [
                Link::Analysis {
                    game: kind,
                    position: position.clone(),
                },
                Link::Editor {
                    game: kind,
                    position: position.clone(),
                },
            ] {
                let (read, opened) = Link::from_query(&link.to_query())
                    .expect("a link")
                    .expect("valid");
                assert_eq!(read, link, "{kind:?}");
                assert_eq!(opened.position_text(), position);
                assert_eq!(opened.side_to_move(), game.side_to_move());
            }
        }
        // No position: the start.
        let (read, _) = Link::from_query("?analysis=turkish")
            .expect("a link")
            .expect("valid");
        let start = AnyGame::new(GameKind::Draughts(DraughtsKind::Turkish));
        assert_eq!(
            read,
            Link::Analysis {
                game: GameKind::Draughts(DraughtsKind::Turkish),
                position: start.position_text()
            }
        );
    }

    #[test]
    fn a_game_on_the_analysis_board_the_puzzles_and_an_online_game_round_trip() {
        let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
        for _ in 0..3 {
            let turn = game.entries()[0].turn;
            game.play(turn).expect("legal");
        }
        let record = game.to_record_line();
        let link = Link::AnalysisLine {
            record: record.clone(),
            ply: 1,
        };
        let query = link.to_query();
        assert_eq!(
            query,
            format!("?analysis={}&ply=1", record.replace(' ', "%20"))
        );
        let (read, game) = Link::from_query(&query).expect("a link").expect("valid");
        assert_eq!((read, game.to_record_line()), (link, record));
        // Without `ply`, the position after the last turn.
        let (read, _) = Link::from_query("?analysis=classic+moves+c2-c3")
            .expect("a link")
            .expect("valid");
        assert_eq!(
            read,
            Link::AnalysisLine {
                record: "classic moves c2-c3".to_string(),
                ply: 1
            }
        );

        for kind in GameKind::ALL {
            let (read, _) = Link::from_query(&Link::Puzzles(kind).to_query())
                .expect("a link")
                .expect("valid");
            assert_eq!(read, Link::Puzzles(kind));
            for (side, suggestions, clock) in [
                ("white", true, None),
                ("random", false, Some("3+2")),
                ("black", false, Some("14d")),
            ] {
                let link = Link::Online {
                    game: kind,
                    side: side.to_string(),
                    suggestions,
                    clock: clock.map(str::to_string),
                };
                let (read, _) = Link::from_query(&link.to_query())
                    .expect("a link")
                    .expect("valid");
                assert_eq!(read, link);
            }
        }
    }

    #[test]
    fn a_record_link_round_trips_with_its_tags_and_lines() {
        let text = "[Game \"classic\"]\n[White \"Ann & Bo\"]\n\n1. d3-c3 b3xd3 *\n";
        let link = Link::Record(text.to_string());
        let (read, game) = Link::from_query(&link.to_query())
            .expect("a link")
            .expect("valid");
        assert_eq!(read, link);
        assert_eq!(game.to_record_line(), "classic moves d3-c3 b3xd3");
        let refused = Link::from_query("?record=%5BGame+classic%5D")
            .expect("a link")
            .expect_err("refused");
        assert_eq!(
            refused,
            "Line 1 of the record is not a tag like [Name \"value\"]."
        );
    }

    #[test]
    fn a_bad_link_is_refused_in_words() {
        assert!(Link::from_query("?lang=fr").is_none());
        let bad = |q: &str| Link::from_query(q).expect("a link").expect_err("refused");
        assert!(bad("?review=chess+moves+e2-e4").starts_with("This record cannot be read"));
        assert!(bad("?review=classic+moves+c2-c4").starts_with("This record cannot be read"));
        assert!(bad("?analysis=chess").contains("chess"));
        assert!(bad("?analysis=classic&position=zzz").starts_with("This position cannot be set up"));
        assert_eq!(
            bad("?analysis=classic+moves+c2-c3&ply=2"),
            "The link asks for turn 2, which this game does not reach."
        );
        assert!(bad("?analysis=classic+moves+c2-c3&ply=x").contains("turn x"));
        assert!(bad("?analysis=classic+moves+c2-c5").starts_with("This record cannot be read"));
        assert!(bad("?editor=draughts").contains("draughts"));
        assert!(bad("?editor=bell&position=zzz").starts_with("This position cannot be set up"));
        assert!(bad("?puzzles=chess").contains("chess"));
        assert!(bad("?online=chess&side=white").contains("chess"));
    }
}
