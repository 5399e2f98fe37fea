//! Endgame tables: the exact value of every position with few pieces, computed by our own
//! retrograde analysis, with the distance that lets the engine convert a win within the
//! king-move rule (80 plies in Italian, 40 in Brazilian). A set of tables is one game's.
//!
//! Each position (seen from the side to move, see [`Signature`]) has one byte: a draw, or a
//! win or loss with its *distance to zeroing* (DTZ): the plies until a capture or a man move
//! is played into a position that is still won, or the game ends, with the winner hurrying
//! and the loser delaying. The values are computed *under* the king-move rule: a win whose
//! every line needs more than the rule's king plies (80 in Italian) before the next capture or
//! man move is a draw. With `c` king plies already played, a stored win or loss holds when
//! `c + dtz <= 80` ([`Probe::under_rule`]). Brazilian's other draw rule (three kings that do
//! not beat a lone king in 20 moves) is not in the values: its count starts with the king-move
//! rule's and ends at most one ply sooner, and every such win is within it (`docs/EGTB.md`).
//!
//! The engine loads and probes tables; building and checking them is tooling
//! (`dama_tools::egtb`, over [`layout`]).
//!
//! ```
//! use dama::engine::egtb::Tables;
//! use dama::{Position, Variant};
//! let tables = Tables::new(Variant::Italian);
//! // No table holds two kings against one yet.
//! assert!(tables.probe(&Position::from_fen(dama::Variant::Italian, "W:WK1,K3:BK32").unwrap()).is_none());
//! assert_eq!(tables.max_pieces(), 0);
//! ```
//!
//! `docs/EGTB.md` documents the index, the file format and how to build the files.

mod format;
mod index;
mod probe;

pub use format::{EgtbError, TableStats, MAX_RULE};
pub use index::{Signature, MAX_TABLE_PIECES};
pub use probe::{Probe, Wdl};

/// The name of the file of `variant`'s tables with `pieces` pieces, as the CLI writes them and
/// the page fetches them: `italian-4.egtb`.
pub fn file_name(variant: Variant, pieces: u32) -> String {
    format!("{}-{pieces}.egtb", variant.id())
}

/// A table's index and value bytes (`docs/EGTB.md`), for building tables outside the engine.
pub mod layout {
    pub use super::format::{DRAW, LOSS, NONE, UNSOLVED, WIN_MAX};
    pub use super::index::{for_each_in_slice, index, normalize, slice_men, slice_of};
}

use crate::Variant;
use std::collections::HashMap;

/// A set of loaded tables, all of one game.
#[derive(Clone, Debug)]
pub struct Tables {
    variant: Variant,
    rule: u16,
    tables: HashMap<Signature, Box<[u8]>>,
    complete: u32,
}

impl Tables {
    /// No tables of `variant` yet, under its king-move rule until the first file says its own
    /// ([`Variant::draw_rules`]).
    pub fn new(variant: Variant) -> Tables {
        Tables {
            variant,
            rule: variant.draw_rules().king_move_plies as u16,
            tables: HashMap::new(),
            complete: 0,
        }
    }

    /// Tables of `variant` made in memory (by a builder), each checked as a file's are: its
    /// signature's size, values within `rule` plies, at most one per signature.
    pub fn from_values(
        variant: Variant,
        rule: u16,
        tables: impl IntoIterator<Item = (Signature, Vec<u8>)>,
    ) -> Result<Tables, EgtbError> {
        if rule == 0 || rule > MAX_RULE {
            return Err(EgtbError::Rule(rule));
        }
        let mut checked: format::FileTables = Vec::new();
        for (sig, data) in tables {
            format::check_table(rule, sig, &data, &checked)?;
            checked.push((sig, data.into_boxed_slice()));
        }
        Tables::of_file(format::FileContents {
            variant,
            rule,
            tables: checked,
        })
    }

    /// The tables of one file's bytes, of the game the file names.
    pub fn load(bytes: &[u8]) -> Result<Tables, EgtbError> {
        Tables::load_from(bytes, bytes.len() as u64)
    }

    /// The tables of one file of `len` bytes read from `r`, of the game the file names, read
    /// as [`read_from`](Tables::read_from) reads one.
    pub fn load_from(r: impl std::io::Read, len: u64) -> Result<Tables, EgtbError> {
        Tables::of_file(format::read_from(r, len)?)
    }

    /// The tables of a file read, of its game.
    fn of_file(file: format::FileContents) -> Result<Tables, EgtbError> {
        let mut t = Tables::new(file.variant);
        t.add_tables(file)?;
        Ok(t)
    }

