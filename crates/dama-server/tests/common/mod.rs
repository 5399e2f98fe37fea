//! What the server's tests share: a server on an ephemeral port over a temporary SQLite file,
//! a bare HTTP/1.1 client ([`wire`], shared with the load benchmark), and WebSocket clients
//! speaking the protocol. Every wait has a generous guard (a hang fails the test instead of
//! stalling it); no assertion depends on how fast the machine is.

#![allow(dead_code, unused_imports)] // each test file uses its own part

pub mod binary;
pub mod cut;
pub mod play;
pub mod wire;
pub use play::*;
pub use wire::{ws_request, Answer};

use dama_server::app::{self, Server};
use dama_server::config::Config;
use dama_server::protocol::{ClientMsg, ServerMsg};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest any single wait may take before the test fails as hung.
pub const GUARD: Duration = Duration::from_secs(30);

pub mod temp_db;
pub use temp_db::TempDir;

/// The repository's root: the site the server serves.
pub fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A server over `db` (a database option: [`TempDir::db`]).
pub async fn start(db: &str) -> Server {
    start_with(db, |_| {}).await
}

/// A server over `db`, its options changed by `change` first.
pub async fn start_with(db: &str, change: impl FnOnce(&mut Config)) -> Server {
    let mut config = Config::local(db, site());
    change(&mut config);
    app::start(config).await.unwrap()
}

/// One HTTP/1.1 request (the connection closed after it).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&str>,
) -> Answer {
    let r = wire::HttpRequest {
        method,
        path,
        cookie,
        body,
        headers: &[],
    };
    wire::request(addr, r).await.unwrap()
}

/// A browser without an account: its anonymous cookie.
pub async fn anonymous(addr: SocketAddr) -> String {
    wire::new_anonymous(addr)
        .await
        .expect("an anonymous cookie")
}

/// A challenge by `cookie`'s player; its id.
pub async fn challenge(addr: SocketAddr, cookie: &str, body: &str) -> String {
    wire::new_challenge(addr, cookie, body).await.unwrap()
}

/// A WebSocket client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The game's events seen, by version.
    pub seen: Vec<dama_server::protocol::Versioned>,
}

impl Client {
    pub async fn connect(addr: SocketAddr, cookie: Option<&str>) -> Client {
        let req = ws_request(addr, cookie);
        let (ws, _) = tokio::time::timeout(GUARD, tokio_tungstenite::connect_async(req))
            .await
            .unwrap()
            .unwrap();
        Client {
            ws,
            seen: Vec::new(),
        }
    }

    pub async fn send(&mut self, msg: &ClientMsg) {
        self.send_text(&serde_json::to_string(msg).unwrap()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    pub async fn send_raw(&mut self, msg: Message) -> Result<(), String> {
        self.ws.send(msg).await.map_err(|e| e.to_string())
    }

    /// The next protocol message, or the close frame's code and reason (`Err`), skipping
    /// WebSocket pings; events are recorded in `seen`.
    pub async fn next(&mut self) -> Result<ServerMsg, (u16, String)> {
        loop {
            let frame = tokio::time::timeout(GUARD, self.ws.next())
                .await
                .expect("the server answered within the guard");
            match frame {
                Some(Ok(Message::Text(t))) => {
                    let msg: ServerMsg = serde_json::from_str(t.as_str()).unwrap();
                    match &msg {
                        ServerMsg::Welcome { events, .. } | ServerMsg::Events { events, .. } => {
                            self.seen.extend(events.iter().cloned())
                        }
                        _ => {}
                    }
                    return Ok(msg);
                }
                Some(Ok(Message::Close(f))) => {
                    return Err(f.map_or((1005, String::new()), |f| {
                        (f.code.into(), f.reason.to_string())
                    }));
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err((1006, e.to_string())),
                None => return Err((1006, "closed".into())),
            }
        }
    }

    /// The next message that `pick` accepts, skipping others (presence news, echoes).
    pub async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let msg = self
                .next()
                .await
                .unwrap_or_else(|c| panic!("closed: {c:?}"));
            if let Some(t) = pick(&msg) {
                return t;
            }
        }
    }

    pub async fn hello(&mut self, game: &str, v: u32) {
        self.send(&ClientMsg::Hello {
            game: game.into(),
            v,
            name: None,
        })
        .await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// The texts of the moves seen, in order.
    pub fn moves(&self) -> Vec<String> {
        self.seen
            .iter()
            .filter_map(|v| match &v.event {
                dama_server::protocol::Event::Move { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// The last version seen.
    pub fn version(&self) -> u32 {
        self.seen.last().map_or(0, |v| v.v)
    }
}
