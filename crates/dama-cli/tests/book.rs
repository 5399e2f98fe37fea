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
    // The start and its three widest-kept replies.
    assert_eq!(book.positions(), 4, "{out}");
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
