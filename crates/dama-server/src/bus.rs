//! The bus between the instances of one site, on Redis: several `dama-server` processes over
//! one database serve the same games, lobby links and players.
//!
//! - **Each live game has one owner**, the instance whose task holds its room (see
//!   [`crate::live`]). Ownership is a lease in Redis (`dama:owner:ID`, the owner's name, a
//!   few seconds long, renewed every second). An instance that cannot renew its leases stops
//!   its games before they run out, so two instances never play the same game; the
//!   database's key on (game, ply) refuses a second writer all the same.
//! - **A page may connect to any instance.** On an instance that does not own the game, its
//!   messages are sent to the owner as notes ([`Note`]) and the game's messages come back
//!   the same way ([`remote`]).
//! - **Any instance takes over a game whose lease ran out**: every instance sweeps the set
//!   of live games (`dama:live`) for one without an owner and resumes it from the database,
//!   where every move and offer was stored before it was acknowledged. The pages of the
//!   dead instance come back (to another instance) with their version and get what they
//!   missed.
//! - **Challenges by link** are kept in Redis, so a link opened on any instance starts the
//!   game.
//!
//! Without Redis the hub serves everything itself (one instance, SQLite or PostgreSQL).

pub mod remote;
mod wire;

pub use wire::{Note, SharedChallenge, SharedSeek};

use crate::live::{Joined, Outbox};
use crate::protocol::{ListedGame, Refusal, RefusalCode};
use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use redis::{AsyncCommands, Script};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How long a game's lease lasts unless renewed.
pub const LEASE_MS: u64 = 3000;
/// How often the leases are renewed (and the live games swept for one without an owner).
pub const RENEW_EVERY: Duration = Duration::from_millis(1000);
/// How long a challenge by link waits in Redis, and the link of an opened one keeps working.
const CHALLENGE_SECS: u64 = 24 * 3600;
/// Notes for the hub waiting at once (joins and challenges started elsewhere).
const INCOMING: usize = 4096;
/// Pages of other instances playing or watching this instance's games at once.
pub const PROXIES_MAX: usize = 100_000;
/// Games taken over at once by one sweep.
const SWEEP_MAX: usize = 64;

const LIVE: &str = "dama:live";
/// The lobby's seeks, by id.
const SEEKS: &str = "dama:seeks";
/// The most seeks read at once.
pub const SEEKS_MAX: usize = 10_000;
fn alive_key(instance: &str) -> String {
    format!("dama:alive:{instance}")
}
/// The list of games being played, as the watch list shows them, by id.
const LISTING: &str = "dama:listing";
/// The most games of the list read at once.
pub const LISTING_MAX: usize = 10_000;
const ALL: &str = "dama:all";

fn owner_key(game: &str) -> String {
    format!("dama:owner:{game}")
}
fn inbox(instance: &str) -> String {
    format!("dama:i:{instance}")
}
fn challenge_key(id: &str) -> String {
    format!("dama:challenge:{id}")
}
fn started_key(id: &str) -> String {
    format!("dama:started:{id}")
}

/// `url` with its password, if any, hidden (for messages).
pub fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(i), Some(j)) if i + 3 <= j => format!("{}***{}", &url[..i + 3], &url[j..]),
        _ => url.to_owned(),
    }
}

/// Why the bus failed.
pub type BusError = redis::RedisError;

/// What the hub is asked by the bus.
pub enum Incoming {
    /// A page of another instance joins one of this instance's games; its later notes come
    /// through `notes`, in order.
    Join {
        /// The join.
        note: Note,
        /// The page's later notes.
        notes: mpsc::Receiver<Note>,
    },
    /// Another instance's game started or changed (the watch list).
    Listed(ListedGame),
    /// Another instance's game ended.
    Unlisted(String),
    /// Another instance listed a seek.
    SeekAdded(SharedSeek),
    /// Another instance's seeks went.
    SeekRemoved(Vec<String>),
    /// Another instance matched this instance's seek `seek`: `msg` is for its connection.
    SeekMatched {
        /// The seek.
        seek: String,
        /// What its connection is told.
        msg: crate::protocol::ServerMsg,
    },
    /// Challenge `challenge` became game `game` (on any instance).
    Started {
        /// The challenge.
        challenge: String,
        /// The game.
        game: String,
        /// The instance holding it.
        by: String,
    },
}

/// A page of this instance in a game another instance owns.
struct Route {
    out: Outbox,
    joined: Option<oneshot::Sender<Result<Joined, Refusal>>>,
}

