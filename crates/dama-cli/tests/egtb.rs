//! `dama egtb`: build, verify and probe, run as the user runs them.

use std::process::{Command, Output};

fn dama(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("run dama")
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

#[test]
fn build_verify_and_probe() {
    let dir = std::env::temp_dir().join(format!("dama-egtb-cli-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let out = stdout(&dama(&["egtb", "build", "--pieces", "3", "--out", d]));
    assert!(out.contains("0m2k-0m1k"), "{out}");
    assert!(out.contains("total: 16 tables"), "{out}");
    assert!(out.contains("peak memory"), "{out}");
    for n in 2..=3 {
        assert!(dir.join(format!("dama-{n}.egtb")).is_file());
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
    let f = dir.join("dama-3.egtb");
    let bytes = std::fs::read(&f).unwrap();
    std::fs::write(&f, &bytes[..bytes.len() / 2]).unwrap();
    let o = dama(&["egtb", "probe", "--dir", d, "W:WK29,K30:BK4"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("truncated"));
    std::fs::remove_dir_all(&dir).unwrap();
}
