//! The browser front end of the Alquerque games.
//!
//! The only crate that touches `wasm-bindgen` and `web-sys`. What can be
//! computed without a page lives in plain-Rust modules tested natively:
//! [`layout`] (where points fall on the canvas and which point a pixel is on)
//! and [`triple`] (the triple-press gesture). [`render`] is the thin canvas
//! glue, and [`start`] wires it to the page.

pub mod input;
pub mod layout;
pub mod render;
pub mod session;
pub mod triple;

pub use layout::Layout;
pub use render::BoardView;
pub use triple::TripleDetector;

use engine::{GameKey, Position};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

thread_local! {
    /// The board on the page, kept alive for the page's lifetime.
    static BOARD: RefCell<Option<BoardView>> = const { RefCell::new(None) };
}

/// Runs when the module loads: draws the start of a Classic game on
/// `<canvas id="board">`.
/// A page without that canvas (a test page, say) is left alone.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    install_panic_hook();
    let Some(window) = web_sys::window() else {
        return Ok(());
    };
    let Some(element) = window.document().and_then(|d| d.get_element_by_id("board")) else {
        return Ok(());
    };
    let canvas: HtmlCanvasElement = element
        .dyn_into()
        .map_err(|_| JsValue::from_str("#board is not a <canvas>"))?;
    let start = Position::start(GameKey::Classic.rules());
    let view = BoardView::attach(window, canvas, start)?;
    BOARD.with(|board| board.replace(Some(view)));
    Ok(())
}

/// Sends panic messages to the browser console instead of losing them.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            web_sys::console::error_1(&format!("panic: {info}").into());
        }));
    });
}
