//! Static evaluation, in hundredths of a man, from the side to move.
//!
//! The engine plays with a small [`network`] where one is shipped for the game, otherwise with
//! the learned region evaluation ([`pattern`]); the region evaluation and the hand-written
//! [`classic`] one are kept as baselines in matches (and the latter for the plain reference
//! engine).
//!
//! ```
//! use dama::{engine::eval, Position};
//! assert_eq!(eval::evaluate(&Position::start(dama::Variant::Italian)), eval::evaluate(&Position::start(dama::Variant::Italian)));
//! let up = Position::from_fen(dama::Variant::Italian, "W:W21,22,23:B1,2").unwrap();
//! assert!(eval::evaluate(&up) > 50);
//! ```

pub mod classic;
pub mod network;
pub mod pattern;
mod shape;
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod simd;

pub use classic::{evaluate_with, Weights, N_WEIGHTS};

use crate::rules::position::Position;
use crate::rules::Variant;
use std::sync::Arc;

/// A score meaning "about equal".
pub const DRAW: i32 = 0;

/// Which evaluation an engine uses.
#[derive(Clone, Debug)]
pub enum Eval {
    /// The learned region evaluation with these weights.
    Pattern(Arc<pattern::Net>),
    /// The hand-written evaluation with these weights.
    Classic(Weights),
    /// A small network, alone or added to the region evaluation.
    Network(Arc<network::Net>),
}

impl Eval {
    /// The evaluation the engine plays `variant` with: its shipped network, or its region
    /// evaluation where no network is shipped for it.
    pub fn shipped(variant: Variant) -> Eval {
        match network::shipped(variant) {
            Some(net) => Eval::Network(net.clone()),
            None => Eval::regions(variant),
        }
    }

    /// The region evaluation with the shipped weights for `variant` (the engine's evaluation
    /// before the networks, kept as a baseline).
    pub fn regions(variant: Variant) -> Eval {
        Eval::Pattern(pattern::shipped(variant).clone())
    }

    /// The game this evaluation was made for (the hand-written one is Italian).
    pub fn variant(&self) -> Variant {
        match self {
            Eval::Pattern(net) => net.variant(),
            Eval::Classic(_) => Variant::Italian,
            Eval::Network(net) => net.variant(),
        }
    }

    /// The score of `pos` for the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match self {
            Eval::Pattern(net) => net.evaluate(pos),
            Eval::Classic(w) => evaluate_with(pos, w),
            Eval::Network(net) => net.evaluate(pos),
        }
    }
}

/// The evaluation of `pos` for the side to move with the evaluation shipped for its game.
pub fn evaluate(pos: &Position) -> i32 {
    match network::shipped(pos.variant()) {
        Some(net) => net.evaluate(pos),
        None => pattern::shipped(pos.variant()).evaluate(pos),
    }
}
