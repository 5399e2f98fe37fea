//! `--variant` on the command line: Brazilian draughts in perft, moves, openings, bench,
//! training and evaluation files, and the commands that refuse it.

mod common;

use common::{dama, stdout};
use dama::{fen, notation, Variant};

const B: Variant = Variant::Brazilian;

fn fails_with(args: &[&str], words: &[&str]) {
    let o = dama(args);
    assert!(!o.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&o.stderr);
    for w in words {
        assert!(err.contains(w), "{args:?}: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn brazilian_perft() {
    let out = stdout(&dama(&["perft", "--variant", "brazilian", "--depth", "6"]));
    assert!(out.contains("leaves 37628"), "{out}");
    // The game types name the games too.
    let out = stdout(&dama(&["perft", "--variant=26", "--depth", "4"]));
    assert!(out.contains("leaves 1469"), "{out}");
    // Divided by first move, in algebraic notation.
    let out = stdout(&dama(&[
        "perft",
        "--variant",
        "brazilian",
        "--depth",
        "3",
        "--divide",
    ]));
    assert!(out.lines().any(|l| l == "c3-d4 40"), "{out}");
    let sum: u64 = out
        .lines()
        .filter(|l| l.contains('-') && !l.starts_with("leaves") && !l.starts_with("time"))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 302, "{out}");
    // --fen in the Brazilian numbering: a white king on 29 (a1) flies along the long diagonal.
    let out = stdout(&dama(&[
        "perft",
        "--variant",
        "brazilian",
        "--fen",
        "W:WK29:B1",
        "--depth",
        "1",
        "--divide",
    ]));
    assert!(out.contains("a1-h8 1"), "{out}");
    assert!(out.contains("leaves 7"), "{out}");
}

#[test]
fn brazilian_moves_are_algebraic() {
    // A flying king's captures, and a man's captures forward and backward, every landing
    // square written.
    let out = stdout(&dama(&[
        "moves",
        "--variant",
        "brazilian",
        "--fen",
        "W:WK29:B18,11",
    ]));
    let mut got: Vec<&str> = out.lines().collect();
    got.sort();
    assert_eq!(got, ["a1xe5xg7", "a1xe5xh8"], "{out}");
    let f = "W:WK29,22:B18,10,11,19,26";
    let out = stdout(&dama(&["moves", "--variant", "brazilian", "--fen", f]));
    let pos = fen::parse(B, f).unwrap();
    let legal = pos.with_variant(B).legal_moves();
    let mut want: Vec<String> = legal.iter().map(|m| notation::full_text(B, m)).collect();
    let mut got: Vec<String> = out.lines().map(str::to_string).collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    assert!(
        got.iter()
            .all(|m| m.starts_with(|c: char| c.is_ascii_lowercase()) && m.contains('x')),
        "{out}"
    );
    // The start, in algebraic.
    let out = stdout(&dama(&["moves", "--variant", "brazilian"]));
    assert!(out.lines().any(|l| l == "c3-d4"), "{out}");
    // Italian stays numeric.
    let out = stdout(&dama(&["moves", "--variant", "italian"]));
    assert!(out.lines().any(|l| l == "22-18"), "{out}");
}

#[test]
fn shipped_brazilian_openings_are_the_generator_output() {
    let out = stdout(&dama(&[
        "openings",
        "--variant",
        "brazilian",
        "--plies",
        "3",
    ]));
    let shipped = common::fens_of(include_str!("../data/openings-brazilian.txt"));
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        shipped,
        "regenerate with: dama openings --variant brazilian --plies 3"
    );
    let fens: std::collections::HashSet<&str> = shipped.iter().copied().collect();
    assert_eq!(fens.len(), shipped.len(), "positions repeat");
    for f in &shipped {
        let p = fen::parse(B, f).unwrap();
        assert!(!p.with_variant(B).legal_moves().is_empty());
    }
    // The Brazilian list is in its own numbering: not the Italian file.
    assert_ne!(
        shipped,
        common::fens_of(include_str!("../data/openings.txt"))
    );
}

