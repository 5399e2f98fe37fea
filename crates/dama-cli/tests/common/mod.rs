//! Running the `dama` binary from the CLI's integration tests.

use std::process::{Command, Output};

/// Runs `dama` with `args` and waits for it.
pub fn dama(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("run dama")
}

/// The standard output of a run that must have succeeded (its standard error otherwise).
pub fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

/// The FENs of an openings list, in order: what precedes a `#` on each line, blank lines and
/// comment lines left out (the shipped lists carry the book's verdicts as comments).
#[allow(dead_code)] // not every test file reads a list
pub fn fens_of(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}
