//! The lobby of seeks: each seek a player's wish for a game (which game, time control, rated
//! or not, the ratings accepted), held for its connection; a new seek that fits one waiting
//! is matched with it at once (the oldest that fits), else listed. The lobby's bounds live
//! here too: seeks per player, games started per address in a day, and anonymous players'
//! games not yet played per address (lichess's guard against seek spam).

use crate::live::LiveInfo;
use crate::protocol::ServerMsg;
use crate::protocol::{limits, RatingRange, Refusal, RefusalCode, SeekInfo, TimeControl};
use dama::{Color, Variant};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::mpsc;

/// A day, in ms: the window of [`limits::LOBBY_GAMES_PER_ADDR_DAY`].
const DAY_MS: u64 = 86_400_000;

/// A seek waiting in the lobby.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its id.
    pub id: String,
    /// The connection that posted it: it goes when that connection goes.
    pub conn: u64,
    /// Where that connection hears of its match.
    pub notify: mpsc::Sender<ServerMsg>,
    /// The seeker's address, for the per-address bounds.
    pub addr: IpAddr,
    /// The seeker's seat key ([`crate::identity::Identity::key`]).
    pub key: String,
    /// The seeker's account id, if signed in.
    pub account: Option<String>,
    /// The seeker's name.
    pub name: String,
    /// The seeker's rating in this game and speed class, with its provisional flag (none
    /// without an account).
    pub rating: Option<(f64, bool)>,
    /// Which game.
    pub variant: Variant,
    /// The clock.
    pub control: TimeControl,
    /// Whether rated.
    pub rated: bool,
    /// The ratings accepted.
    pub range: Option<RatingRange>,
}

impl Seek {
    /// Whether `rating` (a player's, none without an account) lies within this seek's range:
    /// anyone fits a seek without one; a player without a rating fits no range.
    fn accepts(&self, rating: Option<f64>) -> bool {
        let Some(range) = self.range else {
            return true;
        };
        match (self.rating, rating) {
            (Some((mine, _)), Some(theirs)) => {
                mine - f64::from(range.below) <= theirs && theirs <= mine + f64::from(range.above)
            }
            _ => false,
        }
    }

    /// Whether two seeks make a game: two players, the same game, clock and rated, each
    /// within the other's range.
    pub fn fits(&self, other: &Seek) -> bool {
        self.key != other.key
            && self.variant == other.variant
            && self.control == other.control
            && self.rated == other.rated
            && self.accepts(other.rating.map(|r| r.0))
            && other.accepts(self.rating.map(|r| r.0))
    }

    /// The seek as the lobby lists it.
    pub fn info(&self) -> SeekInfo {
        SeekInfo {
            id: self.id.clone(),
            name: self.name.clone(),
            rating: self.rating.map(|(r, _)| r.round().max(0.0) as u32),
            provisional: self.rating.is_some_and(|(_, p)| p),
            variant: self.variant.id().to_owned(),
            control: self.control,
            rated: self.rated,
            range: self.range,
        }
    }
}

/// What posting a seek did.
#[derive(Debug)]
pub enum Posted {
    /// Listed: no seek fits it yet.
    Listed(SeekInfo),
    /// Matched with a waiting seek (taken out of the lobby): (the waiting one, the new one).
    Matched(Box<(Seek, Seek)>),
}

/// The seeks and the lobby's counts.
#[derive(Default)]
pub struct Lobby {
    /// Oldest first: a new seek is matched with the oldest that fits.
    seeks: Vec<Seek>,
    /// Games started through the lobby per address: since when (ms) and how many.
    games: HashMap<IpAddr, (u64, u32)>,
    /// Lobby games an anonymous player from the address sits in, with the side.
    anonymous: HashMap<IpAddr, Vec<(Arc<LiveInfo>, Color)>>,
}

fn too_many(text: String) -> Refusal {
    Refusal::new(RefusalCode::TooMany, text)
}

impl Lobby {
    /// Every seek, oldest first.
    pub fn seeks(&self) -> Vec<SeekInfo> {
        self.seeks.iter().map(Seek::info).collect()
    }

