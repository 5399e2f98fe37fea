//! The value byte and the file layout (see `docs/EGTB.md`).
//!
//! A file is a header followed by tables, all integers little-endian:
//!
//! ```text
//! magic      8 bytes  "DAMAEGTB"
//! version    u16      1
//! rule       u16      the king-move rule in plies the values respect (80)
//! count      u32      number of tables
//! count times:
//!   signature  4 bytes  men and kings of the side to move, then of the other side
//!   size       u64      number of values: must equal the signature's index size
//!   checksum   u64      FNV-1a 64 of the values
//!   values     size bytes, one per index (see the value byte below)
//! ```

use super::index::Signature;
use core::fmt;

/// The value byte of a draw.
pub const DRAW: u8 = 0;
/// Win for the side to move in `d` plies to zeroing: the byte is `d` (1..=127).
pub const WIN_MAX: u8 = 127;
/// Loss for the side to move in `d` plies to zeroing: the byte is `LOSS + d` (d 0..=126).
pub const LOSS: u8 = 128;
/// The longest king-move rule tables can be built for: loss bytes stay below [`UNSOLVED`].
pub const MAX_RULE: u16 = 120;
/// The value byte of an index that is no position (two men on one square).
pub const NONE: u8 = 255;
/// Used while building for values not known yet; never in a file.
pub(crate) const UNSOLVED: u8 = 254;

const MAGIC: &[u8; 8] = b"DAMAEGTB";
const VERSION: u16 = 1;
const HEADER: usize = 16;
const TABLE_HEADER: usize = 20;

/// Why a table file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EgtbError {
    /// The file does not start with `DAMAEGTB`.
    BadMagic,
    /// A format version this build does not read.
    Version(u16),
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
    /// Reading a file or directory failed.
    Io(String),
}

impl fmt::Display for EgtbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgtbError::BadMagic => f.write_str("not an endgame table file (bad magic)"),
            EgtbError::Version(v) => write!(f, "unsupported table format version {v}"),
            EgtbError::Truncated => f.write_str("the table file is truncated"),
            EgtbError::BadSignature(s) => write!(f, "invalid table signature {s:?}"),
            EgtbError::Size(s, n) => write!(f, "table {s} has {n} values, not {}", s.size()),
            EgtbError::Checksum(s) => write!(f, "table {s} is corrupt (checksum)"),
            EgtbError::BadValue(s, i) => write!(f, "table {s} has an invalid value at {i}"),
            EgtbError::Duplicate(s) => write!(f, "table {s} is loaded twice"),
            EgtbError::Rule(r) => write!(f, "tables for a {r}-ply king-move rule do not mix"),
            EgtbError::TrailingBytes => f.write_str("unexpected bytes after the last table"),
            EgtbError::Io(e) => write!(f, "{e}"),
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
pub(crate) fn write<'a>(rule: u16, tables: impl Iterator<Item = (Signature, &'a [u8])>) -> Vec<u8> {
    let tables: Vec<_> = tables.collect();
    let total: usize = tables.iter().map(|(_, d)| d.len() + TABLE_HEADER).sum();
    let mut out = Vec::with_capacity(HEADER + total);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&rule.to_le_bytes());
    out.extend_from_slice(&(tables.len() as u32).to_le_bytes());
    for (s, data) in tables {
        out.extend_from_slice(&[s.white_men, s.white_kings, s.black_men, s.black_kings]);
        out.extend_from_slice(&(data.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(data).to_le_bytes());
        out.extend_from_slice(data);
    }
    out
}

/// A cursor that reports running out of bytes as [`EgtbError::Truncated`].
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], EgtbError> {
        if self.bytes.len() < n {
            return Err(EgtbError::Truncated);
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    fn u16(&mut self) -> Result<u16, EgtbError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, EgtbError> {
        let mut a = [0; 4];
        a.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(a))
    }

    fn u64(&mut self) -> Result<u64, EgtbError> {
        let mut a = [0; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
}

/// The tables of a file, borrowing its bytes.
pub(crate) type FileTables<'a> = Vec<(Signature, &'a [u8])>;

/// Reads and checks a file: the rule and every table, values validated.
pub(crate) fn read(bytes: &[u8]) -> Result<(u16, FileTables<'_>), EgtbError> {
    let mut r = Reader { bytes };
    if r.take(8).map_err(|_| EgtbError::BadMagic)? != MAGIC {
        return Err(EgtbError::BadMagic);
    }
    let version = r.u16()?;
    if version != VERSION {
        return Err(EgtbError::Version(version));
    }
    let rule = r.u16()?;
    if rule == 0 || rule > MAX_RULE {
        return Err(EgtbError::Rule(rule));
    }
    let count = r.u32()?;
    let mut out: FileTables = Vec::new();
    for _ in 0..count {
        let s = r.take(4)?;
        let sig = Signature::new(s[0], s[1], s[2], s[3]);
        if !sig.is_valid() || s[0] > 12 || s[2] > 12 {
            return Err(EgtbError::BadSignature([s[0], s[1], s[2], s[3]]));
        }
        let size = r.u64()?;
        if size != sig.size() {
            return Err(EgtbError::Size(sig, size));
        }
        let sum = r.u64()?;
        let n = usize::try_from(size).map_err(|_| EgtbError::Truncated)?;
        let data = r.take(n)?;
        if checksum(data) != sum {
            return Err(EgtbError::Checksum(sig));
        }
        if let Some(i) = data.iter().position(|&b| !valid_value(b, rule)) {
            return Err(EgtbError::BadValue(sig, i as u64));
        }
        if out.iter().any(|(s, _)| *s == sig) {
            return Err(EgtbError::Duplicate(sig));
        }
        out.push((sig, data));
    }
    if !r.bytes.is_empty() {
        return Err(EgtbError::TrailingBytes);
    }
    Ok((rule, out))
}
