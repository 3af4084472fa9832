//! The light page module, the one the page starts with: playing, on this
//! device or online. The library's start function runs the app.

pub use alquerque_web::start;

fn main() {}
