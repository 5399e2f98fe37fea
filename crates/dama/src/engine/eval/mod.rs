//! Static evaluation, in hundredths of a man, from the side to move.
//!
//! The engine plays with a small [`network`] where one is shipped for the game, otherwise with
//! the learned region evaluation ([`pattern`]); the region evaluation and the hand-written one
//! ([`Weights`], [`evaluate_with`]; Italian's) are kept as baselines in matches (and the latter
//! for the plain reference engine). Here: [`Eval`], the hand-written weights, the error of
//! both file formats ([`NetError`]), and a namespace for each learned evaluation: [`pattern`]
//! and [`network`], each with its `Net`, its file format and its constants.
//!
//! ```
//! use dama::{engine::eval, Position};
//! assert_eq!(eval::evaluate(&Position::start(dama::Variant::Italian)), eval::evaluate(&Position::start(dama::Variant::Italian)));
//! let up = Position::from_fen(dama::Variant::Italian, "W:W21,22,23:B1,2").unwrap();
//! assert!(eval::evaluate(&up) > 50);
//! ```

mod classic;
pub mod network;
pub mod pattern;
mod shape;
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod simd;

pub use classic::{evaluate_with, Weights, N_WEIGHTS};

use crate::Position;
use crate::Variant;
use core::fmt;
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

/// Which of the evaluation's two file formats an error is about: the words its refusals name it
/// by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetFile {
    /// The region evaluation's weights file ([`pattern::Net`]).
    Weights,
    /// A network file ([`network::Net`]).
    Network,
}

impl NetFile {
    const fn name(self) -> &'static str {
        match self {
            NetFile::Weights => "weights file",
            NetFile::Network => "network file",
        }
    }
}

/// Why an evaluation file (the region evaluation's weights or a network), or a network's
/// layers, was refused. The failures both formats share say which format ([`NetFile`]); the
/// others are one format's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// It does not start with its format's name.
    NotAFile(NetFile),
    /// A weights file's version or parameter count that this build does not read.
    Unsupported {
        /// The version in the file.
        version: u32,
        /// The number of parameters in the file.
        params: u32,
    },
    /// A network's version, flags or layers that this build does not read: what it says.
    UnsupportedShape(String),
    /// It is shorter or longer than its format says.
    WrongLength {
        /// The format.
        file: NetFile,
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The checksum does not match the contents.
    Corrupt(NetFile),
    /// The file is for a game (PDN game type) this build does not play.
    UnknownGame {
        /// The format.
        file: NetFile,
        /// The game type in the file.
        game: u32,
    },
    /// A weights file's weight beyond [`pattern::MAX_WEIGHT`], of this parameter.
    Absurd {
        /// The parameter.
        param: usize,
        /// Its weight.
        value: i16,
    },
    /// A network's weight or bias beyond its bound ([`network::MAX_WEIGHT`],
    /// [`network::MAX_BIAS`]): which.
    OutOfBound(&'static str),
    /// Reading the file failed.
    Io(String),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotAFile(NetFile::Weights) => {
                f.write_str("not a dama evaluation weights file")
            }
            NetError::NotAFile(NetFile::Network) => f.write_str("not a dama network file"),
            NetError::Unsupported { version, params } => write!(
                f,
                "weights file version {version} with {params} parameters; this build reads \
                 version {} with {}",
                pattern::VERSION,
                pattern::PARAMS
            ),
            NetError::UnsupportedShape(s) => {
                write!(f, "network file {s}; this build cannot read it")
            }
            NetError::WrongLength {
                file,
                expected,
                found,
            } => write!(f, "{} has {found} bytes, expected {expected}", file.name()),
            NetError::Corrupt(file) => {
                write!(f, "{} checksum does not match: corrupt", file.name())
            }
            NetError::UnknownGame { file, game } => {
                write!(f, "{} for PDN game type {game}, not ours", file.name())
            }
            NetError::Absurd { param, value } => write!(
                f,
                "weights file gives parameter {param} the weight {value}, beyond ±{}",
                pattern::MAX_WEIGHT
            ),
            NetError::OutOfBound(what) => write!(f, "network file has a {what} beyond its bound"),
            NetError::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for NetError {}
