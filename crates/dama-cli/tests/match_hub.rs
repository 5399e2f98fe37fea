//! `dama match` with engines run as Hub programs: our own binary, and fake engines that
//! misbehave, which the referee must catch while the match goes on.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output};

const DAMA: &str = env!("CARGO_BIN_EXE_dama");

fn dama(args: &[&str]) -> Output {
    Command::new(DAMA).args(args).output().expect("run dama")
}

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

/// A scratch directory of this test process, removed at the end of the test.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("dama-match-hub-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        Scratch(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("utf-8 path").to_string()
    }

    /// Writes an executable shell script and returns its path.
    fn script(&self, body: &str) -> String {
        let path = self.file("engine.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}")).expect("write script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fake engine that does the handshake and `ping`, and answers `go` with `on_go` and
/// `quit` with `on_quit`; at the end of its input it leaves.
fn fake(dir: &Scratch, name: &str, on_go: &str, on_quit: &str) -> String {
    dir.script(&format!(
            r#"while IFS= read -r line; do
  case "$line" in
    hub) echo "id name=fake-{name} version=1"; echo "param name=tt-size value=32 type=int"; echo wait ;;
    init) echo ready ;;
    ping) echo pong ;;
    quit) {on_quit} ;;
    go*) {on_go} ;;
  esac
done
"#
    ))
}

/// The `A: +W =D -L` numbers of the summary.
fn wdl(out: &str) -> [u32; 3] {
    let line = out.lines().find(|l| l.starts_with("A: +")).expect(out);
    let n: Vec<u32> = line
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|t| t[1..].parse().unwrap())
        .collect();
    [n[0], n[1], n[2]]
}

fn game_lines(out: &str) -> usize {
    out.lines().filter(|l| l.starts_with("game ")).count()
}

/// Two games at depth 2 of the Hub engine `engine` (A) against the in-process engine (B).
fn against_full(engine: &str) -> String {
    stdout(&dama(&[
        "match",
        "--a",
        &format!("hub:{engine}"),
        "--b",
        "full",
        "--depth",
        "2",
        "--games",
        "2",
    ]))
}

#[test]
fn our_binary_as_a_hub_engine_plays_the_in_process_engine() {
    let dir = Scratch::new("own");
    let pdn = dir.file("games.pdn");
    let out = stdout(&dama(&[
        "match",
        "--a",
        "full",
        "--b",
        // Without the book every move is searched, so the depth is exact.
        &format!("hub:{DAMA} hub --no-book"),
        "--depth",
        "3",
        "--games",
        "4",
        "--threads",
        "2",
        "--pdn",
        &pdn,
    ]));
    assert_eq!(game_lines(&out), 4, "{out}");
    assert_eq!(wdl(&out).iter().sum::<u32>(), 4, "{out}");
    assert!(!out.contains("PROBLEM"), "{out}");
    // Both sides report their moves and time.
    for side in ["A", "B"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{side} time used: ")))
            .expect(&out);
        let moves: u32 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert!(moves > 0, "{line}");
        assert!(line.contains("ms at most"), "{line}");
        assert!(line.contains("average depth 3.0"), "{line}");
    }
    assert!(
        out.contains("B = hub:") && out.contains("(dama 0.1)"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 4);
    // Two threads finish games in either order; the file has them in order.
    let rounds: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Round \""))
        .collect();
    assert_eq!(rounds, ["1\"]", "2\"]", "3\"]", "4\"]"], "{text}");
    assert!(text.contains("[White \"dama 0.1 (hub:"), "{text}");
    assert!(text.contains("[Black \"full\"]"), "{text}");
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
}

#[test]
fn two_hub_engines_on_two_threads_with_a_time_limit() {
    let out = stdout(&dama(&[
        "match",
        "--a",
        &format!("hub:{DAMA} hub"),
        "--b",
        &format!("hub:{DAMA}"),
        "--time",
        "5",
        "--games",
        "2",
        "--threads",
        "2",
        "--max-plies",
        "30",
    ]));
    assert_eq!(game_lines(&out), 2, "{out}");
    assert!(!out.contains("PROBLEM"), "{out}");
    assert!(out.contains("5 ms a move"), "{out}");
    assert!(out.contains("A time used: "), "{out}");
}

