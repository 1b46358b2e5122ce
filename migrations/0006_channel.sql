-- A channel people can follow, and calm DMs.
--
-- The channel gets one summary per finished turn (the draft counts as turn 0) instead of one
-- message per move; the move-by-move log goes to a thread of the game's first table message.
-- What is shown is derived from stored rows plus "delivered up to" markers, as before:
--   turn_events          the public engine events of each move, by turn, until its summary is posted
--   summary_posted_turn  the last turn whose summary is in the channel (-1: none yet)
--   table_turn           the turn the table message was posted for: when that turn's summary is due,
--                        the table message itself becomes the summary and a fresh table is posted below
--   log_thread_id        the thread the log lines go to (NULL: not made yet; 0: none, e.g. the game
--                        runs in a thread itself, or the bot may not make threads)
--   results_message_id   the results message, which the game-over DM links to
ALTER TABLE games ADD COLUMN summary_posted_turn INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN table_turn INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN log_thread_id INTEGER;
ALTER TABLE games ADD COLUMN results_message_id INTEGER;

CREATE TABLE turn_events (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    turn    INTEGER NOT NULL,
    events  TEXT NOT NULL,
    PRIMARY KEY (game_id, version, turn)
);

-- How each person wants to hear that a decision waits: 'dm' (a new DM per burst of decisions),
-- 'mention' (a mention in the game's channel; the DM prompt is only edited in place) or 'quiet'
-- (no new DM and no mention; the DM prompt is edited in place and /hand works). One choice per
-- person for all their games; no row means 'dm'.
CREATE TABLE players (
    user_id INTEGER PRIMARY KEY,
    notify  TEXT NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'quiet'))
);

-- Two new delivery kinds: a channel mention when a decision starts (for 'mention'), and the
-- game-over DM. SQLite cannot change a CHECK, so the table is rebuilt; every row is kept.
CREATE TABLE deliveries_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (
        kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over')
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
