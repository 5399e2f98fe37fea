//! The Hub protocol in-process, through the library's `Hub::handle` and `Hub::serve`, in both
//! games: no process, the answers read from the writer the session shares with its search
//! thread.

use dama::{fen, notation, Position, Variant};
use dama_cli::hub::{move_text, parse_move, position_text, Hub, Notation, Setup, MAX_LINE};
use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

#[path = "common/hub_lines.rs"]
mod hub_lines;
use hub_lines::{arg, until};

const WAIT: Duration = Duration::from_secs(30);

/// A writer that hands over each complete line.
struct Lines {
    buf: Vec<u8>,
    tx: Sender<String>,
}

impl Write for Lines {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(b);
        while let Some(i) = self.buf.iter().position(|&c| c == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line[..i]).into_owned();
            let _ = self.tx.send(text);
        }
        Ok(b.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct Session {
    hub: Hub<Lines>,
    rx: Receiver<String>,
}

impl Session {
    fn new(setup: Setup) -> Session {
        let (tx, rx) = mpsc::channel();
        let hub = Hub::new(
            setup,
            Lines {
                buf: Vec::new(),
                tx,
            },
        );
        Session { hub, rx }
    }

    fn send(&mut self, line: &str) -> bool {
        self.hub.handle(line)
    }

    /// Lines up to and including the first that satisfies `done`; panics after `WAIT`.
    fn until(&self, done: impl FnMut(&str) -> bool) -> Vec<String> {
        until(&self.rx, WAIT, done)
    }

    fn line_starting(&self, prefix: &str) -> String {
        self.until(|l| l.starts_with(prefix)).pop().expect("a line")
    }

    /// Sends `ping` and returns the lines before `pong`.
    fn ping(&mut self) -> Vec<String> {
        self.send("ping");
        let mut lines = self.until(|l| l == "pong");
        lines.pop();
        lines
    }
}

#[test]
fn the_intro_declares_both_games() {
    let mut s = Session::new(Setup::default());
    s.send("hub");
    let intro = s.until(|l| l == "wait");
    assert!(intro[0].starts_with("id name=dama"), "{intro:?}");
    assert!(
        intro.contains(
            &"param name=variant value=italian type=enum values=\"italian brazilian\"".to_string()
        ),
        "{intro:?}"
    );
    s.send("set-param name=variant value=brazilian");
    s.send("hub");
    let intro = s.until(|l| l == "wait");
    assert!(intro
        .iter()
        .any(|l| l.starts_with("param name=variant value=brazilian ")));
    assert_eq!(s.hub.variant(), Variant::Brazilian);
    s.send("init");
    assert_eq!(s.line_starting("ready"), "ready");
    assert!(!s.send("quit"));
}

#[test]
fn bad_variants_are_refused_and_change_nothing() {
    let mut s = Session::new(Setup::default());
    for bad in [
        "set-param name=variant value=international",
        "set-param name=variant value=",
        "set-param name=variant value=brazil",
    ] {
        s.send(bad);
        let e = s.line_starting("error");
        let m = arg(&e, "message").unwrap();
        assert!(m.contains("italian") && m.contains("brazilian"), "{e}");
    }
    assert_eq!(s.hub.variant(), Variant::Italian);
    // The PDN game types are read too.
    s.send("set-param name=variant value=26");
    assert!(s.ping().is_empty());
    assert_eq!(s.hub.variant(), Variant::Brazilian);
    s.send("set-param name=variant value=Italian");
    assert!(s.ping().is_empty());
    assert_eq!(s.hub.variant(), Variant::Italian);
}

#[test]
fn a_search_on_two_threads_gives_a_legal_move() {
    let mut s = Session::new(Setup::default());
    s.send("hub");
    let intro = s.until(|l| l.starts_with("wait")).join("\n");
    assert!(
        intro.contains("param name=threads value=1 type=int min=1 max=256"),
        "{intro}"
    );
    s.send("set-param name=threads value=2");
    s.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 9-13\"");
    s.send("level move-time=0.2");
    s.send("go think");
    let done = s.line_starting("done");
    assert_eq!(arg(&done, "move").as_deref(), Some("18x9"));
}

