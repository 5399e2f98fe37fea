// Generated from crates/dama-server/src/protocol.rs by its test export_protocol_types
// (`cargo test -p dama-server export_protocol_types` rewrites it): do not edit.

/**
 * A side of the board.
 */
export type Side = "white" | "black";

/**
 * A player's id (the store's: an account, or a name kept in one browser). Ids stay below
 * 2^53 so that the page's numbers hold them exactly.
 * (A newtype: serde writes it as the bare number.)
 */
export type PlayerId = number;

/**
 * A time control: base time and Fischer increment.
 */
export type TimeControl = { 
/**
 * Each side's time at the start, in seconds.
 */
base_secs: number, 
/**
 * Added to a side's time after each of its moves, in seconds.
 */
increment_secs: number, };

/**
 * Both clocks at an instant, as the server holds them; the page takes off its own lag.
 */
export type ClockSnapshot = { 
/**
 * White's time left, in ms.
 */
white_ms: number, 
/**
 * Black's time left, in ms.
 */
black_ms: number, 
/**
 * Whose time is running (none before the first moves, or once the game is over).
 */
running: Side | null, 
/**
 * The time left for the side to move to make its first move, while it is pending.
 */
first_move_ms: number | null, };

/**
 * How a game ended, beyond who won.
 */
export type EndReason = "no-moves" | "repetition" | "king-moves" | "three-kings" | "agreement" | "resignation" | "time" | "aborted" | "no-start" | "abandoned";

/**
 * What a player claims against an opponent gone past the grace.
 */
export type ClaimKind = "win" | "draw";

/**
 * Something that happened in a game; the whole list of them is the game.
 */
export type Event = { "type": "start", 
/**
 * `italian` or `brazilian`.
 */
variant: string, 
/**
 * White's player.
 */
white: PlayerId, 
/**
 * Black's player.
 */
black: PlayerId, 
/**
 * The time control.
 */
control: TimeControl, } | { "type": "move", 
/**
 * The ply it was (1 = White's first move).
 */
ply: number, 
/**
 * Who played it.
 */
side: Side, 
/**
 * The move in the game's notation, the full path where the short form is ambiguous.
 */
text: string, 
/**
 * White's time after the move, in ms.
 */
white_ms: number, 
/**
 * Black's time after the move, in ms.
 */
black_ms: number, } | { "type": "draw_offer", 
/**
 * Who offered.
 */
by: Side, } | { "type": "draw_decline", 
/**
 * Who declined.
 */
by: Side, } | { "type": "end", 
/**
 * The winner; none for a draw or an aborted game.
 */
winner: Side | null, 
/**
 * Why it ended.
 */
reason: EndReason, 
/**
 * White's time at the end, in ms.
 */
white_ms: number, 
/**
 * Black's time at the end, in ms.
 */
black_ms: number, };

/**
 * An event with its version.
 */
export type Versioned = { 
/**
 * The version: 1 for the first event of the game, then one more for each.
 */
v: number, 
/**
 * What happened.
 */
event: Event, };

/**
 * What a refusal is about, for the page to choose its words (the text says it in English).
 */
export type RefusalCode = "too-large" | "malformed" | "rate-limited" | "not-a-player" | "not-your-turn" | "illegal" | "game-over" | "stale" | "no-offer" | "offer-standing" | "too-soon" | "cannot-abort" | "not-claimable" | "not-out-of-time" | "no-game" | "unavailable" | "too-many" | "needs-account" | "no-seek" | "no-rematch";

/**
 * A refused message: a code and a reason the page can show. Nothing changed.
 */
export type Refusal = { 
/**
 * What kind of refusal.
 */
code: RefusalCode, 
/**
 * Why, in words.
 */
text: string, };

/**
 * What an HTTP refusal is about; its status follows from it ([`ApiCode::status`]).
 */
export type ApiCode = "invalid" | "name-taken" | "wrong-name-or-password" | "not-signed-in" | "session-expired" | "no-account" | "no-game" | "needs-account" | "too-many" | "other-site" | "timed-out" | "server-error";

/**
 * One player's rating change at a rated game's end, as the page shows it.
 */
export type RatingShown = { 
/**
 * The rating before the game, rounded.
 */
before: number, 
/**
 * The rating after the game, rounded.
 */
after: number, 
/**
 * `after - before` (of the rounded ratings, so that the figures add up).
 */
diff: number, 
/**
 * Whether the new rating is provisional (shown with a "?": its deviation is high).
 */
provisional: boolean, };

/**
 * What a connection subscribes to.
 */
export type Topic = "lobby" | "watch";

/**
 * The ratings a seek accepts, around the seeker's own (in its game and speed class).
 */
export type RatingRange = { 
/**
 * Points below the seeker's rating.
 */
below: number, 
/**
 * Points above the seeker's rating.
 */
above: number, };

/**
 * A seek as the lobby lists it.
 */
export type SeekInfo = { 
/**
 * Its id (to cancel it).
 */
id: string, 
/**
 * The seeker's name.
 */
name: string, 
/**
 * The seeker's rating in the seek's game and speed class (none without an account).
 */
rating: number | null, 
/**
 * Whether that rating is provisional.
 */
provisional: boolean, 
/**
 * `italian` or `brazilian`.
 */
variant: string, 
/**
 * The time control.
 */
control: TimeControl, 
/**
 * Whether the game will be rated.
 */
rated: boolean, 
/**
 * The ratings the seeker accepts (none: anyone).
 */
range: RatingRange | null, 
/**
 * Whether the seeker is the player it is sent to, seeking from another tab or device
 * (the same cookies): the page offers no Accept for it. Set for each connection as it is
 * sent; a seek of the connection's own is known by `sought`.
 */
mine: boolean, };

