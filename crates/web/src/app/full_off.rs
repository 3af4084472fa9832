//! The light module's stand-in for `full.rs`: the whole app's effects have
//! no value here, so there is none to run.

use wasm_bindgen::JsValue;
use web_sys::Window;

use super::App;
use crate::ui::{Boot, FullAction, FullEffect, View};

/// Nothing of the whole app's is read at boot.
pub(super) fn read_boot(_: &Window, _: &str, _: &dyn Fn(&str) -> Option<String>, _: &mut Boot) {}

pub(super) fn is_heartbeat(action: &FullAction) -> bool {
    match *action {}
}

impl App {
    pub(super) fn listen_full(&mut self) -> Result<(), JsValue> {
        Ok(())
    }

    pub(super) fn write_full(&self, _: &View) {}

    pub(super) fn write_heartbeat(&self) {}

    pub(super) fn run_full(&mut self, effect: FullEffect) {
        match effect {}
    }
}

/// The whole app's own handles: none in the light module.
#[derive(Default)]
pub(super) struct FullApp {}
