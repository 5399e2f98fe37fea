//! The network's second layer with SSE2 (every x86-64 has it) and with wasm's `simd128` (the
//! browser's engine builds): the one place the core uses `unsafe`, for the intrinsics' loads
//! and stores. Each result equals `network::affine_portable`'s, which a test checks natively;
//! in wasm the search benchmark's checksum, equal to the native one, checks it
//! (crates/dama-wasm/tests/web.rs).

#![allow(unsafe_code)]

use super::shape::{HIDDEN, L2, QA};
#[cfg(target_arch = "wasm32")]
use core::arch::wasm32::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// `bias[k] + sum of w2[k][j] * a[j]`: each pair of inputs (one 32-bit lane of the inputs read
/// 16 bytes at a time, the first input in the low half), broadcast, is multiplied with the
/// pairs' weights of four outputs at a time by `pmaddwd`, which adds each pair's two products.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
pub(super) fn affine_sse2(
    a: &[i16; 2 * HIDDEN],
    w2p: &[[i16; 2 * L2]],
    bias: &[i32; L2],
) -> [i32; L2] {
    assert!(w2p.len() >= HIDDEN);
    let mut out = [0i32; L2];
    // SAFETY: SSE2 is enabled at compile time (the caller's cfg); every load and store is of
    // 16 bytes within an array of the lengths asserted above (2 * L2 = 32 i16 per pair row,
    // L2 = 16 i32 out) or of `a` (2 * HIDDEN = 64 i16, read in HIDDEN / 4 = 8 loads), unaligned
    // loads and stores being allowed.
    unsafe {
        let mut o = [
            _mm_loadu_si128(bias.as_ptr() as *const __m128i),
            _mm_loadu_si128(bias.as_ptr().add(4) as *const __m128i),
            _mm_loadu_si128(bias.as_ptr().add(8) as *const __m128i),
            _mm_loadu_si128(bias.as_ptr().add(12) as *const __m128i),
        ];
        // Four pairs of inputs at a time, each broadcast from one load of the inputs by a
        // shuffle; a pair of zeros is multiplied like any other (no branch a pair: with this
        // loop the whole search ran 4.7% fewer instructions).
        let ap = a.as_ptr() as *const __m128i;
        for (g, rows) in w2p[..HIDDEN].chunks_exact(4).enumerate() {
            let four = _mm_loadu_si128(ap.add(g));
            let lanes = [
                _mm_shuffle_epi32::<0x00>(four),
                _mm_shuffle_epi32::<0x55>(four),
                _mm_shuffle_epi32::<0xaa>(four),
                _mm_shuffle_epi32::<0xff>(four),
            ];
            for (av, w) in lanes.iter().zip(rows) {
                let wp = w.as_ptr() as *const __m128i;
                for (q, oq) in o.iter_mut().enumerate() {
                    *oq = _mm_add_epi32(*oq, _mm_madd_epi16(*av, _mm_loadu_si128(wp.add(q))));
                }
            }
        }
        for (q, oq) in o.iter().enumerate() {
            _mm_storeu_si128(out.as_mut_ptr().add(4 * q) as *mut __m128i, *oq);
        }
    }
    out
}

