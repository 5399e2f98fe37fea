//! One task per WebSocket connection: it reads the page's messages through
//! [`protocol::parse`](crate::protocol::parse) and holds them to their bounds, joins the game
//! (or waits for a challenge to be opened), passes the page's commands to the game's task and
//! the game's messages back, pings to measure the round trip (the lag a move is credited),
//! and closes a socket that floods, sends too much or falls silent, each time saying why.
//! Its lobby and watch-list part is [`lobby`].

mod lobby;

use crate::app::App;
use crate::hub::{Entry, GameTx};
use crate::identity::{identify, Identity};
use crate::live::{Command, Joined, OUTBOX};
use crate::protocol::{
    limits, parse, ClientMsg, PlayerId, Refusal, RefusalCode, ServerMsg, MAX_MESSAGE_BYTES,
};
use crate::store::now_ms;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{interval, sleep_until, Instant, MissedTickBehavior};

/// What the transport reads of one message before refusing it: enough to read a whole
/// oversized message (a megabyte) and answer it with a reason; a peer announcing more is cut
/// at the frame's header, without one.
pub const READ_CEILING: usize = 1 << 20;
/// A connection's read buffer: what one read from the socket takes in. The WebSocket layer's
/// default, 128 KiB, is zeroed in whole at the first read, so 2,000 sockets held 250 MiB
/// (`make bench-server`; 8 KiB still cost 41 MiB more than this at 6,000 sockets). A message
/// is under 100 bytes, at most [`MAX_MESSAGE_BYTES`]; a larger frame grows the buffer to its
/// announced length (up to the ceiling) and is read a kibibyte at a time.
const READ_BUFFER: usize = 1024;
/// The close reason when the server stops.
const RESTARTING: &str = "the server is restarting: come back in a moment";
/// How often the server pings, to measure the round trip.
const SERVER_PING: Duration = Duration::from_secs(5);

/// WebSocket close codes (RFC 6455).
mod close {
    /// The server is going away (shutdown), or the socket was idle.
    pub const AWAY: u16 = 1001;
    /// A message too big.
    pub const TOO_BIG: u16 = 1009;
    /// A policy broken: too many messages, or too slow to follow.
    pub const POLICY: u16 = 1008;
}

/// `GET /ws`: upgrades to a WebSocket, unless the address has too many open.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let addr = peer.ip();
    if !app.hub.open_socket(addr) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from your address",
        )
            .into_response();
    }
    // Counted until dropped: after the connection, or with the upgrade if it fails.
    let slot = Slot {
        app: app.clone(),
        addr,
    };
    let who = identify(&app.store, &headers).await;
    ws.max_message_size(READ_CEILING)
        .max_frame_size(READ_CEILING)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            let app = slot.app.clone();
            Connection::new(app, who, addr).run(socket).await;
            drop(slot);
        })
}

struct Slot {
    app: Arc<App>,
    addr: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.app.hub.close_socket(self.addr);
    }
}

/// The game a connection is in.
struct InGame {
    /// The game's commands (its task's, or its owner's on another instance).
    tx: mpsc::Sender<Command>,
    joined: Joined,
    rx: mpsc::Receiver<ServerMsg>,
}

struct Connection {
    app: Arc<App>,
    who: Option<Identity>,
    game: Option<InGame>,
    waiting: Option<oneshot::Receiver<(GameTx, PlayerId)>>,
    rtt: Option<u32>,
    window_start: Instant,
    in_window: u32,
    lobby: lobby::LobbySide,
}

/// What to do after a message.
enum Flow {
    Go,
    Close(u16, String),
}

async fn recv_game(game: &mut Option<InGame>) -> Option<ServerMsg> {
    match game {
        Some(g) => g.rx.recv().await,
        None => std::future::pending().await,
    }
}

async fn recv_waiting(
    w: &mut Option<oneshot::Receiver<(GameTx, PlayerId)>>,
) -> Option<(GameTx, PlayerId)> {
    match w {
        Some(rx) => rx.await.ok(),
        None => std::future::pending().await,
    }
}

impl Connection {
    fn new(app: Arc<App>, who: Option<Identity>, addr: IpAddr) -> Connection {
        Connection {
            lobby: lobby::LobbySide::new(app.hub.clone(), addr),
            app,
            who,
            game: None,
            waiting: None,
            rtt: None,
            window_start: Instant::now(),
            in_window: 0,
        }
    }

