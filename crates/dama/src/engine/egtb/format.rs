//! The value byte and the file layout (see `docs/EGTB.md`).
//!
//! A file is a header followed by tables, all integers little-endian:
//!
//! ```text
//! magic      8 bytes  "DAMAEGTB"
//! version    u16      2
//! rule       u16      the king-move rule in plies the values respect (80 Italian, 40 Brazilian)
//! count      u32      number of tables
//! game       u8       the game, as PDN's GameType: 22 Italian, 26 Brazilian
//! reserved   3 bytes  zero
//! count times:
//!   signature  4 bytes  men and kings of the side to move, then of the other side
//!   size       u64      number of values: must equal the signature's index size
//!   checksum   u64      FNV-1a 64 of the values
//!   values     size bytes, one per index (see the value byte below)
//! ```
//!
//! Version 1 (written before Brazilian tables existed) had no game and no reserved bytes, and
//! is read as Italian.
//!
//! A reader checks the header before it reads a table, and each table's header before its
//! values: at most one table per signature (406 with up to 8 pieces), each of its signature's
//! size and within the file, so a file is never longer than every table at once.

use super::index::{Signature, MAX_TABLE_PIECES};
use crate::Variant;
use core::fmt;
use std::io::{BufReader, Read};

/// The value byte of a draw.
pub const DRAW: u8 = 0;
/// Win for the side to move in `d` plies to zeroing: the byte is `d` (1..=127).
pub const WIN_MAX: u8 = 127;
/// Loss for the side to move in `d` plies to zeroing: the byte is `LOSS + d` (d 0..=126).
pub const LOSS: u8 = 128;
/// The longest king-move rule tables can be built for, in plies: loss bytes stay below the
/// builder's marker for values not known yet.
pub const MAX_RULE: u16 = 120;
/// The value byte of an index that is no position (two men on one square).
pub const NONE: u8 = 255;
/// The builder's marker for values not known yet; never in a table.
pub const UNSOLVED: u8 = 254;

/// What a table holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// The table.
    pub signature: Signature,
    /// Indices (bytes in a file), including those that are no position.
    pub size: u64,
    /// Positions: indices holding a position.
    pub positions: u64,
    /// Wins for the side to move.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// The longest distance to zeroing of a win, in plies.
    pub max_win: u32,
    /// The longest distance to zeroing of a loss, in plies.
    pub max_loss: u32,
}

impl TableStats {
    /// Counts the values of a table.
    pub fn of(signature: Signature, data: &[u8]) -> TableStats {
        let mut s = TableStats {
            signature,
            size: data.len() as u64,
            positions: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            max_win: 0,
            max_loss: 0,
        };
        for &b in data {
            match b {
                NONE => continue,
                DRAW => s.draws += 1,
                1..=WIN_MAX => {
                    s.wins += 1;
                    s.max_win = s.max_win.max(b as u32);
                }
                _ => {
                    s.losses += 1;
                    s.max_loss = s.max_loss.max((b - LOSS) as u32);
                }
            }
            s.positions += 1;
        }
        s
    }
}

const MAGIC: &[u8; 8] = b"DAMAEGTB";
const VERSION: u16 = 2;
/// Version 1: Italian tables, with no game in the header.
const VERSION_ITALIAN: u16 = 1;
const HEADER: usize = 20;
const TABLE_HEADER: usize = 20;

/// Why a table file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EgtbError {
    /// The file does not start with `DAMAEGTB`.
    BadMagic,
    /// A format version this build does not read.
    Version(u16),
    /// A game type that is not one of ours (PDN GameType).
    Game(u8),
    /// Tables of another game than those already loaded, or than the engine plays.
    WrongGame(Variant),
    /// The file ends inside a header or a table.
    Truncated,
    /// A table's signature is not one a table can have.
    BadSignature([u8; 4]),
    /// A table's size is not its signature's index size.
    Size(Signature, u64),
    /// A table's values do not match its checksum.
    Checksum(Signature),
    /// A byte that is no value, at this index.
    BadValue(Signature, u64),
    /// The same table twice.
    Duplicate(Signature),
    /// Tables computed under another king-move rule than those already loaded.
    Rule(u16),
    /// Bytes after the last table.
    TrailingBytes,
    /// More tables than there are signatures.
    TooManyTables(u32),
    /// A file longer than every table at once.
    TooLarge(u64),
    /// Reading a file or directory failed.
    Io(String),
    /// A directory of tables holds no `*.egtb` file: it names no game.
    NoFiles(String),
}

