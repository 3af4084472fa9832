//! How a game ended, as typed values: the result and its reason. The
//! engine's reasons map one to one onto [`EndReason`]; online play adds its
//! own (a resignation, an abort, an opponent who left, a friend who never
//! came). The page words them; nothing here is prose.
//!
//! On the wire both are stable snake_case strings. Events stored before the
//! values were typed carried English (`"1-0"`, `"no pieces left"`): those are
//! still read, so old games replay.

use engine::{DrawReason, Outcome, Side, WinReason};
use serde::{Deserialize, Serialize};

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    #[serde(alias = "1-0")]
    WhiteWins,
    #[serde(alias = "0-1")]
    BlackWins,
    #[serde(alias = "1/2-1/2")]
    Draw,
    /// Ended without a result (aborted, or nobody joined).
    #[serde(alias = "*")]
    NoResult,
}

impl GameResult {
    /// A win for `side`.
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if there is one.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::WhiteWins => Some(Side::White),
            GameResult::BlackWins => Some(Side::Black),
            GameResult::Draw | GameResult::NoResult => None,
        }
    }

    /// The result in record form: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_record(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::NoResult => "*",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    // The engine's wins ([`WinReason`]).
    #[serde(alias = "no pieces left")]
    NoPieces,
    #[serde(alias = "no legal move")]
    NoMoves,
    #[serde(alias = "men against a lone man")]
    MenAgainstLoneMan,
    Checkmate,
    Resignation,
    // The engine's draws ([`DrawReason`]).
    #[serde(alias = "neither side can move")]
    BothBlocked,
    #[serde(alias = "threefold repetition")]
    Repetition,
    #[serde(alias = "no progress")]
    NoProgress,
    #[serde(alias = "one piece each")]
    OnePieceEach,
    Stalemate,
    #[serde(alias = "king against king")]
    BareKings,
    Agreement,
    // Online play's own.
    /// Claimed after the opponent had been away long enough.
    #[serde(alias = "opponent left")]
    OpponentLeft,
    /// Called off before both sides had moved.
    Aborted,
    /// The join code expired with the second seat empty.
    #[serde(alias = "nobody joined")]
    NobodyJoined,
    /// The loser's clock ran out.
    OutOfTime,
    /// A clock ran out, but the other side could not have won by any
    /// sequence of moves: a draw.
    OutOfTimeCannotWin,
}

impl From<WinReason> for EndReason {
    fn from(reason: WinReason) -> EndReason {
        match reason {
            WinReason::NoPieces => EndReason::NoPieces,
            WinReason::NoMoves => EndReason::NoMoves,
            WinReason::MenAgainstLoneMan => EndReason::MenAgainstLoneMan,
            WinReason::Checkmate => EndReason::Checkmate,
            WinReason::Resignation => EndReason::Resignation,
        }
    }
}

impl From<DrawReason> for EndReason {
    fn from(reason: DrawReason) -> EndReason {
        match reason {
            DrawReason::BothBlocked => EndReason::BothBlocked,
            DrawReason::Repetition => EndReason::Repetition,
            DrawReason::NoProgress => EndReason::NoProgress,
            DrawReason::OnePieceEach => EndReason::OnePieceEach,
            DrawReason::Stalemate => EndReason::Stalemate,
            DrawReason::BareKings => EndReason::BareKings,
            DrawReason::Agreement => EndReason::Agreement,
        }
    }
}

