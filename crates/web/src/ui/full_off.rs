//! The light module's stand-in for `full.rs`. The whole app's actions and
//! effects, and the state of its screens and tools, are types with no
//! value here; each of its hooks does nothing, or answers that nothing of
//! the whole app's is on show. The code both modules share calls the hooks
//! as it does in the whole app, and the compiler leaves out what they would
//! have done. A control of the whole app's leads to its page
//! ([`Ui::leave_for_full`]).

use engine::board_setup::BoardSetup;
use engine::{AnyTurn, Point};

use super::{Boot, Button, Effect, Ui};
use crate::embed::Embed;
use crate::keyboard::Key;
use crate::online_state::{ClockFace, Seat};
use crate::route::Route;
use crate::worker::AnalysisReply;

/// The whole app's actions: none in the light module.
#[derive(Clone, Debug, PartialEq)]
pub enum FullAction {}

/// The whole app's effects: none in the light module.
#[derive(Clone, Debug, PartialEq)]
pub enum FullEffect {}

/// The whole app's panels: none in the light module.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct FullView;

/// The state of the whole app's online game, tools and panels: never held
/// in the light module.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineGame {}
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysing {}
#[derive(Clone, Debug, PartialEq)]
pub enum Editor {}
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleState {}
#[derive(Clone, Debug, PartialEq)]
pub enum Review {}

/// What only the whole app keeps: nothing in the light module.
#[derive(Clone, Debug, Default)]
pub struct FullShared {}

impl Ui {
    pub(super) fn full_action(&mut self, action: FullAction, _: &mut Vec<Effect>) {
        match action {}
    }

    /// The whole app's control leads to its page.
    pub(super) fn press_full(&mut self, button: Button, fx: &mut Vec<Effect>) {
        self.leave_for_full(&button, fx);
    }

    pub(super) fn full_view(&self) -> FullView {
        FullView
    }

    pub(super) fn online_button(&mut self, _: &Button, _: &mut Vec<Effect>) -> bool {
        false
    }

    pub(super) fn settle_full(&mut self, _: &mut Vec<Effect>) {}

    pub(super) fn boot_full(&mut self, _: &Boot) {}

    pub(super) fn full_route(&self) -> Option<Route> {
        None
    }

    pub(super) fn open_full_route(&mut self, _: Route, _: &str, _: &mut Vec<Effect>) {}

    pub(super) fn open_link(&mut self, _: &str, _: &mut Option<String>, _: &mut Vec<Effect>) {}

    pub(super) fn start_embedded(
        &mut self,
        _: Embed,
        _: Option<String>,
        _: Option<Seat>,
        _: &mut Vec<Effect>,
    ) {
    }

    pub(super) fn report_ready(&mut self, _: &mut Vec<Effect>) {}

    pub(super) fn home_shown(&mut self, _: &mut Vec<Effect>) {}

    pub(super) fn go_online(&mut self, _: Seat, _: &mut Vec<Effect>) {}

    pub(super) fn leave_online(&mut self, _: &mut Vec<Effect>) {}

    pub(super) fn reconnect_now(&mut self, _: &mut Vec<Effect>) {}

    pub(super) fn send_turn(&mut self, _: AnyTurn, _: &mut Vec<Effect>) {}

    pub(super) fn review_reply(&mut self, _: u32, _: &AnalysisReply, _: &mut Vec<Effect>) -> bool {
        false
    }

    pub(super) fn analysis_reply(&mut self, _: u32, _: &AnalysisReply) -> bool {
        false
    }

    pub(super) fn review_arrow(&self) -> Option<(Point, Point)> {
        None
    }

    pub(super) fn online_clocks(&self) -> Option<[ClockFace; 2]> {
        None
    }

    pub(super) fn online_names(&self) -> Option<(&[Option<String>; 2], [bool; 2])> {
        None
    }

    pub(super) fn judge_puzzle(&mut self, _: &mut Vec<Effect>) {}

    pub(super) fn puzzle_unanswered(&self) -> bool {
        false
    }

    pub(super) fn edited_setup(&self) -> Option<&BoardSetup> {
        None
    }

    pub(super) fn editor_press(&mut self, _: Point, _: &mut Vec<Effect>) -> bool {
        false
    }

    pub(super) fn editor_key(&mut self, _: Key, _: &mut Vec<Effect>) -> bool {
        false
    }
}
