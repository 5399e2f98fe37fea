//! The learned evaluation, in the manner of Scan: overlapping regions of the board scored by
//! their contents, plus the terms regions cannot see, each with an opening and an endgame weight
//! blended by the number of pieces left.
//!
//! **Regions.** A region is a 4x4 block of the board: 8 dark squares, each empty, a white man or
//! a black man, so 3^8 = 6561 contents. Blocks start on every row 0-4 and on files a, c and e,
//! 15 in all. Turning the board half round and swapping the colours maps a block onto its
//! partner (row 4-r, file 4-f), so partners share one table: a content seen by White in one
//! block is the same content seen by Black in its partner. Each block is read twice, once for
//! White and once for Black on the turned board, and the two lookups are subtracted, so the
//! evaluation of a position and of its colour-swapped mirror are exactly opposite. Kings are left
//! out of the regions (their squares read as empty) and have their own terms.
//!
//! **Other terms** (White's count less Black's): men, kings, tempo (rows advanced by the men),
//! runaway men by rows to go (no opposing piece in the cone ahead), the men's and the kings'
//! free steps (mobility; for flying kings every square a king can slide to), a king on each
//! square, and the side to move.
//!
//! **Games.** A set of weights is fitted for one game and says which ([`Net::variant`]); the
//! terms are the same, read on the shared bitboard, except the flying kings' mobility.
//!
//! **Blend.** With `n` pieces on the board, a weight pair (opening `o`, endgame `e`) is worth
//! `(o n + e (24 - n)) / 24`.
//!
//! Reading a block's contents costs two shifts and masks per colour: a block's 8 squares sit
//! in the bit layout as four pairs of adjacent bits, one pair a row, four bits apart.
//!
//! The weights are fitted to game results by `dama_tools::train` and stored in the format
//! of [`Net::to_bytes`].

use super::classic::CONES;
use super::{NetError, NetFile};
use crate::bitboard::{step, Bitboard, Bits, Dir};
use crate::Color;
use crate::Position;
use crate::{ByVariant, Variant};
use core::fmt;
use std::io::Read;

/// Contents of one region: 3^8.
pub const CONFIGS: usize = 6561;
/// Regions on the board.
pub const WINDOWS: usize = 15;
/// Weight tables for the regions (partners share one).
pub const CLASSES: usize = 8;
/// Parameters of the region tables.
pub const PATTERN_PARAMS: usize = CLASSES * CONFIGS;

/// Index of the men term among the other terms.
pub const D_MAN: usize = 0;
/// Index of the kings term.
pub const D_KING: usize = 1;
/// Index of the tempo term (rows advanced by all men).
pub const D_TEMPO: usize = 2;
/// First of seven runaway terms, by rows still to go (1-7).
pub const D_RUNAWAY: usize = 3;
/// Index of the men's free steps.
pub const D_MAN_MOBILITY: usize = 10;
/// Index of the kings' free steps.
pub const D_KING_MOBILITY: usize = 11;
/// Index of the side-to-move term.
pub const D_TURN: usize = 12;
/// First of 32 king-square terms (a king on square 1 from its owner's side, ...).
pub const D_KING_SQUARE: usize = 13;
/// Number of terms other than the regions.
pub const DENSE: usize = D_KING_SQUARE + 32;
/// Every parameter: region tables, then the other terms.
pub const PARAMS: usize = PATTERN_PARAMS + DENSE;
/// The largest weight, either sign, a set of weights may hold: a hundred men. The shipped
/// weights stay under 1,000; a weight past this comes from a fit that diverged or a file that
/// is not ours, and would make ordinary positions score like won ones.
pub const MAX_WEIGHT: i16 = 10_000;

/// Names of the terms other than the regions, for reports.
pub fn dense_name(i: usize) -> String {
    match i {
        D_MAN => "man".into(),
        D_KING => "king".into(),
        D_TEMPO => "tempo".into(),
        D_MAN_MOBILITY => "man mobility".into(),
        D_KING_MOBILITY => "king mobility".into(),
        D_TURN => "side to move".into(),
        i if (D_RUNAWAY..D_RUNAWAY + 7).contains(&i) => {
            format!("runaway, {} rows to go", i - D_RUNAWAY + 1)
        }
        i if (D_KING_SQUARE..D_KING_SQUARE + 32).contains(&i) => {
            format!("king on {}", i - D_KING_SQUARE + 1)
        }
        _ => format!("term {i}"),
    }
}

