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
//! Parameters: `variant`, `tt-size` (MB, 1-1024, applied at the next search), `threads` (the
//! threads each search uses, 1-256, default 1; levels below 10 always search on one), `level` (1-10;
//! below 10 `go think` plays at that level of `dama::engine::level`, with the level's own depth and
//! node budget within the time the `level` command gives; analysis is always full strength),
//! `contempt` (0-50 hundredths of a man, default 0 or `dama hub --contempt`: what a draw costs
//! the engine when it plays, so that it plays on against a weaker opponent; `go analyze` never
//! uses it), `notation`. With no `level` command a search gets 1 second.
//!
//! Searches run on their own thread, so `ping`, `stop`, `ponder-hit` and `quit` are answered
//! while thinking. Each iteration prints `info depth=.. sel-depth=.. score=.. nodes=.. time=..
//! nps=.. pv=".."`: `score` in men for the side to move (0.25 is a quarter of a man), with a
//! win in n plies as 100 - n/100 (`99.93`) and a loss as its negative, as Scan does; `time` in
//! seconds; `nps` in millions of nodes a second. The engine has no average leaf depth, so
//! Scan's `mean-depth` is not sent; `sel-depth` is the deepest ply reached.
//!
//! What every engine of a session is built with comes from [`Setup`] (the options of `dama
//! hub`: `--eval` weights and `--egtb` tables for either game, `--no-book` for the Italian book).
//!
//! Unknown commands and arguments are ignored, as the protocol asks; malformed ones get
//! `error message=".."` and change nothing. So do numbers out of their range: `level`'s
//! `depth` 1-120, `nodes` 1 or more, `move-time`, `time` and `inc` 0 to 1,000,000 seconds,
//! `moves` 1-1000; `tt-size` 1-1024, `threads` 1-256 and `level` 1-10. [`Hub::serve`] reads lines of at most
//! [`MAX_LINE`] bytes: a longer one is answered with an error and skipped up to its newline.

mod command;
mod search;
mod text;

pub use crate::lines::MAX_LINE;
use command::bounded;
pub use command::Command;
use dama::engine::egtb::Tables;
use dama::engine::eval::Eval;
use dama::engine::{Rng, MAX_CONTEMPT, MAX_PLY, MAX_THREADS};
use dama::{fen, DrawRules, Game, PlayError, Position, Variant};
use search::{engine_thread, raise, Job, Level, Mode, Running, StopSlot};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
pub use text::{move_text, parse_move, parse_position, position_text, Notation};

pub(super) const DEFAULT_TT_MB: usize = 32;
pub(super) const MAX_TT_MB: usize = 1024;
/// The longest time a `level` takes, in seconds (11.6 days), for a move, a clock or an
/// increment: far beyond any game, and small enough for every duration made from it.
pub(super) const MAX_SECONDS: f64 = 1_000_000.0;
/// The most moves to a time control a `level` takes.
pub(super) const MAX_MOVES: u32 = 1000;
/// The deepest search a `level` asks for: the engine's deepest iteration.
pub(super) const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

/// Endgame tables being read on a thread of their own (`dama hub` starts reading at once, so
/// that `hub` is answered at once however large they are): `init` waits for them, as the
/// protocol has an engine do its long work there, and so does a first search that comes
/// without `init`. The thread's error is the session's end ([`Hub::failure`]).
pub type TablesLoading = Arc<Mutex<Option<thread::JoinHandle<Result<Vec<Arc<Tables>>, String>>>>>;

/// What every engine of a session is built with (the options of `dama hub`).
#[derive(Clone, Debug)]
pub struct Setup {
    /// Evaluations to install, each for the game it was made for ([`Eval::variant`]); games
    /// without one here use the shipped weights.
    pub evals: Vec<Eval>,
    /// Endgame tables, at most one set per game (each used in games of its own game).
    pub tables: Vec<Arc<Tables>>,
    /// More tables still being read, added to `tables` once read.
    pub loading: Option<TablesLoading>,
    /// Level 10 plays from the game's opening book while the position is in it.
    pub book: bool,
    /// The game at the start of the session.
    pub variant: Variant,
    /// The `contempt` parameter at the start of the session (0 to
    /// [`MAX_CONTEMPT`](dama::engine::MAX_CONTEMPT)).
    pub contempt: i32,
}

impl Default for Setup {
    /// Shipped weights, no tables, the book, Italian, no contempt.
    fn default() -> Setup {
        Setup {
            evals: Vec::new(),
            tables: Vec::new(),
            loading: None,
            book: true,
            variant: Variant::Italian,
            contempt: 0,
        }
    }
}

