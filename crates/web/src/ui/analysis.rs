//! The analysis panel: the computer looks ever deeper at the position
//! shown, in its worker, and says what it sees: the evaluation, the best
//! line and the best three turns, updated with each depth. It follows the
//! position shown (a move played, a step back), and is off while a computer
//! plays in the game, whose moves need the worker.

use engine::search::Score;
use engine::GameKind;

use super::{Effect, Ui};
use crate::i18n::by_side;
use crate::session::Mode;
use crate::t;
use crate::worker::{AnalysisReply, Request, TableResult, TableValue};

/// The deepest the panel looks, and the nodes each depth may take.
pub const MAX_DEPTH: u32 = 24;
fn nodes_for(depth: u32) -> u64 {
    (2_000u64 << depth.min(10)).min(4_000_000)
}

/// The panel's state while it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysing {
    /// The position looked at: the game's record and the turns into it.
    target: Option<(String, usize)>,
    asked: Option<u32>,
    /// The deepest answer for the target so far.
    seen: Option<AnalysisReply>,
}

/// What the panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisView {
    /// The evaluation from White's side (hundredths of a man; beyond
    /// 900 000 a forced result), and in words.
    pub white: i32,
    pub eval: String,
    /// White's chances (per mille), for the bar.
    pub chances: i32,
    pub depth: u32,
    /// The best turn as written, and the line that follows it.
    pub best: String,
    pub line: String,
    /// The best turns (up to three) with their evaluations in words.
    pub top: Vec<(String, String)>,
}

/// An evaluation in words: "+1.25" (men, from White's side), or who wins by
/// force.
pub fn eval_words(white: i32) -> String {
    let score = Score(white);
    if score.is_decided() {
        let side = if white > 0 {
            engine::Side::White
        } else {
            engine::Side::Black
        };
        return t!(by_side(side, "forced-white", "forced-black"));
    }
    let sign = if white > 0 {
        "+"
    } else if white < 0 {
        "−"
    } else {
        ""
    };
    let n = white.unsigned_abs();
    format!("{sign}{}.{:02}", n / 100, n % 100)
}

impl Ui {
    /// Turns the panel on or off.
    pub(super) fn toggle_analysis(&mut self, fx: &mut Vec<Effect>) {
        // Not in an online game, where another person plays.
        if self.puzzle_unanswered() || self.shared.online.is_some() {
            return;
        }
        let Some(game) = self.screen.game_mut() else {
            return;
        };
        game.analysing = match game.analysing {
            Some(_) => None,
            None => Some(Analysing {
                target: None,
                asked: None,
                seen: None,
            }),
        };
        self.keep_analysing(fx);
    }

    /// Whether the worker is free for the panel: no computer plays in the
    /// game (or it is over), and no review is under way.
    fn may_analyse(&self) -> bool {
        let Some(session) = &self.shared.session else {
            return false;
        };
        let computer_plays = matches!(session.mode, Mode::Computer { .. } | Mode::Watch { .. })
            && !session.is_over();
        let reviewing = self.screen.tool().review().is_some_and(|r| r.busy());
        !computer_plays && !reviewing && self.shared.online.is_none() && !self.puzzle_unanswered()
    }

    /// After every action: asks about the position shown if it changed, or
    /// for the next depth once the last answer came.
    pub(super) fn keep_analysing(&mut self, fx: &mut Vec<Effect>) {
        if self.screen.game().is_none_or(|g| g.analysing.is_none()) {
            return;
        }
        if !self.may_analyse() {
            return;
        }
        let Some(session) = &self.shared.session else {
            return;
        };
        let ply = session.review.unwrap_or(session.game.ply());
        let target = (session.game.to_record_line(), ply);
        let id = self.next_id();
        let Some(state) = self.screen.game_mut().and_then(|g| g.analysing.as_mut()) else {
            return;
        };
        let depth = if state.target.as_ref() != Some(&target) {
            state.target = Some(target.clone());
            state.seen = None;
            1
        } else if state.asked.is_some() {
            return;
        } else {
            match &state.seen {
                Some(seen) if seen.depth >= MAX_DEPTH => return,
                // A forced result needs no deeper look.
                Some(seen) if Score(seen.white).is_decided() && seen.depth > 1 => return,
                Some(seen) => seen.depth + 1,
                None => 1,
            }
        };
        state.asked = Some(id);
        fx.push(Effect::Ask(Request::analyse(
            id,
            target.0,
            target.1,
            3,
            depth,
            nodes_for(depth),
        )));
    }

    /// The panel's answer; whether the reply was the panel's.
    pub(super) fn analysis_reply(&mut self, id: u32, analysis: &AnalysisReply) -> bool {
        let Some(state) = self
            .screen
            .game_mut()
            .and_then(|g| g.analysing.as_mut())
            .filter(|s| s.asked == Some(id))
        else {
            return false;
        };
        state.asked = None;
        let same = state
            .target
            .as_ref()
            .is_some_and(|(_, ply)| *ply == analysis.ply as usize);
        if same
            && state
                .seen
                .as_ref()
                .is_none_or(|s| analysis.depth >= s.depth)
        {
            state.seen = Some(analysis.clone());
        } else if same {
            // The search stopped short of a deeper look: stay with the last.
            if let Some(seen) = state.seen.as_mut() {
                seen.depth = seen.depth.max(analysis.depth + 1);
            }
        }
        true
    }
}

/// The panel, while on: `None` when off, and no figures before the
/// first answer.
pub fn view(ui: &Ui) -> Option<Option<AnalysisView>> {
    let state = ui.screen.game().and_then(|g| g.analysing.as_ref())?;
    let kind = ui.shared.session.as_ref().map(|s| s.game.kind());
    Some(
        state
            .seen
            .as_ref()
            .zip(kind)
            .map(|(seen, kind)| seen_view(seen, kind)),
    )
}

/// The endgame tables' value in words, for the side to move: "win in 12"
/// (plies), "draw", "loss in 7".
pub fn table_words(value: TableValue) -> String {
    let plies = value.plies.to_string();
    match value.result {
        TableResult::Win => t!("table-win", plies = &plies),
        TableResult::Loss => t!("table-loss", plies = &plies),
        TableResult::Draw => t!("table-draw"),
    }
}

fn seen_view(seen: &AnalysisReply, kind: GameKind) -> AnalysisView {
    let best = seen.lines.first();
    AnalysisView {
        white: seen.white,
        eval: seen
            .table
            .map_or_else(|| eval_words(seen.white), table_words),
        chances: engine::review::chances(kind, Score(seen.white)),
        depth: seen.depth,
        best: best.map(|b| b.text.clone()).unwrap_or_default(),
        line: best.map(|b| b.line.join(" ")).unwrap_or_default(),
        top: seen
            .lines
            .iter()
            .map(|l| (l.text.clone(), eval_words(l.white)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_as_men_from_whites_side() {
        assert_eq!(eval_words(125), "+1.25");
        assert_eq!(eval_words(-7), "−0.07");
        assert_eq!(eval_words(0), "0.00");
        assert_eq!(
            eval_words(Score::win_in(engine::search::Ply(5)).0),
            "White wins by force"
        );
        assert_eq!(
            eval_words(Score::loss_in(engine::search::Ply(4)).0),
            "Black wins by force"
        );
    }

    #[test]
    fn each_depth_may_take_more_nodes_up_to_a_cap() {
        assert!(nodes_for(1) < nodes_for(2));
        assert_eq!(nodes_for(30), nodes_for(11));
        assert!(nodes_for(30) <= 4_000_000);
    }
}
