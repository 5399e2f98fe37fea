//! An `--openings` file: FENs in the game's numbering, read within its bounds.

use crate::opening_lists;
use dama::{Position, Variant};
use std::io::Read;

/// The largest `--openings` file, its longest line and the most openings in it.
pub const OPENINGS_BYTES: u64 = 1 << 20;
const OPENINGS_LINE: usize = 1000;
const OPENINGS_MAX: usize = 10_000;

/// The openings of an `--openings` file, read only up to [`OPENINGS_BYTES`]: a larger file is
/// refused from its size before reading, and one whose size is not known (a pipe, a device)
/// when its reading passes the bound.
pub fn read(path: &str, variant: Variant) -> Result<Vec<Position>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read it: {e}"))?;
    let too_big = || format!("over {} MiB", OPENINGS_BYTES >> 20);
    if file.metadata().is_ok_and(|m| m.len() > OPENINGS_BYTES) {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(OPENINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read it: {e}"))?;
    if bytes.len() as u64 > OPENINGS_BYTES {
        return Err(too_big());
    }
    let text = String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
    if let Some(i) = text.lines().position(|l| l.len() > OPENINGS_LINE) {
        return Err(format!("line {} is over {OPENINGS_LINE} bytes", i + 1));
    }
    let all = opening_lists::parse_list(variant, &text)?;
    if all.len() > OPENINGS_MAX {
        return Err(format!("more than {OPENINGS_MAX} openings"));
    }
    Ok(all)
}
