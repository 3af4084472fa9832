//! Keeping players safe, on the page: reporting a player (from their page,
//! an online game or one line of its chat) with a reason and a note;
//! muting and blocking in one press, and the page of both lists where each
//! is undone, beside the person's reports and whether each was handled;
//! what moderators did, told to the player it concerns; kid mode; and for
//! moderators, the queue of open reports with each one's chat and game, a
//! player's history, and the actions. The answers come back through the
//! lobby's ([`Ui::safety_came`], [`Ui::safety_refused`]).

use online_play::api::{
    Flag, Me, ModAction, ModRequest, MyReport, Notice, OpenReport, PlayerFile, RelationChange,
    RelationKind, Relations, ReportReason, ReportRequest,
};

use super::{Effect, SafetyButton, Screen, Ui};
use crate::api::{ApiCall, ApiReply};
use crate::t;

/// The report form, while open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ReportForm {
    pub(super) player: String,
    pub(super) game: Option<String>,
    /// What the note starts with (a chat line quoted).
    pub(super) quote: String,
}

/// What the page knows of the person's safety, and the moderators' queue.
#[derive(Clone, Debug, Default)]
pub struct Safety {
    pub(super) form: Option<ReportForm>,
    /// The person's mutes and blocks, once asked.
    pub(super) relations: Option<Relations>,
    pub(super) reports: Vec<MyReport>,
    pub(super) notices: Vec<Notice>,
    pub(super) moderator: bool,
    /// The open reports, once asked.
    pub(super) queue: Option<Vec<OpenReport>>,
    pub(super) file: Option<PlayerFile>,
    /// The open fair-play flags, once asked.
    pub(super) flags: Option<Vec<Flag>>,
    /// What was done or refused last, in words.
    pub(super) said: Option<String>,
}

/// The reasons a report gives, with their catalog keys, in the form's order.
pub const REASONS: [(ReportReason, &str, &str); 5] = [
    (ReportReason::Insult, "insult", "reason-insult"),
    (ReportReason::Cheating, "cheating", "reason-cheating"),
    (ReportReason::Stalling, "stalling", "reason-stalling"),
    (ReportReason::Name, "name", "reason-name"),
    (ReportReason::Other, "other", "reason-other"),
];

/// The actions a moderator takes, by code, with their catalog keys, in
/// the queue's order.
pub const ACTIONS: [(ModAction, &str, &str); 7] = [
    (ModAction::Dismiss, "dismiss", "mod-dismiss"),
    (ModAction::Warn, "warn", "mod-warn"),
    (ModAction::Mute, "mute", "mod-mute"),
    (ModAction::DeleteChat, "delete_chat", "mod-delete-chat"),
    (ModAction::Rename, "rename", "mod-rename"),
    (ModAction::Cheat, "cheat", "mod-cheat"),
    (ModAction::Close, "close", "mod-close"),
];

/// Takes a control of the safety screens.
pub(super) fn update(ui: &mut Ui, button: SafetyButton, fx: &mut Vec<Effect>) {
    let signed_in = ui.shared.whole.community.me.is_some();
    let s = &mut ui.shared.whole.safety;
    s.said = None;
    match button {
        SafetyButton::Open => {
            ui.show(Screen::Safety);
            if signed_in {
                ui.call(ApiCall::Relations, fx);
                ui.call(ApiCall::MyReports, fx);
            }
            ui.call(ApiCall::Me, fx);
        }
        SafetyButton::Report { player, game } => {
            s.form = Some(ReportForm {
                player,
                game,
                quote: String::new(),
            });
        }
        SafetyButton::ReportOpponent { line } => ui.report_opponent(line),
        SafetyButton::CancelReport => s.form = None,
        SafetyButton::SendReport { reason, note } => {
            let Some(form) = s.form.as_ref() else {
                return;
            };
            let Some((reason, _, _)) = REASONS.iter().find(|(_, code, _)| *code == reason) else {
                s.said = Some(t!("report-pick-reason"));
                return;
            };
            let call = ApiCall::Report(ReportRequest {
                player: form.player.clone(),
                reason: *reason,
                note: note.trim().to_string(),
                game: form.game.clone(),
            });
            ui.call(call, fx);
        }
        SafetyButton::Relate { player, kind, on } => {
            let kind = match kind.as_str() {
                "block" => RelationKind::Block,
                _ => RelationKind::Mute,
            };
            let call = ApiCall::Relate(RelationChange { player, kind, on });
            ui.call(call, fx);
        }
        SafetyButton::ReadNotices => ui.call(ApiCall::NoticesRead, fx),
        SafetyButton::Kid(on) => {
            ui.shared.prefs.kid = on;
            fx.push(ui.store_prefs());
        }
        SafetyButton::Moderation => {
            ui.show(Screen::Moderation);
            ui.call(ApiCall::ModReports, fx);
            ui.call(ApiCall::ModFlags, fx);
        }
        SafetyButton::History(name) => ui.call(ApiCall::ModPlayer(name), fx),
        SafetyButton::DismissFlag(id) => ui.call(ApiCall::DismissFlag(id), fx),
        SafetyButton::Act {
            report,
            action,
            reason,
            minutes,
            name,
        } => {
            let Some((action, _, _)) = ACTIONS.iter().find(|(_, code, _)| *code == action) else {
                return;
            };
            let reason = reason.trim().to_string();
            if reason.is_empty() {
                s.said = Some(t!("mod-reason-needed"));
                return;
            }
            let call = ApiCall::ModAct(ModRequest {
                report,
                action: *action,
                reason,
                minutes: minutes.trim().parse().ok(),
                name: Some(name.trim().to_string()).filter(|n| !n.is_empty()),
            });
            ui.call(call, fx);
        }
    }
}

