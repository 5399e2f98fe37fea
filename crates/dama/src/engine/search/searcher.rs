//! The tree search proper: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta, its move ordering, reductions and cut-offs.

use crate::engine::clock::{Clock, NoClock};
use crate::engine::egtb::Tables;
use crate::engine::eval::network::Accumulator;
use crate::engine::eval::{self, Eval};
use crate::engine::tt::{Bound, Hit, Table};
use crate::movegen::{self, Moves};
use crate::Position;
use crate::Variant;
use crate::{DrawRules, Game};
use crate::{Move, MoveList, MAX_MOVES};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

use super::score::{from_tt, tb_score, to_tt, INF, MATE, MATE_BOUND};
use super::threads::{Finished, Team};
use super::{Engine, Features, Info, Limits, SearchResult, MAX_PLY};

impl Engine {
    /// Readies the table for a search of a game of `variant`: the same bits mean another
    /// position in the other game, so the table and history are cleared when the game changes
    /// (not before the first search); older entries are marked for replacement.
    ///
    /// `contempt` is the draw's score for the side to move at the root, negated (0 in
    /// analysis): the table's scores of drawn lines depend on it, so it is cleared when the
    /// contempt changes too.
    pub(super) fn prepare(&mut self, variant: Variant, contempt: i32) {
        if self.tt_variant != Some(variant) {
            if self.tt_variant.is_some() {
                self.clear();
            }
            self.tt_variant = Some(variant);
        } else if self.tt_contempt != contempt {
            self.tt.clear();
        }
        self.tt_contempt = contempt;
        self.tt.new_search();
    }

    /// The main thread's searcher of the current position of `game` (after
    /// [`prepare`](Engine::prepare), whose contempt it searches with).
    pub(super) fn searcher(&self, game: &Game, limits: &Limits, excluded: Vec<Move>) -> Searcher {
        let variant = game.variant();
        let start = self.clock.now_ms();
        let mut root_moves = game.legal_moves();
        root_moves.retain(|m| !excluded.contains(m));
        Searcher {
            tt: self.tt.clone(),
            history: self.history.clone(),
            stack: Stack::new(variant),
            eval: self.evals[variant].clone(),
            features: self.features,
            reductions: &REDUCTIONS,
            clock: self.clock.clone(),
            stop: self.stop.clone(),
            tables: self.tables[variant].clone(),
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
            contempt: self.tt_contempt,
            team: None,
            helper: false,
            depth_offset: 0,
            reported: 0,
        }
    }

    /// Runs the main searcher `s` with the helpers of the threads granted beside it, and
    /// returns its result (its nodes those of every thread) and the searcher.
    pub(super) fn run_team(
        &self,
        mut s: Searcher,
        on_info: &mut dyn FnMut(&Info),
    ) -> (SearchResult, Searcher) {
        let helpers = self.threads - 1;
        let Some(spawner) = self.spawner.as_ref().filter(|_| helpers > 0) else {
            let r = s.run(on_info);
            return (r, s);
        };
        let team = Team::new();
        for i in 1..=helpers {
            let member = team.join();
            let mut h = s.helper(i, &team);
            spawner.spawn(Box::new(move || {
                let _member = member;
                h.run(&mut |_| {});
                h.report_nodes();
            }));
        }
        s.team = Some(team.clone());
        let mut r = s.run(on_info);
        team.stop_and_wait();
        s.team = None;
        r.nodes = s.nodes + team.nodes.load(Ordering::Relaxed);
        // A helper a ply ahead may have finished an iteration the main thread had not: its
        // move was searched deeper. (Not after a forced win or loss: the main line says it.)
        if let Some(f) = team.deepest()
            && f.depth > r.depth
            && r.score.abs() <= MATE_BOUND
        {
            r.best = Some(f.pv[0]);
            r.score = f.score;
            r.depth = f.depth;
            r.pv = f.pv;
        }
        (r, s)
    }
}

/// The king-move count after `m`: one more for a king's quiet move, else the count restarts.
pub(super) fn next_king_plies(kp: u32, m: &Move) -> u32 {
    if m.is_king_move() && !m.is_capture() {
        kp + 1
    } else {
        0
    }
}

