//! The board editor: pieces placed and taken off with a press on the
//! board, the side to move, the rule state where it matters (castling
//! rights, the en-passant point, the memory of the draughts games), and the
//! engine's verdict on the position in words. A valid position can be
//! analysed, played against the computer or a friend, or shared.

use crate::keyboard::Key;
use engine::board_setup::{BoardSetup, SetupError, CASTLING_LETTERS, CHESS_PAWNS};
use engine::chesquerque::Role as ChessRole;
use engine::text::PositionError;
use engine::{AnyGame, GameKind, PieceKind, PieceView, Point, Side};

use super::screen::GameScreen;
use super::{EditorButton, Effect, Screen, ScreenState, Tool, Ui};
use crate::i18n::by_side;
use crate::links::Link;
use crate::session::{Mode, Session};
use crate::t;
use crate::words::{game_name, piece_words_in};

/// The editor's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    pub setup: BoardSetup,
    /// The piece placed by a press (`None`: presses take pieces off).
    brush: Option<PieceView>,
    /// An en-passant point that could not be read, as typed.
    bad_point: Option<String>,
}

/// A brush of the palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrushView {
    pub code: String,
    pub label: String,
    pub pressed: bool,
}

/// What the editor's panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditorView {
    pub game: String,
    pub palette: Vec<BrushView>,
    pub side: String,
    /// Chesquerque: the castling rights (letter, whether on) and the
    /// en-passant point's name.
    pub castling: Option<Vec<(char, bool)>>,
    pub en_passant: Option<String>,
    /// Whether there is rule state to forget.
    pub forget: bool,
    /// Why the position cannot be played, or `None` when it can.
    pub error: Option<String>,
    /// The position text, and its analysis link's query.
    pub position: String,
    pub link: String,
}

/// A piece's code in the palette.
fn code(piece: Option<PieceView>) -> String {
    let Some(piece) = piece else {
        return "erase".to_string();
    };
    let side = if piece.side == Side::White { "w" } else { "b" };
    let kind = match piece.kind {
        PieceKind::Man => "man",
        PieceKind::King => "king",
        PieceKind::Chess(role) => crate::keyboard::role_name(role),
    };
    format!("{side}-{kind}")
}

/// The brushes a game's editor offers: its pieces, then the eraser
/// (`None`).
fn palette(kind: GameKind) -> Vec<Option<PieceView>> {
    let kinds: Vec<PieceKind> = match kind {
        GameKind::Chesquerque => [
            ChessRole::King,
            ChessRole::Queen,
            ChessRole::Archbishop,
            ChessRole::Rook,
            ChessRole::Bishop,
            ChessRole::Knight,
            ChessRole::Pawn,
        ]
        .into_iter()
        .map(PieceKind::Chess)
        .collect(),
        GameKind::Draughts(d) if d.rules().kings.is_some() => vec![PieceKind::Man, PieceKind::King],
        GameKind::Draughts(_) => vec![PieceKind::Man],
    };
    [Side::White, Side::Black]
        .into_iter()
        .flat_map(|side| {
            kinds
                .iter()
                .map(move |&kind| Some(PieceView { side, kind }))
        })
        .chain([None])
        .collect()
}

impl Editor {
    pub fn new(setup: BoardSetup) -> Editor {
        let brush = palette(setup.kind).first().copied().flatten();
        Editor {
            setup,
            brush,
            bad_point: None,
        }
    }

    /// A press on a point: the brush's piece placed, or taken off.
    pub fn press(&mut self, point: Point) {
        self.setup.place(
            point,
            self.brush
                .or(self.setup.board.get(point.index()).copied().flatten()),
        );
    }

    /// A point and what stands on it, in words, for the live region.
    pub fn point_words(&self, p: Point) -> String {
        let name = self.setup.geometry().name(p).to_string();
        match self.setup.board.get(p.index()).copied().flatten() {
            Some(piece) => t!(
                "point-piece",
                point = &name,
                piece = &piece_words_in(self.setup.kind, piece)
            ),
            None => t!("point-empty", point = &name),
        }
    }

    pub(super) fn check(&self) -> Result<AnyGame, String> {
        if let Some(typed) = &self.bad_point {
            return Err(t!("setup-bad-point", point = typed));
        }
        self.setup
            .validate()
            .map_err(|e| setup_words(&e, &self.setup))
    }

