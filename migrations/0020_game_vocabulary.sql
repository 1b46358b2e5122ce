-- The schema holds no game's vocabulary: which AI levels a game has, which way its scores go and what it calls a
-- series are the game's own (engine.protocol.Rules, the game's face). Three CHECKs named them and go:
--
--   seats.ai_level   any level the seat's game declares (its ai_levels); NULL still means the game's default level
--   results.score    any integer: a game may count penalty points below zero (its place says who won)
--   series.kind      whose series it is: its game's key (a game has one kind of series, named in its own words),
--                    written by the bot, no default; the series stored as 'cup' take the game their games play.
--                    series.target loses its default (100 was one game's target) for the same reason
--
-- SQLite cannot drop a CHECK, so the three tables are rebuilt with the same columns in the same order; every row
-- is kept, and so are their keys and indexes. games.series_id refers to series: the links are set aside while
-- series is replaced (a parent row dropped under a child would break the foreign key) and put back after it.
CREATE TABLE seats_new (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    seat         TEXT NOT NULL,
    user_id      INTEGER,
    display_name TEXT NOT NULL,
    is_ai        INTEGER NOT NULL DEFAULT 0,
    ai_level     TEXT,
    ai_since     INTEGER,
    timeouts     INTEGER NOT NULL DEFAULT 0,
    away_turns   TEXT NOT NULL DEFAULT '',
    missed_turn  INTEGER,
    away_until   REAL,
    away_used    REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, position)
);
INSERT INTO seats_new (game_id, position, seat, user_id, display_name, is_ai, ai_level, ai_since, timeouts,
                       away_turns, missed_turn, away_until, away_used)
    SELECT game_id, position, seat, user_id, display_name, is_ai, ai_level, ai_since, timeouts,
           away_turns, missed_turn, away_until, away_used FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_away ON seats (user_id) WHERE away_until IS NOT NULL;

CREATE TABLE results_new (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT NOT NULL,
    user_id      INTEGER,
    display_name TEXT NOT NULL,
    place        INTEGER NOT NULL CHECK (place > 0),
    score        INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
INSERT INTO results_new (game_id, seat, user_id, display_name, place, score)
    SELECT game_id, seat, user_id, display_name, place, score FROM results;
DROP TABLE results;
ALTER TABLE results_new RENAME TO results;
CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE series_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    target      INTEGER NOT NULL CHECK (target > 0),
    status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'over', 'abandoned')),
    created_at  TEXT NOT NULL,
    finished_at TEXT
);
INSERT INTO series_new (id, guild_id, channel_id, host_id, kind, target, status, created_at, finished_at)
    SELECT id, guild_id, channel_id, host_id,
           COALESCE((SELECT g.game FROM games g WHERE g.series_id = series.id ORDER BY g.id LIMIT 1), kind),
           target, status, created_at, finished_at FROM series;
-- the next series' id goes on from the old table's (a deleted latest series' id is not given again)
UPDATE sqlite_sequence SET seq = MAX(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'series'))
    WHERE name = 'series_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'series');
CREATE TEMP TABLE series_links AS SELECT id, series_id FROM games WHERE series_id IS NOT NULL;
UPDATE games SET series_id = NULL WHERE series_id IS NOT NULL;
DROP TABLE series;
ALTER TABLE series_new RENAME TO series;
CREATE INDEX series_by_channel ON series (channel_id, id);
UPDATE games SET series_id = (SELECT l.series_id FROM series_links l WHERE l.id = games.id)
    WHERE id IN (SELECT id FROM series_links);
DROP TABLE series_links;
