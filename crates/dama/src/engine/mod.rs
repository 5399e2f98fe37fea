//! Playing the games: evaluation, search, levels, time management, the opening book, the
//! endgame tables and the search benchmark. Built on the rules only through their public
//! interface; the tooling around it (training, building tables) is the `dama-tools` crate's.
//!
//! Every item has one path. The search and what it needs are at this module's root: the
//! [`Engine`] with its [`Limits`], [`Features`], [`Info`], [`SearchResult`] and multi-PV
//! [`Analysis`], its threads ([`Spawn`]), its clocks ([`Clock`], [`NoClock`], [`GameClock`]),
//! the score scale ([`MATE`], [`score_text`], ...) and the seeded [`Rng`]. Each other part is
//! a namespace holding its own types, functions and constants:
//!
//! - [`eval`]: the evaluations ([`eval::Eval`]), the region evaluation (`eval::pattern`), the
//!   networks (`eval::network`) and the hand-written weights;
//! - [`book`]: the opening book and its file format;
//! - [`egtb`]: the endgame tables, loading and probing;
//! - [`level`]: the playing levels for people;
//! - [`bench`](mod@bench): the search benchmark (`dama bench search`, the wasm build's timing).
//!
//! ```
//! use dama::engine::{Engine, Limits};
//! use dama::{Game, Variant};
//! let game = Game::new(Variant::Brazilian);
//! let r = Engine::new(1).search(&game, &Limits::depth(3), &mut |_| {});
//! assert!(game.legal_moves().contains(&r.best.unwrap()));
//! ```

pub mod bench;
pub mod book;
mod clock;
pub mod egtb;
pub mod eval;
pub mod level;
mod rng;
mod search;
mod time;
mod tt;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use clock::StdClock;
pub use clock::{Clock, NoClock};
pub use rng::Rng;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use search::StdSpawn;
pub use search::{
    score_text, search_fixed, Analysis, Engine, Features, Info, Limits, Line, SearchResult, Spawn,
    MATE, MATE_BOUND, MAX_CONTEMPT, MAX_PLY, MAX_THREADS, TB_BOUND, TB_WIN,
};
pub use time::GameClock;
