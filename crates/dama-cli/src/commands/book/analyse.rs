//! Scoring a position's moves for the book: a search to a depth (or for a time), then every
//! legal move scored at the depth reached with a full window, the best first.

use dama::engine::{Engine, Limits, MATE_BOUND};
use dama::{Game, Move, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How far below the first search's score the moves are scored exactly: beyond the largest
/// drop-out (`dropout::MAX_DROP`), with room for the scores of the second pass to differ from
/// the first's.
const FLOOR_BELOW_BEST: i32 = 500;

/// How long each position is searched.
#[derive(Clone, Copy)]
pub enum Budget {
    Depth(u32),
    Time(f64),
}

/// Every legal move of `pos` with its score, the best first (equal scores ordered by a hash of
/// position and move rather than generator order, so that a narrow width does not always
/// favour the same squares). A forced move is returned unsearched with score 0. The table is
/// cleared first, so a build by depth gives the same book whatever the number of threads.
pub fn score_moves(engine: &mut Engine, pos: &Position, budget: Budget) -> Vec<(Move, i32)> {
    let legal = pos.legal_moves();
    if legal.len() <= 1 {
        return legal.iter().map(|m| (*m, 0)).collect();
    }
    let game = Game::from_position(*pos);
    engine.clear();
    let limits = match budget {
        Budget::Depth(d) => Limits::depth(d),
        Budget::Time(ms) => Limits::time(ms),
    };
    // The first search fills the table, so scoring every move at its depth is cheap.
    let r = engine.search(&game, &limits, &mut |_| {});
    let depth = r.depth.max(1);
    // Only moves within the largest drop-out of the best need exact scores; the rest are
    // proven below it, which costs much less (their drop-out is capped anyway).
    let floor = r.score.saturating_sub(FLOOR_BELOW_BEST);
    let mut scored = engine.root_scores_from(&game, depth, &Limits::depth(depth), floor);
    let key = pos.hash();
    let tie = |m: &Move| {
        let x = key
            ^ ((m.from().index() as u64) << 8
                | m.to().index() as u64
                | (m.captured() as u64) << 16);
        x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32
    };
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(tie(&a.0).cmp(&tie(&b.0))));
    scored
}

/// The book moves among `scored` (best first): those within `margin` of the best, at most
/// `width`, never a move that loses by force when the best does not.
pub fn book_moves(scored: &[(Move, i32)], margin: i32, width: usize) -> Vec<(Move, i32)> {
    let Some(best) = scored.first().map(|(_, s)| *s) else {
        return Vec::new();
    };
    scored
        .iter()
        .filter(|(_, s)| *s >= best - margin && (*s > -MATE_BOUND || *s == best))
        .take(width)
        .copied()
        .collect()
}

/// `score_moves` of each position of `layer`, in order, on `threads` threads (one engine
/// with a table of `tt_mb` each).
pub fn score_all(
    layer: &[Position],
    budget: Budget,
    threads: usize,
    tt_mb: usize,
) -> Vec<Vec<(Move, i32)>> {
    let results: Vec<Mutex<Vec<(Move, i32)>>> = layer.iter().map(|_| Mutex::default()).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.min(layer.len()).max(1) {
            s.spawn(|| {
                let mut engine = Engine::new(tt_mb);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pos) = layer.get(i) else { break };
                    let moves = score_moves(&mut engine, pos, budget);
                    *results[i].lock().unwrap_or_else(|p| p.into_inner()) = moves;
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|p| p.into_inner()))
        .collect()
}
