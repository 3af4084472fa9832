//! The page's fixed words in the language shown: every element marked
//! `data-t="key"` gets that message as its text, `data-t-label="key"` as
//! its accessible label; `<html>` gets the language and direction. A
//! language's catalog is fetched the first time it is chosen (the service
//! worker keeps it for offline play).

use super::*;
use crate::i18n::Lang;
use crate::t;

impl App {
    /// Writes the fixed words, once per change of language, and shows the
    /// page once no language is on its way (it starts hidden while one may
    /// be, so a reader never sees the English flash by).
    pub(super) fn write_language(&self, lang: Lang, loading: bool) {
        if self.shown_lang.get() != Some(lang) {
            self.shown_lang.set(Some(lang));
            // Every element carrying `attribute`, given its message.
            let each = |attribute: &str, f: &dyn Fn(&Element, &str)| {
                if let Ok(list) = self.document.query_selector_all(&format!("[{attribute}]")) {
                    for i in 0..list.length() {
                        if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                            if let Some(key) = el.get_attribute(attribute) {
                                f(&el, &t!(&key));
                            }
                        }
                    }
                }
            };
            each("data-t", &|el, text| {
                if el.text_content().as_deref() != Some(text) {
                    el.set_text_content(Some(text));
                }
            });
            each("data-t-label", &|el, text| {
                let _ = el.set_attribute("aria-label", text);
            });
            if let Some(html) = self.document.document_element() {
                let _ = html.set_attribute("lang", lang.code());
                let _ = html.set_attribute("dir", lang.dir());
            }
            if let Some(select) = self
                .element("language")
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
            {
                select.set_value(lang.code());
            }
        }
        if !loading {
            if let Some(html) = self.document.document_element() {
                let _ = html.class_list().remove_1("wait-lang");
            }
        }
    }

    /// Fetches a language's catalog and reports it.
    pub(super) fn load_language(&self, lang: Lang) {
        let window = self.window.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = fetch_file(&window, &format!("lang/{}.json", lang.code())).await;
            dispatch(Action::LanguageLoaded { lang, text });
        });
    }
}
