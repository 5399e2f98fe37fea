//! The running server: the store opened (created and migrated at the first start), the
//! unfinished games of a previous run served again, the router on its listener, and a
//! graceful stop that leaves every game in the store for the next start.

use crate::clock::Millis;
use crate::config::Config;
use crate::hub::Hub;
use crate::live::{Entrant, LiveInfo};
use crate::protocol::{Event, PlayerId, TimeControl};
use crate::room::Room;
use crate::store::{now_ms, Finish, Player, Store, StoredGame};
use std::error::Error;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU32};
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What every handler shares.
pub struct App {
    /// The options.
    pub config: Config,
    /// The database.
    pub store: Arc<Store>,
    /// What is live.
    pub hub: Arc<Hub>,
    /// The limits on sign-ins and new accounts.
    pub limits: crate::http::Limits,
    /// Set to `true` when the server stops: sockets close, saying so, and games' tasks end.
    pub shutdown: watch::Sender<bool>,
}

/// A started server.
pub struct Server {
    /// The address it listens on (the port chosen when the options asked for port 0).
    pub addr: SocketAddr,
    /// How many unfinished games it resumed at start.
    pub resumed: usize,
    app: Arc<App>,
    task: JoinHandle<std::io::Result<()>>,
}

/// Opens the store, resumes the unfinished games and starts serving.
pub async fn start(config: Config) -> Result<Server, Box<dyn Error + Send + Sync>> {
    let location = config.location()?;
    let store = Store::open(&location)
        .await
        .map_err(|e| format!("{location}: {e}"))?;
    let store = Arc::new(store);
    let (shutdown, stop) = watch::channel(false);
    let hub = Hub::new(
        store.clone(),
        stop.clone(),
        config.max_challenges,
        config.max_sockets_per_addr,
    );
    let resumed = resume(&store, &hub).await?;
    let listener = TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let app = Arc::new(App {
        limits: crate::http::Limits::new(&config),
        config,
        store,
        hub,
        shutdown,
    });
    let router = crate::http::router(app.clone());
    let per_addr = app.config.max_connections_per_addr;
    let task = tokio::spawn(crate::listen::serve(listener, router, per_addr, stop));
    Ok(Server {
        addr,
        resumed,
        app,
        task,
    })
}

impl Server {
    /// The server's database (for tests and tools working beside the server).
    pub fn store(&self) -> &Arc<Store> {
        &self.app.store
    }

    /// Stops: no new connection, every socket closed with a reason, every game's task ended
    /// (the games stay in the store, resumed at the next start).
    pub async fn stop(self) {
        let _ = self.app.shutdown.send(true);
        let _ = self.task.await;
        self.app.hub.stopped().await;
    }
}

/// Serves the store's unfinished games again: each room rebuilt from its stored moves, its
/// clocks standing where the last move left them and started again now, so the time the
/// server was down is given back to the side to move. Returns how many.
async fn resume(store: &Store, hub: &Arc<Hub>) -> Result<usize, Box<dyn Error + Send + Sync>> {
    let now = now_ms();
    let games = store.unfinished_games().await?;
    let mut resumed = 0;
    for g in games {
        match rebuild(store, hub, &g).await {
            Ok((mut room, keys)) => {
                room.resume(now as Millis);
                if let Some(end) = ended(&room) {
                    // The last stored move ended the game; its end was not stored.
                    store.finish_game(&g.game.id, &end).await?;
                }
                hub.revive(room, info(&g, keys));
                resumed += 1;
            }
            Err(why) => {
                eprintln!(
                    "dama-server: game {} cannot resume ({why}): aborted",
                    g.game.id
                );
                let abort = Finish {
                    outcome: None,
                    ended_by: "aborted".into(),
                    at: now,
                };
                store.finish_game(&g.game.id, &abort).await?;
            }
        }
    }
    Ok(resumed)
}

/// The room of stored game `g`, its seats given back to their players (their keys).
async fn rebuild(store: &Store, hub: &Hub, g: &StoredGame) -> Result<(Room, [String; 2]), String> {
    let (white, black) = store.seats(&g.game.id).await.map_err(|e| e.to_string())?;
    let secs = |ms: i64| u32::try_from(ms / 1000).map_err(|_| "time control out of range");
    let control = TimeControl {
        base_secs: secs(g.game.base_ms)?,
        increment_secs: secs(g.game.increment_ms)?,
    };
    let moves: Vec<(String, Millis, u64)> = g
        .moves
        .iter()
        .map(|m| (m.text.clone(), m.played_at as Millis, m.clock_ms as u64))
        .collect();
    let offers = store.offers(&g.game.id).await.map_err(|e| e.to_string())?;
    let ids: [PlayerId; 2] = [hub.player_id(&white), hub.player_id(&black)];
    Room::restore(
        g.game.variant,
        ids[0],
        ids[1],
        control,
        g.game.started_at as Millis,
        &moves,
        &offers,
    )
    .map(|room| (room, [white, black]))
    .map_err(|r| r.text)
}

/// The store's end of a room the replay ended, if it did.
fn ended(room: &Room) -> Option<Finish> {
    let last = room.events_since(room.version().saturating_sub(1)).ok()?;
    match last.first().map(|v| &v.event) {
        Some(Event::End { winner, reason, .. }) => {
            Some(crate::live::finish(*winner, *reason, now_ms()))
        }
        _ => None,
    }
}

fn info(g: &StoredGame, [white, black]: [String; 2]) -> LiveInfo {
    let entrant = |key: String, p: &Player| Entrant {
        key,
        account: p.account.clone(),
        name: p.name.clone(),
    };
    LiveInfo {
        id: g.game.id.clone(),
        variant: g.game.variant.id().to_owned(),
        players: [entrant(white, &g.game.white), entrant(black, &g.game.black)],
        control: TimeControl {
            base_secs: (g.game.base_ms / 1000) as u32,
            increment_secs: (g.game.increment_ms / 1000) as u32,
        },
        rated: g.game.rated,
        ply: AtomicU32::new(g.moves.len() as u32),
        over: AtomicBool::new(false),
        spectators: AtomicU32::new(0),
    }
}
