//! The move list's capacity (`dama::MAX_MOVES`) against the worst positions we can find,
//! in each game: the most quiet moves, and the most distinct legal captures (same-length
//! sequences with different landing squares or pieces). A bounded random search (simulated
//! annealing over piece placements) runs on every `cargo test`; the best positions found by
//! longer runs of the same search (`WORST_CASE_EVALS=40000000 cargo test --release -p dama
//! --test core worst_case::long_search -- --ignored --nocapture`, about a minute a game and kind)
//! and hand-built candidates are kept below with their exact move counts, checked against the
//! independent references.
//!
//! The counts are of a position's `moves_in(variant)`: a list of distinct moves (from, to,
//! captured set). Filling the list is a bug that debug builds stop on (a `debug_assert` in
//! `MoveList::push`), and a full list (`len() == MAX_MOVES`) in release would mean moves were
//! dropped, so every count here is also asserted below the capacity.

use crate::reference;

use crate::bref;

use dama::perft;
use dama::{fen, movegen, Color, Position, Variant, MAX_MOVES};
use reference::{work, Rng};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Quiet,
    Capture,
}

/// The number of legal moves of `pos` in `v` if they are of the kind wanted.
fn score(v: Variant, pos: &Position, kind: Kind) -> Option<usize> {
    let legal = pos.with_variant(v).legal_moves();
    assert!(
        legal.len() < MAX_MOVES,
        "{}: the move list is full",
        fen::write(&pos.with_variant(v))
    );
    let capture = legal.first().is_some_and(|m| m.is_capture());
    match (kind, capture) {
        (Kind::Quiet, false) | (Kind::Capture, true) => Some(legal.len()),
        _ => None,
    }
}

/// The independent references' count (no capacity), in the variant's numbering.
fn reference_count(v: Variant, fen_text: &str) -> usize {
    match v {
        Variant::Italian => reference::board(fen_text).legal().len(),
        Variant::Brazilian => bref::board(fen_text).legal().len(),
    }
}

/// Uniform in [0, 1).
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A placement of pieces as the crate's bitboards, White to move (the flipped position covers
/// Black to move: see `flipping_keeps_the_counts`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Cells {
    white: u32,
    black: u32,
    kings: u32,
}

const WHITE_CROWN: u32 = 0x0000_000F;
const BLACK_CROWN: u32 = 0xF000_0000;

impl Cells {
    fn position(&self) -> Option<Position> {
        Position::from_bitboards(
            Variant::Italian,
            self.white,
            self.black,
            self.kings,
            Color::White,
        )
        .ok()
    }

    fn random(rng: &mut Rng, kind: Kind) -> Cells {
        let mut c = Cells {
            white: 0,
            black: 0,
            kings: 0,
        };
        let (nw, nb) = match kind {
            Kind::Quiet => (6 + rng.below(7), rng.below(4)),
            Kind::Capture => (1 + rng.below(12), 1 + rng.below(12)),
        };
        for (white, n) in [(true, nw), (false, nb)] {
            let mut placed = 0;
            while placed < n {
                let i = rng.below(32) as u32;
                let bit = 1 << i;
                if (c.white | c.black) & bit != 0 {
                    continue;
                }
                if white {
                    c.white |= bit;
                } else {
                    c.black |= bit;
                }
                if rng.below(3) != 0 {
                    c.kings |= bit;
                }
                placed += 1;
            }
        }
        c.fix();
        c
    }

    /// Crowns men standing on their own far row.
    fn fix(&mut self) {
        self.kings |= (self.white & WHITE_CROWN) | (self.black & BLACK_CROWN);
        self.kings &= self.white | self.black;
    }

