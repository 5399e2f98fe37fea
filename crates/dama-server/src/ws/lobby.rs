//! A connection's part in the lobby and the watch list: its subscriptions (the whole list,
//! then the news; the whole list again when it falls behind), its seeks (posted, cancelled,
//! and told here when matched), and the lobby's own message limit (30 in 30 s).

use crate::hub::{Hub, SeekRequest};
use crate::identity::Identity;
use crate::lobby::Posted;
use crate::protocol::{limits, ClientMsg, Refusal, RefusalCode, ServerMsg, Topic};
use dama::Variant;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Messages waiting for the connection from its own seeks (a match, a refusal).
const NOTICES: usize = 16;

/// What the lobby holds for one connection.
pub struct LobbySide {
    hub: Arc<Hub>,
    /// The connection's number: its seeks go with it.
    pub conn: u64,
    addr: IpAddr,
    lobby: Option<broadcast::Receiver<ServerMsg>>,
    watch: Option<broadcast::Receiver<ServerMsg>>,
    notices: mpsc::Receiver<ServerMsg>,
    notify: mpsc::Sender<ServerMsg>,
    window_start: Instant,
    in_window: u32,
    /// The player's seat key, once it subscribed: its seeks from other connections are
    /// marked `mine`.
    key: Option<String>,
}

/// Whether `msg` is the lobby's (counted against the lobby's limit, not the game's).
pub fn is_lobby(msg: &ClientMsg) -> bool {
    matches!(
        msg,
        ClientMsg::Subscribe { .. } | ClientMsg::Seek { .. } | ClientMsg::CancelSeek { .. }
    )
}

async fn news(rx: &mut Option<broadcast::Receiver<ServerMsg>>) -> Result<ServerMsg, RecvError> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

impl LobbySide {
    /// A new connection's side, from `addr`.
    pub fn new(hub: Arc<Hub>, addr: IpAddr) -> LobbySide {
        let (notify, notices) = mpsc::channel(NOTICES);
        LobbySide {
            conn: hub.connection(),
            hub,
            addr,
            lobby: None,
            watch: None,
            notices,
            notify,
            window_start: Instant::now(),
            in_window: 0,
            key: None,
        }
    }

    /// Counts a lobby message; false past the limit.
    pub fn count(&mut self) -> bool {
        let window = Duration::from_millis(u64::from(limits::LOBBY_WINDOW_MS));
        if self.window_start.elapsed() >= window {
            self.window_start = Instant::now();
            self.in_window = 0;
        }
        self.in_window += 1;
        self.in_window <= limits::LOBBY_MESSAGES
    }

    /// The next message for the page: a notice of its own seeks, or the news of a
    /// subscription (the whole list again after falling behind). Pending while there is none.
    pub async fn next(&mut self) -> ServerMsg {
        loop {
            let (topic, got) = tokio::select! {
                Some(n) = self.notices.recv() => return n,
                got = news(&mut self.lobby) => (Topic::Lobby, got),
                got = news(&mut self.watch) => (Topic::Watch, got),
            };
            match got {
                Ok(msg) => return self.marked(msg),
                Err(RecvError::Lagged(_)) => return self.marked(self.hub.snapshot(topic)),
                Err(RecvError::Closed) => continue, // the hub is gone: the server stops
            }
        }
    }

    /// Handles a lobby message of `who` (none without cookies); the answer for the page.
    pub async fn handle(
        &mut self,
        msg: ClientMsg,
        who: Option<&Identity>,
    ) -> Result<Option<ServerMsg>, Refusal> {
        match msg {
            ClientMsg::Subscribe { to } => {
                let (list, rx) = self.hub.subscribe(to);
                match to {
                    Topic::Lobby => self.lobby = Some(rx),
                    Topic::Watch => self.watch = Some(rx),
                }
                self.key = who.map(Identity::key);
                Ok(Some(self.marked(list)))
            }
            ClientMsg::Seek {
                variant,
                control,
                rated,
                range,
                name,
            } => {
                let who = who.ok_or_else(|| {
                    Refusal::new(
                        RefusalCode::NotAPlayer,
                        "a seek needs cookies: load the page again",
                    )
                })?;
                let variant = Variant::from_id(&variant).map_err(|_| {
                    Refusal::new(
                        RefusalCode::Malformed,
                        format!("unknown game {variant:?}: italian or brazilian"),
                    )
                })?;
                let req = SeekRequest {
                    conn: self.conn,
                    notify: self.notify.clone(),
                    addr: self.addr,
                    variant,
                    control,
                    rated,
                    range,
                };
                Ok(match self.hub.seek(req, who, name.as_deref()).await? {
                    Posted::Listed(info) => Some(ServerMsg::Sought { seek: info.id }),
                    Posted::Matched(_) => None, // `matched` comes through the notices
                })
            }
            ClientMsg::CancelSeek { seek } => {
                self.hub.cancel_seek(self.conn, &seek)?;
                Ok(None)
            }
            _ => Ok(None),
        }
    }
}

impl LobbySide {
    /// `msg` with the seeks of this connection's player marked `mine`.
    fn marked(&self, mut msg: ServerMsg) -> ServerMsg {
        let Some(key) = &self.key else { return msg };
        match &mut msg {
            ServerMsg::Seeks { seeks } => {
                for s in seeks {
                    s.mine = s.owner == *key;
                }
            }
            ServerMsg::SeekAdded { seek } => seek.mine = seek.owner == *key,
            _ => {}
        }
        msg
    }
}

impl Drop for LobbySide {
    /// The connection's seeks leave the lobby with it.
    fn drop(&mut self) {
        self.hub.drop_connection(self.conn);
    }
}
