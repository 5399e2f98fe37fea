//! The rules of the games, with no knowledge of playing them well: the board and its squares,
//! moves and their generation, positions, games with their draws and results, FEN, move text,
//! PDN and perft.
//!
//! The ruleset is a parameter: [`Rules`] holds the knobs the generator reads (one compiled
//! generator per game) and [`Variant`] chooses the game at run time.

pub mod bitboard;
pub(crate) mod explain;
pub mod fen;
pub mod game;
mod hash;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod square;
mod variant;

pub use variant::{
    Brazilian, ByVariant, CaptureInfo, Italian, PrecedenceStep, Rules, UnknownVariant, Variant,
};