#[test]
fn italian_think_in_process() {
    let mut s = Session::new(Setup::default());
    s.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 9-13\"");
    s.send("level depth=3");
    s.send("go think");
    let done = s.line_starting("done");
    // The capture is compulsory.
    assert_eq!(arg(&done, "move").as_deref(), Some("18x9"));
}

#[test]
fn brazilian_think_gives_a_legal_brazilian_move() {
    let b = Variant::Brazilian;
    // Without the book, so that the start is searched (and has a move to ponder).
    let mut s = Session::new(Setup {
        book: false,
        ..Setup::default()
    });
    s.send("set-param name=variant value=brazilian");
    // c3-d4 f6-e5, written in algebraic and in Brazilian numbers: White must take d4xf6.
    for moves in ["c3-d4 f6-e5", "22-18 11-15"] {
        s.send(&format!(
            "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"{moves}\""
        ));
        s.send("level depth=4");
        s.send("go think");
        let lines = s.until(|l| l.starts_with("done"));
        let done = lines.last().unwrap();
        assert_eq!(arg(done, "move").as_deref(), Some("18x11"), "{lines:?}");
        // The PV is in Brazilian numbers and legal in Brazilian.
        let info = lines.iter().rev().find(|l| l.starts_with("info")).unwrap();
        let pv = arg(info, "pv").unwrap();
        let mut pos = Position::start(Variant::Italian);
        for t in ["c3-d4", "f6-e5"] {
            pos = pos.play(&notation::parse(&pos.with_variant(b), t).unwrap());
        }
        for t in pv.split_whitespace() {
            let legal = pos.with_variant(b).legal_moves();
            let m = parse_move(b, &legal, t).unwrap_or_else(|e| panic!("{info}: {t}: {e}"));
            pos = pos.play(&m);
        }
    }

    // From the start of a fresh Brazilian game: a legal first move, in Brazilian numbers.
    s.send("new-game");
    s.send("pos start");
    s.send("level depth=3");
    s.send("go think");
    let done = s.line_starting("done");
    let mv = arg(&done, "move").unwrap();
    let legal = Position::start(Variant::Italian)
        .with_variant(b)
        .legal_moves();
    let m = parse_move(b, &legal, &mv).unwrap();
    assert_eq!(move_text(b, &legal, &m, Notation::Standard), mv);
    let ponder = arg(&done, "ponder").unwrap();
    let after = Position::start(Variant::Italian).play(&m);
    parse_move(b, &after.with_variant(b).legal_moves(), &ponder).unwrap();

    // With the book (the default), level 10 answers the Brazilian start from the Brazilian book.
    let mut s = Session::new(Setup::default());
    s.send("set-param name=variant value=brazilian");
    s.send("pos start");
    s.send("go think");
    let done = s.line_starting("done");
    let start = Position::start(b);
    let book: Vec<String> = dama::engine::book::Book::shipped(b)
        .probe(&start)
        .iter()
        .map(|(m, _)| move_text(b, &start.legal_moves(), m, Notation::Standard))
        .collect();
    assert!(!book.is_empty());
    assert!(
        book.contains(&arg(&done, "move").unwrap()),
        "{done} {book:?}"
    );
}

#[test]
fn brazilian_rules_and_numbering_apply_after_the_switch() {
    let b = Variant::Brazilian;
    // A white man on Brazilian 18 (d4) with a black man behind it on 22 (c3) and the square
    // beyond (b2 = 25) empty: a Brazilian man captures backward, so d4xb2 is compulsory.
    let pos = fen::parse(b, "W:W18,32:B22,1").unwrap();
    let text = position_text(b, &pos);
    let mut s = Session::new(Setup::default());
    s.send("set-param name=variant value=brazilian");
    s.send(&format!("pos pos={text}"));
    s.send("level depth=2");
    s.send("go think");
    let done = s.line_starting("done");
    assert_eq!(arg(&done, "move").as_deref(), Some("18x25"), "{done}");
    // The same position by FEN in Brazilian numbers.
    s.send("pos fen=\"W:W18,32:B22,1\"");
    s.send("go think");
    let done = s.line_starting("done");
    assert_eq!(arg(&done, "move").as_deref(), Some("18x25"), "{done}");
    // Scan's form for the capture: from x to x captured.
    s.send("set-param name=notation value=hub");
    s.send("go think");
    let done = s.line_starting("done");
    assert_eq!(arg(&done, "move").as_deref(), Some("18x25x22"), "{done}");
    // Back in Italian, the same string is another position, where men do not capture
    // backward.
    s.send("set-param name=variant value=italian");
    s.send(&format!("pos pos={text}"));
    s.send("set-param name=notation value=standard");
    s.send("go think");
    let done = s.line_starting("done");
    let mv = arg(&done, "move").unwrap();
    assert!(mv.contains('-'), "{done}");
}

