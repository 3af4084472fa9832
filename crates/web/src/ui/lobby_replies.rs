//! The game server's answers to the lobby's requests (`ui/lobby`): each
//! read into the lobby's state, a pairing found, or a refusal told in the
//! page's words.

use super::lobby::{Ask, ACCOUNT_KEY};
use super::{Effect, Ui};
use crate::community;
use crate::t;

impl Ui {
    /// The server answered request `id`: its status (0 when it could not
    /// be reached) and body.
    pub(super) fn http_reply(&mut self, id: u32, status: u16, text: &str, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            return;
        }
        let Some(at) = self
            .shared
            .community
            .asked
            .iter()
            .position(|(i, _)| *i == id)
        else {
            return;
        };
        let (_, ask) = self.shared.community.asked.remove(at);
        if !(200..300).contains(&status) {
            return self.http_refused(ask, status, text, fx);
        }
        let shown = match ask {
            Ask::Player => Some(self.player_read(text)),
            Ask::Leaders => Some(self.leaders_read(text)),
            Ask::Record => Some(self.record_read(text, fx)),
            _ => None,
        };
        if let Some(shown) = shown {
            if let Err(why) = shown {
                self.shared.community.error = Some(why.clone());
                self.shared.notice = Some(why);
            }
            return;
        }
        let c = &mut self.shared.community;
        // A pairing's game, if the answer brings one.
        let read: Result<Option<String>, String> = match ask {
            Ask::Me | Ask::Account => community::read_me(text).map(|me| {
                match &me.name {
                    Some(name) => fx.push(Effect::Store {
                        key: ACCOUNT_KEY.to_string(),
                        value: name.clone(),
                    }),
                    None if c.me.is_some() => fx.push(Effect::Remove {
                        key: ACCOUNT_KEY.to_string(),
                    }),
                    None => {}
                }
                c.me = me.name;
                None
            }),
            Ask::Lobby => community::read_seeks(text).map(|s| {
                c.seeks = s;
                None
            }),
            Ask::Live => community::read_live(text).map(|l| {
                c.live = l;
                None
            }),
            Ask::Stats => community::read_stats(text).map(|s| {
                c.stats = s;
                None
            }),
            Ask::Mine => community::read_my_games(text).map(|m| {
                c.mine = m;
                None
            }),
            Ask::SignOut | Ask::Delete => {
                c.me = None;
                c.mine.clear();
                fx.push(Effect::Remove {
                    key: ACCOUNT_KEY.to_string(),
                });
                if ask == Ask::Delete {
                    self.shared.notice = Some(t!("account-deleted"));
                }
                Ok(None)
            }
            Ask::Password => {
                self.shared.notice = Some(t!("password-changed"));
                Ok(None)
            }
            Ask::Pair => community::read_pairing(text).map(|p| {
                if let Some(w) = c.waiting.as_mut() {
                    w.seek = p.seek.clone();
                }
                p.game
            }),
            Ask::SeekState => community::read_seek_state(text).map(|s| s.game),
            Ask::Withdraw | Ask::Player | Ask::Leaders | Ask::Record => Ok(None),
        };
        match read {
            Ok(Some(game)) => self.paired(game, fx),
            Ok(None) => {
                if matches!(ask, Ask::Account | Ask::Me) && self.shared.community.me.is_some() {
                    self.http(Ask::Mine, "GET", "api/me/games".into(), None, fx);
                }
            }
            Err(why) => self.shared.community.error = Some(why),
        }
    }

    /// A request refused, or the server out of reach.
    fn http_refused(&mut self, ask: Ask, status: u16, text: &str, fx: &mut Vec<Effect>) {
        let wait = (status == 429)
            .then(|| community::abandon_wait(text))
            .flatten();
        let why = if status == 0 {
            t!("server-unreachable")
        } else if let Some(seconds) = wait {
            t!("abandon-wait", n = seconds.div_ceil(60))
        } else if let Some(key) = match (ask, status) {
            (Ask::Account, 401) => Some("login-wrong"),
            (Ask::Account, 409) => Some("name-taken"),
            (Ask::Password, 409) => Some("account-changed"),
            (Ask::Password | Ask::Delete, 403) => Some("password-wrong"),
            (_, 429) => Some("too-many-tries"),
            _ => None,
        } {
            t!(key)
        } else {
            let words: String = text.chars().take(200).collect();
            t!("server-refused", why = &words)
        };
        match ask {
            // Signed out meanwhile: the account's games go from the lists.
            Ask::Mine if status == 401 => self.shared.community.mine.clear(),
            // The seek went (withdrawn elsewhere, or too old): stop waiting.
            Ask::SeekState if status == 404 => {
                self.shared.community.waiting = None;
                self.shared.community.error = Some(t!("seek-gone"));
            }
            Ask::Pair => {
                self.shared.community.waiting = None;
                if self.shared.embed.is_some() {
                    fx.push(Effect::ToHost(serde_json::json!({
                        "type": "alquerque:error", "code": "refused", "message": why,
                    })));
                    self.shared.notice = Some(why.clone());
                }
                self.shared.community.error = Some(why);
            }
            Ask::Lobby | Ask::Live | Ask::Stats | Ask::SeekState | Ask::Mine => {
                if status == 0 {
                    self.shared.community.error = Some(why);
                }
            }
            Ask::Me
            | Ask::Account
            | Ask::SignOut
            | Ask::Withdraw
            | Ask::Leaders
            | Ask::Password
            | Ask::Delete => self.shared.community.error = Some(why),
            // Off the lobby: the page's notice says it.
            Ask::Player | Ask::Record => self.shared.notice = Some(why),
        }
    }
}
