//! The transposition table: search results by position hash, in 64-byte buckets of four,
//! shared by every thread of a search without locks.
//!
//! Each entry is two 64-bit words: the result packed into one (`data`), and the position's
//! hash XOR that word in the other. A reader takes the entry only when the two words XOR back
//! to its own hash, so a read torn by another thread's write (one word old, one new) is
//! rejected rather than mixing two positions' results (the lockless scheme of Hyatt and Mann).

use crate::Move;
use core::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// How a stored score bounds the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The stored score (mate scores relative to the stored node; see the search).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// The bound.
    pub bound: Bound,
    /// The best move's from and to squares and a fingerprint of its captured set, if one was
    /// stored.
    best: Option<(u8, u8, u32)>,
}

impl Hit {
    /// Whether `m` is the stored best move.
    pub fn is_best(&self, m: &Move) -> bool {
        self.best == Some(move_key(m))
    }
}

/// A move as the table keeps it: from, to, and 21 bits of its captured set (a capture may
/// reach the same square by several routes; two routes with equal fingerprints only cost
/// move ordering, never a result).
#[inline(always)]
fn move_key(m: &Move) -> (u8, u8, u32) {
    let fingerprint = ((m.captured() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 43) as u32;
    (m.from().index(), m.to().index(), fingerprint)
}

// The data word: score 16 bits, from 5, to 5, depth 8, bound 2 (0 = empty), generation 6,
// a best-move flag, the captured set's fingerprint 21.
const TO: u32 = 21;
const DEPTH: u32 = 26;
const BOUND: u32 = 34;
const GENERATION: u32 = 36;
const HAS_MOVE: u32 = 42;
const CAPTURED: u32 = 43;

#[inline(always)]
fn bound_of(data: u64) -> u64 {
    (data >> BOUND) & 3
}

#[inline(always)]
fn generation_of(data: u64) -> u8 {
    ((data >> GENERATION) & 63) as u8
}

#[inline(always)]
fn depth_of(data: u64) -> i32 {
    (data >> DEPTH) as u8 as i8 as i32
}

const WAYS: usize = 4;

/// Four entries of two words, one cache line.
#[repr(C, align(64))]
#[derive(Default)]
struct Bucket([AtomicU64; 2 * WAYS]);

impl Bucket {
    /// Entry `k`'s data word and the hash it was stored for.
    #[inline(always)]
    fn read(&self, k: usize) -> (u64, u64) {
        let data = self.0[2 * k + 1].load(Relaxed);
        (data, self.0[2 * k].load(Relaxed) ^ data)
    }

    #[inline(always)]
    fn write(&self, k: usize, hash: u64, data: u64) {
        self.0[2 * k + 1].store(data, Relaxed);
        self.0[2 * k].store(hash ^ data, Relaxed);
    }
}

/// A fixed-size table; its size is set by the caller in megabytes. Every method takes `&self`:
/// the threads of a search share one table.
pub struct Table {
    buckets: Box<[Bucket]>,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket, rounded down to a power of two).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.clamp(1, 4096) * 1024 * 1024;
        let n = (bytes / core::mem::size_of::<Bucket>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for w in &b.0 {
                w.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store((g + 1) & 63, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[(hash as usize) & (self.buckets.len() - 1)]
    }

    /// Asks the CPU to start loading a position's bucket, so the probe at the child node finds
    /// it in cache; a hint with no effect on results.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(hash) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint; it never faults, even for a bad address, and
            // this one points into the table.
            #[allow(unsafe_code)]
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Whether [`Table::prefetch`] does anything on this target (x86-64 only). wasm has no
    /// prefetch: a load waits for its line, so there the search reads ahead ([`Table::touch`])
    /// only the buckets it will likely need.
    pub const PREFETCHES: bool = cfg!(target_arch = "x86_64");

    /// A position's bucket's first word, read only to bring the bucket into cache early where
    /// there is no prefetch (the value means nothing).
    #[inline(always)]
    pub fn touch(&self, hash: u64) -> u64 {
        self.bucket(hash).0[0].load(Relaxed)
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let b = self.bucket(hash);
        let data = (0..WAYS)
            .map(|k| b.read(k))
            .find(|&(data, key)| key == hash && bound_of(data) != 0)?
            .0;
        let bound = match bound_of(data) {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            score: data as u16 as i16 as i32,
            depth: depth_of(data),
            bound,
            best: ((data >> HAS_MOVE) & 1 == 1).then_some((
                (data >> 16) as u8 & 31,
                (data >> TO) as u8 & 31,
                (data >> CAPTURED) as u32,
            )),
        })
    }

    /// Stores a result, replacing the same position or else the shallowest, oldest entry.
    #[inline]
    pub fn store(&self, hash: u64, depth: i32, score: i32, bound: Bound, best: Option<&Move>) {
        let generation = self.generation.load(Relaxed);
        let b = self.bucket(hash);
        let mut victim = 0;
        let mut old = 0;
        let mut worst = i32::MAX;
        for k in 0..WAYS {
            let (data, key) = b.read(k);
            if key == hash || bound_of(data) == 0 {
                victim = k;
                old = if key == hash { data } else { 0 };
                break;
            }
            let age = (generation.wrapping_sub(generation_of(data)) & 63) as i32;
            let value = depth_of(data) - 4 * age;
            if value < worst {
                worst = value;
                victim = k;
            }
        }
        // Keep the old best move when this result has none (a fail-low).
        let moved = match best {
            Some(m) => {
                let (from, to, captured) = move_key(m);
                (from as u64) << 16
                    | (to as u64) << TO
                    | 1 << HAS_MOVE
                    | (captured as u64) << CAPTURED
            }
            None => old & (31 << 16 | 31 << TO | 1 << HAS_MOVE | u64::MAX << CAPTURED),
        };
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let depth = depth.clamp(-1, 127) as i8 as u8 as u64;
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = score
            | moved
            | depth << DEPTH
            | bound << BOUND
            | ((generation & 63) as u64) << GENERATION;
        b.write(victim, hash, data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_one_cache_line() {
        assert_eq!(core::mem::size_of::<Bucket>(), 64);
        assert_eq!(core::mem::align_of::<Bucket>(), 64);
    }

    #[test]
    fn stores_and_finds() {
        let t = Table::new(1);
        let pos = crate::Position::start(crate::Variant::Italian);
        let m = pos.legal_moves()[3];
        let h = pos.hash();
        assert!(t.probe(h).is_none());
        t.store(h, 5, -42, Bound::Lower, Some(&m));
        let hit = t.probe(h).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (-42, 5, Bound::Lower));
        assert!(hit.is_best(&m));
        assert!(!hit.is_best(&pos.legal_moves()[0]));
        // A fail-low keeps the move found before; scores and depths keep their signs.
        t.store(h, -1, i32::MIN, Bound::Upper, None);
        let hit = t.probe(h).unwrap();
        assert_eq!(
            (hit.score, hit.depth, hit.bound),
            (i16::MIN as i32, -1, Bound::Upper)
        );
        assert!(hit.is_best(&m));
        t.clear();
        assert!(t.probe(h).is_none());
    }

    #[test]
    fn a_torn_entry_is_not_read() {
        let t = Table::new(1);
        let (h1, h2) = (0x1234_5678_0000_0040, 0x8765_4321_0000_0040);
        t.store(h1, 3, 10, Bound::Exact, None);
        t.store(h2, 9, -500, Bound::Lower, None);
        let b = t.bucket(h1);
        // Entry 0 with h1's key word and h2's data word, as a write racing a read leaves it.
        let (d2, _) = b.read(1);
        b.0[1].store(d2, Relaxed);
        assert!(t.probe(h1).is_none());
        assert_eq!(t.probe(h2).unwrap().score, -500);
    }

    #[test]
    fn threads_share_one_table() {
        let t = std::sync::Arc::new(Table::new(1));
        let hashes: Vec<u64> = (1..=64u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        std::thread::scope(|s| {
            for part in hashes.chunks(16) {
                let t = &t;
                s.spawn(move || {
                    for &h in part {
                        t.store(h, (h % 50) as i32, (h % 1000) as i32, Bound::Exact, None);
                    }
                });
            }
        });
        for &h in &hashes {
            if let Some(hit) = t.probe(h) {
                assert_eq!((hit.depth, hit.score), ((h % 50) as i32, (h % 1000) as i32));
            }
        }
    }
}
