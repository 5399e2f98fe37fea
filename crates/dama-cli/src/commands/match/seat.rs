//! The players of a match: an engine setting run in this process, or an engine program
//! reached by the Hub protocol, behind one interface that asks for a move and says why none
//! came. The referee's checks on a Hub engine's answer are here: its text must name a legal
//! move of the position.

use super::budget::Budget;
use super::hub_client::{Failure, HubClient, HubCommand, Size};
use dama::engine::eval::{Eval, Weights};
use dama::engine::{level, Engine, Features};
use dama::{Game, Move, Variant};
use dama_cli::hub::parse_move;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An engine setting, as given to `--a` and `--b`.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    Full,
    Plain,
    Level(u8),
    /// Full strength with another evaluation: `eval=classic` or `eval=FILE` (a weights file
    /// written by `dama train fit`), for judging a fit by play.
    Eval(String),
    Hub(HubCommand),
}

impl Player {
    /// Reads a spec for a match of `variant` (an `eval=FILE` must be weights for that game).
    pub fn parse(s: &str, variant: Variant) -> Result<Player, String> {
        if let Some(rest) = s.strip_prefix("hub:") {
            return HubCommand::parse(rest).map(Player::Hub);
        }
        if let Some(spec) = s.strip_prefix("eval=") {
            crate::eval_spec::eval_from_spec(spec, variant)?;
            return Ok(Player::Eval(spec.to_string()));
        }
        match s {
            "full" => Ok(Player::Full),
            "plain" => Ok(Player::Plain),
            _ => match s.strip_prefix("level=").map(str::parse::<u8>) {
                Some(Ok(l)) if (1..=10).contains(&l) => Ok(Player::Level(l)),
                _ => Err(format!(
                    "unknown engine setting {s:?}: use full, plain, level=1..10, eval=classic|FILE or hub:PROGRAM"
                )),
            },
        }
    }
}

/// A move chosen, with what it cost.
pub struct Choice {
    pub mv: Move,
    /// Wall-clock milliseconds: the search in this process, `go` to `done` for a Hub engine.
    pub ms: f64,
    /// Of which the thread waited for a CPU, where that can be known (not for another process).
    pub waited: f64,
    /// The depth reached, if told.
    pub depth: Option<u32>,
}

/// Why a player gave no legal move; it loses the game.
pub struct Forfeit {
    /// A short name for the tally of endings.
    pub reason: &'static str,
    pub detail: String,
}

/// One side's engine on one match thread.
pub enum Seat {
    Local {
        player: Player,
        engine: Engine,
    },
    Hub {
        command: HubCommand,
        size: Size,
        variant: Variant,
        /// `None` after a failure: restarted before the next game.
        client: Option<HubClient>,
        name: String,
    },
}

impl Seat {
    /// Builds the engine, starting the program of a Hub player (an error stops the match).
    pub fn new(player: &Player, size: Size, variant: Variant) -> Result<Seat, String> {
        match player {
            Player::Hub(command) => {
                let client = HubClient::start(command, size, variant)?;
                Ok(Seat::Hub {
                    command: command.clone(),
                    size,
                    variant,
                    name: client.name.clone(),
                    client: Some(client),
                })
            }
            _ => {
                let mut engine = Engine::new(size.tt_mb);
                engine.set_threads(size.threads);
                if *player == Player::Plain {
                    engine.set_features(Features::PLAIN);
                    match variant {
                        Variant::Italian => engine.set_weights(Weights::material_only()),
                        v => engine.set_eval(Eval::Pattern(Arc::new(
                            dama::engine::eval::pattern::Net::material(v),
                        ))),
                    }
                }
                if let Player::Eval(spec) = player {
                    engine.set_eval(crate::eval_spec::eval_from_spec(spec, variant)?);
                }
                Ok(Seat::Local {
                    player: player.clone(),
                    engine,
                })
            }
        }
    }

    /// What the engine calls itself (`id name=.. version=..`), if it said.
    pub fn name(&self) -> Option<&str> {
        match self {
            Seat::Hub { name, .. } if !name.is_empty() => Some(name),
            _ => None,
        }
    }

