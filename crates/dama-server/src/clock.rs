//! The clocks the server keeps for one game: Fischer increment, each side's time running from
//! the moment the server relayed the opponent's move, network lag compensated from a bounded
//! bank, a time limit of its own for each side's first move, the flag, and a pause over a
//! server restart. No time is read here: every instant is passed in ([`Millis`]), so the tests
//! replay a game's timing exactly.

use crate::protocol::{ClockSnapshot, Side, TimeControl};
use dama::Color;
use serde::{Deserialize, Serialize};

/// An instant in milliseconds, read by the transport and passed in. Wall-clock time (since the
/// Unix epoch) rather than a monotonic instant, so that a clock saved before a restart still
/// means something after it.
pub type Millis = u64;

/// How long each side has for its first move; the game is aborted (nobody loses) when it runs
/// out. Lichess gives 15-30 s by speed; one figure for every speed is easier to explain, and
/// 30 s leaves a phone player time to find the board after a lobby match.
pub const FIRST_MOVE_MS: u64 = 30_000;

/// The largest lag a move can claim (a client's report or the server's round-trip estimate):
/// a round trip over 2 s is a broken link, not lag, and a lying client gains at most this per
/// move and, over many moves, no more than the bank refills.
pub const LAG_REPORT_MAX_MS: u32 = 2_000;

/// The speed classes, by the game's estimated length (lichess's thresholds, its ultrabullet
/// folded into bullet: draughts sites offer nothing under a minute). One enum for the clocks
/// (the disconnect grace) and the ratings (one rating per game and class).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Estimate under 3 minutes.
    Bullet,
    /// Estimate under 8 minutes (the FID's online 5'+3" is blitz: 7 minutes).
    Blitz,
    /// Estimate under 25 minutes.
    Rapid,
    /// Longer.
    Classical,
}

impl Speed {
    /// Every class.
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical];

    /// The class of a time control, by [`TimeControl::estimate_secs`].
    pub fn of(control: TimeControl) -> Speed {
        Speed::of_estimate(u64::from(control.estimate_secs()))
    }

    /// The class of a time control given in milliseconds (as the store keeps it): the same
    /// estimate, base plus 40 increments, in whole seconds.
    pub fn of_ms(base_ms: u64, increment_ms: u64) -> Speed {
        Speed::of_estimate(base_ms.saturating_add(increment_ms.saturating_mul(40)) / 1000)
    }

    fn of_estimate(secs: u64) -> Speed {
        match secs {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// The identifier kept in the database and used on the page.
    pub const fn id(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }

    /// The class with identifier `id`, if it is one.
    pub fn from_id(id: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.id() == id)
    }

    /// How long a player whose connection dropped (the tab not closed) may be gone before the
    /// opponent can claim: lichess's 40 s, twice for rapid, three times for classical.
    pub const fn disconnect_grace_ms(self) -> u64 {
        match self {
            Speed::Bullet | Speed::Blitz => 40_000,
            Speed::Rapid => 80_000,
            Speed::Classical => 120_000,
        }
    }
}

/// The grace after a player closed the tab (the page said goodbye): 10 s, as lichess.
pub const CLOSED_TAB_GRACE_MS: u64 = 10_000;

impl TimeControl {
    /// `minutes` of base time and `increment` seconds added after each move.
    pub const fn new(minutes: u32, increment: u32) -> TimeControl {
        TimeControl {
            base_secs: minutes * 60,
            increment_secs: increment,
        }
    }

    /// The FID's standard for its online team events: 5 minutes and 3 seconds a move.
    pub const FID_ONLINE: TimeControl = TimeControl::new(5, 3);

    /// The largest base time a custom control may have (3 hours) and the largest increment
    /// (3 minutes): beyond them a live game outlasts the players.
    pub const MAX_BASE_SECS: u32 = 3 * 3600;
    /// See [`TimeControl::MAX_BASE_SECS`].
    pub const MAX_INCREMENT_SECS: u32 = 180;