/// Writes one line and flushes. Errors are ignored: a GUI that has gone away closes our input
/// too, and that ends the session.
pub(super) fn send<W: Write>(out: &Mutex<W>, line: &str) {
    let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

/// An `error message=".."` line, the message made safe for one quoted argument.
pub(super) fn error_line(message: &str) -> String {
    let clean: String = message
        .chars()
        .map(|c| if c == '"' || c.is_control() { '\'' } else { c })
        .collect();
    format!("error message=\"{clean}\"")
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
    threads: usize,
    level_param: u8,
    contempt: i32,
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
    /// Why the session ended on its own (tables that could not be read).
    failure: Option<String>,
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
            threads: 1,
            level_param: 10,
            contempt: setup.contempt.clamp(0, MAX_CONTEMPT),
            notation: Notation::Standard,
            variant,
            clear_pending: false,
            game: Some(Game::new(variant)),
            level: Level::DEFAULT,
            running: None,
            search_id: Arc::new(AtomicU64::new(0)),
            rng: Rng::new(seed),
            setup: Arc::new(setup),
            failure: None,
        }
    }

    /// Why the session ended on its own, if it did: tables that could not be read (also
    /// said to the GUI as an `error` line).
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Waits for the tables being read, if any, and adds them; false (the reason kept in
    /// [`Hub::failure`]) when they could not be read.
    pub fn finish_loading(&mut self) -> bool {
        let Some(loading) = self.setup.loading.clone() else {
            return self.failure.is_none();
        };
        let handle = loading.lock().unwrap_or_else(|p| p.into_inner()).take();
        let read = match handle.map(|h| h.join()) {
            None => Ok(Vec::new()),
            Some(Ok(r)) => r,
            Some(Err(_)) => Err("the thread reading the endgame tables panicked".to_string()),
        };
        let setup = Arc::make_mut(&mut self.setup);
        setup.loading = None;
        match read {
            Ok(tables) => {
                setup.tables.extend(tables);
                true
            }
            Err(e) => {
                self.failure = Some(e);
                false
            }
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
        if self.failure.is_some() {
            return false;
        }
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
                if !self.finish_loading() {
                    self.send_error(self.failure().unwrap_or_default());
                    return false;
                }
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
            "param name=threads value={} type=int min=1 max={MAX_THREADS}",
            self.threads
        ));
        self.send(&format!(
            "param name=level value={} type=int min=1 max=10",
            self.level_param
        ));
        self.send(&format!(
            "param name=contempt value={} type=int min=0 max={MAX_CONTEMPT}",
            self.contempt
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
                    self.game = Some(Game::new(v));
                    self.clear_pending = true;
                }
                Ok(())
            }
            "tt-size" => {
                self.tt_mb = bounded("tt-size", value, &(1..=MAX_TT_MB))?;
                Ok(())
            }
            "threads" => {
                self.threads = bounded("threads", value, &(1..=MAX_THREADS))?;
                Ok(())
            }
            "level" => {
                self.level_param = bounded("level", value, &(1..=10))?;
                Ok(())
            }
            "contempt" => {
                self.contempt = bounded("contempt", value, &(0..=MAX_CONTEMPT))?;
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
                Position::start(v)
            } else {
                parse_position(v, p)?
            }
        } else if let Some(f) = c.get("fen") {
            fen::parse(v, f).map_err(|e| e.to_string())?
        } else if c.has("pos") || c.has("fen") {
            return Err("pos needs a value".into());
        } else {
            Position::start(v)
        };
        let mut game = Game::from_position(start);
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
                        PlayError::Illegal(i) => i.to_string(),
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
            // Playing (pondering too) presses against a weaker opponent; analysis shows the
            // position as it is.
            contempt: if mode == Mode::Analyze {
                0
            } else {
                self.contempt
            },
            seed: self.rng.next_u64(),
            notation: self.notation,
            tt_mb: self.tt_mb,
            threads: self.threads,
            clear: std::mem::take(&mut self.clear_pending),
            finished: finished.clone(),
        };
        let jobs = match &self.jobs {
            Some(j) => j.clone(),
            None => {
                // The engines are built with the tables: a GUI that sent no `init` waits here.
                if !self.finish_loading() {
                    return Err(self.failure.clone().unwrap_or_default());
                }
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
        // No search runs now (reaped above): the flag is this search's from here on.
        search::lower(&self.stop_slot);
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

#[cfg(test)]
mod tests {
    use super::*;
    use dama::engine::MATE;
    use dama::notation;
    use dama::{Color, Move};
    use text::score_text;

    const I: Variant = Variant::Italian;
    const B: Variant = Variant::Brazilian;

    fn same(a: &Move, b: &Move) -> bool {
        (a.from(), a.to(), a.captured()) == (b.from(), b.to(), b.captured())
    }

    #[test]
    fn position_strings_round_trip() {
        let p = Position::start(Variant::Italian);
        let s = position_text(I, &p);
        assert_eq!(s, "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(parse_position(I, &s).unwrap(), p);
        // The start is the same string in the Brazilian numbering.
        assert_eq!(position_text(B, &p), s);
        let k = Position::from_fen(Variant::Italian, "B:WK1,22:BK32,5").unwrap();
        for v in Variant::ALL {
            let k = k.with_variant(v);
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
        let pos = fen::parse(B, "W:W29:BK1").unwrap();
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
            let pos = Position::from_fen(Variant::Italian, f).unwrap();
            let legal = pos.legal_moves();
            for m in legal.iter() {
                assert_eq!(
                    move_text(I, &legal, m, Notation::Standard),
                    notation::move_text_among(Variant::Italian, &legal, m)
                );
            }
        }
    }

    #[test]
    fn both_capture_notations_are_read() {
        // 22x13x6 and 22x15x6 take different pieces: the path or the captured set is needed.
        let pos = Position::from_fen(Variant::Italian, "W:WK20,22:BK4,10,11,18,19").unwrap();
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
            let full = notation::full_text(Variant::Italian, m);
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
            let pos = fen::parse(B, f).unwrap();
            let legal = pos.with_variant(B).legal_moves();
            assert!(!legal.is_empty(), "{f}");
            for m in legal.iter() {
                for t in [
                    move_text(B, &legal, m, Notation::Standard),
                    move_text(B, &legal, m, Notation::Hub),
                    notation::move_text_among(B, &legal, m),
                    notation::full_text(B, m),
                ] {
                    let back = parse_move(B, &legal, &t).unwrap_or_else(|e| panic!("{f} {t}: {e}"));
                    assert!(same(&back, m), "{f}: {t}");
                }
            }
        }
        // c3-d4 from the start is 22-18 in the Brazilian numbering (and d4 is not 18 in Italian).
        let legal = Position::start(Variant::Italian)
            .with_variant(B)
            .legal_moves();
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
