//! The computer player's Web Worker: it thinks off the page's main thread,
//! so the page never freezes. The library's start function sees that there
//! is no window and answers the page's requests
//! ([`alquerque_web::worker`]).

pub use alquerque_web::start;

fn main() {}
