//! One task per live game (an actor): it owns the game's [`Room`], takes its commands one at a
//! time from a channel, stores each move before acknowledging or relaying it, sends the events
//! with their versions to the players and the spectators, wakes up at the clock's next
//! deadline to declare a flag or an unstarted game, and tells each player when the opponent's
//! connection goes or comes back.

use crate::clock::Lag;
use crate::hub::Hub;
use crate::protocol::{
    ClientMsg, EndReason, Event, ListedGame, PlayerId, Refusal, RefusalCode, ServerMsg, Side,
    Versioned,
};
use crate::room::{OfferRecord, Presence, Room};
use crate::store::{now_ms, Finish, NewMove, Store};
use dama::{Color, Outcome};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;
use tokio::time::{sleep_until, Instant};

/// Messages waiting for one connection: past this the connection is too slow to follow the
/// game and is dropped (it comes back with its version and gets what it missed).
pub const OUTBOX: usize = 256;
/// Commands waiting for one game.
pub const INBOX: usize = 256;
/// How long a finished game stays live for pages coming back to see its end.
const LINGER: Duration = Duration::from_secs(300);

/// The messages to one connection.
pub type Outbox = mpsc::Sender<ServerMsg>;

/// The player id no player has: a spectator's.
pub const NOBODY: PlayerId = PlayerId(0);

/// What a connection asks of its game.
pub enum Command {
    /// A page joins: a player (its id) or a spectator ([`NOBODY`]) with the last version it
    /// has; the welcome goes to `out`, the subscription's number to `reply` (or the refusal).
    Join {
        /// Who.
        player: PlayerId,
        /// The last version the page has.
        since: u32,
        /// Where its messages go.
        out: Outbox,
        /// The subscription.
        reply: oneshot::Sender<Result<Joined, Refusal>>,
    },
    /// A page left: its socket closed (`closed_tab` when the page said it was going away).
    Leave {
        /// The subscription.
        sub: u64,
        /// Whether the page closed (WebSocket close code 1001) rather than dropped.
        closed_tab: bool,
    },
    /// The rematch both players asked for was made (its game's id) or could not be.
    Rematched(Result<String, Refusal>),
    /// The game is this instance's no more (its lease was lost): the task stops at once,
    /// letting its pages go, and stores nothing more.
    Stop,
    /// A page's message about the game.
    Client {
        /// The subscription.
        sub: u64,
        /// The message.
        msg: ClientMsg,
        /// The server's round-trip estimate for the connection, in ms.
        rtt: Option<u32>,
    },
}

/// A page's subscription to a game.
#[derive(Clone, Copy, Debug)]
pub struct Joined {
    /// Its number, for the commands that follow.
    pub sub: u64,
    /// The side the page plays, if any.
    pub side: Option<Color>,
}

/// A player taking a seat: who they are to the store and the transport, and the name shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The seat key ([`crate::identity::Identity::key`]).
    pub key: String,
    /// The account id, if signed in.
    pub account: Option<String>,
    /// The name shown.
    pub name: String,
}

/// What the list of live games shows of one, kept up to date by its task, and who sits at
/// it (for a rematch).
#[derive(Debug)]
pub struct LiveInfo {
    /// The game's id.
    pub id: String,
    /// `italian` or `brazilian`.
    pub variant: String,
    /// White's and Black's players.
    pub players: [Entrant; 2],
    /// The time control.
    pub control: crate::protocol::TimeControl,
    /// Whether it is rated.
    pub rated: bool,
    /// Plies played.
    pub ply: AtomicU32,
    /// Whether it is over (it lingers a while for pages coming back).
    pub over: AtomicBool,
    /// Pages watching (not playing).
    pub spectators: AtomicU32,
}

impl LiveInfo {
    /// The game as the watch list shows it.
    pub fn listing(&self) -> ListedGame {
        ListedGame {
            id: self.id.clone(),
            variant: self.variant.clone(),
            white: self.players[0].name.clone(),
            black: self.players[1].name.clone(),
            control: self.control,
            rated: self.rated,
            spectators: self.spectators.load(Ordering::Relaxed),
        }
    }
}

/// A handle on a live game's task.
#[derive(Clone)]
pub struct LiveHandle {
    /// The task's commands.
    pub tx: mpsc::Sender<Command>,
    /// What the list shows.
    pub info: Arc<LiveInfo>,
}

