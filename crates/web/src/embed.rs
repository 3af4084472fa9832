//! Embedding in another site: the settings an `<iframe>` URL carries, and
//! the messages a host page may send through `postMessage`, each checked
//! with a specific error. Plain Rust, tested natively; the page glue reads
//! the URL, forwards messages and posts the answers.

use engine::search::Level;
use engine::{GameKind, Side};
use serde::{Deserialize, Serialize};

/// Who plays in an embedded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    Computer(Level),
    Friend,
    Watch,
    /// Join an online game by its code.
    Join(String),
    /// Watch an online game by its id.
    Spectate(String),
}

/// What an embedding URL asks for (`?embed&game=qirkat&opponent=easy`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Embed {
    pub game: GameKind,
    pub opponent: Opponent,
    pub side: Side,
    /// `light` or `dark`.
    pub theme: &'static str,
    /// Whether the rule book can be opened.
    pub rules: bool,
    /// Whether the preferences can be changed.
    pub settings: bool,
    /// Whether the game may make sounds (`sound=1`; off unless asked for).
    pub sound: bool,
    /// The host page's origin, allowed to send messages (the page's own
    /// origin always is).
    pub host: Option<String>,
    /// Tells several embedded games of one site apart (their saves).
    pub id: String,
    /// A tournament whose standings the frame shows (and posts to the
    /// host as they change), and the player whose games in it the host is
    /// told of.
    pub tournament: Option<String>,
    pub player: Option<String>,
}

/// A query parameter that does not make sense.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedError(pub String);

fn parse_opponent(value: &str) -> Result<Opponent, String> {
    if let Ok(level) = value.parse::<Level>() {
        return Ok(Opponent::Computer(level));
    }
    match value {
        "friend" => Ok(Opponent::Friend),
        "watch" => Ok(Opponent::Watch),
        _ => Err(format!(
            "unknown opponent {value:?} (a level, friend or watch)"
        )),
    }
}

fn parse_side(value: &str) -> Result<Side, String> {
    match value {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(format!("unknown side {value:?} (white or black)")),
    }
}

fn parse_game(value: &str) -> Result<GameKind, String> {
    value.parse().map_err(|_| format!("unknown game {value:?}"))
}

fn flag(value: &str) -> bool {
    !matches!(value, "0" | "false" | "no" | "off")
}

impl Embed {
    /// What to tell the console when the frame's events cannot reach the
    /// page around it: no `host` given, and that page (`parent`, as the
    /// frame's referrer names it) of another origin than the frame's own.
    pub fn missing_host(&self, own_origin: &str, parent: Option<&str>) -> Option<String> {
        let parent = parent.filter(|p| !p.is_empty() && *p != "null")?;
        if self.host.is_some() || parent == own_origin {
            return None;
        }
        // As a page's `encodeURIComponent` writes it.
        const COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
            .remove(b'-')
            .remove(b'_')
            .remove(b'.')
            .remove(b'!')
            .remove(b'~')
            .remove(b'*')
            .remove(b'\'')
            .remove(b'(')
            .remove(b')');
        let encoded = percent_encoding::utf8_percent_encode(parent, COMPONENT);
        Some(format!(
            "Alquerque: this frame posts its events to its own origin ({own_origin}), so the \
             page around it ({parent}) hears nothing and is not heard. Add \
             host={encoded} to the frame's address."
        ))
    }

    /// Reads a URL query (`?a=b&c`); `None` when it does not ask for
    /// embedding. Values are percent-decoded by the caller or plain.
    pub fn from_query(query: &str) -> Option<Result<Embed, EmbedError>> {
        let pairs: Vec<(&str, &str)> = query_pairs(query).collect();
        if !pairs.iter().any(|(k, _)| *k == "embed") {
            return None;
        }
        let mut embed = Embed {
            game: GameKind::Draughts(engine::DraughtsKind::Classic),
            opponent: Opponent::Computer(Level::Medium),
            side: Side::White,
            theme: "dark",
            rules: true,
            settings: true,
            sound: false,
            host: None,
            id: String::new(),
            tournament: None,
            player: None,
        };
        let mut read = || -> Result<(), String> {
            for &(key, value) in &pairs {
                match key {
                    "embed" => {}
                    "game" => embed.game = parse_game(value)?,
                    "opponent" => embed.opponent = parse_opponent(value)?,
                    "join" => embed.opponent = Opponent::Join(clean(value)),
                    "watch" => embed.opponent = Opponent::Spectate(clean(value)),
                    "side" => embed.side = parse_side(value)?,
                    "theme" => {
                        embed.theme = match value {
                            "light" => "light",
                            "dark" => "dark",
                            _ => return Err(format!("unknown theme {value:?} (light or dark)")),
                        }
                    }
                    "rules" => embed.rules = flag(value),
                    "settings" => embed.settings = flag(value),
                    "sound" => embed.sound = flag(value),
                    "host" => embed.host = Some(decode(value)),
                    "id" => embed.id = clean(value),
                    "tournament" => embed.tournament = Some(clean(value)).filter(|t| !t.is_empty()),
                    "player" => embed.player = Some(clean(value)).filter(|p| !p.is_empty()),
                    // Unknown parameters are left for the host's own use.
                    _ => {}
                }
            }
            Ok(())
        };
        Some(read().map(|()| embed).map_err(EmbedError))
    }

