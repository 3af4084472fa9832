//! The computer player's side of the page: asking its worker for a turn or
//! an answer to a draw offer, and taking the reply.

use super::*;

impl App {
    pub(super) fn maybe_think(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        if self.thinking.is_some()
            || session.computer_to_move().is_none()
            || session.review.is_some()
        {
            return;
        }
        if let Mode::Watch { delay_ms, .. } = session.mode {
            if self.paused {
                return;
            }
            // The pause between moves, then the move.
            self.timer = Some(Timeout::new(delay_ms, || with_app(|app| app.think_now())));
            self.thinking = Some(0);
            return;
        }
        self.think_now();
    }

    /// Asks the worker whether the computer accepts the person's draw offer.
    pub(super) fn ask_about_draw(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let Mode::Computer { level, human } = session.mode else {
            return;
        };
        let side = human.other().name().to_lowercase();
        self.send(level, 0, "draw", side);
    }

    /// Asks the worker about the game on screen, as the computer of
    /// `level` (`kind` "" for its turn, "draw" for whether `side` accepts a
    /// draw); it answers here where there is no worker.
    fn send(&mut self, level: Level, seed: u64, kind: &str, side: String) {
        let Some(session) = &self.session else {
            return;
        };
        let id = self.next_request;
        self.next_request += 1;
        let request = Request {
            id,
            record: session.game.to_record_line(),
            level: level.name().to_string(),
            seed,
            seconds: THINK_SECONDS,
            kind: kind.to_string(),
            side,
        };
        let text = serde_json::to_string(&request).unwrap_or_default();
        self.thinking = Some(id);
        let posted = self
            .worker
            .as_ref()
            .is_some_and(|w| w.post_message(&JsValue::from_str(&text)).is_ok());
        if !posted {
            fn clock() -> f64 {
                js_sys::Date::now() / 1000.0
            }
            let reply = crate::worker::answer(&text, clock);
            if let Ok(reply) = serde_json::from_str::<Reply>(&reply) {
                self.on_reply(reply);
                return;
            }
        }
        self.refresh();
    }

    /// Asks the worker for the computer's turn now.
    pub(super) fn think_now(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let Some(level) = session.computer_to_move() else {
            self.thinking = None;
            return;
        };
        let seed = session.turn_seed();
        self.send(level, seed, "", String::new());
    }

    pub(super) fn on_reply(&mut self, reply: Reply) {
        if self.thinking != Some(reply.id) || reply.id == 0 {
            return;
        }
        self.thinking = None;
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        if let Some(accepts) = reply.accepts {
            if session.awaiting_computer_answer() {
                session.answer_draw(accepts);
                let text = if accepts {
                    "The computer accepts the draw."
                } else {
                    "The computer declines the draw."
                };
                self.set_notice(Some(text));
                self.after(Update::Selection, was_over);
            } else {
                // The offer lapsed (a move was made meanwhile).
                self.refresh();
                self.maybe_think();
            }
            return;
        }
        match reply.turn.map(|t| session.game.parse(&t)) {
            Some(Ok(turn)) => {
                let update = session.computer_played(turn, reply.score);
                self.after(update, was_over);
            }
            _ => {
                let why = reply
                    .error
                    .unwrap_or_else(|| "an unreadable turn".to_string());
                web_sys::console::error_1(&format!("the computer could not move: {why}").into());
                self.set_notice(Some("The computer could not find a move."));
            }
        }
    }
}
