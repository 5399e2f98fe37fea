//! The search: iterative deepening principal-variation alpha-beta with a transposition table,
//! killer and history move ordering, late move reductions, forced-move extensions, captures
//! resolved to quiescence, and draws by repetition and the king-move rule inside the tree.
//!
//! ```
//! use dama::engine::{Engine, Limits};
//! use dama::Game;
//! let game = Game::from_fen(dama::Variant::Italian, "W:W30:B27").unwrap();
//! let mut engine = Engine::new(1);
//! let r = engine.search(&game, &Limits::depth(4), &mut |_| {});
//! assert_eq!(dama::notation::full_text(dama::Variant::Italian, &r.best.unwrap()), "30x23");
//! assert!(r.score > dama::engine::MATE - 10); // Black is left without a move
//! ```
//!
//! The engine and its limits are here; the tree search is `searcher`'s, the multi-PV driver
//! `analysis`'s, the score scale `score`'s.

use crate::engine::clock::{Clock, NoClock};
use crate::engine::egtb::{Tables, Wdl};
use crate::engine::eval::{Eval, Weights};
use crate::engine::tt::Table;
use crate::Game;
use crate::Move;
use crate::{ByVariant, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod analysis;
mod score;
mod searcher;
mod threads;

pub use analysis::{Analysis, Line};
use score::tb_score;
pub use score::{score_text, MATE, MATE_BOUND, TB_BOUND, TB_WIN};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use threads::StdSpawn;
pub use threads::{Spawn, MAX_THREADS};

/// The deepest ply the search goes to.
pub const MAX_PLY: usize = 128;

/// The largest contempt (hundredths of a man): half a man.
pub const MAX_CONTEMPT: i32 = 50;

/// When to stop searching.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The deepest iteration to run.
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// Stop after this many milliseconds (a hard limit: the iteration under way is cut off,
    /// keeping the root moves it finished).
    pub time_ms: Option<f64>,
    /// Start no new iteration after this many milliseconds. `None` searches until `time_ms`,
    /// which is right for a fixed time per move: the time is given, and a cut-off iteration
    /// still improves the move. A game clock sets it, so that unused time carries over.
    pub soft_ms: Option<f64>,
}

impl Limits {
    /// Search to a fixed depth.
    pub const fn depth(d: u32) -> Limits {
        Limits {
            depth: d,
            nodes: u64::MAX,
            time_ms: None,
            soft_ms: None,
        }
    }

    /// Search for a fixed time.
    pub const fn time(ms: f64) -> Limits {
        Limits {
            depth: MAX_PLY as u32 - 8,
            nodes: u64::MAX,
            time_ms: Some(ms),
            soft_ms: None,
        }
    }

    /// Search a fixed number of nodes.
    pub const fn nodes(n: u64) -> Limits {
        Limits {
            depth: MAX_PLY as u32 - 8,
            nodes: n,
            time_ms: None,
            soft_ms: None,
        }
    }
}

/// What one iteration found.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// The nominal depth of the iteration.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move (see [`MATE`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: f64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// Which search enhancements are on; all are by default. Turning them off gives the plain
/// alpha-beta that matches measure the engine against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Use the transposition table (probes, cut-offs and the hash move).
    pub tt: bool,
    /// Killer and history move ordering.
    pub ordering: bool,
    /// Late move reductions.
    pub reductions: bool,
    /// Extend forced moves by a ply.
    pub extensions: bool,
    /// Aspiration windows and principal-variation (null window) search.
    pub pvs: bool,
    /// Load the children's table buckets ahead of their probes (a hint to the memory: the
    /// same nodes, searched faster).
    pub prefetch: bool,
}

impl Features {
    /// Everything on but forced-move extensions, which cost a quarter of the depth reached in a
    /// second for no measurable strength (the README has the match).
    pub const ALL: Features = Features {
        tt: true,
        ordering: true,
        reductions: true,
        extensions: false,
        pvs: true,
        prefetch: true,
    };
    /// Everything off: plain alpha-beta with captures searched to quiescence.
    pub const PLAIN: Features = Features {
        tt: false,
        ordering: false,
        reductions: false,
        extensions: false,
        pvs: false,
        prefetch: false,
    };
}

impl Default for Features {
    fn default() -> Self {
        Features::ALL
    }
}

/// The engine: a transposition table and move-ordering memory that persist across searches,
/// and the threads it may search on.
pub struct Engine {
    tt: Arc<Table>,
    /// The game the table and history hold positions of: the same bits mean another position
    /// in the other game, so they are cleared when the game changes (none before the first
    /// search).
    tt_variant: Option<Variant>,
    history: Vec<i32>,
    /// Each game's evaluation.
    evals: ByVariant<Eval>,
    features: Features,
    /// Shared with the searchers (a search's, not its helpers': they read no time).
    clock: Arc<dyn Clock + Send>,
    stop: Arc<AtomicBool>,
    /// Each game's endgame tables, if any.
    tables: ByVariant<Option<Arc<Tables>>>,
    /// The threads granted (1 without a spawner).
    threads: usize,
    /// What a draw costs the engine when it plays (hundredths of a man; 0 in analysis).
    contempt: i32,
    /// The contempt the table's scores were searched with.
    tt_contempt: i32,
    spawner: Option<Arc<dyn Spawn>>,
}

