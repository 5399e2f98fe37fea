//! The search: iterative deepening principal-variation alpha-beta with a transposition table,
//! killer and history move ordering, late move reductions, forced-move extensions, captures
//! resolved to quiescence, and draws by repetition and the king-move rule inside the tree.
//!
//! ```
//! use dama::engine::search::{Engine, Limits};
//! use dama::Game;
//! let game = Game::from_fen(dama::Variant::Italian, "W:W30:B27").unwrap();
//! let mut engine = Engine::new(1);
//! let r = engine.search(&game, &Limits::depth(4), &mut |_| {});
//! assert_eq!(dama::rules::notation::full_text(dama::Variant::Italian, &r.best.unwrap()), "30x23");
//! assert!(r.score > dama::engine::search::MATE - 10); // Black is left without a move
//! ```

use crate::engine::clock::{Clock, NoClock};
use crate::engine::egtb::{Tables, Wdl};
use crate::engine::eval::{self, Eval, Weights};
use crate::engine::tt::{Bound, Hit, Table};
use crate::rules::game::{DrawRules, Game};
use crate::rules::movegen;
use crate::rules::moves::{Move, MoveList};
use crate::rules::position::Position;
use crate::rules::Variant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The score of a win on the board now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses in a known number of plies.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
/// The deepest ply the search goes to.
pub const MAX_PLY: usize = 128;
/// An endgame-table win in `d` plies to zeroing at ply `p` scores `TB_WIN - p - d`: above any
/// evaluation, below the mate scores.
pub const TB_WIN: i32 = MATE_BOUND - 200;

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

/// One line of an analysis: a root move with its score and principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The score for the side to move (see [`MATE`]).
    pub score: i32,
    /// The depth of the last iteration finished for this line.
    pub depth: u32,
    /// The principal variation, starting with the root move.
    pub pv: Vec<Move>,
}

/// What [`Engine::analyse`] found: the best lines, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The lines, best first; fewer than asked when there are fewer legal moves or a limit
    /// came first (a line cut off by a limit is kept if it finished its first iteration, and
    /// the lines below it are left out); none when the game is over.
    pub lines: Vec<Line>,
    /// The depth every line was searched to at least (the depth asked when `complete`).
    pub depth: u32,
    /// Whether every line reached the depth asked (or ended early on a known result), rather
    /// than being cut off by the time or node limit.
    pub complete: bool,
    /// Whether a deeper search cannot change the lines: each is a known win or loss.
    pub settled: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: f64,
}

/// Scores beyond this (and below `MATE_BOUND`) are endgame-table wins or losses.
pub const TB_BOUND: i32 = TB_WIN - 2 * MAX_PLY as i32 - 256;

/// A score in words for people: `+1.25` men, `win in 7` / `loss in 4` (moves, not plies), or
/// `win (tables)` / `loss (tables)` for a result the endgame tables know without its length.
///
/// ```
/// use dama::engine::search::{score_text, MATE, TB_WIN};
/// assert_eq!(score_text(125), "+1.25");
/// assert_eq!(score_text(MATE - 13), "win in 7");
/// assert_eq!(score_text(-(TB_WIN - 30)), "loss (tables)");
/// ```
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("loss in {}", (MATE + score + 1) / 2)
    } else if score > TB_BOUND {
        "win (tables)".into()
    } else if score < -TB_BOUND {
        "loss (tables)".into()
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
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
    };
    /// Everything off: plain alpha-beta with captures searched to quiescence.
    pub const PLAIN: Features = Features {
        tt: false,
        ordering: false,
        reductions: false,
        extensions: false,
        pvs: false,
    };
}

impl Default for Features {
    fn default() -> Self {
        Features::ALL
    }
}

/// The engine: a transposition table and move-ordering memory that persist across searches.
pub struct Engine {
    tt: Table,
    /// The game the table and history hold positions of: the same bits mean another position
    /// in the other game, so they are cleared when the game changes (none before the first
    /// search).
    tt_variant: Option<Variant>,
    history: Vec<i32>,
    /// One evaluation per game, in [`Variant::ALL`] order.
    evals: [Eval; 2],
    features: Features,
    clock: Box<dyn Clock + Send>,
    stop: Arc<AtomicBool>,
    tables: Option<Arc<Tables>>,
}