    /// The storage key of this embedded game's save.
    pub fn save_key(&self) -> String {
        let id = if self.id.is_empty() {
            self.game.as_str()
        } else {
            &self.id
        };
        format!("alquerque.embed.{id}")
    }
}

/// The `name=value` pairs of a URL query (`?a=b&c`), a bare name with an
/// empty value.
pub fn query_pairs(query: &str) -> impl Iterator<Item = (&str, &str)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

/// Letters, digits, dashes and underscores only, at most 32: a code, an id
/// or a name from a URL.
pub fn clean(value: &str) -> String {
    value
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(32)
        .collect()
}

/// Percent-decoding of an origin such as `https%3A%2F%2Fgames.example`.
fn decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(a), Some(b)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((a * 16 + b) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A message from the host page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostRequest {
    /// Start a new game (anything left out stays as it was).
    NewGame {
        game: Option<GameKind>,
        opponent: Option<Opponent>,
        side: Option<Side>,
    },
    /// Answer with the state.
    GetState,
    /// Wait for an opponent online, as a guest: in the pool of a game and
    /// time control (`quick`), or by a seek, which may name the side
    /// (`None` for either), whether rated and a rating range.
    Seek {
        quick: bool,
        game: GameKind,
        clock: Option<String>,
        side: Option<Side>,
        rated: bool,
        range: Option<(i32, i32)>,
    },
    /// Stop waiting for an opponent.
    Withdraw,
}

/// A message as the host sends it.
#[derive(Deserialize)]
struct Wire {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    clock: Option<String>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    range: Option<(i32, i32)>,
}

/// Why a host's message was refused: a stable code and words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HostError {
    pub code: &'static str,
    pub message: String,
}

/// The largest message read from a host, in bytes of JSON.
pub const MAX_HOST_MESSAGE: usize = 4096;

fn too_large() -> HostError {
    HostError {
        code: "too_large",
        message: format!("messages are at most {MAX_HOST_MESSAGE} bytes"),
    }
}

fn malformed() -> HostError {
    HostError {
        code: "malformed",
        message: "expected an object with a \"type\"".to_string(),
    }
}

/// Reads a host message (its JSON text).
pub fn read_request(text: &str) -> Result<HostRequest, HostError> {
    if text.len() > MAX_HOST_MESSAGE {
        return Err(too_large());
    }
    read_wire(serde_json::from_str(text).map_err(|_| malformed())?)
}

fn read_wire(wire: Wire) -> Result<HostRequest, HostError> {
    let invalid = |message: String| HostError {
        code: "invalid",
        message,
    };
    match wire.kind.as_str() {
        "alquerque:new-game" => Ok(HostRequest::NewGame {
            game: wire
                .game
                .as_deref()
                .map(parse_game)
                .transpose()
                .map_err(invalid)?,
            opponent: wire
                .opponent
                .as_deref()
                .map(parse_opponent)
                .transpose()
                .map_err(invalid)?,
            side: wire
                .side
                .as_deref()
                .map(parse_side)
                .transpose()
                .map_err(invalid)?,
        }),
        "alquerque:get-state" => Ok(HostRequest::GetState),
        "alquerque:withdraw" => Ok(HostRequest::Withdraw),
        kind @ ("alquerque:quick" | "alquerque:seek") => {
            let quick = kind == "alquerque:quick";
            let game = parse_game(wire.game.as_deref().unwrap_or_default()).map_err(invalid)?;
            let clock = match wire.clock {
                Some(clock) => Some(
                    clock
                        .parse::<online_play::TimeControl>()
                        .map_err(invalid)?
                        .to_string(),
                ),
                None if quick => return Err(invalid("a quick pairing needs a clock".into())),
                None => None,
            };
            let side = match wire.side.as_deref() {
                None | Some("random") => None,
                Some(side) => Some(parse_side(side).map_err(invalid)?),
            };
            if let Some((low, high)) = wire.range {
                if low > high || !(0..=4000).contains(&low) || !(0..=4000).contains(&high) {
                    return Err(invalid(
                        "a rating range is [low, high], from 0 to 4000".into(),
                    ));
                }
            }
            Ok(HostRequest::Seek {
                quick,
                game,
                clock,
                side,
                rated: wire.rated,
                range: wire.range,
            })
        }
        other => Err(HostError {
            code: "unknown_type",
            message: format!("unknown message type {other:?}"),
        }),
    }
}

