//! An independent, deliberately slow reference for Italian draughts, written from RULES.md alone:
//! an 8x8 array, a plain recursive capture search, and the precedence rules applied literally.
//! It shares no code with the crate; the other test modules compare the crate against it
//! (`use crate::reference;`).
//!
//! Also a small deterministic PRNG and random-position builder used by several test files.
#![allow(dead_code)]

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A piece on the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    pub white: bool,
    pub king: bool,
}

/// The reference board: `cells[row][col]`, row 0 at the top (Black's side, squares 1-4), col 0
/// the a-file, White moving towards row 0.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub cells: [[Option<P>; 8]; 8],
    pub white_to_move: bool,
}

/// RULES.md numbering: 1 is a8 (row 0, col 0); rows 1-4, 9-12, ... start on the a-file, rows
/// 5-8, 13-16, ... end on the h-file.
pub fn rc(n: u8) -> (i32, i32) {
    assert!((1..=32).contains(&n));
    let i = (n - 1) as i32;
    let r = i / 4;
    let c = (i % 4) * 2 + if r % 2 == 0 { 0 } else { 1 };
    (r, c)
}

/// The square number at (row, col), or `None` off the board or on a light square.
pub fn num(r: i32, c: i32) -> Option<u8> {
    if !(0..8).contains(&r) || !(0..8).contains(&c) || (r + c) % 2 != 0 {
        return None;
    }
    Some((r * 4 + c / 2 + 1) as u8)
}

/// A complete capture sequence (before precedence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seq {
    pub from: u8,
    /// Landing squares in order; the last is the destination.
    pub path: Vec<u8>,
    /// Captured squares in the order they were jumped.
    pub captured: Vec<u8>,
    /// Whether each captured piece (same order) was a king.
    pub captured_king: Vec<bool>,
    pub by_king: bool,
}

impl Seq {
    pub fn to(&self) -> u8 {
        *self.path.last().unwrap()
    }
    pub fn mask(&self) -> u32 {
        self.captured.iter().fold(0, |m, &s| m | 1 << (s - 1))
    }
    fn kings(&self) -> usize {
        self.captured_king.iter().filter(|&&k| k).count()
    }
    fn king_positions(&self) -> Vec<usize> {
        (0..self.captured.len())
            .filter(|&i| self.captured_king[i])
            .collect()
    }
}

/// RULES.md precedence, literally: most pieces, then by a king, then most kings, then the king
/// list that comes first (earliest first king, then second, ...). `Greater` means `a` must be
/// preferred to `b`.
pub fn precedence(a: &Seq, b: &Seq) -> Ordering {
    a.captured
        .len()
        .cmp(&b.captured.len())
        .then(a.by_king.cmp(&b.by_king))
        .then(a.kings().cmp(&b.kings()))
        // An earlier king list is better, so compare reversed.
        .then(b.king_positions().cmp(&a.king_positions()))
}

/// A legal move: the rules' identity (from, to, captured set) with every best path that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: u8,
    pub to: u8,
    /// Bit `n - 1` for each captured square `n`.
    pub captured: u32,
    pub king: bool,
    pub promotes: bool,
    /// Every best landing path (captures only; empty for quiet moves).
    pub paths: Vec<Vec<u8>>,
}

impl RefMove {
    pub fn key(&self) -> (u8, u8, u32) {
        (self.from, self.to, self.captured)
    }
}

impl Board {
    pub fn empty(white_to_move: bool) -> Board {
        Board {
            cells: [[None; 8]; 8],
            white_to_move,
        }
    }

    pub fn at(&self, n: u8) -> Option<P> {
        let (r, c) = rc(n);
        self.cells[r as usize][c as usize]
    }

    pub fn set(&mut self, n: u8, p: Option<P>) {
        let (r, c) = rc(n);
        self.cells[r as usize][c as usize] = p;
    }

    fn get(&self, r: i32, c: i32) -> Option<P> {
        self.cells[r as usize][c as usize]
    }

    /// Reads the crate's position square by square through its public accessors.
    pub fn from_position(pos: &dama::Position) -> Board {
        let mut b = Board::empty(pos.turn() == dama::Color::White);
        for n in 1..=32u8 {
            let sq = dama::Square::from_number(n as u32).unwrap();
            if let Some(p) = pos.piece_at(sq) {
                b.set(
                    n,
                    Some(P {
                        white: p.color == dama::Color::White,
                        king: p.role == dama::Role::King,
                    }),
                );
            }
        }
        b
    }

