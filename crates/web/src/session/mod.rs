//! The game on screen: who plays which side, the turn being entered, draw
//! offers, and what the page should say. Plain state, tested natively; the
//! page glue only forwards presses and draws what this says.

use engine::search::Level;
use engine::{AnyGame, AnyTurn, Entry, GameKind, Outcome, Point, Side};

use crate::i18n::by_side;
use crate::input::{Effect, Selection};
use crate::t;
use crate::words::outcome_reason;

mod premoves;
mod variations;
pub use variations::{LinesView, Tried, Variations};

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the computer at `level`, the person playing `human`.
    Computer { level: Level, human: Side },
    /// Two people taking turns on one device.
    Friend,
    /// The computer against itself at `level`, a pause between moves.
    Watch { level: Level, delay_ms: u32 },
    /// A game on the server: this person plays `side`, or watches (and,
    /// when `suggest` is on, enters suggestions).
    Online { side: Option<Side>, suggest: bool },
}

impl Mode {
    /// The side the one person at this device plays: against the computer,
    /// or seated online; none when two people share it or nobody plays.
    pub fn person(self) -> Option<Side> {
        match self {
            Mode::Computer { human, .. } => Some(human),
            Mode::Online { side, .. } => side,
            Mode::Friend | Mode::Watch { .. } => None,
        }
    }
}

/// A draw offer waiting for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    pub by: Side,
}

/// What happened after an input, for the page to react (animate, ask the
/// computer, show a message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    Nothing,
    /// The selection changed; redraw.
    Selection,
    /// A turn was played (its index in the history).
    Played(usize),
    /// Pick the promotion piece.
    Promote(Vec<(engine::chesquerque::Role, AnyTurn)>),
    /// Online: a turn entered, for the server (or, from a spectator, a
    /// suggestion); the game changes when the server says so.
    Send(AnyTurn),
}

/// The game on screen.
#[derive(Clone, Debug)]
pub struct Session {
    pub game: AnyGame,
    pub mode: Mode,
    pub selection: Selection,
    pub draw_offer: Option<DrawOffer>,
    /// Seeds the computer's choices, so a reloaded game plays on alike.
    pub seed: u64,
    /// Showing the position after this many turns instead of the latest.
    pub review: Option<usize>,
    /// How an online game ended when the rules of play did not end it
    /// (resignation, agreement, a claim, an abort), as the status says it.
    pub verdict: Option<String>,
    /// Ask before a turn entered on the board is played (a preference).
    pub confirm: bool,
    /// The turn entered, waiting for the person to confirm it.
    pub proposed: Option<AnyTurn>,
    entries: Vec<Entry>,
    /// On the analysis board: every turn tried, as a tree of lines.
    pub variations: Option<Box<Variations>>,
    /// The computer's turns in a row that saw the game as even.
    even_turns: u32,
    /// The players a game's record named (White, Black), when it came from
    /// one: shown in place of the mode's names.
    pub players: Option<Box<[String; 2]>>,
    /// Whether turns may be entered ahead, while the opponent thinks (an
    /// online game on a clock), and those entered: each one's path.
    pub premoves_allowed: bool,
    pub premoves: Vec<Vec<Point>>,
}

impl Session {
    pub fn new(variant: GameKind, mode: Mode, seed: u64) -> Session {
        Session::resume(AnyGame::new(variant), mode, seed)
    }

    pub fn resume(game: AnyGame, mode: Mode, seed: u64) -> Session {
        let entries = game.entries();
        Session {
            game,
            mode,
            selection: Selection::default(),
            draw_offer: None,
            seed,
            review: None,
            verdict: None,
            confirm: false,
            proposed: None,
            entries,
            variations: None,
            even_turns: 0,
            players: None,
            premoves_allowed: false,
            premoves: Vec::new(),
        }
    }

    /// Whether this is the analysis board, where every turn tried is kept
    /// as a line. Never in the light module ([`crate::FULL`]), which so
    /// leaves the lines' code out.
    pub fn on_analysis_board(&self) -> bool {
        crate::FULL && self.variations.is_some()
    }

    /// Shows `game` instead (online: the server's game, with the person's
    /// move that waits for acknowledgement). The turn being entered is kept
    /// while the position is the same.
    pub fn show_game(&mut self, game: AnyGame) {
        if game.to_record_line() == self.game.to_record_line() {
            return;
        }
        self.game = game;
        self.selection.clear();
        self.review = None;
        self.refresh();
        if self.is_over() {
            self.premoves.clear();
        }
    }

