//! The engine's data files (weights, samples, endgame tables, opening book) from arbitrary
//! bytes and lengths that may lie: refused or read, never a panic, never past the length
//! told, and what is read writes back the same (see `checks::loaders`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::loaders(data));
