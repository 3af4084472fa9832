//! The whole app's own parts of the page (`www/full.html`: its tools,
//! online play's panels and waiting screen), which the light page does
//! without. The whole app's module carries them and, before anything else,
//! puts each where the page holds its `<template data-slot>`.

#[cfg(feature = "full")]
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::Document;
#[cfg(feature = "full")]
use web_sys::HtmlTemplateElement;

/// The parts, as `<template data-slot="…">` elements.
#[cfg(feature = "full")]
const PARTS: &str = include_str!("../../../../www/full.html");

/// The light page has none of them.
#[cfg(not(feature = "full"))]
pub(super) fn fill_slots(_document: &Document) -> Result<(), JsValue> {
    Ok(())
}

/// Puts the whole app's parts into the page (once: a slot filled is gone).
#[cfg(feature = "full")]
pub(super) fn fill_slots(document: &Document) -> Result<(), JsValue> {
    let holder = document.create_element("div")?;
    holder.set_inner_html(PARTS);
    let parts = holder.query_selector_all("template[data-slot]")?;
    for i in 0..parts.length() {
        let Some(part) = parts
            .get(i)
            .and_then(|p| p.dyn_into::<HtmlTemplateElement>().ok())
        else {
            continue;
        };
        let name = part.get_attribute("data-slot").unwrap_or_default();
        let selector = format!("template[data-slot=\"{name}\"]");
        if let Some(slot) = document.query_selector(&selector)? {
            slot.replace_with_with_node_1(&part.content())?;
        }
    }
    Ok(())
}
