//! The other end of the Hub protocol: `dama match` runs an engine program as a child process
//! and talks to it the way a GUI would.
//!
//! A spec is `hub:PROGRAM [ARG...]`, split on whitespace (so a path with spaces needs a
//! wrapper script): `hub:/work/frozen/dama`, `hub:'/opt/scan/scan hub'`. A program whose file
//! name is `dama` and that is given no arguments gets the argument `hub`.
//!
//! Start-up: `hub`, then lines up to `wait` (`id name=.. version=..` names the engine; if it
//! advertises `param name=tt-size` it gets `set-param name=tt-size value=MB`, and if it
//! advertises `variant`, `set-param name=variant value=italian` or `brazilian`; a Brazilian
//! match needs an engine that declares `variant` with `brazilian` among its `values`), then
//! `init` and lines up to `ready`: up to `wait` within [`HANDSHAKE`], up to `ready` within
//! [`INIT`] more (the protocol's place for long work, such as reading tables). A move: `pos pos=.. moves=".."`
//! (the game's opening and its moves in the game's numbering, as `dama hub` reads them;
//! captures in Scan's form from x to x captured...), `level ..`, `ping`; then
//! `go think` once `pong` shows the position was taken, and lines up to `done move=..`. `info`
//! lines are read for their last `depth`, reported as the depth reached.
//!
//! Everything the engine writes is read on a thread of its own and handed over by a channel,
//! so every wait has a time-out. What is kept of it is bounded: lines are cut at [`MAX_LINE`]
//! bytes (a longer one is a failure, not an allocation), at most [`QUEUE`] lines wait in the
//! channel (then the reader waits, and the engine with it on its full pipe), the handshake
//! keeps only the parameters it acts on, and the last [`STDERR_KEEP`] bytes of stderr are kept
//! to explain a crash. An engine that writes more than [`OUTPUT_LINES`] lines or
//! [`OUTPUT_BYTES`] bytes during its handshake or one move fails ([`Failure::Flood`]) instead
//! of keeping the referee reading until its time-out. Invalid UTF-8 is read lossily, unknown
//! lines are ignored as the protocol asks, and `error` lines while a move is due are a
//! failure. Dropping the client sends `quit`, waits briefly, then kills the process.

use dama::{Game, Variant};
use dama_cli::hub::{move_text, position_text, Command as Line, Notation};
use dama_cli::lines::read_line_bounded;
pub use dama_cli::lines::MAX_LINE;
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine has to start and answer `hub`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long an engine has to answer `init`: `dama hub` reads its endgame tables there (the
/// Italian 6-piece ones are 2.7 GB).
pub const INIT: Duration = Duration::from_secs(120);
/// How long an engine has to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);
/// How often a wait looks whether the process is still alive: a dead engine whose output is
/// still held open (by a child of its own) must not pass for a slow one.
const POLL: Duration = Duration::from_millis(50);
/// How much of the engine's stderr is kept.
const STDERR_KEEP: usize = 512;
/// Lines read ahead of the referee: at most `QUEUE` x [`MAX_LINE`] bytes (1 MiB) an engine.
/// A real engine writes a few lines a move, read as they come.
const QUEUE: usize = 16;
/// The most lines an engine may write during its handshake or one move (from `pos` to
/// `done`): a search reports a line an iteration, a few hundred at most.
pub const OUTPUT_LINES: usize = 100_000;
/// The most bytes an engine may write during its handshake or one move.
pub const OUTPUT_BYTES: usize = 16 << 20;

/// The program and arguments of a `hub:` spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl HubCommand {
    /// Reads the part of a spec after `hub:`.
    pub fn parse(s: &str) -> Result<HubCommand, String> {
        let mut words = s.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or("hub: needs a program, like hub:/path/to/engine")?;
        let mut args: Vec<String> = words.collect();
        // Our own binary is an engine only under `dama hub`.
        if args.is_empty() && Path::new(&program).file_name().is_some_and(|f| f == "dama") {
            args.push("hub".into());
        }
        Ok(HubCommand { program, args })
    }
}

/// Why an engine failed to give a move; each forfeits the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The process ended, or closed its input or output.
    Crash(String),
    /// No answer in time.
    TimeOut(String),
    /// It answered `error message=..`.
    Error(String),
    /// It broke the protocol (an over-long line, `done` without a move).
    Protocol(String),
    /// It wrote more than [`OUTPUT_LINES`] lines or [`OUTPUT_BYTES`] bytes during its
    /// handshake or one move.
    Flood(String),
}

