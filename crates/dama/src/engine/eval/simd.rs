//! The network's second layer with SSE2 (every x86-64 has it) and with wasm's `simd128` (the
//! browser's engine builds): the one place the core uses `unsafe`, for the intrinsics' loads
//! and stores. Each result equals `network::affine_portable`'s, which a test checks natively;
//! in wasm the search benchmark's checksum, equal to the native one, checks it
//! (crates/dama-wasm/tests/web.rs).

#![allow(unsafe_code)]

use super::network::{HIDDEN, L2};
#[cfg(target_arch = "wasm32")]
use core::arch::wasm32::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// Each pair of inputs as one 32-bit lane (the first in the low half), as both instruction
/// sets' pairwise multiply-adds take it.
#[inline(always)]
fn pair(a: &[i16; 2 * HIDDEN], p: usize) -> i32 {
    (a[2 * p] as u16 as u32 | ((a[2 * p + 1] as u16 as u32) << 16)) as i32
}

/// `bias[k] + sum of w2[k][j] * a[j]`: each pair of inputs, broadcast, is multiplied with the
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
    // L2 = 16 i32 out), unaligned loads and stores being allowed.
    unsafe {
        let mut o = [
            _mm_loadu_si128(bias.as_ptr() as *const __m128i),
            _mm_loadu_si128(bias.as_ptr().add(4) as *const __m128i),
            _mm_loadu_si128(bias.as_ptr().add(8) as *const __m128i),
            _mm_loadu_si128(bias.as_ptr().add(12) as *const __m128i),
        ];
        for (p, w) in w2p.iter().enumerate().take(HIDDEN) {
            let pair = pair(a, p);
            if pair == 0 {
                continue;
            }
            let av = _mm_set1_epi32(pair);
            let wp = w.as_ptr() as *const __m128i;
            for (q, oq) in o.iter_mut().enumerate() {
                *oq = _mm_add_epi32(*oq, _mm_madd_epi16(av, _mm_loadu_si128(wp.add(q))));
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
        for (p, w) in w2p.iter().enumerate().take(HIDDEN) {
            let pair = pair(a, p);
            if pair == 0 {
                continue;
            }
            let av = i32x4_splat(pair);
            let wp = w.as_ptr() as *const v128;
            for (q, oq) in o.iter_mut().enumerate() {
                *oq = i32x4_add(*oq, i32x4_dot_i16x8(av, v128_load(wp.add(q))));
            }
        }
        let op = out.as_mut_ptr() as *mut v128;
        for (q, oq) in o.iter().enumerate() {
            v128_store(op.add(q), *oq);
        }
    }
    out
}
