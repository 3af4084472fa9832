//! The lobby, the Watch screen and an online game's chat and rematch, on
//! the page: requests to the game server made as the [`crate::ui::Ui`]
//! asks (their answers reported as [`Action::Http`]), and the views
//! written into the whole app's markup. Every decision is the `Ui`'s.

#[cfg(feature = "full")]
use web_sys::RequestInit;

use super::panels::escape;
use super::*;
use crate::ui::{ChatView, LobbyView, RematchOffer, RematchView};
use crate::ui::{FullAction, LobbyMsg};

impl App {
    /// Calls the game server; the answer, read, comes back as
    /// [`LobbyMsg::Api`] (status 0 when the server cannot be reached).
    #[cfg(feature = "full")]
    pub(super) fn call(&self, call: crate::api::ApiCall) {
        let init = match call.body() {
            Some(body) => super::full::json_request(call.method(), &body),
            None => {
                let init = RequestInit::new();
                init.set_method(call.method());
                init
            }
        };
        let window = self.window.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let (status, text) = request(&window, &call.path(), &init)
                .await
                .unwrap_or_default();
            let reply = crate::api::decode(&call, status, &text);
            dispatch(Action::Full(FullAction::Lobby(LobbyMsg::Api(call, reply))));
        });
    }

    /// The lobby and the Watch screen.
    pub(super) fn write_lobby(&self, view: Option<&LobbyView>) {
        let Some(view) = view else {
            return;
        };
        self.set_text("lobby-error", view.error.as_deref().unwrap_or_default());
        self.set_hidden("lobby-error", view.error.is_none());
        self.set_hidden("signed-out", view.me.is_some());
        self.set_hidden("signed-in", view.me.is_none());
        self.set_hidden("account-settings", view.me.is_none());
        let me = view.me.as_deref().unwrap_or_default();
        self.set_text("signed-in-as", &crate::t!("signed-in-as", name = me));
        if let Some(input) = self
            .element("guest-name")
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        {
            // Not while the person types in it.
            let typing = self
                .document
                .active_element()
                .is_some_and(|a| a.id() == "guest-name");
            if !typing && input.value() != view.guest {
                input.set_value(&view.guest);
            }
        }
        self.set_hidden("seeking", view.waiting.is_none());
        self.set_text("seeking-text", view.waiting.as_deref().unwrap_or_default());
        if let Some(button) = self.element("my-page") {
            let _ = button.set_attribute("data-name", me);
        }
        self.write_players(view);
        self.write_challenges(view);
        let accept = crate::t!("accept");
        let seeks: String = view
            .seeks
            .iter()
            .map(|s| {
                let button = if s.own {
                    format!("<em>{}</em>", escape(&crate::t!("your-seek")))
                } else {
                    format!(
                        "<button type=\"button\" data-action=\"accept-seek\" data-seek=\"{}\">{}</button>",
                        escape(&s.id),
                        escape(&accept)
                    )
                };
                let who = match &s.account {
                    Some(name) => player_link(name, &s.who),
                    None => format!("<strong>{}</strong>", escape(&s.who)),
                };
                format!(
                    "<li>{who} <span>{}</span> {button}</li>",
                    escape(&s.what)
                )
            })
            .collect();
        self.set_html("seeks", &seeks);
        self.set_hidden("no-seeks", !view.seeks.is_empty());
        let mine: String = view
            .mine
            .iter()
            .map(|g| {
                format!(
                    "<li{}><button type=\"button\" class=\"link\" data-action=\"resume\" data-id=\"{}\">{}</button></li>",
                    if g.your_turn { " class=\"your-turn\"" } else { "" },
                    escape(&g.id),
                    escape(&g.text)
                )
            })
            .collect();
        self.set_html("mine", &mine);
        self.set_hidden("mine-box", view.mine.is_empty());
        self.set_hidden("home-online", !view.home);
        self.set_html("home-mine", &mine);
        self.set_hidden("home-mine-box", view.mine.is_empty());
        let stats: String = view
            .stats
            .iter()
            .map(|(game, line)| {
                format!(
                    "<li><strong>{}</strong> <span>{}</span></li>",
                    escape(game),
                    escape(line)
                )
            })
            .collect();
        self.set_html("site-stats", &stats);
        self.set_html("home-stats", &stats);
        self.set_hidden("home-stats-box", view.stats.is_empty());
        let watch = crate::t!("watch");
        let live: String = view
            .live
            .iter()
            .map(|g| {
                format!(
                    "<li{}><strong>{}</strong> <span>{}</span> <span class=\"clock-line\">{}</span> <span class=\"muted\">{}</span> <button type=\"button\" data-action=\"watch-game\" data-id=\"{}\">{}</button></li>",
                    if g.featured { " class=\"featured\"" } else { "" },
                    escape(&g.players),
                    escape(&g.what),
                    escape(&g.clock),
                    escape(&g.more),
                    escape(&g.id),
                    escape(&watch)
                )
            })
            .collect();
        self.set_html("live-games", &live);
        self.set_hidden("live-empty", !view.live.is_empty());
    }

    /// A player's page, and the lobby's leaderboard.
    fn write_players(&self, view: &LobbyView) {
        let leaders = view.leaders.as_ref();
        let rows: String = leaders
            .map(|l| {
                l.rows
                    .iter()
                    .map(|r| {
                        format!(
                            "<li><span>{}.</span> {} <span>{}</span></li>",
                            r.place,
                            player_link(&r.name, &r.name),
                            escape(&r.text)
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        self.set_html("leaders", &rows);
        self.set_hidden("no-leaders", leaders.is_none_or(|l| !l.rows.is_empty()));
        if let Ok(buttons) = self.document.query_selector_all("[data-action=leaders]") {
            for i in 0..buttons.length() {
                if let Some(b) = buttons.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    let on = leaders
                        .is_some_and(|l| b.get_attribute("data-game").as_deref() == Some(l.game));
                    let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
                }
            }
        }
        let Some(player) = &view.player else {
            self.set_text("player-name", "");
            return;
        };
        self.set_text("player-name", &player.title);
        let list = |items: &mut dyn Iterator<Item = &String>| -> String {
            items
                .map(|text| format!("<li>{}</li>", escape(text)))
                .collect()
        };
        self.set_html("player-ratings", &list(&mut player.ratings.iter()));
        self.set_hidden("no-ratings", !player.ratings.is_empty());
        self.set_html("player-results", &list(&mut player.results.iter()));
        let review = crate::t!("review");
        let games: String = player
            .games
            .iter()
            .map(|(id, text)| {
                format!(
                    "<li><span>{}</span> <button type=\"button\" data-action=\"review-played\" data-id=\"{}\">{}</button></li>",
                    escape(text),
                    escape(id),
                    escape(&review)
                )
            })
            .collect();
        self.set_html("player-games", &games);
        self.set_hidden("no-games-yet", !player.games.is_empty());
    }

    /// An online game's chat.
    pub(super) fn write_chat(&self, view: Option<&ChatView>) {
        self.set_hidden("chat", view.is_none());
        let Some(view) = view else {
            return;
        };
        self.set_text("chat-title", &view.title);
        let flag = escape(&crate::t!("report-line"));
        let lines: String = view
            .lines
            .iter()
            .enumerate()
            .map(|(i, (who, text, theirs))| {
                let report = if *theirs {
                    format!(
                        " <button type=\"button\" class=\"flag\" data-action=\"report-opponent\" data-line=\"{i}\" aria-label=\"{flag}\" title=\"{flag}\">⚑</button>"
                    )
                } else {
                    String::new()
                };
                format!(
                    "<li><strong>{}</strong> {}{report}</li>",
                    escape(who),
                    escape(text)
                )
            })
            .collect();
        if self.set_html("chat-log", &lines) {
            // The latest line in sight, inside the log only.
            if let Some(log) = self.element("chat-log") {
                log.set_scroll_top(log.scroll_height());
            }
        }
        self.set_hidden("chat-talk", view.off);
        self.set_hidden("chat-mute-box", !view.mute_shown || view.off);
        for (id, on) in [("chat-mute", view.muted), ("chat-off", view.off)] {
            if let Some(input) = self
                .element(id)
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                input.set_checked(on);
            }
        }
    }

    /// An online game's rating change and rematch offer, after its end.
    pub(super) fn write_rematch(&self, view: Option<&RematchView>) {
        let rating = view.and_then(|v| v.rating.as_deref());
        self.set_hidden("rating-change", rating.is_none());
        self.set_text("rating-change", rating.unwrap_or_default());
        let offer = view.map_or(RematchOffer::None, |v| v.offer);
        self.set_hidden("rematch-box", offer == RematchOffer::None);
        let (text, yes) = match offer {
            RematchOffer::Answer => ("rematch-asked", "accept"),
            RematchOffer::Offered => ("rematch-waiting", "rematch"),
            _ => ("rematch-offer", "rematch"),
        };
        self.set_text("rematch-text", &crate::t!(text));
        self.set_text("rematch-yes", &crate::t!(yes));
        self.set_disabled("rematch-yes", offer == RematchOffer::Offered);
        self.set_hidden("rematch-no", offer != RematchOffer::Answer);
    }

    /// Sets the inner HTML of element `id` if it changed; whether it did.
    /// Writes a list's markup if it changed since it was last written
    /// (compared by value, [`crate::shown`]); whether it was.
    pub(super) fn set_html(&self, id: &str, html: &str) -> bool {
        match self.element(id) {
            Some(el) if self.shown.changes(id, html) => {
                el.set_inner_html(html);
                true
            }
            _ => false,
        }
    }
}

/// A button opening `name`'s page, reading `text`.
pub(super) fn player_link(name: &str, text: &str) -> String {
    format!(
        "<button type=\"button\" class=\"link\" data-action=\"player\" data-name=\"{}\"><strong>{}</strong></button>",
        escape(name),
        escape(text)
    )
}

/// Fetches `path` beside the page: the status and the body.
#[cfg(feature = "full")]
async fn request(
    window: &Window,
    path: &str,
    init: &RequestInit,
) -> Result<(u16, String), JsValue> {
    use wasm_bindgen_futures::JsFuture;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str_and_init(path, init))
        .await?
        .dyn_into()?;
    let text = JsFuture::from(response.text()?).await?;
    Ok((response.status(), text.as_string().unwrap_or_default()))
}
