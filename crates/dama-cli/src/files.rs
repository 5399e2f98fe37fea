//! The files options name, read with their size checked: no file is read whole before its
//! header says how long it should be.

use std::fmt::Display;
use std::fs::File;

/// Reads the file at `path` with `read`, which is given the open file and its length: every
/// loader reads its header first and compares the size it states with that length before it
/// reads the rest, so no file is read whole before it is checked. Only regular files are
/// read (a device or a pipe has no length to check). Errors name the file.
pub fn read_file<T, E: Display>(
    path: &str,
    read: impl FnOnce(File, u64) -> Result<T, E>,
) -> Result<T, String> {
    let f = File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let meta = f
        .metadata()
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("cannot read {path}: not a regular file"));
    }
    read(f, meta.len()).map_err(|e| format!("{path}: {e}"))
}