    /// Adds the tables of one file's bytes (all of them, or none on an error); how many. A
    /// file of another game than these tables, or of another rule than the tables already
    /// loaded, is refused.
    pub fn add(&mut self, bytes: &[u8]) -> Result<usize, EgtbError> {
        self.read_from(bytes, bytes.len() as u64)
    }

    /// Adds the tables of a file of `len` bytes read from `r`, as [`add`](Tables::add) does:
    /// the header first, then one table at a time, each only once its stated size is known
    /// to be its signature's and to fit in the file; a file longer than every table at once
    /// is refused from its header.
    pub fn read_from(&mut self, r: impl std::io::Read, len: u64) -> Result<usize, EgtbError> {
        let file = format::read_from(r, len)?;
        self.add_tables(file)
    }

    /// Adds every table of `other` (all of them, or none on an error: another game or rule, or
    /// a table already loaded); how many.
    pub fn extend(&mut self, other: Tables) -> Result<usize, EgtbError> {
        self.add_tables(format::FileContents {
            variant: other.variant,
            rule: other.rule,
            tables: other.tables.into_iter().collect(),
        })
    }

    fn add_tables(&mut self, file: format::FileContents) -> Result<usize, EgtbError> {
        let format::FileContents {
            variant,
            rule,
            tables,
        } = file;
        if variant != self.variant {
            return Err(EgtbError::WrongGame(variant));
        }
        if !self.tables.is_empty() && rule != self.rule {
            return Err(EgtbError::Rule(rule));
        }
        if let Some((s, _)) = tables.iter().find(|(s, _)| self.tables.contains_key(s)) {
            return Err(EgtbError::Duplicate(*s));
        }
        self.rule = rule;
        let n = tables.len();
        self.tables.extend(tables);
        self.update_complete();
        Ok(n)
    }

    /// Loads every `*.egtb` file of a directory, all of one game: the first file's (a directory
    /// with none is refused: it names no game). Each is read from its header on, so a file that
    /// is not one, or longer than its tables, is refused before the rest is read.
    pub fn from_dir(dir: impl AsRef<std::path::Path>) -> Result<Tables, EgtbError> {
        let dir = dir.as_ref();
        let io = |e: std::io::Error| EgtbError::Io(format!("{}: {e}", dir.display()));
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(io)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "egtb"))
            .collect();
        paths.sort();
        let mut t: Option<Tables> = None;
        for p in paths {
            let named = |e: EgtbError| match e {
                EgtbError::Io(m) => EgtbError::Io(format!("{}: {m}", p.display())),
                e => e,
            };
            let file = std::fs::File::open(&p).map_err(|e| named(EgtbError::Io(e.to_string())))?;
            let meta = file
                .metadata()
                .map_err(|e| named(EgtbError::Io(e.to_string())))?;
            if !meta.is_file() {
                return Err(named(EgtbError::Io("not a regular file".into())));
            }
            match &mut t {
                Some(t) => t.read_from(file, meta.len()).map(drop),
                None => Tables::load_from(file, meta.len()).map(|first| t = Some(first)),
            }
            .map_err(named)?;
        }
        t.ok_or_else(|| EgtbError::NoFiles(dir.display().to_string()))
    }

    /// The file bytes of the tables with exactly `pieces` pieces (the CLI writes one file per
    /// piece count: [`file_name`]).
    pub fn to_bytes(&self, pieces: u32) -> Vec<u8> {
        let mut sigs: Vec<&Signature> = self
            .tables
            .keys()
            .filter(|s| s.pieces() == pieces)
            .collect();
        sigs.sort_by_key(|s| (s.men(), **s));
        format::write(
            self.variant,
            self.rule,
            sigs.into_iter().map(|s| (*s, &self.tables[s][..])),
        )
    }

    /// The game of these tables: a position of another game is in none of them.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The king-move rule in plies the values respect.
    pub fn rule(&self) -> u32 {
        self.rule as u32
    }

    /// The largest `n` such that every table with up to `n` pieces is loaded (0 if none).
    pub fn max_pieces(&self) -> u32 {
        self.complete
    }

    /// The loaded tables' signatures.
    pub fn signatures(&self) -> impl Iterator<Item = &Signature> {
        self.tables.keys()
    }

    /// The figures of one loaded table.
    pub fn stats(&self, sig: &Signature) -> Option<TableStats> {
        self.tables.get(sig).map(|d| TableStats::of(*sig, d))
    }

    fn update_complete(&mut self) {
        self.complete = 0;
        for n in 2..=MAX_TABLE_PIECES {
            let all = Signature::all(n);
            if all
                .iter()
                .filter(|s| s.pieces() == n)
                .all(|s| self.tables.contains_key(s))
            {
                self.complete = n;
            } else {
                break;
            }
        }
    }
}
