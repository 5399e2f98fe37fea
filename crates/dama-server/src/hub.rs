//! The registry of what is live: the games being played (each a task, see [`crate::live`]),
//! the challenges waiting for their opponent, the lobby's seeks ([`crate::lobby`]), the
//! numbers the rooms know players by, and the sockets open per address. A hello names a game
//! or a challenge; opening a challenge by someone other than its sender starts the game, as
//! does a seek that fits another, or a rematch both players asked for. The lobby and the
//! list of games are also broadcast to the connections subscribed to them.

use crate::bus::{Bus, SharedChallenge};
use crate::challenge::Challenge;
use crate::identity::Identity;
use crate::live::{self, Command, Entrant, LiveHandle, LiveInfo, NOBODY};
use crate::lobby::{Lobby, Posted, Seek};
use crate::protocol::{PlayerId, Refusal, RefusalCode, ServerMsg, TimeControl, Topic};
use crate::room::Room;
use crate::store::{self, now_ms, NewGame, Player, Store};
use dama::Color;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::task::JoinHandle;

mod lobby_shared;
mod shared;

/// Challenges one player may have waiting at once.
const CHALLENGES_PER_PLAYER: usize = 5;
/// Lobby and watch-list messages buffered for a subscribed connection; one that falls further
/// behind is sent the whole list again.
const BROADCAST: usize = 1024;

/// The command channel of a live game: its task's here, or one that takes the commands to
/// the instance that holds the game ([`bus::remote::forward`]).
pub type GameTx = mpsc::Sender<Command>;

/// Where a hello leads.
pub enum Entry {
    /// A live game, and the player's id in it ([`NOBODY`] for a spectator).
    Game(GameTx, PlayerId),
    /// The sender's own challenge, not yet opened: the game comes through the receiver.
    Waiting(oneshot::Receiver<(GameTx, PlayerId)>),
}

/// Where a challenge's sender waiting for the game hears of it.
type Started = oneshot::Sender<(GameTx, PlayerId)>;

struct Waiting {
    challenge: Challenge,
    senders: Vec<Started>,
}

#[derive(Default)]
struct State {
    games: HashMap<String, LiveHandle>,
    challenges: HashMap<String, Waiting>,
    /// The game each opened challenge became, so that its link keeps working.
    started: HashMap<String, String>,
    players: HashMap<String, PlayerId>,
    sockets: HashMap<IpAddr, u32>,
    lobby: Lobby,
    /// The games' tasks, for a shutdown to wait for.
    tasks: Vec<JoinHandle<()>>,
    /// With a bus: senders waiting here for their challenge kept in the bus (opened on any
    /// instance), with their seat keys.
    shared_waiting: HashMap<String, Vec<(String, Started)>>,
    /// With a bus: the leases of the games stopped by the shutdown, to give up.
    to_release: Vec<(String, bool)>,
    /// With a bus: the other instances' games being played, as the watch list shows them.
    remote_listed: HashMap<String, crate::protocol::ListedGame>,
}

/// What is live on this server.
pub struct Hub {
    store: Arc<Store>,
    shutdown: watch::Receiver<bool>,
    state: Mutex<State>,
    max_challenges: usize,
    max_sockets: u32,
    connections: AtomicU64,
    /// The lobby's news, and the watch list's: sent under the state's lock, so that a
    /// subscriber's list and the news after it never miss or double anything.
    lobby_news: broadcast::Sender<ServerMsg>,
    watch_news: broadcast::Sender<ServerMsg>,
    /// The bus to the site's other instances, if any.
    bus: Option<Arc<Bus>>,
}

/// A seek as a connection posts it, before the hub knows the seeker's rating.
pub struct SeekRequest {
    /// The connection.
    pub conn: u64,
    /// Where it hears of its match.
    pub notify: mpsc::Sender<ServerMsg>,
    /// Its address.
    pub addr: IpAddr,
    /// Which game.
    pub variant: dama::Variant,
    /// The clock.
    pub control: TimeControl,
    /// Whether rated.
    pub rated: bool,
    /// The ratings accepted.
    pub range: Option<crate::protocol::RatingRange>,
}