#[test]
fn bad_game_names_are_refused_clearly() {
    for args in [
        &["perft", "--variant", "international", "--depth", "2"][..],
        &["moves", "--variant", "checkers"],
        &["openings", "--variant", "x"],
        &[
            "match",
            "--variant",
            "frisian",
            "--depth",
            "1",
            "--games",
            "1",
        ],
        &["bench", "depth", "--variant", "russian", "--time", "10"],
        &["bench", "perft", "--variant", "pool", "--depth", "1"],
        &["train", "gen", "--variant", "spanish", "--out", "/dev/null"],
        &[
            "train",
            "fit",
            "--variant",
            "turkish",
            "--data",
            "x",
            "--out",
            "y",
        ],
        &["hub", "--variant", "english"],
        &["book", "probe", "--variant", "canadian"],
    ] {
        fails_with(
            args,
            &["--variant", "unknown game", "\"italian\" or \"brazilian\""],
        );
    }
}

#[test]
fn the_bench_positions_are_italian_only() {
    fails_with(
        &["bench", "--variant", "brazilian", "--depth", "1"],
        &["for Italian draughts only", "Brazilian draughts"],
    );
}

/// Each game has its own book: probe reads the game's, a tiny build of either game writes a
/// book of that game, and a book file of one game is refused for the other.
#[test]
fn each_game_has_its_own_book() {
    for variant in ["italian", "brazilian"] {
        let out = stdout(&dama(&["book", "probe", "--variant", variant]));
        assert!(!out.starts_with("not in the book"), "{variant}: {out}");
    }
    let dir = std::env::temp_dir().join(format!("dama-variant-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("br.bin");
    let path = file.to_str().unwrap();
    stdout(&dama(&[
        "book",
        "build",
        "--variant",
        "brazilian",
        "--out",
        path,
        "--plies",
        "1",
        "--opening-plies",
        "0",
        "--depth",
        "3",
        "--width",
        "2",
    ]));
    let book = dama::engine::book::Book::from_bytes(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(book.variant(), dama::Variant::Brazilian);
    assert_eq!(book.positions(), 1);
    // At most --width moves, those the search keeps near the best.
    let moves = book
        .probe(&dama::Position::start(dama::Variant::Brazilian))
        .len();
    assert!((1..=2).contains(&moves), "{moves} book moves");
    // The file says its game: probe reads it as Brazilian without --variant, and refuses it
    // as Italian.
    let probe = stdout(&dama(&["book", "probe", "--book", path]));
    assert_eq!(probe.lines().count(), moves, "{probe}");
    fails_with(
        &["book", "probe", "--book", path, "--variant", "italian"],
        &["a book of Brazilian draughts, not of Italian draughts"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Each game has its own tables; a match or a Hub engine refuses another game's.
#[test]
fn tables_of_one_game_are_not_used_in_the_other() {
    let dir = std::env::temp_dir().join(format!("dama-variant-egtb-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    stdout(&dama(&["egtb", "build", "--pieces", "2", "--out", d]));
    fails_with(
        &[
            "match",
            "--variant",
            "brazilian",
            "--egtb",
            d,
            "--games",
            "1",
        ],
        &[
            "--egtb",
            "the tables are of Italian draughts",
            "Brazilian draughts",
        ],
    );
    fails_with(
        &["hub", "--egtb", &format!("{d},{d}")],
        &["--egtb", "a second directory of Italian draughts tables"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_perft_checks_both_games() {
    let out = stdout(&dama(&["bench", "perft", "--depth", "5", "--runs", "1"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("perft italian") && lines[0].contains("leaves         7361"));
    assert!(
        lines[1].starts_with("perft brazilian") && lines[1].contains("leaves         7473"),
        "{out}"
    );
    assert!(lines.iter().all(|l| l.ends_with("ok")), "{out}");
    let out = stdout(&dama(&[
        "bench",
        "perft",
        "--variant",
        "brazilian",
        "--depth",
        "6",
        "--runs",
        "2",
    ]));
    assert!(
        out.contains("37628") && out.contains("best of 2") && out.trim().ends_with("ok"),
        "{out}"
    );
    let out = stdout(&dama(&[
        "bench",
        "depth",
        "--variant",
        "brazilian",
        "--fen",
        "W:WK29:B18,11",
        "--time",
        "50",
    ]));
    // Principal variations in algebraic.
    assert!(out.lines().next().unwrap().contains(" a1x"), "{out}");
}

/// A scratch directory of this test process, removed at the end of the test.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("dama-variant-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        Scratch(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("utf-8 path").to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn brazilian_training_writes_brazilian_weights_that_only_brazilian_games_take() {
    let dir = Scratch::new("train");
    let data = dir.file("br.samples");
    let net = dir.file("br.bin");
    let out = stdout(&dama(&[
        "train",
        "gen",
        "--variant",
        "brazilian",
        "--games",
        "4",
        "--nodes",
        "150",
        "--max-plies",
        "60",
        "--threads",
        "2",
        "--out",
        &data,
    ]));
    assert!(out.contains("4 games of Brazilian draughts"), "{out}");
    // The samples file says its game: fitting Italian weights to it is refused.
    fails_with(
        &[
            "train", "fit", "--data", &data, "--out", &net, "--epochs", "1",
        ],
        &["positions of Brazilian draughts", "--variant brazilian"],
    );
    assert!(!std::path::Path::new(&net).exists(), "nothing written");
    let out = stdout(&dama(&[
        "train",
        "fit",
        "--variant",
        "brazilian",
        "--data",
        &data,
        "--out",
        &net,
        "--epochs",
        "1",
        "--batch",
        "64",
    ]));
    assert!(
        out.contains("weights for Brazilian draughts written"),
        "{out}"
    );
    let bytes = std::fs::read(&net).unwrap();
    let n = dama::engine::eval::pattern::Net::from_bytes(&bytes).unwrap();
    assert_eq!(n.variant(), B);

    // An Italian game does not take Brazilian weights, and Brazilian ones do not take
    // Italian weights or the hand-written (Italian) evaluation.
    fails_with(
        &[
            "train", "gen", "--eval", &net, "--games", "1", "--out", &data,
        ],
        &["Brazilian draughts, not for Italian draughts"],
    );
    fails_with(
        &["match", "--a", &format!("eval={net}"), "--games", "1"],
        &["Brazilian draughts, not for Italian draughts"],
    );
    // Italian samples with Brazilian starting weights.
    let it_data = dir.file("it.samples");
    stdout(&dama(&[
        "train",
        "gen",
        "--games",
        "2",
        "--nodes",
        "100",
        "--max-plies",
        "40",
        "--out",
        &it_data,
    ]));
    fails_with(
        &[
            "train", "fit", "--data", &it_data, "--out", &net, "--start", &net,
        ],
        &["not for Italian draughts"],
    );
    fails_with(
        &[
            "train",
            "gen",
            "--variant",
            "brazilian",
            "--eval",
            "classic",
            "--out",
            &data,
        ],
        &["classic", "Italian draughts"],
    );
    // A fit started from the Brazilian weights goes on in Brazilian.
    let out = stdout(&dama(&[
        "train",
        "fit",
        "--variant",
        "brazilian",
        "--data",
        &data,
        "--out",
        &dir.file("br2.bin"),
        "--start",
        &net,
        "--epochs",
        "1",
    ]));
    assert!(out.contains("Brazilian"), "{out}");
    // dama hub takes weights of either game, one per game.
    fails_with(
        &["hub", "--eval", &format!("{net},{net}")],
        &["two evaluations for Brazilian draughts"],
    );
    // A Brazilian match with the Brazilian weights plays.
    let out = stdout(&dama(&[
        "match",
        "--variant",
        "brazilian",
        "--a",
        &format!("eval={net}"),
        "--b",
        "plain",
        "--depth",
        "1",
        "--games",
        "2",
        "--max-plies",
        "20",
    ]));
    assert!(out.contains("Brazilian draughts"), "{out}");
    assert!(!out.contains("PROBLEM"), "{out}");
}

#[test]
fn help_names_the_option() {
    let out = stdout(&dama(&["help"]));
    assert!(out.contains("--variant GAME"), "{out}");
    assert!(out.contains("bench perft"), "{out}");
    // clap writes an option's value as <GAME>.
    let out = stdout(&dama(&["match", "--help"]));
    assert!(out.contains("--variant <GAME>"), "{out}");
}
