//! `dama hub`: the Hub protocol, version 2 (the text protocol of the Scan draughts engine),
//! for Italian draughts.
//!
//! Lines are read from stdin and answered on stdout, one flush per line. Commands:
//! `hub` (answered with `id`, `param` lines and `wait`), `set-param name=.. value=..`, `init`
//! (`ready`), `new-game`, `pos pos=<side><32 squares> [moves=".."]` (also `pos start` and, as an
//! extension, `pos fen=".."`), `level depth=N | move-time=S | time=S [inc=S] [moves=N] |
//! infinite` (and `nodes=N` as an extension), `go think | analyze | ponder`, `ponder-hit`,
//! `stop`, `ping` (`pong`), `quit`.
//!
//! The position string is `W` or `B` for the side to move, then one of `w b W B e` for each
//! square 1-32 in the numbering of RULES.md. Moves are read in the standard notation (`22-18`,
//! `22x13`, the landing path `27x18x11x4`) and in Scan's capture form, from x to x captured...
//! (`31x13x27x18`). Moves are written in the standard notation with the landing path only where
//! needed; `set-param name=notation value=hub` switches to Scan's form (from x to x captured...).
//!
//! Parameters: `tt-size` (MB, 1-1024, applied at the next search), `level` (1-10; below 10
//! `go think` plays at that level of `dama::level`, with the level's own depth and node budget
//! within the time the `level` command gives; analysis is always full strength), `notation`.
//! With no `level` command a search gets 1 second.
//!
//! Searches run on their own thread, so `ping`, `stop`, `ponder-hit` and `quit` are answered
//! while thinking. Each iteration prints `info depth=.. sel-depth=.. score=.. nodes=.. time=..
//! nps=.. pv=".."`: `score` in men for the side to move (0.25 is a quarter of a man), with a
//! win in n plies as 100 - n/100 (`99.93`) and a loss as its negative, as Scan does; `time` in
//! seconds; `nps` in millions of nodes a second. The engine has no average leaf depth, so
//! Scan's `mean-depth` is not sent; `sel-depth` is the deepest ply reached.
//!
//! Options of `dama hub`: `--eval classic|FILE` plays with another evaluation (a weights file
//! of `dama train fit`), `--egtb DIR` loads the endgame tables in DIR (`dama egtb build`), and
//! `--no-book` keeps level 10 out of the opening book (by default `go think` at levels 9 and 10
//! plays from the shipped book while the position is in it).
//!
//! Unknown commands and arguments are ignored, as the protocol asks; malformed ones get
//! `error message=".."` and change nothing.

use dama::egtb::Tables;
use dama::eval::Eval;
use dama::level::{self, Rng};
use dama::moves::{Move, MoveList};
use dama::search::{Engine, Info, Limits, SearchResult, MATE, MATE_BOUND, MAX_PLY};
use dama::{notation, Color, DrawRules, Game, Position};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const DEFAULT_TT_MB: usize = 32;
const MAX_TT_MB: usize = 1024;

/// What every engine of the session is built with, from the command line.
struct Setup {
    eval: Eval,
    tables: Option<Arc<Tables>>,
    book: bool,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let a = crate::args::Args::parse(args, &["eval", "egtb"], &["no-book"])?;
    let eval = match a.get("eval") {
        Some(spec) => crate::train::eval_from_spec(spec)?,
        None => Eval::shipped(),
    };
    let tables = match a.get("egtb") {
        Some(dir) => Some(Arc::new(
            Tables::from_dir(dir).map_err(|e| format!("--egtb {dir}: {e}"))?,
        )),
        None => None,
    };
    let setup = Arc::new(Setup {
        eval,
        tables,
        book: !a.flag("no-book"),
    });
    let mut hub = Hub::new(setup);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // Bytes, not `lines()`: invalid UTF-8 from the GUI must not end the session.
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if !hub.handle(line.trim()) {
            break;
        }
    }
    // The GUI quit or closed our input: stop thinking and leave.
    hub.stop_search();
    Ok(())
}

