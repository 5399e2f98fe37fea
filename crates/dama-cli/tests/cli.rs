//! The other subcommands, run as the user runs them.

mod common;

use common::{dama, stdout};
use std::process::Command;

#[test]
fn shipped_openings_are_the_generator_output() {
    let out = stdout(&dama(&["openings", "--plies", "3"]));
    // The list carries the book's verdicts as comments (dama book openings, make book).
    let shipped = common::fens_of(include_str!("../data/openings.txt"));
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        shipped,
        "regenerate with: dama openings --plies 3"
    );
    assert_eq!(shipped.len(), 216);
    let fens: std::collections::HashSet<&str> = shipped.iter().copied().collect();
    assert_eq!(fens.len(), 216, "positions repeat");
    for fen in shipped {
        let p = dama::Position::from_fen(dama::Variant::Italian, fen).unwrap();
        assert!(!p.legal_moves().is_empty());
    }
}

#[test]
fn openings_after_one_ply_are_the_seven_first_moves() {
    let out = stdout(&dama(&["openings", "--plies", "1"]));
    assert_eq!(out.lines().count(), 7);
}

#[test]
fn bench_search_is_deterministic() {
    let a = stdout(&dama(&["bench", "search", "--depth", "5"]));
    let b = stdout(&dama(&["bench", "--depth", "5", "--tt", "8"]));
    let line = |s: &str, key: &str| {
        s.lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("no {key} in {s}"))
            .to_string()
    };
    assert_eq!(line(&a, "nodes "), line(&b, "nodes "));
    assert_eq!(line(&a, "checksum"), line(&b, "checksum"));
    assert!(line(&a, "nodes/s").len() > 8);
}

#[test]
fn bench_depth_reports_a_depth() {
    let out = stdout(&dama(&["bench", "depth", "--time", "100"]));
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("depth "), "{out}");
    let d: u32 = last.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(d >= 1);
}

#[test]
fn a_short_match_by_depth_adds_up() {
    let out = stdout(&dama(&[
        "match",
        "--a",
        "full",
        "--b",
        "level=2",
        "--depth",
        "3",
        "--games",
        "4",
        "--threads",
        "2",
    ]));
    let games = out.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games, 4, "{out}");
    let summary = out.lines().find(|l| l.starts_with("A: +")).expect(&out);
    // +W =D -L adds up to the games played.
    let n: u32 = summary
        .split_whitespace()
        .take(4)
        .skip(1)
        .map(|t| t[1..].parse::<u32>().unwrap())
        .sum();
    assert_eq!(n, 4, "{summary}");
    assert!(!out.contains("PROBLEM"), "{out}");
}

#[test]
fn match_options_are_checked() {
    for args in [
        &["match", "--a", "fast"][..],
        &["match", "--time", "10", "--depth", "3"],
        &["match", "--games", "0"],
        &["match", "--openings", "/nonexistent/file"],
        &["bench", "depth", "--time", "-5"],
        &["openings", "--plies", "99"],
    ] {
        let o = dama(args);
        assert!(!o.status.success(), "{args:?} should fail");
        assert!(!o.stderr.is_empty());
    }
}

#[test]
fn perft_and_moves_still_work() {
    let out = stdout(&dama(&["perft", "--depth", "6"]));
    assert!(out.contains("leaves 36473"), "{out}");
    let out = stdout(&dama(&["moves", "--fen", "W:WK30:B10,12,18,K20,K26,27"]));
    assert_eq!(out.trim(), "30x21x14x5");
}

/// A reader that goes away early (a closed pipe) ends the output quietly, without a panic, and
/// a full disk (`/dev/full`, required on Linux) is an error that says so.
#[test]
fn closed_pipes_and_full_disks() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        // 596 KB of output: far more than a pipe holds, so the writer meets the hang-up.
        .args(["openings", "--plies", "6"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line's worth, then hang up, as `| head -1` does.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{:?} {err}", o.status);
    assert!(!err.contains("panicked"), "{err}");
    if !std::path::Path::new("/dev/full").exists() {
        // Every Linux has /dev/full: without it the environment is broken, and the full-disk
        // half must not pass unchecked there. Other systems may lack it: said, then skipped.
        if cfg!(target_os = "linux") {
            panic!("/dev/full is missing: the full-disk half cannot run");
        }
        eprintln!("closed_pipes_and_full_disks: no /dev/full here; the full-disk half is skipped");
        return;
    }
    let o = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["perft", "--depth", "3"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write to standard output"));
    // The match refuses its PDN file before playing: no game line is printed.
    let o = dama(&[
        "match",
        "--depth",
        "2",
        "--games",
        "50",
        "--pdn",
        "/dev/full",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write /dev/full"));
    assert!(!String::from_utf8_lossy(&o.stdout).contains("game "));
}
