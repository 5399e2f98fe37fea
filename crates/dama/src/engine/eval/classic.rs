//! The classic hand-written evaluation, in hundredths of a man, from the side to move: the
//! engine's evaluation before the learned one ([`pattern`](super::pattern)), kept for the plain
//! reference engine of matches and as a baseline.
//!
//! Terms: material (a king worth more than a man), advancement that grows as the board empties,
//! the back rank guard, the centre, runaway men, king mobility and centralisation, blocked men,
//! trading down when ahead, and the lone-king endgame (the stronger side closes in and drives
//! the defending kings out of the double corners).

use crate::bitboard::{step, Bitboard, Bits, Dir};
use crate::Color;
use crate::Position;

/// The tunable weights of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// A man by rows advanced (0 = on its own back row), in the opening and middlegame.
    pub advance: [i32; 8],
    /// Extra advancement per row once the board has emptied, scaled by pieces gone.
    pub advance_late: i32,
    /// A man still guarding its back row, scaled by pieces on the board.
    pub back_rank: i32,
    /// A man on one of the four central squares.
    pub centre: i32,
    /// A man on the squares around the centre.
    pub near_centre: i32,
    /// A man with no piece of the opponent able to stop it before it is crowned, per row
    /// advanced.
    pub runaway: i32,
    /// Each empty square a king can step to.
    pub king_mobility: i32,
    /// A king on the centre or the long diagonal.
    pub king_centre: i32,
    /// A man with no forward step (both squares taken or off the board).
    pub blocked: i32,
    /// A material lead is worth this much more (per 100) for each piece traded off.
    pub trade: i32,
    /// In a kings-only defence: per step of distance between attacking and defending kings.
    pub chase: i32,
    /// In a kings-only defence: a defending king in a double corner.
    pub double_corner: i32,
}

impl Default for Weights {
    /// Weights fitted to game outcomes by `examples/tune.rs` (see the README's engine section):
    /// round 1 from hand-set values, 600 self-play games at level 5, 82,194 quiet positions,
    /// K = 120; against the hand-set values it scored +42 =23 -15 (80 games, 20k nodes a move).
    fn default() -> Self {
        Weights {
            man: 100,
            king: 179,
            advance: [-6, -3, -4, 4, 10, 16, 29, 0],
            advance_late: 4,
            back_rank: 14,
            centre: -10,
            near_centre: -6,
            runaway: 3,
            king_mobility: 4,
            king_centre: -3,
            blocked: 10,
            trade: -3,
            chase: 2,
            double_corner: 37,
        }
    }
}

/// The number of values in [`Weights::to_array`].
pub const N_WEIGHTS: usize = 21;

impl Weights {
    /// Every weight in a fixed order (for tuning): man, king, advance[0..8], then the rest in
    /// field order.
    pub fn to_array(&self) -> [i32; N_WEIGHTS] {
        let a = self.advance;
        [
            self.man,
            self.king,
            a[0],
            a[1],
            a[2],
            a[3],
            a[4],
            a[5],
            a[6],
            a[7],
            self.advance_late,
            self.back_rank,
            self.centre,
            self.near_centre,
            self.runaway,
            self.king_mobility,
            self.king_centre,
            self.blocked,
            self.trade,
            self.chase,
            self.double_corner,
        ]
    }

    /// The inverse of [`to_array`](Weights::to_array).
    pub fn from_array(v: &[i32; N_WEIGHTS]) -> Weights {
        Weights {
            man: v[0],
            king: v[1],
            advance: [v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]],
            advance_late: v[10],
            back_rank: v[11],
            centre: v[12],
            near_centre: v[13],
            runaway: v[14],
            king_mobility: v[15],
            king_centre: v[16],
            blocked: v[17],
            trade: v[18],
            chase: v[19],
            double_corner: v[20],
        }
    }

    /// Material only (a king worth 1.5 men): the evaluation of the plain reference engine.
    pub const fn material_only() -> Weights {
        Weights {
            man: 100,
            king: 150,
            advance: [0; 8],
            advance_late: 0,
            back_rank: 0,
            centre: 0,
            near_centre: 0,
            runaway: 0,
            king_mobility: 0,
            king_centre: 0,
            blocked: 0,
            trade: 0,
            chase: 0,
            double_corner: 0,
        }
    }
}

