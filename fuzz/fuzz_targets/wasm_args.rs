//! The wasm bindings' argument checks (`crates/dama-wasm/src/args.rs`, included by path: the
//! bindings themselves need JS to run) on any `f64`, driving the core the way the bindings do.
//!
//! Input: the first byte chooses the game (even Italian, odd Brazilian) and the record's kind
//! (its second bit: a game's or an analysis); then operations, each
//! an opcode byte and the numbers it takes. A number is a tag byte and what the tag says: the
//! 8 bytes of any bit pattern (NaN payloads, infinities, subnormals, -0), a limit from a table
//! (0, -1, 2^32, 2^53, the bounds of each check and one past them...), a small whole number,
//! or the floats next to a limit. The operations mirror the bindings: check a move index then
//! play that move, check a ply then read the board at it, check squares then ask why a move is
//! illegal, check a perft depth then count (at a small depth), check level, time, seed and table
//! size then build the level's search limits and search a few hundred nodes, check node ids and
//! NAGs then move a game record's cursor and edit it, check a game index then open that game of
//! the record's PDN, check
//! the items of a list (a board editor's cells, the bytes of a table file given as an array)
//! then set up the board they make.
//!
//! Every check must accept exactly the numbers that are whole (but for the time) and within its
//! bounds, return them unchanged (`accepted as f64 == input`), and refuse the others with the
//! bindings' message; nothing may panic.
#![no_main]
use dama::engine::{Engine, Limits};
use dama::pdn::{write_trees, NodeId, PdnFile, TreeError, MAX_NAGS};
use dama::{
    engine::level, perft, Color, Game, GameRecord, Position, RecordError, RecordKind, Variant,
};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

// The analysis checks (depth, lines) have no binding driven here.
#[allow(dead_code)]
#[path = "../../crates/dama-wasm/src/args.rs"]
mod args;
use args::ArgError;

const TWO_32: f64 = 4_294_967_296.0;
const TWO_53: f64 = 9_007_199_254_740_992.0;

/// Numbers at the limits of some check.
const LIMITS: [f64; 40] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    2.0,
    7.0,
    10.0,
    11.0,
    14.0,
    15.0,
    32.0,
    33.0,
    255.0,
    256.0,
    512.0,
    513.0,
    args::MAX_TIME_MS,
    args::MAX_TIME_MS + 1.0,
    2_147_483_648.0,
    TWO_32 - 1.0,
    TWO_32 - 0.5,
    TWO_32,
    TWO_32 + 1.0,
    TWO_32 + 22.0,
    TWO_53,
    TWO_53 + 2.0,
    18_446_744_073_709_551_616.0,
    1e300,
    f64::MAX,
    f64::MIN,
    f64::MIN_POSITIVE,
    5e-324,
    f64::EPSILON,
    1.0 - f64::EPSILON / 2.0,
    f64::NAN,
    -f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    fn number(&mut self) -> Option<f64> {
        let tag = self.byte()?;
        let pick = (tag >> 2) as usize % LIMITS.len();
        Some(match tag & 3 {
            0 => {
                let mut bits = [0u8; 8];
                for b in &mut bits {
                    *b = self.byte().unwrap_or(0);
                }
                f64::from_bits(u64::from_le_bytes(bits))
            }
            1 => LIMITS[pick],
            2 => self.byte()? as i8 as f64,
            // A float a few steps (in bits) from a limit: next up, next down...
            _ => {
                let step = self.byte()? as i8 as i64;
                f64::from_bits(LIMITS[pick].to_bits().wrapping_add(step as u64))
            }
        })
    }
}

/// The bindings' message for a number refused by `bounded`, written out as they wrote it.
fn range_message(name: &str, x: f64, lo: u32, hi: u32) -> String {
    format!("{name} must be a whole number from {lo} to {hi}, not {x}")
}

