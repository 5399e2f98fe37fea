//! An independent, deliberately slow reference for Brazilian draughts, written from RULES.md
//! ("The second ruleset: Brazilian draughts") alone: an 8x8 array in Brazilian numbering, a plain
//! recursive capture search that follows the rules literally (flying kings, men capturing
//! backward and taking kings, captured pieces blocking until the end, the majority rule, a man
//! crowned only where its move ends). It shares no code and no geometry with the crate: it does
//! not even know that the crate stores a Brazilian square under the Italian index of its mirror
//! image. The test modules use it as `crate::bref`.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// A piece on the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    pub white: bool,
    pub king: bool,
}

/// The reference board: `cells[row][col]`, row 0 at the top (rank 8, Black's side, squares
/// 1-4), col 0 the a-file; White moves towards row 0. The playing squares are those with
/// `row + col` odd: a1 (row 7, col 0) is one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub cells: [[Option<P>; 8]; 8],
    pub white_to_move: bool,
}

/// RULES.md's Brazilian numbering: 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1. Rows 1-4, 9-12, ...
/// start on the b-file, rows 5-8, 13-16, ... on the a-file.
pub fn rc(n: u8) -> (i32, i32) {
    assert!((1..=32).contains(&n), "square {n}");
    let i = (n - 1) as i32;
    let r = i / 4;
    let c = (i % 4) * 2 + if r % 2 == 0 { 1 } else { 0 };
    (r, c)
}

/// The square number at (row, col), or `None` off the board or on a light square.
pub fn num(r: i32, c: i32) -> Option<u8> {
    if !(0..8).contains(&r) || !(0..8).contains(&c) || (r + c) % 2 != 1 {
        return None;
    }
    Some((r * 4 + c / 2 + 1) as u8)
}

/// The algebraic name of square `n`: file letter, then rank (row 0 is rank 8).
pub fn name(n: u8) -> String {
    let (r, c) = rc(n);
    format!("{}{}", (b'a' + c as u8) as char, 8 - r)
}

/// The square named `s` (`c3`), if it is a playing square.
pub fn square_named(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let c = b[0] as i32 - b'a' as i32;
    let r = 8 - (b[1] as i32 - b'0' as i32);
    num(r, c)
}

const DIRS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A complete capture sequence (before the majority rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seq {
    pub from: u8,
    /// Landing squares in order; the last is the destination.
    pub path: Vec<u8>,
    /// Captured squares in the order they were jumped.
    pub captured: Vec<u8>,
    pub by_king: bool,
}

impl Seq {
    pub fn to(&self) -> u8 {
        *self.path.last().unwrap()
    }
    pub fn mask(&self) -> u32 {
        self.captured.iter().fold(0, |m, &s| m | 1 << (s - 1))
    }
}

/// A legal move: the rules' identity (from, to, captured set) with every maximal path that
/// makes it and, for each path, the pieces it takes in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: u8,
    pub to: u8,
    /// Bit `n - 1` for each captured square `n`.
    pub captured: u32,
    pub king: bool,
    pub promotes: bool,
    /// Every landing path (captures only; empty for quiet moves).
    pub paths: Vec<Vec<u8>>,
    /// `orders[i]` is the capture order of `paths[i]`.
    pub orders: Vec<Vec<u8>>,
}

impl RefMove {
    pub fn key(&self) -> (u8, u8, u32) {
        (self.from, self.to, self.captured)
    }

    /// `c3-d4`, `c3xe5`: from and to only.
    pub fn short_text(&self) -> String {
        let sep = if self.captured == 0 { '-' } else { 'x' };
        format!("{}{sep}{}", name(self.from), name(self.to))
    }

