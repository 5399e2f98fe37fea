//! The rules of the games, with no knowledge of playing them well: the board and its squares,
//! moves and their generation, positions, games with their draws and results, FEN, move text,
//! PDN and perft.
//!
//! The ruleset is a parameter: [`Rules`] holds the knobs the generator reads (one compiled
//! generator per game), [`Italian`] and [`Brazilian`] set them (each in its own file), and
//! [`Variant`] chooses the game at run time.
//!
//! Private: the crate root exports the rules' types and, whole, the namespaces `bitboard`,
//! `movegen`, `fen`, `notation` and `pdn` (the crate's documentation says which is where).

pub mod bitboard;
mod brazilian;
pub(crate) mod explain;
pub mod fen;
pub(crate) mod game;
mod hash;
mod italian;
pub mod movegen;
pub(crate) mod moves;
pub mod notation;
pub mod pdn;
pub(crate) mod perft;
pub(crate) mod position;
pub(crate) mod record;
pub(crate) mod square;
mod variant;

pub use brazilian::Brazilian;
pub use italian::Italian;
pub use variant::{
    ByVariant, CaptureInfo, DrawRules, PrecedenceStep, Rules, UnknownVariant, Variant,
};
