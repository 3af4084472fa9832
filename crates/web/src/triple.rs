//! Recognises three quick presses on the same point: the gesture that huffs
//! the piece standing there.

use engine::Point;

/// The longest time from the first to the third press of a triple, in
/// milliseconds.
pub const TRIPLE_WINDOW_MS: f64 = 600.0;

/// Presses in a triple.
const PRESSES: usize = 3;

/// Watches presses and reports the third of three quick presses on one point.
///
/// Any three presses in a row on the same point, the third at most
/// [`TRIPLE_WINDOW_MS`] after the first, make a triple. A press on another
/// point starts the count again, and so does a time earlier than the previous
/// press's or a time that is not a number: an odd clock never triggers.
#[derive(Clone, Debug, Default)]
pub struct TripleDetector {
    /// The point pressed most recently, if a count is running.
    point: Option<Point>,
    /// Times of the latest presses on `point` that could still start a
    /// triple, oldest first; only the first `len` are meaningful.
    times: [f64; PRESSES],
    len: usize,
}

impl TripleDetector {
    pub fn new() -> TripleDetector {
        TripleDetector::default()
    }

    /// Records a press on `point` at `time_ms` and returns whether it
    /// completes a triple. After a triple the count starts from nothing, so a
    /// fourth press does not trigger again.
    pub fn press(&mut self, point: Point, time_ms: f64) -> bool {
        if !time_ms.is_finite() {
            self.reset();
            return false;
        }
        let went_back = self.times[..self.len]
            .last()
            .is_some_and(|&last| time_ms < last);
        if self.point != Some(point) || went_back {
            self.reset();
            self.point = Some(point);
        }
        // Forget presses too long ago to share a triple with this one.
        let keep_from = self.times[..self.len]
            .iter()
            .position(|&t| time_ms - t <= TRIPLE_WINDOW_MS)
            .unwrap_or(self.len);
        self.times.copy_within(keep_from..self.len, 0);
        self.len -= keep_from;
        self.times[self.len] = time_ms;
        self.len += 1;
        if self.len == PRESSES {
            self.reset();
            true
        } else {
            false
        }
    }

    /// Forgets every press.
    pub fn reset(&mut self) {
        *self = TripleDetector::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::geometry::ALQUERQUE;

    fn point(name: &str) -> Point {
        ALQUERQUE.parse_point(name).expect("a point of the board")
    }

    /// Feeds presses and returns what each one reported.
    fn presses(detector: &mut TripleDetector, presses: &[(&str, f64)]) -> [bool; 8] {
        let mut out = [false; 8];
        for (i, &(name, t)) in presses.iter().enumerate() {
            out[i] = detector.press(point(name), t);
        }
        out
    }

    #[test]
    fn three_quick_presses_make_one_triple() {
        let mut d = TripleDetector::new();
        let out = presses(&mut d, &[("c3", 1000.0), ("c3", 1150.0), ("c3", 1300.0)]);
        assert_eq!(out[..3], [false, false, true]);
    }

    #[test]
    fn a_fourth_press_does_not_trigger_again_at_once() {
        let mut d = TripleDetector::new();
        let taps = [0.0, 100.0, 200.0, 300.0, 400.0, 500.0];
        let out = presses(&mut d, &taps.map(|t| ("b2", t)));
        // The fourth press starts a fresh count; it takes three more.
        assert_eq!(out[..6], [false, false, true, false, false, true]);
    }

    #[test]
    fn the_window_counts_from_the_first_press() {
        let mut d = TripleDetector::new();
        let out = presses(&mut d, &[("c3", 0.0), ("c3", 100.0), ("c3", 601.0)]);
        assert_eq!(out[..3], [false, false, false], "too slow");

        let mut d = TripleDetector::new();
        let out = presses(&mut d, &[("c3", 0.0), ("c3", 550.0), ("c3", 600.0)]);
        assert_eq!(out[..3], [false, false, true], "just in time");
    }

    #[test]
    fn a_slow_first_press_is_dropped_and_the_next_three_count() {
        let mut d = TripleDetector::new();
        let out = presses(
            &mut d,
            &[("a1", 0.0), ("a1", 500.0), ("a1", 700.0), ("a1", 900.0)],
        );
        assert_eq!(out[..4], [false, false, false, true]);
    }

    #[test]
    fn a_press_on_another_point_restarts_the_count() {
        let mut d = TripleDetector::new();
        let out = presses(
            &mut d,
            &[
                ("c3", 0.0),
                ("c3", 50.0),
                ("d3", 100.0),
                ("c3", 150.0),
                ("c3", 200.0),
                ("c3", 250.0),
            ],
        );
        assert_eq!(out[..6], [false, false, false, false, false, true]);
    }

    #[test]
    fn an_odd_clock_neither_panics_nor_triggers() {
        let mut d = TripleDetector::new();
        let backwards = [("c3", 1000.0), ("c3", 900.0), ("c3", 800.0)];
        assert_eq!(presses(&mut d, &backwards)[..3], [false; 3]);

        let mut d = TripleDetector::new();
        let odd = [
            ("c3", 0.0),
            ("c3", f64::NAN),
            ("c3", 10.0),
            ("c3", f64::INFINITY),
            ("c3", f64::NEG_INFINITY),
            ("c3", 20.0),
            ("c3", -1.0e300),
            ("c3", f64::MAX),
        ];
        assert_eq!(presses(&mut d, &odd), [false; 8]);

        // The count after a backward jump starts from the new time.
        let mut d = TripleDetector::new();
        let out = presses(
            &mut d,
            &[("c3", 5000.0), ("c3", 100.0), ("c3", 200.0), ("c3", 300.0)],
        );
        assert_eq!(out[..4], [false, false, false, true]);
    }
}
