//! The controls of the whole app's parts (the tools: the review, the
//! analysis panel and board, the board editor and the puzzles; the lobby
//! and the online game's chat), and when the tools are available. These
//! parts are in the whole app's module only: in the light module their
//! controls lead to it ([`super::light`]).

use engine::search::Level;
use engine::{AnyGame, Side};

use super::{Screen, Ui};
use crate::tree::NodeId;

/// What the editor's controls ask.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorButton {
    /// Open the editor on the position shown (or the chosen game's start).
    Open,
    /// Place this piece with the next presses (its code), or `erase`.
    Brush(String),
    /// The other side to move.
    Side,
    /// Turn a castling right on or off (its index in `KQkq`).
    Castle(usize),
    /// The en-passant point, as typed (empty for none).
    EnPassant(String),
    Clear,
    Reset,
    /// Forget the rule state the position came with.
    Forget,
    Analyse,
    Computer {
        level: Level,
        human: Side,
    },
    Friend,
    Cancel,
}

/// What the lines' controls ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinesButton {
    /// Open the analysis board on the game shown, at the position shown.
    Open,
    /// Show this turn tried.
    Go(NodeId),
    Promote,
    Delete,
    /// Play on from the position shown against the computer at this level,
    /// the person taking the side to move.
    Continue(Level),
}

/// What the puzzle controls ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleButton {
    /// Open the chosen game's puzzles.
    Open,
    Next,
    Retry,
    Solution,
}

impl Ui {
    /// The position the editor opens on: the one shown, or the start of
    /// the game chosen when no game is on screen; none where the editor is
    /// not offered (online, embedded).
    pub(super) fn editor_start(&self) -> Option<AnyGame> {
        if self.shared.online.is_some() || self.shared.embed.is_some() {
            return None;
        }
        Some(match (&self.shared.session, self.screen.screen()) {
            (Some(session), Screen::Game) => session.game_shown(),
            _ => AnyGame::new(self.shared.choice),
        })
    }

    /// Whether the game on screen can be reviewed: a game on this device
    /// with turns to go over, the computer not thinking.
    pub fn review_available(&self) -> bool {
        self.shared.online.is_none()
            && self.shared.thinking == super::Thinking::Idle
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(|s| s.game.ply() > 0)
    }

    /// Whether the game shown can be taken to the analysis board: a game
    /// on this device, not already there.
    pub fn analysis_board_available(&self) -> bool {
        self.shared.online.is_none()
            && self.shared.embed.is_none()
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(|s| !s.on_analysis_board())
    }
}

/// A control of the lobby or the Watch screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyButton {
    /// Show the lobby.
    Open,
    /// Show the games in play.
    Watch,
    /// Make an account (`register`) or sign in.
    Account {
        register: bool,
        name: String,
        password: String,
    },
    SignOut,
    /// Change the password (the old one, then the new).
    Password {
        old: String,
        new: String,
    },
    /// Delete the account and its data (its password confirms).
    Delete(String),
    /// Wait in the pool of this game and time control.
    Quick {
        game: String,
        clock: String,
    },
    /// Post a seek: its game, time control (empty for none), whether
    /// rated, the side, and the rating range as typed.
    Seek {
        game: String,
        /// A rule option (`option queen_lands=any`), or empty.
        options: String,
        clock: String,
        rated: bool,
        side: String,
        range: String,
    },
    /// Accept the seek with this id.
    Accept(String),
    /// Withdraw the waiting seek.
    Withdraw,
    /// Play the computer while the seek waits.
    Computer,
    /// Watch the game in play with this id.
    WatchGame(String),
    /// Sit down again at one of the person's own games.
    Resume(String),
    /// Open a player's page.
    Player(String),
    /// Show a game's leaderboard.
    Leaders(String),
    /// Open a finished game in review (its id).
    ReviewGame(String),
    /// The guest's name was changed.
    Guest(String),
}

/// A control of the online game's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatButton {
    /// Send this text.
    Send(String),
    /// Send the quick phrase with this key.
    Phrase(String),
    /// Hear the opponent's chat no more (true), or again.
    Mute(bool),
    /// Turn chat off (true) or on, for every game.
    Off(bool),
}

/// A control of the report form, the mutes and blocks, or moderation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SafetyButton {
    /// Show the page of mutes, blocks and reports.
    Open,
    /// Open the report form on `player`, about `game` if any.
    Report {
        player: String,
        game: Option<String>,
    },
    /// Report the opponent of the online game on screen; `line`, the index
    /// of the chat line reported (quoted in the note).
    ReportOpponent {
        line: Option<usize>,
    },
    /// Send the report form: its reason's code and the note.
    SendReport {
        reason: String,
        note: String,
    },
    CancelReport,
    /// Mute or block (`kind`: `mute`, `block`) a player, or undo it.
    Relate {
        player: String,
        kind: String,
        on: bool,
    },
    /// The notices were read.
    ReadNotices,
    /// Kid mode on or off.
    Kid(bool),
    /// Show the moderators' queue.
    Moderation,
    /// A player's history, for moderators.
    History(String),
    /// A moderator dismisses the fair-play flag with this id.
    DismissFlag(String),
    /// A moderator acts on a report: the action's code, the reason, and
    /// for a mute its length in minutes as chosen.
    Act {
        report: String,
        action: String,
        reason: String,
        minutes: String,
        /// A rename's new username, as typed.
        name: String,
    },
}
