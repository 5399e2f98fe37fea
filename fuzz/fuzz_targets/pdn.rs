//! pdn::parse on arbitrary text and pdn::replay of every game: never panics; a replayed game
//! written back as PDN reads back to the same moves, position and result.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::pdn(data));
