//! The games of a match: which opening each plays, and with which colours. Each opening is played
//! twice, A with White first; a short match samples the list evenly.

use dama::Position;

/// One game of the plan.
pub struct Pairing {
    /// Its number, from 1.
    pub number: usize,
    pub opening: Position,
    /// The opening's line in the list, from 1.
    pub opening_index: usize,
    /// A plays White.
    pub a_white: bool,
}

/// The plan of `games` games from the openings `all`, and how many openings it takes.
pub fn plan(all: &[Position], games: usize) -> (Vec<Pairing>, usize) {
    let chosen = pick_openings(all, games.div_ceil(2));
    let plan = (0..games)
        .map(|g| Pairing {
            number: g + 1,
            // More games than two per opening go round the list again.
            opening: chosen[(g / 2) % chosen.len()].0,
            opening_index: chosen[(g / 2) % chosen.len()].1,
            a_white: g % 2 == 0,
        })
        .collect();
    (plan, chosen.len())
}

/// Takes `n` openings spread evenly over the list (all of them, in order, when `n` covers
/// it), so a short match still samples every kind of first move.
fn pick_openings(all: &[Position], n: usize) -> Vec<(Position, usize)> {
    if n >= all.len() {
        return all.iter().copied().zip(1..).collect();
    }
    (0..n)
        .map(|i| {
            let k = i * all.len() / n;
            (all[k], k + 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::Variant;

    #[test]
    fn openings_spread() {
        let all = vec![Position::start(Variant::Italian); 10];
        let picked = pick_openings(&all, 3);
        let idx: Vec<usize> = picked.iter().map(|p| p.1).collect();
        assert_eq!(idx, vec![1, 4, 7]);
        assert_eq!(pick_openings(&all, 20).len(), 10);
    }
}