    /// Readies the engine for a game: a cleared table, or `new-game` for a Hub engine, which
    /// is restarted if it failed before (an error stops the match).
    pub fn new_game(&mut self) -> Result<(), String> {
        match self {
            Seat::Local { engine, .. } => {
                engine.clear();
                Ok(())
            }
            Seat::Hub {
                command,
                size,
                variant,
                client,
                name,
            } => {
                if let Some(c) = client.as_mut()
                    && c.new_game().is_ok()
                {
                    return Ok(());
                }
                // Dropping the old one first ends its process.
                *client = None;
                let mut c = HubClient::start(command, *size, *variant)?;
                c.new_game().map_err(|f| {
                    format!(
                        "{} failed after a restart: {}",
                        command.program,
                        c.explain(&f)
                    )
                })?;
                *name = c.name.clone();
                *client = Some(c);
                Ok(())
            }
        }
    }

    /// A move for the side to move of `game`, or why there is none.
    pub fn choose(
        &mut self,
        game: &Game,
        budget: Budget,
        seed: u64,
        timeout: Duration,
    ) -> Result<Choice, Forfeit> {
        match self {
            Seat::Local { player, engine } => {
                let wait_before = waiting_ms();
                let t = Instant::now();
                let r = match *player {
                    Player::Level(l) => {
                        // A level keeps its own depth and node budget; only a time limit
                        // applies on top.
                        let ms = match budget {
                            Budget::Time(ms) => ms,
                            _ => 1e12,
                        };
                        level::play(engine, game, l, ms, seed)
                    }
                    _ => engine.search(game, &budget.limits(), &mut |_| {}),
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                let waited = match (wait_before, waiting_ms()) {
                    (Some(a), Some(b)) => (b - a).max(0.0),
                    _ => 0.0,
                };
                let Some(mv) = r.best else {
                    return Err(Forfeit {
                        reason: "no-move",
                        detail: "returned no move".into(),
                    });
                };
                Ok(Choice {
                    mv,
                    ms,
                    waited,
                    depth: Some(r.depth),
                })
            }
            Seat::Hub { client, .. } => {
                let Some(c) = client.as_mut() else {
                    return Err(Forfeit {
                        reason: "crash",
                        detail: "the engine is not running".into(),
                    });
                };
                let outcome = c.think(game, &budget.hub_level(), timeout);
                let reply = match outcome {
                    Ok(r) => r,
                    Err(f) => {
                        let detail = match &f {
                            Failure::TimeOut(_) => {
                                format!("{} ({} ms)", c.explain(&f), timeout.as_millis())
                            }
                            _ => c.explain(&f),
                        };
                        // A failed engine is in an unknown state: start afresh next game.
                        *client = None;
                        return Err(Forfeit {
                            reason: f.id(),
                            detail,
                        });
                    }
                };
                match parse_move(game.variant(), &game.legal_moves(), &reply.mv) {
                    Ok(mv) => Ok(Choice {
                        mv,
                        ms: reply.ms,
                        waited: 0.0,
                        depth: reply.depth,
                    }),
                    Err(e) => {
                        *client = None;
                        Err(Forfeit {
                            reason: "illegal-move",
                            detail: format!("illegal move {} ({e})", reply.mv),
                        })
                    }
                }
            }
        }
    }
}

/// Milliseconds this thread has waited to run since it started (Linux's schedstat), so a
/// long think on a busy machine can be told from a search that overran its limit.
fn waiting_ms() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(ns / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let it = Variant::Italian;
        assert_eq!(Player::parse("full", it), Ok(Player::Full));
        assert_eq!(Player::parse("level=5", it), Ok(Player::Level(5)));
        assert!(Player::parse("level=11", it).is_err());
        assert!(Player::parse("fast", it).is_err());
        assert!(Player::parse("hub:", it).is_err());
        assert!(Player::parse("eval=classic", it).is_ok());
        assert!(Player::parse("eval=classic", Variant::Brazilian).is_err());
        match Player::parse("hub:/x/dama", it) {
            Ok(Player::Hub(c)) => assert_eq!((c.program.as_str(), c.args.len()), ("/x/dama", 1)),
            other => panic!("{other:?}"),
        }
    }
}
