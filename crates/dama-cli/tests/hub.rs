//! `dama hub` run as a child process, the way a GUI runs it.

use dama::{notation, Position};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

#[path = "common/hub_lines.rs"]
mod hub_lines;
use hub_lines::{arg, until};

const WAIT: Duration = Duration::from_secs(20);
/// A bound on an answer that should come at once: only a guard against a hang, far above what
/// a loaded machine takes.
const GUARD: Duration = Duration::from_secs(5);

struct Hub {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<thread::JoinHandle<String>>,
}

impl Hub {
    fn start() -> Hub {
        Hub::start_with(&[])
    }

    fn start_with(args: &[&str]) -> Hub {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("hub")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dama hub");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        // A reader thread, so a test can wait for a line with a timeout.
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut stderr = child.stderr.take().expect("stderr");
        let stderr = thread::spawn(move || {
            let mut s = String::new();
            let _ = stderr.read_to_string(&mut s);
            s
        });
        let stdin = child.stdin.take();
        Hub {
            child,
            stdin,
            lines,
            stderr: Some(stderr),
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to hub");
        stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that satisfies `done`; panics after `within`.
    fn until(&self, within: Duration, done: impl FnMut(&str) -> bool) -> Vec<String> {
        until(&self.lines, within, done)
    }

    fn line_starting(&self, prefix: &str) -> String {
        self.until(WAIT, |l| l.starts_with(prefix))
            .pop()
            .expect("a line")
    }

    /// Sends `ping` and waits for `pong`, returning the lines before it.
    fn ping(&mut self) -> Vec<String> {
        self.send("ping");
        let mut lines = self.until(WAIT, |l| l == "pong");
        lines.pop();
        lines
    }

    fn quit(mut self) -> (ExitStatus, String) {
        self.send("quit");
        drop(self.stdin.take());
        let end = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                let err = self.stderr.take().expect("once").join().expect("stderr");
                return (status, err);
            }
            assert!(Instant::now() < end, "the hub did not quit");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Hub {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn handshake(h: &mut Hub) {
    h.send("hub");
    let intro = h.until(WAIT, |l| l == "wait");
    assert!(intro[0].starts_with("id name=dama"), "{intro:?}");
    assert!(intro
        .iter()
        .any(|l| l.starts_with("param name=variant value=italian")));
    h.send("init");
    h.line_starting("ready");
}

#[test]
fn handshake_and_quit() {
    let mut h = Hub::start();
    handshake(&mut h);
    let intro: Vec<String> = {
        h.send("hub");
        h.until(WAIT, |l| l == "wait")
    };
    assert!(intro.iter().any(|l| l.contains("name=tt-size")));
    let (status, err) = h.quit();
    assert!(status.success(), "{status:?} {err}");
}

#[test]
fn think_gives_a_legal_move() {
    // Without the book, which may hold the position and answer it unsearched.
    let mut h = Hub::start_with(&["--no-book"]);
    handshake(&mut h);
    h.send("new-game");
    h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 10-14\"");
    h.send("level depth=6");
    h.send("go think");
    let lines = h.until(WAIT, |l| l.starts_with("done"));
    let done = lines.last().expect("done");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth=6")),
        "{lines:?}"
    );
    let mv = arg(done, "move").expect("move=");
    let mut pos = Position::start(dama::Variant::Italian);
    for m in ["22-18", "10-14"] {
        pos = pos.play(&notation::parse(&pos, m).unwrap());
    }
    let played = notation::parse(&pos, &mv).unwrap_or_else(|e| panic!("{done}: {e}"));
    let ponder = arg(done, "ponder").expect("ponder=");
    notation::parse(&pos.play(&played), &ponder).unwrap_or_else(|e| panic!("{done}: {e}"));

    // Scores are in men: the info line has a decimal score and a quoted PV.
    let info = lines.iter().rev().find(|l| l.starts_with("info")).unwrap();
    let score: f64 = arg(info, "score").unwrap().parse().unwrap();
    assert!(score.abs() < 50.0, "{info}");
    assert!(
        arg(info, "pv").is_some_and(|pv| pv.starts_with(&mv)),
        "{info}"
    );
    let (status, _) = h.quit();
    assert!(status.success());
}

/// `pos start` is searched for the `move-time` of the level, then answered by itself. Judged
/// by a lower bound and the order of events, not by how soon the answer comes on this machine:
/// no `stop` is sent, so the answer shows the time ended the search (`WAIT` guards against a
/// search with no end), and it comes no sooner than the move's time (a sleep or a clock is
/// never short, however busy the machine): a time ignored or misread answers at once.
#[test]
fn the_start_position_is_searched_for_its_move_time() {
    // Without the book, which answers the start unsearched (`hub_lib.rs` checks its answer).
    let mut h = Hub::start_with(&["--no-book"]);
    handshake(&mut h);
    h.send("pos start");
    h.send("level move-time=0.2");
    let t = Instant::now();
    h.send("go think");
    let lines = h.until(WAIT, |l| l.starts_with("done"));
    let after = t.elapsed();
    // 0.2 s less the reply's margin (`Level::time_ms`: 2%, at most 20 ms).
    assert!(
        after >= Duration::from_millis(196),
        "answered {after:?} after go: {lines:#?}"
    );
    let done = lines.last().expect("done");
    let mv = arg(done, "move").unwrap();
    notation::parse(&Position::start(dama::Variant::Italian), &mv).unwrap();
    let (status, _) = h.quit();
    assert!(status.success());
}

#[test]
fn stop_ends_an_infinite_analysis_promptly() {
    let mut h = Hub::start();
    handshake(&mut h);
    h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    h.send("level infinite");
    h.send("go analyze");
    h.line_starting("info");
    thread::sleep(Duration::from_millis(300));
    // The engine answers ping while it searches: an infinite analysis never ends by itself,
    // so a pong with no `done` before it, and a `done` only after `stop`, was answered beside
    // the search. (How soon the search itself notices a stop is the engine's poll,
    // checked on a stepped clock in the core's engine.rs; the wall times here only guard
    // against a hang, on any machine's load.)
    let t = Instant::now();
    let before = h.ping();
    assert!(t.elapsed() < GUARD, "{:?}", t.elapsed());
    assert!(!before.iter().any(|l| l.starts_with("done")), "{before:?}");
    let t = Instant::now();
    h.send("stop");
    let done = h.line_starting("done");
    assert!(t.elapsed() < GUARD, "stop took {:?}", t.elapsed());
    notation::parse(
        &Position::start(dama::Variant::Italian),
        &arg(&done, "move").unwrap(),
    )
    .unwrap();
    // And the engine is ready for the next search.
    h.send("level depth=4");
    h.send("go think");
    h.line_starting("done");
    let (status, _) = h.quit();
    assert!(status.success());
}

/// `quit` is read while an infinite analysis runs and the process ends, successfully and
/// without a panic; `WAIT` (in `Hub::quit`) guards against a hang. That the session stops its
/// search as it ends, rather than leaving it to the process's exit, is judged by the order of
/// events in-process (`hub_lib.rs`, `stop_and_drop_end_an_infinite_search`): here the `done`
/// it then sends races the exit.
#[test]
fn quit_during_a_search_exits_cleanly() {
    let mut h = Hub::start();
    handshake(&mut h);
    h.send("level infinite");
    h.send("go analyze");
    h.line_starting("info");
    let (status, err) = h.quit();
    assert!(status.success(), "{status:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The engine's clock at an `info` line (its `time=`, in seconds).
fn info_time(line: &str) -> Option<f64> {
    line.strip_prefix("info ")
        .and_then(|_| arg(line, "time"))
        .and_then(|t| t.parse().ok())
}

/// Waits for the answer to `ponder-hit` and returns how long after sending it the answer came,
/// on the test's clock: never shorter than the hub's timer, however busy the machine (a sleep
/// is never cut short), so only its lower bound is a verdict; `WAIT` guards against a hang.
fn ponder_hit(h: &mut Hub) -> Duration {
    let t = Instant::now();
    h.send("ponder-hit");
    h.line_starting("done");
    t.elapsed()
}

/// `go ponder` searches with no clock, and `ponder-hit` gives it the move's time from then on.
/// Judged by the engine's own clock and the order of events, not by how soon the answer comes
/// on this machine: pondering, the engine reports twice the move's time with no answer; after
/// `ponder-hit` it answers, and not before the move's time has run from then (a clock counted
/// from `go ponder` would answer at once).
#[test]
fn pondering_has_no_clock_and_ponder_hit_starts_the_moves() {
    let mut h = Hub::start();
    handshake(&mut h);
    h.send("pos start");
    h.send("level move-time=0.3");
    h.send("go ponder");
    let pondered = h.until(WAIT, |l| {
        l.starts_with("done") || info_time(l).is_some_and(|t| t >= 0.6)
    });
    assert!(
        !pondered.iter().any(|l| l.starts_with("done")),
        "answered while pondering: {pondered:#?}"
    );
    let after = ponder_hit(&mut h);
    // 0.3 s less the reply's margin (`Level::time_ms`: 2%, at most 20 ms).
    assert!(
        after >= Duration::from_millis(294),
        "answered {after:?} after ponder-hit"
    );
    let (status, _) = h.quit();
    assert!(status.success());
}

/// Issue 20: `level move-time=1e300`, `go ponder`, `ponder-hit` panicked the timer thread
/// ("cannot convert float seconds to Duration") and the ponder search then never ended. The
/// time is refused with an error, the level in force (1 s a move) stays, and the session
/// goes on.
#[test]
fn an_absurd_move_time_is_refused_and_pondering_still_ends() {
    let mut h = Hub::start();
    handshake(&mut h);
    h.send("pos start");
    h.send("level move-time=1e300");
    let before_pong = h.ping();
    assert_eq!(before_pong.len(), 1, "{before_pong:?}");
    assert!(
        before_pong[0].starts_with("error message=\"move-time must be"),
        "{before_pong:?}"
    );
    h.send("go ponder");
    thread::sleep(Duration::from_millis(100));
    // It ends (`WAIT` guards against a hang), on the level in force: 1 s less 20 ms.
    let after = ponder_hit(&mut h);
    assert!(
        after >= Duration::from_millis(980),
        "answered {after:?} after ponder-hit"
    );
    let (status, err) = h.quit();
    assert!(status.success(), "{status:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn malformed_commands_get_errors_and_change_nothing() {
    let mut h = Hub::start();
    handshake(&mut h);
    let bad = [
        "pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "pos pos=Wbbbb",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwz",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 9-13 21-17\"",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-99\"",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"unterminated",
        "level depth=abc",
        "level depth=-3",
        "level move-time=nan",
        "level move-time=-1",
        "level",
        "set-param name=variant value=international",
        "set-param name=tt-size value=0",
        "set-param name=level value=eleven",
        "set-param",
        "go",
    ];
    for line in bad {
        h.send(line);
        let got = h.until(WAIT, |l| l.starts_with("error"));
        assert_eq!(got.len(), 1, "{line}: {got:?}");
        assert!(arg(&got[0], "message").is_some_and(|m| !m.is_empty()));
    }
    // After a bad position there is no position to search.
    h.send("go think");
    h.line_starting("error");
    // Unknown commands and garbage are ignored, as the protocol asks; the engine keeps
    // answering.
    for line in [
        "hello",
        "= = =",
        "\"",
        "xyzzy a=1 b=\"2 3\"",
        "",
        "   ",
        "PING",
    ] {
        h.send(line);
    }
    h.send_bytes(b"\xff\xfe\x00garbage\r\n");
    let before = h.ping();
    assert!(before.is_empty(), "{before:?}");
    // A good position afterwards is searched normally.
    h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 9-13\"");
    h.send("level depth=3");
    h.send("go think");
    let done = h.line_starting("done");
    // The capture is compulsory.
    assert_eq!(arg(&done, "move").as_deref(), Some("18x9"));
    let (status, err) = h.quit();
    assert!(status.success());
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn scan_capture_notation_is_read_and_written() {
    let mut h = Hub::start();
    handshake(&mut h);
    h.send("set-param name=notation value=hub");
    // 22-18 9-13, then 18x9 written as from x to x captured.
    h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 9-13 18x9x13\"");
    h.send("ping");
    let lines = h.until(WAIT, |l| l == "pong");
    assert_eq!(lines, vec!["pong"]);
    h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 9-13\"");
    h.send("level depth=2");
    h.send("go think");
    let done = h.line_starting("done");
    assert_eq!(arg(&done, "move").as_deref(), Some("18x9x13"));
    let (status, _) = h.quit();
    assert!(status.success());
}

#[test]
fn closing_input_ends_the_process() {
    let mut h = Hub::start();
    handshake(&mut h);
    h.send("go analyze");
    drop(h.stdin.take());
    let end = Instant::now() + WAIT;
    while h.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < end, "still running after stdin closed");
        thread::sleep(Duration::from_millis(10));
    }
}

/// An unterminated line is not kept without limit: past 64 KiB it is refused with an error and
/// skipped up to its newline, and the session goes on.
#[test]
fn over_long_lines_are_refused_and_skipped() {
    let mut h = Hub::start();
    handshake(&mut h);
    // 1 MB without a newline, in pieces, then the newline.
    let chunk = vec![b'e'; 64 * 1024];
    h.send_bytes(b"pos pos=W");
    for _ in 0..16 {
        h.send_bytes(&chunk);
    }
    h.send_bytes(b"\n");
    let got = h.until(WAIT, |l| l.starts_with("error"));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].contains("65536"), "{got:?}");
    assert!(h.ping().is_empty());
    h.send("pos start");
    h.send("level depth=2");
    h.send("go think");
    h.line_starting("done");
    let (status, err) = h.quit();
    assert!(status.success(), "{status:?} {err}");
}

