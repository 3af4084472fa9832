//! Share links, documented in docs/web.md and stable:
//! `?review=<record line>` opens a whole game in review, and
//! `?analysis=<game>&position=<position text>` opens a position on the
//! analysis board. Both are read and written here; a bad one is refused in
//! words and the page carries on.

use engine::{AnyGame, GameKind, Playable};
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::embed::query_pairs;
use crate::t;

/// What a share link opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// A game to review (its record line).
    Review(String),
    /// A position to analyse.
    Analysis { game: GameKind, position: String },
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

fn decode(value: &str) -> String {
    percent_decode_str(&value.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

fn encode(value: &str) -> String {
    utf8_percent_encode(value, KEPT).to_string()
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
        if let Some(record) = value("review") {
            return Some(Link::review(&record));
        }
        let game = value("analysis")?;
        Some((|| {
            let kind: GameKind = game
                .trim()
                .parse()
                .map_err(|_| t!("link-bad-game", game = game.trim()))?;
            let position = value("position").unwrap_or_default();
            let position = position.trim();
            let start = if position.is_empty() {
                AnyGame::new(kind)
            } else {
                let rules = match kind {
                    GameKind::Draughts(d) => Some(d.rules()),
                    GameKind::Chesquerque => None,
                };
                AnyGame::from_position_text(rules, position)
                    .map_err(|e| t!("link-bad-position", why = &e.to_string()))?
            };
            let position = start.position_text();
            Ok((
                Link::Analysis {
                    game: kind,
                    position,
                },
                start,
            ))
        })())
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
            Link::Analysis { game, position } => {
                format!("?analysis={}&position={}", game.as_str(), encode(position))
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
    fn an_analysis_link_round_trips_for_every_game() {
        for kind in GameKind::ALL {
            let mut game = AnyGame::new(kind);
            let turn = game.entries()[0].turn;
            game.play(turn).expect("legal");
            let link = Link::Analysis {
                game: kind,
                position: game.position_text(),
            };
            let (read, opened) = Link::from_query(&link.to_query())
                .expect("a link")
                .expect("valid");
            assert_eq!(read, link, "{kind:?}");
            assert_eq!(opened.position_text(), game.position_text());
            assert_eq!(opened.side_to_move(), game.side_to_move());
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
    fn a_bad_link_is_refused_in_words() {
        assert!(Link::from_query("?lang=fr").is_none());
        let bad = |q: &str| Link::from_query(q).expect("a link").expect_err("refused");
        assert!(bad("?review=chess+moves+e2-e4").starts_with("This record cannot be read"));
        assert!(bad("?review=classic+moves+c2-c4").starts_with("This record cannot be read"));
        assert!(bad("?analysis=chess").contains("chess"));
        assert!(bad("?analysis=classic&position=zzz").starts_with("This position cannot be set up"));
    }
}
