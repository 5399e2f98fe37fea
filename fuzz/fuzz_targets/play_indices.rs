//! Each byte picks a legal move (modulo their number) from the start; after every move the
//! game's invariants must hold.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::play_indices(data));
