//! The language the page speaks: chosen when it starts (the link's
//! `?lang=`, the one chosen before, the browser's), changed from the home
//! screen's menu and remembered, and loaded the first time it is used.

use super::{Effect, ScreenState, Ui};
use crate::i18n::{self, Catalog, Lang};
use crate::t;

/// Where the language chosen from the menu is kept.
pub const LANG_KEY: &str = "alquerque.lang";

impl Ui {
    /// Starts in the language the page was opened for.
    pub(super) fn start_language(
        &mut self,
        query: Option<&str>,
        stored: Option<&str>,
        preferred: &[String],
        fx: &mut Vec<Effect>,
    ) {
        let lang = Lang::choose(query, stored, preferred);
        self.show_language(lang, fx);
    }

    /// The person chose a language from the menu.
    pub(super) fn choose_language(&mut self, code: &str, fx: &mut Vec<Effect>) {
        let Some(lang) = Lang::from_tag(code) else {
            fx.push(Effect::Log(format!("no language {code:?}")));
            return;
        };
        fx.push(Effect::Store {
            key: LANG_KEY.to_string(),
            value: lang.code().to_string(),
        });
        self.show_language(lang, fx);
    }

    fn show_language(&mut self, lang: Lang, fx: &mut Vec<Effect>) {
        if lang == Lang::En {
            i18n::use_english();
            self.shared.lang = Lang::En;
            self.shared.loading_lang = None;
            self.book_follows(fx);
        } else if lang != self.shared.lang {
            self.shared.loading_lang = Some(lang);
            fx.push(Effect::LoadLanguage(lang));
        }
    }

    /// A language's catalog arrived (its text), or could not be fetched.
    pub(super) fn language_loaded(
        &mut self,
        lang: Lang,
        text: Result<String, String>,
        fx: &mut Vec<Effect>,
    ) {
        if self.shared.loading_lang != Some(lang) {
            // Another language was chosen meanwhile.
            return;
        }
        self.shared.loading_lang = None;
        match text.and_then(|text| Catalog::parse(lang, &text).map_err(|e| e.0)) {
            Ok(catalog) => {
                i18n::install(catalog);
                self.shared.lang = lang;
                self.book_follows(fx);
            }
            Err(why) => {
                fx.push(Effect::Log(format!("the {} catalog: {why}", lang.code())));
                self.shared.notice = Some(t!("language-failed"));
            }
        }
    }

    /// The rule book, if it is on screen, is shown again in the language
    /// now in use.
    fn book_follows(&self, fx: &mut Vec<Effect>) {
        if matches!(self.screen, ScreenState::Rules(_)) {
            fx.push(Effect::ShowRules { article: None });
        }
    }
}
