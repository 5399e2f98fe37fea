//! Two simulated players on their own sockets, playing one game after another against each
//! other (a challenge by link, both hellos), a random legal move at each of the game's ticks,
//! and a ping from each page every 2.5 s as the page sends. Each move is timed from the
//! mover's send to the opponent's receipt of its relay (and to the mover's ack), on the
//! process's one monotonic clock.

use crate::wire;
use dama::{Game, Variant};
use dama_server::protocol::{ClientMsg, Event, RefusalCode, ServerMsg, Side};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::{mpsc, Semaphore};
use tokio::time::{interval_at, timeout, timeout_at, Instant, MissedTickBehavior};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How often each page pings (the page's `PING_INTERVAL_MS`).
const PAGE_PING: Duration = Duration::from_millis(2_500);
/// The longest a step of a game's start (a hello's answer) may take.
const STEP: Duration = Duration::from_secs(30);
/// After the stop, how long a move in flight may take to come through.
const DRAIN: Duration = Duration::from_secs(15);
/// A socket's read buffer: the server's messages are small.
const READ_BUFFER: usize = 8 * 1024;
/// Each side's time: the longest base a challenge may have (3 h), so that nobody flags.
const BASE_SECS: u32 = 3 * 3600;

/// What every pair shares.
pub struct Plan {
    /// The servers (instances of one site, with a bus): the two pages of pair `i` connect
    /// to the `i`-th and the next, so that with two or more every game's players sit on
    /// different instances.
    pub addrs: Vec<SocketAddr>,
    /// The clock's origin.
    pub epoch: Instant,
    /// A move every this long in each game.
    pub period: Duration,
    /// How many pairs: the ticks of pair `i` are `i / pairs` of a period late.
    pub pairs: usize,
    /// Pairs setting up at once (the ramp).
    pub setups: Semaphore,
    /// Set when the steady state is over: no new move, the moves in flight drain.
    pub stop: AtomicBool,
    /// Seed of the moves' random choice.
    pub seed: u64,
}

/// One move's times, from the mover's send (since the epoch).
pub struct Timing {
    /// When the mover sent it.
    pub sent: Duration,
    /// Until the opponent received its relay.
    pub relay: Duration,
    /// Until the mover received its ack.
    pub ack: Duration,
}

/// A game as its players saw it.
pub struct Played {
    /// The game's id.
    pub id: String,
    /// The moves the movers sent and had acknowledged, in order.
    pub acked: Vec<String>,
    /// The moves the opponents received, in order.
    pub relayed: Vec<String>,
    /// A move sent and neither refused nor acknowledged when the pair stopped.
    pub unresolved: bool,
}

/// What a pair brings back.
#[derive(Default)]
pub struct Record {
    /// The games, in the order played.
    pub games: Vec<Played>,
    /// Each move's times.
    pub moves: Vec<Timing>,
    /// Ticks at which the previous move was not yet through (no move sent).
    pub late_ticks: u64,
    /// The refusals the server sent.
    pub refusals: Vec<RefusalCode>,
    /// What went wrong (the pair stops at the first).
    pub error: Option<String>,
}

/// The move in flight.
struct Pending {
    ply: u32,
    text: String,
    mover: usize,
    ack: u32,
    sent: Instant,
    acked: Option<Instant>,
    relayed: Option<Instant>,
}

impl Pending {
    /// Both the ack and the relay came.
    fn through(&self) -> bool {
        self.acked.is_some() && self.relayed.is_some()
    }
}

/// One page: its socket, the last version it saw, its move counter.
struct Page {
    ws: Ws,
    v: u32,
    ack: u32,
}

struct Pair {
    plan: Arc<Plan>,
    index: usize,
    cookies: [String; 2],
    rng: u64,
    record: Record,
}

/// Runs pair `index` until the plan stops; `started` hears once its first game began.
pub async fn run(plan: Arc<Plan>, index: usize, started: mpsc::Sender<()>) -> Record {
    let rng = plan.seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut pair = Pair {
        plan,
        index,
        cookies: [String::new(), String::new()],
        rng,
        record: Record::default(),
    };
    if let Err(e) = pair.play(started).await {
        pair.record.error = Some(e);
    }
    pair.record
}

impl Pair {
    async fn play(&mut self, started: mpsc::Sender<()>) -> Result<(), String> {
        let plan = self.plan.clone();
        let permit = plan.setups.acquire().await.map_err(|e| e.to_string())?;
        self.cookies = [
            wire::new_anonymous(self.addr(0)).await?,
            wire::new_anonymous(self.addr(1)).await?,
        ];
        let mut pages = [self.connect(0).await?, self.connect(1).await?];
        let mut game = self.start_game(&mut pages).await?;
        drop(permit);
        let _ = started.send(()).await;

        // The pair's ticks: a grid `phase` past the epoch, starting at its next point (a
        // first tick at once could fall milliseconds before the grid's next one).
        let phase = plan.period.mul_f64(self.index as f64 / plan.pairs as f64);
        let (origin, now) = (plan.epoch + phase, Instant::now());
        let first = if now <= origin {
            origin
        } else {
            let turns = (now - origin).as_nanos() / plan.period.as_nanos().max(1) + 1;
            origin + plan.period * turns as u32
        };
        let mut tick = interval_at(first, plan.period);
        tick.set_missed_tick_behavior(MissedTickBehavior::Skip);
        let mut ping = interval_at(Instant::now() + phase.min(PAGE_PING), PAGE_PING);
        ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let (mut n, mut drain_until) = (0, None);
        let mut pending: Option<Pending> = None;
        let mut over = false;
        loop {
            if let Some(until) = drain_until
                && (pending.as_ref().is_none_or(Pending::through) || Instant::now() >= until)
            {
                break;
            }
            let [a, b] = &mut pages;
            tokio::select! {
                _ = tick.tick(), if drain_until.is_none() => {
                    if plan.stop.load(Ordering::Relaxed) {
                        drain_until = Some(Instant::now() + DRAIN);
                        continue;
                    }
                    if pending.as_ref().is_some_and(|p| !p.through()) {
                        self.record.late_ticks += 1;
                        continue;
                    }
                    pending = None;
                    if over {
                        self.finish(&mut game, false);
                        game = self.start_game(&mut pages).await?;
                        over = false;
                        continue;
                    }
                    pending = Some(self.send_move(&mut pages, &game.board).await?);
                }
                _ = ping.tick() => {
                    n += 1;
                    for page in pages.iter_mut() {
                        send(&mut page.ws, &ClientMsg::Ping { n }).await?;
                    }
                }
                frame = a.ws.next() => if let Some(msg) = decode(frame)? {
                    self.on_message(0, msg, &mut pages, &mut game, &mut pending, &mut over)?;
                },
                frame = b.ws.next() => if let Some(msg) = decode(frame)? {
                    self.on_message(1, msg, &mut pages, &mut game, &mut pending, &mut over)?;
                },
                _ = tokio::time::sleep_until(drain_until.unwrap_or_else(Instant::now)), if drain_until.is_some() => {}
            }
        }
        let unresolved = pending.is_some_and(|p| p.acked.is_none() && p.relayed.is_none());
        self.finish(&mut game, unresolved);
        for page in pages {
            let mut ws = page.ws;
            let _ = ws.close(None).await;
        }
        Ok(())
    }

    /// The server page `side` (0: White's, 1: Black's) of this pair uses.
    fn addr(&self, side: usize) -> SocketAddr {
        let addrs = &self.plan.addrs;
        addrs[(self.index + side) % addrs.len()]
    }

    async fn connect(&self, side: usize) -> Result<Page, String> {
        let req = wire::ws_request(self.addr(side), Some(&self.cookies[side]));
        // A small read buffer, as the server's: the default 128 KiB a socket, zeroed at the
        // first read, would make the generator's memory 250 MiB.
        let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
        let connect = tokio_tungstenite::connect_async_with_config(req, Some(config), false);
        let (ws, _) = timeout(STEP, connect)
            .await
            .map_err(|_| "WebSocket connect: timed out".to_owned())?
            .map_err(|e| format!("WebSocket connect: {e}"))?;
        Ok(Page { ws, v: 0, ack: 0 })
    }

    /// A new game between the pair's pages: page 0 challenges as White (Italian for even
    /// pairs, Brazilian for odd), page 1 opens the link.
    async fn start_game(&mut self, pages: &mut [Page; 2]) -> Result<Live, String> {
        let variant = if self.index.is_multiple_of(2) {
            Variant::Italian
        } else {
            Variant::Brazilian
        };
        let body = format!(
            r#"{{"variant":"{}","base_secs":{BASE_SECS},"increment_secs":0,"color":"white","name":"load{}"}}"#,
            variant.id(),
            self.index
        );
        let challenge = wire::new_challenge(self.addr(0), &self.cookies[0], &body).await?;
        let hello = |name: Option<String>| ClientMsg::Hello {
            game: challenge.clone(),
            v: 0,
            name,
        };
        send(&mut pages[0].ws, &hello(None)).await?;
        until(&mut pages[0].ws, |m| matches!(m, ServerMsg::Waiting { .. })).await?;
        send(
            &mut pages[1].ws,
            &hello(Some(format!("load{}b", self.index))),
        )
        .await?;
        let mut id = String::new();
        for (page, side) in pages.iter_mut().zip([Side::White, Side::Black]) {
            let welcome = until(&mut page.ws, |m| matches!(m, ServerMsg::Welcome { .. })).await?;
            if let ServerMsg::Welcome {
                game, you, v, ack, ..
            } = welcome
            {
                if you != Some(side) {
                    return Err(format!("welcomed as {you:?}, not {side:?}"));
                }
                (id, page.v, page.ack) = (game, v, ack);
            }
        }
        Ok(Live {
            board: Game::new(variant),
            played: Played {
                id,
                acked: Vec::new(),
                relayed: Vec::new(),
                unresolved: false,
            },
        })
    }

    /// The side to move sends a random legal move.
    async fn send_move(&mut self, pages: &mut [Page; 2], board: &Game) -> Result<Pending, String> {
        let legal = board.legal_moves();
        let moves: Vec<_> = legal.iter().collect();
        if moves.is_empty() {
            return Err(format!("no legal move at ply {}, yet no end", board.ply()));
        }
        let m = moves[(self.next_random() % moves.len() as u64) as usize];
        let text = board.move_text(m);
        let mover = if board.turn() == dama::Color::White {
            0
        } else {
            1
        };
        let page = &mut pages[mover];
        page.ack += 1;
        let msg = ClientMsg::Move {
            text: text.clone(),
            ack: page.ack,
            v: page.v,
            lag: None,
        };
        let sent = Instant::now();
        send(&mut page.ws, &msg).await?;
        Ok(Pending {
            ply: board.ply() as u32 + 1,
            text,
            mover,
            ack: page.ack,
            sent,
            acked: None,
            relayed: None,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn on_message(
        &mut self,
        at: usize,
        msg: ServerMsg,
        pages: &mut [Page; 2],
        game: &mut Live,
        pending: &mut Option<Pending>,
        over: &mut bool,
    ) -> Result<(), String> {
        let now = Instant::now();
        match msg {
            ServerMsg::Ack { ack } => match pending {
                Some(p) if p.mover == at && p.ack == ack && p.acked.is_none() => {
                    p.acked = Some(now);
                    game.played.acked.push(p.text.clone());
                    self.timing(p);
                }
                _ => return Err(format!("an ack {ack} for no move in flight")),
            },
            ServerMsg::Refused { refusal, ack } => {
                self.record.refusals.push(refusal.code);
                if let (Some(p), Some(_)) = (pending.as_ref(), ack) {
                    return Err(format!("move {} refused: {}", p.text, refusal.text));
                }
            }
            ServerMsg::Events { events, .. } => {
                for e in events {
                    pages[at].v = pages[at].v.max(e.v);
                    match e.event {
                        // The mover's own page sees its move too: nothing to time.
                        Event::Move { side, .. } if side as usize == at => {}
                        Event::Move { ply, text, .. } => {
                            let Some(p) = pending.as_mut().filter(|p| p.ply == ply) else {
                                return Err(format!("a move at ply {ply} nobody sent"));
                            };
                            if text != p.text {
                                return Err(format!("sent {}, relayed {text}", p.text));
                            }
                            p.relayed = Some(now);
                            game.played.relayed.push(text);
                            let m = game.board.read_move(&p.text).map_err(|e| e.to_string())?;
                            game.board.play(&m).map_err(|e| e.to_string())?;
                            self.timing(p);
                        }
                        Event::End { .. } => *over = true,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Records a move's times once it is both acknowledged and relayed.
    fn timing(&mut self, p: &Pending) {
        if let (Some(relayed), Some(acked)) = (p.relayed, p.acked) {
            self.record.moves.push(Timing {
                sent: p.sent - self.plan.epoch,
                relay: relayed - p.sent,
                ack: acked - p.sent,
            });
        }
    }

    fn finish(&mut self, game: &mut Live, unresolved: bool) {
        let mut played = std::mem::replace(
            &mut game.played,
            Played {
                id: String::new(),
                acked: Vec::new(),
                relayed: Vec::new(),
                unresolved: false,
            },
        );
        played.unresolved = unresolved;
        self.record.games.push(played);
    }

    /// xorshift64*: the moves' choice, reproducible from the seed.
    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A game being played: the board the players keep, what they saw of it.
struct Live {
    board: Game,
    played: Played,
}

async fn send(ws: &mut Ws, msg: &ClientMsg) -> Result<(), String> {
    let text = serde_json::to_string(msg).map_err(|e| e.to_string())?;
    ws.send(Message::text(text))
        .await
        .map_err(|e| format!("send: {e}"))
}

/// A protocol message from a frame; `None` for WebSocket pings and pongs (the WebSocket
/// layer answers the server's pings).
fn decode(
    frame: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
) -> Result<Option<ServerMsg>, String> {
    match frame {
        Some(Ok(Message::Text(t))) => serde_json::from_str(t.as_str())
            .map(Some)
            .map_err(|e| format!("{e}: {}", t.as_str())),
        Some(Ok(Message::Close(f))) => Err(format!(
            "closed by the server: {}",
            f.map_or(String::new(), |f| format!(
                "{} {}",
                u16::from(f.code),
                f.reason
            ))
        )),
        Some(Ok(_)) => Ok(None),
        Some(Err(e)) => Err(format!("socket: {e}")),
        None => Err("socket closed".into()),
    }
}

/// Reads `ws` until a message `pick` accepts (within [`STEP`]); a refusal is an error.
async fn until(ws: &mut Ws, pick: impl Fn(&ServerMsg) -> bool) -> Result<ServerMsg, String> {
    let deadline = Instant::now() + STEP;
    loop {
        let frame = timeout_at(deadline, ws.next())
            .await
            .map_err(|_| "no answer to a hello".to_owned())?;
        let Some(msg) = decode(frame)? else {
            continue;
        };
        if let ServerMsg::Refused { refusal, .. } = &msg {
            return Err(format!("hello refused: {}", refusal.text));
        }
        if pick(&msg) {
            return Ok(msg);
        }
    }
}