    pub fn view(&self) -> EditorView {
        let setup = &self.setup;
        let chess = setup.kind == GameKind::Chesquerque;
        let g = setup.geometry();
        let position = setup.to_text().unwrap_or_default();
        EditorView {
            game: game_name(setup.kind),
            palette: palette(setup.kind)
                .into_iter()
                .map(|piece| BrushView {
                    code: code(piece),
                    label: match piece {
                        Some(piece) => piece_words_in(setup.kind, piece),
                        None => t!("editor-erase"),
                    },
                    pressed: piece == self.brush,
                })
                .collect(),
            side: t!(by_side(
                setup.side,
                "editor-white-moves",
                "editor-black-moves"
            )),
            castling: chess.then(|| CASTLING_LETTERS.into_iter().zip(setup.castling).collect()),
            en_passant: chess.then(|| {
                self.bad_point.clone().unwrap_or_else(|| {
                    setup
                        .en_passant
                        .map(|p| g.name(p).to_string())
                        .unwrap_or_default()
                })
            }),
            forget: setup.memory != "-"
                || setup.huffable != "-"
                || setup.counter > 0
                || setup.en_passant.is_some(),
            error: self.check().err(),
            link: Link::Analysis {
                game: setup.kind,
                position: position.clone(),
            }
            .to_query(),
            position,
        }
    }
}

/// Why a setup is refused, in words.
pub fn setup_words(error: &SetupError, setup: &BoardSetup) -> String {
    use engine::any_game::StartError;
    use engine::chesquerque::FenError;
    let g = setup.geometry();
    match error {
        SetupError::TooManyPieces { side, found, limit } => t!(
            by_side(*side, "setup-too-many-white", "setup-too-many-black"),
            n = *found,
            limit = *limit
        ),
        SetupError::TooManyPawns { side, found } => t!(
            by_side(*side, "setup-pawns-white", "setup-pawns-black"),
            n = *found,
            limit = CHESS_PAWNS
        ),
        SetupError::NoPieces(side) => t!(by_side(*side, "setup-none-white", "setup-none-black")),
        SetupError::WrongPiece(p) => t!("setup-wrong-piece", point = &g.name(*p).to_string()),
        SetupError::AlreadyOver => t!("setup-over"),
        SetupError::Rules(StartError::Draughts(e)) => match e {
            PositionError::KingsNotAllowed => t!("setup-no-kings"),
            PositionError::ManOnPromotionRank(p) => {
                t!("setup-crowning-rank", point = &p.to_string())
            }
            PositionError::NoPieceThere(p) | PositionError::MemoryNotSideways(p) => {
                t!("setup-memory", point = &p.to_string())
            }
            PositionError::HuffableOfSideToMove(p) => {
                t!("setup-huffable", point = &p.to_string())
            }
            other => t!("setup-other", why = &other.to_string()),
        },
        SetupError::Rules(StartError::Chess(e)) => match e {
            FenError::KingCount(side) => {
                t!(by_side(*side, "setup-kings-white", "setup-kings-black"))
            }
            FenError::PawnOnBackRank(p) => t!("setup-pawn-rank", point = &p.to_string()),
            FenError::OpponentInCheck => t!(by_side(
                setup.side.other(),
                "setup-check-white",
                "setup-check-black"
            )),
            FenError::CastlingWithoutPieces(c) => {
                t!("setup-castling", right = &c.to_string())
            }
            FenError::BadEnPassant => t!("setup-en-passant"),
            other => t!("setup-other", why = &other.to_string()),
        },
    }
}

