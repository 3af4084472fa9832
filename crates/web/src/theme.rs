//! How the board and the pieces look: the board themes and piece styles a
//! player chooses among in the preferences.

use serde::{Deserialize, Serialize};

/// The board's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardTheme {
    /// Oak-brown wood, dark lines.
    #[default]
    Wood,
    /// Grey-blue slate, light lines.
    Slate,
}

/// How the pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    /// Filled discs and figures with a rim.
    #[default]
    Solid,
    /// Flat shapes with a strong outline.
    Outlined,
}

impl BoardTheme {
    pub const ALL: [BoardTheme; 2] = [BoardTheme::Wood, BoardTheme::Slate];

    /// The name in the preferences' menu and in storage.
    pub const fn name(self) -> &'static str {
        match self {
            BoardTheme::Wood => "wood",
            BoardTheme::Slate => "slate",
        }
    }

    pub fn from_name(name: &str) -> Option<BoardTheme> {
        BoardTheme::ALL.into_iter().find(|t| t.name() == name)
    }

    pub const fn palette(self) -> &'static Palette {
        match self {
            BoardTheme::Wood => &WOOD,
            BoardTheme::Slate => &SLATE,
        }
    }
}

impl PieceStyle {
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Solid, PieceStyle::Outlined];

    pub const fn name(self) -> &'static str {
        match self {
            PieceStyle::Solid => "solid",
            PieceStyle::Outlined => "outlined",
        }
    }

    pub fn from_name(name: &str) -> Option<PieceStyle> {
        PieceStyle::ALL.into_iter().find(|s| s.name() == name)
    }

    pub const fn look(self) -> &'static PieceLook {
        match self {
            PieceStyle::Solid => &SOLID,
            PieceStyle::Outlined => &OUTLINED,
        }
    }
}

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour written `0xrrggbb`.
    pub const fn hex(value: u32) -> Rgb {
        Rgb((value >> 16) as u8, (value >> 8) as u8, value as u8)
    }

    /// As CSS: `#rrggbb`.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// As CSS with an opacity from 0 to 1: `rgba(r, g, b, a)`.
    pub fn css_alpha(self, alpha: f64) -> String {
        // In thousandths, written with integers: the page's module then
        // needs no float formatting at all.
        let milli = (alpha.clamp(0.0, 1.0) * 1000.0).round() as u32;
        format!(
            "rgba({}, {}, {}, {}.{:03})",
            self.0,
            self.1,
            self.2,
            milli / 1000,
            milli % 1000
        )
    }

    /// The relative luminance of WCAG 2.1: 0 for black, 1 for white.
    pub fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }
}

/// The contrast ratio of WCAG 2.1 between two colours, from 1 (the same
/// luminance) to 21 (black on white). Non-text marks need 3 (SC 1.4.11),
/// text 4.5 (SC 1.4.3).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A translucent colour laid over the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wash {
    pub colour: Rgb,
    /// Opacity, from 0 to 1.
    pub alpha: f64,
}

/// A board theme's colours. The marks a player acts on (hints, targets, the
/// selection) are opaque and contrast at least 3:1 with the surface and
/// with the dark squares (the tests below check it):
///
/// | theme | hint, target | selected | lines | labels |
/// |-------|--------------|----------|-------|--------|
/// | Wood  | 3.39 (surface), 6.78 (dark squares) | 3.43, 6.88 | 3.40 | 4.58 |
/// | Slate | 3.70, 6.96   | 3.75, 7.05 | 3.71 | 4.64 |
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The board.
    pub surface: Rgb,
    /// Turkish draughts' dark squares.
    pub square_dark: Rgb,
    pub line: Rgb,
    /// The points.
    pub dot: Rgb,
    /// The files' letters and the ranks' numbers.
    pub label: Rgb,
    /// The ring round a piece that can move.
    pub hint: Rgb,
    /// The mark on a point the selected piece can go to.
    pub target: Rgb,
    /// The ring round the selected piece and the points of its path.
    pub selected: Rgb,
    /// The trail of the last turn.
    pub last_move: Wash,
    /// Under a king in check.
    pub check: Wash,
    /// The keyboard's cursor: a dark ring inside a light one, visible on
    /// every square, point and piece.
    pub cursor_outer: Rgb,
    pub cursor_inner: Rgb,
}

