//! # dama-tools
//!
//! The tooling around the [`dama`] engine, kept out of the core so that it holds only what is
//! played: fitting the evaluation's weights to self-play samples ([`train`]), building and
//! checking the endgame tables ([`egtb`]). The search benchmark is the engine's
//! (`dama::engine::bench`), so that the wasm build needs none of this crate.
//!
//! ```
//! let tables = dama_tools::egtb::build(dama::Variant::Italian, 2, 80, &mut |_| {});
//! assert_eq!(tables.max_pieces(), 2);
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod egtb;
pub mod network_fit;
pub mod train;