impl Engine {
    /// An engine with a transposition table of `tt_mb` megabytes and the platform's clock
    /// (none on wasm: use [`with_clock`](Engine::with_clock) there).
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
            tt: Table::new(tt_mb),
            tt_variant: None,
            history: vec![0; 2 * 32 * 32],
            evals: [
                Eval::shipped_for(Variant::Italian),
                Eval::shipped_for(Variant::Brazilian),
            ],
            features: Features::ALL,
            clock,
            stop: Arc::new(AtomicBool::new(false)),
            tables: None,
        }
    }

    /// Uses the classic evaluation with these weights for Italian games (for tuning and
    /// matches).
    pub fn set_weights(&mut self, w: Weights) {
        self.set_eval(Eval::Classic(w));
    }

    /// Uses this evaluation for the games it was made for ([`Eval::variant`]).
    pub fn set_eval(&mut self, e: Eval) {
        let i = e.variant() as usize;
        self.evals[i] = e;
    }

    /// Turns search enhancements on or off.
    pub fn set_features(&mut self, f: Features) {
        self.features = f;
    }

    /// Uses endgame tables (or none): every position in them is a cut-off in the search, and
    /// a won or lost root is played by the tables.
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.tables = tables;
    }

    /// The evaluation in use for games of `variant`.
    pub fn eval(&self, variant: Variant) -> &Eval {
        &self.evals[variant as usize]
    }

    /// A flag that stops the running search when set (it is cleared when a search starts).
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
        let mut s = self.searcher(game, limits, Vec::new());
        let r = s.run(on_info);
        self.history = s.history;
        r
    }

    /// The `lines` best moves of the current position (multi-PV), each with its own score and
    /// principal variation, searched to `limits.depth` within the time and node limits (shared
    /// by all lines). Each line is a search with the moves of the lines above left out at the
    /// root, so the second line is the best move other than the first, and so on.
    ///
    /// ```
    /// use dama::engine::search::{Engine, Limits};
    /// use dama::Game;
    /// let game = Game::new(dama::Variant::Italian);
    /// let mut engine = Engine::new(1);
    /// let a = engine.analyse(&game, &Limits::depth(6), 3);
    /// assert_eq!(a.lines.len(), 3);
    /// assert!(a.complete && a.depth == 6);
    /// assert!(a.lines[0].score >= a.lines[1].score && a.lines[1].score >= a.lines[2].score);
    /// assert_ne!(a.lines[0].pv[0], a.lines[1].pv[0]);
    /// ```
    pub fn analyse(&mut self, game: &Game, limits: &Limits, lines: usize) -> Analysis {
        let start = self.clock.now_ms();
        let legal = if game.result().is_some() {
            0
        } else {
            game.legal_moves().len()
        };
        let mut out = Analysis {
            lines: Vec::new(),
            depth: limits.depth.clamp(1, MAX_PLY as u32 - 8),
            complete: true,
            settled: false,
            nodes: 0,
            time_ms: 0.0,
        };
        let mut excluded: Vec<Move> = Vec::new();
        for _ in 0..lines.min(legal) {
            let mut left = *limits;
            left.nodes = limits.nodes.saturating_sub(out.nodes);
            let spent = self.clock.now_ms() - start;
            left.time_ms = limits.time_ms.map(|t| (t - spent).max(0.0));
            left.soft_ms = limits.soft_ms.map(|t| (t - spent).max(0.0));
            // The tables answer the first line only: the others need the moves they leave out.
            let table = if excluded.is_empty() {
                self.table_move(game, &mut |_| {})
            } else {
                None
            };
            let from_table = table.is_some();
            let (r, stopped) = match table {
                Some(r) => (r, false),
                None => {
                    let mut s = self.searcher(game, &left, excluded.clone());
                    s.analysing = true;
                    let r = s.run(&mut |_| {});
                    let stopped = s.stopped;
                    self.history = s.history;
                    (r, stopped)
                }
            };
            out.nodes += r.nodes;
            let Some(best) = r.best else { break };
            let finished = from_table || !stopped;
            if finished || r.depth > 0 {
                excluded.push(best);
                out.lines.push(Line {
                    score: r.score,
                    depth: if finished { out.depth } else { r.depth },
                    pv: r.pv,
                });
            }
            if !finished {
                out.complete = false;
                break;
            }
        }
        out.depth = out.lines.iter().map(|l| l.depth).min().unwrap_or(0);
        // A later line may score above an earlier one when the earlier one's window cut it
        // short; best first is what a reader expects.
        out.lines.sort_by_key(|l| -l.score);
        out.settled = out.complete
            && !out.lines.is_empty()
            && out.lines.iter().all(|l| l.score.abs() > TB_BOUND);
        out.time_ms = self.clock.now_ms() - start;
        out
    }

    /// The score of every legal move, each searched to `depth` with a full window (the lower
    /// levels choose among the good ones). Leaves the stop flag as it is, so a stop that came
    /// during an earlier search of the same move still holds; moves not reached before a limit
    /// or a stop are left out.
    pub fn root_scores(&mut self, game: &Game, depth: u32, limits: &Limits) -> Vec<(Move, i32)> {
        let mut s = self.searcher(game, limits, Vec::new());
        let pos = *game.position();
        let moves = game.legal_moves();
        let mut out = Vec::new();
        for m in moves.iter() {
            let child = pos.play(m);
            let h = pos.hash_after(game.hash(), m);
            let kp = next_king_plies(game.king_plies(), m);
            s.path.push(h);
            let score = -s.negamax(&child, h, depth as i32 - 1, 1, -INF, INF, kp);
            s.path.pop();
            if s.stopped {
                break;
            }
            out.push((*m, score));
        }
        self.history = s.history;
        out
    }

    /// The tables' move when the root is a win or a loss in them: the fastest conversion of a
    /// win (within the king-move rule), the longest defence of a loss.
    fn table_move(&self, game: &Game, on_info: &mut dyn FnMut(&Info)) -> Option<SearchResult> {
        // The tables are Italian ones.
        if game.variant() != Variant::Italian {
            return None;
        }
        let t = self.tables.as_deref()?;
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

    fn searcher<'a>(
        &'a mut self,
        game: &Game,
        limits: &Limits,
        excluded: Vec<Move>,
    ) -> Searcher<'a> {
        let variant = game.variant();
        if self.tt_variant != Some(variant) {
            if self.tt_variant.is_some() {
                self.clear();
            }
            self.tt_variant = Some(variant);
        }
        self.tt.new_search();
        let start = self.clock.now_ms();
        let mut root_moves = game.legal_moves();
        root_moves.retain(|m| !excluded.contains(m));
        Searcher {
            tt: &mut self.tt,
            history: std::mem::take(&mut self.history),
            killers: vec![[Move::default(); 2]; MAX_PLY + 1],
            pv: vec![[Move::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: vec![0; MAX_PLY + 1],
            lists: vec![MoveList::new(); MAX_PLY + 1],
            keys: vec![[0; crate::rules::moves::MAX_MOVES]; MAX_PLY + 1],
            eval: self.evals[variant as usize].clone(),
            features: self.features,
            clock: &*self.clock,
            stop: &self.stop,
            tables: self.tables.clone().filter(|_| variant == Variant::Italian),
            variant,
            start,
            deadline: limits.time_ms.map(|t| start + t.max(0.0)),
            soft: limits.soft_ms.map(|t| start + t.max(0.0)),
            node_limit: limits.nodes,
            max_depth: limits.depth.clamp(1, MAX_PLY as u32 - 8),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            rules: game.draw_rules(),
            path: game.reversible_hashes(),
            root: *game.position(),
            root_hash: game.hash(),
            root_king_plies: game.king_plies(),
            root_moves,
            root_best: None,
            excluded,
            analysing: false,
        }
    }
}

