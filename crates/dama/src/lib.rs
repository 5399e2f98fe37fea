//! # dama
//!
//! Italian draughts (Dama Italiana) for Rust: exact federation rules on 32-square bitboards,
//! FEN, move text and PDN, perft, and (in later modules) the engine.
//!
//! ```
//! use dama::{Game, Position};
//! let mut game = Game::new();
//! game.play_text("22-18").unwrap();
//! game.play_text("9-13").unwrap();
//! assert_eq!(game.position().legal_moves().len(), 1); // 18x9 is compulsory
//! assert!(game.play_text("21-17").is_err());
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod bitboard;
pub mod book;
pub mod clock;
pub mod egtb;
pub mod eval;
mod explain;
pub mod fen;
pub mod game;
pub mod hash;
pub mod level;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod rules;
pub mod search;
pub mod square;
pub mod time;
pub mod train;
pub mod tt;

pub use bitboard::Bitboard;
pub use fen::{FenError, FenErrorKind};
pub use game::{DrawRules, Game, GameResult, Illegal, Outcome, PlayError, Reason};
pub use moves::{Move, MoveList};
pub use notation::MoveTextError;
pub use pdn::{PdnError, PdnGame};
pub use perft::{perft, perft_divide};
pub use position::{Position, PositionError};
pub use rules::{Brazilian, Italian, Rules, UnknownVariant, Variant};
pub use square::{Color, Piece, Role, Square};
