//! `dama`: the native command for perft, move listing, benchmarks, matches and the Hub protocol.

mod args;
mod moves;
mod perft;

use std::process::ExitCode;

const USAGE: &str = "usage: dama <command> [options]

commands:
  perft [--fen FEN] --depth N [--divide]   count the leaves of the move tree
  moves --fen FEN                          list every legal move, one per line
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
