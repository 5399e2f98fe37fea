//! notation::parse against fixed positions (and positions reached by a few moves chosen by the
//! first byte): whatever parses must be one of the legal moves, and its own text must parse
//! back to the same move.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::move_text(data));
