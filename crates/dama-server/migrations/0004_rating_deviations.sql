-- Each player's rating deviation after a rated game, so that the archive shows whether the
-- new rating is provisional (as the page was told at the game's end).
ALTER TABLE games ADD COLUMN white_deviation_after DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_deviation_after DOUBLE PRECISION;
