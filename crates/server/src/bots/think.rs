//! A house bot's thinking: the engine's computer player at the bot's
//! level, Expert with the opening book as on the page, within the seconds
//! its seat allows ([`online_play::seat`]). Searches run on the blocking
//! pool, no more at once than the budget's threads; the time a move waits
//! for a thread counts against its seconds.

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use engine::search::Level;
use engine::AnyGame;
use online_play::seat::{Think, LEAST_SECONDS};
use tokio::sync::Semaphore;

/// The searches the bots may run, and the time they took.
#[derive(Debug)]
pub(crate) struct Thinker {
    threads: Arc<Semaphore>,
    /// Seconds spent searching, in all (the operator's figure).
    busy: prometheus_client::metrics::counter::Counter<f64, AtomicU64>,
}

/// Seconds since the first search: the engine's clock.
fn clock() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

impl Thinker {
    pub(crate) fn new(
        threads: usize,
        busy: prometheus_client::metrics::counter::Counter<f64, AtomicU64>,
    ) -> Thinker {
        Thinker {
            threads: Arc::new(Semaphore::new(threads.max(1))),
            busy,
        }
    }

    /// The turn a bot of `level` chooses (as a record writes it), or `None`
    /// when there is none.
    pub(crate) async fn choose(&self, level: Level, think: Think) -> Option<String> {
        let asked = Instant::now();
        let _thread = self.threads.acquire().await.ok()?;
        let seconds = (think.seconds - asked.elapsed().as_secs_f64()).max(LEAST_SECONDS);
        let seed = u64::from_le_bytes(crate::ids::random::<8>());
        let started = Instant::now();
        let chosen =
            tokio::task::spawn_blocking(move || choose_now(level, &think.game, seconds, seed))
                .await
                .ok()
                .flatten();
        self.busy.inc_by(started.elapsed().as_secs_f64());
        chosen
    }
}

/// The turn chosen for `game` by `level` within `seconds`.
pub(crate) fn choose_now(level: Level, game: &AnyGame, seconds: f64, seed: u64) -> Option<String> {
    if level == Level::Expert {
        if let Some((turn, _)) = engine::book::best_turn(game) {
            return Some(game.turn_coordinates(turn));
        }
    }
    let turn = game.computer_turn(level.settings(game.kind()), seed, Some((clock, seconds)))?;
    Some(game.turn_coordinates(turn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_answers_a_legal_turn_in_every_game() {
        for header in [
            "classic",
            "special",
            "qirkat",
            "bell",
            "turkish",
            "chesquerque",
        ] {
            let game = AnyGame::from_record_line(header).expect("a game");
            for bot in crate::bots::HOUSE {
                let turn = choose_now(bot.level, &game, 0.05, 7).expect("a turn");
                let mut played = game.clone();
                let parsed = played.parse(&turn).expect("readable");
                played.play(parsed).expect("legal");
            }
        }
    }

    #[test]
    fn nothing_to_choose_once_the_game_is_over() {
        let mut game = AnyGame::from_record_line("bell").expect("a game");
        game.resign(engine::Side::White).expect("resigns");
        assert_eq!(choose_now(Level::Hard, &game, 0.05, 1), None);
    }
}