    /// A small random change: move, add, remove, crown/uncrown or recolour a piece.
    fn mutate(&self, rng: &mut Rng) -> Cells {
        let mut c = *self;
        let occupied = c.white | c.black;
        let pick = |rng: &mut Rng, set: u32| -> Option<u32> {
            if set == 0 {
                return None;
            }
            let k = rng.below(set.count_ones() as u64) as u32;
            let mut s = set;
            for _ in 0..k {
                s &= s - 1;
            }
            Some(1 << s.trailing_zeros())
        };
        match rng.below(6) {
            // Move a piece to an empty square.
            0 | 1 => {
                if let (Some(from), Some(to)) = (pick(rng, occupied), pick(rng, !occupied)) {
                    let king = c.kings & from != 0;
                    if c.white & from != 0 {
                        c.white = (c.white & !from) | to;
                    } else {
                        c.black = (c.black & !from) | to;
                    }
                    c.kings &= !from;
                    if king {
                        c.kings |= to;
                    }
                }
            }
            // Add a piece.
            2 => {
                if let Some(to) = pick(rng, !occupied) {
                    if rng.below(2) == 0 {
                        c.white |= to;
                    } else {
                        c.black |= to;
                    }
                    if rng.below(2) == 0 {
                        c.kings |= to;
                    }
                }
            }
            // Remove a piece.
            3 => {
                if let Some(at) = pick(rng, occupied) {
                    c.white &= !at;
                    c.black &= !at;
                    c.kings &= !at;
                }
            }
            // Crown or uncrown.
            4 => {
                if let Some(at) = pick(rng, occupied) {
                    c.kings ^= at;
                }
            }
            // Change colour.
            _ => {
                if let Some(at) = pick(rng, occupied) {
                    c.white ^= at;
                    c.black ^= at;
                }
            }
        }
        c.fix();
        c
    }
}

/// Simulated annealing from `restarts` random starts, `evals` evaluations in all; the best
/// position found and its count.
fn search(v: Variant, kind: Kind, evals: usize, restarts: usize, seed: u64) -> (Position, usize) {
    let mut rng = Rng::new(seed);
    let mut best: Option<(Position, usize)> = None;
    let per = (evals / restarts).max(1);
    let mut best_cells: Option<Cells> = None;
    for r in 0..restarts {
        // Every other run starts again from the best so far, shaken a little.
        let mut cur = match best_cells {
            Some(mut c) if r % 2 == 1 => {
                for _ in 0..4 {
                    c = c.mutate(&mut rng);
                }
                c
            }
            _ => Cells::random(&mut rng, kind),
        };
        let mut cur_score = cur.position().and_then(|p| score(v, &p, kind)).unwrap_or(0) as f64;
        for i in 0..per {
            let temp = 4.0 * (1.0 - i as f64 / per as f64) + 0.05;
            let next = cur.mutate(&mut rng);
            let Some(p) = next.position() else { continue };
            let s = score(v, &p, kind).unwrap_or(0) as f64;
            if s >= cur_score || unit(&mut rng) < ((s - cur_score) / temp).exp() {
                cur = next;
                cur_score = s;
            }
            if s as usize > best.map_or(0, |b| b.1) {
                best = Some((p, s as usize));
                best_cells = Some(next);
            }
        }
    }
    best.expect("something found")
}

/// The worst positions found, with their exact counts: (game, kind, FEN in the game's
/// numbering, legal moves). The quiet maxima were also found by steepest ascent from 2,000
/// random placements of 10-12 kings each (every run that reached 12 kings ended on 68 and 42);
/// the capture maxima by four independent annealing runs of 40-200 million evaluations, all
/// ending on 40 (Brazilian) and 18 (Italian). None is proven optimal.
const KEPT: &[(Variant, Kind, &str, usize)] = &[
    // Twelve flying kings, mostly on the edge, none blocking another's longest diagonals.
    (
        Variant::Brazilian,
        Kind::Quiet,
        "W:WK1,K2,K3,K4,K12,K13,K20,K21,K23,K28,K29,K31:B",
        68,
    ),
    // Twelve short kings, spread so that most have four free neighbours.
    (
        Variant::Italian,
        Kind::Quiet,
        "W:WK5,K6,K7,K8,K13,K18,K19,K20,K25,K26,K27,K28:B",
        42,
    ),
    // Flying kings on tours of six captures, with several routes and landing squares at the
    // end (a7xc5xe7xh4xf2xd4xf6, ...).
    (
        Variant::Brazilian,
        Kind::Capture,
        "W:WK5,12,K29,K30,K32:B9,10,15,16,K23,24,K25,K26,K28",
        40,
    ),
    (
        Variant::Brazilian,
        Kind::Capture,
        "W:WK1,K3,K4,K28:B7,K8,K9,K10,14,17,K18,23,K24",
        40,
    ),
    (
        Variant::Brazilian,
        Kind::Capture,
        "W:WK3,K5,K21,K29,K32:BK6,7,K14,15,17,K19,25,K27",
        40,
    ),
    // Short kings each with several single captures (taking kings, so nothing breaks ties).
    (
        Variant::Italian,
        Kind::Capture,
        "W:WK8,K9,K10,K11,K12,K25,K26,K27,K31,K32:BK5,K6,K7,K13,K14,K15,K21,K22,K23,K28",
        18,
    ),
    // Hand-built from the bounded search's 38: kings on both back rows, enemy men and kings
    // just before them, the middle empty; every king takes one piece and lands anywhere
    // beyond it (an exhaustive search over this family finds nothing better).
    (
        Variant::Brazilian,
        Kind::Capture,
        "W:WK1,K2,K3,K4,K29,K30,K31,K32:B6,7,8,25,26,27",
        38,
    ),
    // Hand-built: a lone flying king in the centre; four kings around one man, each landing
    // on any square beyond it.
    (Variant::Brazilian, Kind::Quiet, "W:WK18:B1", 13),
    (Variant::Brazilian, Kind::Capture, "W:WK4,K5,K29,K32:B18", 9),
];

