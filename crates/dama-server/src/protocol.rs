//! The WebSocket messages between the page and the server, as serde types whose TypeScript
//! twins are generated into `www/online/protocol.ts` (by the test `export_protocol_types`,
//! which fails when the committed file differs), every bound a named constant, and [`parse`],
//! the one door a client's text comes in by. The HTTP refusals' codes (`http::ApiCode`) are
//! generated into the same file.
//!
//! Shapes: JSON objects tagged by `t`; the events of a game carry a version `v` (1, 2, ... in
//! the order they happened), a move carries the client's `ack` counter, times are milliseconds.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The largest message either side sends, in bytes (a move is under 100).
pub const MAX_MESSAGE_BYTES: usize = 4096;
/// The longest move text: every landing square of the longest capture, 2 characters and a
/// separator each.
pub const MOVE_TEXT_MAX_BYTES: usize = 3 * (dama::MAX_JUMPS as usize + 1);
/// The longest player name, in characters (as lichess's user names).
pub const NAME_MAX_CHARS: usize = 20;
/// The longest game id, in bytes (letters, digits, `-` and `_`).
pub const GAME_ID_MAX_BYTES: usize = 32;
/// The longest refusal text the server sends, in bytes.
pub const REFUSAL_TEXT_MAX_BYTES: usize = 300;

/// The bounds of a connection, for the transport and the page (exported with the types).
pub mod limits {
    /// Messages a playing connection may send in [`WINDOW_MS`] (pings not counted; lichess).
    pub const PLAYING_MESSAGES: u32 = 100;
    /// Messages a watching connection may send in [`WINDOW_MS`].
    pub const WATCHING_MESSAGES: u32 = 50;
    /// The window of the message limits.
    pub const WINDOW_MS: u32 = 20_000;
    /// The page pings this long after each pong (lichess's mobile client: 2.5 s).
    pub const PING_INTERVAL_MS: u32 = 2_500;
    /// The page calls its link dead after this long without a pong and reconnects (the issue
    /// asks for a dead link noticed within 10 s; lichess: 9 s).
    pub const DEAD_LINK_MS: u32 = 9_000;
    /// The page sends a move again when it has no ack after this long (lichess: 1.5 s).
    pub const RESEND_MOVE_MS: u32 = 1_500;
    /// The server closes a socket silent this long (eight missed pings).
    pub const IDLE_CLOSE_MS: u32 = 20_000;
    /// Lobby messages (subscribe, seek, cancel) a connection may send in
    /// [`LOBBY_WINDOW_MS`] (lichess: 30 in 30 s).
    pub const LOBBY_MESSAGES: u32 = 30;
    /// The window of the lobby's message limit.
    pub const LOBBY_WINDOW_MS: u32 = 30_000;
    /// Seeks one player may have in the lobby at once.
    pub const SEEKS_PER_PLAYER: u32 = 3;
    /// Games one address may start through the lobby in a day (lichess: 250).
    pub const LOBBY_GAMES_PER_ADDR_DAY: u32 = 250;
    /// Games started through the lobby in which an anonymous player from one address has not
    /// yet moved, at most (lichess: 5): past it that address's anonymous seeks are refused.
    pub const ANON_UNPLAYED_PER_ADDR: u32 = 5;
    /// The widest rating range a seek may ask for, either side of the seeker's rating.
    pub const RATING_RANGE_MAX: u32 = 1_000;
}

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White (moves first).
    White,
    /// Black.
    Black,
}

impl From<dama::Color> for Side {
    fn from(c: dama::Color) -> Side {
        match c {
            dama::Color::White => Side::White,
            dama::Color::Black => Side::Black,
        }
    }
}

impl From<Side> for dama::Color {
    fn from(s: Side) -> dama::Color {
        match s {
            Side::White => dama::Color::White,
            Side::Black => dama::Color::Black,
        }
    }
}

