//! One live game as the server holds it: the core's [`Game`] judging the moves, the two
//! players, the [`Clock`], and the game's events, each with its version, kept whole so that a
//! page coming back gets exactly what it missed. Every command returns the events it produced
//! or a [`Refusal`], and a refused command changes nothing.
//!
//! The server's time is the verdict: a command from a player arriving after the side to move's
//! time ran out (or its first move was overdue) ends the game on time instead of doing what it
//! asked, and the transport asks [`Room::check_time`] at [`Room::next_deadline`] for the rest.

use crate::clock::{Clock, Lag, Millis, Speed, TimeUp, CLOSED_TAB_GRACE_MS};
use crate::protocol::{
    ClaimKind, ClockSnapshot, EndReason, Event, PlayerId, Refusal, RefusalCode, Side, TimeControl,
    Versioned,
};
use dama::{Color, Game, Outcome, Reason, Variant};

/// What a command produced: its events (the new versions), nothing for a move sent again.
pub type Events = Result<Vec<Versioned>, Refusal>;

/// How long a player must wait to offer a draw again after `declined` of their offers were
/// declined (or lapsed unanswered): (min(n, 10))^2 x 10 s, as lidraughts.
pub const fn offer_wait_ms(declined: u32) -> u64 {
    let n = if declined < 10 { declined } else { 10 } as u64;
    n * n * 10_000
}

/// A draw offer or decline as the store keeps it: the events of a game that are not moves
/// and must come back at their versions after a restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferRecord {
    /// The event's version.
    pub v: u32,
    /// Who offered, or who declined.
    pub by: Color,
    /// A decline (else an offer).
    pub declined: bool,
    /// When, in Unix ms (a decline's time starts the offerer's wait).
    pub at: Millis,
}

impl OfferRecord {
    /// The record of `event` (a draw offer or decline) at version `v`, played at `at`.
    pub fn of(event: &Versioned, at: Millis) -> Option<OfferRecord> {
        let (by, declined) = match event.event {
            Event::DrawOffer { by } => (by, false),
            Event::DrawDecline { by } => (by, true),
            _ => return None,
        };
        Some(OfferRecord {
            v: event.v,
            by: by.into(),
            declined,
            at,
        })
    }
}

/// A player's connection as the transport sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Connected.
    Here,
    /// The socket dropped (the page may come back).
    Dropped,
    /// The page said it was closing (the tab closed).
    ClosedTab,
}

/// One live game.
#[derive(Clone, Debug)]
pub struct Room {
    game: Game,
    players: [PlayerId; 2],
    clock: Clock,
    log: Vec<Versioned>,
    /// The version of the last move event, 0 before any: what a move must have seen.
    last_move_v: u32,
    /// Each side's last played move counter.
    acks: [u32; 2],
    offer: Option<Color>,
    declined: [u32; 2],
    next_offer_at: [Millis; 2],
    /// Since when each side has been gone, and whether it closed the tab.
    gone: [Option<(Millis, bool)>; 2],
    over: bool,
}

