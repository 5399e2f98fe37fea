//! A match's setup: the options checked and read into what every game shares (the players,
//! the budget, the plan of games, the tables), and announced.

use super::budget::Budget;
use super::hub_client::Size;
use super::openings_file;
use super::pdn::PdnOut;
use super::plan::{self, Pairing};
use super::seat::Player;
use super::MatchArgs;
use crate::opening_lists;
use dama::Variant;
use std::sync::Arc;
use std::time::Duration;

/// What every game of a match shares, read from the options.
pub struct Setup {
    /// The game played.
    pub variant: Variant,
    /// A and B.
    pub players: [Player; 2],
    pub specs: [String; 2],
    pub budget: Budget,
    pub max_plies: usize,
    /// A's and B's table and threads.
    pub sizes: [Size; 2],
    pub seed: u64,
    /// How long a Hub engine may take over a move.
    pub timeout: Duration,
    pub plan: Vec<Pairing>,
    /// Endgame tables the referee watches the games with.
    pub tables: Option<Arc<dama::engine::egtb::Tables>>,
    /// End games at their first table position.
    pub adjudicate: bool,
}

/// The match the options describe, checked and announced: its setup, the threads to play it
/// on and the PDN file its games go to.
pub fn read(a: MatchArgs) -> Result<(Arc<Setup>, usize, Option<PdnOut>), String> {
    let variant = a.game.variant;
    let tables = match &a.egtb {
        Some(dir) => {
            let t = dama::engine::egtb::Tables::from_dir(dir)
                .map_err(|e| format!("--egtb {dir}: {e}"))?;
            if t.variant() != variant {
                return Err(format!(
                    "--egtb {dir}: the tables are of {}, the match is {}",
                    t.variant().name(),
                    variant.name()
                ));
            }
            Some(Arc::new(t))
        }
        None => None,
    };
    if a.adjudicate && tables.is_none() {
        return Err("--adjudicate needs --egtb DIR".into());
    }
    let pdn = a.pdn.as_deref().map(PdnOut::create).transpose()?;
    let (spec_a, spec_b) = (a.a.as_str(), a.b.as_str());
    let player_a = Player::parse(spec_a, variant)?;
    let player_b = Player::parse(spec_b, variant)?;
    let budget = match (a.time, a.nodes, a.depth) {
        (ms, None, None) => Budget::Time(ms.unwrap_or(100.0)),
        (None, Some(n), None) => Budget::Nodes(n),
        (None, None, Some(d)) => Budget::Depth(d),
        _ => return Err("give one of --time, --nodes and --depth".into()),
    };
    let default_timeout = match budget {
        Budget::Time(ms) => 3.0 * ms + 1000.0,
        _ => 60_000.0,
    };
    let timeout_ms = a.timeout_ms.unwrap_or(default_timeout);
    let all = match &a.openings {
        Some(f) => openings_file::read(f, variant).map_err(|e| format!("--openings {f}: {e}"))?,
        None => opening_lists::parse_list(variant, opening_lists::shipped(variant))?,
    };
    let games = a.games.unwrap_or(2 * all.len());
    let (threads, max_plies, seed) = (a.threads, a.max_plies, a.seed);
    let sizes = [
        Size {
            tt_mb: a.tt,
            threads: a.a_threads,
        },
        Size {
            tt_mb: a.tt,
            threads: a.b_threads,
        },
    ];

    let (plan, chosen) = plan::plan(&all, games);
    let on = |t: usize| match t {
        1 => String::new(),
        t => format!(" on {t} threads"),
    };
    say!(
        "A = {spec_a}{}, B = {spec_b}{}; {}; {games} games from {} openings ({} in the list), {}, \
         {threads} game(s) at once, draw adjudicated after {max_plies} plies",
        on(sizes[0].threads),
        on(sizes[1].threads),
        variant.name(),
        chosen,
        all.len(),
        budget.describe()
    );
    let setup = Arc::new(Setup {
        variant,
        players: [player_a, player_b],
        specs: [spec_a.to_string(), spec_b.to_string()],
        budget,
        max_plies,
        sizes,
        seed,
        timeout: Duration::from_secs_f64(timeout_ms / 1000.0),
        plan,
        tables,
        adjudicate: a.adjudicate,
    });
    Ok((setup, threads, pdn))
}
