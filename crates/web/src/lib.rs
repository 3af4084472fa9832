//! The browser front end of the Alquerque games.
//!
//! The only crate that touches `wasm-bindgen` and `web-sys`. What can be
//! decided without a page lives in plain-Rust modules tested natively:
//! [`session`] (the game on screen), [`save`] (saving it, preferences and
//! results), [`input`] (what a press, a drag or a triple-press means),
//! [`layout`] (where points fall on the canvas), [`triple`] (the
//! triple-press gesture), [`sound`] (which sound a turn makes, and how each
//! sounds), [`worker`] (the computer player's requests), [`online_state`]
//! (the client side of online play), [`i18n`] (the six languages),
//! [`words`] (the games' words in them) and [`shown`] (what each list last
//! showed). [`ui`] is the page as one state machine (actions in, effects
//! and a view out), tested natively; [`render`]
//! paints the canvas in the colours of [`theme`] (whose contrast ratios are
//! tested natively) and
//! [`app`] wires it all to the page.

pub mod api;
#[cfg(feature = "page")]
pub mod app;
pub mod community;
pub mod embed;
pub mod endgame;
pub mod figures;
pub mod i18n;
pub mod input;
pub mod keyboard;
pub mod layout;
pub mod links;
pub mod online_state;
pub mod puzzles;
pub mod records;
pub mod render;
pub mod route;
pub mod save;
pub mod session;
pub mod shown;
pub mod sound;
pub mod theme;
pub mod tree;
pub mod triple;
pub mod ui;
pub mod words;
pub mod worker;

pub use layout::Layout;

/// Whether this is the whole app's module (the feature `full`): online
/// play, embedding, and the tools (the review, the analysis panel and board,
/// the editor, the puzzles). Without it every way into their code is closed
/// by a test of this constant, so the light module leaves that code out.
pub const FULL: bool = cfg!(feature = "full");
pub use session::Session;
pub use triple::TripleDetector;

use wasm_bindgen::prelude::*;

/// Runs when the module loads. The page's module (feature `page`) starts
/// the app; the computer's worker is built without it, so its module holds
/// the search and none of the page, and starts answering requests.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    install_panic_hook();
    #[cfg(feature = "page")]
    return app::start();
    #[cfg(not(feature = "page"))]
    {
        #[cfg(target_arch = "wasm32")]
        worker::run();
        Ok(())
    }
}

/// Sends panic messages to the browser console instead of losing them.
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            web_sys::console::error_1(&format!("panic: {info}").into());
        }));
    });
}
