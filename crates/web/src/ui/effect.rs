//! What the page must do after an [`super::Action`]: everything that
//! reaches outside the [`super::Ui`] (storage, the worker, timers, the host
//! page, the socket) is one of these, run by the page glue.

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
    /// Something went wrong that the console should hear of.
    Log(String),
    /// Stop `timer`, if it has not gone off.
    StopTimer(Timer),
    /// Fetch a language's catalog; report [`super::Action::LanguageLoaded`].
    LoadLanguage(crate::i18n::Lang),
    /// Make a sound (if the person has touched the page yet).
    Sound(Sound),
    /// Vibrate in this pattern (ms on, off, on…), where the device can.
    Vibrate(Vec<u32>),
    /// Offer `text` as a file to save, named `name`.
    Download { name: String, text: String },
    /// Go to this address (a query, `?review=…`): the light module opens
    /// the tools so, on the page loaded with them.
    Navigate(String),
    /// What only the whole app does: its socket, its server, its host
    /// page, its files ([`super::FullEffect`]).
    Full(super::FullEffect),
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