fn refuse(code: RefusalCode, text: impl Into<String>) -> Refusal {
    Refusal::new(code, text)
}

impl Hub {
    /// An empty hub over `store`, with at most `max_challenges` challenges waiting and
    /// `max_sockets` sockets per address, sharing its games with other instances over `bus`.
    pub fn new(
        store: Arc<Store>,
        shutdown: watch::Receiver<bool>,
        max_challenges: usize,
        max_sockets: u32,
        bus: Option<Arc<Bus>>,
    ) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            shutdown,
            state: Mutex::new(State::default()),
            max_challenges,
            max_sockets,
            connections: AtomicU64::new(0),
            lobby_news: broadcast::channel(BROADCAST).0,
            watch_news: broadcast::channel(BROADCAST).0,
            bus,
        })
    }

    /// The bus to the site's other instances, if any.
    pub fn bus(&self) -> Option<&Arc<Bus>> {
        self.bus.as_ref()
    }

    /// A number for a new connection (its seeks are known by it).
    pub fn connection(&self) -> u64 {
        self.connections.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Subscribes to `topic`: the whole list now, and the news after it.
    pub fn subscribe(&self, topic: Topic) -> (ServerMsg, broadcast::Receiver<ServerMsg>) {
        let st = self.state();
        match topic {
            Topic::Lobby => {
                let seeks = st.lobby.seeks();
                (ServerMsg::Seeks { seeks }, self.lobby_news.subscribe())
            }
            Topic::Watch => {
                let mut games: Vec<_> = st
                    .games
                    .values()
                    .filter(|h| !h.info.over.load(Ordering::Relaxed))
                    .map(|h| h.info.listing())
                    .collect();
                let remote = st.remote_listed.values();
                games.extend(remote.filter(|g| !st.games.contains_key(&g.id)).cloned());
                games.sort_by(|a, b| a.id.cmp(&b.id));
                (ServerMsg::Games { games }, self.watch_news.subscribe())
            }
        }
    }

    /// The whole list of `topic`, for a subscriber that fell behind.
    pub fn snapshot(&self, topic: Topic) -> ServerMsg {
        self.subscribe(topic).0
    }

    /// Game `info` started or its spectators changed: the watch list is told (every
    /// instance's, with a bus).
    pub fn listed(&self, info: &LiveInfo) {
        let _st = self.state();
        let game = info.listing();
        if let Some(bus) = self.bus.clone() {
            let game = game.clone();
            tokio::spawn(async move { bus.list(&game).await });
        }
        let _ = self.watch_news.send(ServerMsg::GameListed { game });
    }

    /// Game `id` ended: the watch list is told (and the bus's list of live games).
    pub fn unlisted(&self, id: &str) {
        let _st = self.state();
        let _ = self
            .watch_news
            .send(ServerMsg::GameUnlisted { id: id.to_owned() });
        if let Some(bus) = self.bus.clone() {
            let id = id.to_owned();
            tokio::spawn(async move { bus.ended(&id).await });
        }
    }

    /// The command channel of live game `id`.
    pub fn game_tx(&self, id: &str) -> Option<mpsc::Sender<Command>> {
        self.state().games.get(id).map(|h| h.tx.clone())
    }

    /// Posts a seek of `who` (named `name` without an account): matched at once with a seek
    /// that fits (the game made, both connections told `matched`), else listed. Refused
    /// past the lobby's bounds, for a rated seek without an account, or a bad control.
    pub async fn seek(
        self: &Arc<Self>,
        req: SeekRequest,
        who: &Identity,
        name: Option<&str>,
    ) -> Result<Posted, Refusal> {
        if req.rated && who.account().is_none() {
            return Err(refuse(
                RefusalCode::NeedsAccount,
                "a rated game needs an account: sign in",
            ));
        }
        if !(crate::clock::presets(req.variant).contains(&req.control) || req.control.is_valid()) {
            return Err(refuse(
                RefusalCode::Malformed,
                format!(
                    "a time control has some time, at most {} s and {} s a move",
                    TimeControl::MAX_BASE_SECS,
                    TimeControl::MAX_INCREMENT_SECS
                ),
            ));
        }
        let rating = match who.account() {
            Some(a) => {
                let speed = crate::clock::Speed::of(req.control);
                let r = self
                    .store
                    .rating(&a.id, req.variant, speed)
                    .await
                    .map_err(|e| refuse(RefusalCode::Unavailable, e.to_string()))?;
                Some((r.glicko.rating, r.glicko.provisional()))
            }
            None => None,
        };
        let seek = Seek {
            id: store::random::id(8),
            conn: req.conn,
            notify: req.notify,
            addr: req.addr,
            key: who.key(),
            account: who.account().map(|a| a.id.clone()),
            name: entrant_name(who, name)?,
            rating,
            variant: req.variant,
            control: req.control,
            rated: req.rated,
            range: req.range,
            home: None,
        };
        if let Some(bus) = self.bus.clone() {
            return self.post_shared(&bus, seek).await;
        }
        let posted = {
            let mut st = self.state();
            let mut gone = Vec::new();
            let posted = st.lobby.post(seek, now_ms() as u64, &mut gone)?;
            self.seeks_gone(&gone);
            if let Posted::Listed(info) = &posted {
                let _ = self
                    .lobby_news
                    .send(ServerMsg::SeekAdded { seek: info.clone() });
            }
            posted
        };
        if let Posted::Matched(pair) = &posted {
            self.start_match(&pair.0, &pair.1).await;
        }
        Ok(posted)
    }

    /// Makes the game of two seeks that fit (colours drawn at random) and tells both
    /// connections; a game that cannot start is told to both as a refusal. Returns what was
    /// told (for a seek of another instance, told through the bus).
    async fn start_match(self: &Arc<Self>, a: &Seek, b: &Seek) -> ServerMsg {
        let entrant = |s: &Seek| Entrant {
            key: s.key.clone(),
            account: s.account.clone(),
            name: s.name.clone(),
        };
        let a_white = crate::challenge::ColorChoice::Random.draw() == Color::White;
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let made = self
            .open_game(
                a.variant,
                a.control,
                a.rated,
                [entrant(white), entrant(black)],
            )
            .await;
        let msg = match made {
            Ok(handle) => {
                let anonymous = [white.account.is_none(), black.account.is_none()];
                self.state().lobby.started(
                    &handle.info,
                    [white.addr, black.addr],
                    anonymous,
                    now_ms() as u64,
                );
                ServerMsg::Matched {
                    game: handle.info.id.clone(),
                }
            }
            Err(refusal) => ServerMsg::Refused { refusal, ack: None },
        };
        for s in [a, b] {
            let _ = s.notify.try_send(msg.clone());
        }
        msg
    }

    /// Tells the lobby's subscribers that seeks `ids` went (called under the state's lock, as
    /// every lobby news is, so that a list and the news after it agree).
    fn seeks_gone<'a>(&self, ids: impl IntoIterator<Item = &'a String>) {
        for id in ids {
            let _ = self
                .lobby_news
                .send(ServerMsg::SeekRemoved { id: id.clone() });
        }
    }

    /// Takes connection `conn`'s seek `id` out of the lobby (every instance's, with a bus).
    pub fn cancel_seek(&self, conn: u64, id: &str) -> Result<(), Refusal> {
        let mut st = self.state();
        st.lobby.cancel(conn, id)?;
        let gone = vec![id.to_owned()];
        self.seeks_gone(&gone);
        self.unshare_seeks(gone);
        Ok(())
    }

    /// Connection `conn` closed: its seeks leave the lobby (every instance's, with a bus).
    pub fn drop_connection(&self, conn: u64) {
        let mut st = self.state();
        let gone = st.lobby.drop_connection(conn);
        self.seeks_gone(&gone);
        self.unshare_seeks(gone);
    }

    /// The rematch of finished game `info`: the same game and clock, colours swapped.
    pub async fn rematch(self: &Arc<Self>, info: &LiveInfo) -> Result<String, Refusal> {
        let variant = dama::Variant::from_id(&info.variant)
            .map_err(|_| refuse(RefusalCode::NoRematch, "unknown game"))?;
        let [white, black] = info.players.clone();
        let handle = self
            .open_game(variant, info.control, info.rated, [black, white])
            .await?;
        Ok(handle.info.id.clone())
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves maps that are still whole: carry on.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The number a room knows the player of seat key `key` by (fixed while the server runs).
    pub fn player_id(&self, key: &str) -> PlayerId {
        let mut st = self.state();
        let next = PlayerId(st.players.len() as u64 + 1);
        *st.players.entry(key.to_owned()).or_insert(next)
    }

    /// Counts a socket from `addr`; refused past the bound.
    pub fn open_socket(&self, addr: IpAddr) -> bool {
        let mut st = self.state();
        let n = st.sockets.entry(addr).or_insert(0);
        if *n >= self.max_sockets {
            return false;
        }
        *n += 1;
        true
    }

    /// A socket from `addr` closed.
    pub fn close_socket(&self, addr: IpAddr) {
        let mut st = self.state();
        if let Some(n) = st.sockets.get_mut(&addr) {
            *n -= 1;
            if *n == 0 {
                st.sockets.remove(&addr);
            }
        }
    }

    /// Holds a new challenge (in the bus too, if any, for any instance to open); returns its
    /// id.
    pub async fn challenge(&self, challenge: Challenge) -> Result<String, String> {
        let shared = SharedChallenge::from(&challenge);
        let id = self.hold_challenge(challenge)?;
        if let Some(bus) = &self.bus
            && let Err(e) = bus.put_challenge(&id, &shared).await
        {
            self.state().challenges.remove(&id);
            return Err(format!("the challenge could not be kept ({e}): try again"));
        }
        Ok(id)
    }

    fn hold_challenge(&self, challenge: Challenge) -> Result<String, String> {
        let mut st = self.state();
        if st.challenges.len() >= self.max_challenges {
            return Err("too many challenges are waiting: try again later".into());
        }
        let mine = st
            .challenges
            .values()
            .filter(|w| w.challenge.sender_key == challenge.sender_key)
            .count();
        if mine >= CHALLENGES_PER_PLAYER {
            return Err(format!(
                "at most {CHALLENGES_PER_PLAYER} of your challenges can wait at once"
            ));
        }
        let id = store::random::id(8);
        st.challenges.insert(
            id.clone(),
            Waiting {
                challenge,
                senders: Vec::new(),
            },
        );
        Ok(id)
    }

    /// The other instances' games being played (with a bus), in no order.
    pub fn remote_listed(&self) -> Vec<crate::protocol::ListedGame> {
        let st = self.state();
        let remote = st.remote_listed.values();
        remote
            .filter(|g| !st.games.contains_key(&g.id))
            .cloned()
            .collect()
    }

    /// The live games, in no order.
    pub fn live(&self) -> Vec<Arc<LiveInfo>> {
        self.state()
            .games
            .values()
            .map(|h| h.info.clone())
            .collect()
    }

    /// Serves the game `info` describes, held in `room` (a new game, or a restarted
    /// server's), until its task stops.
    pub fn revive(self: &Arc<Self>, room: Room, info: LiveInfo) {
        let id = info.id.clone();
        let shutdown = self.shutdown.clone();
        let hub = Arc::downgrade(self);
        let (handle, task) = live::spawn(room, info, self.store.clone(), shutdown, hub);
        if !handle.info.over.load(Ordering::Relaxed) {
            self.listed(&handle.info);
        }
        let mut st = self.state();
        st.games.insert(id, handle);
        st.tasks.retain(|t| !t.is_finished());
        st.tasks.push(task);
    }

    /// Waits for every game's task to stop (after the shutdown signal).
    pub async fn stopped(&self) {
        let tasks = std::mem::take(&mut self.state().tasks);
        for t in tasks {
            let _ = t.await;
        }
        // With a bus, the leases are given up before the process ends, for another instance
        // to take the games at once rather than when the leases run out.
        let leases = std::mem::take(&mut self.state().to_release);
        if let Some(bus) = &self.bus {
            let release = async {
                for (id, over) in leases {
                    let _ = bus.release(&id, over).await;
                }
            };
            let _ = tokio::time::timeout(std::time::Duration::from_secs(2), release).await;
        }
    }

    /// Game `id`'s task stopped: it is live no more (here: with a bus, its lease is given
    /// up for another instance to take it if it is not over).
    pub fn forget(&self, id: &str) {
        let mut st = self.state();
        let gone = st.games.remove(id);
        st.started.retain(|_, g| g != id);
        if let (Some(bus), Some(gone)) = (self.bus.clone(), gone) {
            let over = gone.info.over.load(Ordering::Relaxed);
            let id = id.to_owned();
            if *self.shutdown.borrow() {
                st.to_release.push((id, over)); // given up by `stopped`, awaited
            } else {
                tokio::spawn(async move { bus.release(&id, over).await });
            }
        }
    }

    /// Where a hello for `id` from `who` (named `name` if without an account) leads: a live
    /// game (to play or watch), the sender's own waiting challenge, or someone else's
    /// challenge, which starts the game.
    pub async fn hello(
        self: &Arc<Self>,
        id: &str,
        who: Option<&Identity>,
        name: Option<&str>,
    ) -> Result<Entry, Refusal> {
        if let Some(bus) = self.bus.clone() {
            return self.hello_shared(&bus, id, who, name).await;
        }
        let key = who.map(Identity::key);
        let taken = {
            let mut st = self.state();
            let id = st.started.get(id).cloned().unwrap_or_else(|| id.to_owned());
            if let Some(h) = st.games.get(&id).cloned() {
                drop(st);
                let player = key.map_or(NOBODY, |k| self.player_id(&k));
                return Ok(Entry::Game(h.tx, player));
            }
            let Some(w) = st.challenges.get_mut(&id) else {
                return Err(refuse(
                    RefusalCode::NoGame,
                    "no live game or challenge has this id",
                ));
            };
            let Some(key) = key.clone() else {
                return Err(refuse(
                    RefusalCode::NotAPlayer,
                    "this challenge has not started: open its link with cookies enabled",
                ));
            };
            if key == w.challenge.sender_key {
                let (tx, rx) = oneshot::channel();
                w.senders.push(tx);
                return Ok(Entry::Waiting(rx));
            }
            if w.challenge.rated && who.and_then(Identity::account).is_none() {
                return Err(refuse(
                    RefusalCode::NotAPlayer,
                    "a rated challenge is for players signed in",
                ));
            }
            st.challenges.remove(&id).map(|w| (id, w))
        };
        let Some((challenge_id, waiting)) = taken else {
            return Err(refuse(RefusalCode::NoGame, "no such challenge"));
        };
        let who = who.expect("checked above");
        match self.start(&waiting.challenge, who, name).await {
            Ok((handle, opener)) => {
                let sender_id = self.player_id(&waiting.challenge.sender_key);
                for tx in waiting.senders {
                    let _ = tx.send((handle.tx.clone(), sender_id));
                }
                self.state()
                    .started
                    .insert(challenge_id, handle.info.id.clone());
                Ok(Entry::Game(handle.tx, opener))
            }
            Err(refusal) => {
                // Not started: the challenge waits again for someone else.
                self.state().challenges.insert(challenge_id, waiting);
                Err(refusal)
            }
        }
    }

    /// Starts the game of `c` opened by `who`: stored with its seats, then live.
    async fn start(
        self: &Arc<Self>,
        c: &Challenge,
        who: &Identity,
        name: Option<&str>,
    ) -> Result<(LiveHandle, PlayerId), Refusal> {
        let opener = Entrant {
            key: who.key(),
            account: who.account().map(|a| a.id.clone()),
            name: entrant_name(who, name)?,
        };
        let sender = Entrant {
            key: c.sender_key.clone(),
            account: c.sender_account.clone(),
            name: c.sender_name.clone(),
        };
        let players = if c.color.draw() == Color::White {
            [sender, opener]
        } else {
            [opener, sender]
        };
        let handle = self
            .open_game(c.variant, c.control, c.rated, players)
            .await?;
        Ok((handle, self.player_id(&who.key())))
    }

    /// Stores a new game between `players` (White, Black) with its seats, and serves it.
    async fn open_game(
        self: &Arc<Self>,
        variant: dama::Variant,
        control: TimeControl,
        rated: bool,
        players: [Entrant; 2],
    ) -> Result<LiveHandle, Refusal> {
        let player = |e: &Entrant| Player {
            account: e.account.clone(),
            name: e.name.clone(),
        };
        let now = now_ms();
        let new = NewGame {
            variant,
            white: player(&players[0]),
            black: player(&players[1]),
            base_ms: u64::from(control.base_secs) * 1000,
            increment_ms: u64::from(control.increment_secs) * 1000,
            rated,
            started_at: now,
        };
        let id = self
            .store
            .start_game(&new, &players[0].key, &players[1].key)
            .await
            .map_err(|e| {
                refuse(
                    RefusalCode::Unavailable,
                    format!("the game could not start: {e}"),
                )
            })?;
        let (w, b) = (
            self.player_id(&players[0].key),
            self.player_id(&players[1].key),
        );
        let room = Room::new(variant, w, b, control, now as u64);
        let info = LiveInfo {
            id: id.clone(),
            variant: variant.id().to_owned(),
            players,
            control,
            rated,
            ply: AtomicU32::new(0),
            over: AtomicBool::new(false),
            spectators: AtomicU32::new(0),
        };
        if let Some(bus) = &self.bus {
            // A new game's lease is this instance's; without it no instance would take the
            // game over, so a game that cannot have one does not start.
            if let Err(e) = bus.claim(&id).await {
                let abort = crate::store::Finish {
                    outcome: None,
                    ended_by: "aborted".into(),
                    at: now,
                };
                let _ = self.store.finish_game(&id, &abort).await;
                return Err(refuse(
                    RefusalCode::Unavailable,
                    format!("the game could not start ({e}): try again"),
                ));
            }
        }
        self.revive(room, info);
        self.state()
            .games
            .get(&id)
            .cloned()
            .ok_or_else(|| refuse(RefusalCode::NoGame, "the game ended at once"))
    }
}

/// The name a player is shown by: the account's, else the one their browser keeps.
fn entrant_name(who: &Identity, name: Option<&str>) -> Result<String, Refusal> {
    match who.account() {
        Some(a) => Ok(a.name.clone()),
        None => anonymous_name(name),
    }
}

/// The name of a player without an account: the one their browser keeps, if valid, else
/// "Anonymous".
pub fn anonymous_name(name: Option<&str>) -> Result<String, Refusal> {
    match name {
        None => Ok("Anonymous".into()),
        Some(n) => store::bounds::name(n)
            .map(str::to_owned)
            .map_err(|e| refuse(RefusalCode::Malformed, e.to_string())),
    }
}