impl Ui {
    /// Opens the report form on the online game's opponent, quoting the
    /// chat line `line` if given.
    fn report_opponent(&mut self, line: Option<usize>) {
        let Some(opponent) = self.opponent_account() else {
            return;
        };
        let Some(online) = self.shared.online.as_ref().map(|g| &g.mirror) else {
            return;
        };
        let quote = line
            .and_then(|i| online.chat.get(i))
            .map(|(_, line)| match line {
                crate::online_state::ChatLine::Text(text) => format!("«{text}» "),
                crate::online_state::ChatLine::Phrase(_) => String::new(),
            })
            .unwrap_or_default();
        self.shared.whole.safety.form = Some(ReportForm {
            player: opponent,
            game: Some(online.seat.game.clone()),
            quote,
        });
    }

    /// The account of the online game's opponent, when the person plays
    /// it signed in and the opponent has an account (mutes, blocks and
    /// reports are between accounts).
    pub(super) fn opponent_account(&self) -> Option<String> {
        self.shared.whole.community.me.as_ref()?;
        let online = self.shared.online.as_ref().map(|g| &g.mirror)?;
        let side = online.side()?;
        let name = online.names[side.other().index()].as_deref()?;
        match online_play::shown_name(name) {
            (_, true) => None,
            (account, false) => Some(account.to_string()),
        }
    }

    /// Who `/api/me` says the person is: whether they moderate, and what
    /// they are to be told.
    pub(super) fn me_came(&mut self, me: &Me) {
        let s = &mut self.shared.whole.safety;
        s.moderator = me.moderator;
        s.notices = me.notices.clone();
        if me.name.is_none() {
            *s = Safety::default();
        }
    }

    /// An answer to one of the safety calls.
    pub(super) fn safety_came(&mut self, call: &ApiCall, reply: ApiReply, fx: &mut Vec<Effect>) {
        let s = &mut self.shared.whole.safety;
        match reply {
            ApiReply::Filed if matches!(call, ApiCall::Report(_)) => {
                s.form = None;
                s.said = Some(t!("report-received"));
                self.shared.notice = Some(t!("report-received"));
                if self.screen.screen() == Screen::Safety {
                    self.call(ApiCall::MyReports, fx);
                }
            }
            ApiReply::Filed => {
                s.said = Some(t!("mod-done"));
                self.call(ApiCall::ModReports, fx);
            }
            ApiReply::MyReports(reports) => s.reports = reports,
            ApiReply::Relations(relations) => s.relations = Some(relations),
            ApiReply::ModReports(queue) => s.queue = Some(queue),
            ApiReply::PlayerFile(file) => s.file = Some(file),
            ApiReply::Flags(flags) => s.flags = Some(flags),
            _ => {}
        }
    }

    /// One of the safety calls refused: said where the person is looking.
    pub(super) fn safety_refused(&mut self, why: String) {
        self.shared.whole.safety.said = Some(why.clone());
        if self.shared.whole.safety.form.is_none() {
            self.shared.notice = Some(why);
        }
    }

    /// Whether `player` is muted (`kind` mute) or blocked by the person, as
    /// far as the page knows.
    pub(super) fn relation(&self, player: &str, kind: RelationKind) -> bool {
        let Some(r) = self.shared.whole.safety.relations.as_ref() else {
            return false;
        };
        let list = match kind {
            RelationKind::Mute => &r.muted,
            RelationKind::Block => &r.blocked,
        };
        list.iter().any(|n| n.eq_ignore_ascii_case(player))
    }
}

pub use super::safety_view::{view, FileView, QueueRow, ReportFormView, SafetyView};
