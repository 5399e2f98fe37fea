//! Analysis: the best lines of a position (multi-PV), and every root move's score for the
//! lower levels.

use super::score::{INF, TB_BOUND};
use super::searcher::next_king_plies;
use super::{Engine, Limits, MAX_PLY};
use crate::Game;
use crate::Move;

/// One line of an analysis: a root move with its score and principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The score for the side to move (see [`MATE`](super::MATE)).
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

impl Engine {
    /// The `lines` best moves of the current position (multi-PV), each with its own score and
    /// principal variation, searched to `limits.depth` within the time and node limits (shared
    /// by all lines). Each line is a search with the moves of the lines above left out at the
    /// root, so the second line is the best move other than the first, and so on.
    ///
    /// ```
    /// use dama::engine::{Engine, Limits};
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
                    // Analysis shows the position as it is: no contempt.
                    self.prepare(game.variant(), 0);
                    let mut s = self.searcher(game, &left, excluded.clone());
                    s.analysing = true;
                    let (r, s) = self.run_team(s, &mut |_| {});
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
        self.root_scores_from(game, depth, limits, -INF)
    }

    /// [`root_scores`](Engine::root_scores) exact only from `floor` up: a move scoring below
    /// it gets a score below it, no more (a bound, cheaper to prove than the exact score).
    /// Those who only weigh moves near the best (the book) need no more.
    pub fn root_scores_from(
        &mut self,
        game: &Game,
        depth: u32,
        limits: &Limits,
        floor: i32,
    ) -> Vec<(Move, i32)> {
        let alpha = floor.saturating_sub(1).clamp(-INF, INF - 1);
        self.prepare(game.variant(), self.contempt);
        let mut s = self.searcher(game, limits, Vec::new());
        let pos = *game.position();
        let moves = game.legal_moves();
        let mut out = Vec::new();
        for m in moves.iter() {
            let child = pos.play(m);
            let h = pos.hash_after(game.hash(), m);
            let kp = next_king_plies(game.king_plies(), m);
            s.path.push(h);
            let score = -s.negamax(&child, h, depth as i32 - 1, 1, -INF, -alpha, kp);
            s.path.pop();
            if s.stopped {
                break;
            }
            out.push((*m, score));
        }
        self.history = s.history;
        out
    }
}
