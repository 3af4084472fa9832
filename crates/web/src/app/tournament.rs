//! Tournaments on the page: the lobby's list and form, a player's
//! tournaments, a tournament's page (with its countdown ticking each
//! second) and the line above a tournament game, written from the
//! [`crate::ui`]'s views. Every decision is the [`crate::ui::Ui`]'s.

use super::panels::escape;
use super::*;
use crate::ui::{InGameView, TournamentListView, TournamentView};

impl App {
    pub(super) fn write_tournaments(
        &self,
        list: Option<&TournamentListView>,
        page: Option<&TournamentView>,
        in_game: Option<&InGameView>,
    ) {
        if let Some(list) = list {
            let rows: String = list
                .rows
                .iter()
                .map(|(id, name, what)| {
                    format!(
                        "<li><button type=\"button\" class=\"link\" data-action=\"tournament\" data-id=\"{}\"><strong>{}</strong></button> <span class=\"muted\">{}</span></li>",
                        escape(id),
                        escape(name),
                        escape(what)
                    )
                })
                .collect();
            self.set_html("tournament-list", &rows);
            self.set_hidden("no-tournaments", !list.rows.is_empty());
            self.set_hidden("make-tournament-box", !list.can_make);
            self.set_text("tournaments-said", list.said.as_deref().unwrap_or_default());
            self.set_hidden("tournaments-said", list.said.is_none());
            let played: String = list
                .played
                .iter()
                .map(|(id, line)| {
                    format!(
                        "<li><button type=\"button\" class=\"link\" data-action=\"tournament\" data-id=\"{}\">{}</button></li>",
                        escape(id),
                        escape(line)
                    )
                })
                .collect();
            self.set_html("player-tournaments", &played);
            self.set_hidden("player-tournaments-box", list.played.is_empty());
        }
        self.write_tournament_page(page);
        self.set_hidden("in-tournament", in_game.is_none());
        if let Some(g) = in_game {
            self.set_text("in-tournament-line", &g.line);
            self.set_hidden("berserk", !g.berserk);
        }
    }

    fn write_tournament_page(&self, page: Option<&TournamentView>) {
        let until = page.and_then(|p| p.until);
        self.count_down(until);
        let Some(p) = page else {
            return;
        };
        self.set_text("tournament-name", &p.name);
        self.set_text("tournament-about", &p.about);
        self.set_text("tournament-when", &p.when);
        self.set_text("tournament-said", p.said.as_deref().unwrap_or_default());
        self.set_hidden("tournament-said", p.said.is_none());
        self.set_text("tournament-me", p.me.as_deref().unwrap_or_default());
        self.set_hidden("tournament-me", p.me.is_none());
        self.set_hidden("join-tournament", !p.can_join);
        self.set_hidden("tournament-password-box", !(p.can_join && p.private));
        self.set_hidden("pause-tournament", !p.can_pause);
        self.set_hidden("withdraw-tournament", !p.can_withdraw);
        let fire = format!(
            " <span class=\"fire\" title=\"{0}\" aria-label=\"{0}\">×2</span>",
            escape(&crate::t!("on-fire"))
        );
        let head = format!(
            "<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th></th></tr></thead>",
            escape(&crate::t!("col-rank")),
            escape(&crate::t!("col-player")),
            escape(&crate::t!("col-points")),
            escape(&crate::t!("col-games"))
        );
        let rows: String = p
            .standings
            .iter()
            .map(|l| {
                format!(
                    "<tr{}><td>{}</td><td><button type=\"button\" class=\"link\" data-action=\"player\" data-name=\"{}\">{}</button>{}</td><td class=\"points\">{}</td><td class=\"sheet\">{}</td><td class=\"muted\">{}</td></tr>",
                    if l.me { " class=\"me\" aria-current=\"true\"" } else { "" },
                    l.rank,
                    escape(&l.name),
                    escape(&l.name),
                    if l.on_fire { fire.as_str() } else { "" },
                    escape(&l.points),
                    escape(&l.sheet),
                    escape(&l.state)
                )
            })
            .collect();
        if let Some(table) = self.element("tournament-standings") {
            if self.shown.changes("tournament-standings", &rows) {
                table.set_inner_html(&format!("{head}<tbody>{rows}</tbody>"));
            }
        }
        let games: String = p
            .games
            .iter()
            .map(|(id, players)| {
                format!(
                    "<li><button type=\"button\" class=\"link\" data-action=\"watch-game\" data-id=\"{}\">{}</button></li>",
                    escape(id),
                    escape(players)
                )
            })
            .collect();
        self.set_html("tournament-games", &games);
        self.set_hidden("tournament-games-box", p.games.is_empty());
        let podium: String = p
            .podium
            .iter()
            .map(|line| format!("<li>{}</li>", escape(line)))
            .collect();
        self.set_html("tournament-podium", &podium);
        self.set_hidden("tournament-podium-box", p.podium.is_empty());
        self.set_hidden("tournament-chat-box", p.chat.is_none());
        self.set_hidden("tournament-chat-form", !p.can_say);
        let chat: String = p
            .chat
            .iter()
            .flatten()
            .map(|(name, line)| {
                format!(
                    "<li><strong>{}</strong> {}</li>",
                    escape(name),
                    escape(line)
                )
            })
            .collect();
        self.set_html("tournament-chat-log", &chat);
        let rules: String = p
            .rules
            .iter()
            .map(|r| format!("<li>{}</li>", escape(r)))
            .collect();
        self.set_html("tournament-rules", &rules);
    }

    /// Counts down to `until` (seconds since 1970) each second, or stops.
    fn count_down(&self, until: Option<i64>) {
        let now = (js_sys::Date::now() / 1000.0) as i64;
        let mut ticking = self.full.countdown.borrow_mut();
        if ticking.as_ref().map(|(u, _)| *u) == until {
            return;
        }
        *ticking = until.map(|u| {
            let tick = move || {
                with_app(|app| {
                    let now = (js_sys::Date::now() / 1000.0) as i64;
                    app.set_text("tournament-countdown", &crate::ui::countdown(u, now));
                })
            };
            (u, gloo_timers::callback::Interval::new(1000, tick))
        });
        let left = until
            .map(|u| crate::ui::countdown(u, now))
            .unwrap_or_default();
        self.set_text("tournament-countdown", &left);
    }
}
