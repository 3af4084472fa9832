//! The safety screens on the page: the report form, the notices, a player
//! page's Report, Mute and Block, the page of mutes, blocks and reports,
//! and the moderators' queue and a player's history, written from
//! [`SafetyView`]. Every decision is the [`crate::ui::Ui`]'s.

use web_sys::HtmlElement;

use super::panels::escape;
use super::*;
use crate::ui::{QueueRow, SafetyView, ACTIONS};

impl App {
    pub(super) fn write_safety(&self, view: Option<&SafetyView>) {
        let Some(view) = view else {
            return;
        };
        self.write_report_form(view);
        let notices: String = view
            .notices
            .iter()
            .map(|n| format!("<li>{}</li>", escape(n)))
            .collect();
        self.set_html("notice-list", &notices);
        self.set_html("safety-notices", &notices);
        self.set_hidden("notices", view.notices.is_empty());
        self.set_hidden("moderation-link", !view.moderator);
        for (id, said) in [("safety-said", &view.said), ("mod-said", &view.said)] {
            self.set_text(id, said.as_deref().unwrap_or_default());
            self.set_hidden(id, said.is_none());
        }
        self.set_hidden("safety-signed-out", view.signed_in);
        self.set_hidden("safety-lists", !view.signed_in);
        self.set_html("muted-list", &undo_list(&view.muted, "mute"));
        self.set_html("blocked-list", &undo_list(&view.blocked, "block"));
        let reports: String = view
            .reports
            .iter()
            .map(|r| format!("<li>{}</li>", escape(r)))
            .collect();
        self.set_html("my-reports", &reports);
        self.set_hidden("no-reports", !view.reports.is_empty());
        if let Some(input) = self
            .element("kid-mode")
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        {
            input.set_checked(view.kid);
        }
        self.write_player_safety(view);
        self.set_hidden("chat-report", !view.report_opponent);
        self.write_moderation(view);
    }

    fn write_report_form(&self, view: &SafetyView) {
        let was_open = self
            .element("report-form")
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            .is_some_and(|e| !e.hidden());
        self.set_hidden("report-form", view.form.is_none());
        let Some(form) = &view.form else {
            return;
        };
        self.set_text("report-title", &form.title);
        let options: String = std::iter::once(String::from("<option value=\"\">–</option>"))
            .chain(form.reasons.iter().map(|(code, words)| {
                format!("<option value=\"{code}\">{}</option>", escape(words))
            }))
            .collect();
        self.set_html("report-reason", &options);
        self.set_text("report-said", view.said.as_deref().unwrap_or_default());
        self.set_hidden("report-said", view.said.is_none());
        if !was_open {
            // A fresh form: the quote in the note, the reason to choose.
            if let Some(note) = self
                .element("report-note")
                .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                note.set_value(&form.quote);
            }
            if let Some(select) = self
                .element("report-reason")
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            {
                let _ = select.focus();
            }
        }
    }

    /// A player's page: Report, and Mute and Block or their undoing.
    fn write_player_safety(&self, view: &SafetyView) {
        self.set_hidden("player-safety", view.player.is_none());
        let Some(p) = &view.player else {
            return;
        };
        let name = escape(&p.name);
        let relate = |kind: &str, on: bool, words: &str| {
            format!(
                "<button type=\"button\" data-action=\"relate\" data-name=\"{name}\" data-kind=\"{kind}\" data-on=\"{on}\" aria-pressed=\"{}\">{}</button>",
                !on,
                escape(&crate::t!(words))
            )
        };
        let html = [
            format!(
                "<button type=\"button\" data-action=\"report\" data-name=\"{name}\">{}</button>",
                escape(&crate::t!("report"))
            ),
            relate("mute", !p.muted, if p.muted { "unmute" } else { "mute" }),
            relate(
                "block",
                !p.blocked,
                if p.blocked { "unblock" } else { "block" },
            ),
        ]
        .concat();
        self.set_html("player-safety", &html);
    }

    fn write_moderation(&self, view: &SafetyView) {
        let flags = view.flags.as_deref().unwrap_or_default();
        self.set_hidden("mod-no-flags", view.flags.is_none() || !flags.is_empty());
        let history = escape(&crate::t!("mod-history"));
        let dismiss = escape(&crate::t!("mod-dismiss-flag"));
        let html: String = flags
            .iter()
            .map(|(id, player, text)| {
                format!(
                    "<li><span>{}</span> <button type=\"button\" data-action=\"mod-history\" data-name=\"{}\">{history}</button> <button type=\"button\" data-action=\"dismiss-flag\" data-id=\"{}\">{dismiss}</button></li>",
                    escape(text),
                    escape(player),
                    escape(id)
                )
            })
            .collect();
        self.set_html("mod-flags", &html);
        let queue = view.queue.as_deref().unwrap_or_default();
        self.set_hidden("mod-empty", view.queue.is_none() || !queue.is_empty());
        let html: String = queue.iter().map(queue_row).collect();
        self.set_html("mod-queue", &html);
        self.set_hidden("mod-file", view.file.is_none());
        if let Some(file) = &view.file {
            self.set_text("mod-file-title", &file.title);
            let list = |items: &[String]| -> String {
                if items.is_empty() {
                    return format!(
                        "<li class=\"muted\">{}</li>",
                        escape(&crate::t!("mod-nothing"))
                    );
                }
                items
                    .iter()
                    .map(|i| format!("<li>{}</li>", escape(i)))
                    .collect()
            };
            self.set_html("mod-actions", &list(&file.actions));
            self.set_html("mod-reports", &list(&file.reports));
        }
    }
}

