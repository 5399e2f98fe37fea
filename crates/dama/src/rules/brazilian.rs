//! Brazilian draughts (the CBD's rules, the FMJD's on 8x8) as a ruleset: its names, its
//! mirrored board and algebraic move text, its draw rules, its moves and its majority rule,
//! each a knob of [`Rules`].

use crate::rules::variant::DrawRules;
use crate::rules::variant::{CaptureInfo, PrecedenceStep, Rules, Variant};

/// Brazilian draughts (CBD; the FMJD rules on 8x8): flying kings; men capture backward and take
/// kings; the majority rule alone decides (most pieces, men and kings alike).
#[derive(Clone, Copy, Debug, Default)]
pub struct Brazilian;

impl Rules for Brazilian {
    const VARIANT: Variant = Variant::Brazilian;
    const ID: &'static str = "brazilian";
    const NAME: &'static str = "Brazilian draughts";
    const GAME_TYPE: u8 = 26;
    // The CBD numbers b8 as 1 and reads a1's colour; our bitboard numbers a8 as 1.
    const MIRRORED_BOARD: bool = true;
    const ALGEBRAIC_MOVES: bool = true;
    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: 3,
        king_move_plies: 40,
        three_kings_moves: 20,
    };
    const MAJORITY_RULE_NAME: Option<&'static str> = Some("the majority rule");
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const MEN_CAPTURE_KINGS: bool = true;
    const PASSING_PROMOTION: bool = false;

    #[inline(always)]
    fn precedence(info: &CaptureInfo) -> u32 {
        info.count
    }

    fn deciding_step(better: u32, worse: u32) -> Option<PrecedenceStep> {
        (better > worse).then_some(PrecedenceStep::Quantity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brazilian_counts_pieces_only() {
        let info = |count, by_king, kings| CaptureInfo {
            count,
            by_king,
            kings,
            king_jumps: kings,
        };
        let a = Brazilian::precedence(&info(2, false, 0));
        let b = Brazilian::precedence(&info(2, true, 2));
        assert_eq!(a, b);
        assert!(Brazilian::precedence(&info(3, false, 0)) > b);
        assert_eq!(Brazilian::deciding_step(a, b), None);
        assert_eq!(
            Brazilian::deciding_step(3, 2),
            Some(PrecedenceStep::Quantity)
        );
    }
}
