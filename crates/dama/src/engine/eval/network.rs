//! A small network evaluation (NNUE-style), alone or added to the region evaluation.
//!
//! **Inputs.** Each piece is one of 128 inputs: its kind (own man, own king, opposing man,
//! opposing king) and its square, seen from one side (the board turned half round for Black).
//! The first layer sums the rows of the pieces on the board into an accumulator of
//! [`HIDDEN`] values, once from the side to move's view and once from the other side's, with
//! the same weights; clipped to 0-1, the two make the second layer's input, side to move first.
//! **Layers.** [`HIDDEN`] x 2 → [`L2`] clipped to 0-1 → 1, in men.
//!
//! **Integers.** Every sum is of integers, so every build (native, wasm, with or without SIMD)
//! scores alike: the first layer's weights and the clipped values carry 1.0 as [`QA`] (127), the
//! second and third layers' weights carry it as [`QB`] (64). The first layer is kept up to date
//! move by move ([`Net::update`]: a move changes two to a dozen inputs); the second layer's dot
//! products use SSE2's `pmaddwd` on x86-64 and wasm's `i32x4.dot_i16x8_s` in the browser's
//! builds (`simd.rs`), a plain loop elsewhere, with equal results (tests hold them equal,
//! natively here and in wasm with [`Net::evaluate_plain`]).
//!
//! **Far ahead.** Fitted to results, a network scores about alike every position three men or
//! more ahead: all are won. A network alone therefore adds the material beyond a lead of
//! [`LEAD`] to its score ([`beyond_lead`]), so that a side far ahead still gains by taking more
//! and a side far behind loses by giving more (what the search presses with and a review reads).
//!
//! **Residual.** A network may be fitted on top of the game's region evaluation ([`super::pattern`]);
//! its file says so, and its score is then the region score plus its own.
//!
//! Fitted by `dama train net` (`dama_tools::network_fit`), stored as [`Net::to_bytes`].

use super::pattern;
use super::{NetError, NetFile};
use crate::bitboard::{Bitboard, Bits};
use crate::Color;
use crate::Position;
use crate::{ByVariant, Variant};
use core::fmt;
use std::io::Read;
use std::sync::Arc;

pub use super::shape::{HIDDEN, INPUTS, L2, QA, QB, SQUARES};
/// The largest weight, either sign, of any layer: 24 pieces and a bias stay within an `i16`
/// accumulator (25 x 1,200 < 32,767).
pub const MAX_WEIGHT: i16 = 1_200;
/// The largest second-layer bias, either sign.
pub const MAX_BIAS: i32 = 1 << 22;
/// The network's own part of a score is kept within this many hundredths of a man, under the
/// scores of won endings.
pub const MAX_SCORE: i32 = 5_000;

/// The material lead, in hundredths of a man, from which a network alone adds the material
/// beyond it to its score (the shipped networks score three men ahead within a man of their
/// highest score).
pub const LEAD: i32 = 300;

/// The material the side to move has beyond a lead of [`LEAD`] (or, negative, lacks beyond
/// such a deficit), a man 100 and a king what the shipped networks make it worth against a man
/// (short kings about 1.5 men, flying kings 2.5).
pub fn beyond_lead(pos: &Position) -> i32 {
    let king = if pos.variant().flying_kings() {
        250
    } else {
        150
    };
    let us = pos.turn();
    let them = us.opposite();
    let count = |bb: u32| bb.count_ones() as i32;
    let lead = 100 * (count(pos.men_of(us)) - count(pos.men_of(them)))
        + king * (count(pos.kings_of(us)) - count(pos.kings_of(them)));
    lead - lead.clamp(-LEAD, LEAD)
}

/// The input of a piece of `owner` on bit `i`, a king or not, seen from `view`'s side.
#[inline(always)]
pub fn input(view: Color, owner: Color, king: bool, i: u32) -> usize {
    let sq = match view {
        Color::White => i as usize,
        Color::Black => 31 - i as usize,
    };
    let kind = 2 * (owner != view) as usize + king as usize;
    kind * SQUARES + sq
}

