//! Playing the games: evaluation, search, levels, time management, the opening book and the
//! endgame tables. Built on [`rules`](crate::rules) only through its public interface; the
//! tooling around it (training, building tables, benchmarks) is the `dama-tools` crate's.

pub mod book;
pub mod clock;
pub mod egtb;
pub mod eval;
pub mod level;
pub mod search;
pub mod time;
pub(crate) mod tt;
