//! The whole app's page module (feature `full`): besides what the light
//! module does, online play, embedding, and the review, the analysis board,
//! the editor and the puzzles. The page loads it for an address, or an
//! online game in progress, that needs them.

pub use alquerque_web::start;

fn main() {}