impl Failure {
    /// A short name for the tally of endings.
    pub fn id(&self) -> &'static str {
        match self {
            Failure::Crash(_) => "crash",
            Failure::TimeOut(_) => "time-out",
            Failure::Error(_) => "engine-error",
            Failure::Protocol(_) => "protocol",
            Failure::Flood(_) => "flood",
        }
    }

    pub fn detail(&self) -> &str {
        match self {
            Failure::Crash(s)
            | Failure::TimeOut(s)
            | Failure::Error(s)
            | Failure::Protocol(s)
            | Failure::Flood(s) => s,
        }
    }
}

/// An engine's answer to `go think`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The text after `move=`.
    pub mv: String,
    /// Wall-clock milliseconds from sending `go` to reading `done`.
    pub ms: f64,
    /// The last `depth` of its `info` lines.
    pub depth: Option<u32>,
}

enum Event {
    /// A line's bytes, read as UTF-8 by the referee (lossily, which could triple them).
    Line(Vec<u8>),
    TooLong,
    Closed,
}

/// What each engine of a match is given: its table's megabytes and its search threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub tt_mb: usize,
    pub threads: usize,
}

/// A running engine.
pub struct HubClient {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    stderr_tail: Arc<Mutex<VecDeque<u8>>>,
    stderr_reader: thread::JoinHandle<()>,
    /// Lines and bytes read since the handshake or the current move began.
    spent: (usize, usize),
    /// `id name=.. version=..`, or empty when the engine gave none.
    pub name: String,
}

