//! What other processes sharing the database say, as notifications:
//! the events they stored, what they say of their games (who is connected,
//! what spectators suggest), and chat; read back as [`Hint`]s.

use online_play::EventBody;

use crate::games::live::Saying;

/// The channel of the hints `game v [events]` that a game has events up to
/// `v`, and which they are when they fit in the notification.
pub(super) const CHANNEL: &str = "alquerque_events";
/// The channel of what a process says of games: `process`, then a line
/// `game saying` for each (its [`Saying`], as JSON).
pub(super) const PRESENCE: &str = "alquerque_presence";
/// The channel of chat messages, passed on to every process (and kept
/// nowhere): `process`, `game`, the role that said it, then the text, a
/// line each.
pub(super) const CHAT: &str = "alquerque_chat";
/// The channel that says the lobby's seeks changed: the process whose
/// change it was.
pub(super) const LOBBY: &str = "alquerque_lobby";

/// What the other processes have stored, as the notifications say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Game `game` has events up to version `v`; the last of them, when
    /// they fit in the notification.
    Stored {
        game: String,
        v: u64,
        events: Option<Vec<EventBody>>,
    },
    /// The notifications' connection was (re)made: hints may have been
    /// missed meanwhile.
    Listening,
    /// What server process `process` says of some games.
    Said {
        process: String,
        sayings: Vec<(String, Saying)>,
    },
    /// The lobby's seeks changed through process `process`.
    Lobby { process: String },
    /// A chat message said in `game` through process `process`.
    Chat {
        process: String,
        game: String,
        from: online_play::Role,
        text: String,
    },
}

impl Hint {
    /// A hint from a notification on `channel`, if it reads as one.
    pub(super) fn read(channel: &str, payload: &str) -> Option<Hint> {
        if channel == CHANNEL {
            let mut words = payload.splitn(3, ' ');
            let game = words.next()?.to_string();
            let v = words.next()?.parse().ok()?;
            let events = match words.next() {
                Some(json) => Some(serde_json::from_str(json).ok()?),
                None => None,
            };
            return Some(Hint::Stored { game, v, events });
        }
        if channel == LOBBY {
            return Some(Hint::Lobby {
                process: payload.to_string(),
            });
        }
        if channel == CHAT {
            let mut lines = payload.splitn(4, '\n');
            let process = lines.next()?.to_string();
            let game = lines.next()?.to_string();
            let from = serde_json::from_value(serde_json::Value::from(lines.next()?)).ok()?;
            let text = lines.next()?.to_string();
            return Some(Hint::Chat {
                process,
                game,
                from,
                text,
            });
        }
        let mut lines = payload.split('\n');
        let process = lines.next()?.to_string();
        let sayings = lines
            .map(|line| {
                let (game, json) = line.split_once(' ')?;
                Some((game.to_string(), serde_json::from_str(json).ok()?))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Hint::Said { process, sayings })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_to_the_lobby_names_its_process() {
        assert_eq!(
            Hint::read(LOBBY, "p7"),
            Some(Hint::Lobby {
                process: "p7".into()
            })
        );
    }

    #[test]
    fn hints_read_back_what_was_sent() {
        assert_eq!(
            Hint::read(CHANNEL, "g1 12"),
            Some(Hint::Stored {
                game: "g1".into(),
                v: 12,
                events: None
            })
        );
        let moved = EventBody::Moved {
            ply: 3,
            turn: "c2-c3".into(),
        };
        let payload = format!(
            "g1 12 [{}]",
            crate::storage::sqlite::event_text(&moved).expect("JSON")
        );
        assert_eq!(
            Hint::read(CHANNEL, &payload),
            Some(Hint::Stored {
                game: "g1".into(),
                v: 12,
                events: Some(vec![moved])
            })
        );
        let saying = Saying {
            online: [1, 0],
            watchers: 3,
            ply: 4,
            suggestions: vec![("c2-c3".into(), 2), ("b2xb4xd4".into(), 1)],
        };
        let json = serde_json::to_string(&saying).expect("JSON");
        let payload = format!("p7\ng1 {json}\ng2 {json}");
        assert_eq!(
            Hint::read(PRESENCE, &payload),
            Some(Hint::Said {
                process: "p7".into(),
                sayings: vec![("g1".into(), saying.clone()), ("g2".into(), saying)]
            })
        );
        // Whatever does not read as a hint is ignored.
        for junk in ["p7\ng1", "p7\ng1 x", "p7\ng1 {\"online\":[1]}"] {
            assert_eq!(Hint::read(PRESENCE, junk), None, "{junk:?}");
        }
        for junk in ["", "g1", "g1 x", "g1 1 [", "g1 1 [{}]"] {
            assert_eq!(Hint::read(CHANNEL, junk), None, "{junk:?}");
        }
        // Chat: its text may hold anything but a line break.
        assert_eq!(
            Hint::read(CHAT, "p7\ng1\nspectator\nwell: played"),
            Some(Hint::Chat {
                process: "p7".into(),
                game: "g1".into(),
                from: online_play::Role::Spectator,
                text: "well: played".into()
            })
        );
        for junk in ["p7", "p7\ng1", "p7\ng1\nreferee\nhi", "p7\ng1\nwhite"] {
            assert_eq!(Hint::read(CHAT, junk), None, "{junk:?}");
        }
    }
}
