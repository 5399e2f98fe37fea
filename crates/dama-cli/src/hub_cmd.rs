//! `dama hub`: the Hub protocol on stdin and stdout. The protocol itself is the library's
//! [`dama_cli::hub`]; this reads the command line and runs the session over stdin.
//!
//! Options: `--variant italian|brazilian` (the game at the start; the GUI may change it with
//! `set-param name=variant`), `--eval E[,E]` (weights files of `dama train fit`, each used in
//! games of the kind it was fitted for, or `classic` for the hand-written Italian
//! evaluation), `--egtb DIR[,DIR]` (endgame tables of `dama egtb build`, a directory for each
//! game), `--no-book` (level 10 does not play from the opening books), `--contempt N`
//! (the `contempt` parameter's value at the start, 0 to 50 hundredths of a man).

use dama::engine::egtb::Tables;
use dama::engine::search::MAX_CONTEMPT;
use dama_cli::hub::{Hub, Setup};
use std::sync::Arc;

pub fn run(args: &[String]) -> Result<(), String> {
    let a = crate::args::Args::parse(args, &["eval", "egtb", "variant", "contempt"], &["no-book"])?;
    let variant = a.variant()?;
    let evals = match a.get("eval") {
        Some(spec) => crate::train::evals_from_list(spec)?,
        None => Vec::new(),
    };
    let mut tables: Vec<Arc<Tables>> = Vec::new();
    for dir in a.get("egtb").into_iter().flat_map(|l| l.split(',')) {
        let t = Tables::from_dir(dir).map_err(|e| format!("--egtb {dir}: {e}"))?;
        if tables.iter().any(|o| o.variant() == t.variant()) {
            return Err(format!(
                "--egtb {dir}: a second directory of {} tables",
                t.variant().name()
            ));
        }
        tables.push(Arc::new(t));
    }
    let setup = Setup {
        evals,
        tables,
        book: !a.flag("no-book"),
        variant,
        contempt: a.number_in("contempt", 0, 0..=MAX_CONTEMPT)?,
    };
    let mut hub = Hub::new(setup, std::io::stdout());
    hub.serve(std::io::stdin().lock());
    Ok(())
}
