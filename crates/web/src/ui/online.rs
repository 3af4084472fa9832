//! Online play as the page shows it: the server's room, mirrored by
//! [`Online`], copied into the session on screen. The socket, its heartbeat
//! and reconnection are the page glue's (`app/online`), which hands the
//! mirror here after every change.

use super::{Effect, Screen, Ui};
use crate::online::Online;
use crate::session::{DrawOffer, Mode, Session};

impl Ui {
    /// Shows the online game as `online` has it: the server's game (with
    /// the person's move that waits for acknowledgement), whose side the
    /// person plays, the draw offer and the verdict; the waiting screen
    /// until the friend joins. A turn arriving is animated.
    pub fn show_online(&mut self, online: &Online) -> Vec<Effect> {
        let mut fx = Vec::new();
        let was_ply = self.session.as_ref().map(|s| s.game.ply());
        if let (Some(game), Some(room)) = (online.display_game(), online.room.as_ref()) {
            let mode = Mode::Online {
                side: online.side(),
                suggest: room.suggestions,
            };
            match self.session.as_mut() {
                Some(session) if session.game.variant() == game.variant() => {
                    session.mode = mode;
                    session.show_game(game);
                }
                _ => self.session = Some(Session::resume(game, mode, 0)),
            }
            if let Some(session) = self.session.as_mut() {
                session.draw_offer = room.draw_offer.map(|by| DrawOffer { by });
                session.verdict = room.is_over().then(|| online.status());
            }
        }
        let waiting = online.seat.creator && !online.started() && !online.is_over();
        let ply = self.session.as_ref().map(|s| s.game.ply());
        if was_ply.is_some() && ply > was_ply {
            self.start_animation(&mut fx);
        }
        self.screen = if waiting {
            Screen::Waiting
        } else {
            Screen::Game
        };
        self.settle(&mut fx);
        fx
    }
}