/// The inputs of `pos` seen from `view`'s side, into `out` (at most 24).
pub fn inputs(pos: &Position, view: Color, out: &mut Vec<u8>) {
    out.clear();
    for owner in [Color::White, Color::Black] {
        for (king, bb) in [(false, pos.men_of(owner)), (true, pos.kings_of(owner))] {
            for i in Bits(bb) {
                out.push(input(view, owner, king, i) as u8);
            }
        }
    }
}

/// A fitted network.
#[derive(Clone, PartialEq, Eq)]
pub struct Net {
    variant: Variant,
    /// The region evaluation this network adds to, if it was fitted on top of one.
    base: Option<Arc<pattern::Net>>,
    w1: Vec<[i16; HIDDEN]>,
    b1: [i16; HIDDEN],
    w2: Vec<[i16; 2 * HIDDEN]>,
    /// The second layer by pairs of inputs, for [`affine`]: `w2p[p][2k + e]` is
    /// `w2[k][2p + e]`.
    w2p: Vec<[i16; 2 * L2]>,
    b2: [i32; L2],
    w3: [i16; L2],
    /// The third layer widened, for [`output`].
    w3w: [i32; L2],
    b3: i32,
}

impl fmt::Debug for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "network::Net {{ {}, residual: {} }}",
            self.variant.name(),
            self.base.is_some()
        )
    }
}

/// The first layer's sums of a position, from White's view and from Black's: kept by the
/// search from ply to ply ([`Net::update`]) so that a position's score costs only the
/// layers above.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulator([[i16; HIDDEN]; 2]);

/// The layers of a network as whole numbers, in the order of the file: what a fit hands to
/// [`Net::from_layers`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layers {
    /// First layer: a row of [`HIDDEN`] per input.
    pub w1: Vec<[i16; HIDDEN]>,
    /// First layer's bias.
    pub b1: [i16; HIDDEN],
    /// Second layer: a row of `2 * HIDDEN` per output.
    pub w2: Vec<[i16; 2 * HIDDEN]>,
    /// Second layer's bias.
    pub b2: [i32; L2],
    /// Third layer.
    pub w3: [i16; L2],
    /// Third layer's bias.
    pub b3: i32,
}

/// The file's name for itself.
pub const MAGIC: &[u8; 8] = b"DAMANETW";
const VERSION: u32 = 1;
/// Magic, version, game, flags, inputs, hidden, second layer.
const HEADER: usize = 8 + 6 * 4;
const BODY: usize = 2 * (INPUTS * HIDDEN + HIDDEN + L2 * 2 * HIDDEN + L2) + 4 * (L2 + 1);
/// Bytes of every network file of this shape.
pub const FILE_BYTES: usize = HEADER + BODY + 4;
const FLAG_RESIDUAL: u32 = 1;

fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| {
        (h ^ *b as u32).wrapping_mul(0x0100_0193)
    })
}

impl Net {
    /// A network of these layers for `variant`, added to the shipped region evaluation of
    /// that game if `residual`. Refuses a weight or bias past its bound.
    pub fn from_layers(variant: Variant, residual: bool, l: Layers) -> Result<Net, NetError> {
        let ok = |w: &i16| w.unsigned_abs() <= MAX_WEIGHT as u16;
        if l.w1.len() != INPUTS || l.w2.len() != L2 {
            return Err(NetError::UnsupportedShape("layers of another shape".into()));
        }
        if !l.w1.iter().flatten().all(ok) || !l.b1.iter().all(ok) {
            return Err(NetError::OutOfBound("first-layer weight"));
        }
        if !l.w2.iter().flatten().all(ok) || !l.w3.iter().all(ok) {
            return Err(NetError::OutOfBound("weight"));
        }
        if !l
            .b2
            .iter()
            .chain([&l.b3])
            .all(|b| b.unsigned_abs() <= MAX_BIAS as u32)
        {
            return Err(NetError::OutOfBound("bias"));
        }
        let mut w2p = vec![[0i16; 2 * L2]; HIDDEN];
        for (k, row) in l.w2.iter().enumerate() {
            for (j, w) in row.iter().enumerate() {
                w2p[j / 2][2 * k + j % 2] = *w;
            }
        }
        Ok(Net {
            variant,
            base: residual.then(|| pattern::shipped(variant).clone()),
            w2p,
            w1: l.w1,
            b1: l.b1,
            w2: l.w2,
            b2: l.b2,
            w3: l.w3,
            w3w: l.w3.map(i32::from),
            b3: l.b3,
        })
    }