fn next_king_plies(kp: u32, m: &Move) -> u32 {
    if m.is_king_move() && !m.is_capture() {
        kp + 1
    } else {
        0
    }
}

struct Searcher<'a> {
    tt: &'a mut Table,
    history: Vec<i32>,
    killers: Vec<[Move; 2]>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: Vec<usize>,
    lists: Vec<MoveList>,
    keys: Vec<[i32; crate::rules::moves::MAX_MOVES]>,
    eval: Eval,
    features: Features,
    clock: &'a dyn Clock,
    stop: &'a AtomicBool,
    tables: Option<Arc<Tables>>,
    variant: Variant,
    start: f64,
    deadline: Option<f64>,
    soft: Option<f64>,
    node_limit: u64,
    max_depth: u32,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    rules: DrawRules,
    /// Hashes since the last irreversible move: the game's, then the search path's.
    path: Vec<u64>,
    root: Position,
    root_hash: u64,
    root_king_plies: u32,
    root_moves: MoveList,
    root_best: Option<(Move, i32)>,
    /// Root moves left out (the lines above this one in an analysis); usually none.
    excluded: Vec<Move>,
    /// An analysis: a forced move is searched as deep as any other, for its score.
    analysing: bool,
}

impl Searcher<'_> {
    fn elapsed(&self) -> f64 {
        self.clock.now_ms() - self.start
    }

    fn run(&mut self, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut result = SearchResult {
            best: self.root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            time_ms: 0.0,
            pv: self.root_moves.first().copied().into_iter().collect(),
        };
        if self.root_moves.is_empty() {
            return result;
        }
        if self.root_moves.len() == 1 && !self.analysing {
            // A forced move needs no thought: a short look for its score, then answer.
            self.max_depth = self.max_depth.min(8);
            self.node_limit = self.node_limit.min(20_000);
        }
        for depth in 1..=self.max_depth {
            self.seldepth = 0;
            self.root_best = None;
            let score = self.aspiration(depth as i32, result.score);
            if self.stopped {
                // A stopped iteration still counts its finished root moves: the previous best
                // is searched first, so a better move found before the stop is trustworthy.
                if let Some((m, s)) = self.root_best {
                    result.best = Some(m);
                    result.score = s;
                    result.pv = if self.pv_starts_with(&m) {
                        self.pv[0][..self.pv_len[0]].to_vec()
                    } else {
                        vec![m]
                    };
                }
                break;
            }
            result.best = Some(self.pv[0][0]);
            result.score = score;
            result.depth = depth;
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            let info = Info {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                time_ms: self.elapsed(),
                pv: result.pv.clone(),
            };
            on_info(&info);
            // A forced win or loss found well within the depth will not change.
            if score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 + 2 < depth {
                break;
            }
            if self.soft.is_some_and(|t| self.clock.now_ms() >= t) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed();
        result
    }

    fn pv_starts_with(&self, m: &Move) -> bool {
        self.pv_len[0] > 0 && self.pv[0][0] == *m
    }

    /// A narrow window around the last score, widened on failure.
    fn aspiration(&mut self, depth: i32, last: i32) -> i32 {
        if depth < 5 || last.abs() > MATE_BOUND || !self.features.pvs {
            return self.negamax(
                &self.root.clone(),
                self.root_hash,
                depth,
                0,
                -INF,
                INF,
                self.root_king_plies,
            );
        }
        let mut delta = 30;
        let (mut lo, mut hi) = (last - delta, last + delta);
        loop {
            let root = self.root;
            let s = self.negamax(
                &root,
                self.root_hash,
                depth,
                0,
                lo,
                hi,
                self.root_king_plies,
            );
            if self.stopped {
                return s;
            }
            if s <= lo {
                lo = (lo - delta).max(-INF);
            } else if s >= hi {
                hi = (hi + delta).min(INF);
            } else {
                return s;
            }
            delta *= 3;
            if delta > 600 {
                lo = -INF;
                hi = INF;
            }
        }
    }

    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.node_limit
            || self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| self.clock.now_ms() >= d)
        {
            self.stopped = true;
        }
    }

    /// Whether the position with `hash` at the top of the path occurred before in the
    /// reversible stretch (a single repetition counts as a draw inside the search).
    #[inline]
    fn repeated(&self, hash: u64, king_plies: u32) -> bool {
        if self.rules.repetitions == 0 || king_plies < 4 {
            return false;
        }
        let n = self.path.len();
        let window = (king_plies as usize).min(n - 1);
        let mut i = n - 1;
        let stop = n - 1 - window;
        while i >= stop + 2 {
            i -= 2;
            if self.path[i] == hash {
                return true;
            }
        }
        false
    }

    /// The score of a position in the loaded tables, if it is in them.
    #[inline]
    fn probe_tables(&self, pos: &Position, ply: usize, king_plies: u32) -> Option<i32> {
        let t = self.tables.as_deref()?;
        let pieces =
            (pos.pieces(crate::Color::White) | pos.pieces(crate::Color::Black)).count_ones();
        if pieces > t.max_pieces() || self.rules.king_move_plies != t.rule() {
            return None;
        }
        let p = t.probe(pos)?;
        Some(tb_score(p.under_rule(king_plies, t.rule()), p.dtz, ply))
    }

    /// A non-root node's score when it is known before its moves are generated: a draw by
    /// the king-move rule or a repetition, a mate bound that closes the window, or the
    /// endgame tables' value.
    #[inline(always)]
    fn settled(
        &mut self,
        pos: &Position,
        hash: u64,
        ply: usize,
        alpha: i32,
        beta: i32,
        king_plies: u32,
    ) -> Option<i32> {
        if self.rules.king_move_plies > 0 && king_plies >= self.rules.king_move_plies {
            return Some(eval::DRAW);
        }
        if self.repeated(hash, king_plies) {
            return Some(eval::DRAW);
        }
        // No line from here can beat a faster mate already found.
        let a = alpha.max(-MATE + ply as i32);
        let b = beta.min(MATE - ply as i32 - 1);
        if a >= b {
            return Some(a);
        }
        self.probe_tables(pos, ply, king_plies)
    }

    /// The ordering keys of the moves at `ply`: the table's move, then captures by size, then
    /// killers, crownings and the history of quiet moves.
    #[inline(always)]
    fn order(&mut self, ply: usize, side: usize, hit: Option<Hit>, capture: bool) {
        let ordering = self.features.ordering;
        let keys = &mut self.keys[ply];
        for (k, m) in keys.iter_mut().zip(self.lists[ply].iter()) {
            *k = if hit.is_some_and(|h| h.is_best(m)) {
                1 << 30
            } else if capture {
                (m.capture_count() as i32) << 20
            } else if !ordering {
                0
            } else if self.killers[ply][0] == *m {
                1 << 25
            } else if self.killers[ply][1] == *m {
                (1 << 25) - 1
            } else {
                self.history[side + m.from().index() as usize * 32 + m.to().index() as usize]
                    + if m.promotes() { 1 << 24 } else { 0 }
            };
        }
    }

    /// A later move searched with a null window, `r` plies shallower, then again at full depth
    /// and with the full window where it beats `alpha`.
    #[inline(always)]
    fn null_window(&mut self, c: &Child<'_>, r: i32, alpha: i32, beta: i32) -> i32 {
        let (pos, h, d, ply, kp) = (c.pos, c.hash, c.depth, c.ply, c.king_plies);
        let mut s = -self.negamax(pos, h, d - r, ply, -alpha - 1, -alpha, kp);
        if s > alpha && r > 0 {
            s = -self.negamax(pos, h, d, ply, -alpha - 1, -alpha, kp);
        }
        if s > alpha && s < beta {
            s = -self.negamax(pos, h, d, ply, -beta, -alpha, kp);
        }
        s
    }

    /// Counts a node and polls the clock now and then: false once the search is stopped.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.poll();
        }
        !self.stopped
    }

    /// The legal moves at `ply` into its list (the root's without the moves left out). Move
    /// lists live in a per-ply stack: building a fresh one per node costs a memset.
    #[inline(always)]
    fn generate(&mut self, pos: &Position, ply: usize) {
        crate::with_rules!(self.variant, R => movegen::generate::<R>(pos, &mut self.lists[ply]));
        if ply == 0 && !self.excluded.is_empty() {
            let excluded = &self.excluded;
            self.lists[0].retain(|m| !excluded.contains(m));
        }
    }

    /// The best-ordered move left among moves `i..n` at `ply`, swapped to place `i`: a
    /// selection sort, since a cut-off usually comes early.
    #[inline(always)]
    fn pick(&mut self, ply: usize, i: usize, n: usize) -> Move {
        let keys = &mut self.keys[ply];
        let mut j = i;
        for k in i + 1..n {
            if keys[k] > keys[j] {
                j = k;
            }
        }
        keys.swap(i, j);
        self.lists[ply].swap(i, j);
        self.lists[ply][i]
    }

    /// `m` heads the principal variation at `ply`, followed by the child's.
    #[inline(always)]
    fn new_pv(&mut self, ply: usize, m: Move, score: i32) {
        self.pv[ply][0] = m;
        let len = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=len].copy_from_slice(&tail[0][..len]);
        self.pv_len[ply] = len + 1;
        if ply == 0 {
            self.root_best = Some((m, score));
        }
    }

    /// A quiet move that cut off: a killer at `ply`, and its history raised by `depth`².
    #[inline(always)]
    fn remember_cutoff(&mut self, ply: usize, side: usize, m: Move, depth: i32) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let slot = side + m.from().index() as usize * 32 + m.to().index() as usize;
        self.history[slot] = (self.history[slot] + depth * depth).min(1 << 22);
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        king_plies: u32,
    ) -> i32 {
        if !self.tick() {
            return 0;
        }
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply);
        if ply > 0
            && let Some(s) = self.settled(pos, hash, ply, alpha, beta, king_plies)
        {
            return s;
        }
        self.generate(pos, ply);
        let pv_node = beta - alpha > 1;
        let n = self.lists[ply].len();
        if n == 0 {
            return -MATE + ply as i32;
        }
        let capture = self.lists[ply][0].is_capture();
        if (depth <= 0 && !capture) || ply >= MAX_PLY - 2 {
            return self.eval.evaluate(pos);
        }

        // Capture sequences below the horizon are cheap to redo: keep the table for real depth.
        let hit = (depth > 0 && self.features.tt)
            .then(|| self.tt.probe(hash))
            .flatten();
        if let Some(h) = hit
            && !pv_node
            && ply > 0
            && let Some(s) = table_cut(h, depth, ply, alpha, beta)
        {
            return s;
        }

        // A forced reply costs no depth: sequences of forced captures are common.
        let ext = (self.features.extensions && n == 1 && depth > 0 && ply < 64) as i32;

        let side = (pos.turn() as usize) * 1024;
        self.order(ply, side, hit, capture);

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        for i in 0..n {
            let m = self.pick(ply, i, n);
            let child = pos.play(&m);
            let h = pos.hash_after(hash, &m);
            let kp = next_king_plies(king_plies, &m);
            let new_depth = depth - 1 + ext;
            if new_depth > 0 && self.features.tt {
                self.tt.prefetch(h);
            }
            self.path.push(h);
            let score = if i == 0 || !self.features.pvs {
                -self.negamax(&child, h, new_depth, ply + 1, -beta, -alpha, kp)
            } else {
                // Later moves: a null window first, at reduced depth where allowed.
                let reducible = self.features.reductions
                    && depth >= 2
                    && i >= 2
                    && !capture
                    && !m.promotes()
                    && ext == 0;
                let r = if reducible {
                    (reduction(depth, i) - pv_node as i32).clamp(0, depth - 1)
                } else {
                    0
                };
                let child = Child {
                    pos: &child,
                    hash: h,
                    depth: new_depth,
                    ply: ply + 1,
                    king_plies: kp,
                };
                self.null_window(&child, r, alpha, beta)
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.new_pv(ply, m, score);
                    if score >= beta {
                        if !capture && self.features.ordering {
                            self.remember_cutoff(ply, side, m, depth);
                        }
                        break;
                    }
                }
            }
        }
        // A root with moves left out has no true score of its own to keep.
        if depth > 0 && self.features.tt && (ply > 0 || self.excluded.is_empty()) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > orig_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(hash, depth, to_tt(best, ply), bound, best_move.as_ref());
        }
        best
    }
}

