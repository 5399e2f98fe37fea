//! WebAssembly bindings for the dama core, for the web page and its engine worker.
//!
//! Thin on purpose: every rule lives in `dama`; this crate converts types to plain JS values
//! (numbers, strings, arrays, plain objects, so they can also cross `postMessage`; the objects'
//! shapes are the Rust types of [`wire`], whose TypeScript is generated into the glue's
//! `.d.ts`) and turns the core's errors into JS `Error`s carrying the core's own message.
//!
//! Built twice (`make build`): with the `engine` feature (the default) for the engine workers,
//! and without it for the pages, whose module then has the rules only (games, moves, PDN): no
//! search, evaluation weights, book or tables, so it is a fraction of the size. The pages have
//! one game class, [`GameRecord`], whatever they hold a game for; [`Game`], a game alone for
//! the engine's searches, is in the engine's build only.

#[cfg(feature = "engine")]
use dama::engine::egtb::Tables;
use dama::Position;
#[cfg(feature = "engine")]
use dama::{notation, Move};
use js_args::{Args, NumArg};
#[cfg(feature = "engine")]
use js_args::{BytesArg, VariantArg};
use js_sys::Error;
#[cfg(feature = "engine")]
use std::sync::Arc;
use wasm_bindgen::prelude::*;

// The engine's argument checks go unused in the pages' build.
#[cfg_attr(not(feature = "engine"), allow(dead_code))]
mod args;
#[cfg(feature = "engine")]
mod bench;
#[cfg(feature = "engine")]
mod engine_game;
mod game;
pub mod js_args;
mod pdn_file;
#[cfg(feature = "threads")]
mod pool;
mod record;
pub mod wire;

#[cfg(feature = "engine")]
use wire::{to_js, Js};

use args::ArgError;
pub use args::{MAX_DEPTH, MAX_LINES, MAX_TABLE_MB, MAX_TIME_MS};

#[cfg(feature = "engine")]
pub use engine_game::Game;
pub use pdn_file::PdnFile;
pub use record::GameRecord;

/// A position's Zobrist hash cut to the 53 bits a JS number holds exactly: two positions of
/// a 10,000-game library share one with a chance of about 10^-4.
fn position_key(pos: &Position) -> f64 {
    (pos.hash() >> 11) as f64
}

/// The milliseconds to give one move with `remainingMs` on the clock and `incrementMs` added
/// per move (the engine's own time management, `dama::engine::GameClock`, sudden death); both
/// are clamped to 0..24 hours, and NaN counts as 0.
#[wasm_bindgen(js_name = moveBudget)]
pub fn move_budget(remaining_ms: NumArg, increment_ms: NumArg) -> Result<f64, JsValue> {
    let a = Args("moveBudget");
    let remaining_ms = a.number("remaining_ms", &remaining_ms)?;
    let increment_ms = a.number("increment_ms", &increment_ms)?;
    let day = 86_400_000.0;
    let clamp = |x: f64| if x.is_nan() { 0.0 } else { x.clamp(0.0, day) };
    let clock = dama::engine::GameClock {
        remaining_ms: clamp(remaining_ms),
        increment_ms: clamp(increment_ms),
        moves_to_go: None,
    };
    Ok(clock.budget_ms())
}

#[wasm_bindgen(start)]
pub fn start() {
    // A Rust panic shows its message in the console instead of "unreachable executed": in the
    // engine's builds, where the search runs. The pages' rules build goes without it (its
    // formatting of a panic's place and message is 1.2 KB of its 87 KB gzipped, on every
    // page's first load); a panic there still throws, as a RuntimeError.
    #[cfg(feature = "engine")]
    console_error_panic_hook::set_once();
}

/// Runs `f` in a stack frame of its own, apart from the export's. wasm-bindgen refuses a freed
/// instance by throwing from the export before its body runs, which skips restoring wasm's
/// stack pointer (its issue #1959): the export's whole frame is lost at each such call. With a
/// move list inlined into it, `undo`'s frame was kilobytes, and 300 calls on a freed game used
/// the 1 MiB stack up and killed the instance; behind this call it takes about 21,000, as for
/// the other methods.
#[inline(never)]
fn own_frame<T>(f: impl FnOnce() -> T) -> T {
    f()
}