#[test]
fn kept_worst_cases_have_their_counts() {
    for &(v, kind, fen_text, want) in KEPT {
        let pos = fen::parse(v, fen_text).unwrap();
        assert_eq!(score(v, &pos, kind), Some(want), "{v} {fen_text}");
        assert_eq!(
            reference_count(v, fen_text),
            want,
            "reference: {v} {fen_text}"
        );
        assert!(want < MAX_MOVES);
        // perft's counting shortcut remembers 32 captures, then falls back to the list: both
        // ways count the same.
        let counted = match v {
            Variant::Italian => movegen::count::<dama::Italian>(&pos),
            Variant::Brazilian => movegen::count::<dama::Brazilian>(&pos),
        };
        assert_eq!(counted, want as u64, "count: {v} {fen_text}");
        assert_eq!(perft(&pos.with_variant(v), 1), want as u64);
        let mut list = dama::MoveList::new();
        match v {
            Variant::Italian => movegen::generate::<dama::Italian>(&pos, &mut list),
            Variant::Brazilian => movegen::generate::<dama::Brazilian>(&pos, &mut list),
        }
        assert_eq!(list.len(), want);
    }
}

#[test]
fn flipping_keeps_the_counts() {
    for &(v, _, fen_text, want) in KEPT {
        let pos = fen::parse(v, fen_text).unwrap();
        assert_eq!(
            pos.flipped().with_variant(v).legal_moves().len(),
            want,
            "{v} {fen_text}"
        );
    }
}

/// A bounded search on every test run: nothing near the capacity.
#[test]
fn bounded_search_stays_below_the_capacity() {
    let evals = work(500_000, 200_000);
    for v in Variant::ALL {
        for kind in [Kind::Quiet, Kind::Capture] {
            let (pos, n) = search(v, kind, evals, 4, 0xC0FFEE);
            let fen_text = fen::write(&pos.with_variant(v));
            println!("{v} {kind:?}: {n} moves in {fen_text}");
            assert_eq!(reference_count(v, &fen_text), n, "{fen_text}");
            assert!(n < MAX_MOVES);
        }
    }
}

/// The long search that found the kept positions; `WORST_CASE_EVALS` evaluations per game and
/// kind (default 1,000,000), `WORST_CASE_SEED` to vary it, `WORST_CASE_ONLY=brazilian-Capture`
/// (or `italian-Quiet`, ...) for one game and kind.
#[test]
#[ignore = "a long search; run by hand with --release --ignored --nocapture"]
fn long_search() {
    let evals: usize = std::env::var("WORST_CASE_EVALS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = std::env::var("WORST_CASE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let only = std::env::var("WORST_CASE_ONLY").unwrap_or_default();
    for v in Variant::ALL {
        for kind in [Kind::Quiet, Kind::Capture] {
            if !only.is_empty() && only != format!("{v}-{kind:?}") {
                continue;
            }
            let (pos, n) = search(v, kind, evals, 40, seed);
            let fen_text = fen::write(&pos.with_variant(v));
            println!("{v} {kind:?}: {n} moves in {fen_text}");
            assert_eq!(reference_count(v, &fen_text), n, "{fen_text}");
        }
    }
}