    /// The game's estimated length in seconds, as lichess counts it: the base and 40 moves'
    /// increments.
    pub const fn estimate_secs(self) -> u32 {
        self.base_secs + 40 * self.increment_secs
    }

    /// Whether a custom control is playable: some time, and within the bounds.
    pub const fn is_valid(self) -> bool {
        self.base_secs + self.increment_secs > 0
            && self.base_secs <= TimeControl::MAX_BASE_SECS
            && self.increment_secs <= TimeControl::MAX_INCREMENT_SECS
    }
}

/// The controls offered in the lobby for a game; a custom one is always possible too. Both
/// games offer the same (the usual online ones), with the FID's 5'+3" among them.
pub fn presets(_variant: dama::Variant) -> &'static [TimeControl] {
    const PRESETS: [TimeControl; 10] = [
        TimeControl::new(1, 0),
        TimeControl::new(2, 1),
        TimeControl::new(3, 0),
        TimeControl::new(3, 2),
        TimeControl::new(5, 0),
        TimeControl::FID_ONLINE,
        TimeControl::new(10, 0),
        TimeControl::new(10, 5),
        TimeControl::new(15, 10),
        TimeControl::new(30, 20),
    ];
    &PRESETS
}

/// One side's bank of lag credit (the scheme of lichess's LagTracker): each move refills it by
/// [`gain`](LagBank::gain_ms), a move's lag is credited from it and never beyond what it
/// holds, and it holds at most seven refills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LagBank {
    gain: u32,
    bank: u32,
}

impl LagBank {
    /// A full bank for `control`: the refill is min(1 s, 0.15 s + 0.4 cs per second of the
    /// estimate) -- lichess's `min(100, 15 + 0.4 x estimate)` in centiseconds, so 0.39 s for
    /// 1'+0", the whole second from 2'+1" -- and the bank starts with three refills.
    pub fn new(control: TimeControl) -> LagBank {
        let gain = (150 + 4 * control.estimate_secs()).min(1000);
        LagBank {
            gain,
            bank: 3 * gain,
        }
    }

    /// What each move adds to the bank, in ms.
    pub fn gain_ms(&self) -> u32 {
        self.gain
    }

    /// What the bank holds now, in ms.
    pub fn bank_ms(&self) -> u32 {
        self.bank
    }

    /// The most the bank holds: seven refills.
    pub fn max_ms(&self) -> u32 {
        7 * self.gain
    }

    /// Credits a move whose lag was `lag_ms` and which the server timed at `elapsed_ms`:
    /// the lag bounded by [`LAG_REPORT_MAX_MS`], by the move's own time (compensation never
    /// makes a move take less than nothing) and by the bank; then the bank is refilled.
    pub fn credit(&mut self, lag_ms: u32, elapsed_ms: u64) -> u32 {
        let lag = u64::from(lag_ms.min(LAG_REPORT_MAX_MS)).min(elapsed_ms) as u32;
        let credit = lag.min(self.bank);
        self.bank = (self.bank - credit + self.gain).min(self.max_ms());
        credit
    }
}

/// A move's lag as the server knows it: the client's measured round trip if it sent one, else
/// the server's own estimate from pings. A round trip, not half: the server started the clock
/// when it sent the opponent's move, and the mover's move came back over the same link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lag {
    /// The client's report, in ms.
    pub client_ms: Option<u32>,
    /// The server's round-trip estimate, in ms.
    pub server_rtt_ms: Option<u32>,
}

impl Lag {
    /// The lag to credit: the client's report, else the server's estimate, else none.
    pub fn ms(self) -> u32 {
        self.client_ms.or(self.server_rtt_ms).unwrap_or(0)
    }
}

/// Why a clock ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUp {
    /// This side's time ran out: it lost (or the game is drawn, the room decides).
    Flag(Color),
    /// This side did not make its first move in time: the game is aborted.
    NoStart(Color),
}

