//! Growing the book by drop-out expansion (after Lincke's): every position scored has all its
//! moves scored, and the position each move leads to waits in a queue with a *cost*: its
//! parent's, plus `ply_cost` for the ply, plus the move's drop-out (how much worse than the
//! best it scored, at most [`MAX_DROP`]). The cheapest waiting position is scored next, so the
//! book goes deep along the best lines and wide where moves are close, and also answers the
//! likelier mistakes. The shipped openings wait from the start at the cost of a main line three
//! plies deep, so every one of them is covered. A position with one legal move is followed at
//! no cost and not stored (a forced move is played at once anyway). Once grown, the scores are
//! backed up the book's tree (`backup`) and each position's book moves chosen by them.

use super::analyse::{book_moves, score_all};
use super::backup::{back_up, Scored};
use super::room::Room;
use super::{Grow, OPENING_PLY};
use crate::opening_lists;
use dama::engine::book::BookBuilder;
use dama::Position;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::time::Instant;

/// Positions scored at once: fixed, not the number of threads, so that a build by depth is
/// the same whatever `--threads`.
const BATCH: usize = 32;
/// A move's drop-out counts at most this (four men): a move lost by more is as unlikely.
pub const MAX_DROP: i64 = 400;

/// How far the expansion goes.
pub struct DropOut {
    /// Positions to store.
    pub positions: usize,
    /// The cost of a ply, in hundredths of a man.
    pub ply_cost: i64,
    /// No position this many plies from the start, or more, is scored.
    pub max_plies: u32,
}

/// Grows `builder` by drop-out expansion until `d.positions` positions are stored (or no
/// position is left within `d.max_plies`), within `room`; how many were stored, and the cost
/// reached. The positions scored, each stored with at least its best move, are checked
/// against `room` as they grow; the entries once their moves are chosen, at the end.
pub fn grow(
    builder: &mut BookBuilder,
    g: &Grow,
    d: &DropOut,
    room: &mut Room,
) -> Result<(usize, i64), String> {
    let started = Instant::now();
    let start = Position::start(g.variant);
    let mut queue = Queue::default();
    queue.offer(start, 0, 0);
    for p in opening_lists::distinct(start, OPENING_PLY) {
        queue.offer(p, OPENING_PLY, i64::from(OPENING_PLY) * d.ply_cost);
    }
    let mut all = Scored::new();
    let mut order: Vec<Position> = Vec::new();
    let mut stored = 0usize;
    let mut reached = 0i64;
    let mut said = 0usize;
    while stored < d.positions {
        let want = BATCH.min(d.positions - stored);
        let mut batch: Vec<(Position, u32, i64)> = Vec::with_capacity(want);
        while batch.len() < want {
            let Some((pos, ply, cost)) = queue.next(d.max_plies) else {
                break;
            };
            batch.push((pos, ply, cost));
        }
        if batch.is_empty() {
            break;
        }
        let positions: Vec<Position> = batch.iter().map(|(p, _, _)| *p).collect();
        let scored = score_all(&positions, g.budget, g.threads, g.tt_mb);
        for ((pos, ply, cost), scored) in batch.iter().zip(&scored) {
            all.insert(*pos, scored.clone());
            order.push(*pos);
            stored += 1;
            room.expect(stored)?;
            reached = reached.max(*cost);
            let Some(&(_, best)) = scored.first() else {
                continue;
            };
            for (m, s) in scored {
                let drop = (i64::from(best) - i64::from(*s)).clamp(0, MAX_DROP);
                queue.offer(pos.play(m), ply + 1, cost + d.ply_cost + drop);
            }
        }
        if stored >= said + 1000 || stored >= d.positions {
            said = stored;
            eprintln!(
                "{stored:7} stored, cost {reached:5}, {:7} waiting, {:7.1} s",
                queue.heap.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    // The book's moves are chosen by the backed-up scores; the costs above used the search's
    // own (a position's place in the queue is settled before its children are scored).
    let backed = back_up(&all, &order);
    for pos in &order {
        let n = builder
            .insert(pos, &book_moves(&backed[pos], g.margin, g.width))
            .map_err(|e| e.to_string())?;
        room.take(n)?;
    }
    Ok((stored, reached))
}

/// The positions waiting, cheapest first (ties in the order offered).
#[derive(Default)]
struct Queue {
    heap: BinaryHeap<Reverse<(i64, u64)>>,
    /// Each waiting entry's position and ply, by its sequence number.
    waiting: HashMap<u64, (Position, u32)>,
    /// The lowest cost each position was offered at.
    cost: HashMap<Position, i64>,
    /// Positions taken (scored, or followed as forced).
    taken: HashSet<Position>,
    seq: u64,
}

impl Queue {
    /// Offers `pos` at `cost`: queued unless taken already or waiting at a cost no higher.
    fn offer(&mut self, pos: Position, ply: u32, cost: i64) {
        if self.taken.contains(&pos) || self.cost.get(&pos).is_some_and(|&c| c <= cost) {
            return;
        }
        self.cost.insert(pos, cost);
        self.seq += 1;
        self.heap.push(Reverse((cost, self.seq)));
        self.waiting.insert(self.seq, (pos, ply));
    }

    /// The cheapest position to score within `max_plies`, its ply and cost: forced moves are
    /// followed at no cost, and positions with no move, taken, or offered again cheaper are
    /// passed over.
    fn next(&mut self, max_plies: u32) -> Option<(Position, u32, i64)> {
        while let Some(Reverse((cost, seq))) = self.heap.pop() {
            let Some((mut pos, mut ply)) = self.waiting.remove(&seq) else {
                continue;
            };
            if self.cost.get(&pos) != Some(&cost) || !self.taken.insert(pos) {
                continue;
            }
            // Forced moves are followed; a forced line that runs into a position taken
            // already ends there.
            let mut fresh = true;
            loop {
                let legal = pos.legal_moves();
                if legal.len() != 1 || ply >= max_plies {
                    break;
                }
                pos = pos.play(&legal[0]);
                ply += 1;
                if !self.taken.insert(pos) {
                    fresh = false;
                    break;
                }
            }
            if !fresh || pos.legal_moves().len() < 2 || ply >= max_plies {
                continue;
            }
            return Some((pos, ply, cost));
        }
        None
    }
}