/// Writes one line to the GUI. Errors are ignored: a GUI that has gone away closes our input
/// too, and that ends the session.
fn send(line: &str) {
    let out = io::stdout();
    let mut out = out.lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn send_error(message: &str) {
    let clean: String = message
        .chars()
        .map(|c| if c == '"' || c.is_control() { '\'' } else { c })
        .collect();
    send(&format!("error message=\"{clean}\""));
}

/// The `name=value` arguments of a command line (flags have no value).
pub(crate) struct Command {
    args: Vec<(String, Option<String>)>,
}

impl Command {
    /// The command word of a line, and the rest.
    pub(crate) fn split(line: &str) -> Option<(&str, &str)> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(line.split_once(char::is_whitespace).unwrap_or((line, "")))
    }

    /// Reads the arguments of a command: `name`, `name=value` or `name="value with spaces"`.
    pub(crate) fn parse(rest: &str) -> Result<Command, String> {
        let mut args = Vec::new();
        let mut chars = rest.chars().peekable();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            let mut key = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '=' {
                    break;
                }
                key.push(c);
                chars.next();
            }
            if chars.peek() != Some(&'=') {
                args.push((key, None));
                continue;
            }
            chars.next();
            let mut value = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '"' {
                        closed = true;
                        break;
                    }
                    value.push(c);
                }
                if !closed {
                    return Err(format!("unterminated quote in argument {key:?}"));
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
            args.push((key, Some(value)));
        }
        Ok(Command { args })
    }

    fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// A number argument, refusing anything that is not a finite number.
    fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.get(name) {
            None if self.has(name) => Err(format!("{name} needs a value")),
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("{name}={v:?} is not a valid number")),
        }
    }

    fn seconds(&self, name: &str) -> Result<Option<f64>, String> {
        match self.number::<f64>(name)? {
            Some(s) if !s.is_finite() || s < 0.0 => {
                Err(format!("{name} must be a number of seconds, 0 or more"))
            }
            s => Ok(s),
        }
    }
}

/// How to write moves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Notation {
    /// `22-18`, `22x13`, and the landing path `27x18x11x4` only where two captures share from
    /// and to.
    Standard,
    /// Scan's: from x to x each captured piece, for every capture (`27x4x23x15x8`).
    Hub,
}

pub(crate) fn move_text(legal: &MoveList, m: &Move, notation: Notation) -> String {
    match notation {
        Notation::Standard => notation::move_text_in(legal, m),
        Notation::Hub if m.is_capture() => {
            let mut s = format!("{}x{}", m.from().number(), m.to().number());
            for c in m.captured_in_order() {
                s.push('x');
                s.push_str(&c.number().to_string());
            }
            s
        }
        Notation::Hub => format!("{}-{}", m.from().number(), m.to().number()),
    }
}

/// Reads a move in either notation. With three or more squares the two readings cannot both
/// match: Scan's names occupied squares (the captured pieces) where the landing path names
/// empty ones.
pub(crate) fn parse_move(legal: &MoveList, text: &str) -> Result<Move, String> {
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    if parts.len() >= 3 {
        let nums: Option<Vec<u8>> = parts.iter().map(|p| p.parse().ok()).collect();
        if let Some(nums) = nums {
            let mut captured = 0u32;
            for &n in &nums[2..] {
                if (1..=32).contains(&n) {
                    captured |= 1 << (n - 1);
                }
            }
            let found = legal.iter().find(|m| {
                m.from().number() == nums[0]
                    && m.to().number() == nums[1]
                    && m.captured() == captured
                    && m.capture_count() as usize == nums.len() - 2
            });
            if let Some(m) = found {
                return Ok(*m);
            }
        }
    }
    notation::parse_in(legal, text).map_err(|e| e.to_string())
}