/// One thread's search in progress: the engine's shared table, and memory of its own.
pub(super) struct Searcher {
    tt: Arc<Table>,
    pub(super) history: Vec<i32>,
    stack: Stack,
    eval: Eval,
    features: Features,
    /// [`REDUCTIONS`], dereferenced once per search rather than checked at every node.
    reductions: &'static Reductions,
    clock: Arc<dyn Clock + Send>,
    stop: Arc<AtomicBool>,
    tables: Option<Arc<Tables>>,
    variant: Variant,
    start: f64,
    deadline: Option<f64>,
    soft: Option<f64>,
    node_limit: u64,
    max_depth: u32,
    nodes: u64,
    seldepth: usize,
    pub(super) stopped: bool,
    rules: DrawRules,
    /// Hashes since the last irreversible move: the game's, then the search path's.
    pub(super) path: Vec<u64>,
    root: Position,
    root_hash: u64,
    root_king_plies: u32,
    root_moves: MoveList,
    root_best: Option<(Move, i32)>,
    /// Root moves left out (the lines above this one in an analysis); usually none.
    excluded: Vec<Move>,
    /// An analysis: a forced move is searched as deep as any other, for its score.
    pub(super) analysing: bool,
    /// What a draw costs the side to move at the root (see [`Engine::set_contempt`]).
    contempt: i32,
    /// The threads of this search, when it has helpers.
    team: Option<Arc<Team>>,
    /// A helper thread's searcher.
    helper: bool,
    /// How much deeper than the main thread each iteration searches (a helper's 0 or 1).
    depth_offset: u32,
    /// A helper's nodes already added to the team's count.
    reported: u64,
}

/// What a searcher keeps for each ply of its path: scratch memory of its own, never shared
/// or copied between threads.
struct Stack {
    killers: Vec<[Move; 2]>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: Vec<usize>,
    lists: Vec<MoveList>,
    keys: Vec<[i32; MAX_MOVES]>,
    /// The moves put off at each ply, with their places in the ordering.
    deferred: Vec<[(Move, usize); MAX_DEFERRED]>,
    /// With a network evaluation: the position at each ply of the path, its first layer's
    /// sums, and whether they are made yet (only once a score below needs them). Not an
    /// `Option` of sums: storing one copies it through the stack, which wasm does with a call
    /// out of the module (`memory.copy`), 2% of the browser's search.
    seen: Vec<Position>,
    sums: Vec<Accumulator>,
    made: Vec<bool>,
}

