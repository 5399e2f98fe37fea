//! `dama`: the native command for perft, move listing, benchmarks, matches and the Hub protocol.

/// `println!` that ends the program quietly on a closed pipe instead of panicking (see
/// [`out`]).
macro_rules! say {
    () => {
        $crate::out::line(format_args!(""))
    };
    ($($t:tt)*) => {
        $crate::out::line(format_args!($($t)*))
    };
}

mod args;
mod commands;
mod eval_spec;
mod opening_lists;
mod out;

use commands::{bench, book, egtb, hub, moves, openings, perft, puzzles, r#match, train};

use std::process::ExitCode;

const USAGE: &str = "usage: dama <command> [options]

GAME is italian (the default) or brazilian (also 22 and 26, the PDN game types); FENs are read
and written in the game's numbering, moves in its notation (22-18 in italian, c3-d4 in
brazilian).

commands:
  perft [--variant GAME] [--fen FEN] --depth N [--divide]
                                           count the leaves of the move tree
  moves [--variant GAME] --fen FEN         list every legal move, one per line
  hub [--variant GAME] [--eval E[,E]] [--egtb DIR] [--no-book]
                                           talk the Hub protocol (version 2) on stdin/stdout;
                                           GAME is the game at the start (set-param
                                           name=variant changes it); E is regions,
                                           classic or a weights or network file, used in
                                           games of its kind
  bench [search] [--depth N] [--tt MB]     search fixed positions to a fixed depth: nodes,
                                           time, nodes/s and a checksum of the search
  bench depth [--variant GAME] [--time MS] [--fen FEN] [--tt MB] [--threads N] [--eval E]
                                           the depth reached in MS milliseconds (default 1000)
                                           with evaluation E (shipped, regions, classic, a file)
  bench perft [--variant GAME] [--depth N] [--runs N]
                                           perft from the start of each game (default depth
                                           10, best of 3 runs on one core), counts checked
  match [--a SPEC] [--b SPEC] [--variant GAME] [--time MS | --nodes N | --depth N]
        [--openings FILE] [--games N] [--threads N] [--max-plies N] [--tt MB] [--seed N]
        [--pdn FILE]                       play two engine settings against each other from
                                           each opening with both colours; SPEC is full,
                                           plain, level=1..10, eval=regions|classic|FILE,
                                           hub:PROGRAM (defaults: full, plain,
                                           100 ms a move, the game's shipped openings,
                                           300 plies; dama match --help for more)
  openings [--variant GAME] [--plies N] [--fen FEN]
                                           every distinct position N plies on (default 3),
                                           one FEN per line
  train gen --out FILE [--variant GAME] [--games N] [--nodes N] [--threads N] [--seed N]
        [--eval E]                         self-play games at N nodes a move (default 1000
                                           games, 5000 nodes) from the game's openings; writes
                                           quiet positions with the game's result; E is
                                           shipped, regions, classic (italian) or a weights
                                           or network file of the game
  train fit --data FILE[,FILE] --out FILE [--variant GAME] [--epochs N] [--holdout F] [--k K]
        [--lr X] [--l2 X] [--batch N] [--start E]
                                           fit the evaluation's weights of the game to the
                                           results (data made by train gen of that game)
  train net --data FILE[,FILE] --out FILE [--variant GAME] [--epochs N] [--holdout F] [--k K]
        [--lr X] [--batch N] [--seed N] [--lambda X] [--residual]
                                           fit a network evaluation of the game to the results
                                           (defaults: 20 epochs, lr 0.005, batch 1024, 0.1 held
                                           out); --lambda 0-1: that share of each target is the
                                           search's score kept by train gen (default 0);
                                           --residual adds it to the region evaluation
  egtb build [--variant GAME] --pieces N --out DIR [--rule N]
                                           build the game's endgame tables up to N pieces
                                           (docs/EGTB.md)
  egtb probe --dir DIR FEN                 a position's value and best move from the tables
                                           (the tables say their game)
  egtb verify --dir DIR [--stride N]       check every Nth value against its successors
  book build --out FILE [--variant GAME] [--plies N] [--opening-plies M] [--depth D | --time MS]
        [--margin CP] [--width W] [--threads T] [--tt MB]
                                           grow the opening book by deep searches (defaults:
                                           10 plies, 3 after each shipped opening, depth 20,
                                           moves within 10 cp, at most 2 a position)
  book probe [--variant GAME] [--fen FEN] [--book FILE]
                                           the book moves of a position (docs/BOOK.md)
  puzzles [--variant GAME] [--count N] [--seed N] [--depth N] [--screen N] [--threads N]
        [--max-games N] [--out FILE]       mine puzzles for the tactics trainer from
                                           self-play and write them as JSON (defaults: 20
                                           puzzles, seed 1, deep check at depth 18, screen
                                           at 12; docs/PUZZLES.md)
  help                                     show this text

The positions of bench search are Italian; every other command takes either game.";

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
        "match" => r#match::run(rest),
        "openings" => openings::run(rest),
        "egtb" => egtb::run(rest),
        "train" => train::run(rest),
        "book" => book::run(rest),
        "puzzles" => puzzles::run(rest),
        "help" | "--help" | "-h" => {
            say!("{USAGE}");
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
