//! Standard output that survives its reader going away.
//!
//! `println!` panics when stdout is a closed pipe (`dama openings --plies 4 | head -1`). The
//! commands print through `say!` (in main.rs) instead: a reader that has gone away ends the
//! program quietly with success, as Unix tools do; any other write error (a full disk) is
//! reported and exits with status 1.

use std::io::{self, Write};

/// Writes one line to standard output, or ends the program when it cannot.
pub fn line(args: std::fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(e) = writeln!(out, "{args}") {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("dama: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}
