//! How the board and the pieces look: the board themes and piece styles a
//! player chooses among in the preferences.

use serde::{Deserialize, Serialize};

/// The board's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardTheme {
    /// Light wood, dark lines.
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
}