fn js_err(msg: impl ToString) -> JsValue {
    Error::new(&msg.to_string()).into()
}

/// A number refused by its check (`args`) as the `RangeError` JS sees, with the check's message.
impl From<ArgError> for JsValue {
    fn from(e: ArgError) -> JsValue {
        js_sys::RangeError::new(&e.to_string()).into()
    }
}

/// The JS number `n` as a whole number in `lo..=hi`, or a `RangeError` naming the argument and
/// its bound (see `args::bounded`).
#[cfg(feature = "engine")]
fn bounded(name: &'static str, n: f64, lo: u32, hi: u32) -> Result<u32, JsValue> {
    Ok(args::bounded(name, n, lo, hi)?)
}

#[cfg(feature = "engine")]
#[wasm_bindgen]
extern "C" {
    // `performance.now()` exists in pages, workers and Node alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The host's clock for the search's time limit (the core has no clock of its own on wasm).
#[cfg(feature = "engine")]
struct PerformanceClock;

#[cfg(feature = "engine")]
impl dama::engine::Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        performance_now()
    }
}

/// The engine, with a transposition table that persists across searches of one game.
#[cfg(feature = "engine")]
#[wasm_bindgen]
pub struct Engine {
    inner: dama::engine::Engine,
    /// Each game's endgame tables loaded so far, shared with `inner` while any are loaded.
    tables: dama::ByVariant<Arc<Tables>>,
    /// The threads asked for (`setThreads`).
    threads: u32,
}

#[cfg(feature = "engine")]
#[wasm_bindgen]
impl Engine {
    /// An engine with a transposition table of `tt_megabytes`, a whole number 1-512; throws
    /// `RangeError` for anything else, and then no table is allocated.
    #[wasm_bindgen(constructor)]
    pub fn new(tt_megabytes: NumArg) -> Result<Engine, JsValue> {
        let mb = args::table_mb(Args("new Engine").number("tt_megabytes", &tt_megabytes)?)?;
        #[allow(unused_mut)]
        let mut inner = dama::engine::Engine::with_clock(mb as usize, Box::new(PerformanceClock));
        #[cfg(feature = "threads")]
        inner.set_spawner(Arc::new(pool::WorkerPool));
        Ok(Engine {
            inner,
            tables: dama::ByVariant::from_fn(|v| Arc::new(Tables::new(v))),
            threads: 1,
        })
    }

    /// Searches on up to `threads` threads (a whole number 1-256): at each search, at most one
    /// more than the helper workers running then (there are none but in the threaded build,
    /// where this returns `threads`; elsewhere it returns 1). Levels below 10 search on one
    /// whatever it is. Throws `RangeError` for a number out of its bounds, and then nothing has
    /// changed.
    #[wasm_bindgen(js_name = setThreads)]
    pub fn set_threads(&mut self, threads: NumArg) -> Result<u32, JsValue> {
        let n = args::threads(Args("Engine.setThreads").number("threads", &threads)?)?;
        self.threads = if cfg!(feature = "threads") { n } else { 1 };
        Ok(self.threads)
    }

    /// Adds the endgame tables of one file (`italian-N.egtb` or `brazilian-N.egtb`, as `dama
    /// egtb build` writes them) to those of its game; the following searches of that game use
    /// them. Returns the number of positions the file's tables hold. Throws `Error` with the
    /// reason for bytes that are not a valid table file (or tables already loaded), and then
    /// the loaded tables are unchanged. A `Uint8Array` is read into wasm memory a piece at a
    /// time, so a large file (145 MB for 5 pieces) is never held there twice.
    #[wasm_bindgen(js_name = loadTables)]
    pub fn load_tables(&mut self, bytes: BytesArg) -> Result<f64, JsValue> {
        let reader = Args("Engine.loadTables").byte_reader("bytes", &bytes)?;
        let refused = |e| js_err(format!("endgame tables refused: {e}"));
        let len = reader.len();
        let file = Tables::load_from(reader, len).map_err(refused)?;
        let positions: u64 = file
            .signatures()
            .filter_map(|s| file.stats(s))
            .map(|t| t.positions)
            .sum();
        let variant = file.variant();
        // Without the search's reference, make_mut adds in place instead of copying.
        self.inner.remove_tables(variant);
        let slot = &mut self.tables[variant];
        let added = Arc::make_mut(slot).extend(file);
        if slot.signatures().next().is_some() {
            self.inner.set_tables(slot.clone());
        }
        added.map(|_| positions as f64).map_err(refused)
    }

