//! The computer player: when to ask its worker for a turn or for its answer
//! to a draw offer, and what its reply does.

use engine::search::Level;

use super::{Effect, Thinking, Timer, Ui};
use crate::session::{Mode, Update};
use crate::worker::{Reply, Request};

/// Seconds the computer may think, Expert included.
pub const THINK_SECONDS: f64 = 0.95;

impl Ui {
    /// Lets the computer move if it is its turn (while watching, after the
    /// pause between moves, unless paused).
    pub(super) fn maybe_think(&mut self, fx: &mut Vec<Effect>) {
        let Some(session) = &self.shared.session else {
            return;
        };
        if self.shared.thinking != Thinking::Idle
            || session.computer_to_move().is_none()
            || session.review.is_some()
        {
            return;
        }
        if let Mode::Watch { delay_ms, .. } = session.mode {
            if self.shared.paused {
                return;
            }
            self.shared.thinking = Thinking::Delay;
            fx.push(Effect::StartTimer {
                timer: Timer::WatchPause,
                ms: delay_ms,
            });
            return;
        }
        self.think_now(fx);
    }

    /// Asks for the computer's turn now.
    pub(super) fn think_now(&mut self, fx: &mut Vec<Effect>) {
        let Some(session) = &self.shared.session else {
            return;
        };
        let Some(level) = session.computer_to_move() else {
            self.shared.thinking = Thinking::Idle;
            return;
        };
        let seed = session.turn_seed();
        self.ask(level, seed, "", String::new(), fx);
    }

    /// The computer stops: a pause between moves that was running is
    /// cancelled (its timer stopped), a request in flight is no longer
    /// waited for.
    pub(super) fn stop_thinking(&mut self, fx: &mut Vec<Effect>) {
        if self.shared.thinking == Thinking::Delay {
            fx.push(Effect::StopTimer(Timer::WatchPause));
        }
        self.shared.thinking = Thinking::Idle;
    }

    /// Asks whether the computer accepts the person's draw offer.
    pub(super) fn ask_about_draw(&mut self, fx: &mut Vec<Effect>) {
        let Some(session) = &self.shared.session else {
            return;
        };
        let Mode::Computer { level, human } = session.mode else {
            return;
        };
        let side = human.other().name().to_ascii_lowercase();
        self.ask(level, 0, "draw", side, fx);
    }

    fn ask(&mut self, level: Level, seed: u64, kind: &str, side: String, fx: &mut Vec<Effect>) {
        let Some(session) = &self.shared.session else {
            return;
        };
        let record = session.game.to_record_line();
        let id = self.next_id();
        self.shared.thinking = Thinking::Asked(id);
        fx.push(Effect::Ask(Request {
            id,
            record,
            level: level.name().to_string(),
            seed,
            seconds: THINK_SECONDS,
            kind: kind.to_string(),
            side,
            ..Request::default()
        }));
    }

    /// The worker's reply; one to a request no longer waited for (after an
    /// undo, say) is ignored.
    pub(super) fn on_reply(&mut self, reply: Reply, fx: &mut Vec<Effect>) {
        if let Some(analysis) = &reply.analysis {
            if self.review_reply(reply.id, analysis, fx)
                || self.analysis_reply(reply.id, analysis)
                || self.hint_reply(reply.id, analysis, fx)
            {
                return;
            }
        }
        if self.shared.thinking != Thinking::Asked(reply.id) {
            return;
        }
        self.shared.thinking = Thinking::Idle;
        let Some(session) = self.shared.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        if let Some(accepts) = reply.accepts {
            if session.awaiting_computer_answer() {
                session.answer_draw(accepts);
                self.shared.notice = Some(crate::t!(if accepts {
                    "computer-accepts-draw"
                } else {
                    "computer-declines-draw"
                }));
                self.after(Update::Selection, was_over, fx);
            } else {
                // The offer lapsed (a move was made meanwhile).
                self.maybe_think(fx);
            }
            return;
        }
        match reply.turn.map(|t| session.game.parse(&t)) {
            Some(Ok(turn)) => {
                let update = session.computer_played(turn, reply.score);
                self.after(update, was_over, fx);
            }
            _ => {
                let why = reply
                    .error
                    .unwrap_or_else(|| "an unreadable turn".to_string());
                fx.push(Effect::Log(format!("the computer could not move: {why}")));
                self.shared.notice = Some(crate::t!("computer-no-move"));
            }
        }
    }
}
