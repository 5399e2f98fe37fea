//! Playing the games: evaluation, search, levels, time management, the opening book, endgame
//! tables, training of the evaluation, and the benchmarks. Built on [`rules`](crate::rules)
//! only through its public interface.

pub mod bench;
pub mod book;
pub mod clock;
pub mod egtb;
pub mod eval;
pub mod level;
pub mod search;
pub mod time;
pub mod train;
pub(crate) mod tt;