/// A player's id (the store's: an account, or a name kept in one browser). Ids stay below
/// 2^53 so that the page's numbers hold them exactly.
/// (A newtype: serde writes it as the bare number.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct PlayerId(#[ts(type = "number")] pub u64);

/// A time control: base time and Fischer increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TimeControl {
    /// Each side's time at the start, in seconds.
    pub base_secs: u32,
    /// Added to a side's time after each of its moves, in seconds.
    pub increment_secs: u32,
}

/// Both clocks at an instant, as the server holds them; the page takes off its own lag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ClockSnapshot {
    /// White's time left, in ms.
    pub white_ms: u32,
    /// Black's time left, in ms.
    pub black_ms: u32,
    /// Whose time is running (none before the first moves, or once the game is over).
    pub running: Option<Side>,
    /// The time left for the side to move to make its first move, while it is pending.
    pub first_move_ms: Option<u32>,
}

/// How a game ended, beyond who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The side to move had no legal move.
    NoMoves,
    /// A position occurred the set number of times.
    Repetition,
    /// The set number of king moves without a capture (the 40-move rule and its kin).
    KingMoves,
    /// Three kings did not beat one in time (Brazilian).
    ThreeKings,
    /// The players agreed a draw.
    Agreement,
    /// A player resigned.
    Resignation,
    /// A player's time ran out.
    Time,
    /// A player aborted the game before their first move.
    Aborted,
    /// A side did not make its first move in time: aborted.
    NoStart,
    /// A player was gone past the grace and the opponent claimed (a win or a draw).
    Abandoned,
}

/// What a player claims against an opponent gone past the grace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    /// The game, won.
    Win,
    /// A draw.
    Draw,
}

/// Something that happened in a game; the whole list of them is the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The game began: who plays, which game, which clock.
    Start {
        /// `italian` or `brazilian`.
        variant: String,
        /// White's player.
        white: PlayerId,
        /// Black's player.
        black: PlayerId,
        /// The time control.
        control: TimeControl,
    },
    /// A move was played; a standing draw offer it answered lapses with it.
    Move {
        /// The ply it was (1 = White's first move).
        ply: u32,
        /// Who played it.
        side: Side,
        /// The move in the game's notation, the full path where the short form is ambiguous.
        text: String,
        /// White's time after the move, in ms.
        white_ms: u32,
        /// Black's time after the move, in ms.
        black_ms: u32,
    },
    /// A player offered a draw.
    DrawOffer {
        /// Who offered.
        by: Side,
    },
    /// A player declined the opponent's draw offer.
    DrawDecline {
        /// Who declined.
        by: Side,
    },
    /// The game is over.
    End {
        /// The winner; none for a draw or an aborted game.
        winner: Option<Side>,
        /// Why it ended.
        reason: EndReason,
        /// White's time at the end, in ms.
        white_ms: u32,
        /// Black's time at the end, in ms.
        black_ms: u32,
    },
}

/// An event with its version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Versioned {
    /// The version: 1 for the first event of the game, then one more for each.
    pub v: u32,
    /// What happened.
    pub event: Event,
}

/// One player's rating change at a rated game's end, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RatingShown {
    /// The rating before the game, rounded.
    pub before: u32,
    /// The rating after the game, rounded.
    pub after: u32,
    /// `after - before` (of the rounded ratings, so that the figures add up).
    pub diff: i32,
    /// Whether the new rating is provisional (shown with a "?": its deviation is high).
    pub provisional: bool,
}

impl RatingShown {
    /// The change from rating `before` to `after`, the deviation after being `deviation`.
    pub fn new(before: f64, after: f64, deviation: f64) -> RatingShown {
        let round = |r: f64| r.round().clamp(0.0, f64::from(u32::MAX)) as u32;
        RatingShown {
            before: round(before),
            after: round(after),
            diff: round(after) as i32 - round(before) as i32,
            provisional: deviation >= crate::rating::PROVISIONAL_DEVIATION,
        }
    }
}

