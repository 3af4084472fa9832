//! Records entering the page: a record file opened to review (the whole
//! app's page reviews it), and today's date for the records' tags. Saving
//! a record or a picture is the whole app's (`app/files`).

use wasm_bindgen_futures::JsFuture;

use super::*;

/// Today's date as records write it, `YYYY.MM.DD`.
pub(super) fn today() -> String {
    let now = js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

impl App {
    /// A record file chosen on the home screen is read and reviewed.
    pub(super) fn listen_records(&mut self) -> Result<(), JsValue> {
        let chosen = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            let Some(input) = event
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            wasm_bindgen_futures::spawn_local(async move {
                let text = JsFuture::from(file.text())
                    .await
                    .ok()
                    .and_then(|t| t.as_string())
                    .unwrap_or_default();
                dispatch(Action::Press(Button::ReviewRecord(text)));
            });
        });
        if let Some(input) = self.element("record-file") {
            input.add_event_listener_with_callback("change", chosen.as_ref().unchecked_ref())?;
        }
        self.listeners.push(chosen);
        Ok(())
    }
}
