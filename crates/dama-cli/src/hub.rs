//! The Hub protocol, version 2 (the text protocol of the Scan draughts engine), for Italian and
//! Brazilian draughts: [`Hub`] is one session, fed one line at a time by [`Hub::handle`] (or
//! from any reader by [`Hub::serve`], as `dama hub` does with stdin) and answering on a writer
//! it shares with its search thread.
//!
//! Every line written is flushed. Commands: `hub` (answered with `id`, `param` lines and
//! `wait`), `set-param name=.. value=..`, `init` (`ready`), `new-game`, `pos pos=<side><32
//! squares> [moves=".."]` (also `pos start` and, as an extension, `pos fen=".."`), `level
//! depth=N | move-time=S | time=S [inc=S] [moves=N] | infinite` (and `nodes=N` as an
//! extension), `go think | analyze | ponder`, `ponder-hit`, `stop`, `ping` (`pong`), `quit`.
//!
//! **The game.** `param name=variant value=italian type=enum values="italian brazilian"`:
//! `set-param name=variant value=brazilian` switches the session to Brazilian draughts (the
//! PDN game types `22` and `26` are read too), and sets the start position of that game; the
//! engine's table is cleared before the next search. `dama hub --variant brazilian` starts in
//! Brazilian. Everything that names a square then uses that game's numbering 1-32 (the one its
//! FEN uses: Italian 1 = a8 ... 32 = h1 in RULES.md, Brazilian 1 = b8 ... 32 = g1).
//!
//! The position string is `W` or `B` for the side to move, then one of `w b W B e` for each
//! square 1-32 of the game's numbering. Moves are read in the standard notation with the
//! game's numbers (`22-18`, `22x13`, the landing path `27x18x11x4`), in Scan's capture form
//! from x to x captured... (`31x13x27x18`) and, in Brazilian, in algebraic notation (`c3-d4`,
//! `c3xe5xc7`). Moves are written with numbers: the standard form with the landing path only
//! where needed, or with `set-param name=notation value=hub` Scan's form (from x to x
//! captured...).
//!
//! Parameters: `variant`, `tt-size` (MB, 1-1024, applied at the next search), `level` (1-10;
//! below 10 `go think` plays at that level of `dama::engine::level`, with the level's own depth and
//! node budget within the time the `level` command gives; analysis is always full strength),
//! `notation`. With no `level` command a search gets 1 second.
//!
//! Searches run on their own thread, so `ping`, `stop`, `ponder-hit` and `quit` are answered
//! while thinking. Each iteration prints `info depth=.. sel-depth=.. score=.. nodes=.. time=..
//! nps=.. pv=".."`: `score` in men for the side to move (0.25 is a quarter of a man), with a
//! win in n plies as 100 - n/100 (`99.93`) and a loss as its negative, as Scan does; `time` in
//! seconds; `nps` in millions of nodes a second. The engine has no average leaf depth, so
//! Scan's `mean-depth` is not sent; `sel-depth` is the deepest ply reached.
//!
//! What every engine of a session is built with comes from [`Setup`] (the options of `dama
//! hub`: `--eval` weights for either game, `--egtb` tables and `--no-book`, both Italian only).
//!
//! Unknown commands and arguments are ignored, as the protocol asks; malformed ones get
//! `error message=".."` and change nothing. So do numbers out of their range: `level`'s
//! `depth` 1-120, `nodes` 1 or more, `move-time`, `time` and `inc` 0 to 1,000,000 seconds,
//! `moves` 1-1000; `tt-size` 1-1024 and `level` 1-10. [`Hub::serve`] reads lines of at most
//! [`MAX_LINE`] bytes: a longer one is answered with an error and skipped up to its newline.

pub use crate::lines::MAX_LINE;
use dama::engine::egtb::Tables;
use dama::engine::eval::Eval;
use dama::engine::level::{self, Rng};
use dama::engine::search::{Engine, Info, Limits, SearchResult, MATE, MATE_BOUND, MAX_PLY};
use dama::rules::moves::{Move, MoveList};
use dama::{rules::fen, rules::notation, Color, DrawRules, Game, PlayError, Position, Variant};
use std::fmt::Display;
use std::io::{BufRead, Write};
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const DEFAULT_TT_MB: usize = 32;
const MAX_TT_MB: usize = 1024;
/// The longest time a `level` takes, in seconds (11.6 days), for a move, a clock or an
/// increment: far beyond any game, and small enough for every duration made from it.
const MAX_SECONDS: f64 = 1_000_000.0;
/// The most moves to a time control a `level` takes.
const MAX_MOVES: u32 = 1000;
/// The deepest search a `level` asks for: the engine's deepest iteration.
const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

