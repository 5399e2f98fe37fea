//! The analysis (multi-PV): the best lines of a position, each a different root move, best
//! first, the first one the plain search's own; limits respected; never a line from a game
//! that is over.

use dama::engine::{Engine, Limits, NoClock, Rng, MATE_BOUND};
use dama::{Game, Variant};

fn engine() -> Engine {
    Engine::with_clock(4, Box::new(NoClock))
}

/// Positions along random games of both rulesets.
fn positions(seed: u64, n: usize) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let variant = if rng.below(3) == 0 {
            Variant::Brazilian
        } else {
            Variant::Italian
        };
        let mut g = Game::new(variant);
        for _ in 0..rng.below(60) {
            let moves = g.legal_moves();
            if moves.is_empty() || g.result().is_some() {
                break;
            }
            g.play(&moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
        if g.result().is_none() {
            out.push(g);
        }
    }
    out
}

#[test]
fn lines_are_distinct_legal_best_first_and_as_many_as_asked_or_legal() {
    for (i, g) in positions(7, 60).iter().enumerate() {
        let lines = 1 + i % 4;
        let a = engine().analyse(g, &Limits::depth(5), lines);
        let legal = g.legal_moves();
        assert!(a.complete, "{}", g.fen());
        assert_eq!(a.depth, 5);
        assert_eq!(a.lines.len(), lines.min(legal.len()), "{}", g.fen());
        for (k, l) in a.lines.iter().enumerate() {
            assert!(legal.contains(&l.pv[0]), "{}: line {k} not legal", g.fen());
            // The whole line replays.
            let mut p = *g.position();
            for m in &l.pv {
                assert!(
                    p.with_variant(g.variant()).legal_moves().contains(m),
                    "{}",
                    g.fen()
                );
                p = p.play(m);
            }
            for other in &a.lines[..k] {
                assert_ne!(other.pv[0], l.pv[0], "{}: a move shown twice", g.fen());
                assert!(other.score >= l.score, "{}: not best first", g.fen());
            }
        }
    }
}

#[test]
fn the_first_line_is_the_plain_search() {
    for g in positions(11, 30) {
        let a = engine().analyse(&g, &Limits::depth(6), 3);
        let r = engine().search(&g, &Limits::depth(6), &mut |_| {});
        let first = &a.lines[0];
        // Sorting may put a later line first only when it scores higher.
        if first.pv[0] != r.best.unwrap() {
            assert!(first.score > r.score, "{}", g.fen());
        } else {
            assert_eq!(first.score, r.score, "{}", g.fen());
            assert_eq!(first.pv, r.pv, "{}", g.fen());
        }
    }
}

#[test]
fn the_second_line_is_the_best_of_the_other_moves() {
    // White to move: 30x23 wins at once (Black is left without a move), 30-26 and 30-25 do
    // not; the second line must be one of those and score below the win.
    let g = Game::from_fen(Variant::Italian, "W:W30:B27").unwrap();
    let a = engine().analyse(&g, &Limits::depth(8), 3);
    assert_eq!(a.lines.len(), 1, "a capture is compulsory: one legal move");
    // The only move is searched as deep as asked: it wins at once, so it is settled.
    assert_eq!(a.depth, 8);
    assert!(a.lines[0].score > MATE_BOUND && a.settled);
    let g = Game::from_fen(Variant::Italian, "W:W31,K4:B12,20").unwrap();
    let a = engine().analyse(&g, &Limits::depth(10), 2);
    assert_eq!(a.lines.len(), 2);
    let r = engine().root_scores(&g, 10, &Limits::depth(10));
    let best_other = r
        .iter()
        .filter(|(m, _)| *m != a.lines[0].pv[0])
        .map(|&(_, s)| s)
        .max()
        .unwrap();
    // The second line's move is one of the best others by their own searches; its score may
    // differ from theirs (a search of one move at a time fills the table otherwise).
    let second = r.iter().find(|(m, _)| *m == a.lines[1].pv[0]).unwrap().1;
    assert_eq!(second, best_other, "{:?} {r:?}", a.lines);
}