    /// The game this network was fitted for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether its score is added to the region evaluation's.
    pub fn residual(&self) -> bool {
        self.base.is_some()
    }

    /// The score of `pos` for the side to move, in hundredths of a man.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(&self.accumulate(pos), pos)
    }

    /// The score of `pos` from its first layer's sums `acc` (made by [`Net::accumulate`] or
    /// [`Net::update`] for `pos`): what [`Net::evaluate`] gives.
    #[inline]
    pub fn evaluate_with(&self, acc: &Accumulator, pos: &Position) -> i32 {
        self.score(self.own(acc, pos.turn(), affine, output), pos)
    }

    /// [`Net::evaluate`] with the second and third layers in plain integers whatever the build's SIMD:
    /// the reference that the wasm tests hold the browser's `simd128` build equal to.
    pub fn evaluate_plain(&self, pos: &Position) -> i32 {
        let own = self.own(
            &self.accumulate(pos),
            pos.turn(),
            affine_portable,
            output_portable,
        );
        self.score(own, pos)
    }

    /// The score from the network's own part.
    #[inline(always)]
    fn score(&self, own: i32, pos: &Position) -> i32 {
        match &self.base {
            Some(b) => b.evaluate(pos) + own,
            None => (own + beyond_lead(pos)).clamp(-MAX_SCORE, MAX_SCORE),
        }
    }

    /// The first layer's sums of `pos`, from every piece.
    pub fn accumulate(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator([self.b1; 2]);
        for owner in [Color::White, Color::Black] {
            for (king, bb) in [(false, pos.men_of(owner)), (true, pos.kings_of(owner))] {
                for i in Bits(bb) {
                    self.add(&mut acc, owner, king, i);
                }
            }
        }
        acc
    }

    /// The first layer's sums of `to` from those of `from`: only the pieces that moved, were
    /// taken or were crowned are read (a move changes two to a few inputs).
    #[inline]
    pub fn update(&self, acc: &Accumulator, from: &Position, to: &Position) -> Accumulator {
        let mut acc = *acc;
        // The four kinds of piece written out, each with its owner and kind constant: in a
        // loop over them, V8 kept the kind's boards in selects and spilled them.
        let (w, b) = (Color::White, Color::Black);
        self.change::<false>(&mut acc, w, from.men_of(w), to.men_of(w));
        self.change::<true>(&mut acc, w, from.kings_of(w), to.kings_of(w));
        self.change::<false>(&mut acc, b, from.men_of(b), to.men_of(b));
        self.change::<true>(&mut acc, b, from.kings_of(b), to.kings_of(b));
        acc
    }

    /// The sums changed for the pieces of one owner and kind on `was` before a move and on
    /// `now` after it.
    #[inline(always)]
    fn change<const KING: bool>(
        &self,
        acc: &mut Accumulator,
        owner: Color,
        was: Bitboard,
        now: Bitboard,
    ) {
        for i in Bits(was & !now) {
            self.sub(acc, owner, KING, i);
        }
        for i in Bits(now & !was) {
            self.add(acc, owner, KING, i);
        }
    }

    #[inline(always)]
    fn add(&self, acc: &mut Accumulator, owner: Color, king: bool, i: u32) {
        let r0 = &self.w1[input(Color::White, owner, king, i)];
        let r1 = &self.w1[input(Color::Black, owner, king, i)];
        for j in 0..HIDDEN {
            acc.0[0][j] += r0[j];
            acc.0[1][j] += r1[j];
        }
    }

    #[inline(always)]
    fn sub(&self, acc: &mut Accumulator, owner: Color, king: bool, i: u32) {
        let r0 = &self.w1[input(Color::White, owner, king, i)];
        let r1 = &self.w1[input(Color::Black, owner, king, i)];
        for j in 0..HIDDEN {
            acc.0[0][j] -= r0[j];
            acc.0[1][j] -= r1[j];
        }
    }

    /// The network's own part of the score, for `stm`, from the first layer's sums.
    #[inline(always)]
    fn own(&self, acc: &Accumulator, stm: Color, second: Affine, third: Output) -> i32 {
        let (us, them) = match stm {
            Color::White => (&acc.0[0], &acc.0[1]),
            Color::Black => (&acc.0[1], &acc.0[0]),
        };
        // Each input written once, never zeroed first: in wasm a zeroed array is a
        // `memory.fill`, which V8 (Node 20) runs as a call out to C++, once an evaluation.
        let clip = |s: i16| s.clamp(0, QA as i16);
        let halves = [us.map(clip), them.map(clip)];
        let a: &[i16; 2 * HIDDEN] = halves.as_flattened().try_into().expect("two halves");
        let z = second(a, &self.w2p, &self.b2);
        let out = self.b3 + third(&z, &self.w3w);
        // `out` carries one man as QA * QB.
        (out * 100 / (QA * QB)).clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// The network as a file: [`MAGIC`], version, PDN game type, flags (1: added to the region
    /// evaluation), the three layer sizes, then the layers as little-endian integers and an
    /// FNV-1a checksum of them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(BODY);
        let i16s = |v: &mut Vec<u8>, xs: &[i16]| {
            for x in xs {
                v.extend_from_slice(&x.to_le_bytes());
            }
        };
        for r in &self.w1 {
            i16s(&mut body, r);
        }
        i16s(&mut body, &self.b1);
        for r in &self.w2 {
            i16s(&mut body, r);
        }
        i16s(&mut body, &self.w3);
        for b in self.b2.iter().chain([&self.b3]) {
            body.extend_from_slice(&b.to_le_bytes());
        }
        let mut out = Vec::with_capacity(FILE_BYTES);
        out.extend_from_slice(MAGIC);
        let flags = if self.residual() { FLAG_RESIDUAL } else { 0 };
        for x in [
            VERSION,
            self.variant.game_type() as u32,
            flags,
            INPUTS as u32,
            HIDDEN as u32,
            L2 as u32,
        ] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&body);
        out.extend_from_slice(&checksum(&body).to_le_bytes());
        out
    }

    /// Reads a network written by [`Net::to_bytes`], refusing anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(NetError::NotAFile(NetFile::Network));
        }
        let u = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().unwrap());
        let (version, game, flags) = (u(0), u(1), u(2));
        let shape = (u(3), u(4), u(5));
        if version != VERSION || shape != (INPUTS as u32, HIDDEN as u32, L2 as u32) || flags > 1 {
            return Err(NetError::UnsupportedShape(format!(
                "version {version}, flags {flags}, layers {}x{}x{}",
                shape.0, shape.1, shape.2
            )));
        }
        let variant = Variant::from_game_number(game).ok_or(NetError::UnknownGame {
            file: NetFile::Network,
            game,
        })?;
        if bytes.len() != FILE_BYTES {
            return Err(NetError::WrongLength {
                file: NetFile::Network,
                expected: FILE_BYTES,
                found: bytes.len(),
            });
        }
        let body = &bytes[HEADER..HEADER + BODY];
        let sum = u32::from_le_bytes(bytes[HEADER + BODY..].try_into().unwrap());
        if checksum(body) != sum {
            return Err(NetError::Corrupt(NetFile::Network));
        }
        let mut at = 0;
        let mut i16s = |out: &mut [i16]| {
            for x in out {
                *x = i16::from_le_bytes([body[at], body[at + 1]]);
                at += 2;
            }
        };
        let mut l = Layers {
            w1: vec![[0; HIDDEN]; INPUTS],
            b1: [0; HIDDEN],
            w2: vec![[0; 2 * HIDDEN]; L2],
            b2: [0; L2],
            w3: [0; L2],
            b3: 0,
        };
        for r in &mut l.w1 {
            i16s(r);
        }
        i16s(&mut l.b1);
        for r in &mut l.w2 {
            i16s(r);
        }
        i16s(&mut l.w3);
        let mut i32s = body[at..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()));
        for b in &mut l.b2 {
            *b = i32s.next().unwrap_or(0);
        }
        l.b3 = i32s.next().unwrap_or(0);
        Net::from_layers(variant, flags & FLAG_RESIDUAL != 0, l)
    }

    /// Reads a network from `r`, at most `len` bytes (the file's length) and never more than
    /// [`FILE_BYTES`].
    pub fn read_from(r: &mut dyn Read, len: u64) -> Result<Net, NetError> {
        if len != FILE_BYTES as u64 {
            return Err(NetError::WrongLength {
                file: NetFile::Network,
                expected: FILE_BYTES,
                found: len.min(usize::MAX as u64) as usize,
            });
        }
        let mut bytes = Vec::with_capacity(FILE_BYTES);
        r.take(FILE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| NetError::Io(e.to_string()))?;
        Net::from_bytes(&bytes)
    }
}

