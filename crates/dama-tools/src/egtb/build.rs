//! Retrograde analysis, one slice at a time.
//!
//! Tables are built in [`Signature::all`] order (fewer pieces, then fewer men), a signature
//! together with its mirror (the same material with the other side to move). Within that
//! pair, the slices (men placements) are solved from the most advanced men to the least: the
//! sum of every man's rows from its own back row only grows when a man moves. So every
//! capture, promotion and man move from a slice leads to a value already known, and only
//! king moves stay inside the slice (they go to its mirror slice, the other side to move).
//! A slice is solved level by level: the winning side must play a zeroing move (a capture or
//! a man move) into a won position, or end the game, within `rule` plies, else it is a draw.
//!
//! The order holds in both games: a Brazilian man's backward capture is a capture, and a
//! flying king's move is a king move like any other.

use dama::bitboard::{Bitboard, Bits};
use dama::engine::egtb::layout::{
    for_each_in_slice, index, normalize, slice_men, slice_of, DRAW, LOSS, NONE, UNSOLVED,
};
use dama::engine::egtb::{Signature, TableStats, Tables, MAX_RULE, MAX_TABLE_PIECES};
use dama::movegen;
use dama::{Color, MoveList, Position, Rules, Variant};
use std::collections::HashMap;
use std::marker::PhantomData;

/// Zeroing moves available from a position, by their outcome for the mover.
const WIN_EXIT: u8 = 1;
const DRAW_EXIT: u8 = 2;
const ANY_EXIT: u8 = 4;

/// One slice of the pair being solved.
#[derive(Clone, Copy)]
struct Unit {
    sig: Signature,
    slice: u64,
    wm: Bitboard,
    bm: Bitboard,
}

struct Builder<R> {
    rule: u32,
    tables: HashMap<Signature, Vec<u8>>,
    rules: PhantomData<R>,
}

/// Builds every table of `variant` with 2 to `max_pieces` pieces (at most 8) under a
/// king-move rule of `rule` plies (1 to 120; the game's is in [`Variant::draw_rules`]: 80
/// Italian, 40 Brazilian). `on_pair` is called after each signature and its mirror are
/// solved, with their figures.
pub fn build(
    variant: Variant,
    max_pieces: u32,
    rule: u32,
    on_pair: &mut dyn FnMut(&[TableStats]),
) -> Tables {
    dama::with_rules!(variant, R => build_for::<R>(max_pieces, rule, on_pair))
}

fn build_for<R: Rules>(
    max_pieces: u32,
    rule: u32,
    on_pair: &mut dyn FnMut(&[TableStats]),
) -> Tables {
    let rule = rule.clamp(1, MAX_RULE as u32);
    let mut b = Builder::<R> {
        rule,
        tables: HashMap::new(),
        rules: PhantomData,
    };
    let sigs = Signature::all(max_pieces.min(MAX_TABLE_PIECES));
    for s in &sigs {
        if b.tables.contains_key(s) {
            continue;
        }
        b.solve_pair(*s);
        let mut stats = vec![TableStats::of(*s, &b.tables[s])];
        if s.mirror() != *s {
            stats.push(TableStats::of(s.mirror(), &b.tables[&s.mirror()]));
        }
        on_pair(&stats);
    }
    Tables::from_values(R::VARIANT, rule as u16, b.tables)
        .expect("a finished build holds only values")
}

/// How far the men of a slice have come: every man's rows from its own back row. A man move
/// adds one; the mirror slice has the same sum.
fn advancement(wm: Bitboard, bm: Bitboard) -> u32 {
    Bits(wm).map(|i| 7 - i / 4).sum::<u32>() + Bits(bm).map(|i| i / 4).sum::<u32>()
}

impl<R: Rules> Builder<R> {
    fn solve_pair(&mut self, s: Signature) {
        let m = s.mirror();
        for t in [s, m] {
            let mut data = vec![UNSOLVED; t.size() as usize];
            let k = t.king_slots() as usize;
            for slice in 0..t.slices() {
                let (wm, bm) = slice_men(&t, slice);
                if wm & bm != 0 {
                    let at = slice as usize * k;
                    data[at..at + k].fill(NONE);
                }
            }
            self.tables.insert(t, data);
        }
        let mut order: Vec<(u32, u64)> = (0..s.slices())
            .filter_map(|slice| {
                let (wm, bm) = slice_men(&s, slice);
                (wm & bm == 0).then(|| (advancement(wm, bm), slice))
            })
            .collect();
        order.sort_by_key(|&(adv, slice)| (u32::MAX - adv, slice));
        let mut done = vec![false; if s == m { s.slices() as usize } else { 0 }];
        for (_, slice) in order {
            if s == m && done[slice as usize] {
                continue;
            }
            let (wm, bm) = slice_men(&s, slice);
            let (pwm, pbm) = (bm.reverse_bits(), wm.reverse_bits());
            let partner = slice_of(&m, pwm, pbm);
            let a = Unit {
                sig: s,
                slice,
                wm,
                bm,
            };
            let b = Unit {
                sig: m,
                slice: partner,
                wm: pwm,
                bm: pbm,
            };
            let units: Vec<Unit> = if s == m {
                done[slice as usize] = true;
                done[partner as usize] = true;
                if partner == slice {
                    vec![a]
                } else {
                    vec![a, b]
                }
            } else {
                vec![a, b]
            };
            let values = self.solve_units(&units);
            let k = s.king_slots() as usize;
            for (u, unit) in units.iter().enumerate() {
                let at = unit.slice as usize * k;
                if let Some(t) = self.tables.get_mut(&unit.sig) {
                    t[at..at + k].copy_from_slice(&values[u * k..(u + 1) * k]);
                }
            }
        }
    }