/// What a connection subscribes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Topic {
    /// The lobby's seeks: the whole list, then each seek added or removed.
    Lobby,
    /// The games being played: the whole list, then each game started, changed (its
    /// spectators) or ended.
    Watch,
}

/// The ratings a seek accepts, around the seeker's own (in its game and speed class).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RatingRange {
    /// Points below the seeker's rating.
    pub below: u32,
    /// Points above the seeker's rating.
    pub above: u32,
}

/// A seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeekInfo {
    /// Its id (to cancel it).
    pub id: String,
    /// The seeker's name.
    pub name: String,
    /// The seeker's rating in the seek's game and speed class (none without an account).
    pub rating: Option<u32>,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// `italian` or `brazilian`.
    pub variant: String,
    /// The time control.
    pub control: TimeControl,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The ratings the seeker accepts (none: anyone).
    pub range: Option<RatingRange>,
    /// Whether the seeker is the player it is sent to, seeking from another tab or device
    /// (the same cookies): the page offers no Accept for it. Set for each connection as it is
    /// sent; a seek of the connection's own is known by `sought`.
    #[serde(default)]
    pub mine: bool,
    /// The seeker's seat key, to set `mine` by: never sent.
    #[serde(skip)]
    #[ts(skip)]
    pub owner: String,
}

/// A game being played, as the watch list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ListedGame {
    /// The game's id.
    pub id: String,
    /// `italian` or `brazilian`.
    pub variant: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The time control.
    pub control: TimeControl,
    /// Whether rated.
    pub rated: bool,
    /// Pages watching it now (players not counted).
    pub spectators: u32,
}

/// What a refusal is about, for the page to choose its words (the text says it in English).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum RefusalCode {
    /// The message is over [`MAX_MESSAGE_BYTES`] (or a field over its bound).
    TooLarge,
    /// The message is not one of ours.
    Malformed,
    /// Too many messages.
    RateLimited,
    /// The sender plays no side in this game.
    NotAPlayer,
    /// It is the other side's move.
    NotYourTurn,
    /// The move breaks the game's rules (the text says which).
    Illegal,
    /// The game is over.
    GameOver,
    /// The message was written against a version of the game that is not the current one.
    Stale,
    /// There is no draw offer to accept or decline.
    NoOffer,
    /// The player's own draw offer already stands.
    OfferStanding,
    /// A new draw offer must wait after declined ones.
    TooSoon,
    /// Abort is only possible before one's first move.
    CannotAbort,
    /// The opponent is not gone long enough to claim.
    NotClaimable,
    /// No time has run out.
    NotOutOfTime,
    /// No game or challenge has this id (or the game is over and no longer live: its record
    /// is at `/api/games/{id}`).
    NoGame,
    /// The server could not store the move (or the game's end) just now: nothing changed,
    /// the page may send it again.
    Unavailable,
    /// A bound on seeks or games was reached (the text says which).
    TooMany,
    /// A rated game needs an account.
    NeedsAccount,
    /// No seek of this connection has this id.
    NoSeek,
    /// No rematch is possible: the game is not over, or the opponent left.
    NoRematch,
}

/// A refused message: a code and a reason the page can show. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Refusal {
    /// What kind of refusal.
    pub code: RefusalCode,
    /// Why, in words.
    pub text: String,
}

