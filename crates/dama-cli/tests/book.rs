//! `dama book`: a tiny build writes a book that loads, and probe reads it back.

mod common;

use common::{dama, stdout};

#[test]
fn a_tiny_build_writes_a_book_that_loads() {
    let dir = std::env::temp_dir().join(format!("dama-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("book.bin");
    let path = file.to_str().unwrap();
    let out = stdout(&dama(&[
        "book",
        "build",
        "--out",
        path,
        "--plies",
        "2",
        "--opening-plies",
        "0",
        "--depth",
        "4",
        "--margin",
        "1000",
        "--width",
        "3",
    ]));
    let bytes = std::fs::read(&file).unwrap();
    let book = dama::engine::book::Book::from_bytes(&bytes).unwrap();
    // The start and its three widest-kept replies, scored at the depth the file says.
    assert_eq!(book.positions(), 4, "{out}");
    assert_eq!(book.depth(), Some(4));
    assert!(out.contains(&format!("bytes {}", bytes.len())), "{out}");
    assert!(out.contains(&format!("entries {}", book.len())), "{out}");
    let start = dama::Position::start(dama::Variant::Italian);
    assert_eq!(book.probe(&start).len(), 3);

    let probe = stdout(&dama(&["book", "probe", "--book", path]));
    assert_eq!(probe.lines().count(), 3, "{probe}");
    let after = stdout(&dama(&[
        "book",
        "probe",
        "--book",
        path,
        "--fen",
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11",
    ]));
    assert!(after.starts_with("not in the book"), "{after}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_options_and_files_are_errors() {
    assert!(!dama(&["book"]).status.success());
    assert!(!dama(&["book", "build"]).status.success());
    assert!(
        !dama(&["book", "build", "--out", "x", "--depth", "3", "--time", "9"])
            .status
            .success()
    );
    let dir = std::env::temp_dir().join(format!("dama-book-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.bin");
    std::fs::write(&file, b"DBOK not a book").unwrap();
    let o = dama(&["book", "probe", "--book", file.to_str().unwrap()]);
    assert!(!o.status.success());
    std::fs::remove_dir_all(&dir).ok();
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-book-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_dropout_build_stores_what_it_is_asked_for_covers_every_opening_and_ignores_threads() {
    let dir = temp("dropout");
    let build = |threads: &str, name: &str| {
        let file = dir.join(name);
        let out = stdout(&dama(&[
            "book",
            "build",
            "--out",
            file.to_str().unwrap(),
            "--positions",
            "300",
            "--depth",
            "3",
            "--threads",
            threads,
        ]));
        (std::fs::read(&file).unwrap(), out, file)
    };
    let (one, out, file) = build("1", "one.bin");
    let (two, _, _) = build("2", "two.bin");
    assert_eq!(one, two, "the same book on one thread and two");
    let book = dama::engine::book::Book::from_bytes(&one).unwrap();
    assert_eq!(book.positions(), 300, "{out}");
    // The start is there with its best moves, and the shipped openings all are (or, for an
    // opening with one legal move, the position it leads to).
    let start = dama::Position::start(dama::Variant::Italian);
    assert!(!book.probe(&start).is_empty());
    // The scores are backed up the tree: a book move leading (through forced moves) to a
    // position of the book scores that position's best, seen from the side that moved.
    let mut linked = 0;
    // From the start and every position three plies in (where the openings are).
    let mut todo = vec![start];
    for _ in 0..3 {
        todo = todo
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|m| p.play(m))
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    todo.push(start);
    let mut seen = std::collections::HashSet::new();
    while let Some(pos) = todo.pop() {
        for (m, score) in book.probe(&pos) {
            let (mut child, mut plies) = (pos.play(&m), 1);
            while child.legal_moves().len() == 1 {
                child = child.play(&child.legal_moves()[0]);
                plies += 1;
            }
            let Some(&(_, best)) = book.probe(&child).first() else {
                continue;
            };
            let seen_from_parent = if plies % 2 == 1 { -best } else { best };
            assert_eq!(score, seen_from_parent, "{m:?} from {pos:?}");
            linked += 1;
            if seen.insert(child) {
                todo.push(child);
            }
        }
    }
    assert!(
        linked > 50,
        "only {linked} book moves lead to book positions"
    );
    let verdicts = stdout(&dama(&[
        "book",
        "openings",
        "--book",
        file.to_str().unwrap(),
    ]));
    let lines: Vec<&str> = verdicts.lines().collect();
    assert_eq!(lines.len(), 217, "{verdicts}");
    assert!(lines[0].ends_with(", 0 not in the book"), "{}", lines[0]);
    assert!(
        lines[1..].iter().all(|l| !l.ends_with("not in the book")),
        "{verdicts}"
    );
    // Each verdict names a side exactly when its score is a man or more either way.
    for l in &lines[1..] {
        let score: f64 = l
            .split_whitespace()
            .nth(3)
            .unwrap()
            .trim_end_matches(',')
            .parse()
            .unwrap();
        assert_eq!(l.contains("lost for"), score.abs() >= 1.0, "{l}");
    }

    // The verdicts are an openings list: a match reads it, comments and all.
    let list = dir.join("verdicts.txt");
    std::fs::write(&list, &verdicts).unwrap();
    let m = stdout(&dama(&[
        "match",
        "--a",
        "level=1",
        "--b",
        "level=1",
        "--time",
        "5",
        "--games",
        "2",
        "--openings",
        list.to_str().unwrap(),
    ]));
    assert!(
        m.contains("2 games from 1 openings (216 in the list)"),
        "{m}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_subset_keeps_the_positions_nearest_the_start_within_its_bytes() {
    let dir = temp("subset");
    let big = dir.join("big.bin");
    stdout(&dama(&[
        "book",
        "build",
        "--out",
        big.to_str().unwrap(),
        "--positions",
        "120",
        "--depth",
        "3",
    ]));
    let small = dir.join("small.bin");
    let out = stdout(&dama(&[
        "book",
        "subset",
        "--book",
        big.to_str().unwrap(),
        "--bytes",
        "400",
        "--out",
        small.to_str().unwrap(),
    ]));
    let bytes = std::fs::read(&small).unwrap();
    assert!(bytes.len() <= 400, "{out}");
    let read = |b: &[u8]| dama::engine::book::Book::from_bytes(b).unwrap();
    let (big, small) = (read(&std::fs::read(&big).unwrap()), read(&bytes));
    assert!(
        small.positions() > 5 && small.positions() < big.positions(),
        "{out}"
    );
    // The start first, with the big book's moves and scores (and its depth); every position
    // kept is the big book's.
    assert_eq!((big.depth(), small.depth()), (Some(3), Some(3)));
    let start = dama::Position::start(dama::Variant::Italian);
    assert_eq!(small.probe(&start), big.probe(&start));
    for e in small.entries() {
        assert!(big.entries_of(e.key).contains(e), "{e:?}");
    }
    // With room for it all, a drop-out book comes out whole: each of its positions is reached
    // from the start (or a shipped opening) through positions it holds, by any move.
    let all = dir.join("all.bin");
    stdout(&dama(&[
        "book",
        "subset",
        "--book",
        dir.join("big.bin").to_str().unwrap(),
        "--bytes",
        "1000000",
        "--out",
        all.to_str().unwrap(),
    ]));
    assert_eq!(read(&std::fs::read(&all).unwrap()).entries(), big.entries());
    for bad in [&["--bytes", "10"][..], &["--bytes", "x"][..], &[][..]] {
        let mut args = vec!["book", "subset", "--book", "nothing.bin", "--out", "o.bin"];
        args.extend_from_slice(bad);
        assert!(!dama(&args).status.success(), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_dropout_build_refuses_the_options_of_the_other_growth() {
    for args in [
        &["--positions", "0"][..],
        &["--positions", "1000001"][..],
        &["--positions", "10", "--opening-plies", "2"][..],
        &["--ply-cost", "10"][..],
        &["--positions", "10", "--ply-cost", "0"][..],
        &["--positions", "10", "--plies", "41"][..],
    ] {
        let mut all = vec!["book", "build", "--out", "never.bin", "--depth", "1"];
        all.extend_from_slice(args);
        let o = dama(&all);
        assert!(!o.status.success(), "{args:?}");
        assert!(!std::path::Path::new("never.bin").exists());
    }
}