/// The base-3 value of an 8-bit mask with digit 1 where a bit is set.
const T3: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut j = 0;
        while j < 8 {
            if m & (1 << j) != 0 {
                v += p;
            }
            p *= 3;
            j += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// [`T3`] of the 8-bit mask read backwards: the digits of a block seen from the other side.
const T3_TURNED: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = T3[(m as u8).reverse_bits() as usize];
        m += 1;
    }
    t
};

/// Where each block starts in the bit layout: row * 4 + (file / 2).
const SHIFT: [u32; WINDOWS] = {
    let mut t = [0; WINDOWS];
    let mut w = 0;
    while w < WINDOWS {
        t[w] = (w / 3) as u32 * 4 + (w % 3) as u32;
        w += 1;
    }
    t
};

/// The table of each block: the block turned half round is `14 - w`.
const CLASS: [usize; WINDOWS] = {
    let mut t = [0; WINDOWS];
    let mut w = 0;
    while w < WINDOWS {
        t[w] = if w < WINDOWS - 1 - w {
            w
        } else {
            WINDOWS - 1 - w
        };
        w += 1;
    }
    t
};

/// The 8 squares of the block at `shift` as an 8-bit mask.
#[inline(always)]
fn gather(bb: Bitboard, shift: u32) -> usize {
    let x = (bb >> shift) & 0x3333;
    let x = (x | (x >> 2)) & 0x0F0F;
    ((x | (x >> 4)) & 0xFF) as usize
}

/// The region parameter read by block `w` for the side whose men are `own` (in its own view:
/// the board turned for Black).
#[inline(always)]
fn region_index(w: usize, own: Bitboard, opp: Bitboard) -> usize {
    let s = SHIFT[w];
    region_param(w, &T3, gather(own, s), gather(opp, s))
}

/// The parameter of block `w`'s table for the 8-bit masks of its own and opposing men, read
/// with `t3` ([`T3`], or [`T3_TURNED`] for masks read backwards).
#[inline(always)]
fn region_param(w: usize, t3: &[u16; 256], own: usize, opp: usize) -> usize {
    CLASS[w] * CONFIGS + t3[own] as usize + 2 * t3[opp] as usize
}

/// Adds to `sum` (opening, endgame) the region parameters of block `win` and of its partner
/// `14 - win` (the same table, [`CLASS`]), each for White less the same for Black; `win` 7 is
/// its own partner. The board turned half round (Black's view, which [`features`] gets with
/// `reverse_bits`) shows block `w` as block `14 - w` read backwards: `gather(b.reverse_bits(),
/// SHIFT[w])` is `gather(b, SHIFT[14 - w])` reversed, since `18 - SHIFT[w]` is
/// `SHIFT[14 - w]`. So no board is turned, and each block is read once for both views: wasm
/// has no bit reversal, and its search spent a tenth of its instructions reversing.
#[inline(always)]
fn for_pair(w: &[[i16; 2]], wm: Bitboard, bm: Bitboard, win: usize, sum: &mut [i32; 2]) {
    let mut add = |i: usize, j: usize| {
        sum[0] += w[i][0] as i32 - w[j][0] as i32;
        sum[1] += w[i][1] as i32 - w[j][1] as i32;
    };
    let index = |t3, own, opp| region_param(win, t3, own, opp);
    let partner = WINDOWS - 1 - win;
    let (wa, ba) = (gather(wm, SHIFT[win]), gather(bm, SHIFT[win]));
    if partner == win {
        add(index(&T3, wa, ba), index(&T3_TURNED, ba, wa));
        return;
    }
    let (wb, bb) = (gather(wm, SHIFT[partner]), gather(bm, SHIFT[partner]));
    add(index(&T3, wa, ba), index(&T3_TURNED, bb, wb));
    add(index(&T3, wb, bb), index(&T3_TURNED, ba, wa));
}

