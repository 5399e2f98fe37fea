//! The commands of `dama`, one module each.

pub mod bench;
pub mod book;
pub mod egtb;
pub mod hub;
pub mod r#match;
pub mod moves;
pub mod openings;
pub mod perft;
pub mod puzzles;
pub mod train;