const CENTRE: Bitboard = sq(14) | sq(15) | sq(18) | sq(19);
const NEAR_CENTRE: Bitboard = sq(10) | sq(11) | sq(22) | sq(23) | sq(13) | sq(16) | sq(17) | sq(20);
const LONG_DIAGONAL: Bitboard = sq(1) | sq(5) | sq(10) | sq(14) | sq(19) | sq(23) | sq(28) | sq(32);
/// Both double corners: White's 25/29 and Black's 4/8.
const DOUBLE_CORNERS: Bitboard = sq(25) | sq(29) | sq(4) | sq(8);
const WHITE_BACK: Bitboard = 0xF000_0000;
const BLACK_BACK: Bitboard = 0x0000_000F;

const fn sq(n: u32) -> Bitboard {
    1 << (n - 1)
}

/// For each square, every square a man of each colour could pass through on its way to the
/// far row (its forward cone).
pub(crate) const CONES: [[Bitboard; 32]; 2] = {
    let mut t = [[0; 32]; 2];
    let mut i = 0;
    while i < 32 {
        let mut c = 0;
        while c < 2 {
            let (a, b) = if c == 0 {
                (Dir::UpLeft, Dir::UpRight)
            } else {
                (Dir::DownLeft, Dir::DownRight)
            };
            let mut front: Bitboard = 1 << i;
            let mut cone = 0;
            while front != 0 {
                front = step(front, a) | step(front, b);
                cone |= front;
            }
            t[c][i] = cone;
            c += 1;
        }
        i += 1;
    }
    t
};

/// Diagonal-step distance between two squares (kings move one step at a time).
#[inline]
fn distance(a: u32, b: u32) -> i32 {
    let (ra, rb) = ((a / 4) as i32, (b / 4) as i32);
    let fa = ((a % 4) * 2 + (a / 4) % 2) as i32;
    let fb = ((b % 4) * 2 + (b / 4) % 2) as i32;
    (ra - rb).abs().max((fa - fb).abs())
}

/// The evaluation from White's side.
fn white_score(pos: &Position, w: &Weights) -> i32 {
    let wm = pos.men_of(Color::White);
    let bm = pos.men_of(Color::Black);
    let wk = pos.kings_of(Color::White);
    let bk = pos.kings_of(Color::Black);
    let empty = pos.empty();
    let pieces = (pos.pieces(Color::White) | pos.pieces(Color::Black)).count_ones() as i32;
    let gone = 24 - pieces;

    let wmat = wm.count_ones() as i32 * w.man + wk.count_ones() as i32 * w.king;
    let bmat = bm.count_ones() as i32 * w.man + bk.count_ones() as i32 * w.king;
    let mut s = wmat - bmat;

    // Trading down pays for the side ahead.
    s += (wmat - bmat) * w.trade * gone / 1200;

    // Men: advancement, runaways, the centre, blocked men.
    let mut adv = 0;
    for i in Bits(wm) {
        let rows = 7 - (i / 4) as usize;
        adv += w.advance[rows] + w.advance_late * rows as i32 * gone / 12;
        if CONES[0][i as usize] & (pos.pieces(Color::Black)) == 0 {
            adv += w.runaway * rows as i32;
        }
    }
    for i in Bits(bm) {
        let rows = (i / 4) as usize;
        adv -= w.advance[rows] + w.advance_late * rows as i32 * gone / 12;
        if CONES[1][i as usize] & (pos.pieces(Color::White)) == 0 {
            adv -= w.runaway * rows as i32;
        }
    }
    s += adv;
    s += w.back_rank
        * ((wm & WHITE_BACK).count_ones() as i32 - (bm & BLACK_BACK).count_ones() as i32)
        * pieces
        / 24;
    s += w.centre * ((wm & CENTRE).count_ones() as i32 - (bm & CENTRE).count_ones() as i32);
    s += w.near_centre
        * ((wm & NEAR_CENTRE).count_ones() as i32 - (bm & NEAR_CENTRE).count_ones() as i32);
    let w_free = step(empty, Dir::DownLeft) | step(empty, Dir::DownRight);
    let b_free = step(empty, Dir::UpLeft) | step(empty, Dir::UpRight);
    s -= w.blocked * ((wm & !w_free).count_ones() as i32 - (bm & !b_free).count_ones() as i32);

    // Kings: mobility and the centre.
    if wk | bk != 0 {
        let mut mob = 0;
        for d in Dir::ALL {
            mob += (step(wk, d) & empty).count_ones() as i32;
            mob -= (step(bk, d) & empty).count_ones() as i32;
        }
        s += w.king_mobility * mob;
        let central = CENTRE | LONG_DIAGONAL;
        s += w.king_centre
            * ((wk & central).count_ones() as i32 - (bk & central).count_ones() as i32);
        s += lone_kings(wk, bk, bm, wmat - bmat, w);
        s -= lone_kings(bk, wk, wm, bmat - wmat, w);
    }
    s
}

