//! The game's short sounds: which one a played turn makes, and each one's
//! recipe as a few notes for the page glue to synthesise (oscillators and
//! gain envelopes, no audio files). Plain Rust, tested natively.

use engine::AnyGame;

/// A sound the page can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// A move that takes pieces.
    Capture,
    /// Special Alquerque: a piece removed for failing to capture.
    Huff,
    /// Chesquerque: a king in check.
    Check,
    /// A man crowned, a pawn promoted.
    Promotion,
    /// The game is over.
    GameEnd,
    /// Online: the friend took their seat.
    OpponentJoined,
    /// Online: the opponent's quiet move arrived.
    MoveArrived,
}

/// An oscillator's waveform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    Sine,
    Triangle,
    Square,
    Sawtooth,
}

/// One note of a sound: an oscillator at `freq` (Hz) from `start` for
/// `length` (seconds), rising quickly to `volume` (0 to 1) and fading out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    pub freq: f32,
    pub start: f64,
    pub length: f64,
    pub wave: Wave,
    pub volume: f32,
}

const fn note(freq: f32, start: f64, length: f64, wave: Wave, volume: f32) -> Note {
    Note {
        freq,
        start,
        length,
        wave,
        volume,
    }
}

use Wave::{Sawtooth, Sine, Square, Triangle};

const MOVE: &[Note] = &[note(520.0, 0.0, 0.07, Triangle, 0.3)];
const CAPTURE: &[Note] = &[
    note(330.0, 0.0, 0.06, Triangle, 0.35),
    note(180.0, 0.04, 0.12, Square, 0.12),
];
const HUFF: &[Note] = &[
    note(220.0, 0.0, 0.1, Sawtooth, 0.1),
    note(150.0, 0.08, 0.16, Sawtooth, 0.1),
];
const CHECK: &[Note] = &[
    note(880.0, 0.0, 0.07, Square, 0.08),
    note(880.0, 0.11, 0.07, Square, 0.08),
];
const PROMOTION: &[Note] = &[
    note(523.0, 0.0, 0.1, Sine, 0.3),
    note(659.0, 0.07, 0.1, Sine, 0.3),
    note(784.0, 0.14, 0.16, Sine, 0.3),
];
const GAME_END: &[Note] = &[
    note(523.0, 0.0, 0.14, Sine, 0.3),
    note(659.0, 0.12, 0.14, Sine, 0.3),
    note(784.0, 0.24, 0.4, Sine, 0.25),
    note(1047.0, 0.24, 0.4, Sine, 0.15),
];
const OPPONENT_JOINED: &[Note] = &[
    note(659.0, 0.0, 0.16, Sine, 0.3),
    note(880.0, 0.15, 0.26, Sine, 0.3),
];
const MOVE_ARRIVED: &[Note] = &[
    note(988.0, 0.0, 0.12, Sine, 0.2),
    note(494.0, 0.02, 0.1, Triangle, 0.2),
];

impl Sound {
    /// Every sound.
    pub const ALL: [Sound; 8] = [
        Sound::Move,
        Sound::Capture,
        Sound::Huff,
        Sound::Check,
        Sound::Promotion,
        Sound::GameEnd,
        Sound::OpponentJoined,
        Sound::MoveArrived,
    ];

    /// The sound's name (the page's `data-sound`).
    pub fn name(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Huff => "huff",
            Sound::Check => "check",
            Sound::Promotion => "promotion",
            Sound::GameEnd => "game-end",
            Sound::OpponentJoined => "opponent-joined",
            Sound::MoveArrived => "move-arrived",
        }
    }

    /// The notes to play, times from the sound's start.
    pub fn notes(self) -> &'static [Note] {
        match self {
            Sound::Move => MOVE,
            Sound::Capture => CAPTURE,
            Sound::Huff => HUFF,
            Sound::Check => CHECK,
            Sound::Promotion => PROMOTION,
            Sound::GameEnd => GAME_END,
            Sound::OpponentJoined => OPPONENT_JOINED,
            Sound::MoveArrived => MOVE_ARRIVED,
        }
    }
}

/// What a played turn did, as far as its sound goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnFacts {
    /// Pieces taken by the move (a huffed piece not counted).
    pub captured: usize,
    /// A piece was huffed.
    pub huffed: bool,
    /// The moving piece was crowned or promoted.
    pub promoted: bool,
    /// It leaves a king in check.
    pub check: bool,
    /// It ends the game.
    pub over: bool,
    /// It is the online opponent's, arriving.
    pub arrived: bool,
}

impl TurnFacts {
    /// The facts of `game`'s last turn (not arrived; over when the game
    /// ended by its rules), if any turn was played.
    pub fn of_last_turn(game: &AnyGame) -> Option<TurnFacts> {
        let (path, captured) = game.last_move()?;
        let huffed = game
            .history()
            .last()
            .is_some_and(|text| text.starts_with("h:"));
        let promoted = match (path.first(), path.last()) {
            (Some(from), Some(to)) => {
                let before = game.board_at(game.ply() - 1);
                let after = game.board();
                match (before[from.index()], after[to.index()]) {
                    (Some(was), Some(is)) => was.kind != is.kind,
                    _ => false,
                }
            }
            _ => false,
        };
        Some(TurnFacts {
            captured: captured.len().saturating_sub(usize::from(huffed)),
            huffed,
            promoted,
            check: game.king_in_check().is_some(),
            over: game.outcome().is_some(),
            arrived: false,
        })
    }