#[test]
fn brazilian_from_the_command_line() {
    let mut h = Hub::start_with(&["--variant", "brazilian"]);
    h.send("hub");
    let intro = h.until(WAIT, |l| l == "wait");
    assert!(
        intro.contains(
            &"param name=variant value=brazilian type=enum values=\"italian brazilian\""
                .to_string()
        ),
        "{intro:?}"
    );
    h.send("init");
    h.line_starting("ready");
    h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"c3-d4 f6-e5\"");
    h.send("level depth=3");
    h.send("go think");
    // d4xf6 in Brazilian numbers.
    let done = h.line_starting("done");
    assert_eq!(arg(&done, "move").as_deref(), Some("18x11"), "{done}");
    let (status, _) = h.quit();
    assert!(status.success());
}

/// xorshift64*, so the random lines are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

fn random_line(rng: &mut Rng) -> Vec<u8> {
    const COMMANDS: &[&str] = &[
        "hub",
        "init",
        "pos",
        "level",
        "go",
        "stop",
        "ping",
        "set-param",
        "new-game",
        "ponder-hit",
        "x",
        "=",
        "\"",
        "",
    ];
    const FLAGS: &[&str] = &["think", "analyze", "ponder", "infinite", "start", "=", "\""];
    const KEYS: &[&str] = &[
        "pos",
        "moves",
        "depth",
        "move-time",
        "time",
        "inc",
        "nodes",
        "name",
        "value",
        "fen",
    ];
    const VALUES: &[&str] = &[
        "0",
        "1",
        "3",
        "-1",
        "0.01",
        "1e9",
        "nan",
        "inf",
        "abc",
        "tt-size",
        "level",
        "contempt",
        "variant",
        "notation",
        "hub",
        "italian",
        "brazilian",
        "\"c3-d4 f6-e5 d4xf6\"",
        "W",
        "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
        "\"22-18 9-13 18x9\"",
        "\"22-18 11-15 18x11x15\"",
        "\"22-18",
        "22x",
        "1-2-3",
        "W:W21:B12",
        "\"W:WK22:B18,19,27\"",
        "18446744073709551616",
    ];
    match rng.next() % 4 {
        // Raw bytes, invalid UTF-8 included.
        0 => {
            let n = rng.next() % 40;
            (0..n)
                .map(|_| (rng.next() % 256) as u8)
                .filter(|&b| b != b'\n')
                .collect()
        }
        // Commands with random arguments.
        _ => {
            let mut s = rng.pick(COMMANDS).to_string();
            for _ in 0..rng.next() % 4 {
                s.push(' ');
                match rng.next() % 3 {
                    0 => s.push_str(rng.pick(FLAGS)),
                    _ => {
                        s.push_str(rng.pick(KEYS));
                        s.push('=');
                        s.push_str(rng.pick(VALUES));
                    }
                }
            }
            s.into_bytes()
        }
    }
}