/// What every engine of a session is built with (the options of `dama hub`).
#[derive(Clone, Debug)]
pub struct Setup {
    /// Evaluations to install, each for the game it was made for ([`Eval::variant`]); games
    /// without one here use the shipped weights.
    pub evals: Vec<Eval>,
    /// Endgame tables (Italian: the engine does not use them in Brazilian games).
    pub tables: Option<Arc<Tables>>,
    /// Level 10 plays from the opening book (Italian only) while the position is in it.
    pub book: bool,
    /// The game at the start of the session.
    pub variant: Variant,
}

impl Default for Setup {
    /// Shipped weights, no tables, the book, Italian.
    fn default() -> Setup {
        Setup {
            evals: Vec::new(),
            tables: None,
            book: true,
            variant: Variant::Italian,
        }
    }
}

/// Writes one line and flushes. Errors are ignored: a GUI that has gone away closes our input
/// too, and that ends the session.
fn send<W: Write>(out: &Mutex<W>, line: &str) {
    let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

/// An `error message=".."` line, the message made safe for one quoted argument.
fn error_line(message: &str) -> String {
    let clean: String = message
        .chars()
        .map(|c| if c == '"' || c.is_control() { '\'' } else { c })
        .collect();
    format!("error message=\"{clean}\"")
}

/// The `name=value` arguments of a command line (flags have no value), as both ends of the
/// protocol read them.
pub struct Command {
    args: Vec<(String, Option<String>)>,
}

impl Command {
    /// The command word of a line, and the rest.
    pub fn split(line: &str) -> Option<(&str, &str)> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(line.split_once(char::is_whitespace).unwrap_or((line, "")))
    }

    /// Reads the arguments of a command: `name`, `name=value` or `name="value with spaces"`.
    pub fn parse(rest: &str) -> Result<Command, String> {
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

    /// Whether the argument `name` was given, with a value or not.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// The value of `name=value`, if given with a value.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// A number argument within `range`, if given; anything else (no number, NaN, an
    /// infinity, out of range) is refused with a message naming the argument and its range.
    fn number_in<T>(&self, name: &str, range: RangeInclusive<T>) -> Result<Option<T>, String>
    where
        T: FromStr + PartialOrd + Display,
    {
        match self.get(name) {
            None if self.has(name) => Err(format!("{name} needs a value")),
            None => Ok(None),
            Some(v) => bounded(name, v, &range).map(Some),
        }
    }

    /// A time in seconds: 0 to [`MAX_SECONDS`].
    fn seconds(&self, name: &str) -> Result<Option<f64>, String> {
        self.number_in(name, 0.0..=MAX_SECONDS)
    }
}

/// `text`, the value of `name`, as a number within `range`, or a message naming both.
fn bounded<T>(name: &str, text: &str, range: &RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    match text.parse::<T>() {
        Ok(x) if range.contains(&x) => Ok(x),
        _ => Err(format!(
            "{name} must be {} to {}, got {text:?}",
            range.start(),
            range.end()
        )),
    }
}

/// How to write moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notation {
    /// `22-18`, `22x13`, and the landing path `27x18x11x4` only where two captures share from
    /// and to.
    Standard,
    /// Scan's: from x to x each captured piece, for every capture (`27x4x23x15x8`).
    Hub,
}