/// Rows 0 (Black's back row, White's crowning row) to 7.
const ROWS: [Bitboard; 8] = {
    let mut t = [0; 8];
    let mut r = 0;
    while r < 8 {
        t[r] = 0xF << (4 * r);
        r += 1;
    }
    t
};

/// The terms other than the regions, White's less Black's.
#[inline]
fn dense_terms(pos: &Position, flying: bool, out: &mut [i32; D_KING_SQUARE]) {
    let wm = pos.men_of(Color::White);
    let bm = pos.men_of(Color::Black);
    let wk = pos.kings_of(Color::White);
    let bk = pos.kings_of(Color::Black);
    let empty = pos.empty();
    out[D_MAN] = wm.count_ones() as i32 - bm.count_ones() as i32;
    out[D_KING] = wk.count_ones() as i32 - bk.count_ones() as i32;
    let mut tempo = 0;
    for (r, row) in ROWS.iter().enumerate() {
        // A white man on row r has advanced 7 - r rows, a black man r rows.
        tempo += (7 - r as i32) * (wm & row).count_ones() as i32;
        tempo -= r as i32 * (bm & row).count_ones() as i32;
    }
    out[D_TEMPO] = tempo;
    for t in &mut out[D_RUNAWAY..D_RUNAWAY + 7] {
        *t = 0;
    }
    let black = pos.pieces(Color::Black);
    let white = pos.pieces(Color::White);
    for i in Bits(wm) {
        if CONES[0][i as usize] & black == 0 {
            let to_go = (i / 4) as usize; // 1-7: a man is never on its crowning row
            out[D_RUNAWAY + to_go - 1] += 1;
        }
    }
    for i in Bits(bm) {
        if CONES[1][i as usize] & white == 0 {
            let to_go = 7 - (i / 4) as usize;
            out[D_RUNAWAY + to_go - 1] -= 1;
        }
    }
    let w_steps = (step(wm, Dir::UpLeft) & empty).count_ones()
        + (step(wm, Dir::UpRight) & empty).count_ones();
    let b_steps = (step(bm, Dir::DownLeft) & empty).count_ones()
        + (step(bm, Dir::DownRight) & empty).count_ones();
    out[D_MAN_MOBILITY] = w_steps as i32 - b_steps as i32;
    let mut kmob = 0;
    if wk | bk != 0 {
        for d in Dir::ALL {
            let (mut w, mut b) = (step(wk, d) & empty, step(bk, d) & empty);
            kmob += w.count_ones() as i32 - b.count_ones() as i32;
            while flying && (w | b) != 0 {
                w = step(w, d) & empty;
                b = step(b, d) & empty;
                kmob += w.count_ones() as i32 - b.count_ones() as i32;
            }
        }
    }
    // Flying kings' mobility can pass what a fitted term holds (one byte) only with many
    // kings; the evaluation and the fit read the same bounded value.
    out[D_KING_MOBILITY] = kmob.clamp(i8::MIN as i32, i8::MAX as i32);
    out[D_TURN] = match pos.turn() {
        Color::White => 1,
        Color::Black => -1,
    };
}

/// The phase weight: pieces on the board, 0-24.
#[inline(always)]
fn phase(pos: &Position) -> i32 {
    ((pos.pieces(Color::White) | pos.pieces(Color::Black)).count_ones() as i32).min(24)
}

/// Every term of `pos` with its value from White's side, as (parameter, value) pairs (a
/// parameter may appear more than once), and the phase (pieces on the board, 0-24): the
/// evaluation is the sum of `value * blend(weight)`. This is what [`Net::evaluate`] computes,
/// written plainly, for fitting; the terms are those of the position's game.
pub fn features(pos: &Position, out: &mut Vec<(u32, i8)>) -> u32 {
    let variant = pos.variant();
    out.clear();
    let wm = pos.men_of(Color::White);
    let bm = pos.men_of(Color::Black);
    let (wr, br) = (bm.reverse_bits(), wm.reverse_bits());
    for w in 0..WINDOWS {
        out.push((region_index(w, wm, bm) as u32, 1));
        out.push((region_index(w, wr, br) as u32, -1));
    }
    let mut d = [0; D_KING_SQUARE];
    dense_terms(pos, variant.flying_kings(), &mut d);
    for (i, v) in d.iter().enumerate() {
        if *v != 0 {
            out.push(((PATTERN_PARAMS + i) as u32, *v as i8));
        }
    }
    for i in Bits(pos.kings_of(Color::White)) {
        out.push(((PATTERN_PARAMS + D_KING_SQUARE) as u32 + i, 1));
    }
    for i in Bits(pos.kings_of(Color::Black)) {
        out.push(((PATTERN_PARAMS + D_KING_SQUARE) as u32 + 31 - i, -1));
    }
    phase(pos) as u32
}