/// Reads Hub's position string: the side to move, then each square 1-32.
fn parse_position(s: &str) -> Result<Position, String> {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() != 33 {
        return Err(format!(
            "a position is the side to move and 32 squares (33 characters), got {}",
            chars.len()
        ));
    }
    let turn = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        c => return Err(format!("the side to move must be W or B, got {c:?}")),
    };
    let (mut white, mut black, mut kings) = (0u32, 0u32, 0u32);
    for (i, c) in chars[1..].iter().enumerate() {
        let bit = 1u32 << i;
        match c {
            'w' => white |= bit,
            'b' => black |= bit,
            'W' => {
                white |= bit;
                kings |= bit
            }
            'B' => {
                black |= bit;
                kings |= bit
            }
            'e' | '.' => {}
            c => {
                return Err(format!(
                    "square {}: expected one of w b W B e, got {c:?}",
                    i + 1
                ))
            }
        }
    }
    Position::from_bitboards(white, black, kings, turn).map_err(|e| e.to_string())
}

/// The position in Hub's form.
pub(crate) fn position_text(p: &Position) -> String {
    let mut s = String::with_capacity(33);
    s.push(p.turn().letter());
    for i in 0..32 {
        let sq = dama::Square::from_index(i).expect("in range");
        s.push(match p.piece_at(sq) {
            None => 'e',
            Some(pc) => match (pc.color, pc.role) {
                (Color::White, dama::Role::Man) => 'w',
                (Color::Black, dama::Role::Man) => 'b',
                (Color::White, dama::Role::King) => 'W',
                (Color::Black, dama::Role::King) => 'B',
            },
        });
    }
    s
}

/// The search limit from the last `level` command.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    depth: Option<u32>,
    nodes: Option<u64>,
    /// Seconds for this move.
    move_time: Option<f64>,
    /// Seconds left on the clock, with the increment and the moves to the next control.
    time: Option<f64>,
    inc: f64,
    moves: Option<u32>,
}

impl Level {
    const DEFAULT: Level = Level {
        depth: None,
        nodes: None,
        move_time: Some(1.0),
        time: None,
        inc: 0.0,
        moves: None,
    };

    fn parse(c: &Command) -> Result<Level, String> {
        let depth = c.number::<u32>("depth")?;
        if depth == Some(0) {
            return Err("depth must be 1 or more".into());
        }
        let level = Level {
            depth,
            nodes: c.number::<u64>("nodes")?,
            move_time: c.seconds("move-time")?,
            time: c.seconds("time")?,
            inc: c.seconds("inc")?.unwrap_or(0.0),
            moves: c.number::<u32>("moves")?,
        };
        let infinite = c.has("infinite");
        let limited = level.depth.is_some()
            || level.nodes.is_some()
            || level.move_time.is_some()
            || level.time.is_some();
        if !infinite && !limited {
            return Err(
                "level needs depth=N, move-time=S, time=S [inc=S] [moves=N] or infinite".into(),
            );
        }
        Ok(level)
    }

    /// Milliseconds for this move, if the level sets a time.
    fn time_ms(&self) -> Option<f64> {
        if let Some(t) = self.move_time {
            // Leave a little for replying and for the GUI's own latency.
            return Some((t * 1000.0 - (t * 20.0).min(20.0)).max(1.0));
        }
        // The clock already includes this move's increment (the protocol adds it before every
        // move); the core spreads the rest over the moves to go.
        let clock = dama::time::GameClock {
            remaining_ms: self.time? * 1000.0,
            increment_ms: self.inc * 1000.0,
            moves_to_go: self.moves,
        };
        Some(clock.budget_ms())
    }

