//! Starting up: what the page found stored and in its address (an
//! embedding, an online seat, a saved game, a share link, a screen's
//! address), and the links it opens.

use super::{Boot, Effect, Screen, Ui, SET_ASIDE_KEY};
use crate::online_state::Seat;
use crate::route::Route;
use crate::save::{Prefs, Stats};
use crate::session::Session;
use crate::t;

impl Ui {
    /// Starts as the page was found: an embedding, an online seat, a saved
    /// game, or the home screen.
    pub(super) fn boot(&mut self, boot: Boot, fx: &mut Vec<Effect>) {
        self.shared.address = super::address::Address::booting(&boot.query);
        self.shared.prefs = boot
            .prefs
            .as_deref()
            .map(Prefs::from_text)
            .unwrap_or_default();
        self.shared.stats = boot
            .stats
            .as_deref()
            .map(Stats::from_text)
            .unwrap_or_default();
        self.shared.random = boot.seed;
        self.shared.today = boot.today.clone();
        self.shared.token_words = boot.token_words;
        self.boot_full(&boot);
        self.shared.reduced_motion = boot.reduced_motion;
        self.shared.lang_in_address = boot.lang_query.is_some();
        self.start_language(
            boot.lang_query.as_deref(),
            boot.lang_stored.as_deref(),
            &boot.languages,
            fx,
        );
        let mut notice = (!boot.storage).then(|| t!("no-storage"));
        match boot.embed {
            Some(Ok(embed)) => {
                self.shared.save_key = embed.save_key();
                self.start_embedded(embed, boot.saved, boot.stored_seat, fx);
            }
            Some(Err(e)) => {
                notice = Some(t!("embed-invalid", why = &e.0));
                self.start_standalone(boot.saved, boot.seat, &mut notice, fx);
            }
            None => self.start_standalone(boot.saved, boot.seat, &mut notice, fx),
        }
        if let Some(query) = boot.share.as_deref() {
            self.open_link(query, &mut notice, fx);
        }
        match Route::from_query(&boot.query) {
            Route::Home if boot.revisit => {
                self.show(Screen::Home);
                self.home_shown(fx);
            }
            // The game in progress, an online game and share links are
            // opened above.
            Route::Home | Route::Game => {
                if self.screen.screen() == Screen::Home {
                    self.home_shown(fx);
                }
            }
            #[cfg(feature = "full")]
            Route::Online(_) | Route::Link(_) => {
                if self.screen.screen() == Screen::Home {
                    self.home_shown(fx);
                }
            }
            route => self.open_route(route, &boot.query, fx),
        }
        self.shared.notice = notice;
        self.maybe_think(fx);
        self.report_ready(fx);
    }

    fn start_standalone(
        &mut self,
        saved: Option<String>,
        seat: Option<Seat>,
        notice: &mut Option<String>,
        fx: &mut Vec<Effect>,
    ) {
        if let Some(seat) = seat {
            self.go_online(seat, fx);
            return;
        }
        match saved.map(|text| (Session::from_save(&text), text)) {
            Some((Ok(session), _)) => {
                self.shared.session = Some(session);
                self.show(Screen::Game);
            }
            Some((Err(e), text)) => {
                fx.push(Effect::Store {
                    key: SET_ASIDE_KEY.to_string(),
                    value: text,
                });
                fx.push(Effect::Remove {
                    key: self.shared.save_key.clone(),
                });
                *notice = Some(t!("save-unreadable", why = &e.to_string()));
                self.show(Screen::Home);
            }
            None => self.show(Screen::Home),
        }
    }
}

/// The page's boot with nothing stored.
#[cfg(test)]
pub(super) fn fresh_boot(seed: u64) -> super::Action {
    super::Action::Boot(Box::new(Boot {
        prefs: None,
        stats: None,
        saved: None,
        seat: None,
        stored_seat: None,
        embed: None,
        storage: true,
        seed,
        reduced_motion: false,
        token_words: [1, 2, 3, 4],
        lang_query: None,
        share: None,
        lang_stored: None,
        today: "2026.11.25".to_string(),
        puzzles: None,
        languages: Vec::new(),
        guest: None,
        seats: None,
        account: None,
        bots: None,
        query: String::new(),
        revisit: false,
    }))
}
