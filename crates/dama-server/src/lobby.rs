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
    /// The instance holding the seek's connection, when it is another (with a bus); its
    /// `conn`, `notify` and `addr` then mean nothing here.
    pub home: Option<String>,
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
            mine: false,
            owner: self.key.clone(),
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
    /// Whether `seek` may be posted at `now`: the seeker's seeks, its address's lobby games
    /// today and its unplayed anonymous games within their bounds.
    pub fn check(&mut self, seek: &Seek, now: u64) -> Result<(), Refusal> {
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

    /// The oldest waiting seek that fits `seek`, if any (to be taken before it is matched:
    /// with a bus, another instance may take it first).
    pub fn find(&self, seek: &Seek) -> Option<Seek> {
        self.seeks.iter().find(|s| s.fits(seek)).cloned()
    }

    /// Whether seek `id` is listed.
    pub fn find_id(&self, id: &str) -> bool {
        self.seeks.iter().any(|s| s.id == id)
    }

    /// Lists `seek`.
    pub fn list(&mut self, seek: Seek) -> SeekInfo {
        let info = seek.info();
        self.seeks.push(seek);
        info
    }

    /// Takes seek `id` out, wherever it was posted.
    pub fn remove(&mut self, id: &str) -> Option<Seek> {
        let i = self.seeks.iter().position(|s| s.id == id)?;
        Some(self.seeks.remove(i))
    }

    /// Takes out the seeks of this instance's connections by player `key` (matched: one game
    /// at a time); returns their ids.
    pub fn remove_local_of(&mut self, key: &str) -> Vec<String> {
        self.take_where(|s| s.home.is_none() && s.key == key)
    }

    /// Takes out the seeks `theirs` selects; returns their ids.
    fn take_where(&mut self, theirs: impl Fn(&Seek) -> bool) -> Vec<String> {
        let mut gone = Vec::new();
        self.seeks.retain(|s| {
            let out = theirs(s);
            if out {
                gone.push(s.id.clone());
            }
            !out
        });
        gone
    }

    /// The other instances' seeks are `remote` now: returns the ids that went and the seeks
    /// that came (or changed).
    pub fn replace_remote(&mut self, remote: Vec<Seek>) -> (Vec<String>, Vec<SeekInfo>) {
        let gone = self.take_where(|s| s.home.is_some() && !remote.iter().any(|r| r.id == s.id));
        let mut came = Vec::new();
        for r in remote {
            if !self.seeks.iter().any(|s| s.id == r.id) {
                came.push(r.info());
                self.seeks.push(r);
            }
        }
        (gone, came)
    }

    /// The instances holding the other instances' seeks.
    pub fn homes(&self) -> Vec<String> {
        let mut homes: Vec<String> = self.seeks.iter().filter_map(|s| s.home.clone()).collect();
        homes.sort_unstable();
        homes.dedup();
        homes
    }

    /// Takes out the seeks of instance `home` (it is gone); returns their ids.
    pub fn drop_home(&mut self, home: &str) -> Vec<String> {
        self.take_where(|s| s.home.as_deref() == Some(home))
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
            .position(|s| s.home.is_none() && s.conn == conn && s.id == id)
            .ok_or_else(|| Refusal::new(RefusalCode::NoSeek, "you have no seek with this id"))?;
        self.seeks.remove(i);
        Ok(())
    }

    /// Takes out every seek of connection `conn` (it closed); returns their ids.
    pub fn drop_connection(&mut self, conn: u64) -> Vec<String> {
        self.take_where(|s| s.home.is_none() && s.conn == conn)
    }
}

#[cfg(test)]
mod tests;