    /// Builds the crate's position from this board (checked constructor).
    pub fn to_position(&self) -> dama::Position {
        let (mut w, mut b, mut k) = (0u32, 0u32, 0u32);
        for n in 1..=32u8 {
            if let Some(p) = self.at(n) {
                let bit = 1u32 << (n - 1);
                if p.white {
                    w |= bit
                } else {
                    b |= bit
                }
                if p.king {
                    k |= bit
                }
            }
        }
        let turn = if self.white_to_move {
            dama::Color::White
        } else {
            dama::Color::Black
        };
        dama::Position::from_bitboards(dama::Variant::Italian, w, b, k, turn)
            .expect("reference board is a valid position")
    }

    /// A FEN written by the reference itself (squares ascending, kings with K).
    pub fn fen(&self) -> String {
        let mut s = String::from(if self.white_to_move { "W" } else { "B" });
        for white in [true, false] {
            s.push(':');
            s.push(if white { 'W' } else { 'B' });
            let items: Vec<String> = (1..=32u8)
                .filter_map(|n| match self.at(n) {
                    Some(p) if p.white == white => {
                        Some(format!("{}{}", if p.king { "K" } else { "" }, n))
                    }
                    _ => None,
                })
                .collect();
            s.push_str(&items.join(","));
        }
        s
    }

    fn forward(&self, white: bool) -> i32 {
        if white {
            -1
        } else {
            1
        }
    }

    fn far_row(white: bool) -> i32 {
        if white {
            0
        } else {
            7
        }
    }

    /// Every complete capture sequence of the side to move, before precedence, duplicates
    /// included.
    pub fn sequences(&self) -> Vec<Seq> {
        let mut out = Vec::new();
        for n in 1..=32u8 {
            let Some(p) = self.at(n) else { continue };
            if p.white != self.white_to_move {
                continue;
            }
            // The capturing piece's own start square counts as empty.
            let mut b = self.clone();
            b.set(n, None);
            let (r, c) = rc(n);
            let mut seq = Seq {
                from: n,
                path: vec![],
                captured: vec![],
                captured_king: vec![],
                by_king: p.king,
            };
            b.search(p, r, c, &mut seq, &mut out);
        }
        out
    }

    fn search(&self, p: P, r: i32, c: i32, seq: &mut Seq, out: &mut Vec<Seq>) {
        let fwd = self.forward(p.white);
        let mut extended = false;
        for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            if !p.king && dr != fwd {
                continue; // men capture forward only
            }
            let (or, oc) = (r + dr, c + dc);
            let (lr, lc) = (r + 2 * dr, c + 2 * dc);
            if num(lr, lc).is_none() {
                continue;
            }
            let Some(victim) = self.get(or, oc) else {
                continue;
            };
            if victim.white == p.white {
                continue;
            }
            if !p.king && victim.king {
                continue; // a man never captures a king
            }
            let over = num(or, oc).unwrap();
            if seq.captured.contains(&over) {
                continue; // no piece is jumped twice
            }
            // Captured pieces stay on the board until the end: the landing must be empty now.
            if self.get(lr, lc).is_some() {
                continue;
            }
            extended = true;
            seq.path.push(num(lr, lc).unwrap());
            seq.captured.push(over);
            seq.captured_king.push(victim.king);
            if !p.king && lr == Board::far_row(p.white) {
                out.push(seq.clone()); // crowning ends the move
            } else {
                self.search(p, lr, lc, seq, out);
            }
            seq.path.pop();
            seq.captured.pop();
            seq.captured_king.pop();
        }
        if !extended && !seq.captured.is_empty() {
            out.push(seq.clone());
        }
    }

    /// The legal moves, one per (from, to, captured set), sorted by that key.
    pub fn legal(&self) -> Vec<RefMove> {
        let seqs = self.sequences();
        let mut by_key: BTreeMap<(u8, u8, u32), RefMove> = BTreeMap::new();
        if !seqs.is_empty() {
            let best = seqs.iter().max_by(|a, b| precedence(a, b)).unwrap().clone();
            for s in seqs
                .iter()
                .filter(|s| precedence(s, &best) == Ordering::Equal)
            {
                let promotes = !s.by_king && rc(s.to()).0 == Board::far_row(self.white_to_move);
                let e = by_key.entry((s.from, s.to(), s.mask())).or_insert(RefMove {
                    from: s.from,
                    to: s.to(),
                    captured: s.mask(),
                    king: s.by_king,
                    promotes,
                    paths: vec![],
                });
                if !e.paths.contains(&s.path) {
                    e.paths.push(s.path.clone());
                }
            }
            return by_key.into_values().collect();
        }
        for n in 1..=32u8 {
            let Some(p) = self.at(n) else { continue };
            if p.white != self.white_to_move {
                continue;
            }
            let (r, c) = rc(n);
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                if !p.king && dr != self.forward(p.white) {
                    continue;
                }
                let Some(t) = num(r + dr, c + dc) else {
                    continue;
                };
                if self.at(t).is_some() {
                    continue;
                }
                let promotes = !p.king && r + dr == Board::far_row(p.white);
                by_key.insert(
                    (n, t, 0),
                    RefMove {
                        from: n,
                        to: t,
                        captured: 0,
                        king: p.king,
                        promotes,
                        paths: vec![],
                    },
                );
            }
        }
        by_key.into_values().collect()
    }

    /// The board after a legal move.
    pub fn play(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        let mut p = b.at(m.from).expect("a piece to move");
        b.set(m.from, None);
        for n in 1..=32u8 {
            if m.captured & (1 << (n - 1)) != 0 {
                b.set(n, None);
            }
        }
        if m.promotes {
            p.king = true;
        }
        b.set(m.to, Some(p));
        b.white_to_move = !b.white_to_move;
        b
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }

    pub fn count(&self, white: bool) -> usize {
        (1..=32u8)
            .filter(|&n| self.at(n).is_some_and(|p| p.white == white))
            .count()
    }
}

