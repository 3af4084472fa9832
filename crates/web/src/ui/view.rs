//! What the page shows, read off the [`Ui`]: the screen, every panel's text
//! and controls, and the board's [`Scene`]. The page glue writes it as it is.

use engine::{GameKind, Side};

use super::screen::Ending;
use super::Ui;
use crate::i18n::by_side;
use crate::i18n::Lang;
use crate::keyboard::role_name;
use crate::render::Scene;
use crate::session::Mode;
use crate::session::Session;
use crate::t;
pub use crate::words::game_name as display_name;
use crate::words::{level_name, outcome_reason};

/// Everything on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The screen shown (`data-screen`).
    pub screen: &'static str,
    /// The language shown, and whether another is on its way.
    pub lang: Lang,
    pub lang_loading: bool,
    pub notice: Option<String>,
    /// The results against the computer per game, on the home screen's
    /// cards (empty for a game not yet played).
    pub stats: Vec<(GameKind, String)>,
    /// The game in progress, as the home screen's "Continue" describes it.
    pub continuing: Option<String>,
    /// The game chosen, on the opponent screen.
    pub opponent_game: String,
    pub prefs: crate::save::Prefs,
    /// What the live region says.
    pub announcement: String,
    /// Embedded: the theme, and whether the rule book and the preferences
    /// can be opened.
    pub embed: Option<(&'static str, bool, bool)>,
    /// The game on screen, if any.
    pub game: Option<GameView>,
    /// Whether the game shown can be taken to the analysis board.
    pub analysis_board: bool,
    /// The whole app's own panels.
    pub full: super::FullView,
}

/// The game's panels and board.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    /// The game's name, and who plays it ("You – Computer (Hard)").
    pub title: String,
    pub players: String,
    /// White's and Black's clocks, in an online game with clocks.
    pub clocks: Option<[crate::online_state::ClockFace; 2]>,
    /// A finished game's result panel, until it is closed to look back.
    pub result: Option<ResultView>,
    /// The turn entered, waiting to be confirmed, in words.
    pub confirm: Option<String>,
    /// The hint button: hidden online, else whether it may be pressed.
    pub hint: Option<bool>,
    /// The review button beside the moves: hidden online, else whether it
    /// may be pressed.
    pub review: Option<bool>,
    pub status: String,
    pub prompt: String,
    pub counts: String,
    pub moves: Vec<MoveItem>,
    /// Watching: the pause, step and take-over controls and the delay.
    pub watch_delay: Option<u32>,
    pub pause_label: String,
    pub undo_disabled: bool,
    /// A puzzle waits for its answer: no analysis yet.
    pub analyse_disabled: bool,
    /// Whether the computer's tools (analysis, the editor) are offered:
    /// never in an online game, where another person plays.
    pub engine_tools: bool,
    pub resign_disabled: bool,
    /// Zen mode: the board, the clocks and the names alone.
    pub zen: bool,
    /// A huff by the last turn, explained: whose piece went, and why.
    pub huff_note: Option<String>,
    /// Resign was pressed once and waits for the second press; its words.
    pub resign_asked: bool,
    pub resign_label: String,
    pub offer_draw_disabled: bool,
    /// Online games have no undo.
    pub undo_hidden: bool,
    /// The promotion choices shown (role names).
    pub promotion: Vec<&'static str>,
    /// Whether a draw offer waits for the person's answer.
    pub draw_answer: bool,
    /// The board's accessible label.
    pub label: String,
    /// The ways to enter the legal turns (`c2 c3,c1 c3 e3`), for tools.
    pub entries: String,
    /// The keyboard cursor's point name.
    pub cursor: String,
    pub ply: usize,
    pub thinking: bool,
    pub scene: Scene,
}

/// The result of a finished game, with what can follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultView {
    /// "You win!", "Draw"…
    pub headline: String,
    /// Why: "checkmate", "threefold repetition"…
    pub reason: String,
    /// Whether a rematch is offered (not online).
    pub rematch: bool,
}

/// A turn in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveItem {
    /// The turns played once it is: pressing it shows that position.
    pub ply: usize,
    /// The move number (on White's turns) and the turn.
    pub text: String,
    /// Whether the position after it is the one shown.
    pub current: bool,
}

