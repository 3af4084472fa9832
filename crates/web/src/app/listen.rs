//! The page's listeners: clicks on controls, the preferences' inputs, the
//! keyboard, the host page's messages, the page coming back into view,
//! and the first touch that lets sounds play. Each turns its event into an
//! [`Action`] (or hands it to the part of the glue that reads it).

use super::*;

impl App {
    pub(super) fn listen(&mut self) -> Result<(), JsValue> {
        let click = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            let target = event
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|e| e.closest("[data-action]").ok().flatten());
            if let Some(target) = target {
                with_app(|app| app.press(&target));
            }
        });
        self.document
            .add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
        self.listeners.push(click);
        let change = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.read_prefs()));
        for id in [
            "pref-hints",
            "pref-prompts",
            "pref-animate",
            "pref-sound",
            "pref-confirm",
            "pref-vibrate",
            "pref-board",
            "pref-pieces",
        ] {
            if let Some(input) = self.element(id) {
                input
                    .add_event_listener_with_callback("change", change.as_ref().unchecked_ref())?;
            }
        }
        self.listeners.push(change);
        let delay = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.read_delay()));
        if let Some(select) = self.element("watch-delay") {
            select.add_event_listener_with_callback("change", delay.as_ref().unchecked_ref())?;
        }
        self.listeners.push(delay);
        let language = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            let code = event
                .target()
                .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
                .map(|s| s.value());
            if let Some(code) = code {
                dispatch(Action::Language(code));
            }
        });
        if let Some(select) = self.element("language") {
            select.add_event_listener_with_callback("change", language.as_ref().unchecked_ref())?;
        }
        self.listeners.push(language);
        self.listen_records()?;
        // Keyboard help shows on a touch screen once keys are in use.
        let keyboard = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            let key = event
                .dyn_ref::<web_sys::KeyboardEvent>()
                .map(|k| k.key())
                .unwrap_or_default();
            if key == "Tab" || key.starts_with("Arrow") {
                if let Some(html) = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.document_element())
                {
                    let _ = html.class_list().add_1("keyboard-used");
                }
            }
        });
        self.document
            .add_event_listener_with_callback("keydown", keyboard.as_ref().unchecked_ref())?;
        self.listeners.push(keyboard);
        self.listen_board()?;
        self.listen_history()?;
        self.listen_full()?;
        // A touch or a key lets the page make sounds; heard before the
        // board or a control takes the event, so its move is heard too.
        let unlock = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.speaker.unlock()));
        for name in ["pointerdown", "pointerup", "keydown"] {
            self.document.add_event_listener_with_callback_and_bool(
                name,
                unlock.as_ref().unchecked_ref(),
                true,
            )?;
        }
        self.listeners.push(unlock);
        Ok(())
    }
}
