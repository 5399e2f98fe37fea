//! The Hub protocol lives in the `dama` binary (crates/dama-cli/src/hub.rs), not in a library.
//! To fuzz the real line handling without touching the CLI, this copies hub.rs into OUT_DIR
//! without its inner doc comments (which `include!` does not accept), and the `hub` target
//! includes it as a module of its own.
use std::{env, fs, path::PathBuf};

fn main() {
    let src = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap())
        .join("../crates/dama-cli/src/hub.rs");
    println!("cargo:rerun-if-changed={}", src.display());
    let text = fs::read_to_string(&src).expect("crates/dama-cli/src/hub.rs");
    let kept: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//!") && !l.trim_start().starts_with("#!["))
        .map(|l| format!("{l}\n"))
        .collect();
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("hub.rs");
    fs::write(out, kept).unwrap();
}