const HINT_GREEN: Rgb = Rgb::hex(0xadf7b6);
const SELECTED_YELLOW: Rgb = Rgb::hex(0xffe866);
const CHECK_RED: Wash = Wash {
    colour: Rgb(214, 48, 38),
    alpha: 0.75,
};

const WOOD: Palette = Palette {
    surface: Rgb::hex(0x9e7246),
    square_dark: Rgb::hex(0x684528),
    line: Rgb::hex(0x3a2518),
    dot: Rgb::hex(0x2a1a10),
    label: Rgb::hex(0x140b06),
    hint: HINT_GREEN,
    target: HINT_GREEN,
    selected: SELECTED_YELLOW,
    last_move: Wash {
        colour: Rgb(40, 96, 184),
        alpha: 0.55,
    },
    check: CHECK_RED,
    cursor_outer: Rgb::hex(0xffffff),
    cursor_inner: Rgb::hex(0x0b3d91),
};

const SLATE: Palette = Palette {
    surface: Rgb::hex(0x62778a),
    square_dark: Rgb::hex(0x3c4d5c),
    line: Rgb::hex(0xdfe7ee),
    dot: Rgb::hex(0xeef2f6),
    label: Rgb::hex(0xffffff),
    hint: HINT_GREEN,
    target: HINT_GREEN,
    selected: SELECTED_YELLOW,
    last_move: Wash {
        colour: Rgb(255, 166, 77),
        alpha: 0.6,
    },
    check: CHECK_RED,
    cursor_outer: Rgb::hex(0xffffff),
    cursor_inner: Rgb::hex(0x0b3d91),
};

/// The colours of one side's pieces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inks {
    /// The disc, or the flat figure.
    pub fill: Rgb,
    /// The disc's rim, or the outline.
    pub rim: Rgb,
    /// What is drawn on the piece: a man's ring and a chess figure (solid),
    /// a crown and a figure's details (outlined).
    pub mark: Rgb,
}

/// A piece style's colours and strokes. Each side's fill contrasts at least
/// 3:1 with both themes' surfaces (the tests below check it):
///
/// | style    | side  | on Wood | on Slate |
/// |----------|-------|---------|----------|
/// | Solid    | White | 3.71    | 4.05     |
/// | Solid    | Black | 3.78    | 3.46     |
/// | Outlined | White | 3.95    | 4.32     |
/// | Outlined | Black | 4.06    | 3.71     |
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceLook {
    pub white: Inks,
    pub black: Inks,
    /// A draughts king's crown, glowing; `None`: drawn flat in the mark's
    /// colour.
    pub crown: Option<Rgb>,
    /// The outline's width as a share of the piece's radius; 0 for a rim as
    /// wide as the board's lines.
    pub outline: f64,
    /// How much larger a chess figure is drawn than on a disc (outlined
    /// figures stand on the board without one).
    pub figure_scale: f64,
}

impl PieceLook {
    pub fn inks(&self, white: bool) -> Inks {
        if white {
            self.white
        } else {
            self.black
        }
    }
}

const SOLID: PieceLook = PieceLook {
    white: Inks {
        fill: Rgb::hex(0xf6efe0),
        rim: Rgb::hex(0x5a4330),
        mark: Rgb::hex(0x3a2a1c),
    },
    black: Inks {
        fill: Rgb::hex(0x2a1f1a),
        rim: Rgb::hex(0x0f0a08),
        mark: Rgb::hex(0xf1e4cc),
    },
    crown: Some(Rgb::hex(0xe8b422)),
    outline: 0.0,
    figure_scale: 1.0,
};