/// This instance's end of the bus.
pub struct Bus {
    me: String,
    conn: ConnectionManager,
    /// Pages of this instance in other instances' games, by connection.
    routes: Mutex<HashMap<u64, Route>>,
    /// Pages of other instances in this instance's games: their notes' way in.
    proxies: Mutex<HashMap<(String, u64), mpsc::Sender<Note>>>,
    next_conn: AtomicU64,
    subscribed: AtomicBool,
    came_back: AtomicBool,
    incoming: mpsc::Sender<Incoming>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Bus {
    /// Connects to Redis at `url` as instance `me`, and listens for the notes to it; the
    /// hub's share of them comes through the receiver.
    pub async fn connect(
        url: &str,
        me: String,
    ) -> Result<(Arc<Bus>, mpsc::Receiver<Incoming>), BusError> {
        let client = redis::Client::open(url)?;
        // Quick to reconnect: a lease lasts three seconds.
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_min_delay(Duration::from_millis(50))
            .set_max_delay(Duration::from_millis(500))
            .set_connection_timeout(Some(Duration::from_secs(1)))
            .set_response_timeout(Some(Duration::from_secs(1)));
        let conn = client.get_connection_manager_with_config(config).await?;
        let (incoming, rx) = mpsc::channel(INCOMING);
        let bus = Arc::new(Bus {
            me,
            conn,
            routes: Mutex::new(HashMap::new()),
            proxies: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            subscribed: AtomicBool::new(false),
            came_back: AtomicBool::new(false),
            incoming,
        });
        let (ready, subscribed) = oneshot::channel();
        tokio::spawn(listen(Arc::downgrade(&bus), client, ready));
        // The first subscription is made before the server serves anything.
        let _ = tokio::time::timeout(Duration::from_secs(10), subscribed).await;
        Ok((bus, rx))
    }

    /// This instance's name on the bus.
    pub fn me(&self) -> &str {
        &self.me
    }

    /// Whether this instance hears the bus now (it does not while Redis is away).
    pub fn is_up(&self) -> bool {
        self.subscribed.load(Ordering::Relaxed)
    }

    /// Sends `note` to instance `to`.
    pub async fn send(&self, to: &str, note: &Note) -> Result<(), BusError> {
        let mut c = self.conn.clone();
        c.publish::<_, _, ()>(inbox(to), wire::write(note)).await
    }

    /// Tells every instance that challenge `challenge` became game `game`, and keeps the
    /// link working for a day.
    pub async fn started(&self, challenge: &str, game: &str) -> Result<(), BusError> {
        let mut c = self.conn.clone();
        c.set_ex::<_, _, ()>(started_key(challenge), game, CHALLENGE_SECS)
            .await?;
        let note = Note::Started {
            challenge: challenge.into(),
            game: game.into(),
            by: self.me.clone(),
        };
        c.publish::<_, _, ()>(ALL, wire::write(&note)).await
    }

    /// The game challenge `id` became, if it was opened.
    pub async fn started_game(&self, id: &str) -> Result<Option<String>, BusError> {
        self.conn.clone().get(started_key(id)).await
    }

    /// Keeps challenge `id` for any instance to open.
    pub async fn put_challenge(&self, id: &str, c: &SharedChallenge) -> Result<(), BusError> {
        let text = serde_json::to_string(c).expect("challenges serialize");
        let mut conn = self.conn.clone();
        conn.set_ex(challenge_key(id), text, CHALLENGE_SECS).await
    }

    /// Challenge `id` as kept, if it waits.
    pub async fn challenge(&self, id: &str) -> Result<Option<SharedChallenge>, BusError> {
        let text: Option<String> = self.conn.clone().get(challenge_key(id)).await?;
        Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// Takes challenge `id` (once: of two instances opening it at once, one gets it).
    pub async fn take_challenge(&self, id: &str) -> Result<Option<SharedChallenge>, BusError> {
        let text: Option<String> = self.conn.clone().get_del(challenge_key(id)).await?;
        Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// The owner of game `id`: its lease's holder, or this instance when it had none (the
    /// lease is then taken, and the game listed as live).
    pub async fn claim(&self, id: &str) -> Result<String, BusError> {
        let script = Script::new(
            "local v = redis.call('GET', KEYS[1]) if v then return v end \
             redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) \
             redis.call('SADD', KEYS[2], ARGV[3]) return ARGV[1]",
        );
        let mut c = self.conn.clone();
        script
            .key(owner_key(id))
            .key(LIVE)
            .arg(&self.me)
            .arg(LEASE_MS)
            .arg(id)
            .invoke_async(&mut c)
            .await
    }

    /// The owner of game `id` now, if any.
    pub async fn owner(&self, id: &str) -> Result<Option<String>, BusError> {
        self.conn.clone().get(owner_key(id)).await
    }

    /// Renews the leases of `games`; returns those another instance holds now. A lease
    /// that is gone without another holder (Redis restarted and forgot it) is taken again,
    /// and its game listed as live again.
    pub async fn renew(&self, games: &[String]) -> Result<Vec<String>, BusError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let script = Script::new(
            "local lost = {} for i, k in ipairs(KEYS) do \
             local v = redis.call('GET', k) \
             if v == ARGV[1] then redis.call('PEXPIRE', k, ARGV[2]) \
             elseif not v then redis.call('SET', k, ARGV[1], 'PX', ARGV[2]) \
             redis.call('SADD', 'dama:live', ARGV[2 + i]) \
             else table.insert(lost, i) end end return lost",
        );
        let mut inv = script.prepare_invoke();
        for g in games {
            inv.key(owner_key(g));
        }
        inv.arg(&self.me).arg(LEASE_MS);
        for g in games {
            inv.arg(g);
        }
        let lost: Vec<usize> = inv.invoke_async(&mut self.conn.clone()).await?;
        Ok(lost
            .into_iter()
            .filter_map(|i| games.get(i.wrapping_sub(1)).cloned())
            .collect())
    }

    /// Takes the leases of live games that have no owner (theirs died); returns them.
    pub async fn sweep(&self) -> Result<Vec<String>, BusError> {
        // The owner keys are named in the script rather than passed: fine on one Redis, not
        // on a Redis Cluster (see docs/SERVER.md).
        let script = Script::new(
            "local got = {} \
             for _, id in ipairs(redis.call('SRANDMEMBER', KEYS[1], ARGV[3])) do \
             if redis.call('SET', 'dama:owner:' .. id, ARGV[1], 'NX', 'PX', ARGV[2]) then \
             table.insert(got, id) end end return got",
        );
        let mut c = self.conn.clone();
        script
            .key(LIVE)
            .arg(&self.me)
            .arg(LEASE_MS)
            .arg(SWEEP_MAX)
            .invoke_async(&mut c)
            .await
    }

    /// Gives game `id`'s lease up (`over`: the game ended, it leaves the live set too).
    pub async fn release(&self, id: &str, over: bool) -> Result<(), BusError> {
        let script = Script::new(
            "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end \
             if ARGV[3] == '1' then redis.call('SREM', KEYS[2], ARGV[2]) end return 1",
        );
        let mut c = self.conn.clone();
        script
            .key(owner_key(id))
            .key(LIVE)
            .arg(&self.me)
            .arg(id)
            .arg(if over { "1" } else { "0" })
            .invoke_async::<i64>(&mut c)
            .await
            .map(drop)
    }

    /// Lists games `ids` as live (the store's unfinished games, after Redis came back
    /// without them): the sweeps then find those no instance holds.
    pub async fn relist(&self, ids: &[String]) -> Result<(), BusError> {
        for chunk in ids.chunks(1000) {
            self.conn.clone().sadd::<_, _, ()>(LIVE, chunk).await?;
        }
        Ok(())
    }

    /// Whether the bus came back since the last call (after Redis went away): the live
    /// games are then listed again.
    pub fn came_back(&self) -> bool {
        self.came_back.swap(false, Ordering::Relaxed)
    }

    /// Game `game` of this instance started or changed: listed for every instance.
    pub async fn list(&self, game: &ListedGame) -> Result<(), BusError> {
        let text = serde_json::to_string(game).expect("listings serialize");
        let mut c = self.conn.clone();
        c.hset::<_, _, _, ()>(LISTING, &game.id, text).await?;
        let note = Note::Listed {
            game: game.clone(),
            by: self.me.clone(),
        };
        c.publish(ALL, wire::write(&note)).await
    }

    /// Game `id` ended: it leaves the list and the live set (its lease stays while it
    /// lingers).
    pub async fn ended(&self, id: &str) -> Result<(), BusError> {
        let mut c = self.conn.clone();
        c.srem::<_, _, ()>(LIVE, id).await?;
        c.hdel::<_, _, ()>(LISTING, id).await?;
        let note = Note::Unlisted {
            id: id.to_owned(),
            by: self.me.clone(),
        };
        c.publish(ALL, wire::write(&note)).await
    }

    /// Lists seek `seek` for every instance.
    pub async fn put_seek(&self, seek: &SharedSeek) -> Result<(), BusError> {
        let text = serde_json::to_string(seek).expect("seeks serialize");
        let mut c = self.conn.clone();
        c.hset::<_, _, _, ()>(SEEKS, &seek.id, text).await?;
        let note = Note::SeekAdded { seek: seek.clone() };
        c.publish(ALL, wire::write(&note)).await
    }

    /// Takes seek `id` to match it: `true` for the one instance that got it.
    pub async fn take_seek(&self, id: &str) -> Result<bool, BusError> {
        let n: i64 = self.conn.clone().hdel(SEEKS, id).await?;
        Ok(n == 1)
    }

    /// Seeks `ids` of this instance went: every instance is told.
    pub async fn drop_seeks(&self, ids: &[String]) -> Result<(), BusError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut c = self.conn.clone();
        c.hdel::<_, _, ()>(SEEKS, ids).await?;
        let note = Note::SeekRemoved {
            ids: ids.to_vec(),
            by: self.me.clone(),
        };
        c.publish(ALL, wire::write(&note)).await
    }

    /// Every instance's seeks (at most [`SEEKS_MAX`]).
    pub async fn seeks(&self) -> Result<Vec<SharedSeek>, BusError> {
        let all: HashMap<String, String> = self.conn.clone().hgetall(SEEKS).await?;
        Ok(all
            .values()
            .filter_map(|t| serde_json::from_str(t).ok())
            .take(SEEKS_MAX)
            .collect())
    }

    /// Says this instance is alive for a lease's length (its seeks stay listed while it is).
    pub async fn alive(&self) -> Result<(), BusError> {
        let mut c = self.conn.clone();
        c.pset_ex(alive_key(&self.me), 1, LEASE_MS).await
    }

    /// Which of `instances` are alive.
    pub async fn alive_of(&self, instances: &[String]) -> Result<Vec<bool>, BusError> {
        let mut c = self.conn.clone();
        let mut alive = Vec::with_capacity(instances.len());
        for i in instances {
            alive.push(c.exists(alive_key(i)).await?);
        }
        Ok(alive)
    }

    /// Forgets seeks `ids` (their instance died with them listed).
    pub async fn forget_seeks(&self, ids: &[String]) -> Result<(), BusError> {
        if ids.is_empty() {
            return Ok(());
        }
        self.conn.clone().hdel(SEEKS, ids).await
    }

    /// The games being played on every instance, as listed (at most [`LISTING_MAX`]).
    pub async fn listings(&self) -> Result<Vec<ListedGame>, BusError> {
        let all: HashMap<String, String> = self.conn.clone().hgetall(LISTING).await?;
        Ok(all
            .values()
            .filter_map(|t| serde_json::from_str(t).ok())
            .take(LISTING_MAX)
            .collect())
    }

    /// A number for a page of this instance joining another's game.
    pub fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Routes the game's messages for connection `conn` to `out`, and its owner's answer to
    /// the join to `joined`.
    pub fn route(&self, conn: u64, out: Outbox, joined: oneshot::Sender<Result<Joined, Refusal>>) {
        lock(&self.routes).insert(
            conn,
            Route {
                out,
                joined: Some(joined),
            },
        );
    }

    /// Stops routing connection `conn`: its socket learns the game went (and comes back).
    pub fn unroute(&self, conn: u64) {
        lock(&self.routes).remove(&conn);
    }

    /// Forgets the page of instance `from`'s connection `conn` (its proxy stopped).
    pub fn unproxy(&self, from: &str, conn: u64) {
        lock(&self.proxies).remove(&(from.to_owned(), conn));
    }

    /// A note from the bus.
    fn dispatch(&self, bytes: &[u8]) {
        let note = match wire::read(bytes) {
            Ok(note) => note,
            Err(why) => {
                eprintln!("dama-server: bus: a note dropped: {why}");
                return;
            }
        };
        match note {
            Note::Deliver { conn, msg } => {
                let mut routes = lock(&self.routes);
                if let Some(r) = routes.get(&conn)
                    && r.out.try_send(msg).is_err()
                {
                    routes.remove(&conn); // too slow, or gone: the page comes back
                }
            }
            Note::Joined { conn, result } => {
                let mut routes = lock(&self.routes);
                let Some(r) = routes.get_mut(&conn) else {
                    return;
                };
                let result = result.map(|side| Joined {
                    sub: conn,
                    side: side.map(Into::into),
                });
                if result.is_err() {
                    if let Some(r) = routes.remove(&conn)
                        && let Some(tx) = r.joined
                    {
                        let _ = tx.send(result);
                    }
                } else if let Some(tx) = r.joined.take() {
                    let _ = tx.send(result);
                }
            }
            Note::Dropped { conn } => {
                lock(&self.routes).remove(&conn);
            }
            Note::Listed { game, by } if by != self.me => {
                let _ = self.incoming.try_send(Incoming::Listed(game));
            }
            Note::Unlisted { id, by } if by != self.me => {
                let _ = self.incoming.try_send(Incoming::Unlisted(id));
            }
            Note::Listed { .. } | Note::Unlisted { .. } => {}
            Note::SeekAdded { seek } if seek.by != self.me => {
                let _ = self.incoming.try_send(Incoming::SeekAdded(seek));
            }
            Note::SeekRemoved { ids, by } if by != self.me => {
                let _ = self.incoming.try_send(Incoming::SeekRemoved(ids));
            }
            Note::SeekAdded { .. } | Note::SeekRemoved { .. } => {}
            Note::SeekMatched { seek, msg } => {
                let _ = self.incoming.try_send(Incoming::SeekMatched { seek, msg });
            }
            Note::Started {
                challenge,
                game,
                by,
            } => {
                let _ = self.incoming.try_send(Incoming::Started {
                    challenge,
                    game,
                    by,
                });
            }
            Note::Join { ref from, conn, .. } => {
                let mut proxies = lock(&self.proxies);
                let refused = |why: &str| Note::Joined {
                    conn,
                    result: Err(Refusal::new(RefusalCode::Unavailable, why)),
                };
                if proxies.len() >= PROXIES_MAX {
                    let (from, answer) = (from.clone(), refused("this server is full"));
                    drop(proxies);
                    self.answer_later(from, answer);
                    return;
                }
                let (tx, notes) = mpsc::channel(crate::live::OUTBOX);
                proxies.insert((from.clone(), conn), tx);
                drop(proxies);
                if let Err(mpsc::error::TrySendError::Full(Incoming::Join { note, .. })) =
                    self.incoming.try_send(Incoming::Join { note, notes })
                    && let Note::Join { from, conn, .. } = note
                {
                    self.unproxy(&from, conn);
                    self.answer_later(from, refused("this server is busy: try again"));
                }
            }
            Note::Client { ref from, conn, .. } | Note::Leave { ref from, conn, .. } => {
                let key = (from.clone(), conn);
                let mut proxies = lock(&self.proxies);
                if let Some(tx) = proxies.get(&key)
                    && tx.try_send(note).is_err()
                {
                    proxies.remove(&key);
                }
            }
        }
    }

    fn answer_later(&self, to: String, note: Note) {
        let mut c = self.conn.clone();
        tokio::spawn(async move {
            let _ = c.publish::<_, _, ()>(inbox(&to), wire::write(&note)).await;
        });
    }

    /// The bus went away: every page routed to another instance's game is let go (they come
    /// back and resynchronise from the game's owner, or from the database).
    fn lost(&self) {
        self.subscribed.store(false, Ordering::Relaxed);
        lock(&self.routes).clear();
        lock(&self.proxies).clear();
    }
}

/// Listens for the notes to this instance and to all, subscribing again whenever Redis comes
/// back, until the bus is dropped.
async fn listen(bus: std::sync::Weak<Bus>, client: redis::Client, ready: oneshot::Sender<()>) {
    let mut ready = Some(ready);
    let mut first = true;
    loop {
        let Some(me) = bus.upgrade().map(|b| b.me.clone()) else {
            return;
        };
        if let Ok(mut pubsub) = client.get_async_pubsub().await
            && pubsub
                .subscribe(&[inbox(&me), ALL.to_owned()])
                .await
                .is_ok()
        {
            if let Some(b) = bus.upgrade() {
                b.subscribed.store(true, Ordering::Relaxed);
                if !first {
                    b.came_back.store(true, Ordering::Relaxed);
                }
            }
            first = false;
            if let Some(r) = ready.take() {
                let _ = r.send(());
            }
            let mut messages = pubsub.on_message();
            while let Some(msg) = messages.next().await {
                let Some(b) = bus.upgrade() else {
                    return;
                };
                b.dispatch(msg.get_payload_bytes());
            }
        }
        match bus.upgrade() {
            Some(b) => b.lost(),
            None => return,
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
