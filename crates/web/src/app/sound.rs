//! The page's sounds, synthesised: each [`Sound`]'s notes played by an
//! oscillator through a gain envelope. The audio context is made on the
//! person's first touch or key (browsers' autoplay rules), and resumed on
//! later ones if the browser held it back; before that nothing plays. For
//! tests, every sound asked for once the page is unlocked is noted on the
//! body: `data-sound` (its name) and `data-sounds` (how many so far),
//! whether or not the device can play it.

use web_sys::{AudioContext, AudioContextState, HtmlElement, OscillatorType};

use crate::sound::{Sound, Wave};

/// Seconds a note takes to rise to its volume.
const ATTACK: f64 = 0.01;

/// The page's audio, once unlocked.
#[derive(Default)]
pub(super) struct Speaker {
    context: Option<AudioContext>,
    /// Whether a gesture unlocked the page (even if no context could be
    /// made).
    unlocked: bool,
    /// The sounds asked for since.
    count: u32,
}

impl Speaker {
    /// A touch or a key: make the audio context, or resume it if the
    /// browser suspended it.
    pub fn unlock(&mut self) {
        if !self.unlocked {
            self.unlocked = true;
            self.context = AudioContext::new().ok();
        } else if let Some(context) = &self.context {
            if context.state() == AudioContextState::Suspended {
                let _ = context.resume();
            }
        }
    }

    /// Plays `sound`, once unlocked, and notes it on `body`.
    pub fn play(&mut self, sound: Sound, body: Option<HtmlElement>) {
        if !self.unlocked {
            return;
        }
        self.count += 1;
        if let Some(body) = body {
            let _ = body.set_attribute("data-sound", sound.name());
            let _ = body.set_attribute("data-sounds", &self.count.to_string());
        }
        if let Some(context) = &self.context {
            if let Err(e) = synthesise(context, sound) {
                web_sys::console::error_2(&"a sound failed:".into(), &e);
            }
        }
    }
}

/// Schedules `sound`'s notes from now.
fn synthesise(context: &AudioContext, sound: Sound) -> Result<(), wasm_bindgen::JsValue> {
    let now = context.current_time();
    let destination = context.destination();
    for note in sound.notes() {
        let start = now + note.start;
        let end = start + note.length;
        let oscillator = context.create_oscillator()?;
        oscillator.set_type(match note.wave {
            Wave::Sine => OscillatorType::Sine,
            Wave::Triangle => OscillatorType::Triangle,
            Wave::Square => OscillatorType::Square,
            Wave::Sawtooth => OscillatorType::Sawtooth,
        });
        oscillator.frequency().set_value(note.freq);
        let gain = context.create_gain()?;
        let level = gain.gain();
        level.set_value_at_time(0.0, start)?;
        level.linear_ramp_to_value_at_time(note.volume, start + ATTACK)?;
        level.exponential_ramp_to_value_at_time(0.0001, end)?;
        oscillator.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&destination)?;
        oscillator.start_with_when(start)?;
        oscillator.stop_with_when(end)?;
    }
    Ok(())
}