    fn limits(&self, timed: bool) -> Limits {
        Limits {
            depth: self.depth.unwrap_or(MAX_PLY as u32),
            nodes: self.nodes.unwrap_or(u64::MAX),
            time_ms: if timed { self.time_ms() } else { None },
            // A fixed time per move is spent whole; on a game clock, what an iteration would
            // not finish is saved for later moves.
            soft_ms: match (timed, self.move_time) {
                (true, None) => self.time_ms().map(|t| t * 0.5),
                _ => None,
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Think,
    Analyze,
    Ponder,
}

/// A search job for the engine thread.
struct Job {
    game: Game,
    limits: Limits,
    level: u8,
    /// At level 10, play from the opening book when the position is in it (lower levels
    /// consult it through `level::play`).
    book: bool,
    seed: u64,
    notation: Notation,
    tt_mb: usize,
    clear: bool,
    finished: Arc<AtomicBool>,
}

/// The engine's stop flag, published by the engine thread whenever it builds an engine.
type StopSlot = Arc<Mutex<Option<Arc<AtomicBool>>>>;

/// The engine thread: the engine lives here for the whole session (it is not `Send`, and its
/// table should persist between searches anyway) and runs one job at a time.
fn engine_thread(jobs: Receiver<Job>, slot: StopSlot, setup: Arc<Setup>) {
    let mut engine: Option<(Engine, usize)> = None;
    for job in jobs {
        if engine.as_ref().is_none_or(|(_, mb)| *mb != job.tt_mb) {
            // Free the old table before allocating the new one.
            drop(engine.take());
            let mut e = Engine::new(job.tt_mb);
            e.set_eval(setup.eval.clone());
            e.set_tables(setup.tables.clone());
            *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.stop_handle());
            engine = Some((e, job.tt_mb));
        }
        let (e, _) = engine.as_mut().expect("built above");
        if job.clear {
            e.clear();
        }
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| think(e, &job)));
        // Set before `done` goes out: a GUI answering at once must find the engine free.
        job.finished.store(true, Ordering::SeqCst);
        match outcome {
            Ok(r) => send(&done_line(&job.game, &r, job.notation)),
            Err(_) => {
                engine = None;
                send_error("internal error in the search");
            }
        }
    }
}

/// The search in progress.
struct Running {
    finished: Arc<AtomicBool>,
    mode: Mode,
    id: u64,
}

struct Hub {
    jobs: Option<Sender<Job>>,
    stop_slot: StopSlot,
    tt_mb: usize,
    level_param: u8,
    notation: Notation,
    clear_pending: bool,
    /// `None` after a `pos` that could not be read: searching then is an error.
    game: Option<Game>,
    level: Level,
    running: Option<Running>,
    /// Identifies the current search, so a ponder-hit timer cannot stop a later one.
    search_id: Arc<AtomicU64>,
    rng: Rng,
    setup: Arc<Setup>,
}

impl Hub {
    fn new(setup: Arc<Setup>) -> Hub {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        Hub {
            jobs: None,
            stop_slot: Arc::new(Mutex::new(None)),
            tt_mb: DEFAULT_TT_MB,
            level_param: 10,
            notation: Notation::Standard,
            clear_pending: false,
            game: Some(Game::new()),
            level: Level::DEFAULT,
            running: None,
            search_id: Arc::new(AtomicU64::new(0)),
            rng: Rng::new(seed),
            setup,
        }
    }

    /// Handles one line; false when the session should end.
    fn handle(&mut self, line: &str) -> bool {
        let Some((name, rest)) = Command::split(line) else {
            return true;
        };
        // Commands without arguments work whatever follows them: a GUI's `stop` or `quit`
        // must never be lost to a stray character.
        match name {
            "hub" => {
                self.intro();
                return true;
            }
            "init" => {
                send("ready");
                return true;
            }
            "new-game" => {
                self.clear_pending = true;
                return true;
            }
            "stop" => {
                self.stop_search();
                return true;
            }
            "ponder-hit" => {
                self.ponder_hit();
                return true;
            }
            "ping" => {
                send("pong");
                return true;
            }
            "quit" => return false,
            // The protocol asks for unknown commands to be ignored, so it can grow.
            "set-param" | "pos" | "level" | "go" => {}
            _ => return true,
        }
        let result = Command::parse(rest).and_then(|cmd| match name {
            "set-param" => self.set_param(&cmd),
            "pos" => self.set_pos(&cmd),
            "level" => Level::parse(&cmd).map(|l| self.level = l),
            _ => self.go(&cmd),
        });
        if let Err(e) = result {
            send_error(&e);
        }
        true
    }

    fn intro(&self) {
        send("id name=dama version=0.1 author=\"dama developers\" country=Italy");
        send("param name=variant value=italian type=enum values=\"italian\"");
        send(&format!(
            "param name=tt-size value={} type=int min=1 max={MAX_TT_MB}",
            self.tt_mb
        ));
        send(&format!(
            "param name=level value={} type=int min=1 max=10",
            self.level_param
        ));
        send(&format!(
            "param name=notation value={} type=enum values=\"standard hub\"",
            match self.notation {
                Notation::Standard => "standard",
                Notation::Hub => "hub",
            }
        ));
        send("wait");
    }

