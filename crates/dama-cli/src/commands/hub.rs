//! `dama hub`: the Hub protocol on stdin and stdout. The protocol itself is the library's
//! [`dama_cli::hub`]; this reads the command line and runs the session over stdin.
//!
//! Options: `--variant italian|brazilian` (the game at the start; the GUI may change it with
//! `set-param name=variant`), `--eval E[,E]` (weights files of `dama train fit`, each used in
//! games of the kind it was fitted for, or `classic` for the hand-written Italian
//! evaluation), `--egtb DIR[,DIR]` (endgame tables of `dama egtb build`, a directory for each
//! game, read from the start on a thread of their own; `init` waits for them, and tables
//! that cannot be read end the session with an `error` line and a failing exit),
//! `--no-book` (level 10 does not play from the opening books), `--contempt N`
//! (the `contempt` parameter's value at the start, 0 to 50 hundredths of a man).

use dama::engine::egtb::Tables;
use dama::engine::search::MAX_CONTEMPT;
use dama_cli::hub::{Hub, Setup};
use std::sync::{Arc, Mutex};

pub fn run(args: &[String]) -> Result<(), String> {
    let a = crate::args::Args::parse(args, &["eval", "egtb", "variant", "contempt"], &["no-book"])?;
    let variant = a.variant()?;
    let evals = match a.get("eval") {
        Some(spec) => crate::eval_spec::evals_from_list(spec)?,
        None => Vec::new(),
    };
    // Each directory is checked here; the tables are read on a thread of their own, so that
    // `hub` is answered at once (a referee gives that seconds) and `init` waits for them.
    let dirs: Vec<String> = a
        .get("egtb")
        .into_iter()
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
        book: !a.flag("no-book"),
        variant,
        contempt: a.number_in("contempt", 0, 0..=MAX_CONTEMPT)?,
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
