-- A new delivery kind: 'takeover', the DM that tells a person the AI now plays their seat, who or what handed it
-- over (hint: 'left', 'replaced:<by>', 'handed:<by>' or 'timeouts:<turns>') and a button that takes it back
-- (target: that person). SQLite cannot change a CHECK, so the table is rebuilt; every row is kept.
CREATE TABLE deliveries_new (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (
        kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over',
                 'paused', 'resumed', 'repaired', 'missed', 'takeover')
    ),
    target       INTEGER NOT NULL DEFAULT 0,
    wanted       INTEGER NOT NULL DEFAULT 1,
    done         INTEGER NOT NULL DEFAULT 0,
    due_at       REAL NOT NULL,
    lease_until  REAL NOT NULL DEFAULT 0,
    attempts     INTEGER NOT NULL DEFAULT 0,
    hint         TEXT NOT NULL DEFAULT '',
    last_error   TEXT,
    answer_until REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, kind, target)
);
INSERT INTO deliveries_new (game_id, kind, target, wanted, done, due_at, lease_until, attempts, hint, last_error,
                            answer_until)
    SELECT game_id, kind, target, wanted, done, due_at, lease_until, attempts, hint, last_error, answer_until
    FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (due_at) WHERE wanted > done;
