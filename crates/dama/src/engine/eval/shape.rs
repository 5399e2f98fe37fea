//! The network's shape and its fixed-point scales: what the network ([`network`](super::network))
//! and its SIMD kernels (`simd.rs`) both build on, so that the kernels need nothing of the
//! network itself.

/// Squares of the board.
pub const SQUARES: usize = 32;
/// Inputs: four kinds of piece on 32 squares.
pub const INPUTS: usize = 4 * SQUARES;
/// Values of one side's accumulator.
pub const HIDDEN: usize = 32;
/// Values of the second layer.
pub const L2: usize = 16;
/// 1.0 in the first layer's weights and in every clipped value.
pub const QA: i32 = 127;
/// 1.0 in the second and third layers' weights.
pub const QB: i32 = 64;