#[test]
fn survives_thousands_of_random_lines() {
    let mut h = Hub::start();
    handshake(&mut h);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut pings = 0;
    for _ in 0..3000 {
        let line = random_line(&mut rng);
        match String::from_utf8_lossy(&line).split_whitespace().next() {
            // Everything but quit: that one is allowed to end the process.
            Some("quit") => continue,
            Some("ping") => pings += 1,
            _ => {}
        }
        h.send_bytes(&line);
        h.send_bytes(b"\n");
    }
    h.send("stop");
    h.send("ping");
    let mut pongs = 0;
    let out = h.until(WAIT, |l| {
        pongs += (l == "pong") as usize;
        pongs > pings
    });
    let count = |p: &str| out.iter().filter(|l| l.starts_with(p)).count();
    let (errors, infos, dones) = (count("error"), count("info"), count("done"));
    eprintln!("{errors} errors, {infos} info lines, {dones} searches answered");
    // The random lines did reach the parser and the search, not only the ignore branch.
    assert!(errors > 50 && infos > 0 && dones > 0);
    // Still a working engine (in Italian: a random line may have switched the game).
    h.send("stop");
    h.send("set-param name=variant value=italian");
    h.send("pos start");
    h.send("level depth=5");
    h.send("go think");
    let done = h.line_starting("done");
    notation::parse(
        &Position::start(dama::Variant::Italian),
        &arg(&done, "move").unwrap(),
    )
    .unwrap();
    let (status, err) = h.quit();
    assert!(status.success(), "{status:?}");
    assert!(!err.contains("panicked"), "{err}");
}
