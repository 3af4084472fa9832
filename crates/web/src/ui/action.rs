//! Everything that can happen to the page, as one type: a press on a
//! control, a pointer or key on the board, a timer, the computer's reply, a
//! host page's message. The page turns each event into an [`Action`] at its
//! edge; `data-action` names are read here, once, and an unknown one is an
//! error.

use engine::chesquerque::Role as ChessRole;
use engine::search::Level;
use engine::{GameKind, Side};

use super::{ChatButton, EditorButton, LinesButton, LobbyButton, PuzzleButton, SafetyButton};
use crate::embed::{Embed, EmbedError};
use crate::i18n::Lang;
use crate::keyboard::role_name;
use crate::online_state::Seat;
use crate::save::Prefs;
use crate::worker::Reply;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The page has loaded: what it found in storage and in its address.
    Boot(Box<Boot>),
    /// A control with a `data-action` was pressed.
    Press(Button),
    /// The browser went Back or Forward to an address (its query).
    Address(String),
    /// A language was chosen from the menu (its code).
    Language(String),
    /// A language's catalog was fetched (its text), or could not be.
    LanguageLoaded {
        lang: Lang,
        text: Result<String, String>,
    },
    /// The preferences were changed (all but the board's turn, which
    /// has its own control).
    Prefs(Prefs),
    /// A new pause between the computer's moves while watching.
    WatchDelay(u32),
    /// A pointer, a key, the focus or an animation frame on the board
    /// ([`super::BoardMsg`]).
    Board(super::BoardMsg),
    /// A timer started by [`super::Effect::StartTimer`] went off.
    Timer(super::Timer),
    /// The computer's worker answered.
    Reply(Reply),
    /// What only the whole app has: its socket, its server, its host page
    /// ([`super::FullAction`]).
    Full(super::FullAction),
}

/// What the page found when it loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct Boot {
    /// Stored preferences and results (text as stored).
    pub prefs: Option<String>,
    pub stats: Option<String>,
    /// The saved game under [`save_key`]'s key.
    pub saved: Option<String>,
    /// The online seat a link names, else the stored one.
    pub seat: Option<Seat>,
    /// The stored online seat (an embedded page joins with it again).
    pub stored_seat: Option<Seat>,
    /// What an embedding URL asks for.
    pub embed: Option<Result<Embed, EmbedError>>,
    /// Whether the browser keeps storage here.
    pub storage: bool,
    /// The guest's name and the seats kept from pairings, as stored.
    pub guest: Option<String>,
    pub seats: Option<String>,
    /// The signed-in account's name, as last known.
    pub account: Option<String>,
    /// Whether bots are welcome in quick pairing, as stored.
    pub bots: Option<String>,
    /// The page's address query (`?…`, or nothing).
    pub query: String,
    /// The history's entry was written by the page (a reload, or Back
    /// from another page): the bare address is the home screen then, not
    /// a first visit that opens the game in progress.
    pub revisit: bool,
    /// Seeds the page's randomness (new games' seeds).
    pub seed: u64,
    /// The person asked for reduced motion.
    pub reduced_motion: bool,
    /// 128 bits from the browser's random source, for the seat token of a
    /// friend joining by code.
    pub token_words: [u32; 4],
    /// The language the link asks for (`?lang=`), the one chosen before,
    /// and the browser's preferred languages.
    pub lang_query: Option<String>,
    /// The page's address query, when it holds a share link
    /// (`?review=…`, `?analysis=…`).
    pub share: Option<String>,
    pub lang_stored: Option<String>,
    /// Today's date, `YYYY.MM.DD`, for records' tags.
    pub today: String,
    /// The puzzles' progress as stored.
    pub puzzles: Option<String>,
    pub languages: Vec<String>,
}