impl Stack {
    /// The per-ply memory of a search of a game of `variant` (whose start position fills the
    /// positions not yet reached).
    fn new(variant: Variant) -> Stack {
        Stack {
            killers: vec![[Move::default(); 2]; MAX_PLY + 1],
            pv: vec![[Move::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: vec![0; MAX_PLY + 1],
            lists: vec![MoveList::new(); MAX_PLY + 1],
            keys: vec![[0; MAX_MOVES]; MAX_PLY + 1],
            deferred: vec![[(Move::default(), 0); MAX_DEFERRED]; MAX_PLY + 1],
            seen: vec![Position::start(variant); MAX_PLY + 1],
            sums: vec![Accumulator::default(); MAX_PLY + 1],
            made: vec![false; MAX_PLY + 1],
        }
    }
}

impl Searcher {
    /// Helper `i` of a team: the same root and history to start from, killers and the rest
    /// of the per-ply memory fresh, no time or node limit of its own (the main thread stops
    /// it), every other helper a ply deeper.
    fn helper(&self, i: usize, team: &Arc<Team>) -> Searcher {
        Searcher {
            tt: self.tt.clone(),
            history: self.history.clone(),
            stack: Stack::new(self.variant),
            eval: self.eval.clone(),
            clock: Arc::new(NoClock),
            stop: team.stop.clone(),
            tables: self.tables.clone(),
            start: 0.0,
            deadline: None,
            soft: None,
            node_limit: u64::MAX,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            path: self.path.clone(),
            root_moves: self.root_moves.clone(),
            root_best: None,
            excluded: self.excluded.clone(),
            team: Some(team.clone()),
            helper: true,
            depth_offset: (i % 2) as u32,
            reported: 0,
            // The rest, plain values, as the main thread's.
            ..*self
        }
    }

    /// Nodes of every thread so far (the helpers' as last reported).
    fn total_nodes(&self) -> u64 {
        match &self.team {
            Some(t) if !self.helper => self.nodes + t.nodes.load(Ordering::Relaxed),
            _ => self.nodes,
        }
    }

    /// Whether another thread is searching the position with `hash` now.
    #[inline(always)]
    fn busy(&self, hash: u64) -> bool {
        self.team.as_ref().is_some_and(|t| t.busy(hash))
    }

    #[inline(always)]
    fn enter(&self, hash: u64) {
        if let Some(t) = &self.team {
            t.enter(hash);
        }
    }

    #[inline(always)]
    fn leave(&self, hash: u64) {
        if let Some(t) = &self.team {
            t.leave(hash);
        }
    }

    /// A helper adds the nodes it searched since it last did to the team's count.
    fn report_nodes(&mut self) {
        if let Some(t) = &self.team {
            t.nodes
                .fetch_add(self.nodes - self.reported, Ordering::Relaxed);
            self.reported = self.nodes;
        }
    }

    fn elapsed(&self) -> f64 {
        self.clock.now_ms() - self.start
    }

    pub(super) fn run(&mut self, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
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
            let deeper = (depth + self.depth_offset).min(self.max_depth);
            let score = self.aspiration(deeper as i32, result.score);
            if self.stopped {
                // A stopped iteration still counts its finished root moves: the previous best
                // is searched first, so a better move found before the stop is trustworthy.
                if let Some((m, s)) = self.root_best {
                    result.best = Some(m);
                    result.score = s;
                    result.pv = if self.pv_starts_with(&m) {
                        self.stack.pv[0][..self.stack.pv_len[0]].to_vec()
                    } else {
                        vec![m]
                    };
                }
                break;
            }
            result.best = Some(self.stack.pv[0][0]);
            result.score = score;
            result.depth = depth;
            result.pv = self.stack.pv[0][..self.stack.pv_len[0]].to_vec();
            if self.helper
                && let Some(t) = &self.team
            {
                t.finished(Finished {
                    depth: deeper,
                    score,
                    pv: result.pv.clone(),
                });
            }
            let info = Info {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.total_nodes(),
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
        self.stack.pv_len[0] > 0 && self.stack.pv[0][0] == *m
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
        if self.helper {
            self.report_nodes();
        }
        if self.total_nodes() >= self.node_limit
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
        let wdl = p.under_rule(king_plies, t.rule());
        if wdl == crate::engine::egtb::Wdl::Draw {
            return Some(self.draw(ply));
        }
        Some(tb_score(wdl, p.dtz, ply))
    }

    /// A draw's score at `ply` for the side to move there: below even for the root's side
    /// when it has contempt, above even for its opponent.
    #[inline(always)]
    fn draw(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            eval::DRAW - self.contempt
        } else {
            eval::DRAW + self.contempt
        }
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
            return Some(self.draw(ply));
        }
        if self.repeated(hash, king_plies) {
            return Some(self.draw(ply));
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
        let keys = &mut self.stack.keys[ply];
        for (k, m) in keys.iter_mut().zip(self.stack.lists[ply].iter()) {
            *k = if hit.is_some_and(|h| h.is_best(m)) {
                1 << 30
            } else if capture {
                (m.capture_count() as i32) << 20
            } else if !ordering {
                0
            } else if self.stack.killers[ply][0] == *m {
                1 << 25
            } else if self.stack.killers[ply][1] == *m {
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
        crate::with_rules!(self.variant, R => movegen::generate::<R>(pos, &mut self.stack.lists[ply]));
        if ply == 0 && !self.excluded.is_empty() {
            let excluded = &self.excluded;
            self.stack.lists[0].retain(|m| !excluded.contains(m));
        }
    }

    /// Starts loading every child's bucket at once, so their misses overlap and each child's
    /// probe finds its bucket in cache (one prefetch just before each child came too late to
    /// hide much: this is about 1.2x faster, the same nodes; docs/BENCHMARKS.md).
    #[inline]
    fn prefetch_children(&self, pos: &Position, hash: u64, ply: usize) {
        for m in self.stack.lists[ply].iter() {
            self.tt.prefetch(pos.hash_after(hash, m));
        }
    }

    /// Without prefetch: once the first move has not cut, the rest will likely all be searched;
    /// reading their buckets now makes their misses overlap, one wait instead of one each (a
    /// read of every child's, before the first, cost as much as it saved: most nodes cut at
    /// their first move).
    #[inline(never)]
    fn touch_rest(&self, pos: &Position, hash: u64, ply: usize) {
        let mut w = 0;
        for m in self.stack.lists[ply][1..].iter() {
            w ^= self.tt.touch(pos.hash_after(hash, m));
        }
        core::hint::black_box(w);
    }

    /// The best-ordered move left among moves `i..n` at `ply`, swapped to place `i`: a
    /// selection sort, since a cut-off usually comes early.
    #[inline(always)]
    fn pick(&mut self, ply: usize, i: usize, n: usize) -> Move {
        let keys = &mut self.stack.keys[ply];
        let mut j = i;
        for k in i + 1..n {
            if keys[k] > keys[j] {
                j = k;
            }
        }
        keys.swap(i, j);
        self.stack.lists[ply].swap(i, j);
        self.stack.lists[ply][i]
    }

    /// `m` heads the principal variation at `ply`, followed by the child's.
    #[inline(always)]
    fn new_pv(&mut self, ply: usize, m: Move, score: i32) {
        self.stack.pv[ply][0] = m;
        let len = self.stack.pv_len[ply + 1];
        // Most calls are cut-offs whose child has no line: in wasm even an empty copy is a
        // call out of the module (`memory.copy`).
        if len > 0 {
            let (head, tail) = self.stack.pv.split_at_mut(ply + 1);
            head[ply][1..=len].copy_from_slice(&tail[0][..len]);
        }
        self.stack.pv_len[ply] = len + 1;
        if ply == 0 {
            self.root_best = Some((m, score));
        }
    }

    /// A quiet move that cut off: a killer at `ply`, and its history raised by `depth`².
    #[inline(always)]
    fn remember_cutoff(&mut self, ply: usize, side: usize, m: Move, depth: i32) {
        if self.stack.killers[ply][0] != m {
            self.stack.killers[ply][1] = self.stack.killers[ply][0];
            self.stack.killers[ply][0] = m;
        }
        let slot = side + m.from().index() as usize * 32 + m.to().index() as usize;
        self.history[slot] = (self.history[slot] + depth * depth).min(1 << 22);
    }

    /// The score of `pos`, the position at `ply` of the path. A network's first-layer sums
    /// are brought down the path from the nearest ply that has them, a move at a time.
    #[inline]
    fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let Eval::Network(net) = &self.eval else {
            return self.eval.evaluate(pos);
        };
        let st = &mut self.stack;
        let mut from = ply;
        while from > 0 && !st.made[from] {
            from -= 1;
        }
        if !st.made[from] {
            st.sums[from] = net.accumulate(&st.seen[from]);
            st.made[from] = true;
        }
        for p in from + 1..=ply {
            st.sums[p] = net.update(&st.sums[p - 1], &st.seen[p - 1], &st.seen[p]);
            st.made[p] = true;
        }
        net.evaluate_with(&st.sums[ply], pos)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
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
        self.stack.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply);
        if matches!(self.eval, Eval::Network(_)) {
            self.stack.seen[ply] = *pos;
            self.stack.made[ply] = false;
        }
        if ply > 0
            && let Some(s) = self.settled(pos, hash, ply, alpha, beta, king_plies)
        {
            return s;
        }
        // Below the horizon a position without a capture is evaluated as it stands: tell it
        // from the rest without listing its moves (most positions searched are such leaves).
        if depth <= 0 && ply < MAX_PLY - 2 {
            match crate::with_rules!(self.variant, R => movegen::classify::<R>(pos)) {
                Moves::None => return -MATE + ply as i32,
                Moves::Quiet => return self.evaluate(pos, ply),
                Moves::Capture => {}
            }
        }
        self.generate(pos, ply);
        let pv_node = beta - alpha > 1;
        let n = self.stack.lists[ply].len();
        if n == 0 {
            return -MATE + ply as i32;
        }
        let capture = self.stack.lists[ply][0].is_capture();
        if (depth <= 0 && !capture) || ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
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
        // The children probe the table only above the horizon.
        let load_ahead = self.features.tt && self.features.prefetch && depth - 1 + ext > 0;
        if Table::PREFETCHES && load_ahead {
            self.prefetch_children(pos, hash, ply);
        }

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        // With helpers, a later move whose position another thread is searching right now is
        // put off to the end (as in ABDADA): by then that thread has stored its result, and
        // each thread spends its time on a part of the tree the others are not in.
        let share = self.team.is_some() && depth >= DEFER_DEPTH;
        let (mut next, mut put_off, mut taken) = (0, 0, 0);
        loop {
            let (m, i) = if next < n {
                next += 1;
                (self.pick(ply, next - 1, n), next - 1)
            } else if taken < put_off {
                taken += 1;
                self.stack.deferred[ply][taken - 1]
            } else {
                break;
            };
            let child = pos.play(&m);
            let h = pos.hash_after(hash, &m);
            let first_pass = share && taken == 0;
            if first_pass && i > 0 && put_off < MAX_DEFERRED && self.busy(h) {
                self.stack.deferred[ply][put_off] = (m, i);
                put_off += 1;
                continue;
            }
            let kp = next_king_plies(king_plies, &m);
            let new_depth = depth - 1 + ext;
            self.path.push(h);
            if share {
                self.enter(h);
            }
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
                    (self.reductions.get(depth, i) - pv_node as i32).clamp(0, depth - 1)
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
            if share {
                self.leave(h);
            }
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
            if !Table::PREFETCHES && load_ahead && i == 0 && n > 2 {
                self.touch_rest(pos, hash, ply);
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
fn reduction(depth: i32, i: usize) -> i32 {
    let f = LMR_BASE + (depth as f32).ln() * ((i + 1) as f32).ln() / LMR_DIV;
    f as i32
}

/// [`reduction`] of every depth and move a search meets, worked out once: its two
/// logarithms at every node took 3% of the wasm search's profile (wasm has no instruction
/// for them), and the same values from a table leave every search unchanged.
struct Reductions([[u8; MAX_MOVES]; MAX_PLY + 1]);

impl Reductions {
    fn new() -> Box<Reductions> {
        let mut t = Box::new(Reductions([[0; MAX_MOVES]; MAX_PLY + 1]));
        for (depth, row) in t.0.iter_mut().enumerate() {
            for (i, r) in row.iter_mut().enumerate() {
                *r = reduction(depth as i32, i).clamp(0, u8::MAX as i32) as u8;
            }
        }
        t
    }

    /// [`reduction`]`(depth, i)` for a depth of 1 or more.
    #[inline(always)]
    fn get(&self, depth: i32, i: usize) -> i32 {
        self.0[(depth as usize).min(MAX_PLY)][i.min(MAX_MOVES - 1)] as i32
    }
}

/// On the heap: in the threaded wasm build a static's zeros are bytes of the module.
static REDUCTIONS: LazyLock<Box<Reductions>> = LazyLock::new(Reductions::new);

/// Only nodes this deep put moves off (shallower ones cost less than the bookkeeping).
const DEFER_DEPTH: i32 = 3;
/// The most moves a node puts off.
const MAX_DEFERRED: usize = 16;

const LMR_BASE: f32 = 0.8;
const LMR_DIV: f32 = 1.7;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduction_table_gives_the_reductions() {
        let t = Reductions::new();
        for depth in 2..=MAX_PLY as i32 {
            for i in 0..MAX_MOVES {
                assert_eq!(
                    t.get(depth, i),
                    reduction(depth, i),
                    "depth {depth} move {i}"
                );
            }
        }
        // Out of its range, the nearest entry.
        assert_eq!(t.get(1000, 1000), reduction(MAX_PLY as i32, MAX_MOVES - 1));
    }
}