/// The networks shipped with the engine, fitted by `dama train net` (docs/ENGINE.md), one file
/// a game; an empty file means none for that game (it plays with its
/// region evaluation). A few kilobytes each, so every build has them all.
static SHIPPED_BYTES: ByVariant<&[u8]> = ByVariant::new(
    include_bytes!("../../../data/net-italian.bin"),
    include_bytes!("../../../data/net-brazilian.bin"),
);

/// The shipped network for `variant`, read once and shared by every engine, if there is one.
pub fn shipped(variant: Variant) -> Option<&'static Arc<Net>> {
    static NETS: ByVariant<std::sync::OnceLock<Option<Arc<Net>>>> =
        ByVariant::new(std::sync::OnceLock::new(), std::sync::OnceLock::new());
    NETS[variant]
        .get_or_init(|| {
            Net::from_bytes(SHIPPED_BYTES[variant])
                .ok()
                .filter(|n| n.variant == variant)
                .map(Arc::new)
        })
        .as_ref()
}

/// Whether every shipped network file was read and is for its game (a test checks it, so a
/// damaged file fails the tests rather than leaving a game on its region evaluation).
pub fn shipped_is_valid() -> bool {
    SHIPPED_BYTES
        .iter()
        .all(|(v, bytes)| bytes.is_empty() || Net::from_bytes(bytes).is_ok_and(|n| n.variant == v))
}