/// The editor's controls.
pub(super) fn update(ui: &mut Ui, button: EditorButton, fx: &mut Vec<Effect>) {
    if button == EditorButton::Open {
        ui.open_editor(fx);
        return;
    }
    let Some(editor) = ui.screen.game_mut().and_then(|g| g.tool.editor_mut()) else {
        return;
    };
    let setup = &mut editor.setup;
    match button {
        EditorButton::Open => {}
        EditorButton::Brush(wanted) => {
            if let Some(piece) = palette(setup.kind).into_iter().find(|&p| code(p) == wanted) {
                editor.brush = piece;
            }
        }
        EditorButton::Side => setup.side = setup.side.other(),
        EditorButton::Castle(i) => {
            if let Some(right) = setup.castling.get_mut(i) {
                *right = !*right;
            }
        }
        EditorButton::EnPassant(text) => {
            let text = text.trim();
            editor.bad_point = None;
            if text.is_empty() {
                setup.en_passant = None;
            } else {
                match setup.geometry().parse_point(&text.to_ascii_lowercase()) {
                    Some(p) => setup.en_passant = Some(p),
                    None => editor.bad_point = Some(text.to_string()),
                }
            }
        }
        EditorButton::Clear => setup.clear(),
        EditorButton::Reset => *setup = BoardSetup::start(setup.kind),
        EditorButton::Forget => setup.forget(),
        EditorButton::Cancel => {
            if ui.shared.session.is_some() {
                ui.close_tool();
            } else {
                ui.show(Screen::Opponent);
            }
            ui.maybe_think(fx);
        }
        EditorButton::Analyse => ui.leave_editor(None, fx),
        EditorButton::Computer { level, human } => {
            ui.leave_editor(Some(Mode::Computer { level, human }), fx)
        }
        EditorButton::Friend => ui.leave_editor(Some(Mode::Friend), fx),
    }
    fx.push(Effect::Redraw);
}

impl Ui {
    /// Opens the editor where [`Ui::editor_start`] says.
    fn open_editor(&mut self, fx: &mut Vec<Effect>) {
        if let Some(game) = self.editor_start() {
            self.edit(BoardSetup::of(&game), fx);
        }
    }

    /// The editor's board, while it is open.
    pub(super) fn edited_setup(&self) -> Option<&BoardSetup> {
        self.screen.tool().editor().map(|e| &e.setup)
    }

    /// A press on the editor's board, while it is open; whether it was.
    pub(super) fn editor_press(&mut self, point: Point, fx: &mut Vec<Effect>) -> bool {
        let Some(editor) = self.screen.game_mut().and_then(|g| g.tool.editor_mut()) else {
            return false;
        };
        editor.press(point);
        fx.push(Effect::Redraw);
        true
    }

    /// A key of the board's, while the editor is open; whether it was.
    pub(super) fn editor_key(&mut self, key: Key, fx: &mut Vec<Effect>) -> bool {
        let flipped = self.flipped();
        let Some(game) = self.screen.game_mut() else {
            return false;
        };
        let input = &mut game.input;
        if let Some(editor) = game.tool.editor_mut() {
            let geometry = editor.setup.geometry();
            let cursor = input
                .cursor
                .filter(|p| p.index() < geometry.len())
                .or_else(|| geometry.point(geometry.files() / 2, geometry.ranks() / 2))
                .unwrap_or(Point::from_index_unchecked(0));
            match key {
                Key::Move(right, up) => {
                    let next =
                        super::board::moved(input.cursor, cursor, geometry, (right, up), flipped);
                    input.cursor = Some(next);
                    self.shared.announcement = editor.point_words(next);
                }
                Key::Press => {
                    editor.press(cursor);
                    input.cursor = Some(cursor);
                    self.shared.announcement = editor.point_words(cursor);
                }
                Key::Huff | Key::Cancel => {}
            }
            fx.push(Effect::Redraw);
            return true;
        }
        false
    }

    /// Opens the editor on `setup`.
    pub(super) fn edit(&mut self, setup: BoardSetup, fx: &mut Vec<Effect>) {
        self.stop_thinking(fx);
        self.screen = ScreenState::Game(Box::new(GameScreen {
            tool: Tool::Editor(Box::new(Editor::new(setup))),
            ..GameScreen::default()
        }));
        fx.push(Effect::Redraw);
    }

    /// Plays from the position set up: analysed (`None`), or as a new game.
    fn leave_editor(&mut self, mode: Option<Mode>, fx: &mut Vec<Effect>) {
        let Some(editor) = self.screen.tool().editor() else {
            return;
        };
        let Ok(game) = editor.check() else {
            return;
        };
        self.close_tool();
        let seed = self.new_seed();
        match mode {
            None => {
                self.shared.choice = game.kind();
                let shown = game.ply();
                self.analyse_game(game, shown, fx);
            }
            Some(mode) => {
                self.shared.choice = game.kind();
                self.offer(Session::resume(game, mode, seed), fx);
            }
        }
    }
}

/// The editor's panel, while it is open.
pub fn view(ui: &Ui) -> Option<EditorView> {
    ui.screen.tool().editor().map(|e| e.view())
}
