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