/// A set of fitted weights: an opening and an endgame value for every parameter, in
/// hundredths of a man.
#[derive(Clone, PartialEq, Eq)]
pub struct Net {
    /// (opening, endgame) per parameter, [`PARAMS`] of them.
    weights: Vec<[i16; 2]>,
    /// The game the weights are for.
    variant: Variant,
}

impl fmt::Debug for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let man = self.weights[PATTERN_PARAMS + D_MAN];
        let king = self.weights[PATTERN_PARAMS + D_KING];
        write!(f, "Net {{ man: {man:?}, king: {king:?}, .. }}")
    }
}

const MAGIC: &[u8; 8] = b"DAMAEVAL";
/// Version 2 adds the game; version 1 files (Italian) are still read.
pub(super) const VERSION: u32 = 2;
const HEADER_V1: usize = 8 + 4 + 4 + 4;
const HEADER: usize = HEADER_V1 + 4;

/// FNV-1a over the weights, to tell a damaged file from a good one.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| {
        (h ^ *b as u32).wrapping_mul(0x0100_0193)
    })
}

impl Net {
    /// All weights zero, for `variant`.
    pub fn zero(variant: Variant) -> Net {
        Net {
            weights: vec![[0, 0]; PARAMS],
            variant,
        }
    }

    /// Material only, the starting point of fitting: a man 100 and a king worth two men (short
    /// kings) or about three (flying kings), all else zero.
    pub fn material(variant: Variant) -> Net {
        let mut n = Net::zero(variant);
        n.set_weight(PATTERN_PARAMS + D_MAN, [100, 100]);
        let king = if variant.flying_kings() {
            [280, 300]
        } else {
            [180, 180]
        };
        n.set_weight(PATTERN_PARAMS + D_KING, king);
        n
    }

    /// The game these weights are for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The same weights declared for another game (a starting point for fitting).
    pub fn with_variant(mut self, variant: Variant) -> Net {
        self.variant = variant;
        self
    }

    /// Weights for `variant` from floating-point values (opening, endgame per parameter),
    /// rounded and clamped to 16 bits. Missing values are zero; extra ones are ignored.
    pub fn from_f32(variant: Variant, values: &[[f32; 2]]) -> Net {
        let mut n = Net::zero(variant);
        for (w, v) in n.weights.iter_mut().zip(values) {
            for k in 0..2 {
                w[k] = v[k].round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
            }
        }
        n
    }

    /// The weights as floating-point values.
    pub fn to_f32(&self) -> Vec<[f32; 2]> {
        self.weights
            .iter()
            .map(|w| [w[0] as f32, w[1] as f32])
            .collect()
    }

    /// The (opening, endgame) weight of a parameter; zero past the end.
    pub fn weight(&self, param: usize) -> [i16; 2] {
        self.weights.get(param).copied().unwrap_or([0, 0])
    }

    /// Sets one parameter's weights; does nothing past the end.
    pub fn set_weight(&mut self, param: usize, w: [i16; 2]) {
        if let Some(x) = self.weights.get_mut(param) {
            *x = w;
        }
    }

