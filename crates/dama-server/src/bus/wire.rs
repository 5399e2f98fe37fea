//! What the instances say to each other over the bus: JSON notes, one per pub/sub message.
//! A note is read as a stranger's message all the same: bounded in size, and one that does
//! not parse is dropped with a line in the log.

use crate::challenge::{Challenge, ColorChoice};
use crate::lobby::Seek;
use crate::protocol::{ClientMsg, ListedGame, RatingRange, Refusal, ServerMsg, Side, TimeControl};
use serde::{Deserialize, Serialize};

/// The largest note read (a welcome with a long game's events is the largest).
pub const NOTE_MAX: usize = 512 * 1024;

/// One message between instances.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Note {
    /// To a game's owner: a page connected to instance `from` joins game `game`, as the
    /// player of seat key `key` (none: a spectator), with the last version it has.
    Join {
        /// The game.
        game: String,
        /// The page's instance.
        from: String,
        /// The page's connection, numbered by its instance.
        conn: u64,
        /// The seat key of the page's player, if any.
        key: Option<String>,
        /// The last version the page has.
        since: u32,
    },
    /// To a game's owner: a joined page's message about the game.
    Client {
        /// The page's instance.
        from: String,
        /// The page's connection.
        conn: u64,
        /// The message.
        msg: ClientMsg,
        /// The page's instance's round-trip estimate, in ms.
        rtt: Option<u32>,
    },
    /// To a game's owner: a joined page left.
    Leave {
        /// The page's instance.
        from: String,
        /// The page's connection.
        conn: u64,
        /// Whether the page closed (rather than dropped).
        closed_tab: bool,
    },
    /// To a page's instance: the owner's answer to its join (the side it plays, if any).
    Joined {
        /// The page's connection.
        conn: u64,
        /// The side, or the refusal.
        result: Result<Option<Side>, Refusal>,
    },
    /// To a page's instance: a message of the game for the page.
    Deliver {
        /// The page's connection.
        conn: u64,
        /// The message.
        msg: ServerMsg,
    },
    /// To a page's instance: the owner let the page go (its game stopped there, or the page
    /// fell behind): the page comes back with its version.
    Dropped {
        /// The page's connection.
        conn: u64,
    },
    /// To every instance: a game of instance `by` started, or its spectators changed (the
    /// list of games being played).
    Listed {
        /// The game as the list shows it.
        game: ListedGame,
        /// Its instance.
        by: String,
    },
    /// To every instance: game `id` of instance `by` ended.
    Unlisted {
        /// The game.
        id: String,
        /// Its instance.
        by: String,
    },
    /// To every instance: instance `by` lists a seek.
    SeekAdded {
        /// The seek.
        seek: SharedSeek,
    },
    /// To every instance: seeks `ids` of instance `by` went (cancelled, their connection
    /// closed, or matched).
    SeekRemoved {
        /// The seeks.
        ids: Vec<String>,
        /// Their instance.
        by: String,
    },
    /// To a seek's instance: another instance took seek `seek` and made the game; `msg`
    /// (`matched`, or the refusal) is for the seek's connection.
    SeekMatched {
        /// The seek.
        seek: String,
        /// What its connection is told.
        msg: ServerMsg,
    },
    /// To every instance: challenge `challenge` was opened and became game `game`.
    Started {
        /// The challenge.
        challenge: String,
        /// Its game.
        game: String,
        /// The instance that started it (and holds it).
        by: String,
    },
}

/// A waiting challenge as the bus keeps it, for any instance to open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedChallenge {
    /// `italian` or `brazilian`.
    pub variant: String,
    /// The clock.
    pub control: TimeControl,
    /// The sender's colour.
    pub color: ColorChoice,
    /// Whether rated.
    pub rated: bool,
    /// The sender's seat key.
    pub sender_key: String,
    /// The sender's account id, if signed in.
    pub sender_account: Option<String>,
    /// The sender's name.
    pub sender_name: String,
}

impl From<&Challenge> for SharedChallenge {
    fn from(c: &Challenge) -> SharedChallenge {
        SharedChallenge {
            variant: c.variant.id().to_owned(),
            control: c.control,
            color: c.color,
            rated: c.rated,
            sender_key: c.sender_key.clone(),
            sender_account: c.sender_account.clone(),
            sender_name: c.sender_name.clone(),
        }
    }
}

