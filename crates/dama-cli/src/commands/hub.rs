//! `dama hub`: the Hub protocol on stdin and stdout. The protocol itself is the library's
//! [`dama_cli::hub`]; this reads the command line and runs the session over stdin.

use crate::options::{within, GameArg};
use clap::Args;
use dama::engine::egtb::Tables;
use dama::engine::MAX_CONTEMPT;
use dama_cli::hub::{Hub, Setup};
use std::sync::{Arc, Mutex};

/// Talk the Hub protocol (version 2) on standard input and output
///
/// The engine of draughts GUIs that speak the text protocol of the Scan engine. GAME is the
/// game at the start: the GUI may change it with `set-param name=variant`.
#[derive(Args)]
pub struct HubArgs {
    #[command(flatten)]
    game: GameArg,
    /// Other evaluations, each used in games of its kind: classic (the hand-written Italian
    /// one), regions, shipped, or a weights or network file (of `dama train fit` or `train
    /// net`, which says its game), at most one a game
    #[arg(long, value_name = "E[,E]")]
    eval: Option<String>,
    /// Endgame tables (of `dama egtb build`), a directory for each game
    ///
    /// Read from the start on a thread of their own: `init` waits for them, and tables that
    /// cannot be read end the session with an `error` line and a failing exit.
    #[arg(long, value_name = "DIR[,DIR]")]
    egtb: Option<String>,
    /// Level 10 does not play from the opening books
    #[arg(long)]
    no_book: bool,
    /// The `contempt` parameter's value at the start, 0-50 hundredths of a man
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = within(0..=MAX_CONTEMPT))]
    contempt: i32,
}

pub fn run(a: HubArgs) -> Result<(), String> {
    let evals = match &a.eval {
        Some(spec) => crate::eval_spec::evals_from_list(spec)?,
        None => Vec::new(),
    };
    // Each directory is checked here; the tables are read on a thread of their own, so that
    // `hub` is answered at once (a referee gives that seconds) and `init` waits for them.
    let dirs: Vec<String> = a
        .egtb
        .iter()
        .flat_map(|l| l.split(','))
        .map(str::to_string)
        .collect();
    for dir in &dirs {
        std::fs::read_dir(dir).map_err(|e| format!("--egtb {dir}: {e}"))?;
    }
    let loading = (!dirs.is_empty()).then(|| {
        let reader = std::thread::spawn(move || read_tables(&dirs));
        Arc::new(Mutex::new(Some(reader)))
    });
    let setup = Setup {
        evals,
        tables: Vec::new(),
        loading,
        book: !a.no_book,
        variant: a.game.variant,
        contempt: a.contempt,
    };
    let mut hub = Hub::new(setup, std::io::stdout());
    hub.serve(std::io::stdin().lock());
    // Tables that cannot be read end the session with an error even when no `init` came.
    hub.finish_loading();
    match hub.failure() {
        Some(e) => Err(e.to_string()),
        None => Ok(()),
    }
}

/// The tables of each directory, at most one directory a game.
fn read_tables(dirs: &[String]) -> Result<Vec<Arc<Tables>>, String> {
    let mut tables: Vec<Arc<Tables>> = Vec::new();
    for dir in dirs {
        let t = Tables::from_dir(dir).map_err(|e| format!("--egtb {dir}: {e}"))?;
        if tables.iter().any(|o| o.variant() == t.variant()) {
            return Err(format!(
                "--egtb {dir}: a second directory of {} tables",
                t.variant().name()
            ));
        }
        tables.push(Arc::new(t));
    }
    Ok(tables)
}