impl Refusal {
    /// A refusal of `code` saying `text` (cut to [`REFUSAL_TEXT_MAX_BYTES`]).
    pub fn new(code: RefusalCode, text: impl Into<String>) -> Refusal {
        let mut text = text.into();
        if text.len() > REFUSAL_TEXT_MAX_BYTES {
            let mut cut = REFUSAL_TEXT_MAX_BYTES - 3;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
            text.push_str("...");
        }
        Refusal { code, text }
    }
}

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMsg {
    /// Join a game (to play or watch) or come back to it: the events after version `v` follow
    /// (0 for all of them).
    Hello {
        /// The game's id.
        game: String,
        /// The last version the page has.
        v: u32,
        /// The name kept in this browser, for a player without an account.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        name: Option<String>,
    },
    /// Play a move.
    Move {
        /// The move text, as the game's notation writes it.
        text: String,
        /// The page's move counter: a move sent again with the same `ack` is not played twice.
        ack: u32,
        /// The version of the game the move was chosen on.
        v: u32,
        /// The page's measured round trip, in ms, for lag compensation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        lag: Option<u32>,
    },
    /// Offer a draw (accepts the opponent's standing offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Resign the game.
    Resign,
    /// Abort the game (only before one's first move).
    Abort,
    /// Claim against an opponent gone past the grace.
    Claim {
        /// A win or a draw.
        kind: ClaimKind,
    },
    /// Ask the server to look at the clock: the side to move's time is up.
    Flag,
    /// Subscribe this connection to the lobby or the watch list (the whole list comes
    /// first); the subscription lasts as long as the connection.
    Subscribe {
        /// Which.
        to: Topic,
    },
    /// Post a seek in the lobby: matched at once with a seek that fits (the same game, time
    /// control and rated, each player within the other's range), else listed.
    Seek {
        /// `italian` or `brazilian`.
        variant: String,
        /// The time control: a preset or a custom one within the bounds.
        control: TimeControl,
        /// Whether rated (needs an account).
        #[serde(default)]
        rated: bool,
        /// The ratings accepted; none for anyone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        range: Option<RatingRange>,
        /// The name kept in this browser, for a player without an account.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        name: Option<String>,
    },
    /// Take one's own seek out of the lobby.
    CancelSeek {
        /// Its id.
        seek: String,
    },
    /// After the game, ask for a rematch (colours swapped); when both players ask, the new
    /// game starts.
    Rematch,
    /// A ping; the server answers a pong with the same `n`.
    Ping {
        /// A number the page chooses, to match the pong.
        n: u32,
    },
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to hello: who the page is in this game and what it missed.
    Welcome {
        /// The game's id.
        game: String,
        /// The side the page plays; none for a spectator.
        you: Option<Side>,
        /// The game's version now.
        v: u32,
        /// The last move `ack` the server played for this player (0 for none): the page counts
        /// on from it and resends what is above it.
        ack: u32,
        /// The events after the version the page gave, in order.
        events: Vec<Versioned>,
        /// The clocks now.
        clocks: ClockSnapshot,
    },
    /// New events of the game.
    Events {
        /// The events, in order.
        events: Vec<Versioned>,
        /// The clocks as they were sent.
        clocks: ClockSnapshot,
    },
    /// The player's move `ack` is played (stored).
    Ack {
        /// The move's counter.
        ack: u32,
    },
    /// A message was refused; nothing changed.
    Refused {
        /// Why.
        refusal: Refusal,
        /// The refused move's counter, when a move was refused.
        ack: Option<u32>,
    },
    /// The opponent's connection: gone or back.
    Opponent {
        /// Whether the opponent is gone.
        gone: bool,
        /// How long until a claim is possible, while gone.
        claim_in_ms: Option<u32>,
    },
    /// The answer to the challenger's hello: the challenge waits for its opponent, and the
    /// welcome follows when the opponent opens the link.
    Waiting {
        /// The challenge's id.
        challenge: String,
    },
    /// The whole lobby (after subscribing, or when the connection fell behind).
    Seeks {
        /// Every seek, oldest first.
        seeks: Vec<SeekInfo>,
    },
    /// A seek came into the lobby.
    SeekAdded {
        /// The seek.
        seek: SeekInfo,
    },
    /// A seek left the lobby (matched, cancelled, or its socket closed).
    SeekRemoved {
        /// Its id.
        id: String,
    },
    /// The answer to this connection's seek: listed under this id.
    Sought {
        /// The seek's id.
        seek: String,
    },
    /// A game was made for this connection's player (a seek matched, or a rematch): say
    /// hello to it.
    Matched {
        /// The game's id.
        game: String,
    },
    /// A rematch asked for by a player (`offered_by`), or none any more (`null`: the asker
    /// or the opponent left).
    Rematch {
        /// Who asks.
        offered_by: Option<Side>,
    },
    /// The whole list of games being played (after subscribing to `watch`, or when the
    /// connection fell behind).
    Games {
        /// The games.
        games: Vec<ListedGame>,
    },
    /// A game started, or its spectators changed.
    GameListed {
        /// The game.
        game: ListedGame,
    },
    /// A game ended.
    GameUnlisted {
        /// Its id.
        id: String,
    },
    /// A rated game ended: both players' rating changes (sent after the end's events, and
    /// to a page that joins the game later).
    Ratings {
        /// White's.
        white: RatingShown,
        /// Black's.
        black: RatingShown,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's number.
        n: u32,
    },
}

