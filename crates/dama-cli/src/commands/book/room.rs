//! What a book may hold, counted while a build grows: the entries stored so far (one a book
//! move of a position), and a lower bound on those still to come (every position reached and
//! still to be scored will be stored with at least its best move). The build is refused as
//! soon as either passes the bound, before the positions are scored and with nothing written,
//! instead of once the whole build is done: the growth is exponential in the plies, so
//! memory and time would run out first.
//!
//! No option bounds a book from below (the margin and the scores decide how many moves a
//! position keeps), so nothing is refused before the build starts; the options bound it from
//! above ([`most_entries`]), and a build within that bound never meets this one.

use dama::engine::book::MAX_ENTRIES;

/// The entries of a book being built, against the most it may hold.
pub struct Room {
    /// The most entries the book may hold.
    max: usize,
    /// Entries stored so far.
    entries: usize,
    /// The options that make the book smaller, named in a refusal.
    options: &'static str,
}

impl Room {
    /// An empty book that may hold `max` entries (at most [`MAX_ENTRIES`]); `options` names
    /// the options that make it smaller ("--plies or --width").
    pub fn new(max: usize, options: &'static str) -> Room {
        Room {
            max: max.min(MAX_ENTRIES),
            entries: 0,
            options,
        }
    }

    /// Counts `n` entries just stored; an error once there are more than the bound.
    pub fn take(&mut self, n: usize) -> Result<(), String> {
        self.entries += n;
        if self.entries > self.max {
            return Err(self.refusal(format!("{} entries stored", self.entries)));
        }
        Ok(())
    }

    /// An error when `waiting` more positions, each to be stored with at least one entry,
    /// cannot fit beside the entries stored.
    pub fn expect(&self, waiting: usize) -> Result<(), String> {
        if self.entries.saturating_add(waiting) > self.max {
            return Err(self.refusal(format!(
                "{} entries stored and {waiting} positions still to store",
                self.entries
            )));
        }
        Ok(())
    }

    fn refusal(&self, found: String) -> String {
        let bound = if self.max == MAX_ENTRIES {
            format!("the most a book file holds, {MAX_ENTRIES}")
        } else {
            format!("--max-entries {}", self.max)
        };
        format!(
            "the book would have more entries than {bound} ({found}); stopped with nothing \
             written: lower {}",
            self.options
        )
    }
}

/// The most entries a ply-by-ply build can store, from its options alone: at most `width`
/// book moves a position, so at most `width^k` positions at ply `k < plies` from the start,
/// and `width^j` at `j < opening_plies` plies after each of the `openings` shipped openings;
/// each position stored with at most `width` entries. Transpositions and the margin only make
/// the book smaller, so a build whose bound fits never passes [`Room`]'s (saturates at
/// `u128::MAX`).
pub fn most_entries(plies: u32, opening_plies: u32, openings: usize, width: usize) -> u128 {
    let w = width as u128;
    // 1 + w + ... + w^(n-1).
    let tree = |n: u32| {
        (0..n).fold(0u128, |sum, k| {
            sum.saturating_add(w.checked_pow(k).unwrap_or(u128::MAX))
        })
    };
    let positions =
        tree(plies).saturating_add((openings as u128).saturating_mul(tree(opening_plies)));
    positions.saturating_mul(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_is_refused_once_past_its_bound_and_says_what_to_change() {
        let mut room = Room::new(10, "--plies");
        room.take(6).unwrap();
        room.expect(4).unwrap();
        let e = room.expect(5).unwrap_err();
        assert!(e.contains("--max-entries 10"), "{e}");
        assert!(
            e.contains("6 entries stored and 5 positions still to store"),
            "{e}"
        );
        assert!(e.ends_with("nothing written: lower --plies"), "{e}");
        room.take(4).unwrap();
        let e = room.take(1).unwrap_err();
        assert!(e.contains("(11 entries stored)"), "{e}");
        let full = Room::new(usize::MAX, "--width");
        let e = full.expect(MAX_ENTRIES + 1).unwrap_err();
        assert!(e.contains("the most a book file holds, 4194304"), "{e}");
    }

    #[test]
    fn the_options_bound_the_entries_from_above() {
        // The start, its 2 book moves and their 4: 7 positions of 2 moves.
        assert_eq!(most_entries(3, 0, 216, 2), 14);
        // And 216 openings with 1 + 2 positions each.
        assert_eq!(most_entries(3, 2, 216, 2), 14 + 216 * 3 * 2);
        assert_eq!(most_entries(40, 40, 216, 128), u128::MAX);
        // The defaults fit many times over.
        assert!(most_entries(10, 3, 216, 2) < MAX_ENTRIES as u128);
    }
}
