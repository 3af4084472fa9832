//! The Chesquerque pieces' figures as vector shapes, so that they look the
//! same on every device (font glyphs differ between systems, are missing on
//! some, and the pawn's may come out as a coloured emoji).
//!
//! A figure is drawn on its piece's disc in units of the disc's radius,
//! centred on the disc's centre, `y` pointing down. Its `body` is filled in
//! the figure's colour; its `details` (an eye, a slit, a band) are then
//! filled in the disc's colour on top.

use engine::chesquerque::Role;

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// Starts a new outline at a point.
    Move(f64, f64),
    /// A straight line to a point.
    Line(f64, f64),
    /// A quadratic curve through a control point to a point.
    Quad(f64, f64, f64, f64),
    /// Closes the outline.
    Close,
    /// A whole disc: centre and radius.
    Dot(f64, f64, f64),
}

use Step::{Close, Dot, Line, Move, Quad};

/// A piece's figure: outlines filled in the figure's colour, then details
/// filled in the disc's colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    pub body: &'static [&'static [Step]],
    pub details: &'static [Step],
}

/// The foot every figure stands on.
const FOOT: &[Step] = &[
    Move(-0.46, 0.40),
    Line(0.46, 0.40),
    Quad(0.5, 0.58, 0.4, 0.6),
    Line(-0.4, 0.6),
    Quad(-0.5, 0.58, -0.46, 0.40),
    Close,
];

/// A band across a figure's waist.
const BAND: &[Step] = &[
    Move(-0.3, 0.18),
    Line(0.3, 0.18),
    Line(0.29, 0.26),
    Line(-0.29, 0.26),
    Close,
];

const PAWN: Figure = Figure {
    body: &[
        FOOT,
        &[
            Dot(0.0, -0.36, 0.2),
            Move(-0.14, -0.2),
            Line(0.14, -0.2),
            Quad(0.14, 0.16, 0.34, 0.42),
            Line(-0.34, 0.42),
            Quad(-0.14, 0.16, -0.14, -0.2),
            Close,
        ],
    ],
    details: &[],
};

const ROOK: Figure = Figure {
    body: &[
        FOOT,
        &[
            Move(-0.3, 0.42),
            Line(-0.26, -0.22),
            Line(0.26, -0.22),
            Line(0.3, 0.42),
            Close,
            // The battlements.
            Move(-0.4, -0.2),
            Line(-0.4, -0.58),
            Line(-0.22, -0.58),
            Line(-0.22, -0.44),
            Line(-0.08, -0.44),
            Line(-0.08, -0.58),
            Line(0.08, -0.58),
            Line(0.08, -0.44),
            Line(0.22, -0.44),
            Line(0.22, -0.58),
            Line(0.4, -0.58),
            Line(0.4, -0.2),
            Close,
        ],
    ],
    details: &[
        Move(-0.26, -0.12),
        Line(0.26, -0.12),
        Line(0.26, -0.04),
        Line(-0.26, -0.04),
        Close,
    ],
};

const BISHOP: Figure = Figure {
    body: &[
        FOOT,
        &[
            Dot(0.0, -0.64, 0.09),
            Move(0.0, -0.58),
            Quad(0.46, -0.22, 0.22, 0.18),
            Line(0.3, 0.42),
            Line(-0.3, 0.42),
            Line(-0.22, 0.18),
            Quad(-0.46, -0.22, 0.0, -0.58),
            Close,
        ],
    ],
    // The mitre's slit, and a band.
    details: &[
        Move(0.02, -0.38),
        Line(0.16, -0.2),
        Line(0.1, -0.15),
        Line(-0.04, -0.33),
        Close,
        Move(-0.24, 0.12),
        Line(0.24, 0.12),
        Line(0.23, 0.2),
        Line(-0.23, 0.2),
        Close,
    ],
};

/// A horse's head facing left: neck, jaw, muzzle, forehead, ear, mane.
const HORSE: &[Step] = &[
    Move(-0.22, 0.42),
    Quad(-0.1, 0.1, 0.02, -0.02),
    Quad(-0.22, 0.0, -0.42, 0.06),
    Line(-0.46, -0.08),
    Quad(-0.3, -0.38, -0.04, -0.5),
    Line(0.02, -0.66),
    Line(0.12, -0.5),
    Quad(0.44, -0.36, 0.38, 0.42),
    Close,
];

const KNIGHT: Figure = Figure {
    body: &[FOOT, HORSE],
    details: &[Dot(-0.1, -0.3, 0.06)],
};