/// Checks a check's verdict `r` on `x`: accepted exactly when `x` is in `lo..=hi` (and whole
/// if `whole`), as the same number; refused with `message` otherwise. The accepted value.
fn verdict<T: Copy + std::fmt::Debug>(
    x: f64,
    r: Result<T, ArgError>,
    as_f64: impl Fn(T) -> f64,
    whole: bool,
    (lo, hi): (f64, f64),
    message: impl Fn() -> String,
) -> Option<T> {
    let take = lo <= x && x <= hi && (!whole || x.trunc() == x);
    match r {
        Ok(v) => {
            let back = as_f64(v);
            assert!(take, "{x:?} accepted as {v:?}: not in {lo}..={hi}");
            assert!(back == x, "{x:?} accepted as {v:?}, which is {back:?}");
            assert!(lo <= back && back <= hi && (!whole || back.trunc() == back));
            Some(v)
        }
        Err(e) => {
            assert!(!take, "{x:?} in {lo}..={hi} refused: {e}");
            assert_eq!(e.to_string(), message(), "the message for {x:?}");
            None
        }
    }
}

/// `bounded`-style checks: whole numbers in `lo..=hi`, refused with the range message.
fn ranged<T: Copy + std::fmt::Debug>(
    name: &str,
    x: f64,
    r: Result<T, ArgError>,
    as_f64: impl Fn(T) -> f64,
    lo: u32,
    hi: u32,
) -> Option<T> {
    verdict(x, r, as_f64, true, (lo.into(), hi.into()), || {
        range_message(name, x, lo, hi)
    })
}

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(1));
}

/// What the bindings hold between calls: one game and one game record of the input's game.
struct State {
    v: Variant,
    game: Game,
    record: GameRecord,
}

/// `None`: the input ran out in the middle of an operation (the run ends there).
type Step = Option<()>;

impl State {
    /// Game.playIndex
    fn play_index(&mut self, input: &mut Input) -> Step {
        let x = input.number()?;
        let legal = self.game.legal_moves();
        let n = legal.len();
        let r = args::move_index(x, n);
        let message = || format!("move index {x} is out of range: there are {n} legal moves");
        if let Some(i) = verdict(x, r, |i| i as f64, true, (0.0, n as f64 - 1.0), message) {
            let before = self.game.ply();
            self.game.play(&legal[i]).expect("a legal move plays");
            assert_eq!(self.game.ply(), before + 1);
        }
        Some(())
    }

    /// Game.boardAt
    fn board_at(&mut self, input: &mut Input) -> Step {
        let x = input.number()?;
        let plies = self.game.ply();
        let r = args::ply(x, plies);
        if let Some(p) = ranged("ply", x, r, |p| p as f64, 0, plies as u32) {
            let pos = self.game.position_at(p);
            let pos = pos.expect("a position at every ply checked");
            if p == plies {
                assert_eq!(pos, self.game.position());
            }
        }
        Some(())
    }

    /// Game.squareName and Game.whyIllegal
    fn why_illegal(&mut self, input: &mut Input) -> Step {
        let (a, b) = (input.number()?, input.number()?);
        let v = self.v;
        let square = |x: f64| {
            let r = args::square(x);
            let s = verdict(x, r, f64::from, true, (1.0, 32.0), || {
                format!("no square {x}: 1-32")
            });
            if let Some(s) = s {
                let sq = v.square(s).expect("squares 1-32 exist");
                assert!(!v.square_name(sq).is_empty());
            }
            s
        };
        let (from, to) = (square(a), square(b));
        let why = self
            .game
            .why_illegal(from.unwrap_or(0) as u8, to.unwrap_or(0) as u8);
        if why.is_none() {
            assert!(from.is_some() && to.is_some(), "{a} to {b} is legal");
        }
        Some(())
    }

    /// perft (the bindings' benchmark)
    fn perft(&mut self, input: &mut Input) -> Step {
        let x = input.number()?;
        let r = args::bounded("the perft depth", x, 0, 14);
        let depth = ranged("the perft depth", x, r, f64::from, 0, 14);
        if let Some(d) = depth.filter(|&d| d <= 3) {
            let pos = self.game.position();
            let n = perft(pos, d);
            match d {
                0 => assert_eq!(n, 1),
                1 => assert_eq!(n, pos.legal_moves().len() as u64),
                _ => {}
            }
        }
        Some(())
    }