#[test]
fn a_flying_king_capture_in_scan_form_is_read() {
    let b = Variant::Brazilian;
    let pos = fen::parse(b, "W:WK29:B25,18,11,3").unwrap();
    let legal = pos.with_variant(b).legal_moves();
    let best = legal.iter().max_by_key(|m| m.capture_count()).unwrap();
    assert!(best.capture_count() >= 3, "{legal:?}");
    let scan = move_text(b, &legal, best, Notation::Hub);
    let mut s = Session::new(Setup::default());
    s.send("set-param name=variant value=brazilian");
    s.send(&format!(
        "pos pos={} moves=\"{scan}\"",
        position_text(b, &pos)
    ));
    assert!(s.ping().is_empty(), "{scan}");
    // Italian numbers for the same move do not name it.
    s.send("set-param name=variant value=italian");
    s.send(&format!(
        "pos pos={} moves=\"{scan}\"",
        position_text(b, &pos)
    ));
    s.line_starting("error");
}

#[test]
fn switching_the_game_starts_it_afresh() {
    let mut s = Session::new(Setup::default());
    // An Italian position, then the switch: the session is at Brazilian's start, so a search
    // answers a first move of the start.
    s.send("pos fen=\"W:W31:B12,20,28\"");
    s.send("set-param name=variant value=brazilian");
    s.send("level depth=2");
    s.send("go think");
    let done = s.line_starting("done");
    let legal = Position::start(Variant::Italian)
        .with_variant(Variant::Brazilian)
        .legal_moves();
    parse_move(Variant::Brazilian, &legal, &arg(&done, "move").unwrap()).unwrap();
}

#[test]
fn a_session_starts_in_the_setup_game() {
    let mut s = Session::new(Setup {
        variant: Variant::Brazilian,
        ..Setup::default()
    });
    s.send("hub");
    let intro = s.until(|l| l == "wait");
    assert!(intro
        .iter()
        .any(|l| l.starts_with("param name=variant value=brazilian")));
    s.send("pos fen=\"W:W18,32:B22,1\"");
    s.send("level depth=1");
    s.send("go think");
    assert_eq!(
        arg(&s.line_starting("done"), "move").as_deref(),
        Some("18x25")
    );
}

/// `stop`, and dropping the session, each end an infinite analysis. Judged by the order of
/// events, not by how soon: an infinite analysis never ends by itself, so a `done` with none
/// before `stop`, and a `done` after the session is dropped with no `stop` sent, show each ended
/// it (`WAIT` guards against a hang; how soon a search notices its stop is the engine's poll,
/// checked on a stepped clock in the core's engine.rs); after a stop, the next search is not
/// stopped by it.
#[test]
fn stop_and_drop_end_an_infinite_search() {
    let analysing = || {
        let mut s = Session::new(Setup::default());
        s.send("set-param name=variant value=brazilian");
        s.send("level infinite");
        s.send("go analyze");
        s.line_starting("info");
        let before = s.ping();
        assert!(!before.iter().any(|l| l.starts_with("done")), "{before:?}");
        s
    };
    let mut s = analysing();
    s.send("stop");
    let done = s.line_starting("done");
    assert!(arg(&done, "move").is_some());
    // The stop was that search's: the next one searches to its depth (a stop flag left raised
    // ended every later search at its first look, at depth 4 or 5).
    s.send("level depth=9");
    s.send("go analyze");
    let lines = s.until(|l| l.starts_with("done"));
    let deepest = lines
        .iter()
        .filter(|l| l.starts_with("info"))
        .filter_map(|l| arg(l, "depth")?.parse::<u32>().ok())
        .max();
    assert_eq!(deepest, Some(9), "{lines:#?}");
    // Dropped mid-search: the search is stopped, not left running (its thread, which shares
    // the writer, then answers).
    let Session { hub, rx } = analysing();
    drop(hub);
    until(&rx, WAIT, |l| l.starts_with("done"));
}

