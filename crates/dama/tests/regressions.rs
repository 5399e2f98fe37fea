//! Regressions found by fuzzing and soak runs.
//!
//! Every file kept under `tests/data/fuzz/<target>/` (the targets of the cargo-fuzz project in
//! `fuzz/`: `fen`, `move_text`, `pdn`, `play_indices`) is run through the same checks as its
//! fuzz target, so an input that once crashed stays fixed. To keep a crash, copy it from
//! `fuzz/artifacts/<target>/` into that folder (and, if it shows a bug not yet fixed, add a
//! named test below marked `#[ignore = "bug: ..."]`). The `hub` target's inputs belong to the
//! CLI and are not replayed here.

use std::path::PathBuf;

#[path = "../../../fuzz/checks.rs"]
mod checks;

fn kept(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut v: Vec<(String, Vec<u8>)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("readable"),
            )
        })
        .collect();
    v.sort();
    v
}

fn replay_kept(target: &str, check: fn(&[u8])) {
    for (name, data) in kept(target) {
        let r = std::panic::catch_unwind(|| check(&data));
        assert!(r.is_ok(), "tests/data/fuzz/{target}/{name} fails again");
    }
}

#[test]
fn kept_fen_inputs() {
    replay_kept("fen", checks::fen);
}

#[test]
fn kept_move_text_inputs() {
    replay_kept("move_text", checks::move_text);
}

#[test]
fn kept_pdn_inputs() {
    replay_kept("pdn", checks::pdn);
}

#[test]
fn kept_play_indices_inputs() {
    replay_kept("play_indices", checks::play_indices);
}

/// The checks themselves accept ordinary inputs (so a kept file that passes is meaningful).
#[test]
fn checks_accept_ordinary_inputs() {
    checks::fen(b"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    checks::fen(b"B:WK30:B10,K12,K18,20");
    checks::move_text(b"\x0022-18");
    checks::move_text(b"\x0227x25");
    checks::pdn(b"[GameType \"22\"]\n1. 22-18 9-13 2. 18x9 5x14 *\n");
    checks::play_indices(&(0..=255u8).cycle().take(2000).collect::<Vec<_>>());
}
