use super::catalog::{placeholders, Message};
use super::*;
use crate::t;

fn catalog_text(lang: Lang) -> String {
    let path = format!(
        "{}/../../www/lang/{}.json",
        env!("CARGO_MANIFEST_DIR"),
        lang.code()
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A language's catalog as the page has it: English with the whole app's
/// own messages (`en-full.json`).
fn catalog(lang: Lang) -> Catalog {
    let c = Catalog::parse(lang, &catalog_text(lang)).unwrap_or_else(|e| panic!("{e}"));
    if lang != Lang::En {
        return c;
    }
    let path = format!("{}/../../www/lang/en-full.json", env!("CARGO_MANIFEST_DIR"));
    let more = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    c.with(Catalog::parse(lang, &more).unwrap_or_else(|e| panic!("{e}")))
}

/// Numbers that reach every plural category of the page's languages
/// (French and Spanish say "many" of round millions).
fn samples() -> impl Iterator<Item = u64> {
    (0..=250).chain([1000, 1001, 100_000, 1_000_000, 2_000_000, 1_000_001])
}

#[test]
fn every_catalog_has_every_english_key_and_no_other() {
    let english = english();
    let mut english_keys: Vec<&str> = english.keys().collect();
    english_keys.sort_unstable();
    for lang in Lang::ALL {
        let c = catalog(lang);
        let mut keys: Vec<&str> = c.keys().collect();
        keys.sort_unstable();
        let missing: Vec<&&str> = english_keys.iter().filter(|k| !keys.contains(k)).collect();
        let extra: Vec<&&str> = keys.iter().filter(|k| !english_keys.contains(k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(
            extra.is_empty(),
            "{} has unknown keys {extra:?}",
            lang.code()
        );
    }
}

#[test]
fn translations_keep_the_placeholders_and_every_plural_form() {
    let english = english();
    for lang in Lang::ALL {
        let c = catalog(lang);
        let needed: Vec<&str> = {
            let mut v: Vec<&str> = samples().map(|n| c.category(n)).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        for key in english.keys() {
            let (Some(en), Some(msg)) = (english.message(key), c.message(key)) else {
                continue;
            };
            let en_names: Vec<&str> = match en {
                Message::Text(t) => placeholders(t),
                Message::Plural(forms) => forms.values().flat_map(|f| placeholders(f)).collect(),
            };
            match msg {
                Message::Text(t) => {
                    assert!(
                        matches!(en, Message::Text(_)),
                        "{}: {key} must have plural forms",
                        lang.code()
                    );
                    let mut want = en_names.clone();
                    want.sort_unstable();
                    want.dedup();
                    assert_eq!(placeholders(t), want, "{}: {key}", lang.code());
                }
                Message::Plural(forms) => {
                    for category in &needed {
                        assert!(
                            forms.contains_key(*category),
                            "{}: {key} lacks its {category:?} form",
                            lang.code()
                        );
                    }
                    for (category, form) in forms {
                        // `other` is every language's fallback (Russian's for fractions).
                        assert!(category == "other" || needed.contains(&category.as_str()), "{}: {key} has a form {category:?} the language never uses (it uses {needed:?})", lang.code());
                        let names = placeholders(form);
                        for name in &names {
                            assert!(
                                en_names.contains(name),
                                "{}: {key} {category}: {{{name}}} is not English's",
                                lang.code()
                            );
                        }
                        for name in en_names.iter().filter(|n| **n != "n") {
                            assert!(
                                names.contains(name),
                                "{}: {key} {category}: lacks {{{name}}}",
                                lang.code()
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn plural_forms_follow_each_language() {
    let ru = catalog(Lang::Ru);
    let forms: Vec<&str> = [1, 2, 5, 11, 21, 22, 25, 111]
        .map(|n| ru.category(n))
        .to_vec();
    assert_eq!(
        forms,
        ["one", "few", "many", "many", "one", "few", "many", "many"]
    );
    let ar = catalog(Lang::Ar);
    let forms: Vec<&str> = [0, 1, 2, 3, 10, 11, 99, 100, 102]
        .map(|n| ar.category(n))
        .to_vec();
    assert_eq!(
        forms,
        ["zero", "one", "two", "few", "few", "many", "many", "other", "other"]
    );
    let en = english();
    assert_eq!(en.category(1), "one");
    assert_eq!(en.category(0), "other");
    // The forms are chosen by `n`, in English and in Russian.
    assert_eq!(
        t!("white-played-taking", move = "c2xc4", n = 1u32),
        "White played c2xc4, taking 1 piece."
    );
    assert_eq!(
        t!("white-played-taking", move = "c2xc4xe4", n = 2u32),
        "White played c2xc4xe4, taking 2 pieces."
    );
    let one = ru.format(
        "white-played-taking",
        &[("move", Arg::Text("x")), ("n", Arg::Number(1))],
    );
    let five = ru.format(
        "white-played-taking",
        &[("move", Arg::Text("x")), ("n", Arg::Number(5))],
    );
    assert_ne!(one, five);
}

#[test]
fn placeholders_are_filled_and_unknown_ones_left() {
    assert_eq!(
        catalog::fill("{a} and {b}", &[("a", Arg::Text("x"))]),
        "x and {b}"
    );
    assert_eq!(catalog::fill("{n} s", &[("n", Arg::Number(7))]), "7 s");
    assert_eq!(catalog::fill("open {", &[]), "open {");
}

#[test]
fn a_missing_message_falls_back_to_english() {
    let spanish = Catalog::parse(Lang::Es, r#"{"your-turn": "Tu turno"}"#).expect("valid");
    install(spanish);
    assert_eq!(current(), Lang::Es);
    assert_eq!(t!("your-turn"), "Tu turno");
    assert_eq!(t!("black-to-move"), "Black to move");
    use_english();
    assert_eq!(current(), Lang::En);
    assert_eq!(t!("your-turn"), "Your turn");
}

#[test]
fn a_broken_catalog_is_refused_in_words() {
    let e = Catalog::parse(Lang::Tr, "{\"a\": 3}").expect_err("not a message");
    assert!(e.0.contains("tr catalog"), "{e}");
    assert!(Catalog::parse(Lang::Tr, "<html>").is_err());
}

#[test]
fn the_language_is_chosen_by_link_then_choice_then_browser() {
    let browser = ["de-DE".to_string(), "tr-TR".to_string(), "en".to_string()];
    assert_eq!(Lang::choose(None, None, &browser), Lang::Tr);
    assert_eq!(Lang::choose(None, Some("ru"), &browser), Lang::Ru);
    assert_eq!(Lang::choose(Some("ar"), Some("ru"), &browser), Lang::Ar);
    assert_eq!(Lang::choose(Some("xx"), None, &[]), Lang::En);
    assert_eq!(Lang::from_tag("es-MX"), Some(Lang::Es));
    assert_eq!(Lang::from_tag("FR"), Some(Lang::Fr));
    assert_eq!(Lang::Ar.dir(), "rtl");
    assert_eq!(Lang::Fr.dir(), "ltr");
}

/// The keys a page's markup names (`data-t`, `data-t-label`).
fn markup_keys(html: &str) -> Vec<&str> {
    ["data-t=\"", "data-t-label=\""]
        .iter()
        .flat_map(|attr| html.split(attr).skip(1))
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

#[test]
fn the_light_page_has_its_words_in_the_light_catalog_and_the_whole_app_in_both() {
    let light = Catalog::parse(Lang::En, &catalog_text(Lang::En)).expect("en.json reads");
    let page = include_str!("../../../../index.html");
    let keys = markup_keys(page);
    assert!(keys.len() > 50, "{keys:?}");
    for key in keys {
        assert!(
            light.message(key).is_some(),
            "index.html's {key:?} is not in en.json"
        );
    }
    let whole = english();
    for key in markup_keys(include_str!("../../../../www/full.html")) {
        assert!(
            whole.message(key).is_some(),
            "full.html's {key:?} has no English"
        );
    }
    // The whole app has messages of its own besides the light page's.
    let more = catalog(Lang::En);
    assert!(more.keys().count() > light.keys().count());
}

#[test]
fn the_service_worker_words_pushes_in_the_catalogs_english() {
    let path = format!("{}/../../www/sw.js", env!("CARGO_MANIFEST_DIR"));
    let worker = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let english = catalog(Lang::En);
    let mut worded = 0;
    for kind in ["moved", "challenge", "clock"] {
        for part in ["title", "body"] {
            let key = format!("push-{kind}-{part}");
            let text = english
                .format(&key, &[])
                .unwrap_or_else(|| panic!("{key} is in no catalog"));
            let line = format!("'{key}': '{}',", text.replace('\'', "\\'"));
            assert!(worker.contains(&line), "sw.js lacks {line}");
            worded += 1;
        }
    }
    assert_eq!(worded, 6);
}