    /// The file layout: `DAMAEVAL`, then little-endian u32 version (2), u32 parameter count
    /// ([`PARAMS`]), u32 PDN game type of the game (22, 26), u32 FNV-1a checksum of the game
    /// type and the rest, then per parameter the opening and the
    /// endgame weight as little-endian i16, region tables first (class by class, contents in
    /// base 3 with the first square of the block as the lowest digit: 0 empty, 1 own man,
    /// 2 opposing man), then the other terms in the order of the `D_*` constants.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(PARAMS * 4 + 4);
        body.extend_from_slice(&(self.variant.game_type() as u32).to_le_bytes());
        for w in &self.weights {
            body.extend_from_slice(&w[0].to_le_bytes());
            body.extend_from_slice(&w[1].to_le_bytes());
        }
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(PARAMS as u32).to_le_bytes());
        out.extend_from_slice(&body[..4]);
        out.extend_from_slice(&checksum(&body).to_le_bytes());
        out.extend_from_slice(&body[4..]);
        out
    }

    /// Reads the layout of [`to_bytes`](Net::to_bytes); refuses anything else with a reason.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        Net::read_from(bytes, bytes.len() as u64)
    }

    /// Reads a weights file of `len` bytes from `r`, as [`from_bytes`](Net::from_bytes) does:
    /// the header first, so that a file that is not one or not of the one length the format
    /// has is refused before the weights are read. A weight beyond [`MAX_WEIGHT`] is refused
    /// too.
    pub fn read_from(mut r: impl Read, len: u64) -> Result<Net, NetError> {
        let io = |e: std::io::Error| NetError::Io(e.to_string());
        if len < HEADER_V1 as u64 {
            return Err(NetError::NotAFile(NetFile::Weights));
        }
        let mut head = [0u8; HEADER];
        r.read_exact(&mut head[..HEADER_V1]).map_err(io)?;
        if &head[..8] != MAGIC {
            return Err(NetError::NotAFile(NetFile::Weights));
        }
        let word =
            |h: &[u8; HEADER], i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]);
        let (version, params) = (word(&head, 8), word(&head, 12));
        if !(1..=VERSION).contains(&version) || params as usize != PARAMS {
            return Err(NetError::Unsupported { version, params });
        }
        let header = if version == 1 { HEADER_V1 } else { HEADER };
        let expected = header + PARAMS * 4;
        if len != expected as u64 {
            return Err(NetError::WrongLength {
                file: NetFile::Weights,
                expected,
                found: usize::try_from(len).unwrap_or(usize::MAX),
            });
        }
        r.read_exact(&mut head[HEADER_V1..header]).map_err(io)?;
        let mut body = vec![0u8; PARAMS * 4];
        r.read_exact(&mut body).map_err(io)?;
        let (variant, sum) = if version == 1 {
            (Variant::Italian, checksum(&body))
        } else {
            let game = word(&head, 16);
            let variant = Variant::from_game_number(game).ok_or(NetError::UnknownGame {
                file: NetFile::Weights,
                game,
            })?;
            let mut summed = head[16..20].to_vec();
            summed.extend_from_slice(&body);
            (variant, checksum(&summed))
        };
        if sum != word(&head, header - 4) {
            return Err(NetError::Corrupt(NetFile::Weights));
        }
        let weights: Vec<[i16; 2]> = body
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        if let Some((param, w)) = weights
            .iter()
            .enumerate()
            .find(|(_, w)| w.iter().any(|x| x.unsigned_abs() > MAX_WEIGHT as u16))
        {
            let value = if w[0].unsigned_abs() > MAX_WEIGHT as u16 {
                w[0]
            } else {
                w[1]
            };
            return Err(NetError::Absurd { param, value });
        }
        Ok(Net { weights, variant })
    }

    /// The evaluation of `pos` for the side to move, in hundredths of a man.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let s = self.white_score(pos);
        match pos.turn() {
            Color::White => s,
            Color::Black => -s,
        }
    }

    /// The evaluation from White's side: the same sum as [`features`], computed fast.
    #[inline]
    pub fn white_score(&self, pos: &Position) -> i32 {
        let wm = pos.men_of(Color::White);
        let bm = pos.men_of(Color::Black);
        let w = &self.weights[..];
        let mut sum = [0i32; 2];
        // Written out rather than looped: each block's shift is then a constant (wasm kept the
        // loop, with a table read and a variable shift for each block: 1% more instructions).
        for_pair(w, wm, bm, 0, &mut sum);
        for_pair(w, wm, bm, 1, &mut sum);
        for_pair(w, wm, bm, 2, &mut sum);
        for_pair(w, wm, bm, 3, &mut sum);
        for_pair(w, wm, bm, 4, &mut sum);
        for_pair(w, wm, bm, 5, &mut sum);
        for_pair(w, wm, bm, 6, &mut sum);
        for_pair(w, wm, bm, WINDOWS / 2, &mut sum);
        let [mut op, mut eg] = sum;
        let mut d = [0; D_KING_SQUARE];
        dense_terms(pos, self.variant.flying_kings(), &mut d);
        let dense = &w[PATTERN_PARAMS..];
        for (v, x) in d.iter().zip(dense) {
            op += v * x[0] as i32;
            eg += v * x[1] as i32;
        }
        let ks = &dense[D_KING_SQUARE..];
        for i in Bits(pos.kings_of(Color::White)) {
            op += ks[i as usize][0] as i32;
            eg += ks[i as usize][1] as i32;
        }
        for i in Bits(pos.kings_of(Color::Black)) {
            op -= ks[31 - i as usize][0] as i32;
            eg -= ks[31 - i as usize][1] as i32;
        }
        let n = phase(pos);
        (op * n + eg * (24 - n)) / 24
    }
}

