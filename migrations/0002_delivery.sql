-- Durable delivery: everything Discord must show after a committed move is a row here,
-- written in the move's own transaction, and a worker delivers it (retrying, across restarts).
--
-- A row is one thing to keep in step with the database: a game's channel (target 0: log
-- lines, table, results), a player's DM prompt (target = user id), or a one-time notice.
-- `wanted` grows with every request and `done` records what was delivered, so requests
-- made while a delivery runs are never lost and bursts share one delivery. A worker claims
-- due rows with a lease, so several workers can share the table later.

CREATE TABLE deliveries (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access')),
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
CREATE INDEX deliveries_due ON deliveries (due_at) WHERE wanted > done;

-- a user's DM channel, so a prompt costs one REST call instead of three
CREATE TABLE dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL
);

-- Games written by an earlier release get their Discord side checked once after the upgrade:
-- the table and log brought up to date, results posted if they never were, every prompt re-sent
-- if it is missing (a prompt already shown is recognised and left as it is).
INSERT INTO deliveries (game_id, kind, target, due_at)
    SELECT id, 'channel', 0, 0 FROM games WHERE status = 'active' OR (status = 'over' AND results_posted = 0);
INSERT INTO deliveries (game_id, kind, target, due_at)
    SELECT s.game_id, 'prompt', s.user_id, 0 FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.user_id IS NOT NULL AND s.is_ai = 0;
INSERT INTO dm_channels (user_id, channel_id)
    SELECT user_id, MAX(channel_id) FROM prompts GROUP BY user_id;
