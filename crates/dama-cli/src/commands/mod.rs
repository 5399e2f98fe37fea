//! The commands of `dama`, one module each: its options (a clap type whose doc comments are its
//! help: the first line what `dama --help` lists, the rest what `dama <command> --help` adds)
//! and its `run`.

pub mod bench;
pub mod book;
pub mod egtb;
pub mod hub;
pub mod r#match;
pub mod moves;
pub mod openings;
pub mod perft;
pub mod puzzles;
pub mod train;

use clap::Subcommand;

/// The commands.
#[derive(Subcommand)]
pub enum Command {
    Perft(perft::PerftArgs),
    Moves(moves::MovesArgs),
    Hub(hub::HubArgs),
    Bench(bench::BenchArgs),
    Match(r#match::MatchArgs),
    Openings(openings::OpeningsArgs),
    #[command(subcommand)]
    Train(train::Train),
    #[command(subcommand)]
    Egtb(egtb::Egtb),
    #[command(subcommand)]
    Book(book::BookCommand),
    Puzzles(puzzles::PuzzlesArgs),
}

impl Command {
    /// Runs the command; an error is the refusal the command prints.
    pub fn run(self) -> Result<(), String> {
        match self {
            Command::Perft(a) => perft::run(a),
            Command::Moves(a) => moves::run(a),
            Command::Hub(a) => hub::run(a),
            Command::Bench(a) => bench::run(a),
            Command::Match(a) => r#match::run(a),
            Command::Openings(a) => openings::run(a),
            Command::Train(t) => train::run(t),
            Command::Egtb(e) => egtb::run(e),
            Command::Book(b) => book::run(b),
            Command::Puzzles(a) => puzzles::run(a),
        }
    }
}