#[test]
fn malformed_lines_in_process() {
    let mut s = Session::new(Setup::default());
    s.send("set-param name=variant value=brazilian");
    for bad in [
        "pos pos=Wbbbb",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"c3-d5\"",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-19\"",
        "pos fen=\"W:W33:B1\"",
        // A white man on Brazilian 1 would have been crowned.
        "pos pos=Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeeb",
        "level depth=0",
        "go",
    ] {
        s.send(bad);
        let got = s.until(|l| l.starts_with("error"));
        assert_eq!(got.len(), 1, "{bad}: {got:?}");
    }
    s.send("go think");
    s.line_starting("error");
    for line in ["", "   ", "hello", "\"", "= = ="] {
        assert!(s.send(line));
    }
    assert!(s.ping().is_empty());
}

/// Every number a `level` or `set-param` line carries is bounded before it becomes a duration,
/// a search limit or an allocation: out of range, or no number, is an `error` line naming the
/// argument and its range, the setting in force stays, and the session goes on.
#[test]
fn out_of_range_numbers_are_errors_and_change_nothing() {
    let mut s = Session::new(Setup::default());
    for (bad, says) in [
        ("level move-time=1e300", "move-time must be 0 to 1000000"),
        ("level move-time=inf", "move-time must be 0 to 1000000"),
        ("level move-time=nan", "move-time must be 0 to 1000000"),
        ("level move-time=-1", "move-time must be 0 to 1000000"),
        ("level time=1e7", "time must be 0 to 1000000"),
        ("level time=60 inc=1e300", "inc must be 0 to 1000000"),
        ("level time=60 moves=0", "moves must be 1 to 1000"),
        ("level time=60 moves=1001", "moves must be 1 to 1000"),
        ("level time=60 moves=-1", "moves must be 1 to 1000"),
        ("level depth=0", "depth must be 1 to 120"),
        ("level depth=121", "depth must be 1 to 120"),
        ("level depth=4294967296", "depth must be 1 to 120"),
        ("level nodes=0", "nodes must be 1 to"),
        ("level nodes=1e9", "nodes must be 1 to"),
        (
            "set-param name=tt-size value=1e300",
            "tt-size must be 1 to 1024",
        ),
        (
            "set-param name=tt-size value=0",
            "tt-size must be 1 to 1024",
        ),
        ("set-param name=level value=11", "level must be 1 to 10"),
        ("set-param name=level value=nan", "level must be 1 to 10"),
        ("set-param name=threads value=0", "threads must be 1 to 256"),
        (
            "set-param name=threads value=257",
            "threads must be 1 to 256",
        ),
        (
            "set-param name=threads value=2.5",
            "threads must be 1 to 256",
        ),
    ] {
        s.send(bad);
        let got = s.ping();
        assert_eq!(got.len(), 1, "{bad}: {got:?}");
        let message = arg(&got[0], "message").unwrap_or_default();
        assert!(message.starts_with(says), "{bad}: {got:?}");
    }
    // The level in force is the default (1 s a move): pondering ends after the hit, not before
    // that second (less its 20 ms margin) has run, however busy the machine (`WAIT` guards
    // against a hang), and the session still answers.
    s.send("go ponder");
    s.line_starting("info");
    let t = Instant::now();
    s.send("ponder-hit");
    s.line_starting("done");
    assert!(
        t.elapsed() >= Duration::from_millis(980),
        "answered {:?} after ponder-hit",
        t.elapsed()
    );
    // The largest values are taken.
    for good in [
        "level move-time=1000000",
        "level time=1000000 inc=1000000 moves=1000",
        "level depth=120 nodes=18446744073709551615",
        "set-param name=tt-size value=1",
        "set-param name=threads value=256",
    ] {
        s.send(good);
        assert!(s.ping().is_empty(), "{good}");
    }
    s.send("level depth=2");
    s.send("go think");
    s.line_starting("done");
}