    async fn run(mut self, mut socket: WebSocket) {
        let idle = self.app.config.idle();
        let mut heard = Instant::now();
        let mut ping = interval(SERVER_PING);
        ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut closed_tab = false;
        let mut shutdown = self.app.shutdown.subscribe();
        let flow = loop {
            tokio::select! {
                incoming = socket.recv() => match incoming {
                    None => break Flow::Go,
                    Some(Err(e)) => {
                        // Past the read ceiling, or a broken frame: say so if the socket
                        // still takes it.
                        let refusal = Refusal::new(RefusalCode::TooLarge, format!("unreadable message: {e}"));
                        let _ = send(&mut socket, &ServerMsg::Refused { refusal, ack: None }).await;
                        break Flow::Close(close::TOO_BIG, "unreadable message".into());
                    }
                    Some(Ok(Message::Text(text))) => {
                        heard = Instant::now();
                        match self.on_text(&mut socket, text.as_str()).await {
                            Flow::Go => {}
                            stop => break stop,
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        heard = Instant::now();
                        let refusal = Refusal::new(RefusalCode::Malformed, "malformed message: binary frames are not part of the protocol");
                        if let Flow::Close(c, r) = self.count(&mut socket).await {
                            break Flow::Close(c, r);
                        }
                        let _ = send(&mut socket, &ServerMsg::Refused { refusal, ack: None }).await;
                    }
                    Some(Ok(Message::Pong(p))) => {
                        if let Ok(b) = <[u8; 8]>::try_from(p.as_ref()) {
                            let rtt = (now_ms() as u64).saturating_sub(u64::from_be_bytes(b));
                            self.rtt = Some(rtt.min(u64::from(u32::MAX)) as u32);
                        }
                    }
                    Some(Ok(Message::Ping(_))) => {} // answered by the WebSocket layer
                    Some(Ok(Message::Close(frame))) => {
                        closed_tab = frame.is_some_and(|f| f.code == close::AWAY);
                        break Flow::Go;
                    }
                },
                msg = recv_game(&mut self.game) => match msg {
                    Some(msg) => if send(&mut socket, &msg).await.is_err() { break Flow::Go },
                    // The game's task let the connection go: it stopped (the server stops),
                    // or the connection fell too far behind.
                    None if *shutdown.borrow() => break Flow::Close(close::AWAY, RESTARTING.into()),
                    None => break Flow::Close(close::POLICY, "let go by the game (too slow, or it moved to another server): come back with your version".into()),
                },
                msg = self.lobby.next() => {
                    if send(&mut socket, &msg).await.is_err() {
                        break Flow::Go;
                    }
                }
                started = recv_waiting(&mut self.waiting) => {
                    self.waiting = None;
                    if let Some((tx, player)) = started
                        && let Err(refusal) = self.join(tx, player, 0).await
                    {
                        let _ = send(&mut socket, &ServerMsg::Refused { refusal, ack: None }).await;
                    }
                }
                _ = ping.tick() => {
                    let stamp = (now_ms() as u64).to_be_bytes();
                    if socket.send(Message::Ping(stamp.to_vec().into())).await.is_err() {
                        break Flow::Go;
                    }
                }
                _ = sleep_until(heard + idle) => {
                    break Flow::Close(close::AWAY, format!("no message for {} s", idle.as_secs()));
                }
                _ = shutdown.changed() => {
                    break Flow::Close(close::AWAY, RESTARTING.into());
                }
            }
        };
        if let Flow::Close(code, reason) = flow {
            let frame = CloseFrame {
                code,
                reason: reason.into(),
            };
            let _ = socket.send(Message::Close(Some(frame))).await;
        }
        self.leave(closed_tab).await;
    }

    /// Counts a message against the connection's limit (players 100, others 50 in 20 s);
    /// past it the message is refused, saying so, and the socket closed.
    async fn count(&mut self, socket: &mut WebSocket) -> Flow {
        let window = Duration::from_millis(u64::from(limits::WINDOW_MS));
        if self.window_start.elapsed() >= window {
            self.window_start = Instant::now();
            self.in_window = 0;
        }
        self.in_window += 1;
        let playing = self.game.as_ref().is_some_and(|g| g.joined.side.is_some());
        let max = if playing {
            limits::PLAYING_MESSAGES
        } else {
            limits::WATCHING_MESSAGES
        };
        if self.in_window <= max {
            return Flow::Go;
        }
        let text = format!(
            "more than {max} messages in {} s: the connection is closed",
            limits::WINDOW_MS / 1000
        );
        let refusal = Refusal::new(RefusalCode::RateLimited, text.clone());
        let _ = send(socket, &ServerMsg::Refused { refusal, ack: None }).await;
        Flow::Close(close::POLICY, text)
    }

    async fn on_text(&mut self, socket: &mut WebSocket, text: &str) -> Flow {
        let msg = match parse(text) {
            Ok(msg) => msg,
            Err(refusal) => {
                if let stop @ Flow::Close(..) = self.count(socket).await {
                    return stop;
                }
                let too_large = refusal.code == RefusalCode::TooLarge;
                let _ = send(socket, &ServerMsg::Refused { refusal, ack: None }).await;
                return if too_large && text.len() > MAX_MESSAGE_BYTES {
                    Flow::Close(
                        close::TOO_BIG,
                        format!("a message has at most {MAX_MESSAGE_BYTES} bytes"),
                    )
                } else {
                    Flow::Go
                };
            }
        };
        if let ClientMsg::Ping { n } = msg {
            let _ = send(socket, &ServerMsg::Pong { n }).await;
            return Flow::Go;
        }
        if lobby::is_lobby(&msg) {
            return self.on_lobby(socket, msg).await;
        }
        if let stop @ Flow::Close(..) = self.count(socket).await {
            return stop;
        }
        let hello = matches!(msg, ClientMsg::Hello { .. });
        let result = match msg {
            ClientMsg::Hello { game, v, name } => self.hello(socket, &game, v, name).await,
            msg => self.command(msg).await,
        };
        if let Err(refusal) = result {
            let again = hello && refusal.code == RefusalCode::Unavailable;
            let ack = None;
            let _ = send(socket, &ServerMsg::Refused { refusal, ack }).await;
            // A game between two instances a moment (its owner gone, the bus away), or the
            // database away: the socket closes, and the page comes back by itself a little
            // later (a close frame's reason is short: the refusal said why).
            if again {
                return Flow::Close(close::AWAY, "not now: come back in a moment".into());
            }
        }
        Flow::Go
    }

    /// A lobby message, held to the lobby's own limit (closed past it, as the game's).
    async fn on_lobby(&mut self, socket: &mut WebSocket, msg: ClientMsg) -> Flow {
        if !self.lobby.count() {
            let text = format!(
                "more than {} lobby messages in {} s: the connection is closed",
                limits::LOBBY_MESSAGES,
                limits::LOBBY_WINDOW_MS / 1000
            );
            let refusal = Refusal::new(RefusalCode::RateLimited, text.clone());
            let _ = send(socket, &ServerMsg::Refused { refusal, ack: None }).await;
            return Flow::Close(close::POLICY, text);
        }
        let answer = match self.lobby.handle(msg, self.who.as_ref()).await {
            Ok(answer) => answer,
            Err(refusal) => Some(ServerMsg::Refused { refusal, ack: None }),
        };
        if let Some(answer) = answer {
            let _ = send(socket, &answer).await;
        }
        Flow::Go
    }

    async fn hello(
        &mut self,
        socket: &mut WebSocket,
        id: &str,
        v: u32,
        name: Option<String>,
    ) -> Result<(), Refusal> {
        self.leave(false).await;
        let hub = self.app.hub.clone();
        match hub.hello(id, self.who.as_ref(), name.as_deref()).await? {
            Entry::Game(tx, player) => self.join(tx, player, v).await,
            Entry::Waiting(rx) => {
                self.waiting = Some(rx);
                let msg = ServerMsg::Waiting {
                    challenge: id.to_owned(),
                };
                let _ = send(socket, &msg).await;
                Ok(())
            }
        }
    }

    async fn join(&mut self, tx: GameTx, player: PlayerId, since: u32) -> Result<(), Refusal> {
        let (out, rx) = mpsc::channel(OUTBOX);
        let (reply, answer) = oneshot::channel();
        let cmd = Command::Join {
            player,
            since,
            out,
            reply,
        };
        let gone = || Refusal::new(RefusalCode::NoGame, "the game is no longer live");
        tx.send(cmd).await.map_err(|_| gone())?;
        let joined = answer.await.map_err(|_| gone())??;
        self.game = Some(InGame { tx, joined, rx });
        Ok(())
    }

    async fn command(&mut self, msg: ClientMsg) -> Result<(), Refusal> {
        let Some(g) = &self.game else {
            return Err(Refusal::new(
                RefusalCode::NotAPlayer,
                "you are in no game: say hello to one first",
            ));
        };
        let cmd = Command::Client {
            sub: g.joined.sub,
            msg,
            rtt: self.rtt,
        };
        g.tx.send(cmd)
            .await
            .map_err(|_| Refusal::new(RefusalCode::NoGame, "the game is no longer live"))
    }

    async fn leave(&mut self, closed_tab: bool) {
        self.waiting = None;
        if let Some(g) = self.game.take() {
            let cmd = Command::Leave {
                sub: g.joined.sub,
                closed_tab,
            };
            let _ = g.tx.send(cmd).await;
        }
    }
}

async fn send(socket: &mut WebSocket, msg: &ServerMsg) -> Result<(), axum::Error> {
    let text = serde_json::to_string(msg).expect("server messages serialize");
    socket.send(Message::Text(text.into())).await
}