#[test]
fn an_illegal_move_loses_and_is_logged() {
    let dir = Scratch::new("illegal");
    let engine = fake(
        &dir,
        "illegal",
        "echo 'info depth=1 score=0.00'; echo 'done move=1-2'",
        "exit 0",
    );
    let pdn = dir.file("games.pdn");
    let out = stdout(&dama(&[
        "match",
        "--a",
        "full",
        "--b",
        &format!("hub:{engine}"),
        "--depth",
        "2",
        "--games",
        "2",
        "--pdn",
        &pdn,
    ]));
    assert_eq!(wdl(&out), [2, 0, 0], "{out}");
    assert_eq!(
        out.matches("loses by illegal-move: illegal move 1-2")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("endings: illegal-move 2"), "{out}");
    let text = std::fs::read_to_string(&pdn).unwrap();
    assert!(
        text.contains("[Termination \"rules infraction\"]"),
        "{text}"
    );
    assert!(text.contains("{B (hub:"), "{text}");
    assert!(text.contains("[Black \"fake-illegal 1 (hub:"), "{text}");
    // A forfeit is a result in the PDN, not an unfinished game.
    assert!(
        text.contains("[Result \"1-0\"]") && text.contains("[Result \"0-1\"]"),
        "{text}"
    );
    assert!(!text.contains("\"*\""), "{text}");
}

#[test]
fn a_crash_mid_game_loses_and_the_engine_is_restarted() {
    // A real engine behind a relay that dies at its third move.
    let dir = Scratch::new("crash");
    let body = format!(
        r#"fifo="{dir}/in.$$"
rm -f "$fifo"; mkfifo "$fifo"
"{DAMA}" hub < "$fifo" &
exec 3>"$fifo"
rm -f "$fifo"
n=0
while IFS= read -r line; do
  case "$line" in go*) n=$((n+1)); if [ "$n" -ge 3 ]; then echo "dying" >&2; exit 3; fi ;; esac
  printf '%s\n' "$line" >&3
done
"#,
        dir = dir.0.display()
    );
    let engine = dir.script(&body);
    let out = against_full(&engine);
    assert_eq!(wdl(&out), [0, 0, 2], "{out}");
    assert_eq!(out.matches("loses by crash:").count(), 2, "{out}");
    assert!(out.contains("dying"), "the engine's stderr is shown: {out}");
    // Mid-game: A played two moves first, B two or three.
    for l in out.lines().filter(|l| l.starts_with("game ")) {
        assert!(
            l.contains("(crash, 4 plies)") || l.contains("(crash, 5 plies)"),
            "{l}"
        );
    }
}

/// Whether the process `pid` is still running (a zombie has ended).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // The state follows the command's closing parenthesis.
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z")
    })
}

/// The process ids listed in a file, one a line; on drop, kills those still running, so a
/// failing test leaves none behind.
struct Pids(String);

impl Pids {
    fn read(&self) -> Vec<u32> {
        std::fs::read_to_string(&self.0)
            .unwrap_or_default()
            .lines()
            .map(|l| l.parse().expect("a process id"))
            .collect()
    }
}

impl Drop for Pids {
    fn drop(&mut self) {
        for p in self.read().into_iter().filter(|&p| running(p)) {
            let _ = Command::new("kill").arg("-9").arg(p.to_string()).status();
        }
    }
}

/// Judged by the order of events, not by how long the match takes: the engine never answers
/// and, told to quit, sleeps for ten minutes, so a match that ends (within `dama_peak`'s
/// `HANG_GUARD`) with each of its engines ended has declared each silence a time-out and
/// killed the engine, rather than waiting for it to leave or leaving it running.
#[test]
fn a_silent_engine_times_out_and_the_match_goes_on() {
    // It ignores `go` (writing down its process id, which `exec` keeps), and `quit` too: it
    // must be killed.
    let dir = Scratch::new("silent");
    let pids = Pids(dir.file("pids"));
    let engine = fake(
        &dir,
        "silent",
        &format!("echo $$ >> '{}'", pids.0),
        "exec sleep 600",
    );
    let (out, _) = dama_peak(&[
        "match",
        "--a",
        "full",
        "--b",
        &format!("hub:{engine}"),
        "--depth",
        "2",
        "--games",
        "2",
        "--timeout-ms",
        "300",
    ]);
    let out = stdout(&out);
    assert_eq!(wdl(&out), [2, 0, 0], "{out}");
    assert_eq!(out.matches("loses by time-out:").count(), 2, "{out}");
    assert!(out.contains("(300 ms)"), "{out}");
    let started = pids.read();
    assert_eq!(started.len(), 2, "one engine a game: {started:?}");
    let left: Vec<u32> = started.into_iter().filter(|&p| running(p)).collect();
    assert!(left.is_empty(), "still running after the match: {left:?}");
}

