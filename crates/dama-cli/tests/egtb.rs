//! `dama egtb`: build, verify and probe, run as the user runs them.

mod common;

use common::{dama, stdout};
use std::process::Command;

#[test]
fn build_verify_and_probe() {
    let dir = std::env::temp_dir().join(format!("dama-egtb-cli-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let out = stdout(&dama(&["egtb", "build", "--pieces", "3", "--out", d]));
    assert!(out.contains("0m2k-0m1k"), "{out}");
    assert!(out.contains("total: 16 tables"), "{out}");
    assert!(out.contains("peak memory"), "{out}");
    for n in 2..=3 {
        assert!(dir.join(format!("italian-{n}.egtb")).is_file());
    }
    let out = stdout(&dama(&["egtb", "verify", "--dir", d]));
    assert!(out.contains("every value agrees"), "{out}");

    let out = stdout(&dama(&["egtb", "probe", "--dir", d, "W:WK29,K30:BK4"]));
    assert!(out.starts_with("win dtz "), "{out}");
    assert!(out.contains("best "), "{out}");
    let out = stdout(&dama(&["egtb", "probe", "--dir", d, "W:WK29:BK4"]));
    assert!(out.starts_with("draw"), "{out}");
    // Not in the tables, a bad FEN, a damaged file: errors, not panics.
    assert!(!dama(&["egtb", "probe", "--dir", d, "W:WK29,K30,K31:BK4"])
        .status
        .success());
    assert!(!dama(&["egtb", "probe", "--dir", d, "W:nonsense"])
        .status
        .success());
    let f = dir.join("italian-3.egtb");
    let bytes = std::fs::read(&f).unwrap();
    std::fs::write(&f, &bytes[..bytes.len() / 2]).unwrap();
    let o = dama(&["egtb", "probe", "--dir", d, "W:WK29,K30:BK4"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("truncated"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Tables up to 3 pieces in a fresh temporary directory named after `name`.
fn tables3(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-egtb-{name}-{}", std::process::id()));
    stdout(&dama(&[
        "egtb",
        "build",
        "--pieces",
        "3",
        "--out",
        dir.to_str().unwrap(),
    ]));
    dir
}

/// The referee watches the games with the tables: a Hub engine given the tables converts its
/// won ending, and `--adjudicate` ends games at their first table position.
#[test]
fn matches_watch_and_adjudicate_with_the_tables() {
    let dir = tables3("match");
    let d = dir.to_str().unwrap();
    // Two kings against one: won for the side with two (99% of such positions).
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "W:WK29,K30:BK4\n").unwrap();
    let o = openings.to_str().unwrap();
    let hub = format!("hub:{} hub --egtb {d}", env!("CARGO_BIN_EXE_dama"));
    let out = stdout(&dama(&[
        "match",
        "--a",
        &hub,
        "--b",
        "full",
        "--depth",
        "3",
        "--openings",
        o,
        "--games",
        "1",
        "--egtb",
        d,
    ]));
    assert!(out.contains("A wins (no-moves"), "{out}");
    assert!(
        out.contains("A stood won in the endgame tables in 1 games and failed to win 0 of them"),
        "{out}"
    );
    let out = stdout(&dama(&[
        "match",
        "--a",
        "full",
        "--b",
        "full",
        "--depth",
        "3",
        "--openings",
        o,
        "--games",
        "2",
        "--egtb",
        d,
        "--adjudicate",
    ]));
    assert!(out.contains("endings: tables 2"), "{out}");
    assert!(out.contains("A: +1 =0 -1"), "{out}");
    // Adjudicating needs the tables; unreadable tables stop the match before it starts.
    assert!(!dama(&["match", "--adjudicate", "--games", "1"])
        .status
        .success());
    let bad = dama(&["match", "--egtb", "/nonexistent/dir", "--games", "1"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--egtb"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dama hub` options: tables, another evaluation, no book; bad ones are refused at start.
#[test]
fn hub_options() {
    use std::io::Write;
    let dir = tables3("hub");
    let d = dir.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["hub", "--egtb", d, "--eval", "classic", "--no-book"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // White kings on 29 and 30, Black king on 4, White to move: a table win.
    let mut pos = String::from("W");
    for sq in 1..=32 {
        pos.push(match sq {
            29 | 30 => 'W',
            4 => 'B',
            _ => 'e',
        });
    }
    writeln!(stdin, "hub\ninit\npos pos={pos}\nlevel depth=4\ngo think").unwrap();
    // `quit` ends the engine at once, search or not (the protocol says so): it is sent only
    // after the answer, which a loaded machine may take a while to give.
    let (tx, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let mut text = String::new();
    while !text.contains("done move=") {
        match lines.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(line) => text.push_str(&(line + "\n")),
            Err(e) => panic!("no answer ({e}):\n{text}"),
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
    for args in [
        &["hub", "--eval", "/nonexistent.bin"][..],
        &["hub", "--egtb", "/nonexistent/dir"][..],
        &["hub", "--frobnicate"][..],
    ] {
        assert!(!dama(args).status.success(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dama hub` answers `hub` while its tables are still being read, `init` waits for them, and
/// tables that cannot be read end the session with an `error` line and a failing exit. The
/// "table" is a named pipe: reading it waits until this test opens its other end.
#[test]
fn hub_reads_its_tables_at_init() {
    use std::io::{BufRead, BufReader, Write};
    let dir = std::env::temp_dir().join(format!("dama-egtb-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("italian-2.egtb");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["hub", "--egtb", dir.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(stdin, "hub").unwrap();
    // `wait` comes while the reader is held at the pipe.
    assert!(lines.by_ref().map(|l| l.unwrap()).any(|l| l == "wait"));
    writeln!(stdin, "init").unwrap();
    // Let the reader through: the pipe is no regular file, so the tables are refused.
    drop(std::fs::OpenOptions::new().write(true).open(&fifo).unwrap());
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    assert_eq!(rest.len(), 1, "{rest:?}");
    assert!(rest[0].starts_with("error message=\"--egtb "), "{rest:?}");
    assert!(rest[0].contains("not a regular file"), "{rest:?}");
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    std::fs::remove_dir_all(&dir).unwrap();
}
