//! The games' own words in the language in use: their names, the
//! computer's levels, why a game ended, and the pieces.

use engine::chesquerque::Role as ChessRole;
use engine::search::Level;
use engine::{
    AnyGame, DraughtsKind, DrawReason, GameKind, Outcome, PieceKind, PieceView, Side, WinReason,
};

use crate::i18n::by_side;
use crate::t;

/// A game's name.
pub fn game_name(kind: GameKind) -> String {
    t!(match kind {
        GameKind::Draughts(DraughtsKind::Classic) => "game-classic",
        GameKind::Draughts(DraughtsKind::Special) => "game-special",
        GameKind::Draughts(DraughtsKind::Qirkat) => "game-qirkat",
        GameKind::Draughts(DraughtsKind::Bell) => "game-bell",
        GameKind::Draughts(DraughtsKind::Turkish) => "game-turkish",
        GameKind::Chesquerque => "game-chesquerque",
    })
}

/// A level of the computer's.
pub fn level_name(level: Level) -> String {
    t!(match level {
        Level::Beginner => "level-beginner",
        Level::Easy => "level-easy",
        Level::Medium => "level-medium",
        Level::Hard => "level-hard",
        Level::Expert => "level-expert",
    })
}

/// A side's name.
pub fn side_name(side: Side) -> String {
    t!(by_side(side, "white", "black"))
}

/// Why a game ended by the rules.
pub fn outcome_reason(outcome: Outcome) -> String {
    t!(match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::NoPieces => "reason-no-pieces",
            WinReason::NoMoves => "reason-no-moves",
            WinReason::MenAgainstLoneMan => "reason-men-against-lone-man",
            WinReason::Checkmate => "reason-checkmate",
            WinReason::Resignation => "reason-resignation",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::BothBlocked => "reason-both-blocked",
            DrawReason::Repetition => "reason-repetition",
            DrawReason::NoProgress => "reason-no-progress",
            DrawReason::OnePieceEach => "reason-one-piece-each",
            DrawReason::Stalemate => "reason-stalemate",
            DrawReason::BareKings => "reason-bare-kings",
            DrawReason::Agreement => "reason-agreement",
        },
    })
}

/// A piece in words: "white man", "black queen" (Turkish draughts' crowned
/// men are queens).
pub fn piece_words(game: &AnyGame, piece: PieceView) -> String {
    piece_words_in(game.kind(), piece)
}

/// A piece of a game of `kind` in words.
pub fn piece_words_in(kind: GameKind, piece: PieceView) -> String {
    let white = piece.side == Side::White;
    let pick = |w: &'static str, b: &'static str| if white { w } else { b };
    t!(match piece.kind {
        PieceKind::Man => pick("white-man", "black-man"),
        PieceKind::King if kind == GameKind::Draughts(engine::DraughtsKind::Turkish) => {
            pick("white-draughts-queen", "black-draughts-queen")
        }
        PieceKind::King => pick("white-draughts-king", "black-draughts-king"),
        PieceKind::Chess(role) => match role {
            ChessRole::Pawn => pick("white-pawn", "black-pawn"),
            ChessRole::Knight => pick("white-knight", "black-knight"),
            ChessRole::Bishop => pick("white-bishop", "black-bishop"),
            ChessRole::Rook => pick("white-rook", "black-rook"),
            ChessRole::Archbishop => pick("white-archbishop", "black-archbishop"),
            ChessRole::Queen => pick("white-queen", "black-queen"),
            ChessRole::King => pick("white-king", "black-king"),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_and_piece_has_words() {
        use DrawReason as D;
        use WinReason as W;
        let wins = [
            W::NoPieces,
            W::NoMoves,
            W::MenAgainstLoneMan,
            W::Checkmate,
            W::Resignation,
        ];
        for reason in wins {
            let outcome = Outcome::Win {
                winner: Side::Black,
                reason,
            };
            // The words are the engine's, as the record and the CLI say them.
            assert_eq!(outcome_reason(outcome), outcome.reason_text());
        }
        let draws = [
            D::BothBlocked,
            D::Repetition,
            D::NoProgress,
            D::OnePieceEach,
            D::Stalemate,
            D::BareKings,
            D::Agreement,
        ];
        for reason in draws {
            let outcome = Outcome::Draw { reason };
            assert_eq!(outcome_reason(outcome), outcome.reason_text());
        }
        let chess = AnyGame::new(GameKind::Chesquerque);
        let mut names: Vec<String> = chess
            .board()
            .iter()
            .flatten()
            .map(|&p| piece_words(&chess, p))
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 14, "seven kinds a side: {names:?}");
        assert_eq!(
            game_name(GameKind::Draughts(DraughtsKind::Turkish)),
            "Turkish draughts"
        );
        assert_eq!(level_name(Level::Expert), "Expert");
    }
}