    /// Installs an evaluation in this engine for the game its file names, and returns that
    /// game (`"brazilian"`): a network (a `dama train net` file, such as `net-brazilian.bin`,
    /// told by its name `DAMANETW`) or else region weights (a `dama train fit` file, such as
    /// `eval-brazilian.bin`). Each game plays with its shipped network (compiled in) until
    /// another evaluation is installed for it. No region weights are compiled into the wasm, so
    /// a residual network (fitted on top of them) is refused. Throws `Error` with the reason for
    /// bytes that are neither (what each reader said) or a damaged file, and then nothing
    /// changes.
    #[wasm_bindgen(js_name = loadEval, unchecked_return_type = "Variant")]
    pub fn load_eval(&mut self, bytes: BytesArg) -> Result<String, JsValue> {
        use dama::engine::eval::{network, pattern, Eval, NetError, NetFile};
        let bytes = Args("Engine.loadEval").bytes("bytes", &bytes)?;
        let eval = if bytes.starts_with(network::MAGIC) {
            let net = network::Net::from_bytes(&bytes)
                .map_err(|e| js_err(format!("evaluation network refused: {e}")))?;
            if net.residual() {
                return Err(js_err(
                    "evaluation network refused: it adds to region weights, which this build \
                     does not have",
                ));
            }
            Eval::Network(Arc::new(net))
        } else {
            match pattern::Net::from_bytes(&bytes) {
                Ok(net) => Eval::Pattern(Arc::new(net)),
                Err(e @ NetError::NotAFile(NetFile::Weights)) => {
                    let n = NetError::NotAFile(NetFile::Network);
                    return Err(js_err(format!("evaluation refused: {n}, and {e}")));
                }
                Err(e) => return Err(js_err(format!("evaluation weights refused: {e}"))),
            }
        };
        let variant = eval.variant();
        self.inner.set_eval(eval);
        Ok(variant.id().to_string())
    }

    /// The largest piece count up to which every endgame table of `variant` is loaded (0 if
    /// none). Throws `RangeError` for a game that is not one of ours.
    #[wasm_bindgen(js_name = tablePieces)]
    pub fn table_pieces(&self, variant: VariantArg) -> Result<u32, JsValue> {
        let v = Args("Engine.tablePieces").variant("variant", &variant)?;
        Ok(self.tables[v].max_pieces())
    }

    /// What the opening book and the endgame tables say of the game's position, for the
    /// explorers: `{book: [{text, score, lost}], bookPositions, bookDepth, tablePieces, pieces,
    /// tables: {result, plies, moves: [{text, result, plies}]} | null}`. Book scores are in
    /// hundredths of a man and every result is for the side to move; `tables` is null when the
    /// position is not in the loaded tables, the game is over, or the game's king-move rule is
    /// not the tables'. Searches nothing, so it answers at once.
    pub fn explore(&self, game: &Game) -> Js<wire::Explore> {
        let core = game.core();
        let pos = core.position();
        let variant = core.variant();
        let book = dama::engine::book::Book::shipped(variant);
        let tables = &self.tables[variant];
        let ranked =
            if core.result().is_none() && core.draw_rules().king_move_plies == tables.rule() {
                tables.ranked_moves(pos, core.king_plies())
            } else {
                None
            };
        to_js(&wire::Explore {
            book: book
                .probe(pos)
                .iter()
                .map(|(m, score)| wire::BookMove {
                    text: core.move_text(m),
                    score: *score,
                    lost: *score <= -dama::engine::book::LOST_CP,
                })
                .collect(),
            book_positions: book.positions(),
            book_depth: book.depth(),
            table_pieces: tables.max_pieces(),
            pieces: 32 - pos.empty().count_ones(),
            tables: ranked.map(|moves| wire::TablesView {
                result: moves[0].1.wdl.into(),
                plies: moves[0].1.dtz,
                moves: moves
                    .iter()
                    .map(|(m, p)| wire::TableMove {
                        text: core.move_text(m),
                        result: p.wdl.into(),
                        plies: p.dtz,
                    })
                    .collect(),
            }),
        })
    }

