//! The network's second layer with SSE2 (every x86-64 has it): the one place the core uses
//! `unsafe`, for the intrinsics' loads and target features. Its result equals
//! `network::affine_portable`'s, which a test checks.

#![allow(unsafe_code)]

use super::network::{HIDDEN, L2};
use core::arch::x86_64::*;

/// `bias[k] + sum of w2[k][j] * a[j]`: each pair of inputs, broadcast, is multiplied with the
/// pairs' weights of four outputs at a time by `pmaddwd`, which adds each pair's two products.
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
            let pair = (a[2 * p] as u16 as u32 | ((a[2 * p + 1] as u16 as u32) << 16)) as i32;
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
