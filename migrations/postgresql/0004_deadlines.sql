-- PostgreSQL's form of ../0004_deadlines.sql: decision deadlines, and two new delivery kinds (a CHECK can be
-- changed in place here: no table rebuild).
ALTER TABLE games ADD COLUMN deadline_seconds BIGINT;

CREATE TABLE deadlines (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        TEXT NOT NULL,
    user_id     BIGINT NOT NULL,
    since       BIGINT NOT NULL,
    opened_at   DOUBLE PRECISION NOT NULL,
    remind_at   DOUBLE PRECISION NOT NULL,
    warn_at     DOUBLE PRECISION NOT NULL,
    due_at      DOUBLE PRECISION NOT NULL,
    stage       BIGINT NOT NULL DEFAULT 0 CHECK (stage IN (0, 1, 2)),
    next_at     DOUBLE PRECISION NOT NULL,
    lease_until DOUBLE PRECISION NOT NULL DEFAULT 0,
    attempts    BIGINT NOT NULL DEFAULT 0,
    last_error  TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_next ON deadlines (next_at);

ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check, ADD CONSTRAINT deliveries_kind_check
    CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn'));
