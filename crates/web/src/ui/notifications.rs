//! Notifications: a signed-in player turns them on in this browser with a
//! press of their own (never asked on arrival), and is then called back
//! here when a correspondence opponent moved, a challenge came, or a
//! correspondence clock runs low (the server's pushes, worded by the
//! service worker); and when a paired game starts while the page is hidden
//! (the page's own notification). The browser's side (the permission, the
//! service worker, the push subscription) is the glue's
//! ([`NotifyAsk`]); it reports where the browser stands ([`NotifyState`]).

use super::{Effect, FullEffect, Ui};
use crate::t;

/// Where this browser stands with notifications.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NotifyState {
    /// Not asked yet.
    #[default]
    Unknown,
    /// The browser has no push (or no service workers).
    Unsupported,
    /// The person refused the permission (only their browser's settings
    /// give it back).
    Denied,
    Off,
    On,
    /// Turning on or off.
    Working,
    /// Turning on or off failed (no push service reachable, or the server
    /// refused the subscription).
    Failed,
}

/// What the glue is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotifyAsk {
    /// Say where the browser stands.
    Check,
    /// Ask the permission, subscribe, and give the server the subscription
    /// with the page's language.
    On { lang: &'static str },
    /// Unsubscribe, and tell the server.
    Off,
    /// Unsubscribe the browser alone (signed out: the server can no longer
    /// be told, and drops the subscription once its push service says it
    /// is gone).
    Forget,
    /// Show this notification if the page is hidden and notifications are
    /// allowed; pressed, it opens `url`.
    Show {
        title: String,
        body: String,
        url: String,
    },
}

/// The lobby's notifications control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotifyView {
    /// The button is there: signed in, and the browser can notify.
    pub shown: bool,
    /// What pressing it does: turn on (`true`) or off.
    pub turn_on: bool,
    pub label: String,
    pub busy: bool,
    /// Why it cannot be pressed, or what went wrong.
    pub note: Option<String>,
}

/// The control as it stands for a person signed in (`signed_in`).
pub fn view(state: NotifyState, signed_in: bool) -> NotifyView {
    let turn_on = state != NotifyState::On;
    let note = match state {
        NotifyState::Denied => Some(t!("notify-denied")),
        NotifyState::Failed => Some(t!("notify-failed")),
        _ => None,
    };
    NotifyView {
        shown: signed_in && !matches!(state, NotifyState::Unknown | NotifyState::Unsupported),
        turn_on,
        label: t!(if turn_on { "notify-on" } else { "notify-off" }),
        busy: state == NotifyState::Working,
        note: signed_in.then_some(note).flatten(),
    }
}

impl Ui {
    /// The notifications button was pressed: `on` to turn them on.
    pub(super) fn notifications_pressed(&mut self, on: bool, fx: &mut Vec<Effect>) {
        let c = &mut self.shared.whole.community;
        if c.me.is_none() || c.notify == NotifyState::Working {
            return;
        }
        c.notify = NotifyState::Working;
        let ask = if on {
            NotifyAsk::On {
                lang: crate::i18n::current().code(),
            }
        } else {
            NotifyAsk::Off
        };
        fx.push(Effect::Full(FullEffect::Notify(ask)));
    }

    /// The glue said where the browser stands.
    pub(super) fn notify_state(&mut self, state: NotifyState) {
        self.shared.whole.community.notify = state;
    }

    /// A game was paired for the person: told by a notification too, should
    /// the page be hidden.
    pub(super) fn tell_paired(&self, game: &str, said: &str, fx: &mut Vec<Effect>) {
        if self.shared.whole.community.notify != NotifyState::On {
            return;
        }
        fx.push(Effect::Full(FullEffect::Notify(NotifyAsk::Show {
            title: t!("push-started-title"),
            body: said.to_string(),
            url: online_play::api::game_url(game),
        })));
    }
}