/**
 * A game being played, as the watch list shows it.
 */
export type ListedGame = { 
/**
 * The game's id.
 */
id: string, 
/**
 * `italian` or `brazilian`.
 */
variant: string, 
/**
 * White's name.
 */
white: string, 
/**
 * Black's name.
 */
black: string, 
/**
 * The time control.
 */
control: TimeControl, 
/**
 * Whether rated.
 */
rated: boolean, 
/**
 * Pages watching it now (players not counted).
 */
spectators: number, };

/**
 * A message from the page.
 */
export type ClientMsg = { "t": "hello", 
/**
 * The game's id.
 */
game: string, 
/**
 * The last version the page has.
 */
v: number, 
/**
 * The name kept in this browser, for a player without an account.
 */
name?: string, } | { "t": "move", 
/**
 * The move text, as the game's notation writes it.
 */
text: string, 
/**
 * The page's move counter: a move sent again with the same `ack` is not played twice.
 */
ack: number, 
/**
 * The version of the game the move was chosen on.
 */
v: number, 
/**
 * The page's measured round trip, in ms, for lag compensation.
 */
lag?: number, } | { "t": "offer_draw" } | { "t": "accept_draw" } | { "t": "decline_draw" } | { "t": "resign" } | { "t": "abort" } | { "t": "claim", 
/**
 * A win or a draw.
 */
kind: ClaimKind, } | { "t": "flag" } | { "t": "subscribe", 
/**
 * Which.
 */
to: Topic, } | { "t": "seek", 
/**
 * `italian` or `brazilian`.
 */
variant: string, 
/**
 * The time control: a preset or a custom one within the bounds.
 */
control: TimeControl, 
/**
 * Whether rated (needs an account).
 */
rated: boolean, 
/**
 * The ratings accepted; none for anyone.
 */
range?: RatingRange, 
/**
 * The name kept in this browser, for a player without an account.
 */
name?: string, } | { "t": "cancel_seek", 
/**
 * Its id.
 */
seek: string, } | { "t": "rematch" } | { "t": "ping", 
/**
 * A number the page chooses, to match the pong.
 */
n: number, };

/**
 * A message from the server.
 */
export type ServerMsg = { "t": "welcome", 
/**
 * The game's id.
 */
game: string, 
/**
 * The side the page plays; none for a spectator.
 */
you: Side | null, 
/**
 * The game's version now.
 */
v: number, 
/**
 * The last move `ack` the server played for this player (0 for none): the page counts
 * on from it and resends what is above it.
 */
ack: number, 
/**
 * The events after the version the page gave, in order.
 */
events: Array<Versioned>, 
/**
 * The clocks now.
 */
clocks: ClockSnapshot, } | { "t": "events", 
/**
 * The events, in order.
 */
events: Array<Versioned>, 
/**
 * The clocks as they were sent.
 */
clocks: ClockSnapshot, } | { "t": "ack", 
/**
 * The move's counter.
 */
ack: number, } | { "t": "refused", 
/**
 * Why.
 */
refusal: Refusal, 
/**
 * The refused move's counter, when a move was refused.
 */
ack: number | null, } | { "t": "opponent", 
/**
 * Whether the opponent is gone.
 */
gone: boolean, 
/**
 * How long until a claim is possible, while gone.
 */
claim_in_ms: number | null, } | { "t": "waiting", 
/**
 * The challenge's id.
 */
challenge: string, } | { "t": "seeks", 
/**
 * Every seek, oldest first.
 */
seeks: Array<SeekInfo>, } | { "t": "seek_added", 
/**
 * The seek.
 */
seek: SeekInfo, } | { "t": "seek_removed", 
/**
 * Its id.
 */
id: string, } | { "t": "sought", 
/**
 * The seek's id.
 */
seek: string, } | { "t": "matched", 
/**
 * The game's id.
 */
game: string, } | { "t": "rematch", 
/**
 * Who asks.
 */
offered_by: Side | null, } | { "t": "games", 
/**
 * The games.
 */
games: Array<ListedGame>, } | { "t": "game_listed", 
/**
 * The game.
 */
game: ListedGame, } | { "t": "game_unlisted", 
/**
 * Its id.
 */
id: string, } | { "t": "ratings", 
/**
 * White's.
 */
white: RatingShown, 
/**
 * Black's.
 */
black: RatingShown, } | { "t": "pong", 
/**
 * The ping's number.
 */
n: number, };

/** The protocol's bounds (see docs in protocol.rs). */
export const LIMITS = {
  MAX_MESSAGE_BYTES: 4096,
  MOVE_TEXT_MAX_BYTES: 39,
  NAME_MAX_CHARS: 20,
  GAME_ID_MAX_BYTES: 32,
  PLAYING_MESSAGES: 100,
  WATCHING_MESSAGES: 50,
  WINDOW_MS: 20000,
  PING_INTERVAL_MS: 2500,
  DEAD_LINK_MS: 9000,
  RESEND_MOVE_MS: 1500,
  IDLE_CLOSE_MS: 20000,
  LOBBY_MESSAGES: 30,
  LOBBY_WINDOW_MS: 30000,
  SEEKS_PER_PLAYER: 3,
  LOBBY_GAMES_PER_ADDR_DAY: 250,
  ANON_UNPLAYED_PER_ADDR: 5,
  RATING_RANGE_MAX: 1000,
} as const;
