//! # dama
//!
//! Draughts for Rust: Italian draughts (Dama Italiana) and Brazilian draughts with their
//! federations' exact rules on 32-square bitboards, FEN, move text and PDN, perft, and an
//! engine to play them.
//!
//! The crate is two halves: [`rules`] (board, moves, generation, game, notation, PDN, perft),
//! which knows nothing of playing well, and [`engine`] (evaluation, search, levels, time, book,
//! endgame tables), built on the rules; the tooling (training, building tables, benchmarks) is
//! the `dama-tools` crate's. Their modules are also reachable from the
//! crate root (`dama::rules::fen`, `dama::engine::search`, ...).
//!
//! ```
//! use dama::{Game, Position, Variant};
//! let mut game = Game::new(Variant::Italian);
//! game.play_text("22-18").unwrap();
//! game.play_text("9-13").unwrap();
//! assert_eq!(game.position().legal_moves().len(), 1); // 18x9 is compulsory
//! assert!(game.play_text("21-17").is_err());
//!
//! let mut br = Game::new(Variant::Brazilian);
//! br.play_text("c3-d4").unwrap();
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod engine;
pub mod rules;

// The types a program uses most, at the root; everything else by its module's one path.
pub use rules::bitboard::Bitboard;
pub use rules::explain::{Illegal, IllegalKind};
pub use rules::fen::{FenError, FenErrorKind};
pub use rules::game::{DrawRules, Game, GameResult, Outcome, PlayError, Reason};
pub use rules::moves::{Move, MoveList};
pub use rules::notation::MoveTextError;
pub use rules::pdn::{PdnError, PdnGame};
pub use rules::perft::{perft, perft_divide};
pub use rules::position::{Position, PositionError, PositionErrorKind};
pub use rules::square::{Color, Piece, Role, Square};
pub use rules::{Brazilian, ByVariant, Italian, Rules, UnknownVariant, Variant};
