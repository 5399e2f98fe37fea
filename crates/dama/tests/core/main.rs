//! The core's integration tests as one binary, each file a module: one link instead of
//! fifteen, and the rules' generic code compiled once. The tests of one binary run side by
//! side, so what measures time or memory keeps a binary of its own, run alone: the engine's
//! time limits (`tests/engine.rs`), the timing of a search (`tests/timing.rs`) and the soak
//! (`tests/soak.rs`). One file's tests: `cargo test -p dama --test core perft::`.

mod analysis;
mod book;
mod brazilian_game;
mod game;
mod hostile;
mod pdn_tree;
mod pdn_tree_props;
mod perft;
mod properties;
mod record;
mod reference_brazilian;
mod regressions;
mod rules;
mod tactics;
mod worst_case;

// Not tests: the two slow reference move generators the others compare the crate against.
mod bref;
mod reference;