/// The second layer: `bias[k] + sum over j of w2[k][j] * a[j]`, from the weights by pairs of
/// inputs ([`Net`]'s `w2p`), the same integers on every path.
#[inline(always)]
fn affine(a: &[i16; 2 * HIDDEN], w2p: &[[i16; 2 * L2]], bias: &[i32; L2]) -> [i32; L2] {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        super::simd::affine_sse2(a, w2p, bias)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        super::simd::affine_simd128(a, w2p, bias)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        affine_portable(a, w2p, bias)
    }
}

/// A second layer's way of computing: [`affine`] or [`affine_portable`].
type Affine = fn(&[i16; 2 * HIDDEN], &[[i16; 2 * L2]], &[i32; L2]) -> [i32; L2];

/// The third layer (without its bias): each second-layer sum scaled down and clipped to 0-QA,
/// times its weight, added up.
type Output = fn(&[i32; L2], &[i32; L2]) -> i32;

/// [`Output`] with the build's SIMD (SSE4.1 natively where the target has it, as x86-64-v2
/// does; `simd128` in the browser), the same sum as [`output_portable`].
#[inline(always)]
fn output(z: &[i32; L2], w3: &[i32; L2]) -> i32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    {
        super::simd::output_sse41(z, w3)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        super::simd::output_simd128(z, w3)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse4.1"),
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        output_portable(z, w3)
    }
}

