//! Challenges and the house bots, on the page: the challenges made to the
//! person in the lobby (each with Accept, and Decline with a reason), the
//! "bots welcome" choice and the offer to let a bot in while waiting, and
//! the form to challenge the player whose page is shown; the button that
//! turns notifications on or off.

use super::community::player_link;
use super::panels::escape;
use super::*;
use crate::ui::LobbyView;

impl App {
    fn write_notify(&self, notify: &crate::ui::NotifyView) {
        self.set_hidden("notify-button", !notify.shown);
        if let Some(button) = self.element("notify-button") {
            let _ = button.set_attribute("data-on", if notify.turn_on { "true" } else { "false" });
            let _ = button.set_attribute("aria-busy", if notify.busy { "true" } else { "false" });
            button.set_text_content(Some(&notify.label));
        }
        self.set_text("notify-note", notify.note.as_deref().unwrap_or_default());
        self.set_hidden("notify-note", notify.note.is_none());
    }

    pub(super) fn write_challenges(&self, view: &LobbyView) {
        self.set_checked("bots-welcome", view.bots_welcome);
        self.write_notify(&view.notify);
        self.set_text("pools", &view.pools);
        self.set_hidden("take-bot", !view.bot_offer);
        let accept = escape(&crate::t!("accept-challenge"));
        let decline = escape(&crate::t!("decline-challenge"));
        let reasons: String = online_play::api::DeclineReason::ALL
            .iter()
            .map(|r| {
                format!(
                    "<option value=\"{}\">{}</option>",
                    escape(r.code()),
                    escape(&crate::ui::reason_words(*r))
                )
            })
            .collect();
        let reason_label = escape(&crate::t!("decline-reason"));
        let rows: String = view
            .challenges
            .iter()
            .map(|c| {
                let id = escape(&c.id);
                format!(
                    "<li>{} <span>{}</span> \
                     <button type=\"button\" class=\"primary\" data-action=\"accept-challenge\" data-id=\"{id}\">{accept}</button> \
                     <select id=\"decline-{id}\" aria-label=\"{reason_label}\">{reasons}</select> \
                     <button type=\"button\" data-action=\"decline-challenge\" data-id=\"{id}\">{decline}</button></li>",
                    player_link(&c.from, &c.who),
                    escape(&c.what),
                )
            })
            .collect();
        self.set_html("challenges", &rows);
        self.set_hidden("challenges-box", view.challenges.is_empty());
        let watch = escape(&crate::t!("watch"));
        let follows: String = view
            .follows
            .iter()
            .map(|f| {
                let game = f
                    .playing
                    .as_ref()
                    .map(|g| {
                        format!(
                            " <button type=\"button\" data-action=\"watch-game\" data-id=\"{}\">{watch}</button>",
                            escape(g)
                        )
                    })
                    .unwrap_or_default();
                format!(
                    "<li>{} <span>{}</span>{game}</li>",
                    player_link(&f.name, &f.title),
                    escape(&f.status)
                )
            })
            .collect();
        self.set_html("follows", &follows);
        self.set_hidden("follows-box", view.follows.is_empty());
        let player = view.player.as_ref();
        let following = player.and_then(|p| p.following);
        self.set_hidden("follow-button", following.is_none());
        if let (Some(player), Some(on), Some(button)) =
            (player, following, self.element("follow-button"))
        {
            let _ = button.set_attribute("data-name", &player.name);
            let _ = button.set_attribute("data-on", if on { "false" } else { "true" });
            button.set_text_content(Some(&crate::t!(if on { "unfollow" } else { "follow" })));
        }
        self.set_hidden("challenge-box", !player.is_some_and(|p| p.challenge));
        if let (Some(player), Some(button)) = (player, self.element("challenge-send")) {
            let _ = button.set_attribute("data-name", &player.name);
        }
    }
}