impl fmt::Display for EgtbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgtbError::BadMagic => f.write_str("not an endgame table file (bad magic)"),
            EgtbError::Version(v) => write!(f, "unsupported table format version {v}"),
            EgtbError::Game(g) => write!(f, "tables for PDN game type {g}, not one of ours"),
            EgtbError::WrongGame(v) => write!(f, "tables of {} do not go with these", v.name()),
            EgtbError::Truncated => f.write_str("the table file is truncated"),
            EgtbError::BadSignature(s) => write!(f, "invalid table signature {s:?}"),
            EgtbError::Size(s, n) => write!(f, "table {s} has {n} values, not {}", s.size()),
            EgtbError::Checksum(s) => write!(f, "table {s} is corrupt (checksum)"),
            EgtbError::BadValue(s, i) => write!(f, "table {s} has an invalid value at {i}"),
            EgtbError::Duplicate(s) => write!(f, "table {s} is loaded twice"),
            EgtbError::Rule(r) => write!(f, "tables for a {r}-ply king-move rule do not mix"),
            EgtbError::TrailingBytes => f.write_str("unexpected bytes after the last table"),
            EgtbError::TooManyTables(n) => write!(
                f,
                "the file says it holds {n} tables; there are {} in all",
                max_tables()
            ),
            EgtbError::TooLarge(n) => write!(
                f,
                "the file has {n} bytes; every table at once is {}",
                max_file_bytes()
            ),
            EgtbError::Io(e) => write!(f, "{e}"),
            EgtbError::NoFiles(dir) => write!(f, "{dir}: no .egtb file"),
        }
    }
}

impl std::error::Error for EgtbError {}

/// Whether a byte is a value a file may hold (`limit` is the rule in plies).
pub(crate) fn valid_value(b: u8, limit: u16) -> bool {
    let l = limit.min(MAX_RULE) as u8;
    b == DRAW || b == NONE || (1..=l).contains(&b) || (LOSS..=LOSS + l).contains(&b)
}

/// FNV-1a, 64 bits: cheap, and enough to catch a damaged download.
pub(crate) fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Writes tables to the file format.
pub(crate) fn write<'a>(
    variant: Variant,
    rule: u16,
    tables: impl Iterator<Item = (Signature, &'a [u8])>,
) -> Vec<u8> {
    let tables: Vec<_> = tables.collect();
    let total: usize = tables.iter().map(|(_, d)| d.len() + TABLE_HEADER).sum();
    let mut out = Vec::with_capacity(HEADER + total);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&rule.to_le_bytes());
    out.extend_from_slice(&(tables.len() as u32).to_le_bytes());
    out.extend_from_slice(&[variant.game_type(), 0, 0, 0]);
    for (s, data) in tables {
        out.extend_from_slice(&[s.white_men, s.white_kings, s.black_men, s.black_kings]);
        out.extend_from_slice(&(data.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(data).to_le_bytes());
        out.extend_from_slice(data);
    }
    out
}

/// The tables of a file, each with its values.
/// A table's signature can be in a file: both sides have a piece, at most 12 men a side and
/// [`MAX_TABLE_PIECES`] in all.
fn check_signature(sig: Signature) -> Result<(), EgtbError> {
    if !sig.is_valid() || sig.white_men > 12 || sig.black_men > 12 {
        let s = [
            sig.white_men,
            sig.white_kings,
            sig.black_men,
            sig.black_kings,
        ];
        return Err(EgtbError::BadSignature(s));
    }
    Ok(())
}

/// A table read or built is one: its signature's, of its signature's size, every value within
/// `rule` plies, and not already among `before`.
pub(crate) fn check_table(
    rule: u16,
    sig: Signature,
    data: &[u8],
    before: &FileTables,
) -> Result<(), EgtbError> {
    check_signature(sig)?;
    if data.len() as u64 != sig.size() {
        return Err(EgtbError::Size(sig, data.len() as u64));
    }
    if let Some(i) = data.iter().position(|&b| !valid_value(b, rule)) {
        return Err(EgtbError::BadValue(sig, i as u64));
    }
    if before.iter().any(|(s, _)| *s == sig) {
        return Err(EgtbError::Duplicate(sig));
    }
    Ok(())
}

