//! The running server: the store opened (created and migrated at the first start), the
//! unfinished games of a previous run served again, the router on its listener, and a
//! graceful stop that leaves every game in the store for the next start.

use crate::config::Config;
use crate::hub::Hub;
use crate::store::Store;
use std::error::Error;
use std::net::SocketAddr;
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
    let bus = match &config.redis {
        Some(url) => {
            let me = config
                .instance
                .clone()
                .unwrap_or_else(|| crate::store::random::id(8));
            let (bus, incoming) = crate::bus::Bus::connect(url, me)
                .await
                .map_err(|e| format!("the bus at {}: {e}", crate::bus::redacted(url)))?;
            Some((bus, incoming))
        }
        None => None,
    };
    let hub = Hub::new(
        store.clone(),
        stop.clone(),
        config.max_challenges,
        config.max_sockets_per_addr,
        bus.as_ref().map(|(b, _)| b.clone()),
    );
    let resumed = resume(&store, &hub).await?;
    if let Some((bus, incoming)) = bus {
        tokio::spawn(hub.clone().serve_bus(incoming, stop.clone()));
        tokio::spawn(hub.clone().keep_leases(bus, stop.clone()));
    }
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

/// Serves the store's unfinished games again (see [`crate::resume`]); with a bus, only those
/// no other instance holds. Returns how many.
async fn resume(store: &Store, hub: &Arc<Hub>) -> Result<usize, Box<dyn Error + Send + Sync>> {
    let games = store.unfinished_games().await?;
    let mut resumed = 0;
    for g in games {
        if let Some(bus) = hub.bus()
            && bus.claim(&g.game.id).await? != bus.me()
        {
            continue;
        }
        if crate::resume::resume_game(store, hub, &g).await? {
            resumed += 1;
        }
    }
    Ok(resumed)
}