    /// Every landing square of `path`: `a1xc3xe5`.
    pub fn path_text(&self, path: &[u8]) -> String {
        let mut s = name(self.from);
        for &l in path {
            s.push('x');
            s.push_str(&name(l));
        }
        s
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

    fn far_row(white: bool) -> i32 {
        if white {
            0
        } else {
            7
        }
    }

    fn forward(white: bool) -> i32 {
        if white {
            -1
        } else {
            1
        }
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

    /// Whether this is a position the rules allow: at most 12 pieces a side, no man on the row
    /// where it would have been crowned.
    pub fn valid(&self) -> bool {
        (1..=32u8).all(|n| match self.at(n) {
            Some(p) if !p.king => rc(n).0 != Board::far_row(p.white),
            _ => true,
        }) && self.count(true) <= 12
            && self.count(false) <= 12
    }

    pub fn count(&self, white: bool) -> usize {
        (1..=32u8)
            .filter(|&n| self.at(n).is_some_and(|p| p.white == white))
            .count()
    }

    /// Every complete capture sequence of the side to move, before the majority rule,
    /// duplicate routes included.
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
                by_king: p.king,
            };
            b.search(p, r, c, &mut seq, &mut out);
        }
        out
    }

    /// Extends `seq`, standing on (r, c): every jump possible from here, recursively; records
    /// the sequence when none is (a capture goes on while it can). Captured pieces stay in
    /// `cells` until the move is over, so they block both the way and the landing squares, and
    /// `seq.captured` keeps any of them from being jumped twice. A man that lands on the far
    /// row goes on as a man: nothing here looks at rows.
    fn search(&self, p: P, r: i32, c: i32, seq: &mut Seq, out: &mut Vec<Seq>) {
        let mut extended = false;
        for (dr, dc) in DIRS {
            // The enemy piece this jump would take: for a man the adjacent square, for a king
            // the first occupied square along the diagonal.
            let mut k = 1;
            if p.king {
                while num(r + k * dr, c + k * dc).is_some()
                    && self.get(r + k * dr, c + k * dc).is_none()
                {
                    k += 1;
                }
            }
            let (or, oc) = (r + k * dr, c + k * dc);
            let Some(over) = num(or, oc) else { continue };
            let Some(victim) = self.get(or, oc) else {
                continue;
            };
            if victim.white == p.white || seq.captured.contains(&over) {
                continue;
            }
            // Landing squares: the next one for a man; for a king every empty square beyond,
            // up to the next piece or the edge.
            let mut j = k + 1;
            while let Some(land) = num(r + j * dr, c + j * dc) {
                if self.get(r + j * dr, c + j * dc).is_some() {
                    break;
                }
                extended = true;
                seq.path.push(land);
                seq.captured.push(over);
                self.search(p, r + j * dr, c + j * dc, seq, out);
                seq.path.pop();
                seq.captured.pop();
                if !p.king {
                    break;
                }
                j += 1;
            }
        }
        if !extended && !seq.captured.is_empty() {
            out.push(seq.clone());
        }
    }

    /// The legal moves, one per (from, to, captured set), sorted by that key.
    pub fn legal(&self) -> Vec<RefMove> {
        let seqs = self.sequences();
        let mut by_key: BTreeMap<(u8, u8, u32), RefMove> = BTreeMap::new();
        if let Some(most) = seqs.iter().map(|s| s.captured.len()).max() {
            // The majority rule: the most pieces, men and kings alike; nothing else counts.
            for s in seqs.iter().filter(|s| s.captured.len() == most) {
                let promotes = !s.by_king && rc(s.to()).0 == Board::far_row(self.white_to_move);
                let e = by_key.entry((s.from, s.to(), s.mask())).or_insert(RefMove {
                    from: s.from,
                    to: s.to(),
                    captured: s.mask(),
                    king: s.by_king,
                    promotes,
                    paths: vec![],
                    orders: vec![],
                });
                if !e.paths.contains(&s.path) {
                    e.paths.push(s.path.clone());
                    e.orders.push(s.captured.clone());
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
            for (dr, dc) in DIRS {
                if !p.king && dr != Board::forward(p.white) {
                    continue;
                }
                let mut k = 1;
                while let Some(t) = num(r + k * dr, c + k * dc) {
                    if self.at(t).is_some() {
                        break;
                    }
                    let promotes = !p.king && r + k * dr == Board::far_row(p.white);
                    by_key.insert(
                        (n, t, 0),
                        RefMove {
                            from: n,
                            to: t,
                            captured: 0,
                            king: p.king,
                            promotes,
                            paths: vec![],
                            orders: vec![],
                        },
                    );
                    if !p.king {
                        break; // a man steps one square; a king flies on
                    }
                    k += 1;
                }
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
                assert!(b.at(n).is_some_and(|q| q.white != p.white));
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
}

/// Parses a simple FEN in Brazilian numbering (`W:W21,K30:B1,2`; ranges `1-12` too), on its
/// own, without the crate's parser.
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
            let (a, z) = match n.split_once('-') {
                Some((a, z)) => (a.parse::<u8>().unwrap(), z.parse::<u8>().unwrap()),
                None => (n.parse().unwrap(), n.parse().unwrap()),
            };
            for s in a..=z {
                assert!(b.at(s).is_none(), "{fen}: square {s} twice");
                b.set(s, Some(P { white, king }));
            }
        }
    }
    b
}

/// The references' generator (xorshift64*), shared with the Italian reference: the includer
/// also includes `reference.rs` as `reference`.
pub use super::reference::Rng;

fn place(b: &mut Board, rng: &mut Rng, white: bool, count: u64, king_pct: u64) {
    let mut placed = 0;
    while placed < count {
        let n = 1 + rng.below(32) as u8;
        if b.at(n).is_some() {
            continue;
        }
        // A man on its own far row would have been crowned.
        let king = rng.below(100) < king_pct || rc(n).0 == Board::far_row(white);
        b.set(n, Some(P { white, king }));
        placed += 1;
    }
}

/// A random position: 1-12 pieces a side on distinct squares, kings with a per-position
/// probability (often all of them), either side to move.
pub fn random_board(rng: &mut Rng) -> Board {
    let mut b = Board::empty(rng.chance(1, 2));
    let king_pct = [0, 15, 40, 70, 100][rng.below(5) as usize];
    let (nw, nb) = (1 + rng.below(12), 1 + rng.below(12));
    place(&mut b, rng, true, nw, king_pct);
    place(&mut b, rng, false, nb, king_pct);
    b
}

/// A dense board for long captures: one to three pieces of the side to move (kings or men)
/// among six to twelve enemy pieces, men and kings.
pub fn random_capture_board(rng: &mut Rng) -> Board {
    let mut b = Board::empty(rng.chance(1, 2));
    let us = b.white_to_move;
    let our_kings = [0, 50, 100][rng.below(3) as usize];
    let (ours, theirs) = (1 + rng.below(3), 6 + rng.below(7));
    place(&mut b, rng, us, ours, our_kings);
    place(&mut b, rng, !us, theirs, 35);
    b
}