#[test]
fn garbage_and_huge_lines_are_handled() {
    let dir = Scratch::new("garbage");
    let engine = fake(
        &dir,
        "garbage",
        "echo 'nonsense \"unclosed'; head -c 100000 /dev/zero | tr '\\000' x; echo",
        "exit 0",
    );
    let out = against_full(&engine);
    assert_eq!(wdl(&out), [0, 0, 2], "{out}");
    assert_eq!(
        out.matches("loses by protocol: a line over 64 KB").count(),
        2,
        "{out}"
    );
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let dir = Scratch::new("dead");
    for (spec, expect) in [
        ("hub:/nonexistent/engine".to_string(), "cannot start"),
        (
            format!("hub:{}", dir.script("exit 1\n")),
            "did not start as a Hub engine",
        ),
    ] {
        let o = dama(&[
            "match", "--a", "full", "--b", &spec, "--depth", "2", "--games", "2",
        ]);
        assert!(!o.status.success(), "{spec}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("match stopped: B: ") && err.contains(expect),
            "{err}"
        );
    }
}

#[test]
fn match_help_documents_hub_engines() {
    let out = stdout(&dama(&["match", "--help"]));
    assert!(out.contains("hub:PROGRAM [ARG...]"), "{out}");
    assert!(out.contains("--timeout-ms"), "{out}");
    let o = dama(&["match", "--a", "hub:"]);
    assert!(!o.status.success());
}

#[test]
fn a_brazilian_match_between_two_hub_engines_writes_pdn_26() {
    let dir = Scratch::new("brazilian");
    let pdn = dir.file("games.pdn");
    let out = stdout(&dama(&[
        "match",
        "--variant",
        "brazilian",
        "--a",
        &format!("hub:{DAMA} hub"),
        "--b",
        &format!("hub:{DAMA}"),
        "--time",
        "5",
        "--games",
        "4",
        "--threads",
        "2",
        "--max-plies",
        "40",
        "--pdn",
        &pdn,
    ]));
    assert_eq!(game_lines(&out), 4, "{out}");
    assert!(!out.contains("PROBLEM"), "{out}");
    assert!(out.contains("; Brazilian draughts; "), "{out}");
    let text = std::fs::read_to_string(&pdn).unwrap();
    let games = dama::pdn::parse(&text).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.tag("GameType"), Some("26"), "{text}");
        // Moves in algebraic notation.
        assert!(
            g.moves
                .iter()
                .all(|m| m.starts_with(|c: char| c.is_ascii_lowercase())),
            "{:?}",
            g.moves
        );
        let game =
            dama::pdn::replay(g, dama::Variant::Italian).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(game.variant(), dama::Variant::Brazilian);
        assert!(game.ply() > 0);
        assert!(game.result().is_some(), "{text}");
    }
    // The openings are Brazilian ones (three plies in), each played with both colours.
    let fens: Vec<&str> = games.iter().filter_map(|g| g.tag("FEN")).collect();
    assert_eq!(fens.len(), 4, "{text}");
    // The list carries the book's verdicts as comments after each FEN.
    let shipped = include_str!("../data/openings-brazilian.txt");
    for f in &fens {
        assert!(
            shipped
                .lines()
                .any(|l| l.split('#').next().unwrap_or("").trim() == *f),
            "{f}"
        );
    }
}

#[test]
fn an_engine_that_cannot_play_brazilian_stops_the_match() {
    let dir = Scratch::new("italian-only");
    // It declares no variant parameter.
    let engine = fake(&dir, "plain", "echo 'done move=22-18'", "exit 0");
    let o = dama(&[
        "match",
        "--variant",
        "brazilian",
        "--a",
        "full",
        "--b",
        &format!("hub:{engine}"),
        "--depth",
        "1",
        "--games",
        "2",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("declares no variant parameter") && err.contains("Brazilian draughts"),
        "{err}"
    );
    // One whose variant parameter does not list it.
    let engine = dir.script(
        r#"while IFS= read -r line; do
  case "$line" in
    hub) echo 'param name=variant value=normal type=enum values="normal frisian"'; echo wait ;;
    init) echo ready ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let o = dama(&[
        "match",
        "--variant",
        "brazilian",
        "--b",
        &format!("hub:{engine}"),
        "--depth",
        "1",
        "--games",
        "2",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not brazilian"), "{err}");
}

/// How long `dama_peak` lets `dama` run before it kills it and fails: a guard against a hang,
/// far above what these matches take on a busy machine (a second or two).
const HANG_GUARD: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs `dama` with `args` while watching the process's peak resident memory (`VmHWM`, in
/// kB): the last value read before it ends, read every 10 ms. Fails if it runs past
/// [`HANG_GUARD`].
fn dama_peak(args: &[&str]) -> (Output, u64) {
    use std::io::Read;
    let mut child = Command::new(DAMA)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run dama");
    // Read on threads of their own, so a full pipe cannot stall the child.
    let pipe = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            r.read_to_end(&mut v).expect("read output");
            v
        })
    };
    let out = pipe(Box::new(child.stdout.take().unwrap()));
    let err = pipe(Box::new(child.stderr.take().unwrap()));
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let end = std::time::Instant::now() + HANG_GUARD;
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if std::time::Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dama {args:?} still running after {HANG_GUARD:?}");
        }
        if let Ok(s) = std::fs::read_to_string(&status_file)
            && let Some(kb) = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        {
            peak = kb;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let o = Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    (o, peak)
}