struct Sub {
    id: u64,
    player: PlayerId,
    side: Option<Color>,
    out: Outbox,
}

struct LiveGame {
    room: Room,
    info: Arc<LiveInfo>,
    store: Arc<Store>,
    subs: Vec<Sub>,
    next_sub: u64,
    ended_at: Option<Instant>,
    /// The rating changes of a rated game that ended, for the pages that join later.
    ratings: Option<ServerMsg>,
    /// The rest of the server: told of spectators and the end, asked for rematches.
    hub: Weak<Hub>,
    /// Which players asked for a rematch, and the rematch's game once made.
    rematch: [bool; 2],
    rematched: Option<String>,
}

/// Starts the task of game `info.id` held in `room`; when it stops (the game over and its
/// linger past) the hub forgets it.
pub fn spawn(
    room: Room,
    info: LiveInfo,
    store: Arc<Store>,
    shutdown: watch::Receiver<bool>,
    hub: Weak<Hub>,
) -> (LiveHandle, JoinHandle<()>) {
    let (tx, rx) = mpsc::channel(INBOX);
    let info = Arc::new(info);
    info.ply.store(room.game().ply() as u32, Ordering::Relaxed);
    let game = LiveGame {
        ended_at: room.is_over().then(Instant::now),
        room,
        info: info.clone(),
        store,
        subs: Vec::new(),
        next_sub: 1,
        ratings: None,
        hub: hub.clone(),
        rematch: [false; 2],
        rematched: None,
    };
    let id = info.id.clone();
    let task = tokio::spawn(async move {
        game.run(rx, shutdown).await;
        if let Some(hub) = hub.upgrade() {
            hub.forget(&id);
        }
    });
    (LiveHandle { tx, info }, task)
}

