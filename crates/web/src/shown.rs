//! What the page last wrote into each of its lists, kept by value: a list
//! is written again only when what it should show changed. (Comparing with
//! the element's `innerHTML` does not work: the browser writes `"` and a
//! non-breaking space back in other forms than the markup it was given,
//! so a chat line holding either looked changed on every redraw, and the
//! log was rewritten and scrolled back to its end every few seconds.)

use std::cell::RefCell;
use std::collections::HashMap;

/// The markup last written, by element id.
#[derive(Debug, Default)]
pub struct Shown {
    written: RefCell<HashMap<String, String>>,
}

impl Shown {
    /// Whether `html` differs from what `id` last got; if so, it is what
    /// `id` has from now on (the caller writes it).
    pub fn changes(&self, id: &str, html: &str) -> bool {
        let mut written = self.written.borrow_mut();
        if written.get(id).is_some_and(|before| before == html) {
            return false;
        }
        written.insert(id.to_string(), html.to_string());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chat_log_jumps_no_more_a_list_is_written_only_when_it_changes() {
        let shown = Shown::default();
        // A line with a quotation mark and a non-breaking space, escaped as
        // the page escapes it.
        let log = "<li><strong>Ana</strong> &quot;gg&quot;\u{a0}!</li>";
        assert!(shown.changes("chat-log", log), "the first time");
        for _ in 0..5 {
            assert!(!shown.changes("chat-log", log), "the same again");
        }
        let longer = format!("{log}<li><strong>Bo</strong> thanks</li>");
        assert!(shown.changes("chat-log", &longer), "a new line");
        assert!(!shown.changes("chat-log", &longer));
        // Each list by itself.
        assert!(shown.changes("player-games", log));
        assert!(!shown.changes("chat-log", &longer));
    }
}
