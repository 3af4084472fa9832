//! Going over a finished game with the computer: each position analysed in
//! the worker, one at a time so the page stays free and the graph fills in
//! as the answers come; the moves that threw chances away marked, with the
//! better move.

use engine::review::{self, Mark};
use engine::search::Score;
use engine::{AnyGame, GameKind, Point};

use super::{Effect, Tool, Ui};
use crate::worker::{AnalysisReply, Request};

/// A game being reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    record: String,
    kind: GameKind,
    /// White's score of each position (the start, then after each turn),
    /// once analysed, and its best turn (coordinates, and as written).
    white: Vec<Option<i32>>,
    best: Vec<Option<(String, String)>>,
    /// The request in flight.
    asked: Option<u32>,
    /// Special: the captures skipped, known from the game alone.
    skips: Vec<Skip>,
}

/// Special: a turn that left a capture untaken (1 = White's first), its
/// text, and whether the opponent huffed for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip {
    pub ply: usize,
    pub played: String,
    pub huffed: bool,
}

/// The turns of a game with huffing that skipped a capture, and whether
/// each was huffed.
pub fn skipped_captures(game: &AnyGame) -> Vec<Skip> {
    if !game.rules().is_some_and(|r| r.huffing()) {
        return Vec::new();
    }
    let history = game.history();
    let mut at = game.clone();
    while at.undo() {}
    let mut skips = Vec::new();
    for (i, text) in history.iter().enumerate() {
        let entries = at.entries();
        let Ok(turn) = at.parse(text) else {
            break;
        };
        let could = entries.iter().any(|e| !e.captured.is_empty());
        let took = entries
            .iter()
            .any(|e| e.turn == turn && !e.captured.is_empty());
        if at.play(turn).is_err() {
            break;
        }
        if could && !took {
            let huffed = history.get(i + 1).is_some_and(|next| {
                at.parse(next).is_ok_and(|reply| {
                    at.entries()
                        .iter()
                        .any(|e| e.turn == reply && e.huff.is_some())
                })
            });
            skips.push(Skip {
                ply: i + 1,
                played: text.clone(),
                huffed,
            });
        }
    }
    skips
}

/// A marked move: the turn (1 = White's first), its mark, the move played
/// and the better one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    pub ply: usize,
    pub mark: Mark,
    pub played: String,
    pub better: String,
}

/// What the review panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewView {
    /// Positions analysed so far, of all.
    pub reviewed: usize,
    pub total: usize,
    /// White's chances (per mille) in each position analysed so far, for
    /// the graph.
    pub chances: Vec<i32>,
    pub marks: Vec<Marked>,
    /// Special: the captures skipped, huffed or not.
    pub skips: Vec<Skip>,
    /// Each side's tally, White first, once the whole game is analysed.
    pub summary: Option<[review::Summary; 2]>,
}

impl Review {
    /// Whether it still waits for an answer.
    pub fn busy(&self) -> bool {
        self.asked.is_some()
    }

    /// The scores analysed so far, from the start, as far as they run on
    /// without a gap.
    fn scores(&self) -> Vec<Score> {
        self.white.iter().map_while(|s| s.map(Score)).collect()
    }

    /// The marked moves among those analysed.
    pub fn marks(&self, game: &AnyGame) -> Vec<Marked> {
        let history = game.history();
        review::marks(self.kind, &self.scores())
            .into_iter()
            .enumerate()
            .filter_map(|(i, mark)| {
                let (_, better) = self.best.get(i)?.clone()?;
                let played = history.get(i)?.clone();
                (played != better).then_some(())?;
                Some(Marked {
                    ply: i + 1,
                    mark: mark?,
                    played,
                    better,
                })
            })
            .collect()
    }

    pub fn view(&self, game: &AnyGame) -> ReviewView {
        let scores = self.scores();
        ReviewView {
            reviewed: scores.len(),
            total: self.white.len(),
            chances: scores
                .iter()
                .map(|&s| review::chances(self.kind, s))
                .collect(),
            marks: self.marks(game),
            skips: self.skips.clone(),
            summary: (scores.len() == self.white.len())
                .then(|| review::summary(self.kind, &scores)),
        }
    }

    /// The better move from the position after `ply` turns, as the points
    /// it goes from and to, when the move played there is marked.
    pub fn arrow(&self, game: &AnyGame, ply: usize) -> Option<(Point, Point)> {
        self.marks(game).iter().find(|m| m.ply == ply + 1)?;
        let (coords, _) = self.best.get(ply)?.clone()?;
        let mut at = game.clone();
        while at.ply() > ply {
            at.undo();
        }
        super::hint::turn_points(&at, &coords)
    }
}

impl Ui {
    /// Starts reviewing the game on screen.
    pub(super) fn start_review(&mut self, fx: &mut Vec<Effect>) {
        let Some(session) = self.shared.session.as_ref() else {
            return;
        };
        let game = &session.game;
        let plies = game.ply();
        let Some(screen) = self.screen.game_mut() else {
            return;
        };
        screen.tool = Tool::Review(Review {
            record: game.to_record_line(),
            kind: game.kind(),
            white: vec![None; plies + 1],
            best: vec![None; plies + 1],
            asked: None,
            skips: skipped_captures(game),
        });
        screen.looking_back = true;
        if let Some(session) = self.shared.session.as_mut() {
            session.review_at(0);
        }
        self.ask_review(fx);
    }

    /// Asks for the next position not yet analysed.
    fn ask_review(&mut self, fx: &mut Vec<Effect>) {
        let id = self.next_id();
        let Some(review) = self.screen.game_mut().and_then(|g| g.tool.review_mut()) else {
            return;
        };
        let Some(next) = review.white.iter().position(Option::is_none) else {
            review.asked = None;
            return;
        };
        review.asked = Some(id);
        fx.push(Effect::Ask(Request::analyse(
            id,
            review.record.clone(),
            next,
            1,
            review::REVIEW_LIMITS.depth.plies(),
            review::REVIEW_LIMITS.nodes,
        )));
    }

    /// A position analysed for the review; whether the reply was the
    /// review's.
    pub(super) fn review_reply(
        &mut self,
        id: u32,
        analysis: &AnalysisReply,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let Some(review) = self
            .screen
            .game_mut()
            .and_then(|g| g.tool.review_mut())
            .filter(|r| r.asked == Some(id))
        else {
            return false;
        };
        let ply = analysis.ply as usize;
        if let Some(slot) = review.white.get_mut(ply) {
            *slot = Some(analysis.white);
            review.best[ply] = analysis
                .lines
                .first()
                .map(|l| (l.turn.clone(), l.text.clone()));
        }
        self.ask_review(fx);
        true
    }

    /// The arrow of the better move at the position shown, if its move is
    /// marked.
    pub(super) fn review_arrow(&self) -> Option<(Point, Point)> {
        let review = self.screen.tool().review()?;
        let session = self.shared.session.as_ref()?;
        let ply = session.review.unwrap_or(session.game.ply());
        review.arrow(&session.game, ply)
    }
}

/// The review panel, while reviewing.
pub fn view(ui: &Ui) -> Option<ReviewView> {
    let review = ui.screen.tool().review()?;
    Some(review.view(&ui.shared.session.as_ref()?.game))
}

/// The turn a press on the review's graph shows: `x` from 0 (left) to 1
/// (right) across `positions` evenly spaced points.
pub fn graph_ply(x: f64, positions: usize) -> usize {
    if positions <= 1 || !x.is_finite() {
        return 0;
    }
    let last = (positions - 1) as f64;
    (x.clamp(0.0, 1.0) * last).round() as usize
}
