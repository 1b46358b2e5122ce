-- Decision deadlines: every decision a person must make has a clock, kept as a row a worker claims.
--
-- games.deadline_seconds is the game's setting (NULL: no deadline). Games started before this
-- migration keep playing without one; their host can set one with `/game settings deadline:`.
ALTER TABLE games ADD COLUMN deadline_seconds INTEGER;

-- One row per seat whose person has a decision waiting, written in the move's own transaction
-- (`since` is the decision's date, the version it reached the seat at: a row whose `since` is
-- no longer the seat's decision is gone with the move that ended it). `stage` says what was done:
-- 0 nothing yet, 1 reminded by DM (half the time), 2 mentioned in the channel (a quarter left);
-- at `due_at` the passive default is played. `next_at` is when the next stage falls due, and a
-- worker leases a row (`lease_until`) while it handles it, so several workers could share the table.
CREATE TABLE deadlines (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        TEXT NOT NULL,
    user_id     INTEGER NOT NULL,
    since       INTEGER NOT NULL,
    opened_at   REAL NOT NULL,
    remind_at   REAL NOT NULL,
    warn_at     REAL NOT NULL,
    due_at      REAL NOT NULL,
    stage       INTEGER NOT NULL DEFAULT 0 CHECK (stage IN (0, 1, 2)),
    next_at     REAL NOT NULL,
    lease_until REAL NOT NULL DEFAULT 0,
    attempts    INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_next ON deadlines (next_at);

-- Reminders (a DM) and warnings (a mention in the channel) are deliveries like any other, so they
-- are retried and survive restarts. SQLite cannot change a CHECK, so the table is rebuilt with
-- the two new kinds; every row is kept.
CREATE TABLE deliveries_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn')),
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