    /// The one sound the turn makes: the end of the game above all, then a
    /// check, a promotion, a capture, a huff; else a move (the opponent's
    /// arriving online has its own).
    pub fn sound(&self) -> Sound {
        if self.over {
            Sound::GameEnd
        } else if self.check {
            Sound::Check
        } else if self.promoted {
            Sound::Promotion
        } else if self.captured > 0 {
            Sound::Capture
        } else if self.huffed {
            Sound::Huff
        } else if self.arrived {
            Sound::MoveArrived
        } else {
            Sound::Move
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{DraughtsKind, GameKind};

    fn facts() -> TurnFacts {
        TurnFacts::default()
    }

    #[test]
    fn a_turn_makes_the_sound_of_what_matters_most_in_it() {
        assert_eq!(facts().sound(), Sound::Move);
        let arrived = TurnFacts {
            arrived: true,
            ..facts()
        };
        assert_eq!(arrived.sound(), Sound::MoveArrived);
        let capture = TurnFacts {
            captured: 2,
            arrived: true,
            ..facts()
        };
        assert_eq!(capture.sound(), Sound::Capture);
        let huff = TurnFacts {
            huffed: true,
            ..facts()
        };
        assert_eq!(huff.sound(), Sound::Huff);
        let both = TurnFacts {
            captured: 1,
            ..huff
        };
        assert_eq!(both.sound(), Sound::Capture);
        let crowned = TurnFacts {
            promoted: true,
            ..capture
        };
        assert_eq!(crowned.sound(), Sound::Promotion);
        let check = TurnFacts {
            check: true,
            ..crowned
        };
        assert_eq!(check.sound(), Sound::Check);
        let over = TurnFacts {
            over: true,
            ..check
        };
        assert_eq!(over.sound(), Sound::GameEnd);
    }

    #[test]
    fn names_are_distinct_and_every_sound_has_short_audible_notes() {
        let mut names: Vec<&str> = Sound::ALL.iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Sound::ALL.len());
        for sound in Sound::ALL {
            assert!(!sound.notes().is_empty(), "{sound:?}");
            for n in sound.notes() {
                assert!((50.0..5000.0).contains(&n.freq), "{sound:?}");
                assert!(n.start >= 0.0 && n.length > 0.0, "{sound:?}");
                assert!(n.start + n.length <= 0.7, "{sound:?} is short");
                assert!(n.volume > 0.0 && n.volume <= 0.5, "{sound:?}");
            }
        }
    }

    #[test]
    fn the_facts_of_a_played_turn_are_read_from_the_game() {
        let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
        assert_eq!(TurnFacts::of_last_turn(&game), None);
        // Quiet moves until one side must capture; then take.
        loop {
            let entries = game.entries();
            let entry = entries
                .iter()
                .find(|e| !e.captured.is_empty())
                .or_else(|| entries.first())
                .expect("a legal turn")
                .clone();
            game.play(entry.turn).expect("legal");
            let facts = TurnFacts::of_last_turn(&game).expect("a turn");
            assert!(!facts.huffed && !facts.check);
            assert_eq!(facts.captured, entry.captured.len());
            if !entry.captured.is_empty() {
                assert_eq!(facts.sound(), Sound::Capture);
                break;
            }
            assert_eq!(facts.sound(), Sound::Move);
        }
    }

    #[test]
    fn a_huff_is_read_from_the_game() {
        // Special: skip a capture, and the opponent may huff.
        let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Special));
        let mut huffed = false;
        for _ in 0..40 {
            let entries = game.entries();
            let Some(entry) = entries
                .iter()
                .find(|e| e.huff.is_some() && !e.path.is_empty())
                .or_else(|| entries.iter().find(|e| e.captured.is_empty()))
                .or_else(|| entries.first())
                .cloned()
            else {
                break;
            };
            game.play(entry.turn).expect("legal");
            let facts = TurnFacts::of_last_turn(&game).expect("a turn");
            assert_eq!(facts.huffed, entry.huff.is_some());
            if entry.huff.is_some() {
                huffed = true;
                assert_eq!(facts.captured, entry.captured.len());
                break;
            }
        }
        assert!(huffed, "no huff came up");
    }

    #[test]
    fn a_crowning_is_read_from_the_game() {
        // Special crowns men: play varied turns until one is.
        for pick in 1..20 {
            let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Special));
            for ply in 0..200 {
                let entries = game.entries();
                if entries.is_empty() {
                    break;
                }
                let entry = entries[(ply * pick + pick) % entries.len()].clone();
                if entry.path.is_empty() {
                    break;
                }
                let before = game.board();
                game.play(entry.turn).expect("legal");
                let facts = TurnFacts::of_last_turn(&game).expect("a turn");
                let from = entry.path[0].index();
                let to = entry.path[entry.path.len() - 1].index();
                let crowned = before[from].map(|p| p.kind) != game.board()[to].map(|p| p.kind);
                assert_eq!(facts.promoted, crowned);
                if crowned {
                    assert_eq!(
                        facts.sound(),
                        if facts.over {
                            Sound::GameEnd
                        } else {
                            Sound::Promotion
                        }
                    );
                    return;
                }
            }
        }
        panic!("no man was crowned");
    }

    #[test]
    fn a_check_is_read_from_the_game() {
        let mut game = AnyGame::new(GameKind::Chesquerque);
        for ply in 0..400 {
            let entries = game.entries();
            if entries.is_empty() {
                break;
            }
            // A check if one can be given, else a varied move.
            let check = entries.iter().find(|e| {
                let mut after = game.clone();
                after.play(e.turn).expect("legal");
                after.king_in_check().is_some()
            });
            let entry = check.unwrap_or(&entries[(ply * 7 + 3) % entries.len()]);
            game.play(entry.turn).expect("legal");
            let facts = TurnFacts::of_last_turn(&game).expect("a turn");
            assert_eq!(facts.check, check.is_some());
            if check.is_some() && !facts.over {
                assert!(matches!(facts.sound(), Sound::Check));
                return;
            }
        }
        panic!("no check came up");
    }
}
