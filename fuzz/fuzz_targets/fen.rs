//! fen::parse on arbitrary text; whatever parses must write back to a FEN that parses to the
//! same position, and that FEN must be a fixed point of write(parse(.)).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::fen(data));
