//! Endgame tables made and checked: the retrograde builder ([`build`]) and the check of loaded
//! tables against the rules ([`verify`]). The engine's
//! [`Tables`](dama::engine::egtb::Tables) only loads and probes them.
//!
//! ```
//! use dama::engine::egtb::Wdl;
//! use dama::Position;
//! let tables = dama_tools::egtb::build(dama::Variant::Italian, 3, 80, &mut |_| {});
//! // Two kings against one: a win for the side with two.
//! let p = tables.probe(&Position::from_fen(dama::Variant::Italian, "W:WK1,K3:BK32").unwrap()).unwrap();
//! assert_eq!(p.wdl, Wdl::Win);
//! // The bytes of a file load back.
//! let again = dama::engine::egtb::Tables::load(&tables.to_bytes(3)).unwrap();
//! assert_eq!(again.probe(&Position::from_fen(dama::Variant::Italian, "B:WK1,K3:BK32").unwrap()).unwrap().wdl, Wdl::Loss);
//! ```
//!
//! `docs/EGTB.md` documents the index, the file format and how to build the files.

mod build;
mod verify;

pub use build::build;
pub use verify::{value_from_successors, verify, Mismatch};