    /// The value of a position reached by a zeroing move, from its mover's side: it is in a
    /// table or slice solved before (the build order guarantees it).
    fn lookup(&self, pos: &Position) -> u8 {
        let (us, them, kings) = normalize(pos);
        if us == 0 {
            return LOSS;
        }
        let sig = Signature::of_boards(us, them, kings);
        let v = self.tables[&sig][index(&sig, us, them, kings) as usize];
        assert!(
            v != UNSOLVED && v != NONE,
            "egtb build order: {sig} reached before it was solved"
        );
        v
    }

    /// Solves a slice and its mirror slice (one unit when the slice is its own mirror).
    fn solve_units(&self, units: &[Unit]) -> Vec<u8> {
        let k = units[0].sig.king_slots() as usize;
        let n = k * units.len();
        let mut val = vec![UNSOLVED; n];
        let mut flags = vec![0u8; n];
        let mut start: Vec<u32> = Vec::with_capacity(n + 1);
        let mut succ: Vec<u32> = Vec::with_capacity(n * 4);
        let mut list = MoveList::new();
        start.push(0);
        for (u, unit) in units.iter().enumerate() {
            let other = units.len() - 1 - u;
            let to = units[other];
            let base = to.slice * k as u64;
            for_each_in_slice(&unit.sig, unit.wm, unit.bm, |i, us, them, kings| {
                let p = u * k + i as usize;
                let Ok(pos) = Position::from_bitboards(R::VARIANT, us, them, kings, Color::White)
                else {
                    start.push(succ.len() as u32);
                    return;
                };
                movegen::generate::<R>(&pos, &mut list);
                if list.is_empty() {
                    val[p] = LOSS;
                }
                for mv in list.iter() {
                    let child = pos.play(mv);
                    if mv.is_capture() || !mv.is_king_move() {
                        flags[p] |= ANY_EXIT;
                        let v = self.lookup(&child);
                        if v >= LOSS {
                            flags[p] |= WIN_EXIT;
                        } else if v == DRAW {
                            flags[p] |= DRAW_EXIT;
                        }
                    } else {
                        let (cu, ct, ck) = normalize(&child);
                        let j = index(&to.sig, cu, ct, ck) - base;
                        succ.push((other * k) as u32 + j as u32);
                    }
                }
                start.push(succ.len() as u32);
            });
        }

        // Level d: wins in d plies to zeroing, then losses in d.
        let mut pending: Vec<u32> = (0..n as u32)
            .filter(|&p| val[p as usize] == UNSOLVED)
            .collect();
        let mut fresh: Vec<(u32, u8)> = Vec::new();
        for d in 1..=self.rule as u8 {
            fresh.clear();
            for &p in &pending {
                let p = p as usize;
                let f = flags[p];
                let ss = &succ[start[p] as usize..start[p + 1] as usize];
                if (d == 1 && f & WIN_EXIT != 0)
                    || ss.iter().any(|&q| val[q as usize] == LOSS + d - 1)
                {
                    fresh.push((p as u32, d));
                    continue;
                }
                if f & (WIN_EXIT | DRAW_EXIT) != 0 {
                    continue;
                }
                // A loss when every move gives the opponent a win found at an earlier level;
                // its distance is the longest of them (a zeroing move counts one).
                let mut longest = (f & ANY_EXIT != 0) as u8;
                let mut all = true;
                for &q in ss {
                    let v = val[q as usize];
                    if (1..d).contains(&v) {
                        longest = longest.max(v + 1);
                    } else {
                        all = false;
                        break;
                    }
                }
                if all && longest == d {
                    fresh.push((p as u32, LOSS + d));
                }
            }
            if fresh.is_empty() {
                break;
            }
            for &(p, v) in &fresh {
                val[p as usize] = v;
            }
            pending.retain(|&p| val[p as usize] == UNSOLVED);
        }
        for p in pending {
            val[p as usize] = DRAW;
        }
        val
    }
}
