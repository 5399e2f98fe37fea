//! `dama egtb`: build endgame tables to files, check them, and probe them, for either game
//! (`--variant`, Italian by default). A directory's tables are all of one game; each file
//! says which.

use crate::options::{within, GameArg};
use clap::{Args, Subcommand};
use dama::engine::egtb::{self, Signature, TableStats, Tables, Wdl, MAX_RULE, MAX_TABLE_PIECES};
use dama::{notation, Position, Variant};
use std::path::Path;
use std::time::Instant;

/// The largest `--stride` of `egtb verify`: past the largest table, only index 0 is checked.
const MAX_STRIDE: u64 = 1_000_000_000;

/// Endgame tables: egtb build, egtb probe, egtb verify (docs/EGTB.md)
#[derive(Subcommand)]
pub enum Egtb {
    Build(BuildArgs),
    Probe(ProbeArgs),
    Verify(VerifyArgs),
}

pub fn run(command: Egtb) -> Result<(), String> {
    match command {
        Egtb::Build(a) => build(a),
        Egtb::Probe(a) => probe(a),
        Egtb::Verify(a) => verify(a),
    }
}

/// Build the game's endgame tables up to N pieces, one file a piece count
#[derive(Args)]
pub struct BuildArgs {
    #[command(flatten)]
    game: GameArg,
    /// The most pieces on the board, 2-8
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = within(2..=MAX_TABLE_PIECES))]
    pieces: u32,
    /// The directory the tables are written to (required)
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
    /// King moves without a capture that draw, in plies, 1-120 (default: the game's rule)
    #[arg(long, value_name = "N", value_parser = within(1..=MAX_RULE as u32))]
    rule: Option<u32>,
}