impl EndReason {
    /// The engine's outcome this ending stands for, when it is one the
    /// engine knows (online play's own reasons are not).
    pub fn to_outcome(self, result: GameResult) -> Option<Outcome> {
        let win = |reason| {
            result
                .winner()
                .map(|winner| Outcome::Win { winner, reason })
        };
        let draw = |reason| (result == GameResult::Draw).then_some(Outcome::Draw { reason });
        match self {
            EndReason::NoPieces => win(WinReason::NoPieces),
            EndReason::NoMoves => win(WinReason::NoMoves),
            EndReason::MenAgainstLoneMan => win(WinReason::MenAgainstLoneMan),
            EndReason::Checkmate => win(WinReason::Checkmate),
            EndReason::Resignation => win(WinReason::Resignation),
            EndReason::BothBlocked => draw(DrawReason::BothBlocked),
            EndReason::Repetition => draw(DrawReason::Repetition),
            EndReason::NoProgress => draw(DrawReason::NoProgress),
            EndReason::OnePieceEach => draw(DrawReason::OnePieceEach),
            EndReason::Stalemate => draw(DrawReason::Stalemate),
            EndReason::BareKings => draw(DrawReason::BareKings),
            EndReason::Agreement => draw(DrawReason::Agreement),
            EndReason::OpponentLeft
            | EndReason::Aborted
            | EndReason::NobodyJoined
            | EndReason::OutOfTime
            | EndReason::OutOfTimeCannotWin => None,
        }
    }
}

/// The result and reason of an outcome the engine's rules reached.
pub fn ending_of(outcome: Outcome) -> (GameResult, EndReason) {
    match outcome {
        Outcome::Win { winner, reason } => (GameResult::win_for(winner), reason.into()),
        Outcome::Draw { reason } => (GameResult::Draw, reason.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINS: [WinReason; 5] = [
        WinReason::NoPieces,
        WinReason::NoMoves,
        WinReason::MenAgainstLoneMan,
        WinReason::Checkmate,
        WinReason::Resignation,
    ];
    const DRAWS: [DrawReason; 7] = [
        DrawReason::BothBlocked,
        DrawReason::Repetition,
        DrawReason::NoProgress,
        DrawReason::OnePieceEach,
        DrawReason::Stalemate,
        DrawReason::BareKings,
        DrawReason::Agreement,
    ];

    fn outcomes() -> Vec<Outcome> {
        let mut all: Vec<Outcome> = DRAWS
            .iter()
            .map(|&reason| Outcome::Draw { reason })
            .collect();
        for winner in [Side::White, Side::Black] {
            all.extend(WINS.iter().map(|&reason| Outcome::Win { winner, reason }));
        }
        all
    }

    #[test]
    fn every_engine_outcome_goes_there_and_back() {
        for outcome in outcomes() {
            let (result, reason) = ending_of(outcome);
            assert_eq!(result.as_record(), outcome.result_text());
            assert_eq!(reason.to_outcome(result), Some(outcome));
        }
        assert_eq!(EndReason::Aborted.to_outcome(GameResult::NoResult), None);
        assert_eq!(EndReason::Agreement.to_outcome(GameResult::WhiteWins), None);
    }

    fn text<T: Serialize>(value: T) -> String {
        serde_json::to_string(&value).unwrap_or_default()
    }

    #[test]
    fn the_wire_form_is_snake_case_and_old_english_still_reads() {
        assert_eq!(text(GameResult::WhiteWins), r#""white_wins""#);
        assert_eq!(text(GameResult::NoResult), r#""no_result""#);
        assert_eq!(
            text(EndReason::MenAgainstLoneMan),
            r#""men_against_lone_man""#
        );
        assert_eq!(text(EndReason::OpponentLeft), r#""opponent_left""#);
        // What events stored as English said, for every reason the engine
        // words, and online play's own.
        for outcome in outcomes() {
            let (result, reason) = ending_of(outcome);
            let old_result = format!("{:?}", outcome.result_text());
            let old_reason = format!("{:?}", outcome.reason_text());
            assert_eq!(
                serde_json::from_str::<GameResult>(&old_result).ok(),
                Some(result)
            );
            assert_eq!(
                serde_json::from_str::<EndReason>(&old_reason).ok(),
                Some(reason)
            );
        }
        for (old, reason) in [
            ("opponent left", EndReason::OpponentLeft),
            ("aborted", EndReason::Aborted),
            ("nobody joined", EndReason::NobodyJoined),
        ] {
            assert_eq!(serde_json::from_str(&format!("{old:?}")).ok(), Some(reason));
        }
        assert!(serde_json::from_str::<EndReason>(r#""fell asleep""#).is_err());
    }
}
