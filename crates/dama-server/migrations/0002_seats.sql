-- Who holds each side of a live game, as the transport knows its players: `account:<id>` or
-- `anon:<SHA-256 of the browser's token>` (a player without an account has no other lasting
-- identity), so that a restarted server gives each page its side back.
CREATE TABLE seats (
    game_id TEXT NOT NULL PRIMARY KEY REFERENCES games (id),
    white TEXT NOT NULL,
    black TEXT NOT NULL
);