    /// new Engine(tableMb) and Engine.search(game, level, timeMs, seed)
    fn search(&mut self, input: &mut Input) -> Step {
        let (a, b, c, d) = (
            input.number()?,
            input.number()?,
            input.number()?,
            input.number()?,
        );
        let max_mb = args::MAX_TABLE_MB;
        ranged(
            "the table size in megabytes",
            d,
            args::table_mb(d),
            f64::from,
            1,
            max_mb,
        );
        let l = ranged("level", a, args::level(a), f64::from, 1, args::MAX_LEVEL);
        let max_ms = args::MAX_TIME_MS;
        let t = verdict(
            b,
            args::time_ms(b),
            |t| t,
            false,
            (1.0, max_ms),
            || format!("the time must be from 1 to {max_ms} ms, not {b}"),
        );
        let s = ranged("seed", c, args::seed(c), f64::from, 0, u32::MAX);
        let (Some(l), Some(t), Some(s)) = (l, t, s) else {
            return Some(());
        };
        // The level's limits as `level::play` builds them, cut to a few hundred nodes.
        let spec = level::spec(l);
        assert!(spec.depth >= 1 && spec.nodes >= 1 && spec.margin >= 0);
        let limits = Limits {
            depth: spec.depth.min(2),
            nodes: spec.nodes.min(300),
            time_ms: Some(t),
            soft_ms: None,
        };
        let mut rng = dama::engine::Rng::new(u64::from(s) ^ self.game.hash());
        assert!(rng.below(7) < 7);
        let legal = self.game.legal_moves();
        if legal.is_empty() {
            return Some(());
        }
        let r = ENGINE.with(|e| {
            let mut e = e.borrow_mut();
            e.clear();
            e.search(&self.game, &limits, &mut |_| {})
        });
        if let Some(m) = r.best {
            assert!(legal.contains(&m), "the search's move is legal");
        }
        Some(())
    }

    /// GameRecord.goto(id) then play, setNags, delete, promote
    fn edit_record(&mut self, input: &mut Input) -> Step {
        let (x, what) = (input.number()?, input.byte()?);
        let record = &mut self.record;
        let bound = record.tree().id_bound();
        let r = args::node_id(x, bound);
        let Some(id) = ranged("node id", x, r, f64::from, 0, bound - 1) else {
            return Some(());
        };
        let id = NodeId(id);
        if record.tree().node(id).is_none() {
            // A deleted node: every call naming it refuses it.
            assert!(record.goto(id).is_err());
            assert!(record.delete(id).is_err());
            return Some(());
        }
        match what % 4 {
            0 | 1 => {
                record.goto(id).expect("a live move is gone to");
                assert_eq!(record.cursor(), id);
                let legal = record.game().legal_moves();
                if !legal.is_empty() {
                    let m = legal[what as usize / 4 % legal.len()];
                    match record.play(&m) {
                        Ok(_) => {
                            let here = record.tree().node(record.cursor()).unwrap();
                            assert_eq!(here.parent(), Some(id));
                        }
                        Err(e) => assert_eq!(
                            e,
                            RecordError::Full(TreeError::TooDeep),
                            "a legal move refused"
                        ),
                    }
                }
            }
            2 => set_nags(record, id, what, input),
            _ if id != record.tree().root() => {
                if what & 4 == 0 {
                    record.delete(id).expect("a live move deletes");
                    assert!(record.tree().node(id).is_none());
                } else {
                    let before = record.tree().clone();
                    if let Err(e) = record.promote(id) {
                        assert_eq!(e, TreeError::TooDeep);
                        assert!(*record.tree() == before, "a refused promotion changed the tree");
                    }
                }
            }
            _ => {}
        }
        // The live game is the tree's game at the cursor, wherever that went.
        let here = record.tree().node(record.cursor()).expect("the cursor is live");
        assert_eq!(here.position(), record.game().position());
        assert_eq!(here.ply() as usize, record.game().ply());
        Some(())
    }