impl HubClient {
    /// Starts the engine and goes through the handshake; an error says what went wrong.
    pub fn start(cmd: &HubCommand, size: Size, variant: Variant) -> Result<HubClient, String> {
        let mut child = Command::new(&cmd.program)
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", cmd.program))?;
        let stdout = child.stdout.take().expect("piped above");
        let stderr = child.stderr.take().expect("piped above");
        let (tx, events) = mpsc::sync_channel(QUEUE);
        thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                let ev = match read_line_bounded(&mut r, &mut buf, MAX_LINE) {
                    Ok(Some(false)) => Event::Line(buf.clone()),
                    Ok(Some(true)) => Event::TooLong,
                    Ok(None) | Err(_) => Event::Closed,
                };
                let closed = matches!(ev, Event::Closed);
                if tx.send(ev).is_err() || closed {
                    return;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr_tail.clone();
        let stderr_reader = thread::spawn(move || keep_tail(stderr, &tail));
        let mut c = HubClient {
            child,
            stdin: None,
            events,
            stderr_tail,
            stderr_reader,
            spent: (0, 0),
            name: String::new(),
        };
        c.stdin = c.child.stdin.take();
        c.handshake(size, variant).map_err(|f| {
            let hint = if cmd.args.is_empty() && matches!(f, Failure::Crash(_)) {
                " (it was run with no arguments; give them as 'hub:PROGRAM ARG...')"
            } else {
                ""
            };
            format!(
                "{} did not start as a Hub engine: {}{hint}",
                cmd.program,
                c.explain(&f)
            )
        })?;
        Ok(c)
    }

    fn handshake(&mut self, size: Size, variant: Variant) -> Result<(), Failure> {
        let end = Instant::now() + HANDSHAKE;
        self.spent = (0, 0);
        self.send("hub")?;
        // Only the parameters acted on are kept: the `values` of `variant` (`Some(None)` when
        // declared without), and whether `tt-size` and `threads` are declared.
        let mut variant_param: Option<Option<String>> = None;
        let mut tt_size = false;
        let mut threads = false;
        loop {
            let line = self.next_line(end, "wait")?;
            let Some((word, rest)) = Line::split(&line) else {
                continue;
            };
            // A malformed line is ignored here: only `wait` matters.
            let args = Line::parse(rest).ok();
            match word {
                "wait" => break,
                "id" => {
                    if let Some(a) = args {
                        let parts: Vec<&str> = ["name", "version"]
                            .iter()
                            .filter_map(|k| a.get(k))
                            .collect();
                        self.name = clean(&parts.join(" "));
                    }
                }
                "param" => match args.as_ref().and_then(|a| Some((a.get("name")?, a))) {
                    Some(("variant", a)) => {
                        variant_param = Some(a.get("values").map(str::to_string));
                    }
                    Some(("tt-size", _)) => tt_size = true,
                    Some(("threads", _)) => threads = true,
                    _ => {}
                },
                _ => {}
            }
        }
        match &variant_param {
            Some(values) => {
                let offered = values
                    .as_deref()
                    .is_none_or(|v| v.split_whitespace().any(|g| g == variant.id()));
                if !offered && variant != Variant::Italian {
                    return Err(Failure::Protocol(format!(
                        "its variant parameter offers {:?}, not {}",
                        clip(values.as_deref().unwrap_or("")),
                        variant.id()
                    )));
                }
                self.send(&format!("set-param name=variant value={}", variant.id()))?;
            }
            None if variant != Variant::Italian => {
                return Err(Failure::Protocol(format!(
                    "it declares no variant parameter, so it cannot be told to play {}",
                    variant.name()
                )))
            }
            None => {}
        }
        if tt_size {
            self.send(&format!("set-param name=tt-size value={}", size.tt_mb))?;
        }
        if threads {
            self.send(&format!("set-param name=threads value={}", size.threads))?;
        } else if size.threads > 1 {
            return Err(Failure::Protocol(format!(
                "it declares no threads parameter, so it cannot be given {} threads",
                size.threads
            )));
        }
        self.send("init")?;
        let end = Instant::now() + INIT;
        loop {
            let line = self.next_line(end, "ready")?;
            match Line::split(&line) {
                Some(("ready", _)) => return Ok(()),
                Some(("error", rest)) => return Err(Failure::Error(error_text(rest))),
                _ => {}
            }
        }
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("new-game")
    }

    /// Asks for a move in `game` under `level` (the arguments of a `level` command), giving
    /// up after `timeout` from `go`.
    pub fn think(&mut self, game: &Game, level: &str, timeout: Duration) -> Result<Reply, Failure> {
        self.spent = (0, 0);
        self.send(&pos_command(game))?;
        self.send(&format!("level {level}"))?;
        // `pong` shows the position and level were read, so an `error` is theirs, and the
        // clock starts at `go` with nothing else queued.
        self.send("ping")?;
        let end = Instant::now() + timeout;
        loop {
            let line = self.next_line(end, "pong")?;
            match Line::split(&line) {
                Some(("pong", _)) => break,
                Some(("error", rest)) => return Err(Failure::Error(error_text(rest))),
                _ => {}
            }
        }
        self.send("go think")?;
        let start = Instant::now();
        let end = start + timeout;
        let mut depth = None;
        loop {
            let line = self.next_line(end, "done")?;
            let Some((word, rest)) = Line::split(&line) else {
                continue;
            };
            match word {
                "done" => {
                    let ms = start.elapsed().as_secs_f64() * 1000.0;
                    let args = Line::parse(rest).map_err(|e| {
                        Failure::Protocol(format!("unreadable done line {:?}: {e}", clip(&line)))
                    })?;
                    let mv = args.get("move").unwrap_or("").trim().to_string();
                    if mv.is_empty() {
                        return Err(Failure::Protocol(format!(
                            "done without a move: {:?}",
                            clip(&line)
                        )));
                    }
                    return Ok(Reply { mv, ms, depth });
                }
                "info" => {
                    if let Ok(a) = Line::parse(rest)
                        && let Some(d) = a.get("depth").and_then(|d| d.parse().ok())
                    {
                        depth = Some(d);
                    }
                }
                "error" => return Err(Failure::Error(error_text(rest))),
                _ => {}
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Failure::Crash("its input is closed".into()));
        };
        let r = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        r.map_err(|e| Failure::Crash(format!("cannot write to it ({e}){}", self.status())))
    }

    /// The next line, or why none came before `end`; `waiting_for` names what was expected.
    fn next_line(&mut self, end: Instant, waiting_for: &str) -> Result<String, Failure> {
        loop {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Failure::TimeOut(format!("no {waiting_for} in time")));
            }
            match self.events.recv_timeout(left.min(POLL)) {
                Ok(Event::Line(l)) => return self.count(l, waiting_for),
                Ok(Event::TooLong) => {
                    return Err(Failure::Protocol(format!(
                        "a line over {} KB while waiting for {waiting_for}",
                        MAX_LINE / 1024
                    )))
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    self.stdin = None;
                    return Err(Failure::Crash(format!(
                        "closed its output while waiting for {waiting_for}{}",
                        self.status()
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Ok(Some(st)) = self.child.try_wait() {
                        // Lines it wrote before dying still count.
                        if let Ok(Event::Line(l)) = self.events.try_recv() {
                            return self.count(l, waiting_for);
                        }
                        return Err(Failure::Crash(format!(
                            "exited ({st}) while waiting for {waiting_for}"
                        )));
                    }
                }
            }
        }
    }

    /// Counts a line against the output allowed until `waiting_for` comes, and reads it.
    fn count(&mut self, line: Vec<u8>, waiting_for: &str) -> Result<String, Failure> {
        self.spent.0 += 1;
        self.spent.1 += line.len() + 1;
        let over = if self.spent.0 > OUTPUT_LINES {
            format!("{OUTPUT_LINES} lines")
        } else if self.spent.1 > OUTPUT_BYTES {
            format!("{} MiB", OUTPUT_BYTES >> 20)
        } else {
            return Ok(String::from_utf8_lossy(&line).into_owned());
        };
        Err(Failure::Flood(format!(
            "over {over} of output while waiting for {waiting_for}"
        )))
    }

    /// `; exited (status)` once the process is seen to have ended, else nothing.
    fn status(&mut self) -> String {
        // Give a dying process a moment, so the message can say how it ended.
        for _ in 0..10 {
            if let Ok(Some(st)) = self.child.try_wait() {
                return format!("; exited ({st})");
            }
            thread::sleep(Duration::from_millis(5));
        }
        String::new()
    }

    /// The failure with the last of the engine's stderr, if it wrote any.
    pub fn explain(&self, f: &Failure) -> String {
        if matches!(f, Failure::Crash(_)) {
            // What a dying engine wrote last may still be on its way.
            let end = Instant::now() + Duration::from_millis(200);
            while !self.stderr_reader.is_finished() && Instant::now() < end {
                thread::sleep(Duration::from_millis(5));
            }
        }
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().copied().collect::<Vec<u8>>())
            .unwrap_or_default();
        // The end of it, where a dying program says why.
        let text = String::from_utf8_lossy(&tail);
        let words: Vec<&str> = text.split_whitespace().collect();
        let tail = words.join(" ").replace(|c: char| c.is_control(), " ");
        let n = tail.chars().count();
        let tail: String = tail.chars().skip(n.saturating_sub(160)).collect();
        if tail.is_empty() {
            f.detail().to_string()
        } else {
            format!("{}; its stderr ends: {tail}", f.detail())
        }
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        if self.send("quit").is_ok() {
            // Closing its input also tells it to go.
            drop(self.stdin.take());
            let end = Instant::now() + QUIT_GRACE;
            while Instant::now() < end {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `pos pos=<opening> moves="<moves>"` in the game's numbering, captures in Scan's form, which
/// every Hub engine reads.
pub fn pos_command(game: &Game) -> String {
    let v = game.variant();
    let mut moves = Vec::with_capacity(game.ply());
    for (i, m) in game.moves().enumerate() {
        let before = game.position_at(i).expect("a position before each move");
        moves.push(move_text(v, &before.legal_moves(), m, Notation::Hub));
    }
    let pos = position_text(v, game.start_position());
    if moves.is_empty() {
        format!("pos pos={pos}")
    } else {
        format!("pos pos={pos} moves=\"{}\"", moves.join(" "))
    }
}

/// Keeps the last [`STDERR_KEEP`] bytes the engine writes to stderr.
fn keep_tail(mut from: impl Read, tail: &Mutex<VecDeque<u8>>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = from.read(&mut buf) {
        if n == 0 {
            return;
        }
        let Ok(mut t) = tail.lock() else { return };
        t.extend(&buf[..n]);
        let extra = t.len().saturating_sub(STDERR_KEEP);
        t.drain(..extra);
    }
}

/// The message of an `error message=".."` line.
fn error_text(rest: &str) -> String {
    match Line::parse(rest)
        .ok()
        .and_then(|a| a.get("message").map(clean))
    {
        Some(m) => format!("error: {m}"),
        None => format!("error: {}", clip(rest)),
    }
}

/// Engine text made safe for one line of our output: no control characters, bounded length.
fn clean(s: &str) -> String {
    clip(&s.replace(|c: char| c.is_control(), " "))
}

fn clip(s: &str) -> String {
    const MAX: usize = 200;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let cut: String = s.chars().take(MAX).collect();
        format!("{cut}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let c = HubCommand::parse("/work/frozen/dama").unwrap();
        assert_eq!(c.args, vec!["hub"]);
        let c = HubCommand::parse(" /opt/scan  hub --x ").unwrap();
        assert_eq!(c.program, "/opt/scan");
        assert_eq!(c.args, vec!["hub", "--x"]);
        let c = HubCommand::parse("/bin/dama-old").unwrap();
        assert!(c.args.is_empty());
        assert!(HubCommand::parse("  ").is_err());
    }

    #[test]
    fn positions_are_sent_with_scan_captures() {
        let mut g = Game::from_fen(Variant::Italian, "W:W22,23:B19,15").unwrap();
        assert_eq!(
            pos_command(&g),
            format!(
                "pos pos={}",
                position_text(Variant::Italian, g.start_position())
            )
        );
        g.play_text("23x14").unwrap();
        let c = pos_command(&g);
        assert!(c.ends_with("moves=\"23x14x19\""), "{c}");
    }

    #[test]
    fn brazilian_positions_are_sent_in_brazilian_numbers() {
        let mut g = Game::new(Variant::Brazilian);
        g.play_text("c3-d4").unwrap();
        g.play_text("f6-e5").unwrap();
        g.play_text("d4xf6").unwrap();
        let c = pos_command(&g);
        // c3 = 22, d4 = 18, f6 = 11, e5 = 15 in the Brazilian numbering.
        assert_eq!(
            c,
            "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15 18x11x15\""
        );
    }
}