impl Ui {
    /// What the page shows now.
    pub fn view(&self) -> View {
        View {
            screen: self.screen.screen().name(),
            lang: self.shared.lang,
            lang_loading: self.shared.loading_lang.is_some(),
            notice: self.shared.notice.clone(),
            stats: self.stats_rows(),
            continuing: self.continuing(),
            opponent_game: t!("game-chosen", game = &display_name(self.shared.choice)),
            prefs: self.shared.prefs,
            announcement: self.shared.announcement.clone(),
            embed: self
                .shared
                .embed
                .as_ref()
                .map(|e| (e.theme, e.rules, e.settings)),
            game: self.game_view(),
            full: self.full_view(),
            analysis_board: self.analysis_board_available(),
        }
    }

    fn stats_rows(&self) -> Vec<(GameKind, String)> {
        GameKind::ALL
            .into_iter()
            .map(|v| {
                let [w, d, l] = self.shared.stats.of(v);
                let hints = self.shared.stats.hints_in(v);
                let mut text = if w + d + l > 0 {
                    format!(
                        "{}, {}, {}",
                        t!("results-won", n = w),
                        t!("results-drawn", n = d),
                        t!("results-lost", n = l)
                    )
                } else {
                    String::new()
                };
                if hints > 0 {
                    if !text.is_empty() {
                        text.push_str(" · ");
                    }
                    text.push_str(&t!("results-hints", n = hints));
                }
                (v, text)
            })
            .collect()
    }

    /// The game in progress in words: which game, against whom, whose
    /// turn.
    fn continuing(&self) -> Option<String> {
        let session = self.shared.session.as_ref().filter(|s| !s.is_over())?;
        let game = &display_name(session.game.kind());
        let against = match session.mode {
            Mode::Computer { level, .. } => {
                t!("continue-computer", game = game, level = &level_name(level))
            }
            Mode::Friend => t!("continue-friend", game = game),
            Mode::Watch { .. } => t!("continue-watch", game = game),
            Mode::Online { .. } => t!("continue-online", game = game),
        };
        Some(format!("{against} · {}", self.status()))
    }

