-- Ratings: how well each person plays each game in each server, for `/game top` and `/game stats`.
--
-- A rating is openskill's Plackett-Luce estimate of a player's skill: mu (the estimate) and sigma (how unsure it
-- still is). It changes once per finished game, in the transaction that writes the game's results (bot/rating.py,
-- bot/store/sql.py), from the game's final ranking. An abandoned game, a tutorial and a game outside a server are
-- not rated.
--
--   player       who the rating is of: a person's user id in decimal ("1234…"), or an AI level ("ai:hard"). A seat
--                the AI played while its person was away is the person's, as in the results; an AI seat is rated
--                apart, under its level, and is never on the leaderboard
--   user_id      the person (NULL for an AI level): the leaderboard's and `/game stats`' key
--   games, wins  the rated games and the first places among them
--   games.rated  1 once the game's ratings were updated (or it was found to count for none): the mark that makes
--                the update happen once per game, whichever transaction or process gets there. Games finished
--                before this step are rated once at the next start-up, oldest first.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT NOT NULL,
    player     TEXT NOT NULL,
    user_id    INTEGER,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_unrated ON games (finished_at, id) WHERE status = 'over' AND rated = 0;
