//! The light page module, the one the page starts with: the home screen
//! and games on this device. The library's start function runs the app.

pub use alquerque_web::start;

fn main() {}