/// What `dama match` may hold at most in these tests (kB): a few MB of its own with 1 MB
/// tables, far below what an engine's flood would pile up.
const PEAK_KB: u64 = 32 * 1024;

#[test]
fn an_engine_that_floods_its_output_forfeits_and_memory_stays_bounded() {
    // A floods short info lines, B lines of 60,000 bytes, each when asked to think: the one
    // over its line budget, the other over its byte budget. `exec` makes the flood the
    // engine's last act, so each game needs a fresh process.
    let dir = Scratch::new("flood");
    let lines = fake(
        &dir,
        "lines",
        "exec yes 'info depth=1 score=0.00 nodes=1'",
        "exit 0",
    );
    let short = dir.file("lines.sh");
    std::fs::rename(&lines, &short).unwrap();
    let long = fake(
        &dir,
        "bytes",
        "exec yes \"info $(head -c 60000 /dev/zero | tr '\\000' x)\"",
        "exit 0",
    );
    let pdn = dir.file("games.pdn");
    let (o, peak) = dama_peak(&[
        "match",
        "--a",
        &format!("hub:{short}"),
        "--b",
        &format!("hub:{long}"),
        "--depth",
        "2",
        "--games",
        "4",
        "--tt",
        "1",
        // Without the fix, each game runs into this time-out while memory grows: the games
        // would then be lost by time-out, not by flood.
        "--timeout-ms",
        "2000",
        "--pdn",
        &pdn,
    ]);
    let out = stdout(&o);
    // Black moves first in the openings: B in games 1 and 3, A in games 2 and 4.
    assert_eq!(wdl(&out), [2, 0, 2], "{out}");
    assert_eq!(out.matches("loses by flood: ").count(), 4, "{out}");
    assert_eq!(out.matches("A (hub:").count(), 2, "{out}");
    assert_eq!(
        out.matches("over 100000 lines of output").count(),
        2,
        "{out}"
    );
    assert_eq!(out.matches("over 16 MiB of output").count(), 2, "{out}");
    assert!(out.contains("endings: flood 4"), "{out}");
    assert!(peak > 0 && peak < PEAK_KB, "peak {peak} kB\n{out}");
    let text = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(
        text.matches("[Termination \"rules infraction\"]").count(),
        4,
        "{text}"
    );
    assert_eq!(text.matches("loses by flood: ").count(), 4, "{text}");
}

#[test]
fn an_engine_that_floods_the_handshake_is_refused_at_its_line_budget() {
    // Endless `param` lines instead of `wait`: none of them may be kept, and the engine is
    // refused at its line budget, not at the handshake's 10 s time-out.
    let dir = Scratch::new("flood-handshake");
    let engine = dir.script(
        r#"while IFS= read -r line; do
  case "$line" in
    hub) exec yes 'param name=x value=1 type=int' ;;
  esac
done
"#,
    );
    let (o, peak) = dama_peak(&[
        "match",
        "--a",
        "full",
        "--b",
        &format!("hub:{engine}"),
        "--depth",
        "1",
        "--games",
        "2",
        "--tt",
        "1",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("did not start as a Hub engine") && err.contains("over 100000 lines"),
        "{err}"
    );
    assert!(peak > 0 && peak < PEAK_KB, "peak {peak} kB");
}

