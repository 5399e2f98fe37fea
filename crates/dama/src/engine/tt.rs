//! The transposition table: search results by position hash, in 64-byte buckets of four.

use crate::rules::moves::Move;

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

/// One stored result, 16 bytes.
#[derive(Clone, Copy, Default)]
struct Entry {
    check: u32,
    captured: u32,
    score: i16,
    from: u8,
    to: u8,
    depth: i8,
    /// Bound in the low 2 bits (0 = empty), generation above.
    meta: u8,
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
    /// The best move's from, to and captured set, if one was stored.
    pub best: Option<(u8, u8, u32)>,
}

impl Hit {
    /// Whether `m` is the stored best move.
    pub fn is_best(&self, m: &Move) -> bool {
        self.best == Some((m.from().index(), m.to().index(), m.captured()))
    }
}

const WAYS: usize = 4;

/// A fixed-size table; its size is set by the caller in megabytes.
pub struct Table {
    buckets: Vec<[Entry; WAYS]>,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket, rounded down to a power of two).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.clamp(1, 4096) * 1024 * 1024;
        let n = (bytes / core::mem::size_of::<[Entry; WAYS]>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            buckets: vec![[Entry::default(); WAYS]; n],
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); WAYS]);
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn slot(&self, hash: u64) -> (usize, u32) {
        (
            (hash as usize) & (self.buckets.len() - 1),
            (hash >> 32) as u32,
        )
    }

    /// Asks the CPU to start loading a position's bucket, so the probe at the child node finds
    /// it in cache; a hint with no effect on results.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (i, _) = self.slot(hash);
            let p = self.buckets[i].as_ptr() as *const i8;
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

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let (i, check) = self.slot(hash);
        let e = self.buckets[i]
            .iter()
            .find(|e| e.check == check && e.meta & 3 != 0)?;
        let bound = match e.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            score: e.score as i32,
            depth: e.depth as i32,
            bound,
            best: (e.from != e.to || e.captured != 0).then_some((e.from, e.to, e.captured)),
        })
    }

    /// Stores a result, replacing the same position or else the shallowest, oldest entry.
    #[inline]
    pub fn store(&mut self, hash: u64, depth: i32, score: i32, bound: Bound, best: Option<&Move>) {
        let (i, check) = self.slot(hash);
        let generation = self.generation;
        let bucket = &mut self.buckets[i];
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (k, e) in bucket.iter().enumerate() {
            if e.check == check || e.meta & 3 == 0 {
                victim = k;
                break;
            }
            let age = ((generation.wrapping_sub(e.meta >> 2)) & 63) as i32;
            let value = e.depth as i32 - 4 * age;
            if value < worst {
                worst = value;
                victim = k;
            }
        }
        let e = &mut bucket[victim];
        // Keep the old best move when this result has none (a fail-low).
        let (from, to, captured) = match best {
            Some(m) => (m.from().index(), m.to().index(), m.captured()),
            None if e.check == check => (e.from, e.to, e.captured),
            None => (0, 0, 0),
        };
        *e = Entry {
            check,
            captured,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            from,
            to,
            depth: depth.clamp(-1, 127) as i8,
            meta: (generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_sixteen_bytes() {
        assert_eq!(core::mem::size_of::<Entry>(), 16);
        assert_eq!(core::mem::size_of::<[Entry; WAYS]>(), 64);
    }

    #[test]
    fn stores_and_finds() {
        let mut t = Table::new(1);
        let pos = crate::Position::start(crate::Variant::Italian);
        let m = pos.legal_moves()[3];
        let h = pos.hash();
        assert!(t.probe(h).is_none());
        t.store(h, 5, -42, Bound::Lower, Some(&m));
        let hit = t.probe(h).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (-42, 5, Bound::Lower));
        assert!(hit.is_best(&m));
        assert!(!hit.is_best(&pos.legal_moves()[0]));
        t.clear();
        assert!(t.probe(h).is_none());
    }
}
