//! Regressions found by fuzzing and soak runs.
//!
//! Every file kept under `tests/data/fuzz/<target>/` (the targets of the cargo-fuzz project in
//! `fuzz/`: `fen`, `move_text`, `pdn`, `play_indices`, `loaders`) is run through the same checks as its
//! fuzz target, so an input that once crashed stays fixed. To keep a crash, copy it from
//! `fuzz/artifacts/<target>/` into that folder (and, if it shows a bug not yet fixed, add a
//! named test below marked `#[ignore = "bug: ..."]`). The `hub` target's inputs belong to the
//! CLI and are not replayed here. A target's folder that is missing or empty fails its test.
//! The `loaders` files were made by hand from `fuzz/seeds/loaders/` (their first byte picks the
//! format, the second the length told): cut short, told longer, shorter or huge, and one whole.

use std::path::PathBuf;

#[path = "../../../../fuzz/checks.rs"]
mod checks;

/// The files kept for `target`, by name. A missing or empty folder fails: a replay of no input
/// would pass without checking anything.
fn kept(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("tests/data/fuzz/{target}/ is missing ({e})"));
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
    assert!(!v.is_empty(), "tests/data/fuzz/{target}/ keeps no input");
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
fn kept_loaders_inputs() {
    replay_kept("loaders", checks::loaders);
    // Files cut short or told a wrong length, made from the seeds, are refused; the whole
    // samples file beside them is read and round trips.
    let read: Vec<String> = kept("loaders")
        .into_iter()
        .filter(|(_, data)| checks::loaders_read(data))
        .map(|(name, _)| name)
        .collect();
    assert_eq!(read, ["samples-whole"], "the kept files read");
}

#[test]
fn the_loaders_seeds_read_and_round_trip() {
    // The seeds are real files (the shipped weights and book, a 2-piece table, samples):
    // each must be read, not only refused, so the target starts from inside every format.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/loaders");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("the loaders seeds") {
        let path = e.expect("an entry").path();
        let data = std::fs::read(&path).expect("readable");
        assert!(checks::loaders_read(&data), "{} is read", path.display());
        n += 1;
    }
    assert!(n >= 4, "{n} seeds");
}

#[test]
fn kept_play_indices_inputs() {
    replay_kept("play_indices", checks::play_indices);
}

/// The checks themselves accept ordinary inputs (so a kept file that passes is meaningful).
/// The rules-related targets' first byte chooses the game: even Italian, odd Brazilian.
#[test]
fn checks_accept_ordinary_inputs() {
    checks::fen(b"\x00W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    checks::fen(b"\x00B:WK30:B10,K12,K18,20");
    checks::fen(b"\x01W:WK29:B19,22");
    checks::move_text(b"\x00\x0022-18");
    checks::move_text(b"\x00\x0227x25");
    checks::move_text(b"\x01\x02a1xg3");
    checks::move_text(b"\x01\x03d4xb6xd8xf6xd4");
    checks::pdn(b"[GameType \"22\"]\n1. 22-18 9-13 2. 18x9 5x14 *\n");
    checks::pdn(b"[GameType \"26\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n");
    for v in [0u8, 1] {
        let data: Vec<u8> = std::iter::once(v)
            .chain((0..=255u8).cycle().take(2000))
            .collect();
        checks::play_indices(&data);
    }
}

/// The first byte chooses the game, and the kept Brazilian move texts are legal moves of the
/// positions they pick (so they exercise the round trip, not just the refusals).
#[test]
fn the_first_byte_chooses_the_game() {
    for (name, data) in kept("move_text") {
        if !name.starts_with("br-") {
            continue;
        }
        let (v, rest) = checks::variant_and_rest(&data).unwrap();
        let (fen, pos) = checks::move_text_position(v, rest[0]);
        let text = std::str::from_utf8(&rest[1..]).unwrap();
        assert!(
            dama::notation::parse(&pos.with_variant(v), text).is_ok(),
            "tests/data/fuzz/move_text/{name}: {text} in {v} {fen}"
        );
    }
    assert_eq!(checks::variant_and_rest(b""), None);
    assert_eq!(
        checks::variant_and_rest(b"\x00x"),
        Some((dama::Variant::Italian, &b"x"[..]))
    );
    assert_eq!(
        checks::variant_and_rest(b"\x03x"),
        Some((dama::Variant::Brazilian, &b"x"[..]))
    );
}