/// A move of `variant` with that game's square numbers, given the legal moves it belongs to.
///
/// ```
/// use dama::{Position, Variant};
/// use dama_cli::hub::{move_text, Notation};
/// let pos = Position::start();
/// let legal = pos.moves_in(Variant::Brazilian);
/// let c3d4 = legal.iter().find(|m| dama::rules::notation::text_for(Variant::Brazilian, &legal, m) == "c3-d4").unwrap();
/// assert_eq!(move_text(Variant::Brazilian, &legal, c3d4, Notation::Standard), "22-18");
/// ```
pub fn move_text(variant: Variant, legal: &MoveList, m: &Move, notation: Notation) -> String {
    let n = |s| variant.square_number(s).to_string();
    if !m.is_capture() {
        return format!("{}-{}", n(m.from()), n(m.to()));
    }
    let mut s = format!("{}x", n(m.from()));
    match notation {
        Notation::Standard => {
            let ambiguous = legal
                .iter()
                .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured());
            if ambiguous {
                let path: Vec<String> = m.path().map(n).collect();
                s.push_str(&path.join("x"));
            } else {
                s.push_str(&n(m.to()));
            }
        }
        Notation::Hub => {
            s.push_str(&n(m.to()));
            for c in m.captured_in_order() {
                s.push('x');
                s.push_str(&n(c));
            }
        }
    }
    s
}

/// Reads a move of `variant` in any form [`move_text`] writes, and in the game's own notation
/// (algebraic in Brazilian). With three or more squares the numeric readings cannot both
/// match: Scan's names occupied squares (the captured pieces) where the landing path names
/// empty ones.
pub fn parse_move(variant: Variant, legal: &MoveList, text: &str) -> Result<Move, String> {
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    if parts.len() >= 3 {
        let squares: Option<Vec<dama::Square>> = parts
            .iter()
            .map(|p| p.parse().ok().and_then(|n| variant.square(n)))
            .collect();
        if let Some(sq) = squares {
            let captured = sq[2..].iter().fold(0u32, |c, s| c | s.bit());
            let found = legal.iter().find(|m| {
                m.from() == sq[0]
                    && m.to() == sq[1]
                    && m.captured() == captured
                    && m.capture_count() as usize == sq.len() - 2
            });
            if let Some(m) = found {
                return Ok(*m);
            }
        }
    }
    notation::parse_for_in(variant, legal, text).map_err(|e| e.to_string())
}

/// Reads Hub's position string: the side to move, then each square 1-32 of `variant`'s
/// numbering.
pub fn parse_position(variant: Variant, s: &str) -> Result<Position, String> {
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
        let bit = variant.square(i as u32 + 1).expect("1-32").bit();
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
    Position::from_bitboards(white, black, kings, turn).map_err(|e| e.describe(variant))
}

