//! Files leaving the page: a game's record saved as a text file (the
//! board's picture, in the whole app, goes the same way: `app/full.rs`).

use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

use super::*;

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

    /// Offers what `url` holds as a file named `name`.
    pub(super) fn save_url(&self, name: &str, url: &str) {
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
}
