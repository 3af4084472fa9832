//! The rules of the Alquerque family of games.
#![no_std]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod geometry;

pub use geometry::{Dir, DirSet, Geometry, Point};