    fn set_param(&mut self, c: &Command) -> Result<(), String> {
        let name = c.get("name").ok_or("set-param needs name=...")?;
        let value = c.get("value").ok_or("set-param needs value=...")?;
        match name {
            "variant" if value != "italian" => {
                Err(format!("variant {value:?} is not supported; only italian"))
            }
            "tt-size" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_TT_MB).contains(&mb) => {
                    self.tt_mb = mb;
                    Ok(())
                }
                _ => Err(format!("tt-size must be 1-{MAX_TT_MB} (MB), got {value:?}")),
            },
            "level" => match value.parse::<u8>() {
                Ok(l) if (1..=10).contains(&l) => {
                    self.level_param = l;
                    Ok(())
                }
                _ => Err(format!("level must be 1-10, got {value:?}")),
            },
            "notation" => {
                self.notation = match value {
                    "standard" => Notation::Standard,
                    "hub" => Notation::Hub,
                    _ => return Err(format!("notation must be standard or hub, got {value:?}")),
                };
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn set_pos(&mut self, c: &Command) -> Result<(), String> {
        // A bad position must not leave the old one in place: a `go` would then answer for a
        // position the GUI no longer has.
        self.game = None;
        let start = if let Some(p) = c.get("pos") {
            if p == "start" {
                Position::start()
            } else {
                parse_position(p)?
            }
        } else if let Some(f) = c.get("fen") {
            Position::from_fen(f).map_err(|e| e.to_string())?
        } else if c.has("pos") || c.has("fen") {
            return Err("pos needs a value".into());
        } else {
            Position::start()
        };
        let mut game = Game::from_position(start);
        // The GUI decides when the game is over; replaying its moves must not stop at a draw
        // that our rules would have declared.
        game.set_draw_rules(DrawRules::NONE);
        if let Some(moves) = c.get("moves") {
            for (i, text) in moves.split_whitespace().enumerate() {
                let legal = game.legal_moves();
                let m = parse_move(&legal, text)
                    .map_err(|e| format!("moves: move {} ({text}): {e}", i + 1))?;
                game.play(&m)
                    .map_err(|e| format!("moves: move {} ({text}): {e}", i + 1))?;
            }
        }
        game.set_draw_rules(DrawRules::default());
        self.game = Some(game);
        Ok(())
    }

    fn go(&mut self, c: &Command) -> Result<(), String> {
        let mode = if c.has("think") {
            Mode::Think
        } else if c.has("analyze") || c.has("analyse") {
            Mode::Analyze
        } else if c.has("ponder") {
            Mode::Ponder
        } else {
            return Err("go needs think, analyze or ponder".into());
        };
        self.reap();
        if self.running.is_some() {
            return Err("already searching; send stop first".into());
        }
        let Some(mut game) = self.game.clone() else {
            return Err("no valid position: send pos first".into());
        };
        if game.position().legal_moves().is_empty() {
            return Err("the side to move has no legal move".into());
        }
        if game.result().is_some() {
            // Drawn by our rules but the GUI plays on: answer anyway.
            game.set_draw_rules(DrawRules::NONE);
        }
        let finished = Arc::new(AtomicBool::new(false));
        let job = Job {
            game,
            // Pondering waits for ponder-hit before its clock runs.
            limits: self.level.limits(mode != Mode::Ponder),
            // Analysis shows the full-strength search whatever the level of play.
            level: if mode == Mode::Think {
                self.level_param
            } else {
                10
            },
            book: self.setup.book && mode == Mode::Think,
            seed: self.rng.next_u64(),
            notation: self.notation,
            tt_mb: self.tt_mb,
            clear: std::mem::take(&mut self.clear_pending),
            finished: finished.clone(),
        };
        let jobs = match &self.jobs {
            Some(j) => j.clone(),
            None => {
                let (tx, rx) = mpsc::channel();
                let slot = self.stop_slot.clone();
                let setup = self.setup.clone();
                thread::Builder::new()
                    .name("engine".into())
                    .spawn(move || engine_thread(rx, slot, setup))
                    .map_err(|e| format!("cannot start the engine thread: {e}"))?;
                self.jobs = Some(tx.clone());
                tx
            }
        };
        if jobs.send(job).is_err() {
            self.jobs = None;
            return Err("the engine thread has stopped; try again".into());
        }
        let id = self.search_id.fetch_add(1, Ordering::SeqCst) + 1;
        self.running = Some(Running { finished, mode, id });
        Ok(())
    }

    /// Forgets a search that has answered.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.finished.load(Ordering::SeqCst))
        {
            self.running = None;
        }
    }