fn build(a: BuildArgs) -> Result<(), String> {
    let (variant, pieces) = (a.game.variant, a.pieces);
    let rule = a.rule.unwrap_or(variant.draw_rules().king_move_plies);
    let out = a.out.as_deref().ok_or("egtb build needs --out DIR")?;
    let need = memory_needed(pieces);
    if let Some(have) = machine_memory()
        && need > have
    {
        return Err(format!(
            "--pieces {pieces} needs at least {:.1} GB of memory (every table, a byte a \
             position, is held until the files are written, and the largest file is made \
             whole), more than this machine's {:.1} GB with its swap: lower --pieces",
            need as f64 / 1e9,
            have as f64 / 1e9
        ));
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{out}: {e}"))?;
    say!(
        "{:<12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>5} {:>5} {:>8}",
        "table",
        "bytes",
        "positions",
        "wins",
        "draws",
        "losses",
        "maxW",
        "maxL",
        "seconds"
    );
    let start = Instant::now();
    let mut last = Instant::now();
    let tables = dama_tools::egtb::build(variant, pieces, rule, &mut |stats: &[TableStats]| {
        // A signature and its mirror are solved together: their time is shared by size.
        let secs = last.elapsed().as_secs_f64();
        last = Instant::now();
        let total: u64 = stats.iter().map(|s| s.size).sum::<u64>().max(1);
        for s in stats {
            say!(
                "{:<12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>5} {:>5} {:>8.2}",
                s.signature.to_string(),
                s.size,
                s.positions,
                s.wins,
                s.draws,
                s.losses,
                s.max_win,
                s.max_loss,
                secs * s.size as f64 / total as f64
            );
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let mut bytes = 0;
    for n in 2..=pieces {
        let data = tables.to_bytes(n);
        let path = Path::new(out).join(egtb::file_name(variant, n));
        std::fs::write(&path, &data).map_err(|e| format!("{}: {e}", path.display()))?;
        say!("wrote {} ({} bytes)", path.display(), data.len());
        bytes += data.len();
    }
    let positions: u64 = tables
        .signatures()
        .filter_map(|s| tables.stats(s))
        .map(|s| s.positions)
        .sum();
    say!(
        "total: {} tables, {positions} positions, {bytes} bytes, {secs:.1} s, peak memory {}",
        tables.signatures().count(),
        peak_memory()
    );
    Ok(())
}

/// Check every Nth value of the tables against its successors
#[derive(Args)]
pub struct VerifyArgs {
    /// The tables' directory (required); they say their game
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
    /// Check every Nth index of each table, 1-1000000000
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(1..=MAX_STRIDE))]
    stride: u64,
}

fn verify(a: VerifyArgs) -> Result<(), String> {
    let dir = a.dir.as_deref().ok_or("egtb verify needs --dir DIR")?;
    let stride = a.stride;
    let start = Instant::now();
    let tables = Tables::from_dir(dir).map_err(|e| e.to_string())?;
    say!(
        "loaded {} tables of {} (complete up to {} pieces) in {:.1} s",
        tables.signatures().count(),
        tables.variant().name(),
        tables.max_pieces(),
        start.elapsed().as_secs_f64()
    );
    let mut sigs: Vec<_> = tables.signatures().copied().collect();
    sigs.sort_by_key(|s| (s.pieces(), s.men(), *s));
    let mut total = 0;
    for s in sigs {
        match dama_tools::egtb::verify(&tables, &s, stride) {
            Ok(n) => total += n,
            Err(m) => {
                return Err(format!(
                    "table {s}: {} holds {:?}, its successors say {:?}",
                    m.position.to_fen(),
                    m.stored,
                    m.expected
                ))
            }
        }
    }
    say!(
        "verified {total} positions (every {stride}th index) in {:.1} s: every value agrees \
         with its successors",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The least memory a build up to `pieces` pieces takes, known from the tables' sizes alone:
/// every table (a byte a position) is held until the end, and then one file at a time is made
/// whole in memory before it is written, the largest (the most pieces) among them.
fn memory_needed(pieces: u32) -> u64 {
    let sigs = Signature::all(pieces);
    let of = |n: u32| -> u64 {
        sigs.iter()
            .filter(|s| s.pieces() == n)
            .map(|s| s.size())
            .sum()
    };
    let tables: u64 = (2..=pieces).map(of).sum();
    let largest_file = (2..=pieces).map(of).max().unwrap_or(0);
    tables + largest_file
}

/// The memory of this machine, RAM and swap, from Linux's /proc (None elsewhere: no check).
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb = |name: &str| -> Option<u64> {
        let line = info.lines().find(|l| l.starts_with(name))?;
        line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    };
    Some((kb("MemTotal:")? + kb("SwapTotal:").unwrap_or(0)) * 1024)
}

/// The peak resident memory of this process, from Linux's /proc (unknown elsewhere).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// A position's value and best move from the tables
#[derive(Args)]
pub struct ProbeArgs {
    /// The tables' directory (required); they say their game
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
    /// The same as the bare FEN
    #[arg(long = "fen", value_name = "FEN")]
    fen_option: Option<String>,
    /// The position, in the numbering of the tables' game
    #[arg(value_name = "FEN")]
    fen: Option<String>,
    /// Plies of king moves without a capture already played, 0-120
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = within(0..=MAX_RULE as u32))]
    king_plies: u32,
}

fn probe(a: ProbeArgs) -> Result<(), String> {
    let plies = a.king_plies;
    let dir = a.dir.as_deref().ok_or("egtb probe needs --dir DIR")?;
    // The FEN may be given bare or as --fen; the bare word counts when both are.
    let fen = a.fen.or(a.fen_option).ok_or("egtb probe needs a FEN")?;
    let tables = Tables::from_dir(dir).map_err(|e| e.to_string())?;
    let variant: Variant = tables.variant();
    let pos = Position::from_fen(variant, &fen).map_err(|e| e.to_string())?;
    let Some(p) = tables.probe(&pos) else {
        return Err(format!(
            "the position is not in the tables of {dir} (complete up to {} pieces)",
            tables.max_pieces()
        ));
    };
    let wdl = p.under_rule(plies, tables.rule());
    let word = match wdl {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    };
    if wdl == Wdl::Draw {
        say!("{word}");
    } else {
        say!("{word} dtz {}", p.dtz);
    }
    if let Some((m, v)) = tables.best_move(&pos, plies) {
        say!(
            "best {} ({:?} dtz {})",
            notation::move_text(&pos, &m),
            v.wdl,
            v.dtz
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_a_build_needs_is_its_tables_and_largest_file() {
        // docs/EGTB.md: up to 6 pieces, 2,571,945,320 positions and a 6-piece file of
        // 2.56 GB: 5.19 GB at the peak.
        let six = memory_needed(6);
        assert!(six > 5_000_000_000 && six < 5_300_000_000, "{six}");
        assert!(memory_needed(4) < 20_000_000);
        assert!(memory_needed(8) > 100 * six);
    }
}
