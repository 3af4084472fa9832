//! Records and pictures leaving and entering the page: a game's record
//! saved as a text file, the board saved as a PNG, and a record file opened
//! to review.

use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlInputElement, Url};

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
    /// Offers `text` as a file named `name`.
    pub(super) fn download(&self, name: &str, text: &str) {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let options = BlobPropertyBag::new();
        options.set_type("text/plain;charset=utf-8");
        let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &options) else {
            return;
        };
        if let Ok(url) = Url::create_object_url_with_blob(&blob) {
            self.save_url(name, &url);
            let _ = Url::revoke_object_url(&url);
        }
    }

    /// Offers the board, as drawn now, as a PNG picture named `name`.
    pub(super) fn picture(&self, name: &str) {
        if let Ok(url) = self.canvas.to_data_url_with_type("image/png") {
            self.save_url(name, &url);
        }
    }

    fn save_url(&self, name: &str, url: &str) {
        let Some(link) = self
            .document
            .create_element("a")
            .ok()
            .and_then(|a| a.dyn_into::<HtmlAnchorElement>().ok())
        else {
            return;
        };
        link.set_href(url);
        link.set_download(name);
        link.click();
    }

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
