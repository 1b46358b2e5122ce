-- Apocalypse Cup series and every finished game's results.
--
-- A series is the games one channel plays in a row with the same seats (`/game new series:cup`, then
-- `/game next`): wounds add up until someone's total reaches `target`; the lowest total wins. It is
-- 'over' from the transaction of the move that brought someone to the target, and 'abandoned' when a
-- new cup is opened in its channel before it ended. Cup players are keyed by seat (p1, p2, …): every
-- game of a series keeps the seats of the first.
CREATE TABLE series (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    kind        TEXT NOT NULL DEFAULT 'cup' CHECK (kind IN ('cup')),
    target      INTEGER NOT NULL DEFAULT 100 CHECK (target > 0),
    status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'over', 'abandoned')),
    created_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX series_by_channel ON series (channel_id, id);

ALTER TABLE games ADD COLUMN series_id INTEGER REFERENCES series (id);
CREATE INDEX games_by_series ON games (series_id, id) WHERE series_id IS NOT NULL;

-- One row per seat of a finished game, written in the transaction of the move that finished it
-- (games finished before this migration get theirs once, at the bot's next start-up). user_id is
-- the person whose seat it was (also when the AI played it for them while they were away), NULL
-- for an AI seat; `/game stats` counts people only. display_name is the name at the game's end.
CREATE TABLE results (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT NOT NULL,
    user_id      INTEGER,
    display_name TEXT NOT NULL,
    place        INTEGER NOT NULL CHECK (place > 0),
    wounds       INTEGER NOT NULL CHECK (wounds >= 0),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;