    /// Chooses a move for the side to move at `level` (a whole number 1-10) within about
    /// `time_ms` (1 ms to an hour); the seed (a whole number 0 to 2^32 - 1) varies the choice
    /// among equally good moves at the lower levels. Returns `{move, score, depth, nodes, pv,
    /// timeMs}`; throws `RangeError` for an argument out of its bounds and `Error` when there
    /// is no legal move, and then nothing has changed.
    pub fn search(
        &mut self,
        game: &Game,
        level: NumArg,
        time_ms: NumArg,
        seed: NumArg,
    ) -> Result<Js<wire::SearchResult>, JsValue> {
        let a = Args("Engine.search");
        let level = a.number("level", &level)?;
        let time_ms = a.number("time_ms", &time_ms)?;
        let seed = a.number("seed", &seed)?;
        let level = args::level(level)?;
        let time_ms = args::time_ms(time_ms)?;
        let seed = args::seed(seed)?;
        let core = game.core();
        self.grant_threads();
        let r = dama::engine::level::play(&mut self.inner, core, level, time_ms, seed as u64);
        let best = r
            .best
            .ok_or_else(|| js_err("there is no legal move to search"))?;
        Ok(to_js(&wire::SearchResult {
            best: core.move_text(&best),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes as f64,
            time_ms: r.time_ms,
            pv: pv_texts(core, &r.pv),
        }))
    }

    /// The `lines` best moves (1 to 5) of the game's position, each searched to `depth`
    /// (1 to 120) within about `time_ms` for them all (1 ms to an hour). Returns `{depth,
    /// complete, settled, nodes, timeMs, lines: [{move, score, depth, text, pv}]}`, best first: `score`
    /// is for the side to move (see `scoreText`), `text` says it in words ("+0.35", "win in
    /// 7"), `pv` is the line's moves in notation. `complete` is false when the time ran out
    /// first: then a line cut short has the depth it finished (`depth` is the least of the
    /// lines'), and the lines below it are left out; `settled` is true when a
    /// deeper search cannot change the lines. A game that is over has no lines. Throws
    /// `RangeError` for an argument out of its bounds, and then nothing has changed.
    pub fn analyse(
        &mut self,
        game: &Game,
        depth: NumArg,
        time_ms: NumArg,
        lines: NumArg,
    ) -> Result<Js<wire::Analysis>, JsValue> {
        let a = Args("Engine.analyse");
        let depth = a.number("depth", &depth)?;
        let time_ms = a.number("time_ms", &time_ms)?;
        let lines = a.number("lines", &lines)?;
        let depth = args::depth(depth)?;
        let time_ms = args::time_ms(time_ms)?;
        let lines = args::lines(lines)?;
        let core = game.core();
        let limits = dama::engine::Limits {
            time_ms: Some(time_ms),
            ..dama::engine::Limits::depth(depth)
        };
        self.grant_threads();
        let a = self.inner.analyse(core, &limits, lines);
        let line = |l: &dama::engine::Line| wire::AnalysisLine {
            first: core.move_text(&l.pv[0]),
            score: l.score,
            depth: l.depth,
            text: dama::engine::score_text(l.score),
            pv: pv_texts(core, &l.pv),
        };
        Ok(to_js(&wire::Analysis {
            depth: a.depth,
            complete: a.complete,
            settled: a.settled,
            nodes: a.nodes as f64,
            time_ms: a.time_ms,
            lines: a.lines.iter().map(line).collect(),
        }))
    }

