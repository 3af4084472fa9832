//! Around an online game: its chat (the players', or the spectators'),
//! with quick phrases for phones, a mute of the opponent and a preference
//! to turn chat off; the rematch offered and answered, and the move to the
//! rematch's game; and the rating change a rated game's end brings.

use engine::Side;
use online_play::{ClientMessage, Phrase, Role};

use super::{ChatButton, Effect, Ui};
use crate::online_state::{ChatLine, Seat};
use crate::t;
use crate::ui::FullEffect;

/// The quick phrases' buttons, by their catalog keys ([`phrase_key`]):
/// sent by name, shown in each reader's words.
pub const PHRASES: [&str; 5] = [
    "chat-hello",
    "chat-good-luck",
    "chat-thanks",
    "chat-good-game",
    "chat-well-played",
];

/// A phrase's catalog key (one of [`PHRASES`]).
fn phrase_key(phrase: Phrase) -> &'static str {
    match phrase {
        Phrase::Hello => "chat-hello",
        Phrase::GoodLuck => "chat-good-luck",
        Phrase::Thanks => "chat-thanks",
        Phrase::GoodGame => "chat-good-game",
        Phrase::WellPlayed => "chat-well-played",
    }
}

/// The chat's controls.
pub(super) fn update(ui: &mut Ui, button: ChatButton, fx: &mut Vec<Effect>) {
    if ui.shared.online.is_none() {
        return;
    }
    let text = match button {
        ChatButton::Send(text) => text,
        ChatButton::Phrase(key) => {
            let phrase = Phrase::ALL.into_iter().find(|&p| phrase_key(p) == key);
            if let (Some(phrase), true) = (phrase, ui.shared.prefs.chat) {
                fx.push(Effect::Full(FullEffect::SendOnline(
                    ClientMessage::Phrase { phrase },
                )));
            }
            return;
        }
        ChatButton::Mute(muted) => {
            ui.shared.whole.chat_muted = muted;
            fx.push(Effect::Full(FullEffect::SendOnline(ClientMessage::Mute {
                muted,
            })));
            // Between accounts, the mute is kept on the person's account
            // too, for every game (undone on the safety page).
            if let Some(player) = ui.opponent_account() {
                super::safety::update(
                    ui,
                    super::SafetyButton::Relate {
                        player,
                        kind: "mute".to_string(),
                        on: muted,
                    },
                    fx,
                );
            }
            return;
        }
        ChatButton::Off(off) => {
            ui.shared.prefs.chat = !off;
            fx.push(ui.store_prefs());
            return;
        }
    };
    if !ui.shared.prefs.chat {
        return;
    }
    match online_play::chat_text(&text) {
        Ok(text) => {
            fx.push(Effect::Full(FullEffect::SendOnline(ClientMessage::Chat {
                text,
            })));
            fx.push(Effect::Full(FullEffect::ClearField("chat-text")));
        }
        Err(_) => ui.shared.notice = Some(t!("chat-shape")),
    }
}

impl Ui {
    /// Online, after the game: offer a rematch (or accept the one
    /// offered), or decline the offer.
    pub(super) fn answer_rematch(&mut self, yes: bool, fx: &mut Vec<Effect>) {
        let Some(room) = self
            .shared
            .online
            .as_ref()
            .and_then(|g| g.mirror.room.as_ref())
        else {
            return;
        };
        let message = match (yes, room.rematch_offer.is_some()) {
            (true, true) => ClientMessage::AcceptRematch,
            (true, false) => ClientMessage::OfferRematch,
            (false, true) => ClientMessage::DeclineRematch,
            (false, false) => return,
        };
        fx.push(Effect::Full(FullEffect::SendOnline(message)));
    }

    /// Once both players agreed to a rematch: a player goes to its game
    /// with the same seat token (the sides are swapped there).
    pub(super) fn follow_rematch(&mut self, fx: &mut Vec<Effect>) {
        let Some(online) = self.shared.online.as_ref().map(|g| &g.mirror) else {
            return;
        };
        let (Some(game), Some(token)) = (
            online.room.as_ref().and_then(|r| r.rematch.clone()),
            online.seat.token.clone(),
        ) else {
            return;
        };
        if online.side().is_none() {
            return;
        }
        self.remember_seat(&game, &token, fx);
        let seat = Seat {
            game,
            token: Some(token),
            code: None,
            creator: false,
        };
        self.go_online(seat, fx);
        self.shared.notice = Some(t!("rematch-started"));
    }
}

