//! Checking loaded tables against the rules: every value must follow from its successors'.

use dama::engine::egtb::{Probe, Signature, Tables, Wdl};
use dama::Position;

/// A position whose stored value does not follow from its successors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The position (White to move).
    pub position: Position,
    /// What the table holds.
    pub stored: Option<Probe>,
    /// What its successors say (`None` when one of them is not loaded).
    pub expected: Option<Probe>,
}

/// The value a position must have in `tables` given its successors' values: a zeroing move into a
/// loss wins in one ply, a king move adds a ply to its child's distance (read with one
/// king ply played); the winner takes the shortest, the loser the longest, and past the
/// rule it is a draw. `None` when a successor is not in the tables.
pub fn value_from_successors(tables: &Tables, pos: &Position) -> Option<Probe> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(Probe {
            wdl: Wdl::Loss,
            dtz: 0,
        });
    }
    let (mut win, mut draw, mut loss) = (None::<u32>, false, 0);
    for m in moves.iter() {
        let c = tables.probe(&pos.play(m))?;
        let zeroing = m.is_capture() || !m.is_king_move();
        let d = if zeroing { 1 } else { c.dtz + 1 };
        match c.under_rule(!zeroing as u32, tables.rule()) {
            Wdl::Loss => win = Some(win.map_or(d, |w| w.min(d))),
            Wdl::Draw => draw = true,
            Wdl::Win => loss = loss.max(d),
        }
    }
    let (wdl, dtz) = match (win, draw) {
        (Some(d), _) => (Wdl::Win, d),
        (None, true) => (Wdl::Draw, 0),
        (None, false) => (Wdl::Loss, loss),
    };
    Some(if dtz > tables.rule() {
        Probe {
            wdl: Wdl::Draw,
            dtz: 0,
        }
    } else {
        Probe { wdl, dtz }
    })
}

/// Checks every `stride`-th index of a table loaded in `tables` (1 for all); the number of positions
/// checked, or the first that is wrong.
pub fn verify(tables: &Tables, sig: &Signature, stride: u64) -> Result<u64, Mismatch> {
    let mut n = 0;
    let mut i = 0;
    while i < sig.size() {
        if let Some(position) = sig.position(tables.variant(), i) {
            let stored = tables.probe(&position);
            let expected = value_from_successors(tables, &position);
            if stored.is_none() || stored != expected {
                return Err(Mismatch {
                    position,
                    stored,
                    expected,
                });
            }
            n += 1;
        }
        i += stride.max(1);
    }
    Ok(n)
}