    /// Game.fromBoard's cells and the bytes of an array: each item checked by `element`
    fn items(&mut self, input: &mut Input) -> Step {
        let what = input.byte()?;
        let (name, lo, hi) = if what & 1 == 0 {
            ("cells", -2, 2)
        } else {
            ("bytes", 0, 255)
        };
        let mut cells = [0i32; 32];
        for (i, cell) in cells.iter_mut().enumerate().take(what as usize / 2 % 33) {
            let Some(x) = input.number() else { break };
            let r = args::element(name, i, x, lo, hi);
            let message =
                || format!("{name}[{i}] must be a whole number from {lo} to {hi}, not {x}");
            let range = (f64::from(lo), f64::from(hi));
            if let Some(c) = verdict(x, r, f64::from, true, range, message) {
                *cell = c;
            }
        }
        if name == "cells" {
            let turn = if what & 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            set_up(self.v, &cells, turn);
        }
        Some(())
    }

    /// PdnFile.summary / record on the record's PDN written 1-3 times (write_trees)
    fn pdn_file(&mut self, input: &mut Input) -> Step {
        let (x, copies) = (input.number()?, input.byte()?);
        let copies = 1 + copies as usize % 3;
        let text = write_trees(&vec![self.record.tree().clone(); copies]);
        let file = PdnFile::parse(&text, self.v).expect("the tree's PDN reads");
        assert_eq!(file.len(), copies, "{text}");
        let last = copies as u32 - 1;
        let r = args::game_index(x, file.len());
        if let Some(i) = ranged("game index", x, r, |i| i as f64, 0, last) {
            let back = file.tree(i).expect("each copy opens");
            assert!(back == *self.record.tree(), "the tree read back differs:\n{text}");
            let kind = self.record.kind();
            GameRecord::from_tree(kind, back).expect("a tree read back is a record");
        }
        Some(())
    }
}

/// GameRecord.setNags with up to `MAX_NAGS + 1` numbers, each checked first.
fn set_nags(record: &mut GameRecord, id: NodeId, what: u8, input: &mut Input) {
    let count = what as usize / 4 % (MAX_NAGS + 2);
    let mut nags = Vec::new();
    for _ in 0..count {
        let Some(g) = input.number() else { break };
        if let Some(g) = ranged("NAG", g, args::nag(g), f64::from, 0, 255) {
            nags.push(g);
        }
    }
    let ok = id != record.tree().root() && nags.len() <= MAX_NAGS;
    assert_eq!(record.set_nags(id, nags.clone()).is_ok(), ok);
    if ok {
        assert_eq!(record.tree().node(id).unwrap().nags(), nags);
    }
}

/// The bindings' reading of a board editor's cells: a position or a refusal, no panic.
fn set_up(v: Variant, cells: &[i32; 32], turn: Color) {
    let (mut white, mut black, mut kings) = (0u32, 0u32, 0u32);
    for (i, &c) in cells.iter().enumerate() {
        let bit = v.square(i as u32 + 1).expect("squares 1-32 exist").bit();
        match c {
            1 | 2 => white |= bit,
            -1 | -2 => black |= bit,
            _ => {}
        }
        if c.abs() == 2 {
            kings |= bit;
        }
    }
    if let Ok(pos) = Position::from_bitboards(v, white, black, kings, turn) {
        let _ = Game::from_position(pos).result();
    }
}

fn run(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let v = Variant::ALL[(first & 1) as usize];
    let kind = if first & 2 == 0 {
        RecordKind::Game
    } else {
        RecordKind::Analysis
    };
    let mut input = Input(rest);
    let game = Game::new(v);
    let record = GameRecord::new(kind, *game.position());
    let mut state = State { v, game, record };
    while let Some(op) = input.byte() {
        let step = match op % 10 {
            0 => state.play_index(&mut input),
            1 => state.board_at(&mut input),
            2 => {
                state.game.undo();
                state.record.undo();
                Some(())
            }
            3 => {
                state.record.redo();
                Some(())
            }
            4 => state.why_illegal(&mut input),
            5 => state.perft(&mut input),
            6 => state.search(&mut input),
            7 => state.edit_record(&mut input),
            8 => state.items(&mut input),
            _ => state.pdn_file(&mut input),
        };
        if step.is_none() {
            break;
        }
        assert_eq!(state.game.moves().count(), state.game.ply());
    }
}

fuzz_target!(|data: &[u8]| run(data));