/// [`Output`] in plain integers.
pub(super) fn output_portable(z: &[i32; L2], w3: &[i32; L2]) -> i32 {
    z.iter()
        .zip(w3)
        .map(|(z, w)| (*z >> 6).clamp(0, QA) * *w)
        .sum()
}

/// [`affine`] in plain integers: what every SIMD path must equal.
pub(super) fn affine_portable(
    a: &[i16; 2 * HIDDEN],
    w2p: &[[i16; 2 * L2]],
    bias: &[i32; L2],
) -> [i32; L2] {
    let mut out = *bias;
    for (p, w) in w2p.iter().enumerate().take(HIDDEN) {
        let (a0, a1) = (a[2 * p] as i32, a[2 * p + 1] as i32);
        for k in 0..L2 {
            out[k] += a0 * w[2 * k] as i32 + a1 * w[2 * k + 1] as i32;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layers(seed: u64) -> Layers {
        let mut x = seed;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x % 401) as i16) - 200
        };
        let mut l = Layers {
            w1: vec![[0; HIDDEN]; INPUTS],
            b1: [0; HIDDEN],
            w2: vec![[0; 2 * HIDDEN]; L2],
            b2: [0; L2],
            w3: [0; L2],
            b3: 0,
        };
        l.w1.iter_mut().flatten().for_each(|w| *w = next() / 4);
        l.b1.iter_mut().for_each(|w| *w = next() / 4 + 60);
        l.w2.iter_mut().flatten().for_each(|w| *w = next() / 4);
        l.b2.iter_mut().for_each(|b| *b = next() as i32 * 40);
        l.w3.iter_mut().for_each(|w| *w = next());
        l
    }

    #[test]
    fn a_network_scores_a_position_and_its_mirror_alike_for_the_side_to_move() {
        let net = Net::from_layers(Variant::Italian, false, layers(7)).unwrap();
        let pos = Position::from_fen(Variant::Italian, "W:W21,22,K30:B1,2,K9,14").unwrap();
        let mirror = Position::from_fen(Variant::Italian, "B:WK24,19,31,32:B12,11,K3").unwrap();
        assert_eq!(net.evaluate(&pos), net.evaluate(&mirror));
        assert_ne!(net.evaluate(&pos), 0, "a random network scores something");
    }

    #[test]
    fn a_side_far_ahead_still_gains_by_every_piece_it_takes() {
        // White to move, level, then 3, 4 and 6 men ahead: the shipped networks score the
        // leads of 3 men and more within a few hundredths of each other on their own.
        for variant in Variant::ALL {
            let net = shipped(variant).expect("a network is shipped for each game");
            let score = |black: &str| {
                // Whole rows and the start of one: a valid position in either numbering.
                let fen = format!("W:W17,18,19,20,21,22,23,24,25,26:B{black}");
                net.evaluate(&Position::from_fen(variant, &fen).unwrap())
            };
            let (level, three, four, six) = (
                score("1,2,3,4,5,6,7,8,9,10"),
                score("1,2,3,4,5,6,7"),
                score("1,2,3,4,5,6"),
                score("1,2,3,4"),
            );
            assert!(level < three, "{variant:?}: {level} {three}");
            assert!(four >= three + 100, "{variant:?}: {three} {four}");
            assert!(six >= four + 200, "{variant:?}: {four} {six}");
            // Six men behind, the side to move lacks three beyond the lead; turned, the same.
            let fen = "B:W17,18,19,20,21,22,23,24,25,26:B1,2,3,4";
            let black = Position::from_fen(variant, fen).unwrap();
            assert_eq!(beyond_lead(&black), -300);
            assert_eq!(beyond_lead(&black.flipped()), -300);
        }
    }

    #[test]
    fn the_simd_second_layer_equals_the_plain_one() {
        let net = Net::from_layers(Variant::Italian, false, layers(11)).unwrap();
        let mut a = [0i16; 2 * HIDDEN];
        for (j, v) in a.iter_mut().enumerate() {
            *v = ((j * 37) % 128) as i16;
        }
        let plain = affine_portable(&a, &net.w2p, &net.b2);
        assert_eq!(affine(&a, &net.w2p, &net.b2), plain);
        // And the third layer, over sums below, inside and beyond its clipping.
        let z: [i32; L2] = std::array::from_fn(|k| (k as i32 - 5) * 1500 + plain[k] % 100);
        assert_eq!(output(&z, &net.w3w), output_portable(&z, &net.w3w));
        assert_eq!(output(&plain, &net.w3w), output_portable(&plain, &net.w3w));
        // The pairs layout holds the rows' weights.
        let mut by_rows = net.b2;
        for (k, row) in net.w2.iter().enumerate() {
            by_rows[k] += row
                .iter()
                .zip(a.iter())
                .map(|(w, x)| *w as i32 * *x as i32)
                .sum::<i32>();
        }
        assert_eq!(plain, by_rows);
    }

    #[test]
    fn updated_sums_equal_sums_made_afresh_along_a_game() {
        let net = Net::from_layers(Variant::Italian, false, layers(5)).unwrap();
        for variant in Variant::ALL {
            let mut pos = Position::start(variant);
            let mut acc = net.accumulate(&pos);
            for ply in 0..120 {
                let moves = pos.legal_moves();
                let Some(m) = moves.get((ply * 7) % moves.len().max(1)) else {
                    break;
                };
                let next = pos.play(m);
                acc = net.update(&acc, &pos, &next);
                assert_eq!(acc, net.accumulate(&next), "{variant:?} ply {ply}");
                assert_eq!(net.evaluate_with(&acc, &next), net.evaluate(&next));
                pos = next;
            }
        }
    }

    #[test]
    fn the_shipped_networks_are_read_and_for_their_games() {
        assert!(shipped_is_valid());
        assert!(shipped(Variant::Italian).is_some());
        for v in Variant::ALL {
            if let Some(n) = shipped(v) {
                assert_eq!(n.variant(), v);
            }
        }
    }

    #[test]
    fn a_network_file_round_trips_and_damage_is_refused() {
        let net = Net::from_layers(Variant::Brazilian, true, layers(3)).unwrap();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(Net::from_bytes(&bytes).unwrap(), net);
        let mut bad = bytes.clone();
        bad[HEADER + 10] ^= 1;
        assert_eq!(
            Net::from_bytes(&bad),
            Err(NetError::Corrupt(NetFile::Network))
        );
        assert!(matches!(
            Net::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::WrongLength { .. })
        ));
        assert_eq!(
            Net::from_bytes(b"DAMAEVAL"),
            Err(NetError::NotAFile(NetFile::Network))
        );
        let mut l = layers(3);
        l.w1[5][3] = MAX_WEIGHT + 1;
        assert_eq!(
            Net::from_layers(Variant::Italian, false, l),
            Err(NetError::OutOfBound("first-layer weight"))
        );
    }

    #[test]
    fn the_largest_weights_never_overflow_and_the_score_stays_bounded() {
        let mut l = layers(1);
        l.w1.iter_mut().flatten().for_each(|w| *w = MAX_WEIGHT);
        l.b1 = [MAX_WEIGHT; HIDDEN];
        l.w2.iter_mut().flatten().for_each(|w| *w = MAX_WEIGHT);
        l.w3 = [MAX_WEIGHT; L2];
        l.b2 = [MAX_BIAS; L2];
        l.b3 = MAX_BIAS;
        let net = Net::from_layers(Variant::Italian, false, l).unwrap();
        let full = Position::start(Variant::Italian);
        assert_eq!(net.evaluate(&full), MAX_SCORE);
    }
}