/// The position in Hub's form, squares in `variant`'s numbering.
pub fn position_text(variant: Variant, p: &Position) -> String {
    let mut s = String::with_capacity(33);
    s.push(p.turn().letter());
    for n in 1..=32 {
        let sq = variant.square(n).expect("1-32");
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
        let level = Level {
            depth: c.number_in("depth", 1..=MAX_DEPTH)?,
            nodes: c.number_in("nodes", 1..=u64::MAX)?,
            move_time: c.seconds("move-time")?,
            time: c.seconds("time")?,
            inc: c.seconds("inc")?.unwrap_or(0.0),
            moves: c.number_in("moves", 1..=MAX_MOVES)?,
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
        let clock = dama::engine::time::GameClock {
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

/// The engine thread: the engine lives here for the whole session (its table should persist
/// between searches) and runs one job at a time.
fn engine_thread<W: Write>(
    jobs: Receiver<Job>,
    slot: StopSlot,
    setup: Arc<Setup>,
    out: Arc<Mutex<W>>,
) {
    let mut engine: Option<(Engine, usize)> = None;
    for job in jobs {
        if engine.as_ref().is_none_or(|(_, mb)| *mb != job.tt_mb) {
            // Free the old table before allocating the new one.
            drop(engine.take());
            let mut e = Engine::new(job.tt_mb);
            for eval in &setup.evals {
                e.set_eval(eval.clone());
            }
            e.set_tables(setup.tables.clone());
            *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.stop_handle());
            engine = Some((e, job.tt_mb));
        }
        let (e, _) = engine.as_mut().expect("built above");
        if job.clear {
            e.clear();
        }
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            think(e, &job, &mut |l| send(&out, l))
        }));
        // Set before `done` goes out: a GUI answering at once must find the engine free.
        job.finished.store(true, Ordering::SeqCst);
        match outcome {
            Ok(r) => send(&out, &done_line(&job.game, &r, job.notation)),
            Err(_) => {
                engine = None;
                send(&out, &error_line("internal error in the search"));
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

/// One Hub session: the state a GUI sets up (game, position, level, parameters) and the search
/// thread, answering on the writer `W` (shared with the search thread, which writes `info` and
/// `done` lines to it while the session goes on reading).
///
/// ```
/// use dama_cli::hub::{Hub, Setup};
/// let mut hub = Hub::new(Setup::default(), Vec::new());
/// assert!(hub.handle("set-param name=variant value=brazilian"));
/// assert!(hub.handle("ping"));
/// assert!(!hub.handle("quit"));
/// let out = hub.output().lock().unwrap().clone();
/// assert_eq!(String::from_utf8(out).unwrap(), "pong\n");
/// ```
pub struct Hub<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    jobs: Option<Sender<Job>>,
    stop_slot: StopSlot,
    tt_mb: usize,
    level_param: u8,
    notation: Notation,
    variant: Variant,
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

impl<W: Write + Send + 'static> Hub<W> {
    /// A session answering on `out`.
    pub fn new(setup: Setup, out: W) -> Hub<W> {
        Hub::with_output(setup, Arc::new(Mutex::new(out)))
    }

    /// A session answering on a writer shared with the caller (who may read what was written
    /// while a search runs).
    pub fn with_output(setup: Setup, out: Arc<Mutex<W>>) -> Hub<W> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        let variant = setup.variant;
        Hub {
            out,
            jobs: None,
            stop_slot: Arc::new(Mutex::new(None)),
            tt_mb: DEFAULT_TT_MB,
            level_param: 10,
            notation: Notation::Standard,
            variant,
            clear_pending: false,
            game: Some(Game::with_variant(variant)),
            level: Level::DEFAULT,
            running: None,
            search_id: Arc::new(AtomicU64::new(0)),
            rng: Rng::new(seed),
            setup: Arc::new(setup),
        }
    }

    /// The writer the session answers on.
    pub fn output(&self) -> &Arc<Mutex<W>> {
        &self.out
    }

    /// The game the session plays.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    fn send(&self, line: &str) {
        send(&self.out, line);
    }

    fn send_error(&self, message: &str) {
        self.send(&error_line(message));
    }

    /// Reads lines from `input` and handles each until `quit` or the end of the input, then
    /// stops any search. Lines are read as bytes (invalid UTF-8 from the GUI is replaced, not
    /// an end) and trimmed; a line longer than [`MAX_LINE`] bytes is answered with an error
    /// and skipped up to its newline.
    pub fn serve(&mut self, mut input: impl BufRead) {
        let mut buf = Vec::new();
        loop {
            match crate::lines::read_line_bounded(&mut input, &mut buf, MAX_LINE) {
                Ok(None) | Err(_) => break,
                Ok(Some(true)) => {
                    self.send_error(&format!("a line longer than {MAX_LINE} bytes was ignored"))
                }
                Ok(Some(false)) => {
                    let line = String::from_utf8_lossy(&buf);
                    if !self.handle(line.trim()) {
                        break;
                    }
                }
            }
        }
        // The GUI quit or closed our input: stop thinking and leave.
        self.stop_search();
    }

    /// Handles one line (without its newline); false when the session should end (`quit`).
    pub fn handle(&mut self, line: &str) -> bool {
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
                self.send("ready");
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
                self.send("pong");
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
            self.send_error(&e);
        }
        true
    }

    fn intro(&self) {
        self.send("id name=dama version=0.1 author=\"dama developers\" country=Italy");
        let games: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        self.send(&format!(
            "param name=variant value={} type=enum values=\"{}\"",
            self.variant.id(),
            games.join(" ")
        ));
        self.send(&format!(
            "param name=tt-size value={} type=int min=1 max={MAX_TT_MB}",
            self.tt_mb
        ));
        self.send(&format!(
            "param name=level value={} type=int min=1 max=10",
            self.level_param
        ));
        self.send(&format!(
            "param name=notation value={} type=enum values=\"standard hub\"",
            match self.notation {
                Notation::Standard => "standard",
                Notation::Hub => "hub",
            }
        ));
        self.send("wait");
    }

    fn set_param(&mut self, c: &Command) -> Result<(), String> {
        let name = c.get("name").ok_or("set-param needs name=...")?;
        let value = c.get("value").ok_or("set-param needs value=...")?;
        match name {
            "variant" => {
                let v = Variant::from_id(value).map_err(|e| e.to_string())?;
                if v != self.variant {
                    // A new game: its start position, and nothing remembered from the other.
                    self.variant = v;
                    self.game = Some(Game::with_variant(v));
                    self.clear_pending = true;
                }
                Ok(())
            }
            "tt-size" => {
                self.tt_mb = bounded("tt-size", value, &(1..=MAX_TT_MB))?;
                Ok(())
            }
            "level" => {
                self.level_param = bounded("level", value, &(1..=10))?;
                Ok(())
            }
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
        let v = self.variant;
        let start = if let Some(p) = c.get("pos") {
            if p == "start" {
                Position::start()
            } else {
                parse_position(v, p)?
            }
        } else if let Some(f) = c.get("fen") {
            fen::parse_in(v, f).map_err(|e| e.to_string())?
        } else if c.has("pos") || c.has("fen") {
            return Err("pos needs a value".into());
        } else {
            Position::start()
        };
        let mut game = Game::from_position_in(v, start);
        // The GUI decides when the game is over; replaying its moves must not stop at a draw
        // that our rules would have declared.
        game.set_draw_rules(DrawRules::NONE);
        if let Some(moves) = c.get("moves") {
            for (i, text) in moves.split_whitespace().enumerate() {
                let legal = game.legal_moves();
                let m = parse_move(v, &legal, text)
                    .map_err(|e| format!("moves: move {} ({text}): {e}", i + 1))?;
                game.play(&m).map_err(|e| {
                    let e = match e {
                        PlayError::Illegal(i) => i.describe(v),
                        e => e.to_string(),
                    };
                    format!("moves: move {} ({text}): {e}", i + 1)
                })?;
            }
        }
        game.set_draw_rules(v.draw_rules());
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
        if game.position().moves_in(game.variant()).is_empty() {
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
                let out = self.out.clone();
                thread::Builder::new()
                    .name("engine".into())
                    .spawn(move || engine_thread(rx, slot, setup, out))
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

    /// Stops the search in progress, if any, and waits (up to 2 s) for its `done` line.
    pub fn stop_search(&mut self) {
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
        // The level's times are bounded, so this holds; should it not, say so rather than
        // lose the timer.
        let Ok(wait) = Duration::try_from_secs_f64(ms / 1000.0) else {
            self.send_error(&format!("cannot wait {ms} ms; send stop"));
            return;
        };
        let (slot, finished, id, current) = (
            self.stop_slot.clone(),
            r.finished.clone(),
            r.id,
            self.search_id.clone(),
        );
        thread::spawn(move || {
            thread::sleep(wait);
            while current.load(Ordering::SeqCst) == id && !finished.load(Ordering::SeqCst) {
                raise(&slot);
                thread::sleep(Duration::from_millis(1));
            }
        });
    }
}

impl<W: Write + Send + 'static> Drop for Hub<W> {
    /// A session dropped while thinking stops its search (the engine thread then ends, as its
    /// job queue closes).
    fn drop(&mut self) {
        self.stop_search();
    }
}

fn raise(slot: &StopSlot) {
    if let Some(s) = slot.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
        s.store(true, Ordering::SeqCst);
    }
}

/// One search, sending an `info` line per iteration.
fn think(engine: &mut Engine, job: &Job, send: &mut dyn FnMut(&str)) -> SearchResult {
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
    let v = game.variant();
    let mut pos = *game.position();
    let mut out = Vec::new();
    for m in pv {
        let legal = pos.moves_in(v);
        if !legal.contains(m) {
            break;
        }
        out.push(move_text(v, &legal, m, notation));
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
    if let Some(b) = r.best
        && pv.first() != Some(&b)
    {
        pv = vec![b];
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

    const I: Variant = Variant::Italian;
    const B: Variant = Variant::Brazilian;

    fn same(a: &Move, b: &Move) -> bool {
        (a.from(), a.to(), a.captured()) == (b.from(), b.to(), b.captured())
    }

    #[test]
    fn position_strings_round_trip() {
        let p = Position::start();
        let s = position_text(I, &p);
        assert_eq!(s, "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(parse_position(I, &s).unwrap(), p);
        // The start is the same string in the Brazilian numbering.
        assert_eq!(position_text(B, &p), s);
        let k = Position::from_fen("B:WK1,22:BK32,5").unwrap();
        for v in Variant::ALL {
            assert_eq!(parse_position(v, &position_text(v, &k)).unwrap(), k);
        }
        assert!(parse_position(I, "W").is_err());
        assert!(parse_position(I, &format!("X{}", &s[1..])).is_err());
        // A white man on square 2 would already have been crowned.
        assert!(parse_position(I, "Wewbbbbbbbbbbbeeeeeeeeewwwwwwwwww").is_err());
    }

    #[test]
    fn brazilian_position_strings_use_brazilian_numbers() {
        // Character i is Brazilian square i + 1: a white man on 29 (a1), a black king on 1 (b8).
        let pos = fen::parse_in(B, "W:W29:BK1").unwrap();
        let s = position_text(B, &pos);
        assert_eq!(s, format!("WB{}w{}", "e".repeat(27), "e".repeat(3)));
        assert_eq!(parse_position(B, &s).unwrap(), pos);
        let a1 = B.square_at("a1").unwrap();
        assert_eq!(pos.piece_at(a1).map(|p| p.color), Some(Color::White));
        // The same string is another position in the Italian numbering.
        assert_ne!(parse_position(I, &s).unwrap(), pos);
    }

    #[test]
    fn standard_numbers_match_the_core_in_italian() {
        for f in [
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:WK20,22:BK4,10,11,18,19",
            "W:WK30:B10,12,18,K20,K26,27",
        ] {
            let pos = Position::from_fen(f).unwrap();
            let legal = pos.legal_moves();
            for m in legal.iter() {
                assert_eq!(
                    move_text(I, &legal, m, Notation::Standard),
                    notation::move_text_in(&legal, m)
                );
            }
        }
    }

    #[test]
    fn both_capture_notations_are_read() {
        // 22x13x6 and 22x15x6 take different pieces: the path or the captured set is needed.
        let pos = Position::from_fen("W:WK20,22:BK4,10,11,18,19").unwrap();
        let legal = pos.legal_moves();
        let texts: Vec<String> = legal
            .iter()
            .map(|m| move_text(I, &legal, m, Notation::Standard))
            .collect();
        assert!(texts.contains(&"22x13x6".to_string()), "{texts:?}");
        let hub: Vec<String> = legal
            .iter()
            .map(|m| move_text(I, &legal, m, Notation::Hub))
            .collect();
        assert!(hub.contains(&"22x6x18x10".to_string()), "{hub:?}");
        for m in legal.iter() {
            for n in [Notation::Standard, Notation::Hub] {
                let t = move_text(I, &legal, m, n);
                let back = parse_move(I, &legal, &t).unwrap();
                assert_eq!(back.from(), m.from());
                assert_eq!(back.to(), m.to());
                assert_eq!(back.captured(), m.captured(), "{t}");
            }
            let full = notation::full_text(m);
            assert_eq!(
                parse_move(I, &legal, &full).unwrap().captured(),
                m.captured()
            );
        }
    }

    #[test]
    fn brazilian_moves_round_trip_in_every_form() {
        // A flying king with several captures, and men capturing backward.
        for f in [
            "W:WK29,22:B18,10,11,19,26",
            "W:W22,23,K32:B18,19,27,26,11,12",
            "B:W14,15,22,23,K30:B10,11,K3",
        ] {
            let pos = fen::parse_in(B, f).unwrap();
            let legal = pos.moves_in(B);
            assert!(!legal.is_empty(), "{f}");
            for m in legal.iter() {
                for t in [
                    move_text(B, &legal, m, Notation::Standard),
                    move_text(B, &legal, m, Notation::Hub),
                    notation::text_for(B, &legal, m),
                    notation::full_text_for(B, m),
                ] {
                    let back = parse_move(B, &legal, &t).unwrap_or_else(|e| panic!("{f} {t}: {e}"));
                    assert!(same(&back, m), "{f}: {t}");
                }
            }
        }
        // c3-d4 from the start is 22-18 in the Brazilian numbering (and d4 is not 18 in Italian).
        let legal = Position::start().moves_in(B);
        let m = parse_move(B, &legal, "c3-d4").unwrap();
        assert_eq!(move_text(B, &legal, &m, Notation::Standard), "22-18");
        assert!(same(&parse_move(B, &legal, "22-18").unwrap(), &m));
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