/// Parses a simple FEN (`W:W21,K30:B1,2`, no ranges) into a reference board, independently of
/// the crate's parser.
pub fn board(fen: &str) -> Board {
    let mut parts = fen.split(':');
    let side = parts.next().unwrap();
    let mut b = Board::empty(side == "W");
    for part in parts {
        let white = part.starts_with('W');
        for item in part[1..].split(',').filter(|s| !s.is_empty()) {
            let (king, n) = match item.strip_prefix('K') {
                Some(n) => (true, n),
                None => (false, item),
            };
            b.set(n.parse().unwrap(), Some(P { white, king }));
        }
    }
    b
}

/// `make test` runs the tests in release (the Makefile's `test-rust`); plain `cargo test` runs
/// them unoptimised, with smaller workloads.
pub const RELEASE: bool = !cfg!(debug_assertions);

/// The workload for this build: `release` optimised, `debug` otherwise.
pub fn work(release: usize, debug: usize) -> usize {
    if RELEASE {
        release
    } else {
        debug
    }
}

/// xorshift64*: small, deterministic, good enough to spread test cases.
#[derive(Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform-ish in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// A random legal-looking board: up to 12 pieces a side on distinct squares, kings with a
/// per-position probability, men never on their own promotion row, random side to move.
pub fn random_board(rng: &mut Rng) -> Board {
    let mut b = Board::empty(rng.chance(1, 2));
    let king_pct = [0, 10, 30, 60, 100][rng.below(5) as usize];
    let nw = 1 + rng.below(12);
    let nb = 1 + rng.below(12);
    for (white, count) in [(true, nw), (false, nb)] {
        let mut placed = 0;
        while placed < count {
            let n = 1 + rng.below(32) as u8;
            if b.at(n).is_some() {
                continue;
            }
            let mut king = rng.below(100) < king_pct;
            let promo_row = if white { 0 } else { 7 };
            if rc(n).0 == promo_row {
                king = true;
            }
            b.set(n, Some(P { white, king }));
            placed += 1;
        }
    }
    b
}

/// A dense board for long king captures: one to three kings of the side to move among six to
/// twelve enemy pieces, about half of them kings.
pub fn random_king_board(rng: &mut Rng) -> Board {
    let mut b = Board::empty(rng.chance(1, 2));
    let us = b.white_to_move;
    let ours = 1 + rng.below(3);
    let theirs = 6 + rng.below(7);
    for (white, count) in [(us, ours), (!us, theirs)] {
        let mut placed = 0;
        while placed < count {
            let n = 1 + rng.below(32) as u8;
            if b.at(n).is_some() {
                continue;
            }
            let promo_row = if white { 0 } else { 7 };
            let king = white == us || rng.chance(1, 2) || rc(n).0 == promo_row;
            b.set(n, Some(P { white, king }));
            placed += 1;
        }
    }
    b
}