/// The store's result of an ended game, from its end event.
pub fn finish(winner: Option<Side>, reason: EndReason, at: i64) -> Finish {
    let outcome = match (winner, reason) {
        (Some(s), _) => Some(Outcome::Win(s.into())),
        (None, EndReason::Aborted | EndReason::NoStart) => None,
        (None, _) => Some(Outcome::Draw),
    };
    let ended_by = serde_json::to_value(reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    Finish {
        outcome,
        ended_by,
        at,
    }
}

fn unavailable(e: impl std::fmt::Display) -> Refusal {
    Refusal::new(
        RefusalCode::Unavailable,
        format!("the server could not store it ({e}): nothing changed, try again"),
    )
}

impl LiveGame {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>, mut shutdown: watch::Receiver<bool>) {
        loop {
            let wake = self.wake_at();
            tokio::select! {
                // Biased, shutdown first: the sockets' goodbyes that follow the signal must not
                // tell the players "your opponent left" on their way out.
                biased;
                // The server stops: the game stays in the store as it is, for the restart.
                _ = shutdown.changed() => break,
                cmd = rx.recv() => match cmd {
                    Some(Command::Stop) | None => break,
                    Some(cmd) => self.handle(cmd).await,
                },
                _ = sleep_until(wake) => {
                    if self.ended_at.is_some_and(|t| t + LINGER <= Instant::now()) {
                        break;
                    }
                    let events = self.room.check_time(now_ms() as u64);
                    self.publish(events).await;
                }
            }
        }
    }

    /// When the task must wake without a command: the clock's next deadline, or the end of
    /// the linger once the game is over.
    fn wake_at(&self) -> Instant {
        if let Some(t) = self.ended_at {
            return t + LINGER;
        }
        let now = now_ms() as u64;
        match self.room.next_deadline() {
            // One millisecond past: the clock's verdicts are "past the deadline".
            Some(d) => Instant::now() + Duration::from_millis(d.saturating_sub(now) + 1),
            None => Instant::now() + LINGER,
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                player,
                since,
                out,
                reply,
            } => self.join(player, since, out, reply),
            Command::Leave { sub, closed_tab } => self.leave(sub, closed_tab),
            Command::Rematched(made) => self.rematched(made),
            Command::Client { sub, msg, rtt } => self.client(sub, msg, rtt).await,
            Command::Stop => {}
        }
    }

    fn join(
        &mut self,
        player: PlayerId,
        since: u32,
        out: Outbox,
        reply: oneshot::Sender<Result<Joined, Refusal>>,
    ) {
        let now = now_ms() as u64;
        let events = match self.room.events_since(since) {
            Ok(events) => events.to_vec(),
            Err(refusal) => {
                let _ = reply.send(Err(refusal));
                return;
            }
        };
        let side = self.room.side_of(player);
        let welcome = ServerMsg::Welcome {
            game: self.info.id.clone(),
            you: side.map(Side::from),
            v: self.room.version(),
            ack: side.map_or(0, |s| self.room.last_ack(s)),
            events,
            clocks: self.room.clocks(now),
        };
        let late = self.ratings.iter().cloned();
        if std::iter::once(welcome)
            .chain(late)
            .any(|m| out.try_send(m).is_err())
        {
            let _ = reply.send(Err(Refusal::new(RefusalCode::RateLimited, "too slow")));
            return;
        }
        let id = self.next_sub;
        self.next_sub += 1;
        if let Some(side) = side {
            if !self.connected(side) {
                self.room.presence(player, Presence::Here, now);
                self.tell_opponent(side, now);
            }
            // The newcomer learns whether its opponent is here.
            let gone = self.room.claim_in(side.opposite(), now);
            let _ = out.try_send(ServerMsg::Opponent {
                gone: gone.is_some() && !self.room.is_over(),
                claim_in_ms: gone.map(|ms| ms as u32),
            });
        }
        self.subs.push(Sub {
            id,
            player,
            side,
            out,
        });
        if side.is_none() {
            self.spectators(1);
        }
        let _ = reply.send(Ok(Joined { sub: id, side }));
    }

    fn connected(&self, side: Color) -> bool {
        self.subs.iter().any(|s| s.side == Some(side))
    }

    /// Tells `side`'s opponent whether `side` is here, and how long until a claim if not.
    fn tell_opponent(&mut self, side: Color, now: u64) {
        if self.room.is_over() {
            return;
        }
        let gone = self.room.claim_in(side, now);
        let msg = ServerMsg::Opponent {
            gone: gone.is_some(),
            claim_in_ms: gone.map(|ms| ms as u32),
        };
        self.send_where(|s| s.side == Some(side.opposite()), &msg);
    }

    fn leave(&mut self, sub: u64, closed_tab: bool) {
        let Some(i) = self.subs.iter().position(|s| s.id == sub) else {
            return;
        };
        let gone = self.subs.swap_remove(i);
        if gone.side.is_none() {
            self.spectators(-1);
        }
        if let Some(side) = gone.side
            && !self.connected(side)
        {
            self.lapse_rematch();
            let now = now_ms() as u64;
            let presence = if closed_tab {
                Presence::ClosedTab
            } else {
                Presence::Dropped
            };
            self.room.presence(gone.player, presence, now);
            self.tell_opponent(side, now);
        }
    }

    /// Sends `msg` to the subscriptions `to` selects; one whose outbox is full is dropped
    /// (its socket closes, and the page comes back with its version).
    fn send_where(&mut self, to: impl Fn(&Sub) -> bool, msg: &ServerMsg) {
        let mut slow = Vec::new();
        for s in self.subs.iter().filter(|s| to(s)) {
            if s.out.try_send(msg.clone()).is_err() {
                slow.push(s.id);
            }
        }
        for id in slow {
            self.leave(id, false);
        }
    }

    fn reply(&mut self, sub: u64, msg: ServerMsg) {
        self.send_where(|s| s.id == sub, &msg);
    }

    async fn client(&mut self, sub: u64, msg: ClientMsg, rtt: Option<u32>) {
        let Some(player) = self.subs.iter().find(|s| s.id == sub).map(|s| s.player) else {
            return;
        };
        let now = now_ms() as u64;
        let (result, ack) = match msg {
            ClientMsg::Move { text, ack, v, lag } => {
                let lag = Lag {
                    client_ms: lag,
                    server_rtt_ms: rtt,
                };
                match self.play(sub, player, &text, ack, v, lag, now).await {
                    Some(result) => (result, Some(ack)),
                    None => return,
                }
            }
            ClientMsg::Rematch => {
                if let Err(refusal) = self.ask_rematch(player) {
                    self.reply(sub, ServerMsg::Refused { refusal, ack: None });
                }
                return;
            }
            // The connection's own.
            ClientMsg::Hello { .. }
            | ClientMsg::Ping { .. }
            | ClientMsg::Subscribe { .. }
            | ClientMsg::Seek { .. }
            | ClientMsg::CancelSeek { .. } => return,
            other => (self.command(player, other, now).await, None),
        };
        match result {
            Ok(events) => {
                if let Some(ack) = ack
                    && events.iter().any(|e| matches!(e.event, Event::Move { .. }))
                {
                    self.reply(sub, ServerMsg::Ack { ack });
                }
                self.publish(events).await;
            }
            Err(refusal) => self.reply(sub, ServerMsg::Refused { refusal, ack }),
        }
    }

    /// Plays a move: stored before anything is sent, and undone if it cannot be stored.
    /// `None` when it was played already (sent again after a reconnect): acknowledged again.
    #[allow(clippy::too_many_arguments)]
    async fn play(
        &mut self,
        sub: u64,
        player: PlayerId,
        text: &str,
        ack: u32,
        v: u32,
        lag: Lag,
        now: u64,
    ) -> Option<Result<Vec<Versioned>, Refusal>> {
        let before = self.room.clone();
        match self.room.play(player, text, ack, v, lag, now) {
            Ok(events) if events.is_empty() => {
                self.reply(sub, ServerMsg::Ack { ack });
                None
            }
            Ok(events) => Some(match self.store_moves(&events, now).await {
                Ok(()) => Ok(events),
                Err(refusal) => {
                    self.room = before; // not stored: not played
                    Err(refusal)
                }
            }),
            Err(refusal) => Some(Err(refusal)),
        }
    }

    /// Any other command of a player: a draw offer or decline it makes is stored before it
    /// is sent, and undone if it cannot be (a restart must find it at its version).
    async fn command(
        &mut self,
        player: PlayerId,
        msg: ClientMsg,
        now: u64,
    ) -> Result<Vec<Versioned>, Refusal> {
        let before = self.room.clone();
        let events = self.room_command(player, msg, now)?;
        for e in &events {
            if let Some(offer) = OfferRecord::of(e, now)
                && let Err(e) = self.store.append_offer(&self.info.id, &offer).await
            {
                self.room = before;
                return Err(unavailable(e));
            }
        }
        Ok(events)
    }

    fn room_command(
        &mut self,
        player: PlayerId,
        msg: ClientMsg,
        now: u64,
    ) -> Result<Vec<Versioned>, Refusal> {
        let room = &mut self.room;
        match msg {
            ClientMsg::OfferDraw => room.offer_draw(player, now),
            ClientMsg::AcceptDraw => room.accept_draw(player, now),
            ClientMsg::DeclineDraw => room.decline_draw(player, now),
            ClientMsg::Resign => room.resign(player, now),
            ClientMsg::Abort => room.abort(player, now),
            ClientMsg::Claim { kind } => room.claim(player, kind, now),
            ClientMsg::Flag => room.flag(player, now),
            _ => Ok(Vec::new()), // not the room's
        }
    }

    /// One more (or one fewer) spectator: the watch list is told.
    fn spectators(&mut self, change: i32) {
        let n = &self.info.spectators;
        if change > 0 {
            n.fetch_add(1, Ordering::Relaxed);
        } else {
            n.fetch_sub(1, Ordering::Relaxed);
        }
        if let Some(hub) = self.hub.upgrade().filter(|_| !self.room.is_over()) {
            hub.listed(&self.info);
        }
    }

    /// `player` asks for a rematch: told to the opponent; when both asked, the hub makes the
    /// game (colours swapped) and [`Command::Rematched`] brings its id back.
    fn ask_rematch(&mut self, player: PlayerId) -> Result<(), Refusal> {
        let no = |text| Err(Refusal::new(RefusalCode::NoRematch, text));
        let Some(side) = self.room.side_of(player) else {
            return no("you are not a player of this game");
        };
        if !self.room.is_over() {
            return no("the game is not over");
        }
        if let Some(game) = self.rematched.clone() {
            self.send_where(|s| s.side == Some(side), &ServerMsg::Matched { game });
            return Ok(());
        }
        if !self.connected(side.opposite()) {
            return no("your opponent has left");
        }
        let i = side as usize;
        if self.rematch[i] {
            return Ok(());
        }
        self.rematch[i] = true;
        let asked = ServerMsg::Rematch {
            offered_by: Some(side.into()),
        };
        self.send_where(|s| s.side.is_some(), &asked);
        if self.rematch == [true; 2]
            && let Some(hub) = self.hub.upgrade()
        {
            let (info, tx) = (self.info.clone(), hub.game_tx(&self.info.id));
            tokio::spawn(async move {
                let made = hub.rematch(&info).await;
                if let Some(tx) = tx {
                    let _ = tx.send(Command::Rematched(made)).await;
                }
            });
        }
        Ok(())
    }

    /// A player left: a rematch asked for lapses (it needs both players here).
    fn lapse_rematch(&mut self) {
        if self.rematch != [false; 2] && self.rematched.is_none() {
            self.rematch = [false; 2];
            let lapsed = ServerMsg::Rematch { offered_by: None };
            self.send_where(|s| s.side.is_some(), &lapsed);
        }
    }

    fn rematched(&mut self, made: Result<String, Refusal>) {
        match made {
            Ok(game) => {
                self.rematched = Some(game.clone());
                self.send_where(|s| s.side.is_some(), &ServerMsg::Matched { game });
            }
            Err(refusal) => {
                self.rematch = [false; 2];
                let msg = ServerMsg::Refused { refusal, ack: None };
                self.send_where(|s| s.side.is_some(), &msg);
            }
        }
    }

    /// Stores the moves among `events`, each acknowledged by the store once on disk.
    async fn store_moves(&self, events: &[Versioned], now: u64) -> Result<(), Refusal> {
        for e in events {
            if let Event::Move {
                ply,
                side,
                text,
                white_ms,
                black_ms,
            } = &e.event
            {
                let clock = if *side == Side::White {
                    white_ms
                } else {
                    black_ms
                };
                let mv = NewMove {
                    game_id: self.info.id.clone(),
                    ply: u64::from(ply.saturating_sub(1)),
                    text: text.clone(),
                    clock_ms: u64::from(*clock),
                    played_at: now as i64,
                };
                self.store.append_move(mv).await.map_err(unavailable)?;
            }
        }
        Ok(())
    }

    /// Stores a game's end among `events` (their moves are stored already), sends the events
    /// to every page, and starts the side to move's time at their relay.
    async fn publish(&mut self, events: Vec<Versioned>) {
        if events.is_empty() {
            return;
        }
        let now = now_ms();
        let ended = events.iter().any(|e| matches!(e.event, Event::End { .. }));
        for e in &events {
            if let Event::End { winner, reason, .. } = e.event {
                match self
                    .store
                    .finish_game(&self.info.id, &finish(winner, reason, now))
                    .await
                {
                    Ok(done) => {
                        self.ratings = done.changes.map(|(w, b)| ServerMsg::Ratings {
                            white: (&w).into(),
                            black: (&b).into(),
                        });
                    }
                    // The game is over for its players all the same; the store keeps it as
                    // being played and a restart declares the end again.
                    Err(e) => {
                        eprintln!("dama-server: game {}: storing its end: {e}", self.info.id)
                    }
                }
                self.ended_at = Some(Instant::now());
                self.info.over.store(true, Ordering::Relaxed);
                if let Some(hub) = self.hub.upgrade() {
                    hub.unlisted(&self.info.id);
                }
            }
        }
        self.info
            .ply
            .store(self.room.game().ply() as u32, Ordering::Relaxed);
        let msg = ServerMsg::Events {
            events,
            clocks: self.room.clocks(now as u64),
        };
        self.send_where(|_| true, &msg);
        if let Some(ratings) = self.ratings.clone().filter(|_| ended) {
            self.send_where(|_| true, &ratings);
        }
        self.room.relayed(now_ms() as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_are_stored_with_their_outcome() {
        let f = finish(Some(Side::Black), EndReason::Time, 5);
        assert_eq!(f.outcome, Some(Outcome::Win(Color::Black)));
        assert_eq!(f.ended_by, "time");
        let f = finish(None, EndReason::NoStart, 5);
        assert_eq!((f.outcome, f.ended_by.as_str()), (None, "no-start"));
        let f = finish(None, EndReason::Abandoned, 5);
        assert_eq!(f.outcome, Some(Outcome::Draw));
    }
}