/// The score a table entry gives without a search: one stored at least `depth` deep whose
/// bound settles it against the window.
#[inline(always)]
fn table_cut(h: Hit, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    if h.depth < depth {
        return None;
    }
    let s = from_tt(h.score, ply);
    let cut = match h.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// A child node to search: its position and hash, the depth and ply it is searched at, and
/// the king-move count reaching it.
struct Child<'a> {
    pos: &'a Position,
    hash: u64,
    depth: i32,
    ply: usize,
    king_plies: u32,
}

/// How many plies to take off the `i`-th move (0-based) at `depth`: later moves and deeper
/// nodes are cut more, since good moves are ordered first.
#[inline]
fn reduction(depth: i32, i: usize) -> i32 {
    let f = LMR_BASE + (depth as f32).ln() * ((i + 1) as f32).ln() / LMR_DIV;
    f as i32
}

const LMR_BASE: f32 = 0.8;
const LMR_DIV: f32 = 1.7;

/// The score of a table value at `ply`: no move left is a mate, other wins and losses rank by
/// the distance to zeroing so that the engine makes progress.
fn tb_score(wdl: Wdl, dtz: u32, ply: usize) -> i32 {
    match wdl {
        Wdl::Draw => 0,
        Wdl::Loss if dtz == 0 => -MATE + ply as i32,
        Wdl::Win => TB_WIN - ply as i32 - dtz as i32,
        Wdl::Loss => -(TB_WIN - ply as i32 - dtz as i32),
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// A search with no clock: for tests and reproducible analysis by depth or nodes.
pub fn search_fixed(game: &Game, limits: &Limits) -> SearchResult {
    let mut e = Engine::with_clock(4, Box::new(NoClock));
    e.search(game, limits, &mut |_| {})
}
