//! `dama puzzles`, run as the user runs it: bad options are refused with a clear message, and a
//! small run writes a data file that reads back, replays, and does not depend on the number of
//! threads.

mod common;

use common::{dama, stdout};

#[test]
fn bad_options_are_refused() {
    for (args, says) in [
        (
            &["puzzles", "--count", "0"][..],
            "--count must be 1 to 9999",
        ),
        (&["puzzles", "--depth", "x"][..], "--depth expects a number"),
        (&["puzzles", "--depth", "99"][..], "--depth must be 1 to 40"),
        (
            &["puzzles", "--threads", "0"][..],
            "--threads must be 1 to 64",
        ),
        (&["puzzles", "--variant", "chess"][..], "--variant"),
        (
            &["puzzles", "--frobnicate"][..],
            "unknown option --frobnicate",
        ),
        (&["puzzles", "--out"][..], "--out needs a value"),
    ] {
        let o = dama(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Shallow depths and one puzzle (the 78th position of seed 3) keep the run to a second or
/// two; the file is the same with one thread or two.
#[test]
fn a_small_run_writes_a_file_that_replays() {
    let dir = std::env::temp_dir().join(format!("dama-puzzles-{}", std::process::id()));
    let out = dir.join("sub").join("p.json");
    let out_s = out.to_str().unwrap();
    let args = [
        "puzzles", "--count", "1", "--seed", "3", "--depth", "8", "--screen", "6", "--out",
    ];
    let mut one: Vec<&str> = args.to_vec();
    one.push(out_s);
    stdout(&dama(&one));
    let text = std::fs::read_to_string(&out).unwrap();
    let file = dama_cli::puzzle::parse_file(&text).unwrap();
    assert_eq!(
        file.generator,
        "dama puzzles --count 1 --seed 3 --depth 8 --screen 6"
    );
    assert_eq!(file.puzzles.len(), 1, "{text}");
    for e in &file.puzzles {
        dama_cli::puzzle::check_line(dama::Variant::Italian, &e.puzzle).unwrap();
    }
    // Two threads, to standard output: the same puzzles.
    let mut two: Vec<&str> = args[..args.len() - 1].to_vec();
    two.extend(["--threads", "2"]);
    let printed = stdout(&dama(&two));
    let again = dama_cli::puzzle::parse_file(&printed).unwrap();
    assert_eq!(again.puzzles, file.puzzles);
    std::fs::remove_dir_all(&dir).ok();
}