    /// Gives the search the threads asked for that it can have now: no more than one beside
    /// each helper worker running (a job no worker takes would never end).
    fn grant_threads(&mut self) {
        #[cfg(feature = "threads")]
        let n = (self.threads as usize).min(1 + pool::helpers());
        #[cfg(not(feature = "threads"))]
        let n = 1;
        self.inner.set_threads(n);
    }

    /// Forgets what was learned in the previous game.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.inner.clear();
    }
}

/// A principal variation in notation, each move written against the position it is played in.
#[cfg(feature = "engine")]
fn pv_texts(game: &dama::Game, pv: &[Move]) -> Vec<String> {
    let v = game.variant();
    let mut pos = *game.position();
    pv.iter()
        .map(|m| {
            let text = notation::move_text_among(v, &pos.legal_moves(), m);
            pos = pos.play(m);
            text
        })
        .collect()
}

/// A search score in words for people: "+1.25" (men), "win in 7" / "loss in 4" (moves), or
/// "win (tables)" / "loss (tables)"; from the side to move's point of view, as scores are.
/// Throws `RangeError` for a score that is not a whole number within ±32,000.
#[cfg(feature = "engine")]
#[wasm_bindgen(js_name = scoreText)]
pub fn score_text(score: NumArg) -> Result<String, JsValue> {
    let score = Args("scoreText").number("score", &score)?;
    if score.fract() != 0.0 || !(-32_000.0..=32_000.0).contains(&score) {
        return Err(js_sys::RangeError::new(&format!(
            "a score is a whole number from -32000 to 32000, not {score}"
        ))
        .into());
    }
    Ok(dama::engine::score_text(score as i32))
}

/// How a score ends the game when it is a known result: `{win: true, moves}` (or
/// `{win: false, moves}` for a loss) with the moves to the end when the search counted them
/// (`moves` null for a result the endgame tables know without its length), or null for an
/// evaluation. For the side to move, as scores are; NaN and out-of-range scores give null.
#[cfg(feature = "engine")]
#[wasm_bindgen(js_name = scoreResult)]
pub fn score_result(score: NumArg) -> Result<Js<wire::Known>, JsValue> {
    use dama::engine::{MATE, MATE_BOUND, TB_BOUND};
    let score = Args("scoreResult").number("score", &score)?;
    if score.fract() != 0.0 || !(-32_000.0..=32_000.0).contains(&score) {
        return Ok(to_js(&wire::Known(None)));
    }
    let s = score as i32;
    Ok(to_js(&wire::Known((s.abs() > TB_BOUND).then(|| {
        wire::ScoreResult {
            win: s > 0,
            moves: (s.abs() > MATE_BOUND).then(|| (MATE - s.abs() + 1) / 2),
        }
    }))))
}

/// Installs an opening book from the bytes of `book.bin` or `book-brazilian.bin` (on wasm the
/// core has none compiled in) as the book of the game the file names; levels 9 and 10 of every
/// engine play from it in that game from then on. Returns the number of book positions. Throws
/// `Error` with the reason for bytes that are not a valid book, and then the books in use are
/// unchanged.
#[cfg(feature = "engine")]
#[wasm_bindgen(js_name = installBook)]
pub fn install_book(bytes: BytesArg) -> Result<usize, JsValue> {
    let bytes = Args("installBook").bytes("bytes", &bytes)?;
    let book = dama::engine::book::Book::from_bytes(&bytes)
        .map_err(|e| js_err(format!("opening book refused: {e}")))?;
    let positions = book.positions();
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    dama::engine::book::install(book);
    // Other targets (this crate's native build, for its checks) have the book compiled in.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    drop(book);
    Ok(positions)
}

/// The number of positions in the opening book in use for `variant` (0 before `installBook`
/// gave one). Throws `RangeError` for a game that is not one of ours.
#[cfg(feature = "engine")]
#[wasm_bindgen(js_name = bookPositions)]
pub fn book_positions(variant: VariantArg) -> Result<usize, JsValue> {
    let v = Args("bookPositions").variant("variant", &variant)?;
    Ok(dama::engine::book::Book::shipped(v).positions())
}