/// The weights shipped with the engine, fitted by `dama train` (see the README), one file a
/// game. The engine plays with the networks ([`super::network`]);
/// these are the native builds' baseline (the command line's `--eval regions`), and what a
/// residual network adds to. The browser's build (wasm) plays with the shipped networks,
/// which are not residual, so it compiles in neither file (210 KB each; a network is 10 KB).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
static SHIPPED_BYTES: ByVariant<&[u8]> = ByVariant::new(
    include_bytes!("../../../data/eval.bin"),
    include_bytes!("../../../data/eval-brazilian.bin"),
);
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
static SHIPPED_BYTES: ByVariant<&[u8]> = ByVariant::new(&[], &[]);

/// Whether this build compiles in the shipped weights: every build but the browser's.
const COMPILED_IN: bool = cfg!(not(all(target_arch = "wasm32", target_os = "unknown")));

/// The shipped weights for `variant`, read once and shared by every engine; where they are not
/// compiled in (on wasm), [`Net::material`].
pub fn shipped(variant: Variant) -> &'static std::sync::Arc<Net> {
    static NETS: ByVariant<std::sync::OnceLock<std::sync::Arc<Net>>> =
        ByVariant::new(std::sync::OnceLock::new(), std::sync::OnceLock::new());
    // The files are part of the build and checked by a test: a failure here is a broken build.
    NETS[variant].get_or_init(|| {
        std::sync::Arc::new(
            Net::from_bytes(SHIPPED_BYTES[variant])
                .ok()
                .filter(|n| n.variant == variant)
                .unwrap_or_else(|| Net::material(variant)),
        )
    })
}