/// The knight wearing a bishop's mitre and band: the archbishop moves as
/// both.
const ARCHBISHOP: Figure = Figure {
    body: &[
        FOOT,
        HORSE,
        &[
            Move(-0.18, -0.4),
            Quad(-0.22, -0.66, 0.06, -0.84),
            Quad(0.36, -0.66, 0.32, -0.38),
            Close,
        ],
    ],
    details: &[
        Dot(-0.1, -0.3, 0.06),
        // The mitre's slit.
        Move(0.06, -0.74),
        Line(0.2, -0.52),
        Line(0.14, -0.48),
        Line(0.0, -0.7),
        Close,
        // The bishop's band, across the neck.
        Move(-0.1, 0.14),
        Line(0.36, 0.14),
        Line(0.37, 0.22),
        Line(-0.13, 0.22),
        Close,
    ],
};

const QUEEN: Figure = Figure {
    body: &[
        FOOT,
        &[
            Move(-0.32, 0.42),
            Line(-0.48, -0.3),
            Line(-0.26, 0.0),
            Line(-0.22, -0.42),
            Line(-0.08, -0.02),
            Line(0.0, -0.5),
            Line(0.08, -0.02),
            Line(0.22, -0.42),
            Line(0.26, 0.0),
            Line(0.48, -0.3),
            Line(0.32, 0.42),
            Close,
            Dot(-0.48, -0.36, 0.08),
            Dot(-0.22, -0.48, 0.08),
            Dot(0.0, -0.56, 0.08),
            Dot(0.22, -0.48, 0.08),
            Dot(0.48, -0.36, 0.08),
        ],
    ],
    details: BAND,
};

const KING: Figure = Figure {
    body: &[
        FOOT,
        &[
            Move(-0.32, 0.42),
            Quad(-0.56, -0.14, -0.22, -0.22),
            Quad(0.0, -0.26, 0.0, -0.1),
            Quad(0.0, -0.26, 0.22, -0.22),
            Quad(0.56, -0.14, 0.32, 0.42),
            Close,
            // The cross.
            Move(-0.06, -0.72),
            Line(0.06, -0.72),
            Line(0.06, -0.6),
            Line(0.18, -0.6),
            Line(0.18, -0.48),
            Line(0.06, -0.48),
            Line(0.06, -0.2),
            Line(-0.06, -0.2),
            Line(-0.06, -0.48),
            Line(-0.18, -0.48),
            Line(-0.18, -0.6),
            Line(-0.06, -0.6),
            Close,
        ],
    ],
    details: BAND,
};

/// The figure of a Chesquerque piece.
pub fn figure(role: Role) -> Figure {
    match role {
        Role::King => KING,
        Role::Queen => QUEEN,
        Role::Rook => ROOK,
        Role::Bishop => BISHOP,
        Role::Knight => KNIGHT,
        Role::Archbishop => ARCHBISHOP,
        Role::Pawn => PAWN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point a figure's steps reach (curve control points included),
    /// and the far edge of every dot.
    fn reach(steps: &[Step]) -> Vec<(f64, f64)> {
        steps
            .iter()
            .flat_map(|s| match *s {
                Move(x, y) | Line(x, y) => vec![(x, y)],
                Quad(cx, cy, x, y) => vec![(cx, cy), (x, y)],
                Close => vec![],
                Dot(x, y, r) => vec![(x - r, y), (x + r, y), (x, y - r), (x, y + r)],
            })
            .collect()
    }

    #[test]
    fn every_figure_fits_its_disc_and_closes_its_outlines() {
        for role in Role::ALL {
            let figure = figure(role);
            let parts = figure.body.iter().copied().chain([figure.details]);
            for steps in parts {
                for (x, y) in reach(steps) {
                    assert!(x.hypot(y) < 0.9, "{role:?}: ({x}, {y}) is off the disc");
                }
                // Each outline starts with a move and ends closed.
                let mut open = false;
                for step in steps {
                    match step {
                        Move(..) => {
                            assert!(!open, "{role:?}: an outline left open");
                            open = true;
                        }
                        Line(..) | Quad(..) => assert!(open, "{role:?}: a line with no start"),
                        Close => open = false,
                        Dot(..) => assert!(!open, "{role:?}: a dot inside an outline"),
                    }
                }
                assert!(!open, "{role:?}: its last outline is open");
            }
        }
    }

    #[test]
    fn every_piece_has_a_figure_of_its_own() {
        for a in Role::ALL {
            for b in Role::ALL {
                assert_eq!(a == b, figure(a) == figure(b), "{a:?} and {b:?}");
            }
        }
    }
}
