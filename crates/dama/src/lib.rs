//! # dama
//!
//! Draughts for Rust: Italian draughts (Dama Italiana) and Brazilian draughts with their
//! federations' exact rules on 32-square bitboards, FEN, move text and PDN, perft, and an
//! engine to play them.
//!
//! The crate is two halves: [`rules`] (board, moves, generation, game, notation, PDN, perft),
//! which knows nothing of playing well, and [`engine`] (evaluation, search, levels, time, book,
//! endgame tables, training), built on the rules. Their modules are also reachable from the
//! crate root (`dama::fen`, `dama::search`, ...).
//!
//! ```
//! use dama::{Game, Position, Variant};
//! let mut game = Game::new();
//! game.play_text("22-18").unwrap();
//! game.play_text("9-13").unwrap();
//! assert_eq!(game.position().legal_moves().len(), 1); // 18x9 is compulsory
//! assert!(game.play_text("21-17").is_err());
//!
//! let mut br = Game::with_variant(Variant::Brazilian);
//! br.play_text("c3-d4").unwrap();
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod engine;
pub mod rules;

pub use engine::{bench, book, clock, egtb, eval, level, puzzle, search, time, train};
pub use rules::{bitboard, fen, game, movegen, moves, notation, pdn, perft, position, square};

// Internal to the crate, named at the root for the modules that share them.
pub(crate) use engine::tt;
pub(crate) use rules::hash;

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
