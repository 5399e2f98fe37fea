//! `dama`: the native command for perft, move listing, benchmarks, matches and the Hub protocol.

mod args;
mod bench;
mod hub;
mod matches;
mod moves;
mod openings;
mod perft;

use std::process::ExitCode;

const USAGE: &str = "usage: dama <command> [options]

commands:
  perft [--fen FEN] --depth N [--divide]   count the leaves of the move tree
  moves --fen FEN                          list every legal move, one per line
  hub                                      talk the Hub protocol (version 2) on stdin/stdout
  bench [search] [--depth N] [--tt MB]     search fixed positions to a fixed depth: nodes,
                                           time, nodes/s and a checksum of the search
  bench depth [--time MS] [--fen FEN] [--tt MB]
                                           the depth reached in MS milliseconds (default 1000)
  match [--a SPEC] [--b SPEC] [--time MS | --nodes N | --depth N] [--openings FILE]
        [--games N] [--threads N] [--max-plies N] [--tt MB] [--seed N] [--pdn FILE]
                                           play two engine settings against each other from
                                           each opening with both colours; SPEC is full,
                                           plain or level=1..10 (defaults: full, plain,
                                           100 ms a move, the shipped openings, 300 plies)
  openings [--plies N] [--fen FEN]         every distinct position N plies on (default 3),
                                           one FEN per line
  help                                     show this text";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = argv.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "perft" => perft::run(rest),
        "moves" => moves::run(rest),
        "hub" => hub::run(rest),
        "bench" => bench::run(rest),
        "match" => matches::run(rest),
        "openings" => openings::run(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e}");
            ExitCode::from(2)
        }
    }
}
