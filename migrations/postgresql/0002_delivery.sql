-- PostgreSQL's form of ../0002_delivery.sql: durable deliveries and the DM channels they use.

CREATE TABLE deliveries (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CONSTRAINT deliveries_kind_check CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access')),
    target      BIGINT NOT NULL DEFAULT 0,
    wanted      BIGINT NOT NULL DEFAULT 1,
    done        BIGINT NOT NULL DEFAULT 0,
    due_at      DOUBLE PRECISION NOT NULL,
    lease_until DOUBLE PRECISION NOT NULL DEFAULT 0,
    attempts    BIGINT NOT NULL DEFAULT 0,
    hint        TEXT NOT NULL DEFAULT '',
    last_error  TEXT,
    PRIMARY KEY (game_id, kind, target)
);
CREATE INDEX deliveries_due ON deliveries (due_at) WHERE wanted > done;

CREATE TABLE dm_channels (
    user_id    BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL
);

INSERT INTO deliveries (game_id, kind, target, due_at)
    SELECT id, 'channel', 0, 0 FROM games WHERE status = 'active' OR (status = 'over' AND results_posted = 0);
INSERT INTO deliveries (game_id, kind, target, due_at)
    SELECT s.game_id, 'prompt', s.user_id, 0 FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.user_id IS NOT NULL AND s.is_ai = 0;
INSERT INTO dm_channels (user_id, channel_id)
    SELECT user_id, MAX(channel_id) FROM prompts GROUP BY user_id;