/// The attacker's bonus when the defender has only kings and is behind: close in, and keep
/// the defending kings out of the double corners.
fn lone_kings(
    att_kings: Bitboard,
    def_kings: Bitboard,
    def_men: Bitboard,
    lead: i32,
    w: &Weights,
) -> i32 {
    if def_men != 0 || def_kings == 0 || att_kings == 0 || lead <= 0 {
        return 0;
    }
    let mut s = 0;
    for d in Bits(def_kings) {
        let nearest = Bits(att_kings).map(|a| distance(a, d)).min().unwrap_or(7);
        let total: i32 = Bits(att_kings).map(|a| distance(a, d)).sum();
        s -= w.chase * (nearest * 2 + total);
    }
    s -= w.double_corner * (def_kings & DOUBLE_CORNERS).count_ones() as i32;
    s
}

/// The evaluation of `pos` for the side to move with the given weights.
///
/// ```
/// use dama::{engine::eval, Position};
/// let w = eval::Weights::default();
/// assert_eq!(eval::evaluate_with(&Position::start(dama::Variant::Italian), &w), 0);
/// let up = Position::from_fen(dama::Variant::Italian, "W:W21,22,23:B1,2").unwrap();
/// assert!(eval::evaluate_with(&up, &w) > 50);
/// ```
#[inline]
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    let s = white_score(pos, w);
    match pos.turn() {
        Color::White => s,
        Color::Black => -s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_score_zero_for_either_side() {
        // Mirror of a position through the centre swaps colours: scores must be opposite.
        for fen in ["W:W21,22,K30:B1,2,K11", "B:W18,24,26,K5:B7,9,K27,28"] {
            let p = Position::from_fen(crate::Variant::Italian, fen).unwrap();
            let mirror = |b: Bitboard| b.reverse_bits();
            let m = Position::from_bitboards(
                crate::Variant::Italian,
                mirror(p.pieces(Color::Black)),
                mirror(p.pieces(Color::White)),
                mirror(p.kings()),
                p.turn().opposite(),
            )
            .unwrap();
            let w = Weights::default();
            assert_eq!(evaluate_with(&p, &w), evaluate_with(&m, &w), "{fen}");
        }
    }

    #[test]
    fn distance_counts_king_steps() {
        assert_eq!(distance(0, 31), 7);
        assert_eq!(distance(21, 17), 1);
        assert_eq!(distance(28, 3), 7);
    }

    #[test]
    fn cones_reach_the_far_row() {
        assert_eq!(CONES[0][21] & 0xF, 0xF);
        assert_eq!(CONES[0][12] & 0xF, 0x7);
        assert_eq!(CONES[1][0] & sq(32), sq(32));
        assert_eq!(CONES[0][0], 0);
    }
}