    /// How many lobby games from `addr` have an anonymous player who has not moved yet (the
    /// game not over): White has moved from ply 1, Black from ply 2.
    pub fn unplayed(&mut self, addr: IpAddr) -> u32 {
        let Some(games) = self.anonymous.get_mut(&addr) else {
            return 0;
        };
        games.retain(|(info, side)| {
            let needed = if *side == Color::White { 1 } else { 2 };
            !info.over.load(Ordering::Relaxed) && info.ply.load(Ordering::Relaxed) < needed
        });
        // Two anonymous players from one address in one game: one game.
        let mut ids: Vec<&str> = games.iter().map(|(info, _)| info.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len() as u32
    }

    /// Refused when `seek` would break a bound: its player's seeks, its address's games of
    /// the day, or (anonymous) its address's games not yet played.
    fn check(&mut self, seek: &Seek, now: u64) -> Result<(), Refusal> {
        let mine = self.seeks.iter().filter(|s| s.key == seek.key).count() as u32;
        if mine >= limits::SEEKS_PER_PLAYER {
            return Err(too_many(format!(
                "at most {} of your seeks can wait at once",
                limits::SEEKS_PER_PLAYER
            )));
        }
        if let Some(&(since, n)) = self.games.get(&seek.addr)
            && now < since + DAY_MS
            && n >= limits::LOBBY_GAMES_PER_ADDR_DAY
        {
            return Err(too_many(format!(
                "{} lobby games from your address today: come back tomorrow",
                limits::LOBBY_GAMES_PER_ADDR_DAY
            )));
        }
        if seek.account.is_none() && self.unplayed(seek.addr) >= limits::ANON_UNPLAYED_PER_ADDR {
            return Err(too_many(format!(
                "{} games from your address are not started yet: play them, or sign in",
                limits::ANON_UNPLAYED_PER_ADDR
            )));
        }
        Ok(())
    }

    /// Posts `seek` at `now` (ms): matched with the oldest waiting seek that fits, else
    /// listed; refused past a bound. A match takes both players' other seeks out too (one
    /// game at a time); their ids are the `gone` list.
    pub fn post(
        &mut self,
        seek: Seek,
        now: u64,
        gone: &mut Vec<String>,
    ) -> Result<Posted, Refusal> {
        self.check(&seek, now)?;
        let Some(i) = self.seeks.iter().position(|s| s.fits(&seek)) else {
            let info = seek.info();
            self.seeks.push(seek);
            return Ok(Posted::Listed(info));
        };
        let waiting = self.seeks.remove(i);
        gone.push(waiting.id.clone());
        self.seeks.retain(|s| {
            let theirs = s.key == waiting.key || s.key == seek.key;
            if theirs {
                gone.push(s.id.clone());
            }
            !theirs
        });
        Ok(Posted::Matched(Box::new((waiting, seek))))
    }

    /// Counts a lobby game started as `info`, its players from `addrs` (White's, Black's),
    /// anonymous when `anonymous` says so, at `now`.
    pub fn started(
        &mut self,
        info: &Arc<LiveInfo>,
        addrs: [IpAddr; 2],
        anonymous: [bool; 2],
        now: u64,
    ) {
        for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
            let day = self.games.entry(addrs[i]).or_insert((now, 0));
            if now >= day.0 + DAY_MS {
                *day = (now, 0);
            }
            day.1 += 1;
            if anonymous[i] {
                self.anonymous
                    .entry(addrs[i])
                    .or_default()
                    .push((info.clone(), side));
            }
        }
    }

    /// Takes out the seek `id` of connection `conn`.
    pub fn cancel(&mut self, conn: u64, id: &str) -> Result<(), Refusal> {
        let i = self
            .seeks
            .iter()
            .position(|s| s.conn == conn && s.id == id)
            .ok_or_else(|| Refusal::new(RefusalCode::NoSeek, "you have no seek with this id"))?;
        self.seeks.remove(i);
        Ok(())
    }

    /// Takes out every seek of connection `conn` (it closed); returns their ids.
    pub fn drop_connection(&mut self, conn: u64) -> Vec<String> {
        let mut gone = Vec::new();
        self.seeks.retain(|s| {
            if s.conn == conn {
                gone.push(s.id.clone());
            }
            s.conn != conn
        });
        gone
    }
}

#[cfg(test)]
mod tests;
