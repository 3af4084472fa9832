//! The lobby's socket on the page: opened, told what to follow and closed
//! as the [`crate::ui::Ui`] asks ([`FullEffect::Follow`]), its news reported
//! as [`LobbyMsg::News`]. After a drop it opens again after a short pause,
//! follows the same lists and says so ([`LobbyMsg::Open`]), for as long
//! as they are wanted. Offline it does not try: it says so once
//! ([`LobbyMsg::Offline`]) and waits for the network to come back.

use gloo_timers::callback::Timeout;
use online_play::api::{LobbyFollow, LobbyNews, LOBBY_SOCKET};
use web_sys::WebSocket;

use super::*;
use crate::ui::{FullAction, LobbyMsg};

/// The pause before a dropped lobby socket opens again (ms).
const AGAIN_AFTER_MS: u32 = 2000;

/// The lobby's socket, what it follows, and its handlers.
pub(super) struct LobbySocket {
    socket: Option<WebSocket>,
    follow: LobbyFollow,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    again: Option<Timeout>,
    /// Waiting for the network, the socket closed.
    offline: bool,
}

/// Whether the browser says it has a network.
fn on_line(window: &Window) -> bool {
    window.navigator().on_line()
}

impl Drop for LobbySocket {
    fn drop(&mut self) {
        if let Some(socket) = &self.socket {
            socket.set_onopen(None);
            socket.set_onmessage(None);
            socket.set_onclose(None);
            let _ = socket.close();
        }
    }
}

/// The lobby socket's address, beside the page.
fn lobby_url(window: &Window) -> String {
    let location = window.location();
    let secure = location.protocol().is_ok_and(|p| p == "https:");
    let host = location.host().unwrap_or_default();
    let scheme = if secure { "wss" } else { "ws" };
    format!("{scheme}://{host}{}", LOBBY_SOCKET.path(&[]))
}

impl App {
    /// Follows `follow` over the lobby's socket, opening it if need be; or
    /// closes it.
    pub(super) fn follow_lobby(&mut self, follow: Option<LobbyFollow>) {
        let Some(follow) = follow else {
            self.full.lobby = None;
            return;
        };
        if let Some(lobby) = self.full.lobby.as_mut() {
            lobby.follow = follow;
            if let Some(socket) = lobby
                .socket
                .as_ref()
                .filter(|s| s.ready_state() == WebSocket::OPEN)
            {
                if let Ok(text) = serde_json::to_string(&lobby.follow) {
                    let _ = socket.send_with_str(&text);
                }
            }
            return;
        }
        self.open_lobby(follow);
    }

    fn open_lobby(&mut self, follow: LobbyFollow) {
        if !on_line(&self.window) {
            self.full.lobby = Some(LobbySocket::waiting(follow));
            // Said once, after the effect that asked for the socket.
            Timeout::new(0, || {
                dispatch(Action::Full(FullAction::Lobby(LobbyMsg::Offline)))
            })
            .forget();
            return;
        }
        let socket = WebSocket::new(&lobby_url(&self.window)).ok();
        let on_open = Closure::<dyn FnMut(JsValue)>::new(|_| {
            with_app(|app| {
                let sent = app.full.lobby.as_ref().and_then(|lobby| {
                    let text = serde_json::to_string(&lobby.follow).ok()?;
                    lobby.socket.as_ref()?.send_with_str(&text).ok()
                });
                if sent.is_some() {
                    app.dispatch(Action::Full(FullAction::Lobby(LobbyMsg::Open)));
                }
            })
        });
        let on_message = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
            let text = event
                .dyn_ref::<MessageEvent>()
                .and_then(|e| e.data().as_string());
            match text.map(|t| serde_json::from_str::<LobbyNews>(&t)) {
                Some(Ok(news)) => dispatch(Action::Full(FullAction::Lobby(LobbyMsg::News(news)))),
                _ => web_sys::console::warn_1(&"an unreadable lobby message".into()),
            }
        });
        let on_close = Closure::<dyn FnMut(JsValue)>::new(|_| {
            with_app(|app| {
                if let Some(lobby) = app.full.lobby.as_mut() {
                    lobby.again_later();
                }
            })
        });
        if let Some(socket) = &socket {
            socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
            socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        }
        let failed = socket.is_none();
        self.full.lobby = Some(LobbySocket {
            socket,
            follow,
            _handlers: vec![on_open, on_message, on_close],
            again: None,
            offline: false,
        });
        if failed {
            // As after a drop: try again shortly.
            if let Some(lobby) = self.full.lobby.as_mut() {
                lobby.again_later();
            }
        }
    }
}

impl App {
    /// The network is gone: the lobby's socket, if open, closes and waits
    /// for it, and the page says so once.
    pub(super) fn lobby_offline(&mut self) {
        let Some(lobby) = self.full.lobby.take() else {
            return;
        };
        let was_offline = lobby.offline;
        let follow = lobby.follow.clone();
        drop(lobby);
        self.full.lobby = Some(LobbySocket::waiting(follow));
        if !was_offline {
            self.dispatch(Action::Full(FullAction::Lobby(LobbyMsg::Offline)));
        }
    }

    /// The network is back: a lobby socket that waited for it opens again,
    /// and says so.
    pub(super) fn lobby_back_online(&mut self) {
        if !on_line(&self.window) || !self.full.lobby.as_ref().is_some_and(|l| l.offline) {
            return;
        }
        if let Some(mut lobby) = self.full.lobby.take() {
            let follow = std::mem::take(&mut lobby.follow);
            drop(lobby);
            self.open_lobby(follow);
            self.dispatch(Action::Full(FullAction::Lobby(LobbyMsg::Online)));
        }
    }
}

impl LobbySocket {
    /// No socket, waiting for the network to follow `follow`.
    fn waiting(follow: LobbyFollow) -> LobbySocket {
        LobbySocket {
            socket: None,
            follow,
            _handlers: Vec::new(),
            again: None,
            offline: true,
        }
    }

    /// Opens the socket again after a pause, following the same lists.
    fn again_later(&mut self) {
        self.again = Some(Timeout::new(AGAIN_AFTER_MS, || {
            with_app(|app| {
                let Some(mut lobby) = app.full.lobby.take() else {
                    return;
                };
                // This very timeout is running: let it finish, not drop it.
                if let Some(running) = lobby.again.take() {
                    running.forget();
                }
                let follow = std::mem::take(&mut lobby.follow);
                drop(lobby);
                app.open_lobby(follow);
            })
        }));
    }
}