/// A control's `data-action`, with what it carries.
#[derive(Clone, Debug, PartialEq)]
pub enum Button {
    Home,
    Rules,
    CloseRules,
    Pick(GameKind),
    StartComputer {
        level: Level,
        human: Side,
    },
    StartFriend,
    StartWatch {
        delay_ms: u32,
    },
    NewGame,
    ConfirmNew(bool),
    /// The same opponent and level again, sides swapped.
    Rematch,
    /// Close the result panel and go over the game from its start.
    LookBack,
    /// Go over the finished game with the computer.
    StartReview,
    /// Turn the analysis panel on or off.
    Analyse,
    /// Show the best move's piece and destination.
    Hint,
    /// A control of the board editor.
    Editor(super::EditorButton),
    /// A control of the analysis board's lines.
    Lines(super::LinesButton),
    /// A control of the puzzles.
    Puzzle(super::PuzzleButton),
    /// A control of the lobby or the Watch screen.
    Lobby(super::LobbyButton),
    /// A control of the online game's chat.
    Chat(super::ChatButton),
    /// A report, a mute or block, a notice read, kid mode, moderation.
    Safety(super::SafetyButton),
    /// A tournament: its page, joining, pausing, withdrawing, making one,
    /// Berserk.
    Tournament(super::TournamentButton),
    /// A challenge made or answered; a bot let in as the opponent.
    Challenge(super::ChallengeButton),
    /// Online: offer a rematch, or answer the opponent's offer.
    AnswerRematch(bool),
    /// Save the game's record as a file.
    DownloadRecord,
    /// Save a picture of the board.
    Picture,
    /// Review the game whose record was pasted.
    ReviewRecord(String),
    /// Play (true) or drop the turn entered, when moves are confirmed.
    ConfirmMove(bool),
    /// Go back to the game in progress from the home screen.
    Continue,
    Undo,
    Resign,
    OfferDraw,
    AnswerDraw(bool),
    Flip,
    /// Zen mode on or off: the board, the clocks and the names alone.
    Zen,
    Back,
    Forward,
    Review(usize),
    Promote(ChessRole),
    Pause,
    Step,
    TakeOver,
    StartOnline {
        side: String,
        suggestions: bool,
        /// The time control (`3+2`), or none for a game without clocks.
        clock: Option<String>,
        on_line: bool,
    },
    JoinOnline {
        code: String,
        on_line: bool,
    },
    /// Copy the text of the element with this id.
    Copy(&'static str),
    CancelOnline,
    Claim {
        draw: bool,
    },
    Abort,
}

/// A `data-action` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError(pub String);

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ActionError {}

/// What the page reads beside a `data-action`: the pressed element's
/// attributes and the values of the form controls.
pub trait Fields {
    /// An attribute of the pressed element (`data-game`, `data-ply`…).
    fn attribute(&self, name: &str) -> Option<String>;
    /// The value of the control with this id (a `<select>`, a text box).
    fn value(&self, id: &str) -> Option<String>;
    /// Whether the checkbox with this id is checked.
    fn checked(&self, id: &str) -> bool;
    /// Whether the browser says it is online.
    fn on_line(&self) -> bool;
}

impl Button {
    /// Reads a `data-action` and what it needs from `fields`.
    pub fn parse(name: &str, fields: &dyn Fields) -> Result<Button, ActionError> {
        let attribute = |key: &str| {
            fields
                .attribute(key)
                .ok_or_else(|| ActionError(format!("{name:?} needs a {key} attribute")))
        };
        Ok(match name {
            "home" => Button::Home,
            "rules" => Button::Rules,
            "close-rules" => Button::CloseRules,
            "pick" => {
                let game = attribute("data-game")?;
                Button::Pick(
                    game.parse()
                        .map_err(|_| ActionError(format!("unknown game {game:?}")))?,
                )
            }
            "start-computer" => Button::StartComputer {
                level: fields
                    .value("level")
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(Level::Medium),
                human: if fields.value("side").as_deref() == Some("black") {
                    Side::Black
                } else {
                    Side::White
                },
            },
            "start-friend" => Button::StartFriend,
            "start-watch" => Button::StartWatch {
                delay_ms: fields
                    .value("delay")
                    .and_then(|d| d.parse().ok())
                    .unwrap_or(900),
            },
            "new-game" => Button::NewGame,
            "rematch" => Button::Rematch,
            "look-back" => Button::LookBack,
            "review-game" => Button::StartReview,
            "analyse" => Button::Analyse,
            "hint" => Button::Hint,
            "edit" => Button::Editor(EditorButton::Open),
            "brush" => Button::Editor(EditorButton::Brush(attribute("data-piece")?)),
            "editor-side" => Button::Editor(EditorButton::Side),
            "editor-castle" => {
                let right = attribute("data-right")?;
                Button::Editor(EditorButton::Castle(
                    engine::board_setup::CASTLING_LETTERS
                        .iter()
                        .position(|c| right.starts_with(*c))
                        .ok_or_else(|| ActionError(format!("unknown castling right {right:?}")))?,
                ))
            }
            "editor-ep" => Button::Editor(EditorButton::EnPassant(
                fields.value("editor-ep-point").unwrap_or_default(),
            )),
            "editor-clear" => Button::Editor(EditorButton::Clear),
            "editor-reset" => Button::Editor(EditorButton::Reset),
            "editor-forget" => Button::Editor(EditorButton::Forget),
            "editor-analyse" => Button::Editor(EditorButton::Analyse),
            "editor-computer" => Button::Editor(EditorButton::Computer {
                level: fields
                    .value("editor-level")
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(Level::Medium),
                human: if fields.value("editor-human").as_deref() == Some("black") {
                    Side::Black
                } else {
                    Side::White
                },
            }),
            "editor-friend" => Button::Editor(EditorButton::Friend),
            "editor-cancel" => Button::Editor(EditorButton::Cancel),
            "copy-editor-link" => Button::Copy("editor-link"),
            "analysis-board" => Button::Lines(LinesButton::Open),
            "copy-record" => Button::Copy("record-out"),
            "puzzles" => Button::Puzzle(PuzzleButton::Open),
            "puzzle-next" => Button::Puzzle(PuzzleButton::Next),
            "puzzle-retry" => Button::Puzzle(PuzzleButton::Retry),
            "puzzle-solution" => Button::Puzzle(PuzzleButton::Solution),
            "download-record" => Button::DownloadRecord,
            "save-picture" => Button::Picture,
            "line-go" => {
                let node = attribute("data-node")?;
                Button::Lines(LinesButton::Go(
                    node.parse()
                        .map_err(|_| ActionError(format!("unreadable node {node:?}")))?,
                ))
            }
            "line-promote" => Button::Lines(LinesButton::Promote),
            "line-delete" => Button::Lines(LinesButton::Delete),
            "line-continue" => Button::Lines(LinesButton::Continue(
                fields
                    .value("line-level")
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(Level::Medium),
            )),
            "review-record" => {
                Button::ReviewRecord(fields.value("record-text").unwrap_or_default())
            }
            "confirm-move" => Button::ConfirmMove(true),
            "cancel-move" => Button::ConfirmMove(false),
            "continue" => Button::Continue,
            "confirm-new-yes" => Button::ConfirmNew(true),
            "confirm-new-no" => Button::ConfirmNew(false),
            "undo" => Button::Undo,
            "resign" => Button::Resign,
            "offer-draw" => Button::OfferDraw,
            "draw-yes" => Button::AnswerDraw(true),
            "draw-no" => Button::AnswerDraw(false),
            "flip" => Button::Flip,
            "zen" => Button::Zen,
            "back" => Button::Back,
            "forward" => Button::Forward,
            "review" => {
                let ply = attribute("data-ply")?;
                Button::Review(
                    ply.parse()
                        .map_err(|_| ActionError(format!("unreadable ply {ply:?}")))?,
                )
            }
            "promote" => {
                let role = attribute("data-role")?;
                Button::Promote(
                    ChessRole::ALL
                        .into_iter()
                        .find(|&r| role_name(r) == role)
                        .ok_or_else(|| ActionError(format!("unknown piece {role:?}")))?,
                )
            }
            "pause" => Button::Pause,
            "step" => Button::Step,
            "take-over" => Button::TakeOver,
            "start-online" => Button::StartOnline {
                side: fields.value("online-side").unwrap_or_default(),
                suggestions: fields.checked("online-suggest"),
                clock: fields.value("online-clock").filter(|c| !c.is_empty()),
                on_line: fields.on_line(),
            },
            "join-online" => Button::JoinOnline {
                code: fields.value("join-code").unwrap_or_default(),
                on_line: fields.on_line(),
            },
            "copy-code" => Button::Copy("waiting-code"),
            "copy-link" => Button::Copy("waiting-link"),
            "copy-watch" => Button::Copy("watch-link"),
            "cancel-online" => Button::CancelOnline,
            "claim-win" => Button::Claim { draw: false },
            "claim-draw" => Button::Claim { draw: true },
            "abort" => Button::Abort,
            "lobby" => Button::Lobby(LobbyButton::Open),
            "live" => Button::Lobby(LobbyButton::Watch),
            other => match full_only(other, fields)? {
                Some(button) => button,
                None => return Err(ActionError(format!("unknown action {other:?}"))),
            },
        })
    }
}

/// The controls only the whole app's own screens have (its lobby, its
/// online chat): none in the light module, which has no such controls.
fn full_only(name: &str, fields: &dyn Fields) -> Result<Option<Button>, ActionError> {
    if !crate::FULL {
        return Ok(None);
    }
    let attribute = |key: &str| {
        fields
            .attribute(key)
            .ok_or_else(|| ActionError(format!("{name:?} needs a {key} attribute")))
    };
    Ok(Some(match name {
        "rematch-yes" => Button::AnswerRematch(true),
        "rematch-no" => Button::AnswerRematch(false),
        "register" | "sign-in" => Button::Lobby(LobbyButton::Account {
            register: name == "register",
            name: fields.value("account-name").unwrap_or_default(),
            password: fields.value("account-password").unwrap_or_default(),
        }),
        "sign-out" => Button::Lobby(LobbyButton::SignOut),
        "change-password" => Button::Lobby(LobbyButton::Password {
            old: fields.value("old-password").unwrap_or_default(),
            new: fields.value("new-password").unwrap_or_default(),
        }),
        "delete-account" => Button::Lobby(LobbyButton::Delete(
            fields.value("delete-password").unwrap_or_default(),
        )),
        "guest-name" => Button::Lobby(LobbyButton::Guest(
            fields.value("guest-name").unwrap_or_default(),
        )),
        "quick" => Button::Lobby(LobbyButton::Quick {
            game: fields.value("quick-game").unwrap_or_default(),
            clock: attribute("data-clock")?,
        }),
        "post-seek" => Button::Lobby(LobbyButton::Seek {
            game: fields.value("seek-game").unwrap_or_default(),
            options: fields.value("seek-options").unwrap_or_default(),
            clock: fields.value("seek-clock").unwrap_or_default(),
            rated: fields.checked("seek-rated"),
            side: fields.value("seek-side").unwrap_or_default(),
            range: fields.value("seek-range").unwrap_or_default(),
        }),
        "accept-seek" => Button::Lobby(LobbyButton::Accept(attribute("data-seek")?)),
        "withdraw" => Button::Lobby(LobbyButton::Withdraw),
        "wait-computer" => Button::Lobby(LobbyButton::Computer),
        "watch-game" => Button::Lobby(LobbyButton::WatchGame(attribute("data-id")?)),
        "resume" => Button::Lobby(LobbyButton::Resume(attribute("data-id")?)),
        "player" => Button::Lobby(LobbyButton::Player(attribute("data-name")?)),
        "leaders" => Button::Lobby(LobbyButton::Leaders(attribute("data-game")?)),
        "review-played" => Button::Lobby(LobbyButton::ReviewGame(attribute("data-id")?)),
        "chat-send" => Button::Chat(ChatButton::Send(
            fields.value("chat-text").unwrap_or_default(),
        )),
        "chat-phrase" => Button::Chat(ChatButton::Phrase(attribute("data-phrase")?)),
        "chat-mute" => Button::Chat(ChatButton::Mute(fields.checked("chat-mute"))),
        "chat-off" => Button::Chat(ChatButton::Off(fields.checked("chat-off"))),
        other => {
            if let Some(button) = super::tournament_controls::control(other, fields, &attribute)? {
                return Ok(Some(Button::Tournament(button)));
            }
            if let Some(button) = super::challenge_controls::control(other, fields, &attribute)? {
                return Ok(Some(Button::Challenge(button)));
            }
            return Ok(safety_control(other, fields, &attribute)?.map(Button::Safety));
        }
    }))
}

/// The controls of reports, mutes and blocks, notices, kid mode and
/// moderation.
fn safety_control(
    name: &str,
    fields: &dyn Fields,
    attribute: &dyn Fn(&str) -> Result<String, ActionError>,
) -> Result<Option<SafetyButton>, ActionError> {
    Ok(Some(match name {
        "safety" => SafetyButton::Open,
        "report" => SafetyButton::Report {
            player: attribute("data-name")?,
            game: fields.attribute("data-id"),
        },
        "report-opponent" => SafetyButton::ReportOpponent {
            line: fields.attribute("data-line").and_then(|l| l.parse().ok()),
        },
        "send-report" => SafetyButton::SendReport {
            reason: fields.value("report-reason").unwrap_or_default(),
            note: fields.value("report-note").unwrap_or_default(),
        },
        "cancel-report" => SafetyButton::CancelReport,
        "relate" => SafetyButton::Relate {
            player: attribute("data-name")?,
            kind: attribute("data-kind")?,
            on: attribute("data-on")? == "true",
        },
        "read-notices" => SafetyButton::ReadNotices,
        "kid-mode" => SafetyButton::Kid(fields.checked("kid-mode")),
        "moderation" => SafetyButton::Moderation,
        "mod-history" => SafetyButton::History(attribute("data-name")?),
        "dismiss-flag" => SafetyButton::DismissFlag(attribute("data-id")?),
        "mod-act" => {
            let report = attribute("data-report")?;
            SafetyButton::Act {
                action: attribute("data-act")?,
                reason: fields
                    .value(&format!("mod-reason-{report}"))
                    .unwrap_or_default(),
                minutes: fields
                    .value(&format!("mod-minutes-{report}"))
                    .unwrap_or_default(),
                name: fields
                    .value(&format!("mod-name-{report}"))
                    .unwrap_or_default(),
                report,
            }
        }
        _ => return Ok(None),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Default)]
    struct Form(HashMap<&'static str, &'static str>);

    impl Fields for Form {
        fn attribute(&self, name: &str) -> Option<String> {
            self.0.get(name).map(|s| s.to_string())
        }
        fn value(&self, id: &str) -> Option<String> {
            self.0.get(id).map(|s| s.to_string())
        }
        fn checked(&self, id: &str) -> bool {
            self.0.get(id) == Some(&"on")
        }
        fn on_line(&self) -> bool {
            true
        }
    }

    fn form(pairs: &[(&'static str, &'static str)]) -> Form {
        Form(pairs.iter().copied().collect())
    }

    #[test]
    fn every_control_of_the_page_is_read() {
        // The light page and the whole app's own parts.
        let page = concat!(
            include_str!("../../../../index.html"),
            include_str!("../../../../www/full.html")
        );
        let names: Vec<&str> = page
            .split("data-action=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        assert!(names.len() > 30, "{names:?}");
        let fields = form(&[
            ("data-game", "qirkat"),
            ("data-role", "queen"),
            ("data-ply", "3"),
            ("data-piece", "w-man"),
            ("data-right", "K"),
            ("data-node", "2"),
            ("data-clock", "3+2"),
            ("data-seek", "s1"),
            ("data-id", "g1"),
            ("data-name", "ana"),
            ("data-phrase", "chat-hello"),
            ("data-kind", "mute"),
            ("data-on", "true"),
        ]);
        for name in names {
            assert!(Button::parse(name, &fields).is_ok(), "{name}");
        }
    }

    #[test]
    fn controls_read_what_they_carry() {
        let fields = form(&[("level", "expert"), ("side", "black"), ("data-ply", "4")]);
        assert_eq!(
            Button::parse("start-computer", &fields),
            Ok(Button::StartComputer {
                level: Level::Expert,
                human: Side::Black
            })
        );
        assert_eq!(Button::parse("review", &fields), Ok(Button::Review(4)));
        let promote = form(&[("data-role", "archbishop")]);
        assert_eq!(
            Button::parse("promote", &promote),
            Ok(Button::Promote(ChessRole::Archbishop))
        );
    }

    #[test]
    fn safety_controls_read_their_rows_fields() {
        if !crate::FULL {
            return;
        }
        let fields = form(&[
            ("data-report", "r7"),
            ("data-act", "mute"),
            ("mod-reason-r7", "insults"),
            ("mod-minutes-r7", "60"),
            ("mod-reason-r8", "not this one"),
        ]);
        assert_eq!(
            Button::parse("mod-act", &fields),
            Ok(Button::Safety(SafetyButton::Act {
                report: "r7".into(),
                action: "mute".into(),
                reason: "insults".into(),
                minutes: "60".into(),
                name: String::new(),
            }))
        );
        let line = form(&[("data-line", "3")]);
        assert_eq!(
            Button::parse("report-opponent", &line),
            Ok(Button::Safety(SafetyButton::ReportOpponent {
                line: Some(3)
            }))
        );
        let relate = form(&[
            ("data-name", "bob"),
            ("data-kind", "block"),
            ("data-on", "false"),
        ]);
        assert_eq!(
            Button::parse("relate", &relate),
            Ok(Button::Safety(SafetyButton::Relate {
                player: "bob".into(),
                kind: "block".into(),
                on: false,
            }))
        );
        assert!(Button::parse("relate", &form(&[("data-name", "bob")])).is_err());
    }

    #[test]
    fn an_unknown_or_incomplete_action_is_an_error() {
        let empty = Form::default();
        let error = Button::parse("launch-missiles", &empty).map_err(|e| e.to_string());
        assert_eq!(error, Err("unknown action \"launch-missiles\"".to_string()));
        assert!(Button::parse("pick", &empty).is_err());
        assert!(Button::parse("pick", &form(&[("data-game", "chess")])).is_err());
        assert!(Button::parse("review", &form(&[("data-ply", "-1")])).is_err());
        assert!(Button::parse("promote", &form(&[("data-role", "dragon")])).is_err());
    }
}