/// The result panel's online part: the rating change, and the rematch
/// offer to make or answer.
pub fn rematch_view(ui: &Ui) -> Option<RematchView> {
    let online = ui.shared.online.as_ref().map(|g| &g.mirror)?;
    let room = online.room.as_ref().filter(|r| r.is_over())?;
    let me = online.side();
    let rating = room.rated.as_ref().map(|changes| {
        // The person as "You", the other player by name.
        let who = |side: Side| match (me, online.names[side.index()].as_deref()) {
            (Some(me), _) if me == side => t!("you"),
            (_, Some(name)) => crate::community::shown_name(name, ui.shared.prefs.kid),
            (_, None) => t!(crate::i18n::by_side(side, "white", "black")),
        };
        let line = |side: Side, c: &online_play::RatingChange| {
            let mark = if c.provisional { "?" } else { "" };
            t!(
                "rating-change",
                side = &who(side),
                before = &c.before.to_string(),
                after = &format!("{}{mark}", c.after),
                change = &format!("{:+}", c.after - c.before)
            )
        };
        // Yours first.
        let order = match me {
            Some(Side::Black) => [Side::Black, Side::White],
            _ => [Side::White, Side::Black],
        };
        let mut text = order
            .iter()
            .map(|&side| line(side, &changes[side.index()]))
            .collect::<Vec<_>>()
            .join(" ");
        if changes.iter().any(|c| c.provisional) {
            text.push(' ');
            text.push_str(&t!("provisional-note"));
        }
        text
    });
    let offer = match (me, room.rematch_offer) {
        (None, _) => RematchOffer::None,
        (Some(_), None) => RematchOffer::Offer,
        (Some(side), Some(by)) if by == side => RematchOffer::Offered,
        (Some(_), Some(_)) => RematchOffer::Answer,
    };
    Some(RematchView { rating, offer })
}

/// The chat panel, in an online game (none in kid mode).
pub fn chat_view(ui: &Ui) -> Option<ChatView> {
    if ui.shared.prefs.kid {
        return None;
    }
    let online = ui.shared.online.as_ref().map(|g| &g.mirror)?;
    let spectator = online.role == Some(Role::Spectator);
    // An opponent with an account, to a player signed in, can be reported.
    let reportable = ui.opponent_account().is_some();
    let lines = if ui.shared.prefs.chat {
        online
            .chat
            .iter()
            .map(|(from, line)| {
                let theirs = reportable
                    && online
                        .side()
                        .is_some_and(|me| online_play::side_of(*from) == Some(me.other()));
                let who = match (from, online.side()) {
                    (Role::Spectator, _) => t!("chat-spectator"),
                    (role, Some(side)) if online_play::side_of(*role) == Some(side) => {
                        t!("chat-you")
                    }
                    (Role::White, _) => t!("white"),
                    (Role::Black, _) => t!("black"),
                };
                let text = match line {
                    ChatLine::Text(text) => text.clone(),
                    ChatLine::Phrase(phrase) => t!(phrase_key(*phrase)),
                };
                (who, text, theirs)
            })
            .collect()
    } else {
        Vec::new()
    };
    Some(ChatView {
        title: t!(if spectator {
            "chat-spectators"
        } else {
            "chat-players"
        }),
        lines,
        off: !ui.shared.prefs.chat,
        muted: ui.shared.whole.chat_muted,
        mute_shown: !spectator,
        report: reportable,
    })
}

/// What the chat panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatView {
    /// "Chat with your opponent", "Spectators' chat".
    pub title: String,
    /// Who said what, oldest first, and whether the line is the
    /// opponent's, to report.
    pub lines: Vec<(String, String, bool)>,
    /// Chat turned off (nothing shown, nothing sent).
    pub off: bool,
    pub muted: bool,
    /// The mute is for players (of their opponent).
    pub mute_shown: bool,
    /// The opponent can be reported (an account, to a player signed in).
    pub report: bool,
}

/// Where a rematch stands, for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchOffer {
    /// A spectator: nothing to offer.
    None,
    /// Nobody offered yet: the person may.
    Offer,
    /// The person offered: waiting.
    Offered,
    /// The opponent offered: accept or decline.
    Answer,
}

/// The result panel's online part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchView {
    /// Both players' rating changes, in a rated game.
    pub rating: Option<String>,
    pub offer: RematchOffer,
}