/// How a move was timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// From the start of the mover's time to the move's arrival, in ms.
    pub elapsed_ms: u64,
    /// The lag credited, in ms.
    pub credit_ms: u32,
    /// The mover's time after the move, increment included, in ms.
    pub left_ms: u64,
}

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    left: [u64; 2],
    lag: [LagBank; 2],
    moved: [bool; 2],
    turn: Color,
    /// When the side to move's time began: the relay of the opponent's move, or the start.
    since: Millis,
    paused_at: Option<Millis>,
    stopped_at: Option<Millis>,
}

const fn ix(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clock {
    /// The clocks of a game created at `now`, White to move (its first-move time running).
    pub fn new(control: TimeControl, now: Millis) -> Clock {
        let base = u64::from(control.base_secs) * 1000;
        Clock {
            control,
            left: [base; 2],
            lag: [LagBank::new(control); 2],
            moved: [false; 2],
            turn: Color::White,
            since: now,
            paused_at: None,
            stopped_at: None,
        }
    }

    /// The clocks of a game created at `started` whose moves were played at the given
    /// instants, each leaving its mover with the given time (increment included): what a
    /// restarted server read back from its store. Each side's lag bank is replayed with the
    /// credit each move must have had (its time from the previous move, less what it cost),
    /// which the server's relay delay of a few milliseconds can overstate by as much; the
    /// clocks stand paused at the last move, for [`Clock::resume`] to give the down time back.
    pub fn restore(control: TimeControl, started: Millis, moves: &[(Millis, u64)]) -> Clock {
        let mut clock = Clock::new(control, started);
        let increment = u64::from(control.increment_secs) * 1000;
        for &(at, left) in moves {
            let side = ix(clock.turn);
            let at = at.max(clock.since);
            if clock.moved[side] {
                let used = (clock.left[side] + increment).saturating_sub(left);
                let lag = (at - clock.since).saturating_sub(used);
                clock.lag[side].credit(u32::try_from(lag).unwrap_or(u32::MAX), at - clock.since);
            }
            clock.moved[side] = true;
            clock.left[side] = left;
            clock.turn = clock.turn.opposite();
            clock.since = at;
        }
        clock.paused_at = Some(clock.since);
        clock
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose time runs (or would, if its first move is pending).
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Whether `side` has made its first move.
    pub fn has_moved(&self, side: Color) -> bool {
        self.moved[ix(side)]
    }

    /// `side`'s lag bank.
    pub fn lag_bank(&self, side: Color) -> &LagBank {
        &self.lag[ix(side)]
    }

    /// The instant the clocks read: frozen while paused or once stopped.
    fn at(&self, now: Millis) -> Millis {
        let frozen = self.paused_at.into_iter().chain(self.stopped_at).min();
        frozen.map_or(now, |f| f.min(now)).max(self.since)
    }

    /// Whether the side to move is on its main time (its first move is behind it).
    fn timed(&self) -> bool {
        self.moved[ix(self.turn)]
    }

    /// `side`'s time left at `now`, in ms: the side to move's runs once its first move is made.
    pub fn time_left(&self, side: Color, now: Millis) -> u64 {
        let left = self.left[ix(side)];
        if side == self.turn && self.timed() {
            left.saturating_sub(self.at(now) - self.since)
        } else {
            left
        }
    }

    /// When the side to move's first move is due, if it is pending.
    pub fn first_move_deadline(&self) -> Option<Millis> {
        (!self.timed()).then_some(self.since + FIRST_MOVE_MS)
    }

    /// When the side to move's flag falls if it does not move: its time left and the credit
    /// its move could still get (one refill at most, so a move in flight is not flagged while
    /// a 1 s bullet flag is not stretched by the whole bank).
    pub fn flag_at(&self) -> Option<Millis> {
        let bank = &self.lag[ix(self.turn)];
        let grace = bank.bank_ms().min(bank.gain_ms());
        self.timed()
            .then_some(self.since + self.left[ix(self.turn)] + u64::from(grace))
    }

    /// The clock's verdict at `now`: the side to move flagged, or its first move overdue.
    pub fn time_up(&self, now: Millis) -> Option<TimeUp> {
        if self.paused_at.is_some() || self.stopped_at.is_some() {
            return None;
        }
        if let Some(due) = self.first_move_deadline() {
            return (now > due).then_some(TimeUp::NoStart(self.turn));
        }
        self.flagged(now).map(TimeUp::Flag)
    }

    /// The side to move, if its time has run out at `now`.
    pub fn flagged(&self, now: Millis) -> Option<Color> {
        if self.paused_at.is_some() || self.stopped_at.is_some() {
            return None;
        }
        self.flag_at().filter(|&at| now >= at).map(|_| self.turn)
    }

    /// Times the side to move's move, arriving at `now` with `lag`: charged from the start of
    /// its time less the lag credit, then the increment added, and the other side's time starts
    /// now (or at [`relayed`](Clock::relayed)). A first move is not charged but must come within
    /// [`FIRST_MOVE_MS`]. Refused, changing nothing, when the time was up before it arrived.
    pub fn on_move(&mut self, now: Millis, lag: Lag) -> Result<MoveTime, TimeUp> {
        let now = self.at(now);
        let side = ix(self.turn);
        let elapsed = now - self.since;
        let mut timing = MoveTime {
            elapsed_ms: elapsed,
            credit_ms: 0,
            left_ms: self.left[side],
        };
        if !self.timed() {
            if elapsed > FIRST_MOVE_MS {
                return Err(TimeUp::NoStart(self.turn));
            }
            self.moved[side] = true;
        } else {
            let mut bank = self.lag[side];
            let credit = bank.credit(lag.ms(), elapsed);
            let used = elapsed - u64::from(credit);
            if used >= self.left[side] {
                return Err(TimeUp::Flag(self.turn));
            }
            self.lag[side] = bank;
            self.left[side] =
                self.left[side] - used + u64::from(self.control.increment_secs) * 1000;
            timing.credit_ms = credit;
            timing.left_ms = self.left[side];
        }
        self.turn = self.turn.opposite();
        self.since = now;
        Ok(timing)
    }

    /// The opponent's move was sent at `at` (after it was stored): the side to move's time
    /// starts then. Only ever later: a relay cannot start the time before the move arrived.
    pub fn relayed(&mut self, at: Millis) {
        if self.stopped_at.is_none() && self.paused_at.is_none() {
            self.since = self.since.max(at);
        }
    }

    /// Stops both clocks at `now` (the game is over); the flagged side's time shows 0.
    pub fn stop(&mut self, now: Millis, flagged: Option<Color>) {
        if self.stopped_at.is_some() {
            return;
        }
        let at = self.at(now);
        self.left[ix(self.turn)] = self.time_left(self.turn, at);
        self.since = at;
        if let Some(c) = flagged {
            self.left[ix(c)] = 0;
        }
        self.stopped_at = Some(at);
    }

    /// The server stops (or was last alive) at `at`: the clocks freeze there.
    pub fn pause(&mut self, at: Millis) {
        if self.paused_at.is_none() {
            self.paused_at = Some(self.at(at));
        }
    }

    /// The server is back at `now`: the side to move's time (and first-move time) starts again
    /// where it stood at the pause, so the time the server was down is given back to it.
    pub fn resume(&mut self, now: Millis) {
        if let Some(p) = self.paused_at.take() {
            self.since += now.saturating_sub(p);
        }
    }

    /// Both times as shown at `now`, and which runs.
    pub fn snapshot(&self, now: Millis) -> ClockSnapshot {
        let ms = |c| u32::try_from(self.time_left(c, now)).unwrap_or(u32::MAX);
        let live = self.stopped_at.is_none() && self.paused_at.is_none();
        ClockSnapshot {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            running: (live && self.timed()).then_some(Side::from(self.turn)),
            first_move_ms: self
                .first_move_deadline()
                .filter(|_| live)
                .map(|due| due.saturating_sub(self.at(now)) as u32),
        }
    }
}

#[cfg(test)]
mod tests;
