//! What the page must do after an [`super::Action`]: everything that
//! reaches outside the [`super::Ui`] (storage, the worker, timers, the host
//! page, the socket) is one of these, run by the page glue.

use online_play::ClientMessage;

use crate::sound::Sound;
use crate::worker::Request;

/// The page's timers, named by what they wait for: at most one of each
/// runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// The pause before the computer's next move while watching it play.
    WatchPause,
    /// The wait before the online game's socket is opened again.
    Reconnect,
}

/// One thing for the page to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Keep `value` in storage under `key`.
    Store { key: String, value: String },
    /// Forget storage's `key`.
    Remove { key: String },
    /// Ask the computer's worker.
    Ask(Request),
    /// Report [`super::Action::Timer`] with `timer` after `ms`, in place of
    /// the same timer if it runs.
    StartTimer { timer: Timer, ms: u32 },
    /// Report the next animation frame.
    Animate,
    /// Draw the board again (a cheap change: a drag, a frame, the focus).
    Redraw,
    /// Send the pointer's further events to the board (a drag began).
    CapturePointer(i32),
    /// Open or close a dialog.
    Dialog { id: Dialog, open: bool },
    /// Show the rule book, at this game's article if any.
    ShowRules { article: Option<&'static str> },
    /// Show `query` (or the bare path, when empty) as the page's address:
    /// a new history entry if `push`, else in place of the current one.
    Address { query: String, push: bool },
    /// Post this message to the host page (embedded).
    ToHost(serde_json::Value),
    /// Answer the host message being handled.
    ReplyToHost(serde_json::Value),
    /// Something went wrong that the console should hear of.
    Log(String),
    /// Stop `timer`, if it has not gone off.
    StopTimer(Timer),
    /// Open a socket to the game server, letting any open one go without
    /// reporting its closing; report [`super::Action::SocketOpen`],
    /// [`super::Action::SocketMessage`] and [`super::Action::SocketClosed`].
    Connect,
    /// Close the game socket without reporting it.
    Disconnect,
    /// Start (true) or stop the online game's one-second
    /// [`super::Action::Heartbeat`].
    Heartbeat(bool),
    /// Create a game on the server; report [`super::Action::Created`].
    CreateOnline {
        game: &'static str,
        side: String,
        suggestions: bool,
        clock: Option<String>,
    },
    /// Send a message on the game's socket.
    SendOnline(ClientMessage),
    /// Fetch a language's catalog; report [`super::Action::LanguageLoaded`].
    LoadLanguage(crate::i18n::Lang),
    /// Copy the text of the element with this id; report
    /// [`super::Action::Copied`].
    Copy(&'static str),
    /// Make a sound (if the person has touched the page yet).
    Sound(Sound),
    /// Offer `text` as a file to save, named `name`.
    Download { name: String, text: String },
    /// Offer the board as a PNG picture, named `name`.
    Picture { name: String },
    /// Fetch a game's puzzles; report [`super::Action::PuzzlesLoaded`].
    LoadPuzzles(engine::GameKind),
    /// Follow these lists over the lobby's socket (opened as needed, and
    /// again after a drop; its news reported as [`super::Action::Lobby`]),
    /// or close it (`None`).
    #[cfg(feature = "full")]
    Follow(Option<online_play::api::LobbyFollow>),
    /// Call the game server's API; report [`super::Action::Api`].
    #[cfg(feature = "full")]
    Api(crate::api::ApiCall),
    /// Empty the text box with this id (a chat message sent).
    ClearField(&'static str),
    /// Go to this address (a query, `?review=…`): the light module opens
    /// the tools so, on the page loaded with them.
    Navigate(String),
}

/// The page's dialogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// "Leave the game in progress for a new one?"
    ConfirmNew,
}

impl Dialog {
    pub fn id(self) -> &'static str {
        match self {
            Dialog::ConfirmNew => "confirm-new",
        }
    }
}