const fn ix(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn refuse(code: RefusalCode, text: impl Into<String>) -> Refusal {
    Refusal::new(code, text)
}

impl Room {
    /// A game of `variant` between `white` and `black` (two different players) with `control`,
    /// created at `now`: its first event, version 1, says so; White's first-move time runs.
    pub fn new(
        variant: Variant,
        white: PlayerId,
        black: PlayerId,
        control: TimeControl,
        now: Millis,
    ) -> Room {
        let mut room = Room {
            game: Game::new(variant),
            players: [white, black],
            clock: Clock::new(control, now),
            log: Vec::new(),
            last_move_v: 0,
            acks: [0; 2],
            offer: None,
            declined: [0; 2],
            next_offer_at: [0; 2],
            gone: [None; 2],
            over: false,
        };
        room.push(Event::Start {
            variant: variant.id().to_string(),
            white,
            black,
            control,
        });
        room
    }

    /// A game read back from the store by a restarted server: created at `started`, its
    /// `moves` (the text, when it was played, and the mover's time after it) replayed through
    /// the core and its stored draw `offers` put back at their versions, so that every event
    /// keeps its version and a standing offer still stands; each side's ack counter is the
    /// number of its moves (what the restarted server tells each page in its welcome). The
    /// clocks stand paused at the last move: the caller [`resume`](Room::resume)s them, which
    /// gives the down time back to the side to move. Refused with the reason when a stored
    /// move does not replay or an offer does not fit (a corrupt store).
    pub fn restore(
        variant: Variant,
        white: PlayerId,
        black: PlayerId,
        control: TimeControl,
        started: Millis,
        moves: &[(String, Millis, u64)],
        offers: &[OfferRecord],
    ) -> Result<Room, Refusal> {
        let mut room = Room::new(variant, white, black, control, started);
        let mut left = [u64::from(control.base_secs) * 1000; 2];
        let mut offers = offers.iter().peekable();
        let mut next_move = moves.iter();
        loop {
            // The events in stored order: an offer holds its own version, a move the next
            // free one.
            if let Some(o) = offers.next_if(|o| o.v == room.version() + 1) {
                room.replay_offer(o)?;
                continue;
            }
            let Some((text, at, after)) = next_move.next() else {
                break;
            };
            let m = room
                .game
                .read_move(text)
                .map_err(|e| refuse(RefusalCode::Illegal, format!("stored move {text}: {e}")))?;
            let side = room.game.turn();
            let written = room.game.move_text(&m);
            room.game.play(&m).expect("a move the core read is legal");
            room.acks[ix(side)] += 1;
            if room.offer == Some(side.opposite()) {
                room.lapse_offer(side.opposite(), *at);
            }
            left[ix(side)] = *after;
            let ms = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
            room.push(Event::Move {
                ply: room.game.ply() as u32,
                side: side.into(),
                text: written,
                white_ms: ms(left[0]),
                black_ms: ms(left[1]),
            });
            room.last_move_v = room.version();
        }
        if let Some(o) = offers.next() {
            return Err(refuse(
                RefusalCode::Stale,
                format!("stored offer at version {} past the game's events", o.v),
            ));
        }
        let times: Vec<(Millis, u64)> = moves.iter().map(|&(_, at, left)| (at, left)).collect();
        room.clock = Clock::restore(control, started, &times);
        if let Some(r) = room.game.result() {
            // The last stored move ended the game but the server stopped before the end was
            // stored: the end is declared now, as it was then.
            let at = times.last().map_or(started, |t| t.0);
            room.clock.resume(at);
            room.end(winner(r.outcome), core_reason(r.reason), at);
        }
        Ok(room)
    }

    /// Puts a stored offer or decline back, as it was played.
    fn replay_offer(&mut self, o: &OfferRecord) -> Result<(), Refusal> {
        let fits = if o.declined {
            self.offer == Some(o.by.opposite())
        } else {
            self.offer.is_none()
        };
        if !fits {
            return Err(refuse(
                RefusalCode::NoOffer,
                format!("stored offer at version {} does not fit the game", o.v),
            ));
        }
        if o.declined {
            self.lapse_offer(o.by.opposite(), o.at);
            self.push(Event::DrawDecline { by: o.by.into() });
        } else {
            self.offer = Some(o.by);
            self.push(Event::DrawOffer { by: o.by.into() });
        }
        Ok(())
    }

    /// The game as the core holds it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clocks.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clocks as shown at `now`.
    pub fn clocks(&self, now: Millis) -> ClockSnapshot {
        self.clock.snapshot(now)
    }

    /// The side `player` plays, if any.
    pub fn side_of(&self, player: PlayerId) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.players[ix(c)] == player)
    }

    /// The version now: that of the last event.
    pub fn version(&self) -> u32 {
        self.log.len() as u32
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The last move counter played for `side` (0 before any).
    pub fn last_ack(&self, side: Color) -> u32 {
        self.acks[ix(side)]
    }

    /// The events after version `v`, exactly (all of them for 0); refused for a version the
    /// game has not reached.
    pub fn events_since(&self, v: u32) -> Result<&[Versioned], Refusal> {
        self.log.get(v as usize..).ok_or_else(|| {
            refuse(
                RefusalCode::Stale,
                format!(
                    "version {v} is ahead of the game (at {}): reload",
                    self.version()
                ),
            )
        })
    }

    /// The next instant the clock could end the game, for the transport's timer.
    pub fn next_deadline(&self) -> Option<Millis> {
        if self.over {
            return None;
        }
        self.clock.first_move_deadline().or(self.clock.flag_at())
    }

    fn push(&mut self, event: Event) -> Versioned {
        let v = Versioned {
            v: self.version() + 1,
            event,
        };
        self.log.push(v.clone());
        v
    }

    fn end(&mut self, winner: Option<Color>, reason: EndReason, now: Millis) -> Versioned {
        let flagged = (reason == EndReason::Time).then(|| self.clock.turn());
        self.clock.stop(now, flagged);
        self.over = true;
        self.offer = None;
        let c = self.clock.snapshot(now);
        self.push(Event::End {
            winner: winner.map(Side::from),
            reason,
            white_ms: c.white_ms,
            black_ms: c.black_ms,
        })
    }

    fn time_up(&mut self, up: TimeUp, now: Millis) -> Vec<Versioned> {
        match up {
            TimeUp::NoStart(_) => vec![self.end(None, EndReason::NoStart, now)],
            TimeUp::Flag(side) => {
                self.game.lose_on_time(side);
                vec![self.end(Some(side.opposite()), EndReason::Time, now)]
            }
        }
    }

    /// Looks at the clock at `now`: ends the game if the side to move's time is up (or its
    /// first move overdue), else nothing.
    pub fn check_time(&mut self, now: Millis) -> Vec<Versioned> {
        match self.clock.time_up(now).filter(|_| !self.over) {
            Some(up) => self.time_up(up, now),
            None => Vec::new(),
        }
    }

    /// The checks every player's command begins with: a player of this game, the game not over;
    /// and the time's verdict, which ends the game (as `Err(Ok(events))`) before the command.
    fn player(&mut self, player: PlayerId, now: Millis) -> Result<Color, Events> {
        let side = self.side_of(player).ok_or_else(|| {
            Err(refuse(
                RefusalCode::NotAPlayer,
                "you are not a player of this game",
            ))
        })?;
        if self.over {
            return Err(Err(refuse(RefusalCode::GameOver, "the game is over")));
        }
        match self.check_time(now) {
            events if events.is_empty() => Ok(side),
            events => Err(Ok(events)),
        }
    }

    /// `player` plays `text` (the game's notation), their move counter `ack`, chosen on
    /// version `v`. A move already played under `ack` (sent again after a reconnect) is
    /// answered with no events and not played twice.
    pub fn play(
        &mut self,
        player: PlayerId,
        text: &str,
        ack: u32,
        v: u32,
        lag: Lag,
        now: Millis,
    ) -> Events {
        if let Some(side) = self.side_of(player)
            && ack <= self.acks[ix(side)]
        {
            return Ok(Vec::new());
        }
        let side = match self.player(player, now) {
            Ok(side) => side,
            Err(done) => return done,
        };
        if side != self.game.turn() {
            return Err(refuse(
                RefusalCode::NotYourTurn,
                "it is your opponent's move",
            ));
        }
        if v < self.last_move_v || v > self.version() {
            return Err(refuse(
                RefusalCode::Stale,
                format!(
                    "the move was chosen on version {v}, the position is at {}",
                    self.last_move_v
                ),
            ));
        }
        let m = self
            .game
            .read_move(text)
            .map_err(|e| refuse(RefusalCode::Illegal, e.to_string()))?;
        let written = self.game.move_text(&m);
        if let Err(up) = self.clock.on_move(now, lag) {
            return Ok(self.time_up(up, now));
        }
        self.game.play(&m).expect("a move the core read is legal");
        self.acks[ix(side)] = ack;
        if self.offer == Some(side.opposite()) {
            // Moving answers the opponent's offer: it lapses, and counts as declined.
            self.lapse_offer(side.opposite(), now);
        }
        let c = self.clock.snapshot(now);
        let mut events = vec![self.push(Event::Move {
            ply: self.game.ply() as u32,
            side: side.into(),
            text: written,
            white_ms: c.white_ms,
            black_ms: c.black_ms,
        })];
        self.last_move_v = self.version();
        if let Some(r) = self.game.result() {
            events.push(self.end(winner(r.outcome), core_reason(r.reason), now));
        }
        Ok(events)
    }

    fn lapse_offer(&mut self, by: Color, now: Millis) {
        self.offer = None;
        self.declined[ix(by)] += 1;
        self.next_offer_at[ix(by)] = now + offer_wait_ms(self.declined[ix(by)]);
    }

    /// `player` offers a draw; if the opponent's offer stands, that is accepting it.
    pub fn offer_draw(&mut self, player: PlayerId, now: Millis) -> Events {
        let side = match self.player(player, now) {
            Ok(side) => side,
            Err(done) => return done,
        };
        match self.offer {
            Some(by) if by != side => return self.accept_draw(player, now),
            Some(_) => {
                return Err(refuse(
                    RefusalCode::OfferStanding,
                    "your draw offer stands until your opponent moves or answers",
                ));
            }
            None => {}
        }
        let due = self.next_offer_at[ix(side)];
        if now < due {
            return Err(refuse(
                RefusalCode::TooSoon,
                format!(
                    "your last offers were declined: you can offer again in {} s",
                    (due - now).div_ceil(1000)
                ),
            ));
        }
        self.offer = Some(side);
        Ok(vec![self.push(Event::DrawOffer { by: side.into() })])
    }

    /// The standing offer `player` may answer: the opponent's.
    fn opponents_offer(&mut self, player: PlayerId, now: Millis) -> Result<Color, Events> {
        let side = self.player(player, now)?;
        if self.offer != Some(side.opposite()) {
            return Err(Err(refuse(
                RefusalCode::NoOffer,
                "there is no draw offer from your opponent",
            )));
        }
        Ok(side)
    }

    /// `player` accepts the opponent's standing draw offer.
    pub fn accept_draw(&mut self, player: PlayerId, now: Millis) -> Events {
        if let Err(done) = self.opponents_offer(player, now) {
            return done;
        }
        self.game.agree_draw();
        Ok(vec![self.end(None, EndReason::Agreement, now)])
    }

    /// `player` declines the opponent's standing draw offer.
    pub fn decline_draw(&mut self, player: PlayerId, now: Millis) -> Events {
        let side = match self.opponents_offer(player, now) {
            Ok(side) => side,
            Err(done) => return done,
        };
        self.lapse_offer(side.opposite(), now);
        Ok(vec![self.push(Event::DrawDecline { by: side.into() })])
    }

    /// `player` resigns.
    pub fn resign(&mut self, player: PlayerId, now: Millis) -> Events {
        let side = match self.player(player, now) {
            Ok(side) => side,
            Err(done) => return done,
        };
        self.game.resign(side);
        Ok(vec![self.end(
            Some(side.opposite()),
            EndReason::Resignation,
            now,
        )])
    }

    /// `player` aborts the game: only before their own first move; nobody wins or loses.
    pub fn abort(&mut self, player: PlayerId, now: Millis) -> Events {
        let side = match self.player(player, now) {
            Ok(side) => side,
            Err(done) => return done,
        };
        if self.clock.has_moved(side) {
            return Err(refuse(
                RefusalCode::CannotAbort,
                "a game can be aborted only before your first move",
            ));
        }
        Ok(vec![self.end(None, EndReason::Aborted, now)])
    }

    /// The transport saw `player`'s connection change at `now`. Not an event of the game: the
    /// transport tells the opponent, with [`Room::claim_in`].
    pub fn presence(&mut self, player: PlayerId, presence: Presence, now: Millis) {
        if let Some(side) = self.side_of(player) {
            let gone = &mut self.gone[ix(side)];
            *gone = match presence {
                Presence::Here => None,
                // A dropped socket after a closed tab keeps the shorter grace's start.
                Presence::Dropped => Some(gone.map_or((now, false), |g| g)),
                Presence::ClosedTab => Some((gone.map_or(now, |g| g.0), true)),
            };
        }
    }

    /// How long until a claim against `side` is possible, while it is gone (0: now).
    pub fn claim_in(&self, side: Color, now: Millis) -> Option<u64> {
        let (since, closed_tab) = self.gone[ix(side)]?;
        let grace = if closed_tab {
            CLOSED_TAB_GRACE_MS
        } else {
            Speed::of(self.clock.control()).disconnect_grace_ms()
        };
        Some((since + grace).saturating_sub(now))
    }

    /// `player` claims the game (a win or a draw) against an opponent gone past the grace: 10 s
    /// after closing the tab, else 40 s (bullet, blitz), 80 s (rapid) or 120 s (classical).
    pub fn claim(&mut self, player: PlayerId, kind: ClaimKind, now: Millis) -> Events {
        let side = match self.player(player, now) {
            Ok(side) => side,
            Err(done) => return done,
        };
        let them = side.opposite();
        if !self.clock.has_moved(them) {
            return Err(refuse(
                RefusalCode::NotClaimable,
                "your opponent has not started: the game is aborted if they do not move",
            ));
        }
        match self.claim_in(them, now) {
            None => Err(refuse(RefusalCode::NotClaimable, "your opponent is here")),
            Some(wait) if wait > 0 => Err(refuse(
                RefusalCode::NotClaimable,
                format!(
                    "your opponent left; you can claim in {} s",
                    wait.div_ceil(1000)
                ),
            )),
            Some(_) => {
                let winner = (kind == ClaimKind::Win).then_some(side);
                Ok(vec![self.end(winner, EndReason::Abandoned, now)])
            }
        }
    }

    /// A player asks the server to look at the clock; refused when no time is up.
    pub fn flag(&mut self, player: PlayerId, now: Millis) -> Events {
        match self.player(player, now) {
            Ok(_) => Err(refuse(RefusalCode::NotOutOfTime, "no time has run out")),
            Err(done) => done,
        }
    }

    /// The events since `v` were sent to the side to move at `at`: its time starts then.
    pub fn relayed(&mut self, at: Millis) {
        self.clock.relayed(at);
    }

    /// The server stops, or was last alive, at `at`: the clocks freeze there.
    pub fn pause(&mut self, at: Millis) {
        self.clock.pause(at);
    }

    /// The server is back at `now`: the side to move gets the down time back, and both players
    /// count as gone from now (they reconnect) so that no claim comes before a full grace.
    pub fn resume(&mut self, now: Millis) {
        self.clock.resume(now);
        self.gone = [Some((now, false)); 2];
    }
}

fn winner(outcome: Outcome) -> Option<Color> {
    match outcome {
        Outcome::Win(c) => Some(c),
        Outcome::Draw => None,
    }
}

/// The core's reasons for the ends it adjudicates after a move.
fn core_reason(reason: Reason) -> EndReason {
    match reason {
        Reason::NoMoves => EndReason::NoMoves,
        Reason::Repetition => EndReason::Repetition,
        Reason::KingMoves => EndReason::KingMoves,
        Reason::ThreeKings => EndReason::ThreeKings,
        Reason::Agreement => EndReason::Agreement,
        Reason::Resignation => EndReason::Resignation,
        Reason::Time => EndReason::Time,
    }
}

#[cfg(test)]
mod tests;
