//! The ruleset as a parameter of the move generator.
//!
//! The generator in [`movegen`](crate::movegen) is generic over [`Rules`]: which captures men may
//! make and how competing captures are ranked. Italian draughts is the one implemented; the
//! Brazilian rules described in RULES.md differ in these same knobs (men capture backward and
//! may take kings, quantity alone decides) plus flying kings, which would add a long-range branch
//! to the king steps rather than a new generator.

/// What the precedence rules look at in one complete capture sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureInfo {
    /// Pieces taken (men and kings count one each).
    pub count: u32,
    /// Whether the capturing piece is a king.
    pub by_king: bool,
    /// Kings taken.
    pub kings: u32,
    /// Bit `j` is set when the `j`-th jump (0-based) took a king.
    pub king_jumps: u32,
}

/// A ruleset for the generator.
pub trait Rules {
    /// Men may capture backward as well as forward.
    const MEN_CAPTURE_BACKWARD: bool;
    /// Men may capture kings.
    const MEN_CAPTURE_KINGS: bool;
    /// A ranking of complete capture sequences: only those with the highest key are legal.
    fn precedence(info: &CaptureInfo) -> u32;
}

/// Italian draughts (FID): men capture forward only and never kings; the capture to play is
/// the one taking the most pieces, then one by a king, then the most kings, then the one
/// meeting a king earliest.
#[derive(Clone, Copy, Debug, Default)]
pub struct Italian;

/// Bits of the key holding the earliest-king mask: the first jump is the most significant, so
/// comparing masks of equal king counts compares king positions lexicographically.
const JUMP_BITS: u32 = 16;

impl Rules for Italian {
    const MEN_CAPTURE_BACKWARD: bool = false;
    const MEN_CAPTURE_KINGS: bool = false;

    #[inline(always)]
    fn precedence(info: &CaptureInfo) -> u32 {
        let earliest = (info.king_jumps.reverse_bits() >> (32 - JUMP_BITS)) & 0xFFFF;
        (info.count << 24) | ((info.by_king as u32) << 23) | (info.kings << JUMP_BITS) | earliest
    }
}

/// Which of the Italian precedence steps separates two capture keys, for explaining why a
/// capture is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrecedenceStep {
    /// Rule 1: the capture taking the most pieces.
    Quantity,
    /// Rule 2: a capture by a king before one by a man.
    ByKing,
    /// Rule 3: the capture taking the most kings.
    MostKings,
    /// Rule 4: the capture meeting a king earliest.
    EarliestKing,
}

impl Italian {
    /// The first precedence step at which key `worse` loses to key `better`.
    pub fn deciding_step(better: u32, worse: u32) -> Option<PrecedenceStep> {
        if better <= worse {
            None
        } else if better >> 24 != worse >> 24 {
            Some(PrecedenceStep::Quantity)
        } else if (better >> 23) & 1 != (worse >> 23) & 1 {
            Some(PrecedenceStep::ByKing)
        } else if (better >> 16) & 0x7F != (worse >> 16) & 0x7F {
            Some(PrecedenceStep::MostKings)
        } else {
            Some(PrecedenceStep::EarliestKing)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(count: u32, by_king: bool, kings: &[u32]) -> u32 {
        let king_jumps = kings.iter().fold(0, |m, j| m | 1 << j);
        Italian::precedence(&CaptureInfo {
            count,
            by_king,
            kings: kings.len() as u32,
            king_jumps,
        })
    }

    #[test]
    fn precedence_orders_the_four_rules() {
        assert!(key(3, false, &[]) > key(2, true, &[0, 1]));
        assert!(key(2, true, &[]) > key(2, false, &[0, 1]));
        assert!(key(2, true, &[1]) > key(2, true, &[]));
        assert!(key(3, true, &[0, 2]) > key(3, true, &[1, 2]));
        assert!(key(3, true, &[0, 1]) > key(3, true, &[0, 2]));
        assert_eq!(key(2, true, &[1]), key(2, true, &[1]));
        assert_eq!(
            Italian::deciding_step(key(3, true, &[0, 1]), key(3, true, &[0, 2])),
            Some(PrecedenceStep::EarliestKing)
        );
        assert_eq!(
            Italian::deciding_step(key(3, false, &[]), key(2, true, &[])),
            Some(PrecedenceStep::Quantity)
        );
    }
}