/// Whether the shipped weights of every game were read and are for that game (a test checks
/// it, so a damaged file fails the build's tests rather than silently playing with zero
/// weights). On wasm, where none are compiled in, an empty file is no weights, not a damaged
/// one.
pub fn shipped_is_valid() -> bool {
    SHIPPED_BYTES.iter().all(|(v, bytes)| {
        (bytes.is_empty() && !COMPILED_IN) || Net::from_bytes(bytes).is_ok_and(|n| n.variant == v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    fn random_positions(n: usize, seed: u64) -> Vec<Position> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let mut p = Position::start(Variant::Italian);
            let plies = rng.below(120);
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[rng.below(moves.len() as u64) as usize]);
            }
            out.push(p);
        }
        out
    }

    fn random_net(seed: u64) -> Net {
        let mut rng = Rng::new(seed);
        let mut n = Net::zero(Variant::Italian);
        for p in 0..PARAMS {
            let a = rng.below(2001) as i16 - 1000;
            let b = rng.below(2001) as i16 - 1000;
            n.set_weight(p, [a, b]);
        }
        n
    }

    #[test]
    fn fast_sum_equals_the_plain_features() {
        for variant in Variant::ALL {
            let net = random_net(7).with_variant(variant);
            let mut f = Vec::new();
            let mut positions = random_positions(3000, 1);
            // Kings everywhere: the flying kings' mobility at its largest.
            positions.push(
                crate::fen::parse(variant, "W:WK1,K2,K3,K4,K12,K13,K20,K21,K23,K28,K29,K31:B")
                    .unwrap(),
            );
            for p in positions {
                let n = features(&p.with_variant(variant), &mut f) as i32;
                let (mut op, mut eg) = (0, 0);
                for (i, v) in &f {
                    let w = net.weight(*i as usize);
                    op += *v as i32 * w[0] as i32;
                    eg += *v as i32 * w[1] as i32;
                }
                assert_eq!(
                    net.white_score(&p),
                    (op * n + eg * (24 - n)) / 24,
                    "{variant} {}",
                    p.to_fen()
                );
            }
        }
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let net = random_net(9);
        for p in random_positions(2000, 2) {
            assert_eq!(
                net.evaluate(&p),
                net.evaluate(&p.flipped()),
                "{}",
                p.to_fen()
            );
        }
    }

    #[test]
    fn blocks_cover_the_board_and_pair_up() {
        let mut covered = 0u32;
        for w in 0..WINDOWS {
            let mask = 0x3333u32 << SHIFT[w];
            assert_eq!(mask.count_ones(), 8);
            covered |= mask;
            // The partner block is this one turned half round.
            assert_eq!(mask.reverse_bits(), 0x3333u32 << SHIFT[WINDOWS - 1 - w]);
            assert_eq!(gather(mask, SHIFT[w]), 0xFF);
        }
        assert_eq!(covered, u32::MAX);
    }

    #[test]
    fn bytes_round_trip_and_damage_is_refused() {
        let net = random_net(3);
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes).unwrap(), net);
        let mut bad = bytes.clone();
        bad[HEADER + 100] ^= 1;
        assert_eq!(
            Net::from_bytes(&bad),
            Err(NetError::Corrupt(NetFile::Weights))
        );
        assert!(matches!(
            Net::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::WrongLength { .. })
        ));
        assert_eq!(
            Net::from_bytes(b"hello"),
            Err(NetError::NotAFile(NetFile::Weights))
        );
        let mut v3 = bytes.clone();
        v3[8] = 3;
        assert!(matches!(
            Net::from_bytes(&v3),
            Err(NetError::Unsupported { .. })
        ));
        // The game is part of the file and of its checksum.
        let br = net.clone().with_variant(Variant::Brazilian);
        let br_bytes = br.to_bytes();
        assert_eq!(
            Net::from_bytes(&br_bytes).unwrap().variant(),
            Variant::Brazilian
        );
        let mut swapped = br_bytes.clone();
        swapped[16] = 22;
        assert_eq!(
            Net::from_bytes(&swapped),
            Err(NetError::Corrupt(NetFile::Weights))
        );
        let mut unknown = br_bytes;
        unknown[16] = 20;
        assert_eq!(
            Net::from_bytes(&unknown),
            Err(NetError::UnknownGame {
                file: NetFile::Weights,
                game: 20
            })
        );
        // Version 1 files (no game) are Italian.
        let mut v1 = b"DAMAEVAL".to_vec();
        v1.extend_from_slice(&1u32.to_le_bytes());
        v1.extend_from_slice(&(PARAMS as u32).to_le_bytes());
        v1.extend_from_slice(&bytes[20..24]);
        v1.extend_from_slice(&bytes[HEADER..]);
        let old = Net::from_bytes(&v1);
        assert_eq!(
            old,
            Err(NetError::Corrupt(NetFile::Weights)),
            "the v2 checksum covers the game too"
        );
    }

    #[test]
    fn shipped_weights_are_for_their_games() {
        assert_eq!(shipped(Variant::Italian).variant(), Variant::Italian);
        assert_eq!(shipped(Variant::Brazilian).variant(), Variant::Brazilian);
        let v1 = SHIPPED_BYTES[Variant::Italian];
        if COMPILED_IN {
            assert_eq!(u32::from_le_bytes([v1[8], v1[9], v1[10], v1[11]]), 1);
        }
    }

    #[test]
    fn shipped_weights_are_read() {
        assert!(shipped_is_valid());
    }
}
