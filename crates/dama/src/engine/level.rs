//! Playing levels 1-10 for people: a depth and node budget, and a margin within which the
//! engine picks among good moves at random (seeded, so a game can be replayed exactly).
//! Level 1 sees only one move ahead plus forced captures and chooses loosely among moves
//! that do not lose much; level 10 is full strength for the time given.

use crate::engine::rng::Rng;
use crate::engine::search::{Engine, Limits, SearchResult, MATE_BOUND};
use crate::Game;
use crate::Move;

/// A level's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// The deepest iteration.
    pub depth: u32,
    /// The node budget (keeps the level's strength the same on fast and slow machines).
    pub nodes: u64,
    /// Moves scoring within this many hundredths of a man of the best may be chosen.
    pub margin: i32,
}

/// The settings of level `level` (clamped to 1-10).
pub const fn spec(level: u8) -> LevelSpec {
    let (depth, nodes, margin) = match level {
        0 | 1 => (1, 2_000, 150),
        2 => (2, 5_000, 100),
        3 => (3, 20_000, 70),
        4 => (4, 60_000, 45),
        5 => (6, 200_000, 30),
        6 => (8, 600_000, 18),
        7 => (11, 2_000_000, 10),
        8 => (14, 6_000_000, 5),
        9 => (20, u64::MAX, 0),
        _ => (120, u64::MAX, 0),
    };
    LevelSpec {
        depth,
        nodes,
        margin,
    }
}

/// Chooses a move at `level` within `time_ms`; the same seed, level and game give the same
/// move when the level's depth or node budget, not the time, ends the search.
///
/// At the top levels an opening position in the shipped book is answered from the book
/// (see [`book_move`]).
pub fn play(engine: &mut Engine, game: &Game, level: u8, time_ms: f64, seed: u64) -> SearchResult {
    if let Some(r) = book_move(game, level, seed) {
        return r;
    }
    // A level below the top is its depth and node budget, the same on any device: one thread
    // searches it, the same way every time. The top level uses every thread granted.
    let granted = engine.threads();
    if level < 10 {
        engine.set_threads(1);
    }
    let result = play_searched(engine, game, level, time_ms, seed);
    engine.set_threads(granted);
    result
}

fn play_searched(
    engine: &mut Engine,
    game: &Game,
    level: u8,
    time_ms: f64,
    seed: u64,
) -> SearchResult {
    let spec = spec(level);
    let limits = Limits {
        depth: spec.depth,
        nodes: spec.nodes,
        time_ms: Some(time_ms),
        soft_ms: None,
    };
    let result = engine.search(game, &limits, &mut |_| {});
    if spec.margin == 0 || game.legal_moves().len() < 2 || result.score.abs() > MATE_BOUND {
        return result;
    }
    // The second look shares the move's time: only what the first search left.
    let rest = Limits {
        time_ms: Some((time_ms - result.time_ms).max(1.0)),
        ..limits
    };
    let scored = engine.root_scores(game, result.depth.max(1), &rest);
    let Some(best) = scored.iter().map(|(_, s)| *s).max() else {
        return result;
    };
    // Never throw away a forced win, and never pick a move that walks into a forced loss
    // when something else does not.
    let good: Vec<(Move, i32)> = scored
        .into_iter()
        .filter(|(_, s)| *s >= best - spec.margin && *s > -MATE_BOUND)
        .collect();
    if good.is_empty() {
        return result;
    }
    // Weight each candidate by how close it is to the best: closer is likelier.
    let weights: Vec<u64> = good
        .iter()
        .map(|(_, s)| (spec.margin - (best - s)).max(0) as u64 + 1)
        .collect();
    let total: u64 = weights.iter().sum();
    let mut rng = Rng::new(seed ^ game.hash());
    let mut pick = rng.below(total);
    let mut chosen = good[0];
    for (c, w) in good.iter().zip(&weights) {
        if pick < *w {
            chosen = *c;
            break;
        }
        pick -= w;
    }
    SearchResult {
        best: Some(chosen.0),
        score: chosen.1,
        pv: vec![chosen.0],
        ..result
    }
}

/// The lowest level that plays from the opening book: full strength (10) and the level below.
pub const BOOK_LEVEL: u8 = 9;

/// At [`BOOK_LEVEL`] and above, a move of the game's shipped [`book`](crate::engine::book)
/// for the current position, chosen among those within
/// [`PLAY_MARGIN`](crate::engine::book::PLAY_MARGIN) of the best (seeded like the levels); a
/// result with no depth, nodes or time, since nothing was searched. `None` below that level
/// or out of the book.
pub fn book_move(game: &Game, level: u8, seed: u64) -> Option<SearchResult> {
    if level < BOOK_LEVEL {
        return None;
    }
    let mut rng = Rng::new(seed ^ game.hash());
    let book = crate::engine::book::Book::shipped(game.variant());
    let (m, score) = book.pick(game.position(), crate::engine::book::PLAY_MARGIN, &mut rng)?;
    Some(SearchResult {
        best: Some(m),
        score,
        depth: 0,
        nodes: 0,
        time_ms: 0.0,
        pv: vec![m],
    })
}