/// The state reported to the host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    pub game: String,
    /// Every turn so far, in the game's notation.
    pub moves: Vec<String>,
    /// `white` or `black`, while the game goes on.
    pub to_move: Option<&'static str>,
    /// `1-0`, `0-1` or `1/2-1/2` once it is over.
    pub result: Option<String>,
    pub reason: Option<String>,
}

impl State {
    pub fn of(game: &engine::AnyGame) -> State {
        let outcome = game.outcome();
        State {
            game: game.kind().as_str().to_string(),
            moves: game.history(),
            to_move: outcome.is_none().then(|| match game.side_to_move() {
                Side::White => "white",
                Side::Black => "black",
            }),
            result: outcome.map(|o| o.result_text().to_string()),
            reason: outcome.map(|o| o.reason_text().to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::DraughtsKind;

    #[test]
    fn an_embedding_url_is_read() {
        assert_eq!(Embed::from_query("?game=qirkat"), None);
        let embed = Embed::from_query("?embed&game=qirkat&opponent=easy&side=black&theme=light&rules=0&host=https%3A%2F%2Fgames.example&id=left")
            .expect("an embed")
            .expect("valid");
        assert_eq!(embed.game, GameKind::Draughts(DraughtsKind::Qirkat));
        assert_eq!(embed.opponent, Opponent::Computer(Level::Easy));
        assert_eq!(embed.side, Side::Black);
        assert_eq!(embed.theme, "light");
        assert!(!embed.rules && embed.settings);
        assert!(!embed.sound, "silent unless asked");
        let loud = Embed::from_query("?embed&sound=1").expect("an embed");
        assert!(loud.expect("valid").sound);
        assert_eq!(embed.host.as_deref(), Some("https://games.example"));
        assert_eq!(embed.save_key(), "alquerque.embed.left");
        let online = Embed::from_query("embed=1&join=k7q-4mz<script>")
            .expect("an embed")
            .expect("valid");
        assert_eq!(online.opponent, Opponent::Join("k7q-4mzscript".to_string()));
        for bad in [
            "embed&game=chess",
            "embed&opponent=god",
            "embed&side=red",
            "embed&theme=pink",
        ] {
            let refused = Embed::from_query(bad).expect("an embed");
            assert!(refused.is_err(), "{bad}");
        }
    }

    #[test]
    fn host_messages_are_checked() {
        assert_eq!(
            read_request(r#"{"type":"alquerque:new-game","game":"turkish","opponent":"friend"}"#),
            Ok(HostRequest::NewGame {
                game: Some(GameKind::Draughts(DraughtsKind::Turkish)),
                opponent: Some(Opponent::Friend),
                side: None,
            })
        );
        assert_eq!(
            read_request(r#"{"type":"alquerque:get-state"}"#),
            Ok(HostRequest::GetState)
        );
        let code = |text: &str| read_request(text).map_err(|e| e.code);
        assert_eq!(code("not json"), Err("malformed"));
        assert_eq!(code("[1,2]"), Err("malformed"));
        assert_eq!(code(r#"{"type":"alquerque:explode"}"#), Err("unknown_type"));
        assert_eq!(
            code(r#"{"type":"alquerque:new-game","game":"go"}"#),
            Err("invalid")
        );
        assert_eq!(
            code(r#"{"type":"alquerque:new-game","side":7}"#),
            Err("malformed")
        );
        let big = format!(
            r#"{{"type":"alquerque:get-state","pad":"{}"}}"#,
            "x".repeat(5000)
        );
        assert_eq!(code(&big), Err("too_large"));
    }

    #[test]
    fn the_state_reports_moves_and_results() {
        let mut game = engine::AnyGame::new(GameKind::Draughts(DraughtsKind::Bell));
        let state = State::of(&game);
        assert_eq!((state.moves.len(), state.to_move), (0, Some("white")));
        let turn = game.entries()[0].turn;
        game.play(turn).expect("legal");
        game.resign(Side::Black).expect("resigns");
        let state = State::of(&game);
        assert_eq!(state.moves.len(), 1);
        assert_eq!(state.to_move, None);
        assert_eq!(state.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn a_frame_without_its_host_says_what_is_missing() {
        let embed = |query: &str| Embed::from_query(query).expect("embedded").expect("valid");
        let own = "https://games.example";
        let bare = embed("?embed&game=bell");
        let said = bare
            .missing_host(own, Some("https://club.example"))
            .expect("told");
        assert!(said.contains("host=https%3A%2F%2Fclub.example"), "{said}");
        // Nothing to say: the host given, the same origin, or no page known.
        let given = embed("?embed&host=https%3A%2F%2Fclub.example");
        assert_eq!(given.missing_host(own, Some("https://club.example")), None);
        assert_eq!(bare.missing_host(own, Some(own)), None);
        assert_eq!(bare.missing_host(own, None), None);
        assert_eq!(bare.missing_host(own, Some("")), None);
    }
}