    fn game_view(&self) -> Option<GameView> {
        let session = self.shared.session.as_ref()?;
        let game = &session.game;
        let status = self.status();
        let start = game.board_at(0);
        let count = |side: Side| {
            let now = game.piece_count(side);
            let at_start = start.iter().flatten().filter(|p| p.side == side).count() as u32;
            let lost = at_start.saturating_sub(now);
            if lost > 0 {
                t!(
                    by_side(side, "white-count-captured", "black-count-captured"),
                    n = now,
                    lost = lost
                )
            } else {
                t!(by_side(side, "white-count", "black-count"), n = now)
            }
        };
        let history = game.history();
        let current = session.review.unwrap_or(history.len());
        let moves = history
            .iter()
            .enumerate()
            .map(|(i, text)| MoveItem {
                ply: i + 1,
                text: if i % 2 == 0 {
                    format!("{}. {text}", i / 2 + 1)
                } else {
                    text.clone()
                },
                current: i + 1 == current,
            })
            .collect();
        let watch_delay = match session.mode {
            Mode::Watch { delay_ms, .. } => Some(delay_ms),
            _ => None,
        };
        let mut label = t!(
            "board-of",
            game = &display_name(game.kind()),
            status = &status
        );
        if let Some(last) = history.last() {
            label.push(' ');
            label.push_str(&t!("last-move", move = last));
        }
        let geometry = game.geometry();
        let entries: Vec<String> = if session.human_to_move() {
            session
                .entries()
                .iter()
                .filter(|e| e.huff == session.selection.huff && !e.path.is_empty())
                .map(|e| {
                    let names: Vec<String> = e
                        .path
                        .iter()
                        .map(|&p| geometry.name(p).to_string())
                        .collect();
                    names.join(" ")
                })
                .collect()
        } else {
            Vec::new()
        };
        let cursor = self
            .screen
            .input()
            .and_then(|i| i.cursor)
            .filter(|p| p.index() < geometry.len())
            .map(|p| geometry.name(p).to_string())
            .unwrap_or_default();
        let watching = watch_delay.is_some();
        let resign_asked = self.screen.game().and_then(|g| g.confirming) == Some(Ending::Resign);
        Some(GameView {
            title: display_name(game.kind()),
            players: self.players_line(session),
            // Only the whole app plays online.
            clocks: self.online_clocks(),
            result: (!self.screen.looking_back())
                .then(|| result_view(session))
                .flatten(),
            hint: self.shared.online.is_none().then(|| self.hint_available()),
            review: self
                .shared
                .online
                .is_none()
                .then(|| self.review_available() && self.screen.tool().review().is_none()),
            confirm: session
                .proposed
                .map(|turn| t!("prompt-confirm", move = &game.turn_text(turn))),
            prompt: if self.shared.prefs.prompts
                && (self.screen.looking_back() || !session.is_over())
            {
                session.prompt()
            } else {
                String::new()
            },
            counts: t!(
                "pieces-count",
                white = &count(Side::White),
                black = &count(Side::Black)
            ),
            moves,
            watch_delay,
            pause_label: t!(if self.shared.paused {
                "resume"
            } else {
                "pause"
            }),
            undo_disabled: (game.ply() == 0 && !session.is_over()) || self.undo_locked(),
            resign_disabled: session.is_over()
                || watching
                || session.on_analysis_board()
                || self.screen.tool().puzzle().is_some(),
            resign_asked,
            huff_note: self.huff_note(),
            zen: self.shared.prefs.zen,
            resign_label: t!(if resign_asked {
                "resign-confirm"
            } else {
                "resign"
            }),
            offer_draw_disabled: session.is_over()
                || watching
                || session.on_analysis_board()
                || self.screen.tool().puzzle().is_some(),
            analyse_disabled: self.puzzle_unanswered(),
            engine_tools: self.shared.online.is_none(),
            undo_hidden: self.shared.online.is_some(),
            promotion: self
                .screen
                .input()
                .and_then(|i| i.promotion.as_ref())
                .into_iter()
                .flatten()
                .map(|(r, _)| role_name(*r))
                .collect(),
            draw_answer: session.person_must_answer(),
            label,
            entries: entries.join(","),
            cursor,
            ply: game.ply(),
            thinking: self.is_thinking(),
            scene: self.scene()?,
            status,
        })
    }

    /// What the board shows.
    pub fn scene(&self) -> Option<Scene> {
        if let Some(setup) = self.edited_setup() {
            let g = setup.geometry();
            return Some(Scene {
                board: setup.board.clone(),
                squares: !g.has_diagonals() && g.files() == 8,
                flipped: self.flipped(),
                cursor: self.screen.cursor(),
                theme: self.shared.prefs.board,
                pieces: self.shared.prefs.pieces,
                ..Scene::default()
            });
        }
        let session = self.shared.session.as_ref()?;
        let game = &session.game;
        let live = session.review.is_none();
        let mut board = game.board_at(session.review.unwrap_or(game.ply()));
        if let (true, Some(huffed)) = (live, session.selection.huff) {
            board[huffed.index()] = None;
        }
        let premoving = session.premoving();
        let hints = self.shared.prefs.hints
            && live
            && (session.human_to_move() || premoving)
            && session.proposed.is_none();
        // While the opponent thinks, a premove is entered as on its own
        // board.
        let premove_entries = if premoving {
            session.premove_entries()
        } else {
            Vec::new()
        };
        let entries = if premoving {
            &premove_entries
        } else {
            session.entries()
        };
        let input = self.screen.input();
        let floating = input
            .and_then(|i| i.drag.as_ref())
            .filter(|d| d.moved)
            .map(|d| (d.from, d.at.0, d.at.1));
        let animated = self.animated().filter(|_| floating.is_none());
        let fading = match (live, input.and_then(|i| i.animation.as_ref()), animated) {
            (true, Some(a), Some((_, alpha))) => {
                a.captured.iter().map(|&(p, v)| (p, v, alpha)).collect()
            }
            _ => Vec::new(),
        };
        Some(Scene {
            board,
            squares: !game.geometry().has_diagonals() && game.geometry().files() == 8,
            flipped: self.flipped(),
            movable: if hints {
                session.selection.movable(entries)
            } else {
                Vec::new()
            },
            targets: if hints {
                session.selection.targets(entries)
            } else {
                Vec::new()
            },
            path: match session.proposed {
                // The turn waiting to be confirmed shows as entered.
                Some(turn) if live => entries
                    .iter()
                    .find(|e| e.turn == turn)
                    .map(|e| e.path.clone())
                    .unwrap_or_default(),
                _ if live => session.selection.path.clone(),
                _ => Vec::new(),
            },
            last: if live {
                game.last_move().map(|(p, _)| p).unwrap_or_default()
            } else {
                Vec::new()
            },
            check: game.king_in_check().filter(|_| live),
            floating,
            gliding: animated.map(|(glide, _)| glide),
            fading,
            cursor: self.screen.cursor(),
            arrow: self.review_arrow().or_else(|| self.hint_arrow()),
            huffed: self.huff_mark(),
            premoves: if live {
                session.premoves.clone()
            } else {
                Vec::new()
            },
            theme: self.shared.prefs.board,
            pieces: self.shared.prefs.pieces,
        })
    }
}

