-- A game whose channel the bot can no longer reach is paused instead of being called without end.
--
--   paused            NULL while the game runs; 'gone' when its channel or thread was deleted (Discord never
--                     gives a deleted channel back); 'no_access' when the bot may no longer see or post in it,
--                     or was removed from the server (both can be undone by the server's admins)
--   paused_at         when it was paused (epoch seconds): on resuming, every decision clock is moved on by
--                     the time the game stood still, so nobody loses time to the pause
--   channel_failures  calls to the channel refused in a row; a success sets it back to 0, and a few refusals
--                     (with back-off) pause the game
ALTER TABLE games ADD COLUMN paused TEXT CHECK (paused IN ('gone', 'no_access'));
ALTER TABLE games ADD COLUMN paused_at REAL;
ALTER TABLE games ADD COLUMN channel_failures INTEGER NOT NULL DEFAULT 0;
-- paused games are few: found at once by server (a server coming back) and as a set (every claim of a
-- deadline or delivery leaves them out), without reading every game
CREATE INDEX games_paused ON games (guild_id) WHERE paused IS NOT NULL;

-- Three new delivery kinds, all DMs to one person: 'paused' (the game is paused: why, and what they can do),
-- 'resumed' (it goes on, and where), 'repaired' (a game damaged by the join/start race of earlier releases
-- was mended or ended at start-up). SQLite cannot change a CHECK, so the table is rebuilt; every row is kept.
CREATE TABLE deliveries_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (
        kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over',
                 'paused', 'resumed', 'repaired')
    ),
    target      INTEGER NOT NULL DEFAULT 0,
    wanted      INTEGER NOT NULL DEFAULT 1,
    done        INTEGER NOT NULL DEFAULT 0,
    due_at      REAL NOT NULL,
    lease_until REAL NOT NULL DEFAULT 0,
    attempts    INTEGER NOT NULL DEFAULT 0,
    hint        TEXT NOT NULL DEFAULT '',
    last_error  TEXT,
    PRIMARY KEY (game_id, kind, target)
);
INSERT INTO deliveries_new (game_id, kind, target, wanted, done, due_at, lease_until, attempts, hint, last_error)
    SELECT game_id, kind, target, wanted, done, due_at, lease_until, attempts, hint, last_error FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (due_at) WHERE wanted > done;

-- People whose DMs are closed to the bot: no DM is tried again before dm_closed_until (epoch seconds), so a
-- player who plays by slash commands does not cost a refused request (which Discord counts) every decision.
ALTER TABLE players ADD COLUMN dm_closed_until REAL;
