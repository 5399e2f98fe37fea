//! The search benchmark of the native command (`dama bench search`) and the wasm build: fixed
//! Italian positions searched to fixed depths with a fresh engine, so the node counts depend
//! only on the search and evaluation code, and a checksum that changes exactly when the search
//! does. It is the engine's own, beside it, so that the shipped wasm times the engine it ships
//! without the tooling crate.

use crate::engine::clock::Clock;
use crate::engine::search::{Engine, Limits};
use crate::notation;
use crate::Game;
use crate::Variant;

/// One benchmark position: a name, a FEN and the depth searched by default (deeper where the
/// tree is narrow, so each takes a comparable share of the time).
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    /// What the position shows.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The default search depth.
    pub depth: u32,
}

const fn p(name: &'static str, fen: &'static str, depth: u32) -> BenchPosition {
    BenchPosition { name, fen, depth }
}

/// The positions: the middlegames and endgames come from engine games; several have exchanges,
/// shots and races to the king row in reach.
#[rustfmt::skip]
pub const POSITIONS: &[BenchPosition] = &[
    p("start", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", 15),
    p("opening 22-18 11-15 18x11", "B:W11,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12", 15),
    p("early middlegame", "B:W18,21,22,23,24,29,31,32:B1,2,3,4,8,10,11,16", 15),
    p("middlegame, white to move", "W:W17,18,22,23,24,28,29,32:B1,2,3,8,10,12,15,16", 15),
    p("middlegame, 18 men", "W:W17,18,20,22,23,24,27,29,32:B1,3,5,8,9,10,11,15,16", 17),
    p("middlegame, open centre", "B:W15,17,21,22,24,26,29,30,32:B1,2,3,4,8,9,10,13,14", 15),
    p("men deep on both sides", "B:W11,17,19,23,24,27,29,31:B1,2,3,10,14,16,18,21", 15),
    p("race to the king row", "W:W8,16,17,25,26,32:B4,5,10,14,18,23", 19),
    p("king against men", "B:WK3,17,22,23,24,29,30:B1,2,4,10,13,14,15", 15),
    p("kings on both sides", "W:WK5,12,17,23,24,29,31:B2,16,18,21,22,K30", 17),
    p("king and men against king and men", "B:WK3,9,11,13,25:B4,18,20,27,K28", 17),
    p("kings endgame, 10 pieces", "B:WK10,K12,13,K18,26:B8,9,K20,K27,K28", 15),
    p("two kings and a man against two kings and two men", "B:WK2,K4,19:B8,23,K29,K31", 21),
    p("three kings against three kings", "B:WK9,K13,16:BK12,K18,K23", 19),
    p("three kings against two in the double corner", "W:WK6,K7,K11:BK25,K29", 21),
    p("king and men, men about to crown", "W:W17,K18,19:B2,12,28,K31", 19),
];

/// The result of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    /// The position's name.
    pub name: &'static str,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: f64,
    /// The score for the side to move.
    pub score: i32,
    /// The best move in standard notation.
    pub best: String,
}

/// The totals of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchTotal {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Milliseconds over all positions.
    pub time_ms: f64,
    /// FNV-1a of every position's nodes, score and best move.
    pub checksum: u64,
}

/// Runs the benchmark: each position with a fresh engine of `tt_mb` megabytes reading time from
/// `clock()`, to `depth` if given or else its own depth; `on_line` sees each result.
pub fn search(
    clock: &dyn Fn() -> Box<dyn Clock + Send>,
    tt_mb: usize,
    depth: Option<u32>,
    on_line: &mut dyn FnMut(&BenchLine),
) -> BenchTotal {
    let mut total = BenchTotal {
        nodes: 0,
        time_ms: 0.0,
        checksum: 0xcbf2_9ce4_8422_2325,
    };
    for pos in POSITIONS {
        let game = Game::from_fen(Variant::Italian, pos.fen).expect("benchmark FENs are valid");
        let mut engine = Engine::with_clock(tt_mb, clock());
        let r = engine.search(
            &game,
            &Limits::depth(depth.unwrap_or(pos.depth)),
            &mut |_| {},
        );
        let best = r
            .best
            .map(|m| notation::move_text(game.position(), &m))
            .unwrap_or_else(|| "-".into());
        let line = BenchLine {
            name: pos.name,
            depth: r.depth,
            nodes: r.nodes,
            time_ms: r.time_ms,
            score: r.score,
            best,
        };
        on_line(&line);
        total.nodes += line.nodes;
        total.time_ms += line.time_ms;
        for b in line
            .nodes
            .to_le_bytes()
            .iter()
            .chain(line.score.to_le_bytes().iter())
            .chain(line.best.as_bytes())
        {
            total.checksum ^= *b as u64;
            total.checksum = total.checksum.wrapping_mul(0x0100_0000_01b3);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_playable() {
        for p in POSITIONS {
            let g = Game::from_fen(Variant::Italian, p.fen)
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
            // A single legal move would cut the search short and hide changes.
            assert!(g.legal_moves().len() >= 2, "{}", p.name);
        }
    }

    #[test]
    fn the_checksum_is_deterministic() {
        let clock = || Box::new(crate::engine::clock::NoClock) as Box<dyn Clock + Send>;
        let a = search(&clock, 1, Some(4), &mut |_| {});
        let b = search(&clock, 1, Some(4), &mut |_| {});
        assert_eq!(a.checksum, b.checksum);
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 1000);
    }
}
