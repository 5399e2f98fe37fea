//! `dama`: the native command for perft, move listing, benchmarks, matches, training, endgame
//! tables, opening books, puzzles and the Hub protocol. [`cli`] reads the command line; each
//! command is a module of [`commands`].

/// `println!` that ends the program quietly on a closed pipe instead of panicking (see
/// [`stdout`]).
macro_rules! say {
    () => {
        $crate::stdout::line(format_args!(""))
    };
    ($($t:tt)*) => {
        $crate::stdout::line(format_args!($($t)*))
    };
}

mod cli;
mod commands;
mod eval_spec;
mod files;
mod opening_lists;
mod options;
mod stdout;

use std::process::ExitCode;

fn main() -> ExitCode {
    let command = match cli::parse() {
        Ok(c) => c,
        Err(code) => return code,
    };
    match command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e}");
            ExitCode::from(2)
        }
    }
}
