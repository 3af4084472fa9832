//! Challenges and the house bots, on the page: the challenges made to the
//! person in the lobby (each with Accept, and Decline with a reason), the
//! "bots welcome" choice and the offer to let a bot in while waiting, and
//! the form to challenge the player whose page is shown.

use super::community::player_link;
use super::panels::escape;
use super::*;
use crate::ui::LobbyView;

impl App {
    pub(super) fn write_challenges(&self, view: &LobbyView) {
        self.set_checked("bots-welcome", view.bots_welcome);
        self.set_hidden("take-bot", !view.bot_offer);
        let accept = escape(&crate::t!("accept-challenge"));
        let decline = escape(&crate::t!("decline-challenge"));
        let reasons: String = crate::ui::REASONS
            .iter()
            .map(|r| {
                format!(
                    "<option value=\"{}\">{}</option>",
                    escape(&crate::ui::reason_code(*r)),
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
        let player = view.player.as_ref();
        self.set_hidden("challenge-box", !player.is_some_and(|p| p.challenge));
        if let (Some(player), Some(button)) = (player, self.element("challenge-send")) {
            let _ = button.set_attribute("data-name", &player.name);
        }
    }
}
