//! The registry of what is live: the games being played (each a task, see [`crate::live`]),
//! the challenges waiting for their opponent, the numbers the rooms know players by, and the
//! sockets open per address. A hello names a game or a challenge; opening a challenge by
//! someone other than its sender starts the game.

use crate::challenge::Challenge;
use crate::identity::Identity;
use crate::live::{self, LiveHandle, LiveInfo, NOBODY};
use crate::protocol::{PlayerId, Refusal, RefusalCode};
use crate::room::Room;
use crate::store::{self, now_ms, NewGame, Player, Store};
use dama::Color;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU32};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

/// Challenges one player may have waiting at once.
const CHALLENGES_PER_PLAYER: usize = 5;

/// Where a hello leads.
pub enum Entry {
    /// A live game, and the player's id in it ([`NOBODY`] for a spectator).
    Game(LiveHandle, PlayerId),
    /// The sender's own challenge, not yet opened: the game comes through the receiver.
    Waiting(oneshot::Receiver<(LiveHandle, PlayerId)>),
}

struct Waiting {
    challenge: Challenge,
    senders: Vec<oneshot::Sender<(LiveHandle, PlayerId)>>,
}

#[derive(Default)]
struct State {
    games: HashMap<String, LiveHandle>,
    challenges: HashMap<String, Waiting>,
    /// The game each opened challenge became, so that its link keeps working.
    started: HashMap<String, String>,
    players: HashMap<String, PlayerId>,
    sockets: HashMap<IpAddr, u32>,
    /// The games' tasks, for a shutdown to wait for.
    tasks: Vec<JoinHandle<()>>,
}

/// What is live on this server.
pub struct Hub {
    store: Arc<Store>,
    shutdown: watch::Receiver<bool>,
    state: Mutex<State>,
    max_challenges: usize,
    max_sockets: u32,
}

fn refuse(code: RefusalCode, text: impl Into<String>) -> Refusal {
    Refusal::new(code, text)
}

impl Hub {
    /// An empty hub over `store`, with at most `max_challenges` challenges waiting and
    /// `max_sockets` sockets per address.
    pub fn new(
        store: Arc<Store>,
        shutdown: watch::Receiver<bool>,
        max_challenges: usize,
        max_sockets: u32,
    ) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            shutdown,
            state: Mutex::new(State::default()),
            max_challenges,
            max_sockets,
        })
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

    /// Holds a new challenge; returns its id.
    pub fn challenge(&self, challenge: Challenge) -> Result<String, String> {
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
        let hub = Arc::downgrade(self);
        let gone = id.clone();
        let shutdown = self.shutdown.clone();
        let (handle, task) = live::spawn(room, info, self.store.clone(), shutdown, move || {
            if let Some(hub) = hub.upgrade() {
                hub.forget(&gone);
            }
        });
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
    }

    fn forget(&self, id: &str) {
        let mut st = self.state();
        st.games.remove(id);
        st.started.retain(|_, g| g != id);
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
        let key = who.map(Identity::key);
        let taken = {
            let mut st = self.state();
            let id = st.started.get(id).cloned().unwrap_or_else(|| id.to_owned());
            if let Some(h) = st.games.get(&id).cloned() {
                drop(st);
                let player = key.map_or(NOBODY, |k| self.player_id(&k));
                return Ok(Entry::Game(h, player));
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
                    let _ = tx.send((handle.clone(), sender_id));
                }
                self.state()
                    .started
                    .insert(challenge_id, handle.info.id.clone());
                Ok(Entry::Game(handle, opener))
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
        let opener = Player {
            account: who.account().map(|a| a.id.clone()),
            name: match who.account() {
                Some(a) => a.name.clone(),
                None => anonymous_name(name)?,
            },
        };
        let sender = Player {
            account: c.sender_account.clone(),
            name: c.sender_name.clone(),
        };
        let sender_color = c.color.draw();
        let ((white, white_key), (black, black_key)) = {
            let s = (sender, c.sender_key.clone());
            let o = (opener, who.key());
            if sender_color == Color::White {
                (s, o)
            } else {
                (o, s)
            }
        };
        let now = now_ms();
        let new = NewGame {
            variant: c.variant,
            white: white.clone(),
            black: black.clone(),
            base_ms: u64::from(c.control.base_secs) * 1000,
            increment_ms: u64::from(c.control.increment_secs) * 1000,
            rated: c.rated,
            started_at: now,
        };
        let id = self
            .store
            .start_game(&new, &white_key, &black_key)
            .await
            .map_err(|e| {
                refuse(
                    RefusalCode::Unavailable,
                    format!("the game could not start: {e}"),
                )
            })?;
        let (w, b) = (self.player_id(&white_key), self.player_id(&black_key));
        let room = Room::new(c.variant, w, b, c.control, now as u64);
        let info = LiveInfo {
            id: id.clone(),
            variant: c.variant.id().to_owned(),
            white: white.name,
            black: black.name,
            control: c.control,
            rated: c.rated,
            ply: AtomicU32::new(0),
            over: AtomicBool::new(false),
        };
        self.revive(room, info);
        let handle = self.state().games.get(&id).cloned().expect("just added");
        Ok((handle, self.player_id(&who.key())))
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