#[test]
fn serve_bounds_the_line_length() {
    let (tx, rx) = mpsc::channel();
    let mut hub = Hub::new(
        Setup::default(),
        Lines {
            buf: Vec::new(),
            tx,
        },
    );
    let mut input = Vec::new();
    input.extend_from_slice(b"ping\n");
    // An over-long line (a position padded far past the limit), then the session goes on.
    input.extend_from_slice(b"pos pos=");
    input.extend(std::iter::repeat_n(b'e', MAX_LINE + 10));
    input.extend_from_slice(b"\nping\r\n");
    // A line of exactly the limit is read (and ignored as an unknown command).
    input.extend(std::iter::repeat_n(b'x', MAX_LINE));
    input.extend_from_slice(b"\nping\nquit\nping\n");
    hub.serve(&input[..]);
    drop(hub);
    let lines: Vec<String> = rx.iter().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], "pong");
    assert!(lines[1].starts_with("error message="), "{}", lines[1]);
    assert!(lines[1].contains(&MAX_LINE.to_string()), "{}", lines[1]);
    assert_eq!(&lines[2..], ["pong", "pong"]);
}

#[test]
fn serve_ends_at_the_end_of_input_without_a_newline() {
    let (tx, rx) = mpsc::channel();
    let mut hub = Hub::new(
        Setup::default(),
        Lines {
            buf: Vec::new(),
            tx,
        },
    );
    // An unterminated over-long line at the end: an error, then the end.
    let mut input = b"ping\n".to_vec();
    input.extend(std::iter::repeat_n(b'z', 3 * MAX_LINE));
    hub.serve(&input[..]);
    drop(hub);
    let lines: Vec<String> = rx.iter().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].starts_with("error"));
}

/// The fuzz target's seed sessions (fuzz/seeds/hub), replayed as the target does: nothing
/// panics, and the session still answers afterwards.
#[test]
fn fuzz_seeds_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/hub");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut n = 0;
    for e in entries {
        let bytes = std::fs::read(e.unwrap().path()).unwrap();
        let mut s = Session::new(Setup::default());
        for raw in bytes.split(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(raw);
            let line = line.trim();
            if line.starts_with("go") || line.starts_with("ponder-hit") {
                continue;
            }
            if !s.send(line) {
                break;
            }
        }
        s.ping();
        n += 1;
    }
    assert!(n >= 3, "{n} seeds in {}", dir.display());
}

#[test]
fn contempt_is_a_parameter_used_in_play_and_never_in_analysis() {
    // A king against a king is a draw in the tables: every line scores the draw.
    let tables = dama_tools::egtb::build(Variant::Italian, 2, 80, &mut |_| {});
    let setup = Setup {
        tables: vec![std::sync::Arc::new(tables)],
        contempt: 5,
        ..Setup::default()
    };
    let mut s = Session::new(setup);
    s.send("hub");
    let intro = s.until(|l| l == "wait");
    assert!(
        intro
            .iter()
            .any(|l| l == "param name=contempt value=5 type=int min=0 max=50"),
        "{intro:#?}"
    );
    for bad in ["-1", "51", "nan", "2.5"] {
        s.send(&format!("set-param name=contempt value={bad}"));
        let got = s.ping();
        let message = arg(&got[0], "message").unwrap_or_default();
        assert!(
            message.starts_with("contempt must be 0 to 50"),
            "{bad}: {got:?}"
        );
    }
    s.send("set-param name=contempt value=20");
    s.send("pos fen=\"W:WK22:BK11\"");
    s.send("level depth=6");
    let score = |s: &mut Session, go: &str| {
        s.send(go);
        let lines = s.until(|l| l.starts_with("done"));
        let info = lines.iter().rev().find(|l| l.starts_with("info")).unwrap();
        arg(info, "score").unwrap()
    };
    assert_eq!(score(&mut s, "go think"), "-0.20");
    s.send("stop");
    let analysed = {
        s.send("go analyze");
        let info = s.line_starting("info depth=6");
        s.send("stop");
        s.line_starting("done");
        arg(&info, "score").unwrap()
    };
    assert_eq!(analysed, "0.00");
    // The value in force is the last one accepted (20, not the setup's 5).
    assert_eq!(score(&mut s, "go think"), "-0.20");
}
