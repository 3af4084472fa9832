//! The page module with the tools (feature `tools`): the review, the
//! analysis board, the editor and the puzzles besides playing. The page
//! loads it for an address that asks for one of them.

pub use alquerque_web::start;

fn main() {}
