-- The dama server's tables. Written in the SQL that SQLite and PostgreSQL read alike: TEXT,
-- BIGINT, BOOLEAN and DOUBLE PRECISION only; times are Unix milliseconds; ids are random text
-- made by the server (no AUTOINCREMENT or SERIAL); uniqueness without case is a lowercased
-- column (no COLLATE NOCASE or citext).

CREATE TABLE accounts (
    id TEXT NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Only the SHA-256 of a session's token is kept: a copy of the database signs nobody in.
CREATE TABLE sessions (
    token_hash TEXT NOT NULL PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

-- A player is an account (its id, with the name it had) or an anonymous name (no id); a
-- deleted account leaves its games with the id cleared and the name replaced.
CREATE TABLE games (
    id TEXT NOT NULL PRIMARY KEY,
    variant TEXT NOT NULL,
    white_account TEXT REFERENCES accounts (id),
    white_name TEXT NOT NULL,
    black_account TEXT REFERENCES accounts (id),
    black_name TEXT NOT NULL,
    base_ms BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    rated BOOLEAN NOT NULL,
    started_at BIGINT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    ended_by TEXT,
    finished_at BIGINT,
    white_rating_before DOUBLE PRECISION,
    white_rating_after DOUBLE PRECISION,
    black_rating_before DOUBLE PRECISION,
    black_rating_after DOUBLE PRECISION
);
CREATE INDEX games_by_white ON games (white_account, started_at);
CREATE INDEX games_by_black ON games (black_account, started_at);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    text TEXT NOT NULL,
    clock_ms BIGINT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    variant TEXT NOT NULL,
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, variant, speed)
);