/// A game's start position, as the home screen's cards show it.
pub fn preview(kind: GameKind, prefs: &crate::save::Prefs) -> Scene {
    let game = engine::AnyGame::new(kind);
    Scene {
        board: game.board(),
        theme: prefs.board,
        pieces: prefs.pieces,
        squares: !game.geometry().has_diagonals() && game.geometry().files() == 8,
        ..Scene::default()
    }
}

/// Who plays `side`: "You", "Computer (Hard)", "White"…
pub fn player_name(mode: Mode, side: Side) -> String {
    match mode {
        Mode::Computer { human, .. } if side == human => t!("you"),
        Mode::Computer { level, .. } | Mode::Watch { level, .. } => {
            t!("computer-level", level = &level_name(level))
        }
        Mode::Online { side: Some(me), .. } if side == me => t!("you"),
        _ => t!(by_side(side, "white", "black")),
    }
}

/// Who plays `side` in `session`: the name its record gave, else as its
/// mode says.
pub fn session_player(session: &Session, side: Side) -> String {
    match &session.players {
        Some(names) => names[side.index()].clone(),
        None => player_name(session.mode, side),
    }
}

impl Ui {
    /// Who plays ("You – Computer (Hard)"); online, the names the server
    /// gave, the person's own as "You".
    fn players_line(&self, session: &Session) -> String {
        let (mode, names) = (session.mode, self.online_names());
        let name = |side: Side| match (mode, names) {
            (Mode::Online { side: Some(me), .. }, _) if side == me => t!("you"),
            (Mode::Online { .. }, Some((names, bots))) => {
                names[side.index()].as_deref().map_or_else(
                    || player_name(mode, side),
                    |n| {
                        let shown = crate::community::shown_name(n, self.shared.prefs.kid);
                        if bots[side.index()] {
                            t!("bot-named", name = &shown)
                        } else {
                            shown
                        }
                    },
                )
            }
            _ => session_player(session, side),
        };
        t!(
            "players",
            white = &name(Side::White),
            black = &name(Side::Black)
        )
    }
}

/// The result panel of a finished game.
fn result_view(session: &Session) -> Option<ResultView> {
    let online = matches!(session.mode, Mode::Online { .. });
    let rematch = !online;
    if let Some(verdict) = &session.verdict {
        return Some(ResultView {
            headline: verdict.clone(),
            reason: String::new(),
            rematch,
        });
    }
    let outcome = session.game.outcome()?;
    let headline = t!(match (outcome, session.mode.person()) {
        (engine::Outcome::Draw { .. }, _) => "result-draw",
        (engine::Outcome::Win { winner, .. }, Some(me)) if winner == me => "result-you-win",
        (engine::Outcome::Win { .. }, Some(_)) => "result-you-lose",
        (engine::Outcome::Win { winner, .. }, None) => {
            by_side(winner, "result-white-wins", "result-black-wins")
        }
    });
    Some(ResultView {
        headline,
        reason: outcome_reason(outcome),
        rematch,
    })
}
