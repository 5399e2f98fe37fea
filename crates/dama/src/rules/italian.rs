//! Italian draughts (the FID's rules) as a ruleset: its names, its board and move text, its
//! draw rules, its moves and its four-step precedence of captures, each a knob of [`Rules`].

use crate::rules::variant::DrawRules;
use crate::rules::variant::{CaptureInfo, PrecedenceStep, Rules, Variant};

/// Italian draughts (FID): short kings; men capture forward only and never kings; the capture
/// to play takes the most pieces, then is made by a king, then takes the most kings, then
/// meets a king earliest.
#[derive(Clone, Copy, Debug, Default)]
pub struct Italian;

/// Bits of the key holding the earliest-king mask: the first jump is the most significant, so
/// comparing masks of equal king counts compares king positions lexicographically.
const JUMP_BITS: u32 = 16;

impl Rules for Italian {
    const VARIANT: Variant = Variant::Italian;
    const ID: &'static str = "italian";
    const NAME: &'static str = "Italian draughts";
    const GAME_TYPE: u8 = 22;
    const MIRRORED_BOARD: bool = false;
    const ALGEBRAIC_MOVES: bool = false;
    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: 3,
        king_move_plies: 80,
        three_kings_moves: 0,
    };
    const MAJORITY_RULE_NAME: Option<&'static str> = None;
    const FLYING_KINGS: bool = false;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const MEN_CAPTURE_KINGS: bool = false;
    const PASSING_PROMOTION: bool = false;

    #[inline(always)]
    fn precedence(info: &CaptureInfo) -> u32 {
        let earliest = (info.king_jumps.reverse_bits() >> (32 - JUMP_BITS)) & 0xFFFF;
        (info.count << 24) | ((info.by_king as u32) << 23) | (info.kings << JUMP_BITS) | earliest
    }

    fn deciding_step(better: u32, worse: u32) -> Option<PrecedenceStep> {
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