/// A list of players, each with its Undo (a mute's or a block's).
fn undo_list(names: &[String], kind: &str) -> String {
    if names.is_empty() {
        return format!(
            "<li class=\"muted\">{}</li>",
            escape(&crate::t!("nobody-listed"))
        );
    }
    let undo = escape(&crate::t!("undo-relation"));
    names
        .iter()
        .map(|n| {
            let n = escape(n);
            format!(
                "<li><strong>{n}</strong> <button type=\"button\" data-action=\"relate\" data-name=\"{n}\" data-kind=\"{kind}\" data-on=\"false\">{undo}</button></li>"
            )
        })
        .collect()
}

/// An open report with its chat, its game, and the actions on it.
fn queue_row(r: &QueueRow) -> String {
    let id = escape(&r.id);
    let t = |key: &str| escape(&crate::t!(key));
    let chat: String = r
        .chat
        .iter()
        .map(|l| format!("<li>{}</li>", escape(l)))
        .collect();
    let replay = r
        .game
        .as_ref()
        .map(|g| {
            format!(
                "<button type=\"button\" data-action=\"review-played\" data-id=\"{}\">{}</button>",
                escape(g),
                t("mod-replay")
            )
        })
        .unwrap_or_default();
    let note = if r.note.is_empty() {
        String::new()
    } else {
        format!("<p>{}</p>", escape(&r.note))
    };
    let minutes: String = [
        (10, "mute-10m"),
        (60, "mute-1h"),
        (1440, "mute-1d"),
        (10080, "mute-7d"),
    ]
    .iter()
    .map(|(m, key)| format!("<option value=\"{m}\">{}</option>", t(key)))
    .collect();
    let act = |code: &str, key: &str| {
        format!(
            "<button type=\"button\" data-action=\"mod-act\" data-report=\"{id}\" data-act=\"{code}\">{}</button>",
            t(key)
        )
    };
    let actions: String = ACTIONS
        .iter()
        .map(|(_, code, key)| act(code, key))
        .collect();
    format!(
        "<li data-report=\"{id}\"><strong>{}</strong>{note}<ol class=\"chat-log\">{chat}</ol>\
         <p class=\"controls\">{replay}<button type=\"button\" data-action=\"mod-history\" data-name=\"{}\">{}</button></p>\
         <p class=\"controls\"><label>{} <input id=\"mod-reason-{id}\" maxlength=\"500\" autocomplete=\"off\"></label>\
         <label>{} <select id=\"mod-minutes-{id}\">{minutes}</select></label>\
         <label>{} <input id=\"mod-name-{id}\" maxlength=\"20\" autocomplete=\"off\" spellcheck=\"false\"></label></p>\
         <p class=\"controls\">{actions}</p></li>",
        escape(&r.title),
        escape(&r.player),
        t("mod-history"),
        t("mod-reason"),
        t("mod-minutes"),
        t("mod-new-name"),
    )
}