    /// The legal entries of the current position.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.verdict.is_some()
    }

    /// Whether a person enters the next turn.
    pub fn human_to_move(&self) -> bool {
        !self.is_over()
            && match self.mode {
                Mode::Computer { human, .. } => self.game.side_to_move() == human,
                Mode::Friend => true,
                Mode::Watch { .. } => false,
                Mode::Online {
                    side: Some(side), ..
                } => self.game.side_to_move() == side,
                Mode::Online {
                    side: None,
                    suggest,
                } => suggest,
            }
    }

    /// The level of the computer to move now, if the computer is to move.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.is_over() || self.human_to_move() {
            return None;
        }
        match self.mode {
            Mode::Computer { level, .. } | Mode::Watch { level, .. } => Some(level),
            Mode::Friend | Mode::Online { .. } => None,
        }
    }

    /// Whether a game is under way: begun and not over (leaving it needs
    /// the person's confirmation).
    pub fn is_unfinished(&self) -> bool {
        !self.is_over() && self.game.ply() > 0
    }

    /// The side the person plays for resigning and offering draws: their
    /// own against the computer, else the side to move.
    pub fn person_side(&self) -> Side {
        match self.mode {
            Mode::Computer { human, .. } => human,
            _ => self.game.side_to_move(),
        }
    }

    /// Watching: the person takes over the side to move against the
    /// computer. False when not watching.
    pub fn take_over(&mut self) -> bool {
        let Mode::Watch { level, .. } = self.mode else {
            return false;
        };
        let human = self.game.side_to_move();
        self.mode = Mode::Computer { level, human };
        true
    }

    /// The game up to the position shown, to play on from.
    pub fn game_shown(&self) -> AnyGame {
        let mut game = self.game.clone();
        let ply = self.review.unwrap_or(game.ply());
        while game.ply() > ply && game.undo() {}
        game
    }

    /// Looks one turn further back (from the latest position, at the one
    /// before it).
    pub fn step_back(&mut self) {
        let ply = self.review.unwrap_or(self.game.ply());
        self.review = Some(ply.saturating_sub(1));
    }

    /// Looks one turn further on; past the last, back to the game.
    pub fn step_forward(&mut self) {
        if self.on_analysis_board() {
            self.variation_forward();
            return;
        }
        if let Some(ply) = self.review {
            self.review = (ply + 1 < self.game.ply()).then_some(ply + 1);
        }
    }

    /// Looks at the position after `ply` turns (the latest is the game
    /// itself).
    pub fn review_at(&mut self, ply: usize) {
        self.review = (ply < self.game.ply()).then_some(ply);
    }

    /// The seed for the computer's turn at this point of the game.
    pub fn turn_seed(&self) -> u64 {
        self.seed ^ (self.game.ply() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn refresh(&mut self) {
        self.entries = self.game.entries();
    }

    fn accepting_input(&mut self) -> bool {
        self.input_here();
        if self.review.is_some() {
            self.review = None;
            return false;
        }
        if self.proposed.take().is_some() {
            // A press while a turn waits for confirmation drops it.
            self.selection.clear();
            return false;
        }
        self.human_to_move()
    }

    pub fn press(&mut self, point: Point) -> Update {
        if self.premoving() {
            return self.premove_input(|s, entries| s.selection.press(entries, point));
        }
        if !self.accepting_input() {
            return Update::Selection;
        }
        let effect = self.selection.press(&self.entries, point);
        self.apply(effect)
    }

    pub fn drop(&mut self, from: Point, to: Point) -> Update {
        if self.premoving() {
            return self.premove_input(|s, entries| s.selection.drop(entries, from, to));
        }
        if !self.accepting_input() {
            return Update::Selection;
        }
        let effect = self.selection.drop(&self.entries, from, to);
        self.apply(effect)
    }

    pub fn triple(&mut self, point: Point) -> Update {
        self.input_here();
        if !self.human_to_move() || self.review.is_some() || self.proposed.is_some() {
            return Update::Nothing;
        }
        let effect = self.selection.triple(&self.entries, point);
        self.apply(effect)
    }

    fn apply(&mut self, effect: Effect) -> Update {
        match effect {
            Effect::Ignored => Update::Nothing,
            Effect::Selected | Effect::Cleared | Effect::Huffed => Update::Selection,
            Effect::Promote(options) => Update::Promote(options),
            Effect::Play(turn) if self.confirm => {
                self.proposed = Some(turn);
                Update::Selection
            }
            Effect::Play(turn) => self.enter(turn),
        }
    }

    /// The person confirmed (true) or dropped the turn they entered.
    pub fn settle_proposed(&mut self, play: bool) -> Update {
        match self.proposed.take() {
            Some(turn) if play && self.human_to_move() => self.enter(turn),
            _ => {
                self.selection.clear();
                Update::Selection
            }
        }
    }

    /// A turn the person entered: played, or sent to the server online.
    fn enter(&mut self, turn: AnyTurn) -> Update {
        if matches!(self.mode, Mode::Online { .. }) {
            self.selection.clear();
            return Update::Send(turn);
        }
        self.play(turn)
    }

    /// Plays a turn (a person's, a promotion choice or the computer's).
    pub fn play(&mut self, turn: AnyTurn) -> Update {
        if self.on_analysis_board() {
            return self.play_variation(turn);
        }
        if self.game.play(turn).is_err() {
            return Update::Nothing;
        }
        self.selection.clear();
        self.proposed = None;
        self.draw_offer = None;
        self.review = None;
        self.refresh();
        Update::Played(self.game.ply() - 1)
    }

    /// Plays the computer's turn, given how it scored the position (for its
    /// own side). After many turns in which it saw the game as even, late
    /// enough in the game, the computer offers a draw.
    pub fn computer_played(&mut self, turn: AnyTurn, score: Option<i32>) -> Update {
        let update = self.play(turn);
        if let (Update::Played(_), Mode::Computer { human, .. }) = (&update, self.mode) {
            let even = score.is_some_and(|s| s.abs() <= EVEN);
            self.even_turns = if even { self.even_turns + 1 } else { 0 };
            if self.even_turns >= EVEN_TURNS && self.game.ply() >= 40 && !self.is_over() {
                self.even_turns = 0;
                self.draw_offer = Some(DrawOffer { by: human.other() });
            }
        }
        update
    }

    /// Takes back the last turn; against the computer, back to the person's
    /// previous turn (the computer's reply and the person's move).
    pub fn undo(&mut self) -> bool {
        if self.on_analysis_board() {
            // On the analysis board, a step back: every turn stays tried.
            let before = self.review.unwrap_or(self.game.ply());
            self.step_back();
            return before > 0;
        }
        self.selection.clear();
        self.draw_offer = None;
        self.review = None;
        let mut undone = self.game.undo();
        if let Mode::Computer { human, .. } = self.mode {
            while undone && self.game.side_to_move() != human && self.game.ply() > 0 {
                self.game.undo();
            }
            // The computer opened the game: nothing of the person's remains.
            undone |= self.game.side_to_move() == human;
        }
        self.refresh();
        undone
    }

    /// The person resigns (the side to move when two people play).
    pub fn resign(&mut self) -> bool {
        let loser = self.person_side();
        let done = self.game.resign(loser).is_ok();
        self.refresh();
        done
    }

    /// A draw offer by `by`, waiting for an answer: the other person's, or
    /// against the computer its judgement ([`engine::AnyGame::accepts_draw`],
    /// worked out in its worker), given to [`Session::answer_draw`]. False
    /// when no offer can be made now.
    pub fn offer_draw(&mut self, by: Side) -> bool {
        if self.is_over() || self.draw_offer.is_some() {
            return false;
        }
        self.draw_offer = Some(DrawOffer { by });
        true
    }

    /// Whether the person offered a draw and the computer has yet to answer.
    pub fn awaiting_computer_answer(&self) -> bool {
        match (self.mode, self.draw_offer) {
            (Mode::Computer { human, .. }, Some(offer)) => offer.by == human,
            _ => false,
        }
    }

    /// Whether a draw offer waits for the person (or the other person).
    pub fn person_must_answer(&self) -> bool {
        match (self.mode, self.draw_offer) {
            (Mode::Online { side: Some(me), .. }, Some(offer)) => offer.by != me,
            (Mode::Online { side: None, .. }, _) => false,
            (_, offer) => offer.is_some() && !self.awaiting_computer_answer(),
        }
    }

    pub fn answer_draw(&mut self, accept: bool) {
        if self.draw_offer.take().is_some() && accept {
            let _ = self.game.agree_draw();
            self.refresh();
        }
    }

    /// The one-line status: whose turn, or the result.
    pub fn status(&self) -> String {
        if let Some(verdict) = &self.verdict {
            return verdict.clone();
        }
        if self.on_analysis_board() && self.review.is_some() {
            // The analysis board speaks of the position shown.
            let shown = self.game_shown();
            return match shown.outcome() {
                Some(outcome) => self.result_text(outcome),
                None => t!(by_side(
                    shown.side_to_move(),
                    "white-to-move",
                    "black-to-move"
                )),
            };
        }
        if let Some(outcome) = self.game.outcome() {
            return self.result_text(outcome);
        }
        let mover = self.game.side_to_move();
        match self.mode {
            Mode::Computer { human, .. } if mover == human => t!("your-turn"),
            Mode::Computer { .. } => t!("computer-thinking"),
            Mode::Friend => t!(by_side(mover, "white-to-move", "black-to-move")),
            Mode::Watch { .. } => t!(by_side(mover, "white-thinking", "black-thinking")),
            Mode::Online {
                side: Some(side), ..
            } if side == mover => t!("your-turn"),
            Mode::Online { side: Some(_), .. } => {
                t!(by_side(mover, "waiting-for-white", "waiting-for-black"))
            }
            Mode::Online { side: None, .. } => {
                t!(by_side(mover, "white-to-move", "black-to-move"))
            }
        }
    }

    /// The result as the person sees it.
    pub fn result_text(&self, outcome: Outcome) -> String {
        let reason = outcome_reason(outcome);
        let reason = &reason;
        match (outcome, self.mode.person()) {
            (Outcome::Draw { .. }, _) => t!("draw-because", reason = reason),
            (Outcome::Win { winner, .. }, Some(me)) if winner == me => {
                t!("you-win-because", reason = reason)
            }
            (Outcome::Win { .. }, Some(_)) => t!("you-lose-because", reason = reason),
            (Outcome::Win { winner, .. }, None) => t!(
                by_side(winner, "white-wins-because", "black-wins-because"),
                reason = reason
            ),
        }
    }

    /// For the results table: +1 a win, 0 a draw, -1 a loss of the person,
    /// once the game is over against the computer.
    pub fn personal_result(&self) -> Option<i8> {
        let Mode::Computer { human, .. } = self.mode else {
            return None;
        };
        Some(match self.game.outcome()? {
            Outcome::Draw { .. } => 0,
            Outcome::Win { winner, .. } if winner == human => 1,
            Outcome::Win { .. } => -1,
        })
    }

    /// What the player may do now, for the verbose prompts.
    pub fn prompt(&self) -> String {
        if self.is_over() {
            return t!("prompt-over");
        }
        if self.proposed.is_some() {
            // The confirmation asks instead.
            return String::new();
        }
        if self.review.is_some() && self.on_analysis_board() {
            return t!("prompt-try-here");
        }
        if self.review.is_some() {
            return t!("prompt-looking-back");
        }
        if self.awaiting_computer_answer() {
            return t!("prompt-computer-considers");
        }
        if let Some(offer) = self.draw_offer {
            return match self.mode {
                Mode::Computer { human, .. } if offer.by != human => {
                    t!("prompt-computer-offers")
                }
                Mode::Online { side: Some(me), .. } if offer.by == me => {
                    t!("prompt-offer-waiting")
                }
                Mode::Online { side: None, .. } => {
                    t!(by_side(offer.by, "white-offers-draw", "black-offers-draw"))
                }
                _ => t!(by_side(
                    offer.by,
                    "white-offers-draw-question",
                    "black-offers-draw-question"
                )),
            };
        }
        if !self.human_to_move() {
            return String::new();
        }
        if let Mode::Online { side: None, .. } = self.mode {
            return t!("prompt-suggest");
        }
        let geometry = self.game.geometry();
        if self.selection.in_chain() {
            return t!("prompt-jump-next");
        }
        if let Some(&from) = self.selection.path.first() {
            let captures = self
                .selection
                .candidates(&self.entries)
                .any(|e| !e.captured.is_empty());
            let point = geometry.name(from).to_string();
            return if captures {
                t!("prompt-where-jumps", point = &point)
            } else {
                t!("prompt-where-goes", point = &point)
            };
        }
        if self.selection.huff.is_some() {
            return t!("prompt-huffed");
        }
        if self.game.king_in_check().is_some() {
            return t!("prompt-check");
        }
        if self.game.must_capture_among(&self.entries) {
            return t!("prompt-must-capture");
        }
        t!("prompt-choose-piece")
    }
}

/// A score (hundredths of a man) the computer sees as an even game, and how
/// many of its turns in a row must see it so before it offers a draw.
const EVEN: i32 = 15;
const EVEN_TURNS: u32 = 10;

#[cfg(test)]
pub(crate) mod tests;
