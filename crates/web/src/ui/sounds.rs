//! When the page makes a sound: a turn played on the board by anyone, a
//! huff entered, the end of a game, and online the friend joining and the
//! opponent's move arriving; only with the sound preference on, and in an
//! embedded page only when its URL asked (`sound=1`). Whether the person
//! has touched the page yet (browsers' autoplay rules) is the glue's to
//! know. And when a phone vibrates: at the opponent's move, longer when it
//! takes the person's pieces (a preference, on by default).

use super::{Effect, Ui};
use crate::session::{Mode, Update};
use crate::sound::{Sound, TurnFacts};

/// The buzz of the opponent's move, and of one that takes the person's
/// pieces (ms on, off, on).
pub const VIBRATE_MOVE: [u32; 1] = [35];
pub const VIBRATE_CAPTURE: [u32; 3] = [70, 60, 70];

impl Ui {
    /// Whether the page makes sounds.
    pub fn sound_on(&self) -> bool {
        self.shared.prefs.sound && self.shared.embed.as_ref().is_none_or(|e| e.sound)
    }

    /// Makes `sound`, if sounds are on.
    pub(super) fn sound(&self, sound: Sound, fx: &mut Vec<Effect>) {
        if self.sound_on() {
            fx.push(Effect::Sound(sound));
        }
    }

    /// The sound of the turn just played on the board; `arrived` for the
    /// online opponent's. A huff the person entered was heard when it was
    /// entered, so the turn sounds for the rest of it.
    pub(super) fn turn_sound(&mut self, arrived: bool, fx: &mut Vec<Effect>) {
        let heard = self
            .input_mut()
            .is_some_and(|i| std::mem::take(&mut i.huff_heard));
        let Some(session) = &self.shared.session else {
            return;
        };
        let Some(mut facts) = TurnFacts::of_last_turn(&session.game) else {
            return;
        };
        facts.huffed &= !heard;
        facts.over |= session.is_over();
        facts.arrived = arrived;
        self.sound(facts.sound(), fx);
        // On a phone: a buzz for the opponent's move, a longer one when it
        // takes the person's pieces.
        let opponents = match session.mode {
            Mode::Computer { human, .. } => session.game.side_to_move() == human,
            Mode::Online { side: Some(_), .. } => arrived,
            _ => false,
        };
        if opponents && self.shared.prefs.vibrate && self.shared.embed.is_none() {
            let pattern: &[u32] = if facts.captured > 0 || facts.huffed {
                &VIBRATE_CAPTURE
            } else {
                &VIBRATE_MOVE
            };
            fx.push(Effect::Vibrate(pattern.to_vec()));
        }
    }

    /// After a triple press: a huff entered (the move still to come) is
    /// heard now.
    pub(super) fn heard_huff(&mut self, update: &Update, fx: &mut Vec<Effect>) {
        let huffed = *update == Update::Selection
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(|s| s.selection.huff.is_some());
        if huffed {
            if let Some(input) = self.input_mut() {
                input.huff_heard = true;
            }
            self.sound(Sound::Huff, fx);
        }
    }
}
