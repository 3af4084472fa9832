//! What the safety screens show, in words: the report form, the notices,
//! the mutes and blocks with the person's reports, a player's page's
//! buttons, and the moderators' queue and a player's history.

use online_play::api::{Flag, FlagKind, Notice, OpenReport, RelationKind};

use super::safety::REASONS;
use super::Ui;
use crate::community::utc_time;
use crate::t;

/// The safety screens and the report form, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafetyView {
    pub form: Option<ReportFormView>,
    /// What was done or refused last.
    pub said: Option<String>,
    /// What moderators did that the person is told, in words.
    pub notices: Vec<String>,
    pub signed_in: bool,
    pub muted: Vec<String>,
    pub blocked: Vec<String>,
    /// The person's reports, newest first: "Bob · Insult · 2026-11-27
    /// 22:10 UTC · Handled".
    pub reports: Vec<String>,
    pub kid: bool,
    pub moderator: bool,
    /// The player whose page is on show, to report, mute or block (none on
    /// the person's own page, or signed out).
    pub player: Option<PlayerButtons>,
    /// The online game's opponent can be reported from its chat.
    pub report_opponent: bool,
    pub queue: Option<Vec<QueueRow>>,
    pub file: Option<FileView>,
    /// The open fair-play flags: (id, player, what it says).
    pub flags: Option<Vec<(String, String, String)>>,
}

/// The report form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportFormView {
    /// "Report Bob".
    pub title: String,
    /// What the note starts with.
    pub quote: String,
    /// (code, words) of each reason.
    pub reasons: Vec<(&'static str, String)>,
}

/// A player's page's buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerButtons {
    pub name: String,
    pub muted: bool,
    pub blocked: bool,
}

/// An open report in the moderators' queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueRow {
    pub id: String,
    /// The reported account.
    pub player: String,
    /// "ana reports bob: Insult · 2026-11-27 22:10 UTC".
    pub title: String,
    pub note: String,
    /// The game's chat as the server kept it: "White: …".
    pub chat: Vec<String>,
    /// The game, to replay.
    pub game: Option<String>,
}

/// A player's history, for moderators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileView {
    /// "History of bob".
    pub title: String,
    pub actions: Vec<String>,
    pub reports: Vec<String>,
}

/// A notice to `me` in words.
fn notice_words(notice: &Notice, me: &str) -> String {
    match notice {
        Notice::Muted { reason, until } => {
            t!("notice-muted", until = &utc_time(*until), reason = reason)
        }
        Notice::Warned { reason, .. } => t!("notice-warned", reason = reason),
        Notice::ReportHandled { player, .. } => t!("notice-handled", player = player),
        Notice::Marked { reason } => t!("notice-marked", reason = reason),
        Notice::Renamed { reason, .. } => t!("notice-renamed", name = me, reason = reason),
    }
}

/// What a fair-play flag says, in words.
fn flag_words(flag: &Flag) -> String {
    let [a, b] = flag.figures;
    match flag.kind {
        FlagKind::Farming => t!(
            "flag-farming",
            player = &flag.player,
            other = flag.other.as_deref().unwrap_or_default(),
            n = &a.to_string(),
            days = &b.to_string()
        ),
        FlagKind::EngineUse => t!(
            "flag-engine",
            player = &flag.player,
            perfect = &a.to_string(),
            decisive = &b.to_string()
        ),
    }
}

/// A reason's words, from its code.
fn reason_words(reason: online_play::api::ReportReason) -> String {
    let key = REASONS
        .iter()
        .find(|(r, _, _)| *r == reason)
        .map_or("reason-other", |(_, _, key)| key);
    t!(key)
}

/// A moderator's action's words, from its code.
fn action_words(code: &str) -> String {
    match super::safety::ACTIONS.iter().find(|(_, c, _)| *c == code) {
        Some((_, _, key)) => t!(key),
        None => code.to_string(),
    }
}

impl QueueRow {
    fn of(r: &OpenReport) -> QueueRow {
        QueueRow {
            id: r.id.clone(),
            player: r.player.clone(),
            title: t!(
                "mod-report-line",
                reporter = &r.reporter,
                player = &r.player,
                reason = &reason_words(r.reason),
                when = &utc_time(r.created)
            ),
            note: r.note.clone(),
            chat: r
                .chat
                .iter()
                .map(|l| {
                    let side = match l.side.as_str() {
                        "white" => t!("white"),
                        "black" => t!("black"),
                        _ => t!("chat-spectator"),
                    };
                    format!("{side}: {}", l.line)
                })
                .collect(),
            game: r.game.clone(),
        }
    }
}

/// The safety screens and the report form, as shown.
pub fn view(ui: &Ui) -> Option<SafetyView> {
    let s = &ui.shared.whole.safety;
    let me = ui.shared.whole.community.me.as_deref();
    let relations = s.relations.clone().unwrap_or_default();
    let player = match (&ui.screen, me) {
        (super::ScreenState::Player(name), Some(me)) if !name.eq_ignore_ascii_case(me) => {
            Some(PlayerButtons {
                name: name.clone(),
                muted: ui.relation(name, RelationKind::Mute),
                blocked: ui.relation(name, RelationKind::Block),
            })
        }
        _ => None,
    };
    Some(SafetyView {
        form: s.form.as_ref().map(|f| ReportFormView {
            title: t!("report-title", player = &f.player),
            quote: f.quote.clone(),
            reasons: REASONS
                .iter()
                .map(|(_, code, key)| (*code, t!(key)))
                .collect(),
        }),
        said: s.said.clone(),
        notices: s
            .notices
            .iter()
            .map(|n| notice_words(n, me.unwrap_or_default()))
            .collect(),
        signed_in: me.is_some(),
        muted: relations.muted,
        blocked: relations.blocked,
        reports: s
            .reports
            .iter()
            .map(|r| {
                [
                    r.player.clone(),
                    reason_words(r.reason),
                    utc_time(r.created),
                    t!(if r.handled {
                        "report-handled"
                    } else {
                        "report-open"
                    }),
                ]
                .join(" · ")
            })
            .collect(),
        kid: ui.shared.prefs.kid,
        moderator: s.moderator,
        player,
        report_opponent: ui.opponent_account().is_some(),
        queue: s
            .queue
            .as_ref()
            .map(|q| q.iter().map(QueueRow::of).collect()),
        flags: s.flags.as_ref().map(|flags| {
            flags
                .iter()
                .map(|f| (f.id.clone(), f.player.clone(), flag_words(f)))
                .collect()
        }),
        file: s.file.as_ref().map(|f| FileView {
            title: t!("mod-history-of", player = &f.player),
            actions: f
                .actions
                .iter()
                .map(|a| {
                    format!(
                        "{} · {} · {} · {}",
                        utc_time(a.created),
                        action_words(&a.action),
                        a.moderator,
                        a.reason
                    )
                })
                .collect(),
            reports: f
                .reports
                .iter()
                .map(|r| {
                    let mut line = format!(
                        "{} · {} · {}",
                        utc_time(r.created),
                        r.reporter,
                        reason_words(r.reason)
                    );
                    if !r.note.is_empty() {
                        line.push_str(" · ");
                        line.push_str(&r.note);
                    }
                    line
                })
                .collect(),
        }),
    })
}
