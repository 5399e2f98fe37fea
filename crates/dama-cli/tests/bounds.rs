//! Every file the command reads is bounded by what its format can hold, its header checked
//! before the rest is read: a 2 GB file (sparse, so the test writes nothing to disk) behind a
//! valid-looking header, or of zeros, is refused at once, under a memory limit far below its
//! size. And every number an option takes is checked against its range.

mod common;

use common::{dama, stdout};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const GB2: u64 = 2 << 30;

/// A fresh temporary directory for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-bounds-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A sparse file of `len` bytes starting with `head`.
fn sparse(path: &Path, head: &[u8], len: u64) {
    let mut f = File::create(path).unwrap();
    f.write_all(head).unwrap();
    f.set_len(len).unwrap();
}

/// Runs `dama args` with at most 512 MiB of address space and no input: a loader that reads
/// a 2 GB file whole fails to allocate (and aborts) instead of refusing it.
fn dama_limited(args: &[&str]) -> (Output, Duration) {
    let t = Instant::now();
    let o = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" \"$@\" </dev/null")
        .arg(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("run dama under sh");
    (o, t.elapsed())
}

/// A refusal within a second or two, whose message contains `want`.
fn refused(args: &[&str], want: &str) {
    let (o, took) = dama_limited(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: expected {want:?} in {err}");
    assert!(took < Duration::from_secs(3), "{args:?} took {took:?}");
}

fn le32(v: u32) -> [u8; 4] {
    v.to_le_bytes()
}

#[test]
fn huge_weights_files_are_refused_from_their_header() {
    let dir = temp("weights");
    // A version 2 header with the right parameter count and an Italian game type.
    let params = 8 * 6561 + 45;
    let mut head = b"DAMAEVAL".to_vec();
    for w in [2, params, 22, 0] {
        head.extend_from_slice(&le32(w));
    }
    let f = dir.join("eval.bin");
    sparse(&f, &head, GB2);
    let z = dir.join("zeros.bin");
    sparse(&z, b"", GB2);
    let (f, z) = (f.to_str().unwrap(), z.to_str().unwrap());
    refused(&["hub", "--eval", f], "expected 210156");
    refused(&["hub", "--eval", z], "not a dama evaluation weights file");
    refused(&["hub", "--eval", "/dev/zero"], "not a regular file");
    refused(
        &[
            "train",
            "fit",
            "--data",
            z,
            "--out",
            "/dev/null",
            "--start",
            f,
        ],
        "expected 210156",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn huge_table_files_are_refused_from_their_header() {
    let dir = temp("egtb");
    let d = dir.to_str().unwrap();
    stdout(&dama(&["egtb", "build", "--pieces", "2", "--out", d]));
    let good = std::fs::read(dir.join("dama-2.egtb")).unwrap();
    // Valid tables followed by 2 GB.
    let tail = dir.join("tail");
    std::fs::create_dir(&tail).unwrap();
    sparse(&tail.join("dama-2.egtb"), &good, GB2);
    refused(
        &["egtb", "verify", "--dir", tail.to_str().unwrap()],
        "unexpected bytes after the last table",
    );
    // A header counting more tables than there are.
    let count = dir.join("count");
    std::fs::create_dir(&count).unwrap();
    let mut head = good.clone();
    head[12..16].copy_from_slice(&le32(u32::MAX));
    sparse(&count.join("dama-2.egtb"), &head, GB2);
    refused(
        &["egtb", "verify", "--dir", count.to_str().unwrap()],
        "tables",
    );
    // Zeros.
    let zeros = dir.join("zeros");
    std::fs::create_dir(&zeros).unwrap();
    sparse(&zeros.join("dama-2.egtb"), b"", GB2);
    refused(
        &[
            "egtb",
            "probe",
            "--dir",
            zeros.to_str().unwrap(),
            "W:WK1:BK32",
        ],
        "bad magic",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn huge_book_files_are_refused_from_their_header() {
    let dir = temp("book");
    let shipped = include_bytes!("../../dama/data/book.bin");
    // A header whose entry count matches a file of about 2 GB.
    let n = (GB2 - 24) / 12 + 1;
    let mut head = b"DBOK".to_vec();
    head.extend_from_slice(&1u16.to_le_bytes());
    head.extend_from_slice(&12u16.to_le_bytes());
    head.extend_from_slice(&le32(n as u32));
    head.extend_from_slice(&le32(0));
    head.extend_from_slice(&shipped[16..24]);
    let f = dir.join("book.bin");
    sparse(&f, &head, 24 + 12 * n);
    let z = dir.join("zeros.bin");
    sparse(&z, b"", GB2);
    refused(&["book", "probe", "--book", f.to_str().unwrap()], "at most");
    refused(
        &["book", "probe", "--book", z.to_str().unwrap()],
        "bad magic",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn huge_samples_files_are_refused_from_their_header() {
    let dir = temp("samples");
    let mut head = b"DAMASMP2".to_vec();
    head.extend_from_slice(&le32(50_000_000));
    head.extend_from_slice(&le32(22));
    let f = dir.join("samples.bin");
    sparse(&f, &head, GB2);
    let z = dir.join("zeros.bin");
    sparse(&z, b"", GB2);
    let out = dir.join("w.bin");
    let out = out.to_str().unwrap();
    refused(
        &["train", "fit", "--data", f.to_str().unwrap(), "--out", out],
        "does not match its count",
    );
    refused(
        &["train", "fit", "--data", z.to_str().unwrap(), "--out", out],
        "not a dama samples file",
    );
    assert!(!Path::new(out).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