#[test]
fn a_node_limit_leaves_the_analysis_incomplete_and_changes_nothing_after() {
    let g = Game::new(Variant::Italian);
    let mut e = engine();
    let a = e.analyse(
        &g,
        &Limits {
            nodes: 500,
            ..Limits::depth(20)
        },
        3,
    );
    assert!(!a.complete);
    assert!(!a.settled);
    // A line is kept only with a finished iteration, and then the depth says how deep.
    assert!(a.lines.len() <= 1 && a.lines.iter().all(|l| l.depth >= 1 && l.depth < 20));
    assert_eq!(a.depth, a.lines.first().map_or(0, |l| l.depth));
    assert!(a.nodes <= 500 + 256, "{}", a.nodes);
    // The same engine still answers a full analysis afterwards.
    let b = e.analyse(&g, &Limits::depth(4), 3);
    assert!(b.complete && b.lines.len() == 3);
}

#[test]
fn a_time_limit_keeps_the_best_line_so_far() {
    // With a clock, the time runs out long before depth 100: the first line is still there.
    let g = Game::new(Variant::Italian);
    let mut e = Engine::new(4);
    let a = e.analyse(
        &g,
        &Limits {
            time_ms: Some(30.0),
            ..Limits::depth(100)
        },
        1,
    );
    assert!(!a.complete);
    assert_eq!(a.lines.len(), 1);
    assert!(a.depth >= 2 && a.depth < 100, "{}", a.depth);
    assert!(g.legal_moves().contains(&a.lines[0].pv[0]));
}

#[test]
fn a_game_that_is_over_has_no_lines() {
    let mut g = Game::from_fen(Variant::Italian, "W:W30:B27").unwrap();
    let m = g.legal_moves()[0];
    g.play(&m).unwrap();
    assert!(g.result().is_some());
    let a = engine().analyse(&g, &Limits::depth(5), 3);
    assert!(a.lines.is_empty());
    assert_eq!(
        engine()
            .analyse(&Game::new(Variant::Italian), &Limits::depth(3), 0)
            .lines
            .len(),
        0
    );
}

#[test]
fn a_known_win_is_settled() {
    // A lone king against a man that cannot escape: the search finds the win and says so.
    let g = Game::from_fen(Variant::Italian, "W:WK22:B1").unwrap();
    let a = engine().analyse(&g, &Limits::depth(20), 1);
    assert!(a.lines[0].score > MATE_BOUND, "{:?}", a.lines[0]);
    assert!(a.settled);
}

#[test]
fn scores_from_a_floor_keep_the_moves_above_it_above_it() {
    // The start position at depth 6, scored in full, then from a floor in the middle of the
    // widest gap between the scores. The scores above it are searched with another window, so
    // they may differ a little (the table fills otherwise); which side of it a move falls may
    // not.
    let g = Game::new(Variant::Italian);
    let full = engine().root_scores(&g, 6, &Limits::depth(6));
    let mut scores: Vec<i32> = full.iter().map(|&(_, s)| s).collect();
    scores.sort_unstable();
    let (lo, hi) = scores
        .windows(2)
        .map(|w| (w[0], w[1]))
        .max_by_key(|(a, b)| b - a)
        .unwrap();
    assert!(hi - lo >= 10, "{full:?}");
    let floor = (lo + hi) / 2;
    let from = engine().root_scores_from(&g, 6, &Limits::depth(6), floor);
    assert_eq!(from.len(), full.len());
    for (&(m, exact), &(n, s)) in full.iter().zip(&from) {
        assert_eq!(m, n);
        assert_eq!(s >= floor, exact >= floor, "{m:?}: {full:?} {from:?}");
        if s >= floor {
            assert!(
                s.abs_diff(exact) <= (hi - lo) as u32 / 2,
                "{m:?}: {full:?} {from:?}"
            );
        }
    }
}