/// [`affine_sse2`] with wasm's `i32x4.dot_i16x8_s`, which does what `pmaddwd` does.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub(super) fn affine_simd128(
    a: &[i16; 2 * HIDDEN],
    w2p: &[[i16; 2 * L2]],
    bias: &[i32; L2],
) -> [i32; L2] {
    assert!(w2p.len() >= HIDDEN);
    let mut out = [0i32; L2];
    // SAFETY: simd128 is enabled at compile time (the caller's cfg); every load and store is
    // of 16 bytes within an array of the lengths asserted above, and wasm's v128 loads and
    // stores need no alignment.
    unsafe {
        let b = bias.as_ptr() as *const v128;
        let mut o = [
            v128_load(b),
            v128_load(b.add(1)),
            v128_load(b.add(2)),
            v128_load(b.add(3)),
        ];
        // The SSE2 loop's shape: four pairs of inputs a turn, no branch a pair. The number
        // of turns is hidden from LLVM: unrolled, it loads all 128 weight vectors first and
        // V8 spills most of them to the stack; written out with a branch skipping each pair
        // of zeros, a mispredicted branch a few pairs. Each was fewer instructions and more
        // time: the search benchmark in Node 9% slower than this loop (docs/BENCHMARKS.md).
        let ap = a.as_ptr() as *const v128;
        let groups = core::hint::black_box(HIDDEN / 4);
        for g in 0..groups.min(HIDDEN / 4) {
            let four = v128_load(ap.add(g));
            let rows = &w2p[4 * g..4 * g + 4];
            let lanes = [
                i32x4_shuffle::<0, 0, 0, 0>(four, four),
                i32x4_shuffle::<1, 1, 1, 1>(four, four),
                i32x4_shuffle::<2, 2, 2, 2>(four, four),
                i32x4_shuffle::<3, 3, 3, 3>(four, four),
            ];
            for (av, w) in lanes.iter().zip(rows) {
                let wp = w.as_ptr() as *const v128;
                for (q, oq) in o.iter_mut().enumerate() {
                    *oq = i32x4_add(*oq, i32x4_dot_i16x8(*av, v128_load(wp.add(q))));
                }
            }
        }
        let op = out.as_mut_ptr() as *mut v128;
        for (q, oq) in o.iter().enumerate() {
            v128_store(op.add(q), *oq);
        }
    }
    out
}

/// `network::output_portable` with SSE4.1 (x86-64-v2 onwards): the sums four at a time,
/// shifted, clipped and multiplied, then added across.
#[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
#[inline]
pub(super) fn output_sse41(z: &[i32; L2], w3: &[i32; L2]) -> i32 {
    // SAFETY: SSE4.1 is enabled at compile time (the caller's cfg); every load is of 16 bytes
    // within an array of L2 = 16 i32, unaligned loads being allowed.
    unsafe {
        let (zp, wp) = (z.as_ptr() as *const __m128i, w3.as_ptr() as *const __m128i);
        let (lo, hi) = (_mm_setzero_si128(), _mm_set1_epi32(QA));
        let mut s = _mm_setzero_si128();
        for q in 0..L2 / 4 {
            let v = _mm_srai_epi32::<6>(_mm_loadu_si128(zp.add(q)));
            let v = _mm_min_epi32(_mm_max_epi32(v, lo), hi);
            s = _mm_add_epi32(s, _mm_mullo_epi32(v, _mm_loadu_si128(wp.add(q))));
        }
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0x4e>(s));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0xb1>(s));
        _mm_cvtsi128_si32(s)
    }
}

/// [`output_sse41`] with wasm's `simd128`.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub(super) fn output_simd128(z: &[i32; L2], w3: &[i32; L2]) -> i32 {
    // SAFETY: simd128 is enabled at compile time (the caller's cfg); every load is of 16 bytes
    // within an array of L2 = 16 i32, and wasm's v128 loads need no alignment.
    unsafe {
        let (zp, wp) = (z.as_ptr() as *const v128, w3.as_ptr() as *const v128);
        let (lo, hi) = (i32x4_splat(0), i32x4_splat(QA));
        let mut s = i32x4_splat(0);
        for q in 0..L2 / 4 {
            let v = i32x4_shr(v128_load(zp.add(q)), 6);
            let v = i32x4_min(i32x4_max(v, lo), hi);
            s = i32x4_add(s, i32x4_mul(v, v128_load(wp.add(q))));
        }
        i32x4_extract_lane::<0>(s)
            + i32x4_extract_lane::<1>(s)
            + i32x4_extract_lane::<2>(s)
            + i32x4_extract_lane::<3>(s)
    }
}