const OUTLINED: PieceLook = PieceLook {
    white: Inks {
        fill: Rgb::hex(0xf7f7f4),
        rim: Rgb::hex(0x111111),
        mark: Rgb::hex(0x111111),
    },
    black: Inks {
        fill: Rgb::hex(0x1b1b1b),
        rim: Rgb::hex(0xf4f4f0),
        mark: Rgb::hex(0xf4f4f0),
    },
    crown: None,
    outline: 0.14,
    figure_scale: 1.22,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_written_as_css() {
        let c = Rgb::hex(0x2a1f1a);
        assert_eq!(c.css(), "#2a1f1a");
        assert_eq!(c.css_alpha(0.5), "rgba(42, 31, 26, 0.500)");
        assert_eq!(c.css_alpha(0.0125), "rgba(42, 31, 26, 0.013)");
        assert_eq!(c.css_alpha(1.0), "rgba(42, 31, 26, 1.000)");
        // Out of range, clamped.
        assert_eq!(c.css_alpha(-2.0), "rgba(42, 31, 26, 0.000)");
        assert_eq!(c.css_alpha(7.0), "rgba(42, 31, 26, 1.000)");
    }

    #[test]
    fn contrast_matches_wcag_examples() {
        let (black, white) = (Rgb::hex(0x000000), Rgb::hex(0xffffff));
        assert!((contrast(black, white) - 21.0).abs() < 1e-9);
        assert!((contrast(white, white) - 1.0).abs() < 1e-9);
        // #767676 is the lightest grey with 4.5:1 on white.
        assert!((contrast(Rgb::hex(0x767676), white) - 4.54).abs() < 0.01);
        assert_eq!(Rgb::hex(0x0b3d91), Rgb(11, 61, 145));
        assert_eq!(Rgb(11, 61, 145).css(), "#0b3d91");
    }

    #[test]
    fn hints_and_the_selection_contrast_three_to_one_with_the_board() {
        for theme in BoardTheme::ALL {
            let p = theme.palette();
            for (mark, colour) in [
                ("hint", p.hint),
                ("target", p.target),
                ("selected", p.selected),
            ] {
                for (ground, under) in [("surface", p.surface), ("dark squares", p.square_dark)] {
                    let ratio = contrast(colour, under);
                    assert!(ratio >= 3.0, "{theme:?}: {mark} on {ground}: {ratio:.2}");
                }
            }
            // The board itself: lines and points as marks, labels as text.
            for (what, colour) in [("lines", p.line), ("dots", p.dot)] {
                let ratio = contrast(colour, p.surface);
                assert!(ratio >= 3.0, "{theme:?}: {what}: {ratio:.2}");
            }
            let ratio = contrast(p.label, p.surface);
            assert!(ratio >= 4.5, "{theme:?}: labels: {ratio:.2}");
        }
    }

    #[test]
    fn pieces_contrast_three_to_one_with_every_board() {
        for style in PieceStyle::ALL {
            for white in [true, false] {
                let inks = style.look().inks(white);
                for theme in BoardTheme::ALL {
                    let ratio = contrast(inks.fill, theme.palette().surface);
                    assert!(
                        ratio >= 3.0,
                        "{style:?} (white {white}) on {theme:?}: {ratio:.2}"
                    );
                }
                // The outline or the rim sets the piece off its own fill.
                if style == PieceStyle::Outlined {
                    let ratio = contrast(inks.fill, inks.rim);
                    assert!(
                        ratio >= 3.0,
                        "{style:?} (white {white}) outline: {ratio:.2}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_themes_and_the_styles_differ() {
        assert_ne!(BoardTheme::Wood.palette(), BoardTheme::Slate.palette());
        assert_ne!(PieceStyle::Solid.look(), PieceStyle::Outlined.look());
        // Slate's lines are light on a darker board, Wood's dark on a lighter.
        let (wood, slate) = (BoardTheme::Wood.palette(), BoardTheme::Slate.palette());
        assert!(wood.line.luminance() < wood.surface.luminance());
        assert!(slate.line.luminance() > slate.surface.luminance());
        for theme in BoardTheme::ALL {
            assert_eq!(BoardTheme::from_name(theme.name()), Some(theme));
        }
        for style in PieceStyle::ALL {
            assert_eq!(PieceStyle::from_name(style.name()), Some(style));
        }
    }
}
