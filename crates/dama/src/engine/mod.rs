//! Playing the games: evaluation, search, levels, time management, the opening book, the
//! endgame tables and the search benchmark. Built on [`rules`](crate::rules) only through its
//! public interface; the tooling around it (training, building tables) is the `dama-tools`
//! crate's.

pub mod bench;
pub mod book;
pub mod clock;
pub mod egtb;
pub mod eval;
pub mod level;
pub mod rng;
pub mod search;
pub mod time;
pub(crate) mod tt;
