//! A game's ending in the words the page shows.

use engine::Side;
use online_play::{EndReason, GameResult};

/// Why a game ended, in words: the engine's own for the rules' endings (as
/// a game on this device shows them), and online play's.
pub fn reason_text(result: GameResult, reason: EndReason) -> &'static str {
    if let Some(outcome) = reason.to_outcome(result) {
        return outcome.reason_text();
    }
    match reason {
        EndReason::OpponentLeft => "opponent left",
        EndReason::Aborted => "aborted",
        EndReason::NobodyJoined => "nobody joined",
        // A rules ending with a result that does not fit it.
        _ => "game over",
    }
}

/// A result as a player or spectator reads it.
pub fn result_text(result: GameResult, reason: EndReason, me: Option<Side>) -> String {
    let words = reason_text(result, reason);
    match (result, result.winner(), me) {
        (GameResult::NoResult, _, _) => format!("No result: {words}"),
        (_, None, _) => format!("Draw: {words}"),
        (_, Some(w), Some(me)) if w == me => format!("You win! ({words})"),
        (_, Some(_), Some(_)) => format!("You lose ({words})"),
        (_, Some(w), None) => format!("{} wins ({words})", w.name()),
    }
}