pub(crate) type FileTables = Vec<(Signature, Box<[u8]>)>;

/// The most tables a file can hold: each valid signature once.
fn max_tables() -> usize {
    Signature::all(MAX_TABLE_PIECES).len()
}

/// The longest file the format can hold: every table once.
fn max_file_bytes() -> u64 {
    Signature::all(MAX_TABLE_PIECES)
        .iter()
        .map(|s| TABLE_HEADER as u64 + s.size())
        .sum::<u64>()
        + HEADER as u64
}

/// A reader that knows how many bytes are left, so that a size read from the file is
/// compared with what is there before anything is allocated for it.
struct Source<R> {
    r: R,
    left: u64,
}

impl<R: Read> Source<R> {
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], EgtbError> {
        let mut a = [0; N];
        self.fill(&mut a)?;
        Ok(a)
    }

    fn fill(&mut self, buf: &mut [u8]) -> Result<(), EgtbError> {
        if self.left < buf.len() as u64 {
            return Err(EgtbError::Truncated);
        }
        self.r.read_exact(buf).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => EgtbError::Truncated,
            _ => EgtbError::Io(e.to_string()),
        })?;
        self.left -= buf.len() as u64;
        Ok(())
    }
}

/// Reads and checks a file of `len` bytes from `r`, every value validated: the header first, then one table at a
/// time, each only once its stated size is known to be its signature's and to fit in what is
/// left of the file. Nothing larger than the format can hold is read.
pub(crate) fn read_from(r: impl Read, len: u64) -> Result<FileContents, EgtbError> {
    if len < MAGIC.len() as u64 {
        return Err(EgtbError::BadMagic);
    }
    let mut r = Source {
        r: BufReader::new(r),
        left: len,
    };
    if &r.bytes::<8>()? != MAGIC {
        return Err(EgtbError::BadMagic);
    }
    if len > max_file_bytes() {
        return Err(EgtbError::TooLarge(len));
    }
    let version = u16::from_le_bytes(r.bytes()?);
    if version != VERSION && version != VERSION_ITALIAN {
        return Err(EgtbError::Version(version));
    }
    let rule = u16::from_le_bytes(r.bytes()?);
    if rule == 0 || rule > MAX_RULE {
        return Err(EgtbError::Rule(rule));
    }
    let count = u32::from_le_bytes(r.bytes()?);
    if count as usize > max_tables() {
        return Err(EgtbError::TooManyTables(count));
    }
    let variant = if version == VERSION_ITALIAN {
        Variant::Italian
    } else {
        let g: [u8; 4] = r.bytes()?;
        Variant::from_game_number(u32::from_le_bytes(g)).ok_or(EgtbError::Game(g[0]))?
    };
    let mut out: FileTables = Vec::new();
    for _ in 0..count {
        let s: [u8; 4] = r.bytes()?;
        let sig = Signature::new(s[0], s[1], s[2], s[3]);
        check_signature(sig)?;
        let size = u64::from_le_bytes(r.bytes()?);
        if size != sig.size() {
            return Err(EgtbError::Size(sig, size));
        }
        let sum = u64::from_le_bytes(r.bytes()?);
        if size > r.left {
            return Err(EgtbError::Truncated);
        }
        let n = usize::try_from(size).map_err(|_| EgtbError::Truncated)?;
        let mut data = vec![0; n].into_boxed_slice();
        r.fill(&mut data)?;
        if checksum(&data) != sum {
            return Err(EgtbError::Checksum(sig));
        }
        check_table(rule, sig, &data, &out)?;
        out.push((sig, data));
    }
    if r.left != 0 {
        return Err(EgtbError::TrailingBytes);
    }
    Ok(FileContents {
        variant,
        rule,
        tables: out,
    })
}

/// What a file holds: its game, its rule and its tables.
pub(crate) struct FileContents {
    pub variant: Variant,
    pub rule: u16,
    pub tables: FileTables,
}