/// Reads a client's message: refused when over [`MAX_MESSAGE_BYTES`], not one of ours (a
/// field it does not have included), or a field past its bound. Checked before anything else
/// reads it.
pub fn parse(text: &str) -> Result<ClientMsg, Refusal> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Refusal::new(
            RefusalCode::TooLarge,
            format!(
                "message of {} bytes: at most {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        ));
    }
    let malformed = |e: serde_json::Error| {
        Refusal::new(RefusalCode::Malformed, format!("malformed message: {e}"))
    };
    let value: serde_json::Value = serde_json::from_str(text).map_err(malformed)?;
    let msg = ClientMsg::deserialize(&value).map_err(malformed)?;
    // serde's deny_unknown_fields misses the fieldless messages ({"t":"resign","as":"white"})
    // and ts-rs cannot read it: compare the keys with what the message writes back instead.
    let known = serde_json::to_value(&msg).map_err(malformed)?;
    if let (Some(given), Some(known)) = (value.as_object(), known.as_object())
        && let Some(extra) = given.keys().find(|k| !known.contains_key(*k))
    {
        return Err(Refusal::new(
            RefusalCode::Malformed,
            format!("malformed message: unknown field {extra:?}"),
        ));
    }
    check_bounds(&msg)?;
    Ok(msg)
}

fn check_bounds(msg: &ClientMsg) -> Result<(), Refusal> {
    let too_large = |what: &str, max: usize, unit: &str| {
        Err(Refusal::new(
            RefusalCode::TooLarge,
            format!("{what} too long: at most {max} {unit}"),
        ))
    };
    match msg {
        ClientMsg::Hello { game, name, .. } => {
            if game.len() > GAME_ID_MAX_BYTES {
                return too_large("game id", GAME_ID_MAX_BYTES, "characters");
            }
            let id_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
            if game.is_empty() || !game.chars().all(id_char) {
                return Err(Refusal::new(
                    RefusalCode::Malformed,
                    "a game id is letters, digits, '-' and '_'",
                ));
            }
            if let Some(name) = name {
                if name.chars().count() > NAME_MAX_CHARS {
                    return too_large("name", NAME_MAX_CHARS, "characters");
                }
                if name.trim().is_empty() || name.chars().any(char::is_control) {
                    return Err(Refusal::new(
                        RefusalCode::Malformed,
                        "a name has visible characters and no control characters",
                    ));
                }
            }
        }
        ClientMsg::Seek {
            name: Some(name), ..
        } if name.chars().count() > NAME_MAX_CHARS => {
            return too_large("name", NAME_MAX_CHARS, "characters");
        }
        ClientMsg::Seek { range: Some(r), .. }
            if r.below.max(r.above) > limits::RATING_RANGE_MAX =>
        {
            return too_large("rating range", limits::RATING_RANGE_MAX as usize, "points");
        }
        ClientMsg::CancelSeek { seek } if seek.len() > GAME_ID_MAX_BYTES => {
            return too_large("seek id", GAME_ID_MAX_BYTES, "characters");
        }
        ClientMsg::Move { text, .. } if text.len() > MOVE_TEXT_MAX_BYTES => {
            return too_large("move text", MOVE_TEXT_MAX_BYTES, "characters");
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests;