impl Engine {
    /// An engine with a transposition table of `tt_mb` megabytes and the platform's clock
    /// (none on wasm: use [`with_clock`](Engine::with_clock) there), searching on one thread.
    pub fn new(tt_mb: usize) -> Engine {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        let clock: Box<dyn Clock + Send> = Box::new(crate::engine::clock::StdClock::new());
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        let clock: Box<dyn Clock + Send> = Box::new(NoClock);
        Engine::with_clock(tt_mb, clock)
    }

    /// An engine reading time from `clock`.
    pub fn with_clock(tt_mb: usize, clock: Box<dyn Clock + Send>) -> Engine {
        Engine {
            tt: Arc::new(Table::new(tt_mb)),
            tt_variant: None,
            history: vec![0; 2 * 32 * 32],
            evals: ByVariant::from_fn(Eval::shipped),
            features: Features::ALL,
            clock: Arc::from(clock),
            stop: Arc::new(AtomicBool::new(false)),
            tables: ByVariant::default(),
            threads: 1,
            contempt: 0,
            tt_contempt: 0,
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            spawner: Some(Arc::new(threads::StdSpawn)),
            #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
            spawner: None,
        }
    }

    /// Searches on `n` threads (clamped to 1-[`MAX_THREADS`]): the main thread and `n - 1`
    /// helpers started by the spawner. Without a spawner (the default on wasm) a search uses
    /// one thread whatever `n` is. One thread gives the same search, node for node, as a build
    /// without threads; more make it stronger for the time but not reproducible.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
    }

    /// The threads set (a search uses one when there is no spawner).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Starts helper threads with `spawner` (a pool of web workers in the browser).
    pub fn set_spawner(&mut self, spawner: Arc<dyn Spawn>) {
        self.spawner = Some(spawner);
    }

    /// Uses the classic evaluation with these weights for Italian games (for tuning and
    /// matches).
    pub fn set_weights(&mut self, w: Weights) {
        self.set_eval(Eval::Classic(w));
    }

    /// Uses this evaluation for the games it was made for ([`Eval::variant`]).
    pub fn set_eval(&mut self, e: Eval) {
        let v = e.variant();
        self.evals[v] = e;
    }

    /// Scores a draw `c` hundredths of a man below even for the engine when it plays
    /// ([`search`](Engine::search) and [`root_scores`](Engine::root_scores)), clamped to
    /// 0-[`MAX_CONTEMPT`]: against a weaker opponent it then plays on rather than repeat or
    /// run out the king-move rule in a position it stands no worse in. Analysis
    /// ([`analyse`](Engine::analyse)) never uses it: it shows the position as it is.
    pub fn set_contempt(&mut self, c: i32) {
        self.contempt = c.clamp(0, MAX_CONTEMPT);
    }

    /// The contempt set (0 by default).
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// Turns search enhancements on or off.
    pub fn set_features(&mut self, f: Features) {
        self.features = f;
    }

    /// Uses endgame tables in the games of their game, in place of that game's tables: every
    /// position in them is a cut-off in the search, and a won or lost root is played by the
    /// tables.
    pub fn set_tables(&mut self, tables: Arc<Tables>) {
        let v = tables.variant();
        self.tables[v] = Some(tables);
    }

    /// Uses no endgame tables in games of `variant`.
    pub fn remove_tables(&mut self, variant: Variant) {
        self.tables[variant] = None;
    }

    /// The evaluation in use for games of `variant`.
    pub fn eval(&self, variant: Variant) -> &Eval {
        &self.evals[variant]
    }

    /// A flag that stops the running search when set. The engine never lowers it: its owner
    /// does, before the next search (so that a stop sent before that search starts still
    /// stops it, and one left from the last search does not end the next at once).
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
    }

    /// Searches the current position of `game`, calling `on_info` after each iteration.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if let Some(r) = self.table_move(game, on_info) {
            return r;
        }
        self.prepare(game.variant(), self.contempt);
        let s = self.searcher(game, limits, Vec::new());
        let (r, s) = self.run_team(s, on_info);
        self.history = s.history;
        r
    }

    /// The tables' move when the root is a win or a loss in them: the fastest conversion of a
    /// win (within the king-move rule), the longest defence of a loss.
    fn table_move(&self, game: &Game, on_info: &mut dyn FnMut(&Info)) -> Option<SearchResult> {
        let t = self.tables[game.variant()].as_deref()?;
        let pos = game.position();
        if game.draw_rules().king_move_plies != t.rule() || game.result().is_some() {
            return None;
        }
        let (m, p) = t.best_move(pos, game.king_plies())?;
        if p.wdl == Wdl::Draw {
            return None;
        }
        let score = tb_score(p.wdl, p.dtz, 0);
        let info = Info {
            depth: 1,
            seldepth: 1,
            score,
            nodes: 1,
            time_ms: 0.0,
            pv: vec![m],
        };
        on_info(&info);
        Some(SearchResult {
            best: Some(m),
            score,
            depth: 1,
            nodes: 1,
            time_ms: 0.0,
            pv: vec![m],
        })
    }
}

/// A search with no clock: for tests and reproducible analysis by depth or nodes.
pub fn search_fixed(game: &Game, limits: &Limits) -> SearchResult {
    let mut e = Engine::with_clock(4, Box::new(NoClock));
    e.search(game, limits, &mut |_| {})
}