    fn stop_search(&mut self) {
        let Some(r) = &self.running else {
            return;
        };
        // Each search clears the flag when it starts, a level below 10 runs two in a row
        // (`level::play`), and the engine thread may not have started yet: keep raising the
        // flag until the answer is out.
        let t = Instant::now();
        while !r.finished.load(Ordering::SeqCst) && t.elapsed() < Duration::from_secs(2) {
            raise(&self.stop_slot);
            thread::sleep(Duration::from_millis(1));
        }
        self.reap();
    }

    fn ponder_hit(&mut self) {
        let Some(r) = &mut self.running else {
            return;
        };
        if r.mode != Mode::Ponder {
            return;
        }
        r.mode = Mode::Think;
        // The ponder search has no clock; give it this move's time from now on.
        let Some(ms) = self.level.time_ms() else {
            return;
        };
        let (slot, finished, id, current) = (
            self.stop_slot.clone(),
            r.finished.clone(),
            r.id,
            self.search_id.clone(),
        );
        thread::spawn(move || {
            thread::sleep(Duration::from_secs_f64(ms / 1000.0));
            while current.load(Ordering::SeqCst) == id && !finished.load(Ordering::SeqCst) {
                raise(&slot);
                thread::sleep(Duration::from_millis(1));
            }
        });
    }
}

fn raise(slot: &StopSlot) {
    if let Some(s) = slot.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
        s.store(true, Ordering::SeqCst);
    }
}

/// One search, printing an `info` line per iteration.
fn think(engine: &mut Engine, job: &Job) -> SearchResult {
    let (game, limits, level, seed, notation) =
        (&job.game, &job.limits, job.level, job.seed, job.notation);
    // Below level 10, `level::play` keeps its own depth and node budget and consults the book
    // itself (levels 9 and up); level 10 is the full search, from the book when allowed.
    let picked = if level < 10 {
        let ms = limits.time_ms.unwrap_or(1e12);
        Some(level::play(engine, game, level, ms, seed))
    } else if job.book {
        level::book_move(game, level, seed)
    } else {
        None
    };
    if let Some(r) = picked {
        let info = Info {
            depth: r.depth,
            seldepth: r.depth,
            score: r.score,
            nodes: r.nodes,
            time_ms: r.time_ms,
            pv: r.pv.clone(),
        };
        send(&info_line(game, &info, notation));
        return r;
    }
    engine.search(game, limits, &mut |i| send(&info_line(game, i, notation)))
}

/// A score in Scan's units: men, with wins and losses near +-100.
fn score_text(s: i32) -> String {
    let men = if s > MATE_BOUND {
        100.0 - (MATE - s) as f64 / 100.0
    } else if s < -MATE_BOUND {
        -(100.0 - (MATE + s) as f64 / 100.0)
    } else {
        s as f64 / 100.0
    };
    format!("{men:.2}")
}

/// The moves of a line in order, each written against its own position; stops at a move that
/// is not legal where it stands (a PV should never have one).
fn line_text(game: &Game, pv: &[Move], notation: Notation) -> Vec<String> {
    let mut pos = *game.position();
    let mut out = Vec::new();
    for m in pv {
        let legal = pos.legal_moves();
        if !legal.contains(m) {
            break;
        }
        out.push(move_text(&legal, m, notation));
        pos = pos.play(m);
    }
    out
}

