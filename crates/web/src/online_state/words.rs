//! A game's ending in the words the page shows.

use engine::Side;
use online_play::{EndReason, GameResult};

use crate::i18n::by_side;
use crate::t;
use crate::words::outcome_reason;

/// Why a game ended, in words: the rules' endings as a game on this device
/// says them, and online play's own.
pub fn reason_text(result: GameResult, reason: EndReason) -> String {
    if let Some(outcome) = reason.to_outcome(result) {
        return outcome_reason(outcome);
    }
    t!(match reason {
        EndReason::OpponentLeft => "reason-opponent-left",
        EndReason::Aborted => "reason-aborted",
        EndReason::NobodyJoined => "reason-nobody-joined",
        EndReason::OutOfTime => "reason-out-of-time",
        EndReason::OutOfTimeCannotWin => "reason-out-of-time-cannot-win",
        // A rules ending with a result that does not fit it.
        _ => "reason-game-over",
    })
}

/// A result as a player or spectator reads it.
pub fn result_text(result: GameResult, reason: EndReason, me: Option<Side>) -> String {
    let reason = &reason_text(result, reason);
    match (result, result.winner(), me) {
        (GameResult::NoResult, _, _) => t!("no-result-because", reason = reason),
        (_, None, _) => t!("draw-because", reason = reason),
        (_, Some(w), Some(me)) if w == me => t!("you-win-because", reason = reason),
        (_, Some(_), Some(_)) => t!("you-lose-because", reason = reason),
        (_, Some(w), None) => t!(
            by_side(w, "white-wins-because", "black-wins-because"),
            reason = reason
        ),
    }
}
