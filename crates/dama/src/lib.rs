//! # dama
//!
//! Draughts for Rust: Italian draughts (Dama Italiana) and Brazilian draughts with their
//! federations' exact rules on 32-square bitboards, FEN, move text and PDN, perft, and an
//! engine to play them.
//!
//! The crate is two halves: the rules (board, moves, generation, game, notation, PDN, perft),
//! which know nothing of playing well, and the [`engine`] (evaluation, search, levels, time,
//! book, endgame tables, the search benchmark), built on the rules; the tooling (training,
//! building tables) is the `dama-tools` crate's. Every public item has one path:
//!
//! - **The rules' types, at the root**: the board ([`Color`], [`Role`], [`Piece`],
//!   [`Square`]), moves ([`Move`], [`MoveList`]), positions ([`Position`]), games ([`Game`]
//!   with its [`DrawRules`], [`GameResult`], [`Outcome`], [`Reason`], [`PlayError`],
//!   [`Illegal`]), a game's one record with its variations and comments ([`GameRecord`],
//!   the tree and a cursor on its live game), the games themselves ([`Variant`], [`ByVariant`], the [`Rules`] trait and
//!   its [`Italian`] and [`Brazilian`] knobs), and [`perft`].
//! - **The rules' namespaces**, each exported whole and nothing in it also at the root:
//!   [`bitboard`] (the 32-bit board and its directions), [`movegen`] (the generator, generic
//!   over the [`Rules`]), [`fen`], [`notation`] (move text) and [`pdn`] (games and game trees
//!   as text), each with its own errors.
//! - **The engine, under [`engine`]**: its search types at its root ([`engine::Engine`],
//!   [`engine::Limits`], ...), and a namespace for each part: [`engine::eval`],
//!   [`engine::book`], [`engine::egtb`], [`engine::level`], [`engine::bench`](mod@engine::bench).
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
mod rules;

pub use rules::explain::{Illegal, IllegalKind};
pub use rules::game::{Game, GameResult, Outcome, PlayError, Reason};
pub use rules::moves::{Move, MoveList, MAX_JUMPS, MAX_MOVES};
pub use rules::perft::{perft, perft_divide};
pub use rules::position::{Position, PositionError, PositionErrorKind};
pub use rules::record::{GameRecord, RecordError, RecordKind};
pub use rules::square::{Color, Piece, Role, Square};
pub use rules::{bitboard, fen, movegen, notation, pdn};
pub use rules::{
    Brazilian, ByVariant, CaptureInfo, DrawRules, Italian, PrecedenceStep, Rules, UnknownVariant,
    Variant,
};
