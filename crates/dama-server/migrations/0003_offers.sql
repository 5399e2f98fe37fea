-- The events of a live game that are not moves (draw offers and declines), at their versions,
-- so that a restarted server rebuilds the game with the same versions and a standing offer
-- still stands. Accepting an offer ends the game: the game's row keeps that.
CREATE TABLE offers (
    game_id TEXT NOT NULL REFERENCES games (id),
    v BIGINT NOT NULL,
    side TEXT NOT NULL,
    declined BOOLEAN NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, v)
);