#[test]
fn numeric_options_are_refused_out_of_range() {
    for (args, expect) in [
        (
            &["--games", "0"][..],
            "--games must be a number from 1 to 100000",
        ),
        (
            &["--games", "10000000000"],
            "--games must be a number from 1 to 100000",
        ),
        (
            &["--games", "-1"],
            "--games must be a number from 1 to 100000",
        ),
        (
            &["--time", "nan"],
            "--time must be a number from 1 to 3600000",
        ),
        (
            &["--time", "inf"],
            "--time must be a number from 1 to 3600000",
        ),
        (
            &["--time", "0"],
            "--time must be a number from 1 to 3600000",
        ),
        (
            &["--nodes", "0"],
            "--nodes must be a number from 1 to 1000000000000",
        ),
        (&["--depth", "0"], "--depth must be a number from 1 to 120"),
        (
            &["--depth", "121"],
            "--depth must be a number from 1 to 120",
        ),
        (
            &["--threads", "65"],
            "--threads must be a number from 1 to 64",
        ),
        (
            &["--max-plies", "0"],
            "--max-plies must be a number from 1 to 2000",
        ),
        (
            &["--max-plies", "2001"],
            "--max-plies must be a number from 1 to 2000",
        ),
        (&["--tt", "0"], "--tt must be a number from 1 to 1024"),
        (&["--tt", "1.5"], "--tt must be a number from 1 to 1024"),
        (
            &["--seed", "-1"],
            "--seed must be a number from 0 to 18446744073709551615",
        ),
        (
            &["--timeout-ms", "-inf"],
            "--timeout-ms must be a number from 1 to 86400000",
        ),
        (
            &["--timeout-ms", "NaN"],
            "--timeout-ms must be a number from 1 to 86400000",
        ),
        (
            &["--timeout-ms", "1e10"],
            "--timeout-ms must be a number from 1 to 86400000",
        ),
    ] {
        let o = dama(&[&["match"][..], args].concat());
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        // The option and its range, in either wording ("must be 1 to 64" for a number out of
        // range, "expects a number from 1 to 64" for one that is no number of the kind).
        let (option, range) = expect.split_once(" must be a number from ").unwrap();
        assert!(
            err.contains(&format!("{option} must be {range}"))
                || err.contains(&format!("{option} expects a number from {range}")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_openings_file_is_bounded() {
    let dir = Scratch::new("openings");
    // Too large, told from its size before reading (a sparse file: nothing is written).
    let big = dir.file("big.txt");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    // Too many openings, and a line too long.
    let many = dir.file("many.txt");
    std::fs::write(&many, "B:W22,23:B9,10\n".repeat(10_001)).unwrap();
    let long = dir.file("long.txt");
    std::fs::write(&long, format!("# {}\nB:W22,23:B9,10\n", "x".repeat(2000))).unwrap();
    for (file, expect) in [
        (big.as_str(), "over 1 MiB"),
        // Not a regular file: its size is not known, so the reading itself is bounded.
        ("/dev/zero", "over 1 MiB"),
        (many.as_str(), "more than 10000 openings"),
        (long.as_str(), "line 1 is over 1000 bytes"),
    ] {
        // A safety net should the bound be missing: the reading would fill the memory.
        let o = Command::new("sh")
            .args(["-c", "ulimit -v 4000000; exec \"$@\"", "sh", DAMA])
            .args(["match", "--openings", file, "--depth", "1", "--games", "1"])
            .output()
            .unwrap();
        assert!(!o.status.success(), "{file}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("--openings {file}: ")) && err.contains(expect),
            "{file}: {err}"
        );
    }
}

#[test]
fn a_game_the_tables_call_won_is_adjudicated_after_twice_max_plies() {
    // Two kings against one, won in the tables but not converted at depth 1: the game goes
    // on past --max-plies while the tables say won, up to twice that.
    let dir = Scratch::new("tables");
    let tables = dir.file("tables");
    stdout(&dama(&["egtb", "build", "--pieces", "3", "--out", &tables]));
    let openings = dir.file("openings.txt");
    std::fs::write(&openings, "W:WK29,K30:BK4\n").unwrap();
    let out = stdout(&dama(&[
        "match",
        "--a",
        "full",
        "--b",
        "full",
        "--depth",
        "1",
        "--openings",
        &openings,
        "--games",
        "2",
        "--egtb",
        &tables,
        "--max-plies",
        "4",
    ]));
    assert_eq!(game_lines(&out), 2, "{out}");
    for l in out.lines().filter(|l| l.starts_with("game ")) {
        assert!(l.contains("(adjudicated, 8 plies)"), "{l}");
    }
    assert_eq!(
        out.matches("stood won in the endgame tables from ply 0")
            .count(),
        2
    );
}