impl TryFrom<SharedChallenge> for Challenge {
    type Error = String;
    fn try_from(c: SharedChallenge) -> Result<Challenge, String> {
        let variant = dama::Variant::from_id(&c.variant).map_err(|e| e.to_string())?;
        if !(crate::clock::presets(variant).contains(&c.control) || c.control.is_valid()) {
            return Err("time control out of bounds".into());
        }
        Ok(Challenge {
            variant,
            control: c.control,
            color: c.color,
            rated: c.rated,
            sender_key: c.sender_key,
            sender_account: c.sender_account,
            sender_name: c.sender_name,
        })
    }
}

/// A seek as the bus keeps it, for every instance's lobby to list and match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SharedSeek {
    /// Its id.
    pub id: String,
    /// The instance holding its connection.
    pub by: String,
    /// The seeker's seat key.
    pub key: String,
    /// The seeker's account id, if signed in.
    pub account: Option<String>,
    /// The seeker's name.
    pub name: String,
    /// The seeker's rating and provisional flag.
    pub rating: Option<(f64, bool)>,
    /// `italian` or `brazilian`.
    pub variant: String,
    /// The clock.
    pub control: TimeControl,
    /// Whether rated.
    pub rated: bool,
    /// The ratings accepted.
    pub range: Option<RatingRange>,
}

impl SharedSeek {
    /// Seek `s` of instance `by`.
    pub fn of(s: &Seek, by: &str) -> SharedSeek {
        SharedSeek {
            id: s.id.clone(),
            by: by.to_owned(),
            key: s.key.clone(),
            account: s.account.clone(),
            name: s.name.clone(),
            rating: s.rating,
            variant: s.variant.id().to_owned(),
            control: s.control,
            rated: s.rated,
            range: s.range,
        }
    }

    /// The seek as another instance's lobby holds it (no connection of its own there), or
    /// `None` for one out of bounds.
    pub fn seek(self) -> Option<Seek> {
        let variant = dama::Variant::from_id(&self.variant).ok()?;
        let ok_rating = self.rating.is_none_or(|(r, _)| r.is_finite());
        let ok_control =
            crate::clock::presets(variant).contains(&self.control) || self.control.is_valid();
        if !(ok_rating && ok_control && self.name.len() <= 64 && self.key.len() <= 256) {
            return None;
        }
        Some(Seek {
            id: self.id,
            conn: 0,
            notify: tokio::sync::mpsc::channel(1).0,
            addr: std::net::IpAddr::from([0, 0, 0, 0]),
            key: self.key,
            account: self.account,
            name: self.name,
            rating: self.rating,
            variant,
            control: self.control,
            rated: self.rated,
            range: self.range,
            home: Some(self.by),
        })
    }
}

/// Reads a note, or says why it cannot.
pub fn read(bytes: &[u8]) -> Result<Note, String> {
    if bytes.len() > NOTE_MAX {
        return Err(format!(
            "a note of {} bytes (at most {NOTE_MAX})",
            bytes.len()
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| e.to_string())
}

/// Writes a note.
pub fn write(note: &Note) -> String {
    serde_json::to_string(note).expect("notes serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_as_written_and_bad_ones_are_refused() {
        let note = Note::Client {
            from: "a".into(),
            conn: 7,
            msg: ClientMsg::Resign,
            rtt: Some(12),
        };
        let back = read(write(&note).as_bytes()).unwrap();
        assert_eq!(write(&back), write(&note));
        assert!(read(b"{\"t\":\"client\"}").is_err());
        assert!(read(b"not json").is_err());
        let big = vec![b' '; NOTE_MAX + 1];
        assert!(read(&big).unwrap_err().contains("at most"));
    }

    #[test]
    fn a_shared_challenge_out_of_bounds_is_refused() {
        let mut c = SharedChallenge {
            variant: "italian".into(),
            control: TimeControl::FID_ONLINE,
            color: ColorChoice::White,
            rated: false,
            sender_key: "k".into(),
            sender_account: None,
            sender_name: "Ada".into(),
        };
        assert!(Challenge::try_from(c.clone()).is_ok());
        c.variant = "chess".into();
        assert!(Challenge::try_from(c.clone()).is_err());
        c.variant = "brazilian".into();
        c.control.base_secs = 0;
        c.control.increment_secs = 0;
        assert!(Challenge::try_from(c).is_err());
    }
}