fn info_line(game: &Game, i: &Info, notation: Notation) -> String {
    let secs = i.time_ms / 1000.0;
    let mnps = if i.time_ms > 0.0 {
        i.nodes as f64 / i.time_ms / 1000.0
    } else {
        0.0
    };
    format!(
        "info depth={} sel-depth={} score={} nodes={} time={:.3} nps={:.2} pv=\"{}\"",
        i.depth,
        i.seldepth,
        score_text(i.score),
        i.nodes,
        secs,
        mnps,
        line_text(game, &i.pv, notation).join(" ")
    )
}

fn done_line(game: &Game, r: &SearchResult, notation: Notation) -> String {
    let mut pv = r.pv.clone();
    if let Some(b) = r.best {
        if pv.first() != Some(&b) {
            pv = vec![b];
        }
    }
    let texts = line_text(game, &pv, notation);
    match texts.as_slice() {
        [] => "done".to_string(),
        [m] => format!("done move={m}"),
        [m, p, ..] => format!("done move={m} ponder={p}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_strings_round_trip() {
        let p = Position::start();
        let s = position_text(&p);
        assert_eq!(s, "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(parse_position(&s).unwrap(), p);
        let k = Position::from_fen("B:WK1,22:BK32,5").unwrap();
        assert_eq!(parse_position(&position_text(&k)).unwrap(), k);
        assert!(parse_position("W").is_err());
        assert!(parse_position(&format!("X{}", &s[1..])).is_err());
        // A white man on square 2 would already have been crowned.
        assert!(parse_position("Wewbbbbbbbbbbbeeeeeeeeewwwwwwwwww").is_err());
    }

    #[test]
    fn both_capture_notations_are_read() {
        // 22x13x6 and 22x15x6 take different pieces: the path or the captured set is needed.
        let pos = Position::from_fen("W:WK20,22:BK4,10,11,18,19").unwrap();
        let legal = pos.legal_moves();
        let texts: Vec<String> = legal
            .iter()
            .map(|m| move_text(&legal, m, Notation::Standard))
            .collect();
        assert!(texts.contains(&"22x13x6".to_string()), "{texts:?}");
        let hub: Vec<String> = legal
            .iter()
            .map(|m| move_text(&legal, m, Notation::Hub))
            .collect();
        assert!(hub.contains(&"22x6x18x10".to_string()), "{hub:?}");
        for m in legal.iter() {
            for n in [Notation::Standard, Notation::Hub] {
                let t = move_text(&legal, m, n);
                let back = parse_move(&legal, &t).unwrap();
                assert_eq!(back.from(), m.from());
                assert_eq!(back.to(), m.to());
                assert_eq!(back.captured(), m.captured(), "{t}");
            }
            let full = notation::full_text(m);
            assert_eq!(parse_move(&legal, &full).unwrap().captured(), m.captured());
        }
    }

    #[test]
    fn commands_are_tokenised() {
        let (name, rest) = Command::split("  pos pos=Wee moves=\"22-18 10-14\" flag x= ").unwrap();
        let c = Command::parse(rest).unwrap();
        assert_eq!(name, "pos");
        assert_eq!(c.get("pos"), Some("Wee"));
        assert_eq!(c.get("moves"), Some("22-18 10-14"));
        assert!(c.has("flag"));
        assert_eq!(c.get("x"), Some(""));
        assert!(Command::parse("moves=\"22-18").is_err());
        assert!(Command::split("   ").is_none());
        assert_eq!(Command::split("ping"), Some(("ping", "")));
    }

    #[test]
    fn scores_in_men() {
        assert_eq!(score_text(25), "0.25");
        assert_eq!(score_text(-130), "-1.30");
        assert_eq!(score_text(MATE - 7), "99.93");
        assert_eq!(score_text(-MATE + 4), "-99.96");
    }

    #[test]
    fn time_shares() {
        let l = Level {
            time: Some(60.0),
            move_time: None,
            ..Level::DEFAULT
        };
        assert!((l.time_ms().unwrap() - 2000.0).abs() < 1e-6);
        let l = Level {
            time: Some(1.0),
            moves: Some(1),
            move_time: None,
            ..Level::DEFAULT
        };
        assert!(l.time_ms().unwrap() <= 750.0);
    }
}
